// The advisor's one door to the explanation module (src/analysis/explain.ts, provided by the
// explanation work): the why-panel and the contradiction message go through here.
export { explainFact, explainCard, findContradiction } from '../analysis/explain.js';
export type { Explanation, ExplainedEvent, Contradiction } from '../analysis/explain.js';
