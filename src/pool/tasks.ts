// The messages between the pool and its workers. Deals and results travel in SharedArrayBuffers;
// a task carries the constraint store and the seed, never live objects.
import type { ConstraintStore } from '../core/constraints.js';
import type { TournamentConfig } from '../tournament/play.js';

/** Deals per sampling chunk. Chunk i of a request is drawn from stream i + 1 of its seed, so the
 *  samples of a request are the same whichever thread draws which chunk. */
export const SAMPLE_CHUNK = 8192;

/** Draw chunks [firstChunk, firstChunk + chunks) of a request of `total` deals into `deals`. */
export interface SampleTask {
  kind: 'sample';
  store: ConstraintStore;
  seed: number;
  total: number;
  firstChunk: number;
  chunks: number;
  deals: SharedArrayBuffer;
}

/** Like SampleTask, but tally the deals (card-owner and envelope counts) instead of keeping them. */
export interface TallyTask {
  kind: 'tally';
  store: ConstraintStore;
  seed: number;
  total: number;
  firstChunk: number;
  chunks: number;
}

export interface TallyResult {
  deals: number;
  ownerCounts: Float64Array;
  envelopeCounts: Float64Array;
}

/** Expected information of suggestions [qFrom, qTo) from the deals in `deals`, written to `out`. */
export interface EigTask {
  kind: 'eig';
  store: ConstraintStore;
  deals: SharedArrayBuffer;
  suggester: number;
  model: 0 | 1;
  shownTo: number[];
  qFrom: number;
  qTo: number;
  /** 3 f64 per suggestion, indexed from 0 for suggestion 0 of the whole request. */
  out: SharedArrayBuffer;
}

/** Play games [from, to) of a tournament. */
export interface GamesTask {
  kind: 'games';
  config: TournamentConfig;
  seed: number;
  from: number;
  to: number;
}

/** For tests: make the worker fail. */
export interface FaultTask {
  kind: 'fault';
  how: 'throw' | 'exit';
}

export type Task = SampleTask | TallyTask | EigTask | GamesTask | FaultTask;

export function chunkCount(total: number): number {
  return Math.ceil(total / SAMPLE_CHUNK);
}
