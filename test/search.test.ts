/**
 * Exact certainty by search (assembly/sat.ts, src/knowledge/search.ts) against independent truth:
 * the brute-force enumerator on hundreds of small random positions (consistent, inconsistent,
 * raw stores with face-up cards), the examples' exact answers, and the DAG's exact counts on
 * positions too large to enumerate.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { parseGame } from '../src/io/log.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { findDeal, knownPlacements, possibleOwners, SearchGaveUpError } from '../src/knowledge/search.js';
import { bruteForce, dealSatisfiesStore } from './support/brute-force.js';
import { arbConsistentLog, arbNoisyLog, arbStore } from './support/random-logs.js';
import { simulatePosition } from './support/simulated-positions.js';

const EXAMPLES_DIR = fileURLToPath(new URL('../examples/', import.meta.url));
const RUNS = 300;

/** Per card, the owners with a non-zero count (counts: nCards x (nSeats + 2)). */
function ownersWithDeals(counts: Float64Array, nCards: number, nSeats: number): number[] {
  const w = nSeats + 2;
  return Array.from({ length: nCards }, (_, c) => {
    let m = 0;
    for (let o = 0; o < w; o++) if (counts[c * w + o] > 0) m |= 1 << o;
    return m;
  });
}

describe('possibleOwners against the brute-force oracle', () => {
  const core = KnowledgeCore.create(); // reused on purpose: every call starts afresh

  /** Checks one store; tallies what the run covered. */
  const expectExact = (store: ConstraintStore, seen: { consistent: number; inconsistent: number; faceUp: number }): void => {
    const oracle = bruteForce(store);
    const got = possibleOwners(core, store);
    expect(got.status).toBe('exact');
    const want = ownersWithDeals(oracle.ownerCounts, store.nCards, store.nSeats);
    expect(Array.from(got.possible), JSON.stringify(store)).toEqual(want);
    if (oracle.count > 0) seen.consistent++;
    else seen.inconsistent++;
    if (store.faceUpMask !== 0) seen.faceUp++;
  };
  const run = (arb: fc.Arbitrary<ConstraintStore>, seed: number) => {
    const seen = { consistent: 0, inconsistent: 0, faceUp: 0 };
    fc.assert(fc.property(arb, (store) => expectExact(store, seen)), { seed, numRuns: RUNS });
    return seen;
  };

  it('on random constraint stores (arbitrary holds, lacks, clause owners, face-up cards)', () => {
    const seen = run(arbStore(), 31);
    expect(seen.inconsistent).toBeGreaterThan(30);
    expect(seen.faceUp).toBeGreaterThan(30);
  });

  it('on the constraints of random consistent logs', () => {
    const seen = run(arbConsistentLog().map((g) => constraintsOf(parseGame(g.log))), 32);
    expect(seen.consistent).toBe(RUNS);
    expect(seen.faceUp).toBeGreaterThan(30);
  });

  it('on the constraints of random possibly inconsistent logs', () => {
    const seen = run(arbNoisyLog().map((g) => constraintsOf(parseGame(g.log))), 33);
    expect(seen.inconsistent).toBeGreaterThan(30);
    expect(seen.consistent).toBeGreaterThan(30);
  });
});

describe('knownPlacements on the examples', () => {
  const names = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.expected.json')).map((f) => f.slice(0, -'.expected.json'.length));
  const core = KnowledgeCore.create();
  for (const name of names) {
    it(name, () => {
      const game = parseGame(JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8')));
      const want = JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.expected.json`, 'utf8')) as { known: Array<{ card: string; owner: string }> };
      const n = game.players.length;
      const ownerName = (o: number) => (o < n ? game.players[o] : o === n ? 'envelope' : 'table');
      const got = knownPlacements(possibleOwners(core, constraintsOf(game)));
      expect(got.map((k) => ({ card: game.deck.cards[k.card], owner: ownerName(k.owner) }))).toEqual(want.known);
    });
  }
});

describe('possibleOwners against the DAG on larger positions', () => {
  it('classic decks and custom decks, spectators and observers, with wrong accusations', () => {
    const core = KnowledgeCore.create();
    const dag = KnowledgeCore.create();
    let checked = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const spec = {
        categories: seed % 3 === 0 ? [6, 6, 9] : seed % 3 === 1 ? [5, 5, 6] : [4, 4, 4, 4],
        seats: 3 + (seed % 4),
        unseenRefutations: 2 + (seed % 9),
        observer: seed % 2 === 0 ? null : seed % 3,
        faceUp: seed % 5 === 0 ? 2 : 0,
        wrongAccusations: seed % 7 === 0 ? 2 : 0,
        seed,
      };
      const { store, deal } = simulatePosition(spec);
      using position = dag.load(store);
      expect(position.consistent).toBe(true);
      const want = ownersWithDeals(position.ownerCounts(), store.nCards, store.nSeats);
      const got = possibleOwners(core, store);
      expect(got.status).toBe('exact');
      expect(Array.from(got.possible), `seed ${seed}`).toEqual(want);
      // the hidden deal is one of the consistent deals
      deal.forEach((m, o) => {
        for (let c = 0; c < store.nCards; c++) if ((m >>> c) & 1) expect((got.possible[c] >>> o) & 1).toBe(1);
      });
      checked++;
    }
    expect(checked).toBe(60);
  });
});

describe('possibleOwners on a 10-seat, 32-card spectator position', () => {
  it('is exact, keeps the hidden deal possible, and knows only what the deal shows', () => {
    const core = KnowledgeCore.create();
    for (const seed of [1, 2, 3]) {
      const { store, deal } = simulatePosition({ categories: [9, 9, 14], seats: 10, unseenRefutations: 20, seed });
      const got = possibleOwners(core, store);
      expect(got.status).toBe('exact');
      let possiblePlacements = 0;
      deal.forEach((m, o) => {
        for (let c = 0; c < store.nCards; c++) if ((m >>> c) & 1) expect((got.possible[c] >>> o) & 1).toBe(1);
      });
      for (const m of got.possible) possiblePlacements += popcount(m);
      // every placement it calls possible has a witness: a consistent deal making it
      for (let c = 0; c < store.nCards; c++) {
        for (let o = 0; o < store.nSeats + 2; o++) {
          if (!((got.possible[c] >>> o) & 1) || ((deal[o] >>> c) & 1)) continue;
          const forced = forcePlacement(store, c, o);
          const witness = findDeal(core, forced);
          expect(witness, `card ${c} with owner ${o}`).not.toBeNull();
          expect(dealSatisfiesStore(store, witness!)).toBe(true);
        }
      }
      for (const { card, owner } of knownPlacements(got)) expect((deal[owner] >>> card) & 1).toBe(1);
      expect(possiblePlacements).toBeGreaterThan(store.nCards);
    }
  });
});

describe('possibleOwners on 48 large positions of several shapes', () => {
  it('is exact within the default budget, keeps the hidden deal possible, knows only true placements', () => {
    const core = KnowledgeCore.create();
    const shapes = [
      { categories: [9, 9, 14], seats: 10, unseenRefutations: 25, wrongAccusations: 2 },
      { categories: [9, 9, 14], seats: 4, unseenRefutations: 20 },
      { categories: [8, 8, 8, 8], seats: 8, unseenRefutations: 25, faceUp: 2 },
      { categories: [9, 9, 14], seats: 10, unseenRefutations: 30, observer: 0 },
    ];
    for (const shape of shapes) {
      for (let seed = 1; seed <= 12; seed++) {
        const { store, deal } = simulatePosition({ ...shape, seed });
        const got = possibleOwners(core, store);
        expect(got.status).toBe('exact');
        deal.forEach((m, o) => {
          for (let c = 0; c < store.nCards; c++) if ((m >>> c) & 1) expect((got.possible[c] >>> o) & 1).toBe(1);
        });
        for (const { card, owner } of knownPlacements(got)) expect((deal[owner] >>> card) & 1).toBe(1);
      }
    }
  });
});

describe('findDeal', () => {
  it('finds consistent deals, none when there are none, and random ones from a seed', () => {
    const core = KnowledgeCore.create();
    let found = 0;
    fc.assert(
      fc.property(arbStore(), fc.nat(), (store, seed) => {
        const oracle = bruteForce(store);
        const deal = findDeal(core, store, seed);
        expect(deal === null).toBe(oracle.count === 0);
        if (deal) {
          found++;
          expect(dealSatisfiesStore(store, deal)).toBe(true);
          expect(findDeal(core, store, seed)).toEqual(deal);
        }
      }),
      { seed: 34, numRuns: 200 },
    );
    expect(found).toBeGreaterThan(100);
    // different seeds, different starting deals
    const { store } = simulatePosition({ categories: [9, 9, 14], seats: 10, unseenRefutations: 20, seed: 4 });
    const deals = new Set<string>();
    for (let seed = 0; seed < 8; seed++) deals.add(findDeal(core, store, seed)!.join(','));
    expect(deals.size).toBe(8);
  });

  it('gives up past its node budget rather than guess', () => {
    const core = KnowledgeCore.create();
    const { store } = simulatePosition({ categories: [9, 9, 14], seats: 10, unseenRefutations: 20, seed: 5 });
    expect(possibleOwners(core, store, 1).status).toBe('gave-up');
    expect(() => knownPlacements(possibleOwners(core, store, 1))).toThrow(/gave up/);
    expect(() => findDeal(core, store, 1, 0, 1)).toThrow(SearchGaveUpError);
  });
});

function popcount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

/** The store with card c forced to owner o (a hold, or for the table nothing to add). */
function forcePlacement(store: ConstraintStore, c: number, o: number): ConstraintStore {
  const holds = [...store.holds];
  if (o <= store.nSeats) holds[o] = (holds[o] | (1 << c)) >>> 0;
  return { ...store, holds };
}
