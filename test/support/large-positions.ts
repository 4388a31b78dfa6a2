/**
 * Large positions for tests and benchmarks: a 10-seat game on a 32-card deck, seen by a spectator
 * (who sees who refuted each suggestion, never the card), after random suggestions on a random
 * deal until `refutations` suggestions have been refuted. Deterministic from the seed. And a deck
 * of many categories at its first turn (wideDeckFirstTurn).
 */
import { Random } from '../../src/model/random.js';
import { parseGame } from '../../src/io/log.js';
import type { Game } from '../../src/model/game.js';
import type { LogJson } from './random-logs.js';

export const LARGE_DECK: Record<string, string[]> = {
  suspects: ['Scarlet', 'Mustard', 'White', 'Green', 'Peacock', 'Plum', 'Rose', 'Gray', 'Brunette', 'Peach'],
  weapons: ['Candlestick', 'Knife', 'Pipe', 'Revolver', 'Rope', 'Wrench', 'Poison', 'Horseshoe', 'Axe', 'Bat'],
  rooms: ['Kitchen', 'Ballroom', 'Conservatory', 'Dining', 'Billiard', 'Library', 'Lounge', 'Hall', 'Study', 'Cellar', 'Patio', 'Spa'],
};

export const LARGE_PLAYERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];

/** The spectator's log after `refutations` refuted suggestions (and the passes before them). */
export function largeSpectatorLog(refutations: number, seed = 1): LogJson {
  const rng = new Random(seed, refutations);
  const categories = Object.values(LARGE_DECK);
  const envelope = categories.map((cards) => rng.pick(cards));
  const rest = rng.shuffle(categories.flat().filter((c) => !envelope.includes(c)));
  const n = LARGE_PLAYERS.length;
  const hands = LARGE_PLAYERS.map(() => [] as string[]);
  rest.forEach((card, i) => hands[i % n].push(card));
  const events: LogJson['events'] = [];
  let refuted = 0;
  for (let turn = 0; refuted < refutations; turn++) {
    const by = turn % n;
    const cards = categories.map((cs) => rng.pick(cs));
    let shownBy: string | null = null;
    for (let k = 1; k < n && shownBy === null; k++) {
      const seat = (by + k) % n;
      if (cards.some((c) => hands[seat].includes(c))) shownBy = LARGE_PLAYERS[seat];
    }
    events.push({ type: 'suggestion', by: LARGE_PLAYERS[by], cards, shownBy });
    if (shownBy !== null) refuted++;
  }
  return { deck: LARGE_DECK, players: LARGE_PLAYERS, events };
}

/**
 * The first turn of a 9-seat game on a deck of 6 categories (5, 5, 5, 5, 5 and 7 cards: 21,875
 * suggestions), seen by P0: draws spread over many envelopes, and counting every answer's deals
 * plans about 1.9 × 10^8 units of work.
 */
export function wideDeckFirstTurn(): Game {
  const deck = Object.fromEntries([5, 5, 5, 5, 5, 7].map((size, g) => [`c${g}`, Array.from({ length: size }, (_, i) => `c${g}-${i}`)]));
  return parseGame({ deck, players: Array.from({ length: 9 }, (_, s) => `P${s}`), me: 'P0', myHand: ['c0-1', 'c2-0', 'c5-4'], events: [] });
}
