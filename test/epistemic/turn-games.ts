// Full-record games on a small deck in which the seats suggest in turn and answer truly.
import { makeDeck } from '../../src/model/deck.js';
import { type Game } from '../../src/model/game.js';
import { ENVELOPE } from '../../src/model/owners.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';
import { type GameEvent } from '../../src/model/events.js';
import { Random } from '../../src/model/random.js';

/** A random full-record game: 3 seats, categories 3/3/2, a random deal and suggestions answered truly. */
export function randomGame(seed: number, nEvents: number): Game {
  const deck = makeDeck({ A: ['A0', 'A1', 'A2'], B: ['B0', 'B1', 'B2'], C: ['C0', 'C1'] });
  const r = new Random(seed);
  const nSeats = 3;
  const handSizes = [2, 2, 1];
  const cards = deck.cards.map((_, c) => c);
  const deal = new Array<number>(cards.length);
  const envelope = deck.categoryMasks.map((m) => {
    const options = cards.filter((c) => m & (1 << c));
    return options[r.below(options.length)];
  });
  for (const c of envelope) deal[c] = ENVELOPE;
  const rest = cards.filter((c) => !envelope.includes(c));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = r.below(i + 1);
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  let k = 0;
  handSizes.forEach((size, s) => {
    for (let i = 0; i < size; i++) deal[rest[k++]] = s;
  });
  const events: GameEvent[] = [];
  for (let e = 0; e < nEvents; e++) {
    const by = e % nSeats;
    const named = deck.categoryMasks.map((m) => {
      const options = cards.filter((c) => m & (1 << c));
      return options[r.below(options.length)];
    });
    let shownBy: number | null = null;
    for (let s = (by + 1) % nSeats; s !== by; s = (s + 1) % nSeats) {
      if (named.some((c) => deal[c] === s)) {
        shownBy = s;
        break;
      }
    }
    const held = shownBy === null ? [] : named.filter((c) => deal[c] === shownBy);
    events.push({ type: 'suggestion', by, cards: named, shownBy, shown: shownBy === null ? null : held[r.below(held.length)] });
  }
  return { deck, players: ['p1', 'p2', 'p3'], handSizes, faceUp: [], me: null, myHand: [], events, rules: DEFAULT_RULES, deal };
}

