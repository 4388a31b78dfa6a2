// A game's position in the core, and naming the event that left no deal when the log is impossible.
import { KnowledgeCore, type Position } from '../knowledge/wasm-core.js';
import { InputError } from '../model/errors.js';
import { constraintsOf } from '../knowledge/constraints-of.js';
import type { Game } from '../model/game.js';
import { describeEvent } from '../io/describe.js';

let shared: KnowledgeCore | null = null;

/** One core per thread, created on first use. */
export function sharedCore(): KnowledgeCore {
  shared ??= KnowledgeCore.create();
  return shared;
}

/**
 * The position of the whole log, built (or, with `tryLoad`, possibly too large for its DAG).
 * When no deal is consistent, throws an InputError naming the first event after which none is
 * left. The caller disposes of the position.
 */
export function positionOf(core: KnowledgeCore, game: Game, load: 'load' | 'tryLoad' = 'load'): Position {
  const store = constraintsOf(game);
  if (store.clauses.length > core.maxClauses) {
    throw new InputError(
      `the log says ${store.clauses.length.toLocaleString('en-US')} different things that are "at least one of these cards" (unseen refutations, wrong accusations); at most ${core.maxClauses.toLocaleString('en-US')} are supported`,
    );
  }
  const position = core[load](store);
  if (position.status !== 'inconsistent') return position;
  position.dispose();
  throw new InputError(describeContradiction(game, (k) => consistentPrefix(core, game, k)));
}

/** Is some deal consistent with the setup and the first k events? (Unknown when too large: assumed so.) */
function consistentPrefix(core: KnowledgeCore, game: Game, k: number): boolean {
  using position = core.tryLoad(constraintsOf(game, k));
  return position.status !== 'inconsistent';
}

/**
 * The message for an impossible log: the first prefix with no consistent deal, found by binary
 * search (a prefix stays impossible once it is: events only add constraints).
 */
export function describeContradiction(game: Game, consistent: (events: number) => boolean): string {
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
  return `no deal is consistent with the log after ${describeEvent(game, bad - 1)}`;
}
