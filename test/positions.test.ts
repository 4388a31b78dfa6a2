/**
 * Positions as values: several live in one core at once and answer independently; a position
 * conditioned on one more fact (`with`) answers exactly as a position built from scratch for the
 * store with that fact, and both as the brute-force oracle; counts are exact past 2^53; repeated
 * and subsumed clauses are one constraint; and the three kinds of worlds (the DAG, an explicit
 * list, a sample) answer through one interface.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KnowledgeCore, type Position } from '../src/knowledge/wasm-core.js';
import { addFact, emptyStore, essentialClauses, type ConstraintStore, type Fact } from '../src/knowledge/constraints.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { DagSampler, DagWorlds, ExplicitWorlds, SampledWorlds, dealSatisfies } from '../src/knowledge/worlds.js';
import { parseGame } from '../src/io/log.js';
import { bruteForce, dealSatisfiesStore, type OracleResult } from './support/brute-force.js';
import { arbConsistentLog, arbStore } from './support/random-logs.js';
import { exactKnowledge } from '../src/agents/knowledge.js';
import type { SeatView } from '../src/game/seat-view.js';

const core = KnowledgeCore.create();

function expectMatchesOracle(position: Position, oracle: OracleResult, what: string): void {
  expect(position.count(), what).toBe(BigInt(oracle.count));
  expect(position.consistent, what).toBe(oracle.count > 0);
  if (oracle.count === 0) return;
  expect(Array.from(position.ownerCounts()), `${what}: owner counts`).toEqual(Array.from(oracle.ownerCounts));
  expect(Array.from(position.envelopeCounts()), `${what}: envelope counts`).toEqual(Array.from(oracle.envelopeCounts));
  const width = position.store.nSeats + 2;
  const deals = position.sample(64, 7);
  for (let k = 0; k < 64; k++) expect(dealSatisfiesStore(position.store, deals, k * width), `${what}: sampled deal ${k}`).toBe(true);
  // every deal exactly once
  const all = position.enumerate();
  expect(all.length / width, `${what}: enumerated`).toBe(oracle.count);
  const key = (d: Uint32Array, k: number) => Array.from(d.subarray(k * width, (k + 1) * width)).join(',');
  const want = new Set(Array.from({ length: oracle.count }, (_, k) => key(oracle.deals, k)));
  const got = new Set(Array.from({ length: oracle.count }, (_, k) => key(all, k)));
  expect(got, `${what}: the enumerated deals are the consistent ones`).toEqual(want);
}

/** A random fact about a random card and owner of the store. */
const arbFact = (store: ConstraintStore): fc.Arbitrary<Fact> => {
  const card = fc.integer({ min: 0, max: store.nCards - 1 });
  const owner = fc.integer({ min: 0, max: store.nSeats }); // seats and the envelope
  const cards = fc.integer({ min: 1, max: 2 ** store.nCards - 1 });
  return fc.oneof(
    fc.record({ kind: fc.constant('holds' as const), owner, cards: card.map((c) => 2 ** c) }),
    fc.record({ kind: fc.constant('lacks' as const), owner, cards }),
    fc.record({ kind: fc.constant('atLeastOne' as const), owners: fc.integer({ min: 1, max: 2 ** (store.nSeats + 1) - 1 }), cards }),
    fc.record({ kind: fc.constant('notEnvelope' as const), cards }),
  );
};

describe('positions as values', () => {
  it('several positions live at once in one core, each answering for its own store', () => {
    const stores = [0, 1, 2, 3].map((k) => {
      const store = emptyStore(8, [0b00000111, 0b00111000, 0b11000000], [2, 3]);
      store.holds[0] = 1 << k;
      return store;
    });
    const positions = stores.map((s) => core.load(s));
    const oracles = stores.map((s) => bruteForce(s));
    // interleaved queries, in an order unlike the loading order
    for (const i of [2, 0, 3, 1, 0, 2]) expectMatchesOracle(positions[i], oracles[i], `position ${i}`);
    positions[1].dispose();
    expect(() => positions[1].count()).toThrow(/disposed/);
    positions[1].dispose(); // twice is harmless
    expectMatchesOracle(positions[3], oracles[3], 'position 3 after disposing position 1');
    for (const p of positions) p.dispose();
  });

  it('`using` disposes a position at the end of its block', () => {
    const store = emptyStore(5, [0b00011, 0b11100], [1, 2]);
    let escaped: Position | null = null;
    {
      using position = core.load(store);
      escaped = position;
      expect(position.count()).toBe(BigInt(bruteForce(store).count));
    }
    expect(() => escaped!.count()).toThrow(/disposed/);
  });

  it('with(fact) answers as the position built from scratch for the store with the fact, and as brute force', () => {
    fc.assert(
      fc.property(
        arbStore().chain((store) => fc.tuple(fc.constant(store), fc.array(arbFact(store), { minLength: 1, maxLength: 3 }))),
        ([store, facts]) => {
          let position = core.load(store);
          let conditioned = store;
          for (const fact of facts) {
            const next = position.with(fact);
            position.dispose();
            position = next;
            conditioned = addFact(conditioned, fact);
            const oracle = bruteForce(conditioned);
            expectMatchesOracle(position, oracle, `after ${JSON.stringify(fact)}`);
            using fresh = core.load(conditioned);
            expect(fresh.count()).toBe(position.count());
          }
          position.dispose();
        },
      ),
      { seed: 31, numRuns: 150 },
    );
  });

  it('placements chained on a position restrict its DAG without building another, exactly', () => {
    // The first with() builds; a chain of holds and lacks then shares that DAG.
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const store = constraintsOf(parseGame(g.log));
        const width = store.nSeats + 2;
        using base = core.load(store);
        // facts true of the hidden deal keep it consistent all along
        const owners = Array.from({ length: store.nCards }, (_, c) => [...Array(width).keys()].find((o) => (g.deal[o] >>> c) & 1)!);
        const facts: Fact[] = owners
          .map((o, c): Fact | null => (o <= store.nSeats ? { kind: 'holds', owner: o, cards: 2 ** c } : null))
          .filter((f): f is Fact => f !== null)
          .slice(0, 3);
        let position = base;
        let conditioned = store;
        for (const fact of facts) {
          const next = position.with(fact);
          if (position !== base) position.dispose();
          position = next;
          conditioned = addFact(conditioned, fact);
          expect(position.dagSize().nodes, 'shares the DAG').toBe(base.dagSize().nodes);
          expectMatchesOracle(position, bruteForce(conditioned), JSON.stringify(fact));
        }
        if (position !== base) position.dispose();
      }),
      { seed: 32, numRuns: 80 },
    );
  });

  it('counts exactly past 2^53, and samples such positions consistently', () => {
    // 5 seats, 32 cards (10, 10, 12), nothing known: every envelope times a multinomial of the hands.
    const masks = [0x3ff, 0x3ff << 10, (0xfff << 20) >>> 0];
    const hands = [6, 6, 6, 6, 5];
    using position = core.load(emptyStore(32, masks, hands));
    let multinomial = 1n;
    let left = 29n;
    const choose = (n: bigint, k: bigint) => {
      let r = 1n;
      for (let i = 0n; i < k; i++) r = (r * (n - i)) / (i + 1n);
      return r;
    };
    for (const h of hands) {
      multinomial *= choose(left, BigInt(h));
      left -= BigInt(h);
    }
    const want = 10n * 10n * 12n * multinomial;
    expect(want > 2n ** 53n).toBe(true);
    expect(position.count()).toBe(want);
    expect(position.approximateCount()).toBe(Number(want));
    const deals = position.sample(2000, 3);
    const checks = position.check(deals);
    expect(checks.every((x) => x === 1)).toBe(true);
    // each of the 1,200 envelopes is equally likely: card 0 in the envelope about 1 time in 10
    let inEnvelope = 0;
    for (let k = 0; k < 2000; k++) inEnvelope += deals[k * 7 + 5] & 1;
    expect(Math.abs(inEnvelope / 2000 - 0.1)).toBeLessThan(4 * Math.sqrt(0.09 / 2000));
  });
});

describe('clauses are kept essential', () => {
  it('the same unseen refutation thirty times is one constraint', () => {
    const log = parseGame({
      players: ['A', 'B', 'C', 'D', 'E', 'F'],
      events: Array.from({ length: 30 }, () => ({ type: 'suggestion', by: 'A', cards: ['Scarlet', 'Knife', 'Hall'], shownBy: 'B' })),
    });
    const store = constraintsOf(log);
    expect(store.clauses).toHaveLength(1);
    using once = core.load(constraintsOf({ ...log, events: log.events.slice(0, 1) }));
    using thirty = core.load(store);
    expect(thirty.count()).toBe(once.count());
  });

  it('drops repeats, clauses a stronger one implies, and clauses the holds satisfy; keeps the meaning', () => {
    fc.assert(
      fc.property(arbStore(), (store) => {
        const doubled = { ...store, clauses: [...store.clauses, ...store.clauses, ...store.clauses.map((c) => ({ cards: c.cards | 1, owners: c.owners }))] };
        const kept = essentialClauses(doubled);
        expect(kept.length).toBeLessThanOrEqual(store.clauses.length);
        expect(bruteForce({ ...doubled, clauses: kept }).count).toBe(bruteForce(doubled).count);
      }),
      { seed: 33, numRuns: 200 },
    );
  });

  it('thousands of distinct clauses load (the store grows as needed)', () => {
    // 6 seats: every suggestion P0 could make, each refuted by P1 unseen: 324 distinct clauses, then more decks.
    const store = emptyStore(21, [0x3f, 0x3f << 6, 0x1ff << 12], [3, 3, 3, 3, 3, 3]);
    for (let s = 0; s < 6; s++) for (let w = 6; w < 12; w++) for (let r = 12; r < 21; r++) store.clauses.push({ cards: (1 << s) | (1 << w) | (1 << r), owners: 2 });
    store.clauses = essentialClauses(store);
    expect(store.clauses.length).toBe(324);
    using position = core.tryLoad(store);
    expect(['consistent', 'too-large']).toContain(position.status);
  });
});

describe('worlds: one interface over the DAG, an explicit list and a sample', () => {
  it('DagWorlds and ExplicitWorlds answer alike, and conditioning keeps them alike', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const store = constraintsOf(parseGame(g.log));
        using dag = new DagWorlds(core.load(store));
        const explicit = ExplicitWorlds.of(dag.position);
        expect(explicit.count()).toBe(dag.count());
        expect(Array.from(explicit.tallies().ownerCounts)).toEqual(Array.from(dag.tallies().ownerCounts));
        expect(Array.from(explicit.tallies().envelopeCounts)).toEqual(Array.from(dag.tallies().envelopeCounts));
        expect(Array.from(explicit.possibleOwners())).toEqual(Array.from(dag.possibleOwners()));
        // a fact true of the hidden deal
        const fact: Fact = { kind: 'lacks', owner: 0, cards: (~g.deal[0] & (2 ** store.nCards - 1)) >>> 0 };
        using dag2 = dag.with(fact);
        const explicit2 = explicit.with(fact);
        expect(explicit2.count()).toBe(dag2.count());
        expect(Array.from(explicit2.tallies().ownerCounts)).toEqual(Array.from(dag2.tallies().ownerCounts));
        for (let k = 0; k < explicit2.size; k++) expect(dealSatisfies(fact, explicit2.deals, k * (store.nSeats + 2), store.nSeats)).toBe(true);
      }),
      { seed: 34, numRuns: 60 },
    );
  });

  it('SampledWorlds: exact certainty, exact count from the DAG, estimates within their standard errors', () => {
    const game = parseGame(JSON.parse('{"players":["A","B","C"],"me":"A","myHand":["Scarlet","Knife","Hall","Rope","Study","Plum"],"events":[{"type":"suggestion","by":"B","cards":["Green","Pipe","Kitchen"],"shownBy":"C"}]}'));
    const store = constraintsOf(game);
    using dag = new DagWorlds(core.load(store));
    using sampled = new SampledWorlds(new DagSampler(core.load(store)), 200_000, 5);
    expect(sampled.method).toBe('sampled');
    expect(sampled.count()).toBe(dag.count());
    expect(Array.from(sampled.possibleOwners())).toEqual(Array.from(dag.possibleOwners()));
    const exact = dag.tallies();
    const est = sampled.sampleTallies();
    expect(est.total).toBe(200_000);
    let worst = 0;
    exact.ownerCounts.forEach((n, i) => {
      const p = n / exact.total;
      const q = est.ownerCounts[i] / est.total;
      expect(Math.abs(est.ownerErrors[i] - Math.sqrt((q * (1 - q)) / est.total))).toBeLessThan(1e-15);
      if (p > 0 && p < 1) worst = Math.max(worst, Math.abs(q - p) / Math.sqrt((p * (1 - p)) / est.total));
    });
    expect(worst).toBeLessThan(4.5); // z-score over a few hundred cells
    // the same seed draws the same worlds
    expect(sampled.sample(100, 9)).toEqual(sampled.sample(100, 9));
  });
});

describe("an agent's knowledge keeps its position and conditions it as events arrive", () => {
  it('after every event, the same counts as the position built from the whole log so far', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const game = parseGame(g.log);
        if (game.me === null) return;
        const knowledge = exactKnowledge(core);
        for (let k = 0; k <= game.events.length; k++) {
          const prefix = { ...game, events: game.events.slice(0, k) };
          // the part of a SeatView the model reads
          const view = { game: () => prefix, events: prefix.events, players: game.players, me: game.me, rules: game.rules } as unknown as SeatView;
          const kept = knowledge.position(view);
          using fresh = core.load(constraintsOf(prefix));
          expect(kept.count(), `after ${k} events`).toBe(fresh.count());
          expect(Array.from(kept.ownerCounts()), `after ${k} events`).toEqual(Array.from(fresh.ownerCounts()));
        }
        knowledge.dispose();
      }),
      { seed: 35, numRuns: 60 },
    );
  });
});
