// Whether some deal satisfies a constraint store: decided exactly, by the deal DAG when it fits and
// by the core's search for a consistent deal otherwise, never by sampling.
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { findDeal, SearchGaveUpError } from '../knowledge/search.js';
import { InputError } from '../model/errors.js';

/** Is some deal consistent with the store? Decided by the DAG when it fits, else by the search. */
export function isConsistent(core: KnowledgeCore, store: ConstraintStore): boolean {
  using position = core.tryLoad(store);
  if (position.status !== 'too-large') return position.consistent;
  try {
    return findDeal(core, store) !== null;
  } catch (e) {
    throw e instanceof SearchGaveUpError ? tooHard() : e;
  }
}

/**
 * isConsistent for the many small questions of a minimisation: the search first (milliseconds at
 * any size, where building a large DAG takes a second), the DAG when the search gives up.
 */
export function isConsistentQuickly(core: KnowledgeCore, store: ConstraintStore): boolean {
  try {
    return findDeal(core, store) !== null;
  } catch (e) {
    if (!(e instanceof SearchGaveUpError)) throw e;
  }
  return isConsistent(core, store);
}

/** A position neither the DAG nor the search can settle: what to do instead. */
export function tooHard(): InputError {
  return new InputError(
    'this position is too large to count and the search for its consistent deals gave up; no sound answer is possible: analyze an earlier point of the game (fewer events) or a smaller table',
  );
}
