// Loading a game into the core, and naming the event that left no deal when the log is impossible.
import { KnowledgeCore } from '../core/wasm-core.js';
import { InputError } from '../errors.js';
import { constraintsOf } from '../game/constraints-of.js';
import type { Game } from '../game/types.js';
import type { ConstraintStore } from '../core/constraints.js';

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

/** "event 4 (suggestion by Bob: Miss Scarlet, Knife, Hall; shown by Cat)" */
export function describeEvent(game: Game, index: number): string {
  const e = game.events[index];
  const cards = e.cards.map((c) => game.deck.cards[c]).join(', ');
  const by = game.players[e.by];
  if (e.type === 'accusation') return `event ${index + 1} (${e.correct ? 'correct' : 'wrong'} accusation by ${by}: ${cards})`;
  const answer =
    e.shownBy === null
      ? 'nobody could refute'
      : `refuted by ${game.players[e.shownBy]}${e.shown === null ? '' : ` showing ${game.deck.cards[e.shown]}`}`;
  return `event ${index + 1} (suggestion by ${by}: ${cards}; ${answer})`;
}
