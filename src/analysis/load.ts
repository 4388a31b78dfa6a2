// A game's position in the core, and naming the event that left no deal when the log is impossible.
import { DEFAULT_MAX_NODES, KnowledgeCore, type Position } from '../knowledge/wasm-core.js';
import { InputError } from '../model/errors.js';
import { constraintsOf } from '../knowledge/constraints-of.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { findDeal, SearchGaveUpError } from '../knowledge/search.js';
import type { Game } from '../model/game.js';
import { describeEvent, eventLabel } from '../io/describe.js';
import { conflictingEvents } from './minimal-events.js';
import { addFacts } from '../knowledge/constraints.js';
import { responseEvidence, type ResponsePolicy } from '../knowledge/responses.js';

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
    throw new InputError(`no consistent deal explains the cards shown under --responses ${responses}: a responder showed a card other than one it had already shown`);
  }
  if (position.status !== 'inconsistent') return position;
  position.dispose();
  throw contradiction(core, game, responses);
}

/** The error for a log with no consistent deal: it names the first event after which none is left. */
export function contradiction(core: KnowledgeCore, game: Game, responses: ResponsePolicy = 'holds'): InputError {
  // The events a policy's own facts rest on are not minimised: the message names the event alone.
  const conflicts = responses === 'holds' ? (bad: number) => conflictingEvents(game, bad, (store) => isConsistentQuickly(core, store)) : undefined;
  const message = describeContradiction(game, (k) => isConsistent(core, storeOf(core, game, k, responses)), conflicts);
  return new InputError(responses === 'holds' ? message : `${message} (reading the shows under --responses ${responses})`);
}

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

/**
 * The message for an impossible log: the first prefix with no consistent deal, found by binary
 * search (a prefix stays impossible once it is: events only add constraints), and, given
 * `conflicts`, the earlier events that leave no deal together with that one.
 */
export function describeContradiction(game: Game, consistent: (events: number) => boolean, conflicts?: (bad: number) => number[]): string {
  if (!consistent(0)) {
    return `no deal is consistent with the setup itself (hand sizes, face-up cards${game.me === null ? '' : ' and myHand'}), before any event`;
  }
  let good = 0; // consistent after `good` events
  let bad = game.events.length; // inconsistent after `bad` events
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    if (consistent(mid)) good = mid;
    else bad = mid;
  }
  const first = `no deal is consistent with the log after ${describeEvent(game, bad - 1)}`;
  return conflicts === undefined ? first : `${first}: ${conflictInWords(game, conflicts(bad - 1))}`;
}

/** "it conflicts with event 3 (...) and event 7 (...)"; a long list names its events briefly. */
function conflictInWords(game: Game, events: number[]): string {
  if (events.length === 0) return `it conflicts with the setup alone (hand sizes, face-up cards${game.me === null ? '' : ' and myHand'})`;
  const name = events.length <= 3 ? describeEvent : eventLabel;
  const named = events.map((i) => name(game, i));
  return `it conflicts with ${named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`}`;
}
