// The knowledge core's exports. The host writes a constraint store at storePtr() (layout in
// layout.ts), calls build(), then reads answers through views on this module's memory.
import { nSeatsOf, STORE } from './store';
import * as dag from './dag';
import { computeEnvelopeCounts, computeOwnerCounts, envelopeCombinationCount } from './inference';
import { sample as sampleDeals } from './sampler';
import { checkBatch as check } from './check';
import { seedRng } from './rng';

export {
  MAX_CARDS, MAX_SEATS, MAX_CLAUSES, ST_N_CARDS, ST_N_SEATS, ST_N_CATEGORIES, ST_FACE_UP, ST_N_CLAUSES,
  ST_CATEGORY_MASKS, ST_HAND_SIZES, ST_HOLDS, ST_LACKS, ST_CLAUSES, STORE_WORDS, OK, INCONSISTENT, TOO_LARGE,
} from './layout';

let io = new StaticArray<u8>(1 << 16);
let ownerCounts: StaticArray<f64> | null = null;

export function storePtr(): usize {
  return STORE;
}

/**
 * A scratch buffer of at least `bytes` for deals in and out (plus slack: the SIMD check reads up
 * to 16 bytes past a deal). May grow memory: re-take views after.
 */
export function ioBuffer(bytes: i32): usize {
  if (io.length < bytes + 64) io = new StaticArray<u8>(bytes + 64);
  return changetype<usize>(io);
}

/** Builds the DAG for the current store. OK, INCONSISTENT (no deal) or TOO_LARGE. */
export function build(): i32 {
  ownerCounts = null;
  return dag.build();
}

export function totalCount(): f64 {
  return dag.total;
}

export function dagNodes(): i32 {
  return dag.nNodes;
}

export function dagEdges(): i32 {
  return dag.nEdges;
}

/** Pointer to nCards x (nSeats + 2) f64 counts: deals placing each card with each owner. */
export function ownerCountsPtr(): usize {
  if (ownerCounts === null) ownerCounts = computeOwnerCounts();
  return changetype<usize>(ownerCounts);
}

export function envelopeCombinations(): i32 {
  return envelopeCombinationCount();
}

/** Pointer to envelopeCombinations() f64 counts: deals with each envelope combination. */
export function envelopeCountsPtr(): usize {
  if (ownerCounts === null) ownerCounts = computeOwnerCounts();
  return changetype<usize>(computeEnvelopeCounts(ownerCounts!));
}

/** Seeds the sampler: seed (lo, hi words) and stream (0 = the seed's own stream). */
export function seed(lo: u32, hi: u32, stream: u32): void {
  seedRng(lo, hi, stream);
}

export { eigBatch, eigScratch } from './eig';

/** Writes n uniform consistent deals at out (requires a successful build). */
export function sample(n: i32, out: usize): void {
  if (dag.total > 0) sampleDeals(n, out);
}

export function checkBatch(ptr: usize, n: i32, out: usize): i32 {
  return check(ptr, n, out);
}

// ---- Without the DAG: exact possible owners by search, and the Markov chain sampler ----
import { computePossible, findDeal, FOUND, possible, totalNodes, witness } from './sat';
import { batchCounts, envelopeCounts, run as runChain, stats as chainStats } from './mcmc';
export { BAD_START } from './mcmc';
export { FOUND, NONE, GAVE_UP } from './sat';

/** Possible owners of every card, by search: FOUND (exact) or GAVE_UP (a search took more than `budget` nodes). */
export function searchPossible(budget: i32): i32 {
  return computePossible(budget);
}

/** Search nodes the last searchPossible() or searchDeal() took, over all its queries. */
export function searchNodes(): f64 {
  return totalNodes;
}

/** nCards u32 owner masks (bits: seats, envelope, table) from the last searchPossible(). */
export function searchPossiblePtr(): usize {
  return changetype<usize>(possible);
}

/**
 * A consistent deal (nSeats + 2 masks) written at `out`: FOUND, NONE or GAVE_UP. Randomized: from
 * the rng (seed() first), so different seeds give different deals.
 */
export function searchDeal(budget: i32, randomized: bool, out: usize): i32 {
  const r = findDeal(budget, randomized);
  if (r == FOUND) memory.copy(out, changetype<usize>(witness), <usize>(nSeatsOf() + 2) << 2);
  return r;
}

/** Runs one Markov chain (see mcmc.ts run()): FOUND, NONE, GAVE_UP or BAD_START. */
export function mcmcRun(seedLo: u32, seedHi: u32, chain: i32, steps: i32, burnIn: i32, thin: i32, batches: i32, budget: i32, start: usize, trace: usize, traceCap: i32): i32 {
  return runChain(seedLo, seedHi, chain, steps, burnIn, thin, batches, budget, start, trace, traceCap);
}

/** batches x nCards x (nSeats + 2) f64 counts of the last chain. */
export function mcmcBatchCountsPtr(): usize {
  return changetype<usize>(batchCounts);
}

/** Per envelope combination (mixed radix, first category most significant), f64 counts of the last chain. */
export function mcmcEnvelopeCountsPtr(): usize {
  return changetype<usize>(envelopeCounts);
}

/** 4 f64: swap proposals, swaps accepted, block moves, redistributions enumerated. */
export function mcmcStatsPtr(): usize {
  return changetype<usize>(chainStats);
}
