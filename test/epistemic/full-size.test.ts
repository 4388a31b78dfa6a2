// The full-size engine (first-order knowledge through the counting core) against the explicit
// Kripke model, on games small enough for both: the same value at a full record's deal for every
// formula of its fragment, and observers' probabilities within sampling error.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Game } from '../../src/model/game.js';
import { ENVELOPE } from '../../src/model/owners.js';
import { randomGame } from './turn-games.js';
import { buildGameModel } from '../../src/epistemic/explicit/game-model.js';
import { FullSizeEngine, unsupportedAtFullSize } from '../../src/epistemic/full-size.js';
import { knowsInThisThread } from '../../src/epistemic/knows.js';
import { nearlyKenv } from '../../src/analysis/opponents.js';
import { parseGame } from '../../src/io/log.js';
import * as sets from '../../src/epistemic/explicit/world-set.js';
import type { Formula } from '../../src/epistemic/language/formula.js';

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
/** What one agent's information decides: its K, M and Kenv, combined. */
const ofOneAgent: fc.Arbitrary<Formula> = agent.chain((b) => {
  const leaf: fc.Arbitrary<Formula> = fc.oneof(
    fc.record({ op: fc.constantFrom('K' as const, 'M' as const), agent: fc.constant(b), arg: prop }),
    fc.constant<Formula>({ op: 'Kenv', agent: b }),
  );
  return fc.oneof(
    leaf,
    fc.record({ op: fc.constant('not' as const), arg: leaf }),
    fc.record({ op: fc.constantFrom('and' as const, 'or' as const), args: fc.array(leaf, { minLength: 1, maxLength: 2 }) }),
  );
});
const nested: fc.Arbitrary<Formula> = fc.oneof(
  fc.record({ op: fc.constantFrom('K' as const, 'M' as const), agent, arg: ofOneAgent }),
  fc.record({ op: fc.constant('E' as const), group, arg: ofOneAgent }),
);
const fragment: fc.Arbitrary<Formula> = fc.oneof(
  firstOrder,
  nested,
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
      { numRuns: 150, seed: 7 },
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
      const exact = knowsInThisThread(observer, queries);
      expect(exact.method).toBe('exact');
      const engine = new FullSizeEngine(observer, observer.events.length);
      try {
        const estimates = engine.estimate(formulas, 4000, seed);
        estimates.forEach((e, k) => {
          const p = exact.results[k].probability!;
          expect(Math.abs(e.probability - p), `seed ${seed} formula ${k}: ${e.probability} vs ${p}`).toBeLessThanOrEqual(4 * Math.max(e.standardError ?? 0, Math.sqrt((p * (1 - p)) / 4000)) + 1e-12);
          if (exact.results[k].known === false) expect(e.known === false || e.probability > 0.99).toBe(true);
        });
      } finally {
        engine.dispose();
      }
    }
  });

  it('answers at each drawn world as an engine that saw only that world: nothing one world teaches is carried to another', () => {
    let compared = 0;
    for (const seed of [3, 11, 19, 27, 35, 43, 51, 59]) {
      const full = randomGame(seed, 6);
      const observer: Game = { ...full, deal: null, me: 0, myHand: full.deal!.flatMap((o, c) => (o === 0 ? [c] : [])) };
      observer.events = observer.events.map((e) => (e.type === 'suggestion' && e.by !== 0 && e.shownBy !== 0 ? { ...e, shown: null } : e));
      const formulas: Formula[] = [
        { op: 'Kenv', agent: 1 },
        { op: 'Kenv', agent: 2 },
        nearlyKenv(1, observer.deck.categoryMasks),
        nearlyKenv(2, observer.deck.categoryMasks),
        { op: 'K', agent: 2, arg: { op: 'has', owner: 0, card: observer.myHand[0] } },
        { op: 'M', agent: 1, arg: { op: 'has', owner: ENVELOPE, card: 0 } },
      ];
      const shared = new FullSizeEngine(observer, observer.events.length);
      try {
        const width = observer.players.length + 2;
        const { deals, shown } = shared.drawWorlds(120, seed);
        for (let i = 0; i < 120; i++) {
          const deal = deals.subarray(i * width, (i + 1) * width);
          const alone = new FullSizeEngine(observer, observer.events.length);
          try {
            for (const f of formulas) {
              expect(shared.valueAt(f, deal, shown[i]), `seed ${seed}, world ${i}: ${JSON.stringify(f)}`).toBe(alone.valueAt(f, deal, shown[i]));
              compared++;
            }
          } finally {
            alone.dispose();
          }
        }
      } finally {
        shared.dispose();
      }
    }
    expect(compared).toBe(8 * 120 * 6);
  });

  it('counts an observer\'s probability of a formula without modalities exactly, as the explicit model does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 4 }), fc.array(prop, { minLength: 1, maxLength: 6 }), (seed, nEvents, formulas) => {
        const full = randomGame(seed, nEvents);
        const observer: Game = { ...full, deal: null, me: 1, myHand: full.deal!.flatMap((o, c) => (o === 1 ? [c] : [])) };
        observer.events = observer.events.map((e) => (e.type === 'suggestion' && e.by !== 1 && e.shownBy !== 1 ? { ...e, shown: null } : e));
        const queries = formulas.map((f, i) => ({ id: String(i), at: null, formula: f, text: String(i) }));
        const reference = knowsInThisThread(observer, queries);
        const engine = new FullSizeEngine(observer, observer.events.length);
        try {
          formulas.forEach((f, k) => {
            const exact = engine.exactProbability(f);
            if (exact === null) return; // too many terms: left to drawn worlds
            expect(exact.probability).toBeCloseTo(reference.results[k].probability!, 12);
            expect(exact.known).toBe(reference.results[k].known);
          });
        } finally {
          engine.dispose();
        }
      }),
      { numRuns: 80, seed: 21 },
    );
  });

  it('decides whether the observer knows a formula one agent\'s information decides, as the explicit model does', () => {
    let decided = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 4 }), fc.array(fc.oneof(firstOrder, ofOneAgent), { minLength: 1, maxLength: 6 }), (seed, nEvents, formulas) => {
        const full = randomGame(seed, nEvents);
        const observer: Game = { ...full, deal: null, me: 0, myHand: full.deal!.flatMap((o, c) => (o === 0 ? [c] : [])) };
        observer.events = observer.events.map((e) => (e.type === 'suggestion' && e.by !== 0 && e.shownBy !== 0 ? { ...e, shown: null } : e));
        const queries = formulas.map((f, i) => ({ id: String(i), at: null, formula: f, text: String(i) }));
        const reference = knowsInThisThread(observer, queries);
        const engine = new FullSizeEngine(observer, observer.events.length);
        try {
          formulas.forEach((f, k) => {
            const known = engine.knownByObserver(f);
            if (known === null) return;
            decided++;
            expect(known, JSON.stringify(f)).toBe(reference.results[k].known);
          });
        } finally {
          engine.dispose();
        }
      }),
      { numRuns: 60, seed: 33 },
    );
    expect(decided).toBeGreaterThan(100);
  });

  it('knows what the observer showed: K[Bob] has(Me, Knife) after Me showed Bob the Knife is known, exactly, at full size', () => {
    const game = parseGame({
      players: ['Me', 'Bob', 'Cat', 'Dan'],
      me: 'Me',
      myHand: ['Knife', 'Hall', 'Plum', 'Rope', 'Study'],
      events: [{ type: 'suggestion', by: 'Bob', cards: ['Scarlet', 'Knife', 'Kitchen'], shownBy: 'Me', shown: 'Knife' }],
    });
    const [knife, scarlet] = [game.deck.cards.indexOf('Knife'), game.deck.cards.indexOf('Miss Scarlet')];
    const queries = [
      { op: 'K', agent: 1, arg: { op: 'has', owner: 0, card: knife } },
      { op: 'K', agent: 2, arg: { op: 'has', owner: 0, card: knife } },
      { op: 'K', agent: 1, arg: { op: 'has', owner: 1, card: scarlet } },
    ].map((formula, i) => ({ id: String(i + 1), at: null, formula: formula as Formula, text: '' }));
    const report = knowsInThisThread(game, queries, { engine: 'sampled' });
    expect(report.worlds).toBeNull(); // the full-size engine answered, without a model
    expect(report.results[0]).toMatchObject({ probability: 1, standardError: null, known: true });
    expect(report.results[1]).toMatchObject({ probability: 0, standardError: null, known: false });
    expect(report.results[2].known).toBe(false);
    expect(report.results[2].standardError).toBeGreaterThan(0);
  });
});

describe('the semantics interface: knows asks the first engine that supports a formula', () => {
  it('the explicit model when it fits; the symbolic engine beyond it; a forced engine\'s refusal naming it and its reason', () => {
    const full = randomGame(5, 3);
    const observer: Game = { ...full, deal: null, me: 0, myHand: full.deal!.flatMap((o, c) => (o === 0 ? [c] : [])) };
    observer.events = observer.events.map((e) => (e.type === 'suggestion' && e.by !== 0 && e.shownBy !== 0 ? { ...e, shown: null } : e));
    const kenv: Formula = { op: 'Kenv', agent: 1 };
    const common: Formula = { op: 'C', group: [0, 1], arg: { op: 'has', owner: ENVELOPE, card: 0 } };
    const q = (formula: Formula) => [{ id: '1', at: null, formula, text: 'f' }];
    expect(knowsInThisThread(observer, q(common)).method).toBe('exact');
    const small = knowsInThisThread(observer, q(kenv));
    expect(small.method).toBe('exact');
    expect(small.worlds).toBeGreaterThan(1);
    expect(small.results[0].engine).toBe('explicit');
    const tiny = { maxWorlds: 1 };
    const beyond = knowsInThisThread(observer, q(kenv), tiny);
    expect(beyond).toMatchObject({ method: 'exact', worlds: small.worlds, results: [{ engine: 'symbolic', probability: small.results[0].probability, known: small.results[0].known }] });
    expect(() => knowsInThisThread(observer, q(common), { ...tiny, engine: 'explicit' })).toThrow(/engine "explicit" cannot answer it: the Kripke model is too large to build \(over 1 worlds, maxWorlds\)$/);
    expect(() => knowsInThisThread(observer, q(common), { engine: 'sampled' })).toThrow(/engine "sampled" cannot answer it: common knowledge \(C\) needs the whole model$/);
  });
});

