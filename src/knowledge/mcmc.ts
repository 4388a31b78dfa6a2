// Estimates without the DAG: Markov chains over the consistent deals (assembly/mcmc.ts), for
// positions too large to count. Chains are the unit of work: chain i is determined by (seed, i)
// alone, so the chains can run anywhere (runChain is a pure task: plain inputs, typed-array
// outputs) and combineChains gives the same bytes whatever ran which chain.
//
// Each chain records its samples in batches. The standard errors are batch means over every batch
// of every chain (so they include the disagreement between chains); the effective sample size of
// a probability p is p (1 - p) / SE²; R-hat is the split-chain potential scale reduction (each
// chain cut in two halves), which exceeds 1 when the chains have not forgotten their starts.
import { addFact, type ConstraintStore, type Fact } from './constraints.js';
import { combinationCount, type Tallies } from './tallies.js';
import { DEFAULT_SEARCH_BUDGET, SearchGaveUpError, possibleOwners } from './search.js';
import type { SampleTallies, Sampler } from './worlds.js';
import type { KnowledgeCore } from './wasm-core.js';
import { ownerWidth } from '../model/owners.js';

interface McmcExports {
  memory: WebAssembly.Memory;
  ioBuffer(bytes: number): number;
  mcmcRun(seedLo: number, seedHi: number, chain: number, steps: number, burnIn: number, thin: number, batches: number, budget: number, start: number, trace: number, traceCap: number): number;
  mcmcBatchCountsPtr(): number;
  mcmcEnvelopeCountsPtr(): number;
  mcmcStatsPtr(): number;
  FOUND: WebAssembly.Global;
  GAVE_UP: WebAssembly.Global;
  BAD_START: WebAssembly.Global;
}

export interface McmcOptions {
  seed: number;
  /** Independent chains, each from its own random consistent deal (default 8). */
  chains?: number;
  /** Steps per chain after burn-in. A step is one block move and one swap proposal per movable card. */
  steps: number;
  /** Steps discarded first (default steps / 4). */
  burnIn?: number;
  /** Record every thin-th state (default 1). */
  thin?: number;
  /** Batches per chain, for the standard errors; even (default 20). */
  batches?: number;
  /** Search nodes allowed to find each chain's starting deal. */
  searchBudget?: number;
}

/** One chain's work: plain data, so it can travel to a worker. */
export interface ChainTask {
  store: ConstraintStore;
  seed: number;
  chain: number;
  steps: number;
  burnIn: number;
  thin: number;
  batches: number;
  searchBudget: number;
  /** Start from this consistent deal (ownerWidth(nSeats) masks) instead of a random one from the search. */
  start?: Uint32Array;
  /** Also return the first `trace` recorded deals (default 0). */
  trace?: number;
}

export interface ChainResult {
  chain: number;
  /** Recorded states. */
  samples: number;
  /** batches x nCards x ownerWidth(nSeats) counts: per batch, card and owner (seats, envelope, table). */
  batchCounts: Float64Array;
  /** Recorded states per batch. */
  batchSizes: number[];
  /** Per envelope combination (mixed radix, first category most significant). */
  envelopeCounts: Float64Array;
  swapProposals: number;
  swapsAccepted: number;
  blockMoves: number;
  /** Redistributions enumerated by the block moves, in all. */
  redistributions: number;
  /** The first recorded deals, ownerWidth(nSeats) masks each (empty unless asked for). */
  trace: Uint32Array;
}

export interface McmcResult {
  /** Counts over every recorded state of every chain; total = recorded states. */
  tallies: Tallies;
  /** nCards x ownerWidth(nSeats): the standard error of each card-owner probability (batch means). */
  standardErrors: Float64Array;
  /** Per card: the standard error of its probability of being in the envelope. */
  envelopeStandardErrors: Float64Array;
  /** Per card-owner probability: p (1 - p) / SE² (NaN where p is 0 or 1). */
  effectiveSampleSizes: Float64Array;
  /** The smallest effective sample size over the uncertain probabilities (the total when none is). */
  effectiveSampleSize: number;
  /** Per card-owner probability: split-chain R-hat (NaN where every half-chain is constant and agrees). */
  rHats: Float64Array;
  /** The largest R-hat: near 1 when the chains agree; well above (say > 1.05) means run longer. */
  rHat: number;
  chains: number;
  steps: number;
  burnIn: number;
  thin: number;
  /** Accepted / proposed swaps. */
  swapAcceptance: number;
}

export class NoConsistentDealError extends Error {
  override name = 'NoConsistentDealError';
  constructor() {
    super('no deal is consistent with the constraints');
  }
}

const DEFAULT_CHAINS = 8;
const DEFAULT_BATCHES = 20;

/** The chain tasks of a request, in chain order. */
export function chainTasks(store: ConstraintStore, options: McmcOptions): ChainTask[] {
  const chains = options.chains ?? DEFAULT_CHAINS;
  const thin = options.thin ?? 1;
  const batches = options.batches ?? DEFAULT_BATCHES;
  const burnIn = options.burnIn ?? Math.floor(options.steps / 4);
  const positive = (x: number) => Number.isSafeInteger(x) && x > 0;
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new RangeError(`seed must be a non-negative integer, got ${options.seed}`);
  if (!positive(chains)) throw new RangeError(`chains must be a positive integer, got ${chains}`);
  if (!positive(thin)) throw new RangeError(`thin must be a positive integer, got ${thin}`);
  if (!positive(batches) || batches % 2 !== 0) throw new RangeError(`batches must be a positive even integer, got ${batches}`);
  if (!Number.isSafeInteger(burnIn) || burnIn < 0) throw new RangeError(`burnIn must be a non-negative integer, got ${burnIn}`);
  if (!positive(options.steps) || options.steps > 2 ** 31 - 1 || Math.floor(options.steps / thin) < batches) {
    throw new RangeError(`steps / thin must give at least one sample per batch (${batches}), got ${options.steps} / ${thin}`);
  }
  const searchBudget = options.searchBudget ?? DEFAULT_SEARCH_BUDGET;
  return Array.from({ length: chains }, (_, chain) => ({ store, seed: options.seed, chain, steps: options.steps, burnIn, thin, batches, searchBudget }));
}

/** Runs one chain on `core` (which it leaves holding `task.store`). */
export function runChain(core: KnowledgeCore, task: ChainTask): ChainResult {
  const instance = core.instance();
  const x = instance.exports as unknown as McmcExports;
  const { store } = task;
  const width = ownerWidth(store.nSeats);
  instance.writeStore(store);
  // One I/O buffer: the start deal, then the trace.
  const traceCap = task.trace ?? 0;
  const io = x.ioBuffer((traceCap + 1) * width * 4);
  const startPtr = task.start ? io : 0;
  const tracePtr = traceCap > 0 ? io + width * 4 : 0;
  if (task.start) instance.memory.u32.set(task.start.subarray(0, width), io >>> 2);
  const seedLo = task.seed >>> 0;
  const seedHi = Math.floor(task.seed / 2 ** 32) >>> 0;
  const status = x.mcmcRun(seedLo, seedHi, task.chain, task.steps, task.burnIn, task.thin, task.batches, task.searchBudget, startPtr, tracePtr, traceCap);
  if (status === x.GAVE_UP.value) throw new SearchGaveUpError(task.searchBudget);
  if (status === x.BAD_START.value) throw new RangeError('the start of a chain must be a consistent deal');
  if (status !== x.FOUND.value) throw new NoConsistentDealError();

  const samples = Math.floor(task.steps / task.thin);
  const cells = store.nCards * width;
  const f64 = instance.memory.f64;
  const counts = x.mcmcBatchCountsPtr() >>> 3;
  const envelope = x.mcmcEnvelopeCountsPtr() >>> 3;
  const stats = f64.slice(x.mcmcStatsPtr() >>> 3, (x.mcmcStatsPtr() >>> 3) + 4);
  const recorded = Math.min(traceCap, samples);
  return {
    chain: task.chain,
    samples,
    batchCounts: f64.slice(counts, counts + task.batches * cells),
    batchSizes: Array.from({ length: task.batches }, (_, b) => Math.floor((samples * (b + 1)) / task.batches) - Math.floor((samples * b) / task.batches)),
    envelopeCounts: f64.slice(envelope, envelope + combinationCount(store.categoryMasks)),
    swapProposals: stats[0],
    swapsAccepted: stats[1],
    blockMoves: stats[2],
    redistributions: stats[3],
    trace: recorded > 0 ? instance.memory.u32.slice(tracePtr >>> 2, (tracePtr >>> 2) + recorded * width) : new Uint32Array(0),
  };
}

/** Tallies, standard errors and diagnostics from the chains' results (in chain order). */
export function combineChains(store: ConstraintStore, results: ChainResult[], tasks: ChainTask[]): McmcResult {
  const width = ownerWidth(store.nSeats);
  const cells = store.nCards * width;
  const batches = tasks[0].batches;
  const ownerCounts = new Float64Array(cells);
  const envelopeCounts = new Float64Array(combinationCount(store.categoryMasks));
  let total = 0;
  for (const r of results) {
    total += r.samples;
    for (let b = 0; b < batches; b++) for (let i = 0; i < cells; i++) ownerCounts[i] += r.batchCounts[b * cells + i];
    for (let i = 0; i < envelopeCounts.length; i++) envelopeCounts[i] += r.envelopeCounts[i];
  }

  const standardErrors = new Float64Array(cells);
  const effectiveSampleSizes = new Float64Array(cells);
  const rHats = new Float64Array(cells);
  const nBatchMeans = results.length * batches;
  const half = batches / 2;
  let minEss = Infinity;
  let maxRHat = 1;
  for (let i = 0; i < cells; i++) {
    const p = ownerCounts[i] / total;
    // Batch means of every chain.
    let squares = 0;
    for (const r of results) {
      for (let b = 0; b < batches; b++) {
        const m = r.batchCounts[b * cells + i] / r.batchSizes[b];
        squares += (m - p) * (m - p);
      }
    }
    const se = Math.sqrt(squares / (nBatchMeans * (nBatchMeans - 1)));
    standardErrors[i] = se;
    const uncertain = p > 0 && p < 1;
    effectiveSampleSizes[i] = uncertain ? (p * (1 - p)) / (se * se) : NaN;
    if (uncertain) minEss = Math.min(minEss, effectiveSampleSizes[i]);
    rHats[i] = splitRHat(results, i, cells, half);
    if (rHats[i] > maxRHat) maxRHat = rHats[i];
  }
  const envelopeStandardErrors = Float64Array.from({ length: store.nCards }, (_, c) => standardErrors[c * width + store.nSeats]);
  const proposals = results.reduce((n, r) => n + r.swapProposals, 0);
  const accepted = results.reduce((n, r) => n + r.swapsAccepted, 0);
  return {
    tallies: { total, ownerCounts, envelopeCounts },
    standardErrors,
    envelopeStandardErrors,
    effectiveSampleSizes,
    effectiveSampleSize: Number.isFinite(minEss) ? minEss : total,
    rHats,
    rHat: maxRHat,
    chains: results.length,
    steps: tasks[0].steps,
    burnIn: tasks[0].burnIn,
    thin: tasks[0].thin,
    swapAcceptance: proposals > 0 ? accepted / proposals : 0,
  };
}

/**
 * Split-chain R-hat of one cell from batch counts: every chain cut into its first and second
 * halves of batches. A 0/1 indicator's variance within a half is n/(n-1) p (1 - p).
 */
function splitRHat(results: ChainResult[], cell: number, cells: number, half: number): number {
  const means: number[] = [];
  const variances: number[] = [];
  let n = 0;
  for (const r of results) {
    for (const [from, to] of [[0, half], [half, 2 * half]]) {
      let count = 0;
      let size = 0;
      for (let b = from; b < to; b++) {
        count += r.batchCounts[b * cells + cell];
        size += r.batchSizes[b];
      }
      const m = count / size;
      means.push(m);
      variances.push(size > 1 ? (size / (size - 1)) * m * (1 - m) : 0);
      n += size;
    }
  }
  n /= means.length;
  const k = means.length;
  const grand = means.reduce((a, b) => a + b, 0) / k;
  const between = means.reduce((a, m) => a + (m - grand) * (m - grand), 0) / (k - 1); // B / n
  const within = variances.reduce((a, b) => a + b, 0) / k;
  if (within === 0) return between === 0 ? NaN : Infinity;
  return Math.sqrt(((n - 1) / n) * within + between) / Math.sqrt(within);
}

/** Runs every chain of a request on `core`, one after the other, and combines them. */
export function mcmcTallies(core: KnowledgeCore, store: ConstraintStore, options: McmcOptions): McmcResult {
  const tasks = chainTasks(store, options);
  return combineChains(store, tasks.map((task) => runChain(core, task)), tasks);
}

/**
 * Per envelope combination, the standard error of its probability from the spread of the chains'
 * own estimates (the chains are independent, each from its own start).
 */
export function envelopeCombinationErrors(results: ChainResult[], total: number, envelopeCounts: Float64Array): Float64Array {
  const k = results.length;
  const errors = new Float64Array(envelopeCounts.length);
  if (k < 2) return errors.fill(NaN);
  for (let i = 0; i < envelopeCounts.length; i++) {
    const p = envelopeCounts[i] / total;
    let squares = 0;
    for (const r of results) {
      const m = r.envelopeCounts[i] / r.samples;
      squares += (m - p) * (m - p);
    }
    errors[i] = Math.sqrt(squares / (k * (k - 1)));
  }
  return errors;
}

/** Chains worth `samples` recorded states in all, spread over `chains` chains. */
export function chainsFor(store: ConstraintStore, samples: number, seed: number, chains = DEFAULT_CHAINS): ChainTask[] {
  const steps = Math.max(DEFAULT_BATCHES, Math.ceil(samples / chains));
  return chainTasks(store, { seed, chains, steps });
}

/** The tallies of combined chains, with their standard errors, as a Sampler reports them. */
export function chainSampleTallies(results: ChainResult[], tasks: ChainTask[]): SampleTallies {
  const combined = combineChains(tasks[0].store, results, tasks);
  return {
    ...combined.tallies,
    ownerErrors: combined.standardErrors,
    envelopeErrors: envelopeCombinationErrors(results, combined.tallies.total, combined.tallies.envelopeCounts),
    effectiveSamples: combined.effectiveSampleSize,
  };
}

/**
 * A Markov chain over the consistent deals, behind the Sampler interface: the sampler of
 * positions too large for their DAG. Certainty comes from the search (exact), given when made.
 */
export class McmcSampler implements Sampler {
  readonly method = 'mcmc';

  constructor(
    readonly core: KnowledgeCore,
    readonly store: ConstraintStore,
    private readonly possible: Uint32Array,
  ) {}

  tallies(samples: number, seed: number): SampleTallies {
    const tasks = chainsFor(this.store, samples, seed);
    return chainSampleTallies(tasks.map((task) => runChain(this.core, task)), tasks);
  }

  draw(samples: number, seed: number): Uint32Array {
    const width = ownerWidth(this.store.nSeats);
    const tasks = chainsFor(this.store, samples, seed).map((task) => ({ ...task, trace: Math.ceil(samples / DEFAULT_CHAINS) }));
    const out = new Uint32Array(samples * width);
    let filled = 0;
    for (const task of tasks) {
      const trace = runChain(this.core, task).trace;
      const take = Math.min(trace.length, (samples - filled) * width);
      out.set(trace.subarray(0, take), filled * width);
      filled += take / width;
    }
    return out;
  }

  possibleOwners(): Uint32Array {
    return this.possible;
  }

  exactCount(): null {
    return null;
  }

  with(fact: Fact): McmcSampler {
    const store = addFact(this.store, fact);
    const search = possibleOwners(this.core, store);
    if (search.status !== 'exact') throw new SearchGaveUpError(DEFAULT_SEARCH_BUDGET);
    return new McmcSampler(this.core, store, search.possible);
  }

  dispose(): void {}

  [Symbol.dispose](): void {}
}
