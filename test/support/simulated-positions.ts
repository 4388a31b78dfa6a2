/**
 * Positions of any size simulated from a hidden deal, for tests and benchmarks that need more cards
 * than the brute-force oracle can enumerate: a random deal, then random suggestions answered by
 * the rules (the refuter is the first following seat holding a named card; it shows one to the
 * suggester), seen by a spectator (who refuted, never the card) or by one seat (the cards shown to
 * it), and optionally wrong accusations.
 */
import { makeDeck } from '../../src/model/deck.js';
import { Random } from '../../src/model/random.js';
import { defaultHandSizes, type Game } from '../../src/model/game.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';
import { type GameEvent } from '../../src/model/events.js';
import { constraintsOf } from '../../src/knowledge/constraints-of.js';
import type { ConstraintStore } from '../../src/knowledge/constraints.js';

export interface PositionSpec {
  /** Cards per category. */
  categories: number[];
  seats: number;
  /** Simulate suggestions until this many refutations the observer did not see. */
  unseenRefutations: number;
  /** The observing seat, or null for a spectator. */
  observer?: number | null;
  faceUp?: number;
  /** Wrong accusations (each names a random combination that is not the envelope). */
  wrongAccusations?: number;
  seed: number;
}

export interface SimulatedPosition {
  game: Game;
  store: ConstraintStore;
  /** The hidden deal: nSeats + 2 masks (seats, envelope, table). */
  deal: Uint32Array;
}

export function simulatePosition(spec: PositionSpec): SimulatedPosition {
  const rng = new Random(spec.seed, 0x5eed);
  const deckJson: Record<string, string[]> = {};
  spec.categories.forEach((k, g) => (deckJson[`g${g}`] = Array.from({ length: k }, (_, i) => `g${g}c${i}`)));
  const deck = makeDeck(deckJson);
  const nCards = deck.cards.length;
  const n = spec.seats;
  const faceUpCount = spec.faceUp ?? 0;
  const observer = spec.observer ?? null;

  const envelope = deck.categoryMasks.map((m) => rng.pick(cardsOf(m)));
  const rest = rng.shuffle(Array.from({ length: nCards }, (_, c) => c).filter((c) => !envelope.includes(c)));
  const faceUp = rest.splice(0, faceUpCount).sort((a, b) => a - b);
  const handSizes = defaultHandSizes(rest.length, n);
  const hands: number[] = [];
  let at = 0;
  for (const k of handSizes) {
    hands.push(maskOf(rest.slice(at, at + k)));
    at += k;
  }
  const envMask = maskOf(envelope);
  const deal = Uint32Array.from([...hands, envMask, maskOf(faceUp)]);

  const events: GameEvent[] = [];
  let unseen = 0;
  for (let turn = 0; unseen < spec.unseenRefutations; turn++) {
    if (turn > 10_000) throw new Error('too few refutations: the position cannot reach the requested count');
    const by = turn % n;
    const named = deck.categoryMasks.map((m) => rng.pick(cardsOf(m)));
    const namedMask = maskOf(named);
    let shownBy: number | null = null;
    let shown: number | null = null;
    for (let k = 1; k < n; k++) {
      const s = (by + k) % n;
      if ((hands[s] & namedMask) !== 0) {
        shownBy = s;
        if (by === observer) shown = rng.pick(cardsOf(hands[s] & namedMask));
        break;
      }
    }
    if (shownBy !== null && shownBy !== observer && shown === null) unseen++;
    events.push({ type: 'suggestion', by, cards: named, shownBy, shown });
  }
  for (let a = 0; a < (spec.wrongAccusations ?? 0); a++) {
    let named = deck.categoryMasks.map((m) => rng.pick(cardsOf(m)));
    while (maskOf(named) === envMask) named = deck.categoryMasks.map((m) => rng.pick(cardsOf(m)));
    events.push({ type: 'accusation', by: a % n, cards: named, correct: false });
  }

  const game: Game = {
    deck,
    players: Array.from({ length: n }, (_, s) => `P${s}`),
    handSizes,
    faceUp,
    me: observer,
    myHand: observer === null ? [] : cardsOf(hands[observer]),
    events,
    rules: DEFAULT_RULES,
    deal: null,
  };
  return { game, store: constraintsOf(game), deal };
}

function cardsOf(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 32; c++) if ((mask >>> c) & 1) out.push(c);
  return out;
}

function maskOf(cards: number[]): number {
  return cards.reduce((m, c) => (m | (1 << c)) >>> 0, 0);
}
