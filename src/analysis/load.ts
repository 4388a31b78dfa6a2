// Loading a game into the core, and naming the event that left no deal when the log is impossible.
import { KnowledgeCore } from '../knowledge/wasm-core.js';
import { InputError } from '../model/errors.js';
import { constraintsOf } from '../knowledge/constraints-of.js';
import type { Game } from '../model/game.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { describeEvent } from '../io/describe.js';

let shared: KnowledgeCore | null = null;

/** One core per thread, created on first use. */
export function sharedCore(): KnowledgeCore {
  shared ??= KnowledgeCore.create();
  return shared;
}

/**
 * Loads the whole log into the core. When no deal is consistent, throws an InputError naming the
 * first event after which none is left (found by replaying growing prefixes of the log).
 */
export function loadGame(core: KnowledgeCore, game: Game): ConstraintStore {
  const store = constraintsOf(game);
  if (core.load(store)) return store;
  if (!core.load(constraintsOf(game, 0))) {
    throw new InputError(
      `no deal is consistent with the setup itself (hand sizes, face-up cards${game.me === null ? '' : ' and myHand'}), before any event`,
    );
  }
  for (let k = 1; k <= game.events.length; k++) {
    if (!core.load(constraintsOf(game, k))) {
      throw new InputError(`no deal is consistent with the log after ${describeEvent(game, k - 1)}`);
    }
  }
  throw new Error('inconsistent log but every prefix is consistent'); // cannot happen: the full log is the last prefix
}
