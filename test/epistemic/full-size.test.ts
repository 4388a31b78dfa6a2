// The full-size engine (first-order knowledge through the counting core) against the explicit
// Kripke model, on games small enough for both: the same value at a full record's deal for every
// formula of its fragment, and observers' probabilities within sampling error.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeDeck } from '../../src/model/deck.js';
import { DEFAULT_RULES, ENVELOPE, type Game, type GameEvent } from '../../src/model/game.js';
import { Random } from '../../src/model/random.js';
import { buildGameModel } from '../../src/epistemic/game-model.js';
import { FullSizeEngine, unsupportedAtFullSize } from '../../src/epistemic/full-size.js';
import { knows } from '../../src/epistemic/knows.js';
import * as sets from '../../src/epistemic/explicit/world-set.js';
import type { Formula } from '../../src/epistemic/language/formula.js';

/** A random full-record game: 3 seats, categories 3/3/2, a random deal and suggestions answered truly. */
function randomGame(seed: number, nEvents: number): Game {
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

const nCards = 8;
const owner = fc.constantFrom(0, 1, 2, ENVELOPE);
const atom: fc.Arbitrary<Formula> = fc.record({ op: fc.constant('has' as const), owner, card: fc.integer({ min: 0, max: nCards - 1 }) });
const prop: fc.Arbitrary<Formula> = fc.letrec((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.record({ op: fc.constant('not' as const), arg: tie('f') as fc.Arbitrary<Formula> }),
    fc.record({ op: fc.constantFrom('and' as const, 'or' as const), args: fc.array(tie('f') as fc.Arbitrary<Formula>, { minLength: 1, maxLength: 3 }) }),
  ),
})).f;
const agent = fc.constantFrom(0, 1, 2);
const group = fc.uniqueArray(agent, { minLength: 1, maxLength: 3 }).map((g) => g.sort());
const firstOrder: fc.Arbitrary<Formula> = fc.oneof(
  prop,
  fc.record({ op: fc.constantFrom('K' as const, 'M' as const), agent, arg: prop }),
  fc.record({ op: fc.constantFrom('E' as const, 'D' as const), group, arg: prop }),
  fc.record({ op: fc.constant('Kenv' as const), agent }),
);
const fragment: fc.Arbitrary<Formula> = fc.oneof(
  firstOrder,
  fc.record({ op: fc.constant('not' as const), arg: firstOrder }),
  fc.record({ op: fc.constantFrom('and' as const, 'or' as const), args: fc.array(firstOrder, { minLength: 1, maxLength: 3 }) }),
);

describe('full-size engine vs explicit model', () => {
  it('agrees at a full record\'s deal on every formula of its fragment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 4 }), fc.array(fragment, { minLength: 1, maxLength: 8 }), (seed, nEvents, formulas) => {
        const game = randomGame(seed, nEvents);
        for (const f of formulas) expect(unsupportedAtFullSize(game, nEvents, f)).toBeNull();
        const explicit = buildGameModel(game, nEvents);
        const engine = new FullSizeEngine(game, nEvents);
        try {
          const values = engine.valuesAtDeal(formulas);
          formulas.forEach((f, k) => expect(values[k], JSON.stringify(f)).toBe(sets.contains(explicit.evaluator.evaluate(f), explicit.point!)));
        } finally {
          engine.dispose();
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('estimates an observer\'s probabilities within 4 standard errors of the exact ones', () => {
    for (const seed of [3, 11, 19]) {
      const full = randomGame(seed, 3);
      const observer: Game = { ...full, deal: null, me: 0, myHand: full.deal!.flatMap((o, c) => (o === 0 ? [c] : [])) };
      observer.events = observer.events.map((e) => (e.type === 'suggestion' && e.by !== 0 && e.shownBy !== 0 ? { ...e, shown: null } : e));
      const formulas: Formula[] = [
        { op: 'Kenv', agent: 1 },
        { op: 'K', agent: 2, arg: { op: 'has', owner: 0, card: observer.myHand[0] } },
        { op: 'M', agent: 1, arg: { op: 'has', owner: ENVELOPE, card: 0 } },
        { op: 'has', owner: 1, card: 3 },
      ];
      const queries = formulas.map((f, i) => ({ id: String(i), at: null, formula: f, text: String(i) }));
      const exact = knows(observer, queries);
      expect(exact.method).toBe('exact');
      const engine = new FullSizeEngine(observer, observer.events.length);
      try {
        const estimates = engine.estimate(formulas, 4000, seed);
        estimates.forEach((e, k) => {
          const p = exact.results[k].probability!;
          expect(Math.abs(e.probability - p), `seed ${seed} formula ${k}: ${e.probability} vs ${p}`).toBeLessThanOrEqual(4 * Math.max(e.standardError, Math.sqrt((p * (1 - p)) / 4000)) + 1e-12);
          if (exact.results[k].known === false) expect(e.known === false || e.probability > 0.99).toBe(true);
        });
      } finally {
        engine.dispose();
      }
    }
  });
});
