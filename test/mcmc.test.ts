/**
 * The Markov chain sampler (assembly/mcmc.ts, src/knowledge/mcmc.ts) against independent truth:
 * every recorded state checked by the brute-force predicate, estimates against exact answers (the
 * brute-force enumerator on small decks, the DAG on larger ones) within a Bonferroni-corrected
 * multiple of the reported standard errors, the standard errors against the spread over
 * independent seeds, the diagnostics' arithmetic on hand-made chains, and determinism.
 * Seeds are fixed, so every outcome is reproducible.
 */
import { describe, expect, it } from 'vitest';
import { runs } from './support/tier.js';
import fc from 'fast-check';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { emptyStore } from '../src/knowledge/constraints.js';
import { parseGame } from '../src/io/log.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { chainTasks, combineChains, mcmcTallies, NoConsistentDealError, runChain, type ChainResult, type McmcResult } from '../src/knowledge/mcmc.js';
import { findDeal, SearchGaveUpError } from '../src/knowledge/search.js';
import { bruteForce, dealSatisfiesStore, envelopeCards } from './support/brute-force.js';
import { arbConsistentLog, arbNoisyLog, arbStore } from './support/random-logs.js';
import { simulatePosition } from './support/simulated-positions.js';
import { uniformityPValue } from './support/chi-square.js';

/** Two-sided normal tail probability P(|Z| > z). */
function normalTail(z: number): number {
  // erfc by the Numerical Recipes rational approximation (relative error < 1.2e-7)
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const y = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851973 + t * (-0.82215223 + t * 0.17087277)))))))));
  return y;
}

interface Exact {
  count: number;
  ownerCounts: Float64Array;
  envelopeCounts: Float64Array;
}

interface Comparison {
  /** Cells with 0 < p < 1 and their z-scores. */
  z: number[];
}

/**
 * Certain and impossible placements must be estimated exactly (the chain never leaves the
 * consistent deals); every other cell gives a z-score (estimate - exact) / reported SE.
 */
function compare(store: ConstraintStore, exact: Exact, got: McmcResult, what: string): Comparison {
  const z: number[] = [];
  expect(got.tallies.ownerCounts.length).toBe(exact.ownerCounts.length);
  got.tallies.ownerCounts.forEach((k, i) => {
    const p = exact.ownerCounts[i] / exact.count;
    const q = k / got.tallies.total;
    if (p === 0 || p === 1) {
      expect(q, `${what}: cell ${i}`).toBe(p);
      return;
    }
    expect(got.standardErrors[i], `${what}: cell ${i} has SE 0 but p = ${p}`).toBeGreaterThan(0);
    z.push((q - p) / got.standardErrors[i]);
  });
  // envelope combinations: only possible ones, and their sums are the envelope column
  const w = store.nSeats + 2;
  let sum = 0;
  got.tallies.envelopeCounts.forEach((k, i) => {
    sum += k;
    if (k > 0) expect(exact.envelopeCounts[i], `${what}: impossible envelope ${i}`).toBeGreaterThan(0);
  });
  expect(sum).toBe(got.tallies.total);
  const column = new Float64Array(store.nCards);
  got.tallies.envelopeCounts.forEach((k, i) => {
    if (k > 0) for (const c of envelopeCards(store.categoryMasks, i)) column[c] += k;
  });
  for (let c = 0; c < store.nCards; c++) expect(column[c]).toBe(got.tallies.ownerCounts[c * w + store.nSeats]);
  return { z };
}

/** Random small positions whose number of consistent deals lies in [min, max], from the three generators in turn. */
function smallPositions(count: number, seed: number, min = 2, max = Infinity): ConstraintStore[] {
  const out: ConstraintStore[] = [];
  const sources = [
    () => fc.sample(arbStore(), { seed: seed++, numRuns: 1 })[0],
    () => constraintsOf(parseGame(fc.sample(arbConsistentLog(), { seed: seed++, numRuns: 1 })[0].log)),
    () => constraintsOf(parseGame(fc.sample(arbNoisyLog(), { seed: seed++, numRuns: 1 })[0].log)),
  ];
  for (let i = 0; out.length < count; i++) {
    if (i > 100 * count) throw new Error('too few positions of that size');
    const store = sources[i % 3]();
    const n = bruteForce(store).count;
    if (n >= min && n <= max) out.push(store);
  }
  return out;
}

/**
 * Positions where swaps of two cards never lead from one consistent deal to another: every seat
 * holds one card and may hold only its own or the next seat's, so the only deals are the
 * identity and the rotation by one, which differ by a k-cycle.
 */
function cyclePosition(k: number): ConstraintStore {
  // categories: one of k + 1 cards (k dealt, one in the envelope), two of two cards each
  const nCards = k + 1 + 4;
  const categoryMasks = [(1 << (k + 1)) - 1, 0b11 << (k + 1), 0b11 << (k + 3)];
  const store = emptyStore(nCards, categoryMasks, [...new Array(k).fill(1), 2]);
  const n = store.nSeats;
  for (let s = 0; s < k; s++) store.lacks[s] = ((2 ** nCards - 1) & ~((1 << s) | (1 << ((s + 1) % k)))) >>> 0;
  store.lacks[n] = (1 << k) - 1 | (store.lacks[n] ?? 0); // the envelope's first card is card k
  return store;
}

describe('every state of the chain is a consistent deal', () => {
  it('on random small positions (brute-force predicate)', () => {
    const core = KnowledgeCore.create();
    let checked = 0;
    for (const store of smallPositions(60, 101)) {
      const [task] = chainTasks(store, { seed: 5, chains: 1, steps: 400, burnIn: 0, batches: 2 });
      const r = runChain(core, { ...task, trace: 400 });
      const w = store.nSeats + 2;
      expect(r.trace.length).toBe(400 * w);
      for (let k = 0; k < 400; k++) {
        const deal = r.trace.subarray(k * w, (k + 1) * w);
        if (!dealSatisfiesStore(store, deal)) throw new Error(`state ${k} [${Array.from(deal)}] is not consistent with ${JSON.stringify(store)}`);
        checked++;
      }
    }
    expect(checked).toBe(60 * 400);
  });

  it('on a 10-seat, 32-card position', () => {
    const core = KnowledgeCore.create();
    const { store } = simulatePosition({ categories: [9, 9, 14], seats: 10, unseenRefutations: 20, seed: 7, wrongAccusations: 2 });
    const [task] = chainTasks(store, { seed: 5, chains: 1, steps: 2000, batches: 2 });
    const r = runChain(core, { ...task, trace: 2000 });
    const w = store.nSeats + 2;
    const distinct = new Set<string>();
    for (let k = 0; k < 2000; k++) {
      const deal = r.trace.subarray(k * w, (k + 1) * w);
      expect(dealSatisfiesStore(store, deal)).toBe(true);
      distinct.add(deal.join(','));
    }
    expect(distinct.size).toBeGreaterThan(1900); // it moves
  });
});

describe('one step from the uniform law stays uniform (the kernel leaves it invariant)', () => {
  // Exactly uniform starts (the DAG's sampler), one step each, every chain with its own seed: the
  // states after the step are independent draws, uniform exactly when the step leaves the uniform
  // law invariant. A chi-square test over every consistent deal, as for the DAG's sampler
  // (threshold 1e-4 per position, 40 expected per deal), with no autocorrelation to account for.
  const PER_DEAL = 40;
  const positions: Array<[string, ConstraintStore]> = [
    ...[3, 4].map((k): [string, ConstraintStore] => [`${k}-cycle`, cyclePosition(k)]),
    ...smallPositions(6, 301, 20, 250).map((store, i): [string, ConstraintStore] => [`random ${i}`, store]),
  ];

  /** Counts per consistent deal (oracle order) of the states after one step from each start. */
  function afterOneStep(core: KnowledgeCore, store: ConstraintStore, starts: Uint32Array, seed: number): number[] {
    const oracle = bruteForce(store);
    const w = store.nSeats + 2;
    const index = new Map<string, number>();
    for (let i = 0; i < oracle.count; i++) index.set(oracle.deals.subarray(i * w, (i + 1) * w).join(','), i);
    const counts = new Array<number>(oracle.count).fill(0);
    const n = starts.length / w;
    for (let k = 0; k < n; k++) {
      const [task] = chainTasks(store, { seed, chains: 1, steps: 2, burnIn: 0, batches: 2 });
      const r = runChain(core, { ...task, chain: k, start: starts.subarray(k * w, (k + 1) * w), trace: 1 });
      const at = index.get(r.trace.join(','));
      if (at === undefined) throw new Error(`state [${Array.from(r.trace)}] is not consistent`);
      counts[at]++;
    }
    return counts;
  }

  for (const [name, store] of positions) {
    it(name, () => {
      const core = KnowledgeCore.create();
      using dag = KnowledgeCore.create().load(store);
      expect(dag.consistent).toBe(true);
      const starts = dag.sample(PER_DEAL * Number(dag.count()), 7);
      const { stat, df, p } = uniformityPValue(afterOneStep(core, store, starts, 8));
      expect(p, `chi-square ${stat.toFixed(1)} on ${df} df`).toBeGreaterThan(1e-4);
    });
  }

  it('the test has power: the random deals chains start from (not uniform) fail it', () => {
    const core = KnowledgeCore.create();
    const tested = positions.filter(([name]) => name.startsWith('random'));
    let rejected = 0;
    for (const [, store] of tested) {
      const oracle = bruteForce(store);
      const w = store.nSeats + 2;
      const index = new Map<string, number>();
      for (let i = 0; i < oracle.count; i++) index.set(oracle.deals.subarray(i * w, (i + 1) * w).join(','), i);
      const counts = new Array<number>(oracle.count).fill(0);
      for (let k = 0; k < PER_DEAL * oracle.count; k++) counts[index.get(findDeal(core, store, 3, k + 1)!.join(','))!]++;
      if (uniformityPValue(counts).p < 1e-4) rejected++;
    }
    // (in one of the six positions the search's random deals happen to be close to uniform)
    expect(tested.length).toBe(6);
    expect(rejected).toBeGreaterThanOrEqual(5);
  });
});

describe('estimates against exact answers', () => {
  const POSITIONS = runs(60, 20);
  it(`on ${POSITIONS} random small positions (brute force): z-scores within a Bonferroni bound, mean z² near 1`, () => {
    const core = KnowledgeCore.create();
    const zs: number[] = [];
    for (const [i, store] of smallPositions(POSITIONS, 201).entries()) {
      const exact = bruteForce(store);
      const got = mcmcTallies(core, store, { seed: 1000 + i, chains: 4, steps: 2000, batches: 20 });
      zs.push(...compare(store, exact, got, `position ${i}: ${JSON.stringify(store)}`).z);
    }
    expectCalibrated(zs);
  });

  it('on positions where swaps alone never move (3-, 4- and 5-cycles)', () => {
    const core = KnowledgeCore.create();
    const zs: number[] = [];
    for (const k of [3, 4, 5]) {
      const store = cyclePosition(k);
      const exact = bruteForce(store);
      expect(exact.count).toBe(2 * 4); // identity or rotation, times the envelope's choice in the two small categories
      const got = mcmcTallies(core, store, { seed: k, chains: 4, steps: 4000, batches: 20 });
      zs.push(...compare(store, exact, got, `${k}-cycle`).z);
      expect(got.rHat).toBeLessThan(1.05);
    }
    expectCalibrated(zs, 0.05);
  });

  it('on classic and custom decks against the DAG (spectators, observers, wrong accusations)', () => {
    const core = KnowledgeCore.create();
    const dag = KnowledgeCore.create();
    const zs: number[] = [];
    for (let seed = 1; seed <= 8; seed++) {
      const { store } = simulatePosition({
        categories: seed % 2 === 0 ? [6, 6, 9] : [4, 4, 4, 4],
        seats: 3 + (seed % 4),
        unseenRefutations: 4 + seed,
        observer: seed % 3 === 0 ? 1 : null,
        faceUp: seed % 4 === 0 ? 1 : 0,
        wrongAccusations: seed % 3 === 1 ? 2 : 0,
        seed,
      });
      using position = dag.load(store);
      expect(position.consistent).toBe(true);
      const exact = { count: Number(position.count()), ownerCounts: position.ownerCounts(), envelopeCounts: position.envelopeCounts() };
      const got = mcmcTallies(core, store, { seed, chains: 4, steps: 6000, batches: 20 });
      zs.push(...compare(store, exact, got, `seed ${seed}`).z);
      // the classic threshold: one position (16 deals, moves need 3 owners at once) mixes slowly
      expect(got.rHat).toBeLessThan(1.1);
    }
    expectCalibrated(zs);
  });

  it('the standard errors match the spread of estimates over independent seeds', () => {
    const core = KnowledgeCore.create();
    const { store } = simulatePosition({ categories: [6, 6, 9], seats: 6, unseenRefutations: 10, seed: 3 });
    const runs = Array.from({ length: 24 }, (_, seed) => mcmcTallies(core, store, { seed, chains: 2, steps: 2000, batches: 20 }));
    const ratios: number[] = [];
    for (let i = 0; i < runs[0].standardErrors.length; i++) {
      const estimates = runs.map((r) => r.tallies.ownerCounts[i] / r.tallies.total);
      const mean = estimates.reduce((a, b) => a + b, 0) / runs.length;
      if (mean < 0.05 || mean > 0.95) continue;
      const spread = Math.sqrt(estimates.reduce((a, q) => a + (q - mean) ** 2, 0) / (runs.length - 1));
      const reported = Math.sqrt(runs.reduce((a, r) => a + r.standardErrors[i] ** 2, 0) / runs.length);
      ratios.push(spread / reported);
    }
    ratios.sort((a, b) => a - b);
    const median = ratios[Math.floor(ratios.length / 2)];
    // one cell's spread from 24 runs is within about ±15% (1 sd) of its true value; the median
    // over the cells, far closer. Batch means that missed the autocorrelation would sit well above 1.
    expect(ratios.length).toBeGreaterThan(40);
    expect(median).toBeGreaterThan(0.8);
    expect(median).toBeLessThan(1.25);
  });
});

/**
 * z-scores of a correct sampler with honest SEs are close to standard normal (the SE is itself
 * estimated from 80 batch means: t with 79 df, close to normal). Bonferroni: with a family-wise
 * error of `alpha`, each |z| stays below the normal quantile of alpha / cells. The mean of z² is
 * near 1 (cells are correlated, so it varies more than a chi-square over independent cells; the
 * bounds are loose on purpose and only catch SEs that are off by a factor of 1.5 or more).
 */
function expectCalibrated(zs: number[], alpha = 1e-3): void {
  expect(zs.length).toBeGreaterThan(10);
  const worst = Math.max(...zs.map(Math.abs));
  const pWorst = Math.min(1, normalTail(worst) * zs.length);
  expect(pWorst, `worst |z| ${worst.toFixed(2)} over ${zs.length} cells`).toBeGreaterThan(alpha);
  const meanSquare = zs.reduce((a, z) => a + z * z, 0) / zs.length;
  expect(meanSquare).toBeGreaterThan(0.4);
  expect(meanSquare).toBeLessThan(2.2);
}

describe('the diagnostics on hand-made chains', () => {
  // One card, two seats (no envelope categories to speak of): cell 0 = card 0 with seat 0.
  const store = emptyStore(2, [0b10], [1, 0]);
  const cells = 2 * 4;
  const chain = (chainIndex: number, perBatch: number[]): ChainResult => {
    const batchCounts = new Float64Array(perBatch.length * cells);
    perBatch.forEach((k, b) => (batchCounts[b * cells] = k));
    return {
      chain: chainIndex, samples: perBatch.length * 10, batchCounts, batchSizes: perBatch.map(() => 10), envelopeCounts: new Float64Array(2),
      swapProposals: 0, swapsAccepted: 0, blockMoves: 0, redistributions: 0, trace: new Uint32Array(0),
    };
  };
  const tasks = chainTasks(store, { seed: 1, chains: 2, steps: 40, batches: 4 });

  it('batch-means standard error, effective sample size and split R-hat by hand', () => {
    const r = combineChains(store, [chain(0, [5, 3, 5, 7]), chain(1, [4, 6, 5, 5])], tasks);
    expect(r.tallies.total).toBe(80);
    expect(r.tallies.ownerCounts[0]).toBe(40);
    // batch means 0.5 0.3 0.5 0.7 0.4 0.6 0.5 0.5 around 0.5: squares sum 0.1; SE² = 0.1 / (8 * 7)
    expect(r.standardErrors[0]).toBeCloseTo(Math.sqrt(0.1 / 56), 12);
    expect(r.effectiveSampleSizes[0]).toBeCloseTo(0.25 / (0.1 / 56), 9);
    // halves: 0.4, 0.6, 0.5, 0.5 (each of 20); within = mean of 20/19 m (1 - m); between = var of the means
    const halves = [0.4, 0.6, 0.5, 0.5];
    const within = halves.reduce((a, m) => a + (20 / 19) * m * (1 - m), 0) / 4;
    const between = halves.reduce((a, m) => a + (m - 0.5) ** 2, 0) / 3;
    expect(r.rHats[0]).toBeCloseTo(Math.sqrt((19 / 20) * within + between) / Math.sqrt(within), 12);
  });

  it('chains stuck in different places: a huge R-hat and standard error', () => {
    const r = combineChains(store, [chain(0, [10, 10, 10, 10]), chain(1, [0, 0, 0, 0])], tasks);
    expect(r.rHats[0]).toBe(Infinity);
    expect(r.rHat).toBe(Infinity);
    expect(r.standardErrors[0]).toBeGreaterThan(0.18);
  });
});

describe('determinism and chains as units of work', () => {
  const { store } = simulatePosition({ categories: [6, 6, 9], seats: 5, unseenRefutations: 8, seed: 11 });
  const options = { seed: 42, chains: 4, steps: 1000, batches: 10 };

  it('the same seed gives the same bytes; another seed, other bytes', () => {
    const a = mcmcTallies(KnowledgeCore.create(), store, options);
    const b = mcmcTallies(KnowledgeCore.create(), store, options);
    expect(bytes(b)).toEqual(bytes(a));
    const c = mcmcTallies(KnowledgeCore.create(), store, { ...options, seed: 43 });
    expect(Buffer.from(c.tallies.ownerCounts.buffer).equals(Buffer.from(a.tallies.ownerCounts.buffer))).toBe(false);
  });

  it('chains run in any order, on any core, give the same result', () => {
    const tasks = chainTasks(store, options);
    const inOrder = mcmcTallies(KnowledgeCore.create(), store, options);
    const cores = [KnowledgeCore.create(), KnowledgeCore.create()];
    const results = [...tasks].reverse().map((task, i) => runChain(cores[i % 2], task)).reverse();
    expect(bytes(combineChains(store, results, tasks))).toEqual(bytes(inOrder));
  });
});

describe('refusals', () => {
  const core = KnowledgeCore.create();
  it('no consistent deal, a search over budget, bad options', () => {
    const store = emptyStore(6, [0b11, 0b1100, 0b110000], [2, 1]);
    store.holds[0] = 0b1;
    store.holds[1] = 0b1;
    expect(() => mcmcTallies(core, store, { seed: 1, steps: 100 })).toThrow(NoConsistentDealError);
    const large = simulatePosition({ categories: [9, 9, 14], seats: 10, unseenRefutations: 20, seed: 5 }).store;
    expect(() => mcmcTallies(core, large, { seed: 1, steps: 100, searchBudget: 1 })).toThrow(SearchGaveUpError);
    const ok = emptyStore(6, [0b11, 0b1100, 0b110000], [2, 1]);
    expect(() => mcmcTallies(core, ok, { seed: 1, steps: 10 })).toThrow(RangeError);
    expect(() => mcmcTallies(core, ok, { seed: 1, steps: 100, batches: 3 })).toThrow(RangeError);
    expect(() => mcmcTallies(core, ok, { seed: -1, steps: 100 })).toThrow(RangeError);
  });
});

function bytes(r: McmcResult): Buffer {
  return Buffer.concat(
    [r.tallies.ownerCounts, r.tallies.envelopeCounts, r.standardErrors, r.effectiveSampleSizes, r.rHats].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
  );
}
