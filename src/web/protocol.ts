// Messages between the page and the engine worker.
import type { Analysis } from '../analysis/analyze.js';
import type { SuggestResult } from '../analysis/suggest-rules.js';
import type { Opponents } from '../analysis/opponents-core.js';
import type { Explanation } from './explain-adapter.js';
import type { ConstraintStore } from '../knowledge/constraints.js';

/** Scoring suggestions [qFrom, qTo) of a request on the scoring worker (through a MessagePort). */
export interface ScoreJob {
  job: number;
  store: ConstraintStore;
  deals: Uint32Array;
  suggester: number;
  model: 0 | 1;
  shownTo: number[];
  qFrom: number;
  qTo: number;
}

export interface ScoreDone {
  job: number;
  scores: Float64Array | null;
  error: string | null;
}

export type Request =
  /** Connects the engine worker to a scoring worker (`role` 'client'), or makes this worker one ('server'). */
  | { id: number; kind: 'connect'; role: 'client' | 'server'; port: MessagePort }
  /** Analyse `log`; the answer says whether it is consistent. Suggestions follow in a second answer when `suggest`. */
  | { id: number; kind: 'update'; log: unknown; suggest: boolean; seed: number }
  /** What the other seats know of the consistent `log` (sent to a second worker). */
  | { id: number; kind: 'opponents'; log: unknown; seed: number }
  | { id: number; kind: 'explain'; log: unknown; card: string; owner: string; holds: boolean };

export type WebAnalysis = Omit<Analysis, 'consistentDeals'> & { consistentDeals: string | null };

export type Response =
  | { id: number; kind: 'ready' }
  | { id: number; kind: 'analysis'; analysis: WebAnalysis; ms: number }
  | { id: number; kind: 'suggestions'; result: SuggestResult | null; reason: string | null; ms: number; workers?: number }
  | { id: number; kind: 'opponents'; result: Opponents | null; reason: string | null; ms: number }
  /** The log leaves no deal: refused, with the explanation of the conflict. */
  | { id: number; kind: 'contradiction'; text: string; message: string }
  /** The log is not valid (a name, a rule of the format). */
  | { id: number; kind: 'invalid'; message: string }
  | { id: number; kind: 'explanation'; explanation: Explanation | null; message: string | null };
