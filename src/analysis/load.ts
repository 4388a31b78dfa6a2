// A game's position in the core, and naming the event that left no deal when the log is impossible.
import { DEFAULT_MAX_NODES, KnowledgeCore, type Position } from '../knowledge/wasm-core.js';
import { InputError } from '../model/errors.js';
import { constraintsOf } from '../knowledge/constraints-of.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import type { Game } from '../model/game.js';
import { addFacts } from '../knowledge/constraints.js';
import { contradiction } from './contradiction.js';
import { responseEvidence, unexplainedShows, type ResponsePolicy } from '../knowledge/responses.js';

/** One core per thread, created on first use. */
export function sharedCore(): KnowledgeCore {
  return KnowledgeCore.shared();
}

/**
 * The constraints of the whole log (with the hard facts of the response policy: `first`'s),
 * refused with a clear line when they are more than the core holds.
 */
export function storeOf(core: KnowledgeCore, game: Game, events = game.events.length, responses: ResponsePolicy = 'holds'): ConstraintStore {
  const evidence = responseEvidence(game, responses, events).facts;
  const store = evidence.length === 0 ? constraintsOf(game, events) : addFacts(constraintsOf(game, events), evidence);
  if (store.clauses.length > core.maxClauses) {
    throw new InputError(
      `the log says ${store.clauses.length.toLocaleString('en-US')} different things that are "at least one of these cards" (unseen refutations, wrong accusations); at most ${core.maxClauses.toLocaleString('en-US')} are supported`,
    );
  }
  return store;
}

/**
 * The position of the whole log, built (or, with `tryLoad`, possibly too large for its DAG).
 * When no deal is consistent, throws an InputError naming the first event after which none is
 * left. The caller disposes of the position.
 */
export function positionOf(core: KnowledgeCore, game: Game, load: 'load' | 'tryLoad' = 'load', maxNodes = DEFAULT_MAX_NODES, responses: ResponsePolicy = 'holds'): Position {
  const { factors } = responseEvidence(game, responses);
  const position = core[load](storeOf(core, game, game.events.length, responses), maxNodes, factors);
  if (position.status === 'consistent' && position.likelihood() === 0) {
    // Deals are left, but the policy could not have shown what the observer saw in any of them.
    position.dispose();
    throw unexplainedShows('consistent', responses);
  }
  if (position.status !== 'inconsistent') return position;
  position.dispose();
  throw contradiction(core, game, responses, (k) => storeOf(core, game, k, responses));
}

