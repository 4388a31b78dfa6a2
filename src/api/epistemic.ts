/**
 * The epistemic layer: formulas of epistemic logic about a game (who knows what, common knowledge,
 * announcements: docs/epistemic.md), evaluated by the first engine that supports them (the
 * explicit Kripke model, or the full-size engine through the counting core); what the other seats
 * know; and the analysis under rational opponents. No Node built-in is imported.
 *
 * @module cluedo-engine/epistemic
 */
export { parseFormulaJson, parseFormulaText, printFormula } from '../epistemic/language/index.js';
export { TRUE, FALSE, has, not, and, or, implies, iff, K, M, E, D, C, Kenv, announce, learnsWhether } from '../epistemic/language/index.js';
export type { Formula, Op, FormulaNames, FormulaJson } from '../epistemic/language/index.js';
export { knows } from '../analysis/knows.js';
export type { AskOptions } from '../analysis/knows.js';
export type { FormulaQuery, KnowsResult, KnowsReport, KnowsOptions } from '../epistemic/knows.js';
export { formulaNames } from '../epistemic/queries.js';
export { buildGameModel, ModelTooLargeError } from '../epistemic/explicit/game-model.js';
export type { GameModel, ModelOptions, ShowcardReading } from '../epistemic/explicit/game-model.js';
export { KripkeModel, Partition } from '../epistemic/explicit/model.js';
export { ExplicitEvaluator } from '../epistemic/explicit/evaluate.js';
export { opponents } from '../analysis/opponents.js';
export type { Opponents, OpponentKnowledge, OpponentsOptions } from '../analysis/opponents.js';
export { opponentsJson } from '../analysis/json.js';
export { rationalAnalysis } from '../analysis/rational.js';
export type { RationalAnalysis, RationalOptions } from '../analysis/rational.js';
