/**
 * The sampler and the deal checker of the Wasm core against the brute-force oracle
 * (test/support/brute-force.ts), and sampled analysis against the examples' exact answers.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkDeals, compileStore } from '../baselines/deal-check.js';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { parseGame } from '../src/io/log.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { KnowledgeCore, type Position as DagPosition } from '../src/knowledge/wasm-core.js';
import { analyze } from '../src/analysis/analyze.js';
import { analysisJson } from '../src/analysis/json.js';
import { bruteForce, dealSatisfiesStore, type OracleResult } from './support/brute-force.js';
import { arbConsistentLog, arbStore, type LogJson } from './support/random-logs.js';
import { chiSquarePValue, uniformityPValue } from './support/chi-square.js';

const EXAMPLES_DIR = fileURLToPath(new URL('../examples/', import.meta.url));

/**
 * The threshold. For a correct (exactly uniform) sampler, a p-value below 1e-4 happens with
 * probability 1e-4 per (position, seed): the chi-square law is accurate here since every cell
 * expects at least 40 deals. Over the 8 positions below that is a false-alarm rate below 1e-3 for
 * an arbitrary seed; the seeds are fixed, so the outcome is deterministic (a pass stays a pass).
 */
const P_THRESHOLD = 1e-4;
const PER_CELL = 40;

// ---------------------------------------------------------------------------------------------
// Positions: small logs (found with the random-log generator) and one raw constraint store.

interface Position {
  name: string;
  /** Exact number of consistent deals (checked against the oracle). */
  deals: number;
  log?: LogJson;
  store?: ConstraintStore;
}

const POSITIONS: Position[] = [
  {
    name: 'spectator, 3 players, uneven explicit hands, refutations unseen',
    deals: 284,
    log: {
      deck: { who: ['Ada', 'Bo', 'Cy'], what: ['axe', 'bat', 'cord', 'dart'], where: ['attic', 'barn', 'cellar'] },
      players: ['Ann', 'Bob', 'Cat'],
      handSizes: [3, 3, 1],
      events: [
        { type: 'suggestion', by: 'Ann', cards: ['Bo', 'axe', 'attic'], shownBy: null },
        { type: 'suggestion', by: 'Bob', cards: ['Ada', 'bat', 'cellar'], shownBy: 'Ann' },
        { type: 'suggestion', by: 'Cat', cards: ['Ada', 'dart', 'cellar'], shownBy: 'Ann' },
      ],
    },
  },
  {
    name: 'spectator, 4 players, two wrong accusations, clauses',
    deals: 248,
    log: {
      deck: {
        suspects: ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White'],
        weapons: ['Candlestick', 'Knife', 'Lead Pipe'],
        rooms: ['Kitchen', 'Ballroom', 'Billiard Room', 'Dining Room'],
      },
      players: ['Ann', 'Bob', 'Cat', 'Dan'],
      events: [
        { type: 'accusation', by: 'Ann', cards: ['Mrs. White', 'Lead Pipe', 'Billiard Room'], correct: false },
        { type: 'suggestion', by: 'Bob', cards: ['Mrs. White', 'Candlestick', 'Dining Room'], shownBy: 'Ann' },
        { type: 'accusation', by: 'Cat', cards: ['Colonel Mustard', 'Knife', 'Kitchen'], correct: false },
        { type: 'suggestion', by: 'Dan', cards: ['Miss Scarlet', 'Lead Pipe', 'Ballroom'], shownBy: 'Bob' },
        { type: 'suggestion', by: 'Bob', cards: ['Colonel Mustard', 'Knife', 'Billiard Room'], shownBy: 'Cat' },
        { type: 'suggestion', by: 'Dan', cards: ['Mrs. White', 'Lead Pipe', 'Ballroom'], shownBy: 'Ann' },
        { type: 'suggestion', by: 'Bob', cards: ['Miss Scarlet', 'Lead Pipe', 'Ballroom'], shownBy: 'Cat' },
      ],
    },
  },
  {
    name: 'observer, 4 players, 2 categories, clauses and a wrong accusation',
    deals: 90,
    log: {
      deck: {
        suspects: ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green'],
        weapons: ['Candlestick', 'Knife', 'Lead Pipe', 'Revolver'],
      },
      players: ['Ann', 'Bob', 'Cat', 'Dan'],
      me: 'Dan',
      myHand: ['Knife'],
      events: [
        { type: 'suggestion', by: 'Bob', cards: ['Mrs. White', 'Candlestick'], shownBy: 'Ann' },
        { type: 'suggestion', by: 'Cat', cards: ['Miss Scarlet', 'Knife'], shownBy: 'Dan' },
        { type: 'accusation', by: 'Dan', cards: ['Mr. Green', 'Knife'], correct: false },
        { type: 'suggestion', by: 'Ann', cards: ['Mrs. White', 'Knife'], shownBy: 'Dan' },
        { type: 'suggestion', by: 'Bob', cards: ['Mr. Green', 'Knife'], shownBy: 'Dan' },
      ],
    },
  },
  {
    name: 'observer, 4 players, a face-up card, no events',
    deals: 108,
    log: {
      deck: {
        suspects: ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White'],
        weapons: ['Candlestick', 'Knife', 'Lead Pipe'],
        rooms: ['Kitchen', 'Ballroom', 'Billiard Room', 'Dining Room'],
      },
      players: ['Ann', 'Bob', 'Cat', 'Dan'],
      faceUp: ['Dining Room'],
      me: 'Bob',
      myHand: ['Miss Scarlet', 'Colonel Mustard'],
      events: [],
    },
  },
  {
    name: 'observer, shown card, wrong accusation, face-up card',
    deals: 48,
    log: {
      deck: {
        suspects: ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green'],
        weapons: ['Candlestick', 'Knife', 'Lead Pipe'],
        rooms: ['Kitchen', 'Ballroom', 'Billiard Room', 'Dining Room'],
      },
      players: ['Ann', 'Bob', 'Cat'],
      faceUp: ['Mrs. White'],
      me: 'Bob',
      myHand: ['Dining Room', 'Lead Pipe'],
      events: [
        { type: 'suggestion', by: 'Bob', cards: ['Miss Scarlet', 'Lead Pipe', 'Billiard Room'], shownBy: 'Cat', shown: 'Billiard Room' },
        { type: 'accusation', by: 'Cat', cards: ['Mr. Green', 'Lead Pipe', 'Dining Room'], correct: false },
        { type: 'suggestion', by: 'Ann', cards: ['Mrs. White', 'Lead Pipe', 'Ballroom'], shownBy: 'Bob' },
      ],
    },
  },
  {
    name: 'late spectator game, 9 deals left',
    deals: 9,
    log: {
      deck: { who: ['Ada', 'Bo', 'Cy'], what: ['axe', 'bat'], where: ['attic', 'barn', 'cellar'] },
      players: ['Ann', 'Bob'],
      events: [
        { type: 'suggestion', by: 'Bob', cards: ['Ada', 'axe', 'cellar'], shownBy: 'Ann' },
        { type: 'suggestion', by: 'Ann', cards: ['Ada', 'axe', 'barn'], shownBy: 'Bob' },
        { type: 'suggestion', by: 'Bob', cards: ['Cy', 'axe', 'attic'], shownBy: 'Ann' },
        { type: 'suggestion', by: 'Ann', cards: ['Bo', 'bat', 'attic'], shownBy: null },
        { type: 'suggestion', by: 'Bob', cards: ['Cy', 'bat', 'cellar'], shownBy: 'Ann' },
        { type: 'suggestion', by: 'Ann', cards: ['Bo', 'bat', 'attic'], shownBy: null },
        { type: 'suggestion', by: 'Bob', cards: ['Bo', 'axe', 'barn'], shownBy: null },
      ],
    },
  },
  {
    name: 'late game with a face-up card and a wrong accusation, 2 deals left',
    deals: 2,
    log: {
      deck: { who: ['Ada', 'Bo'], what: ['axe', 'bat'], where: ['attic', 'barn', 'cellar'] },
      players: ['Ann', 'Bob'],
      handSizes: [2, 1],
      faceUp: ['barn'],
      events: [
        { type: 'suggestion', by: 'Ann', cards: ['Ada', 'axe', 'cellar'], shownBy: 'Bob' },
        { type: 'suggestion', by: 'Bob', cards: ['Ada', 'axe', 'cellar'], shownBy: 'Ann' },
        { type: 'suggestion', by: 'Ann', cards: ['Ada', 'axe', 'attic'], shownBy: 'Bob' },
        { type: 'suggestion', by: 'Bob', cards: ['Bo', 'bat', 'attic'], shownBy: 'Ann' },
        { type: 'accusation', by: 'Ann', cards: ['Bo', 'axe', 'attic'], correct: false },
        { type: 'suggestion', by: 'Bob', cards: ['Ada', 'bat', 'barn'], shownBy: null },
      ],
    },
  },
  {
    name: 'raw store: lacks, clauses whose owners include the envelope',
    deals: 272,
    store: {
      nCards: 8,
      nSeats: 3,
      categoryMasks: [7, 56, 192],
      faceUpMask: 0,
      handSizes: [2, 2, 1],
      holds: [0, 0, 0, 0],
      lacks: [64, 0, 0, 32],
      clauses: [
        { cards: 67, owners: 10 },
        { cards: 69, owners: 10 },
        { cards: 100, owners: 9 },
      ],
    },
  },
];

function storeOf(p: Position): ConstraintStore {
  return p.store ?? constraintsOf(parseGame(p.log));
}

/** deal (as a string of its masks) → index in the oracle's list. */
function dealIndex(oracle: OracleResult, width: number): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i * width < oracle.deals.length; i++) {
    index.set(oracle.deals.subarray(i * width, (i + 1) * width).join(','), i);
  }
  return index;
}

/** mulberry32: a tiny seeded PRNG for the test's own randomness. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------

describe('the chi-square p-value', () => {
  it('matches tabulated quantiles', () => {
    const table: Array<[number, number, number]> = [
      // [statistic, df, upper tail probability]
      [3.841458820694124, 1, 0.05],
      [6.634896601021214, 1, 0.01],
      [18.307038053275146, 10, 0.05],
      [2.558212160594453, 10, 0.99],
      [135.8069464, 100, 0.01],
      [124.3421134, 100, 0.05],
    ];
    for (const [stat, df, p] of table) expect(Math.abs(chiSquarePValue(stat, df) - p)).toBeLessThan(1e-6);
    expect(chiSquarePValue(0, 5)).toBe(1);
    expect(chiSquarePValue(1e4, 10)).toBeLessThan(1e-300);
    // monotone, and the mean of chi-square(df) sits near the middle
    expect(chiSquarePValue(299, 299)).toBeGreaterThan(0.45);
    expect(chiSquarePValue(299, 299)).toBeLessThan(0.5);
  });
});

describe('KnowledgeCore.sample is exactly uniform over the consistent deals', () => {
  for (const [i, position] of POSITIONS.entries()) {
    it(position.name, () => {
      const store = storeOf(position);
      const oracle = bruteForce(store);
      expect(oracle.count).toBe(position.deals);
      const width = store.nSeats + 2;
      const index = dealIndex(oracle, width);

      using dag = KnowledgeCore.create().load(store);
      expect(dag.consistent).toBe(true);
      expect(dag.count()).toBe(BigInt(oracle.count));
      const n = Math.max(PER_CELL * oracle.count, 400);
      const seed = 1000 + i;
      const deals = dag.sample(n, seed);
      expect(deals.length).toBe(n * width);

      // every sampled deal is consistent, per the oracle and per check()
      const observed = new Array<number>(oracle.count).fill(0);
      for (let k = 0; k < n; k++) {
        const deal = deals.subarray(k * width, (k + 1) * width);
        const at = index.get(deal.join(','));
        if (at === undefined) {
          throw new Error(`sampled deal ${k} is not consistent: [${Array.from(deal).join(', ')}] (oracle says ${dealSatisfiesStore(store, deal)})`);
        }
        observed[at]++;
      }
      expect(Array.from(dag.check(deals)).every((x) => x === 1)).toBe(true);

      if (oracle.count > 1) {
        const { stat, df, p } = uniformityPValue(observed);
        expect(p, `chi-square ${stat.toFixed(1)} on ${df} df`).toBeGreaterThan(P_THRESHOLD);
      } else {
        expect(observed).toEqual([n]);
      }

      // same seed: the same deals; another seed: other deals
      expect(dag.sample(n, seed)).toEqual(deals);
      if (oracle.count > 1) expect(dag.sample(n, seed + 1)).not.toEqual(deals);
    });
  }

  it('the test has power: a sampler that picks each card owner uniformly among the feasible ones fails it', () => {
    // The classic mistake: walk card by card choosing uniformly among owners that still allow a
    // completion, instead of proportionally to the number of completions.
    let rejected = 0;
    let tested = 0;
    for (const position of POSITIONS) {
      const store = storeOf(position);
      const oracle = bruteForce(store);
      if (oracle.count < 50) continue;
      tested++;
      const width = store.nSeats + 2;
      const all = Array.from({ length: oracle.count }, (_, k) => oracle.deals.subarray(k * width, (k + 1) * width));
      const ownerOf = (deal: Uint32Array, c: number): number => deal.findIndex((m) => ((m >>> c) & 1) === 1);
      const rand = prng(7);
      const observed = new Array<number>(oracle.count).fill(0);
      for (let k = 0; k < PER_CELL * oracle.count; k++) {
        let left = all.map((_, j) => j);
        for (let c = 0; c < store.nCards && left.length > 1; c++) {
          const owners = [...new Set(left.map((j) => ownerOf(all[j], c)))];
          const o = owners[Math.floor(rand() * owners.length)];
          left = left.filter((j) => ownerOf(all[j], c) === o);
        }
        observed[left[0]]++;
      }
      if (uniformityPValue(observed).p < P_THRESHOLD) rejected++;
    }
    expect(tested).toBeGreaterThanOrEqual(5);
    expect(rejected).toBe(tested);
  });
});

describe('KnowledgeCore.check judges deals as the oracle does', () => {
  /** Swaps two cards of different owners (seats, envelope or table). */
  function swapped(deal: Uint32Array, nCards: number, rand: () => number): Uint32Array {
    const out = Uint32Array.from(deal);
    const ownerOf = (c: number): number => out.findIndex((m) => ((m >>> c) & 1) === 1);
    for (let tries = 0; tries < 100; tries++) {
      const a = Math.floor(rand() * nCards);
      const b = Math.floor(rand() * nCards);
      const oa = ownerOf(a);
      const ob = ownerOf(b);
      if (oa === ob) continue;
      out[oa] = (out[oa] & ~(1 << a)) | (1 << b);
      out[ob] = (out[ob] & ~(1 << b)) | (1 << a);
      return out;
    }
    return out;
  }

  /** Structurally broken deals: a card moved, a card doubled, a card dropped. */
  function broken(deal: Uint32Array, nCards: number, rand: () => number): Uint32Array {
    const out = Uint32Array.from(deal);
    const c = Math.floor(rand() * nCards);
    const from = out.findIndex((m) => ((m >>> c) & 1) === 1);
    const to = Math.floor(rand() * out.length);
    const kind = Math.floor(rand() * 3);
    if (kind !== 1) out[from] &= ~(1 << c); // move or drop
    if (kind !== 2) out[to] |= 1 << c; // move or double
    return out;
  }

  function compare(dag: DagPosition, store: ConstraintStore, deals: Uint32Array[]): { pass: number; fail: number } {
    const flat = new Uint32Array(deals.length * (store.nSeats + 2));
    deals.forEach((d, k) => flat.set(d, k * (store.nSeats + 2)));
    const got = dag.check(flat);
    expect(got.length).toBe(deals.length);
    // The plain TypeScript kernel (the benchmark's baseline) must judge every deal the same way.
    const gotTs = new Uint8Array(deals.length);
    checkDeals(compileStore(store), flat, gotTs);
    let pass = 0;
    deals.forEach((d, k) => {
      const want = dealSatisfiesStore(store, d) ? 1 : 0;
      if (got[k] !== want) {
        throw new Error(`check([${Array.from(d).join(', ')}]) = ${got[k]}, oracle says ${want}; store ${JSON.stringify(store)}`);
      }
      if (gotTs[k] !== want) {
        throw new Error(`TypeScript checkDeals([${Array.from(d).join(', ')}]) = ${gotTs[k]}, oracle says ${want}; store ${JSON.stringify(store)}`);
      }
      pass += want;
    });
    return { pass, fail: deals.length - pass };
  }

  it('on the positions above: every consistent deal passes, swaps are judged exactly', () => {
    const rand = prng(42);
    let pass = 0;
    let fail = 0;
    for (const position of POSITIONS) {
      const store = storeOf(position);
      const oracle = bruteForce(store);
      const width = store.nSeats + 2;
      using dag = KnowledgeCore.create().load(store);
      expect(Array.from(dag.check(oracle.deals)).every((x) => x === 1)).toBe(true);
      const perturbed: Uint32Array[] = [];
      for (let k = 0; k < oracle.count; k++) {
        const deal = oracle.deals.subarray(k * width, (k + 1) * width);
        for (let r = 0; r < 4; r++) perturbed.push(swapped(deal, store.nCards, rand));
      }
      const res = compare(dag, store, perturbed);
      pass += res.pass;
      fail += res.fail;
    }
    // the perturbations exercise both answers
    expect(pass).toBeGreaterThan(100);
    expect(fail).toBeGreaterThan(100);
  });

  it('rejects deals that are not deals (a card moved, doubled or dropped)', () => {
    const rand = prng(43);
    for (const position of POSITIONS) {
      const store = storeOf(position);
      const oracle = bruteForce(store);
      const width = store.nSeats + 2;
      using dag = KnowledgeCore.create().load(store);
      const bad: Uint32Array[] = [];
      for (let k = 0; k < Math.min(oracle.count, 50); k++) {
        bad.push(broken(oracle.deals.subarray(k * width, (k + 1) * width), store.nCards, rand));
      }
      compare(dag, store, bad);
    }
  });

  it('on random stores and random logs: consistent deals pass, swaps are judged exactly', () => {
    const core = KnowledgeCore.create();
    const rand = prng(44);
    const run = (store: ConstraintStore): void => {
      const oracle = bruteForce(store);
      using dag = core.load(store);
      if (!dag.consistent) {
        expect(oracle.count).toBe(0);
        return;
      }
      const width = store.nSeats + 2;
      const deals: Uint32Array[] = [];
      const step = Math.max(1, Math.floor(oracle.count / 40));
      for (let k = 0; k < oracle.count; k += step) {
        const deal = oracle.deals.subarray(k * width, (k + 1) * width);
        deals.push(Uint32Array.from(deal), swapped(deal, store.nCards, rand), swapped(deal, store.nCards, rand));
      }
      compare(dag, store, deals);
    };
    fc.assert(fc.property(arbStore(), run), { seed: 8, numRuns: 100 });
    fc.assert(
      fc.property(arbConsistentLog(), (g) => run(constraintsOf(parseGame(g.log)))),
      { seed: 9, numRuns: 100 },
    );
  });
});

describe('analyze with samples, on the examples', () => {
  const names = readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.expected.json'))
    .map((f) => f.slice(0, -'.expected.json'.length))
    .sort();
  const N = 20000;

  for (const name of names) {
    it(name, () => {
      const game = parseGame(JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8')));
      const want = JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.expected.json`, 'utf8'));
      // named at the JSON boundary, as the expected answers are
      const got = analysisJson(game, analyze(game, { samples: N, seed: 1 })) as typeof want;
      expect(got.method).toBe('sampled');
      expect(got.samples).toBe(N);
      // drawn from the exact DAG, whose count is known exactly
      expect(got.consistentDeals).toBe(BigInt(want.consistentDeals));
      expect(got.owners).toEqual(want.owners);
      expect(Object.keys(got.cards)).toEqual(Object.keys(want.cards));

      for (const [card, row] of Object.entries(want.cards as Record<string, Record<string, number>>)) {
        let sum = 0;
        for (const [owner, p] of Object.entries(row)) {
          const q = got.cards[card][owner] as number;
          sum += q;
          const what = `cards["${card}"]["${owner}"]`;
          if (p === 0 || p === 1) {
            // an exactly uniform sampler of consistent deals never shows an impossible placement
            expect(q, what).toBe(p);
            continue;
          }
          // within 4 standard errors; the floor keeps the binomial tail honest for tiny p
          const se = Math.max(Math.sqrt((p * (1 - p)) / N), 2.5e-4);
          expect(Math.abs(q - p), `${what}: got ${q}, exact ${p}`).toBeLessThanOrEqual(4 * se);
        }
        expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
      }

      // envelope marginals are the envelope column of the same tallies
      for (const [cat, row] of Object.entries(got.envelope as Record<string, Record<string, number>>)) {
        expect(Object.keys(row)).toEqual(Object.keys(want.envelope[cat]));
        for (const [card, p] of Object.entries(row)) expect(Math.abs(p - got.cards[card].envelope)).toBeLessThan(1e-12);
      }

      // sampled solutions: possible ones only, most probable first, summing to 1
      const possible = new Set((want.solutions as Array<{ cards: string[] }>).map((s) => JSON.stringify(s.cards)));
      let total = 0;
      (got.solutions as Array<{ cards: string[]; probability: number }>).forEach((s, i, all) => {
        expect(possible.has(JSON.stringify(s.cards)), `impossible solution ${s.cards}`).toBe(true);
        expect(s.probability).toBeGreaterThan(0);
        if (i > 0) expect(s.probability).toBeLessThanOrEqual(all[i - 1].probability);
        total += s.probability;
      });
      expect(Math.abs(total - 1)).toBeLessThan(1e-9);

      // certainty is a property of all consistent deals: the same as the exact answer
      const known = (a: { known: Array<{ card: string; owner: string }> }) => a.known.map((k) => `${k.card} -> ${k.owner}`).sort();
      expect(known(got)).toEqual(known(want));

      // the plug-in entropy of 20000 samples is within a few hundredths of a bit
      expect(Math.abs(got.entropyBits - want.entropyBits)).toBeLessThan(0.05);

      // reproducible
      expect(analysisJson(game, analyze(game, { samples: N, seed: 1 }))).toEqual(got);
    });
  }
});
