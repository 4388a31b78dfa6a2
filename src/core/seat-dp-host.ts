// Host side of the seat-by-seat counter (assembly/seat-dp.ts): the alternative to the card-by-card
// deal DAG, kept for measuring the two against each other (bench/counting-approaches.ts).
import type { ConstraintStore } from './constraints.js';
import { PositionTooLargeError, type KnowledgeCore } from './wasm-core.js';

/** The store has a clause about several owners, which the seat-by-seat counter cannot filter. */
export class UnsupportedClauseError extends Error {
  override name = 'UnsupportedClauseError';
}

const UNSUPPORTED = -1;
const TOO_MANY_STATES = -2;

/**
 * Raw result of the seat-by-seat counter on the store already in the core's memory (the last
 * `core.load(store)`): the count, -1 (a clause about several owners) or -2 (too many states).
 */
export function seatBySeatCountRaw(core: KnowledgeCore): number {
  return core.seatBySeatCountRaw();
}

/**
 * The seat-by-seat count of the store already in the core's memory. Throws UnsupportedClauseError
 * or PositionTooLargeError.
 */
export function seatBySeatCountLoaded(core: KnowledgeCore): number {
  const n = seatBySeatCountRaw(core);
  if (n === UNSUPPORTED) throw new UnsupportedClauseError('a clause concerns several owners: the seat-by-seat counter only filters single-owner clauses');
  if (n === TOO_MANY_STATES) throw new PositionTooLargeError('this position has too many states for the seat-by-seat counter');
  return n;
}

/**
 * Number of deals consistent with `store`, counted seat by seat. Writes the store into the core
 * with core.load (which also builds the card-by-card DAG; a DAG too large to build is ignored
 * here, since the store is in memory by then).
 */
export function seatBySeatCount(core: KnowledgeCore, store: ConstraintStore): number {
  try {
    core.load(store);
  } catch (e) {
    if (!(e instanceof PositionTooLargeError)) throw e;
  }
  return seatBySeatCountLoaded(core);
}
