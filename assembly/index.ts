// The knowledge core's exports. The host writes a constraint store at storePtr() (layout in
// layout.ts) and calls build(), which makes a position and returns its id; every query names a
// position, and reads answers through views on this module's memory. Positions live until the
// host disposes of them.
import { nSeatsOf, STORE, useStore } from './store';
import { OK } from './layout';
import { Position, current, select } from './dag/position';
import { build as buildPosition } from './dag/build';
import { derive as derivePosition } from './dag/derive';
import { setBudget as setBuildBudget } from './dag/budget';
import { addResponseFactor as addFactor } from './dag/response-factors';
import { envelopeCombinationCount, envelopeCountsOf, ownerCountsOf, restrictedCount as restricted } from './inference';
import { enumerate as enumerateDeals, sample as sampleDeals } from './sampler';
import { checkBatch as check } from './check';
import { seedRng } from './rng';
import { eigBatch as eig } from './eig';
import { setEnvelopeMethod as setMethod } from './dag/split-plan';

// Every constant of the layout: the host reads them all (LAYOUT_NAMES in src/knowledge/wasm-module.ts).
export * from './layout';

let io = new StaticArray<u8>(0); // grown by ioBuffer
const positions = new Array<Position | null>();
const freeIds = new Array<i32>();

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

/** Node and edge budgets of every DAG built from now on. */
export function setBudget(nodes: i32, edges: i32): void {
  setBuildBudget(nodes, edges);
}

/** A new position for the store at storePtr(); its status says OK, INCONSISTENT or TOO_LARGE. */
export function build(): i32 {
  return register(buildPosition());
}

function register(p: Position): i32 {
  if (freeIds.length > 0) {
    const id = freeIds.pop();
    positions[id] = p;
    return id;
  }
  positions.push(p);
  return positions.length - 1;
}

/**
 * A position conditioned on placements (nCards owner masks at `owners`) for the store now at
 * storePtr() (the parent's, with the facts those placements say): shares the parent's DAG.
 */
export function derive(parentId: i32, owners: usize): i32 {
  const parent = use(parentId);
  return register(derivePosition(parent, owners));
}

/** Frees a position's memory; its id may be reused. */
export function dispose(id: i32): void {
  if (id < 0 || id >= positions.length || positions[id] === null) return;
  positions[id] = null;
  freeIds.push(id);
}

function use(id: i32): Position {
  const p = positions[id];
  if (p === null) abort('no such position');
  if (p !== current) select(p!);
  return p!;
}

export function positionStatus(id: i32): i32 {
  return use(id).status;
}

/** The number of consistent deals as a double (exact below 2^53); on a weighted DAG, their total weight. */
export function totalCount(id: i32): f64 {
  return use(id).total;
}

/** The number of consistent deals as a double, weighted DAG or not. */
export function dealCount(id: i32): f64 {
  return use(id).count;
}

/** The likelihood factors of a weighted position that no card decides (1 when unweighted). */
export function likelihoodScale(id: i32): f64 {
  return use(id).scale;
}

/** Is the position's DAG weighted (by response factors)? */
export function isWeighted(id: i32): bool {
  return use(id).edgeWeight !== null;
}

/** A response factor for the next build(): see dag/response-factors.ts. */
export function addResponseFactor(cards: u32, owner: i32, w0: f64, w1: f64, w2: f64): bool {
  return addFactor(cards, owner, w0, w1, w2);
}

/** The number of consistent deals, exactly: low and high 64-bit words. */
export function exactCountLo(id: i32): u64 {
  return use(id).totalLo;
}

export function exactCountHi(id: i32): u64 {
  return use(id).totalHi;
}

export function estimatedNodes(id: i32): f64 {
  return use(id).estimatedNodes;
}

export function dagNodes(id: i32): i32 {
  return use(id).nNodes;
}

export function dagEdges(id: i32): i32 {
  return use(id).nEdges;
}

/** Pointer to nCards x ownerWidth(nSeats) f64 counts: deals placing each card with each owner. */
export function ownerCountsPtr(id: i32): usize {
  use(id);
  return changetype<usize>(ownerCountsOf());
}

export function envelopeCombinations(id: i32): i32 {
  use(id);
  return envelopeCombinationCount();
}

/** Pointer to envelopeCombinations() f64 counts: deals with each envelope combination. */
export function envelopeCountsPtr(id: i32): usize {
  use(id);
  return changetype<usize>(envelopeCountsOf());
}

/**
 * How the envelope counts of the DAGs built from now on are made: 0 by the estimated work, 1 by
 * the split passes whenever they fit, 2 by the odometer. For checks and benchmarks.
 */
export function setEnvelopeMethod(m: i32): void {
  setMethod(m);
}

/** Deals whose every card lies within its mask (nCards u32 owner masks at `owners`), counted on the DAG. */
export function restrictedCount(id: i32, owners: usize): f64 {
  use(id);
  return restricted(owners);
}

/** Seeds the sampler: seed (lo, hi words) and stream (0 = the seed's own stream). */
export function seed(lo: u32, hi: u32, stream: u32): void {
  seedRng(lo, hi, stream);
}

/** Writes n uniform consistent deals of the position at out (requires a consistent position). */
export function sample(id: i32, n: i32, out: usize): void {
  const p = use(id);
  if (p.status == OK) sampleDeals(n, out);
}

/** Writes up to maxDeals of the position's consistent deals at out; returns how many there are in all. */
export function enumerate(id: i32, out: usize, maxDeals: i32): i32 {
  const p = use(id);
  return p.status == OK ? enumerateDeals(out, maxDeals) : 0;
}

export function checkBatch(id: i32, ptr: usize, n: i32, out: usize): i32 {
  use(id);
  return check(ptr, n, out);
}

export { eigScratch } from './eig';

export function eigBatch(id: i32, dealsPtr: usize, n: i32, suggester: i32, model: i32, shownToPtr: usize, answeringPtr: usize, qFrom: i32, qTo: i32, sampled: i32, out: usize, symmetryPtr: usize): void {
  use(id);
  eig(dealsPtr, n, suggester, model, shownToPtr, answeringPtr, qFrom, qTo, sampled, out, symmetryPtr);
}

// ---- Without the DAG: exact possible owners by search, and the Markov chain sampler ----
// These read the store the host has just written at storePtr(), not a position's; the selected
// position's store is read again afterwards.
import { computePossible, findDeal, FOUND, possible, totalNodes, witness } from './sat';
import { batchCounts, envelopeCounts, run as runChain, stats as chainStats } from './mcmc';
export { BAD_START } from './mcmc';
export { FOUND, NONE, GAVE_UP } from './sat';

/** Possible owners of every card, by search: FOUND (exact) or GAVE_UP (a search took more than `budget` nodes). */
export function searchPossible(budget: i32): i32 {
  useStore(STORE);
  const r = computePossible(budget);
  restoreStore();
  return r;
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
 * A consistent deal (ownerWidth(nSeats) masks) written at `out`: FOUND, NONE or GAVE_UP. Randomized: from
 * the rng (seed() first), so different seeds give different deals.
 */
export function searchDeal(budget: i32, randomized: bool, out: usize): i32 {
  useStore(STORE);
  const r = findDeal(budget, randomized);
  if (r == FOUND) memory.copy(out, changetype<usize>(witness), <usize>(nSeatsOf() + 2) << 2);
  restoreStore();
  return r;
}

/** Runs one Markov chain (see mcmc.ts run()): FOUND, NONE, GAVE_UP or BAD_START. */
export function mcmcRun(seedLo: u32, seedHi: u32, chain: i32, steps: i32, burnIn: i32, thin: i32, batches: i32, budget: i32, start: usize, trace: usize, traceCap: i32): i32 {
  useStore(STORE);
  const r = runChain(seedLo, seedHi, chain, steps, burnIn, thin, batches, budget, start, trace, traceCap);
  restoreStore();
  return r;
}

/** batches x nCards x ownerWidth(nSeats) f64 counts of the last chain. */
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

function restoreStore(): void {
  useStore(changetype<usize>(current.store));
}
