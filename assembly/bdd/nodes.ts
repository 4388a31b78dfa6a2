// The node store and its unique table. A node is five u32 words: variable, low (the cofactor where
// the variable is false), high, the unique table's chain link, and `aux`, a word traversals use
// (0 between operations). Nodes 0 and 1 are the terminals FALSE and TRUE. Freed nodes form a list
// through their chain link. The store grows (doubling) up to `maxNodes` live nodes; an operation
// that would pass that, or that memory cannot hold, sets `tooLarge` and traps.
import { FIXED_END, TERMINAL_VAR, reserve } from './layout';
import { levelOf } from './variables';
import { placeCache, cacheBytes } from './cache';
import { placeWorkArea } from './work-area';

export const NODE_BYTES: usize = 20;
const FREE_VAR: u32 = 0xffffffff;

/** Capacity of the store: doubling, up to maxNodes and the terminals. */
export let capacity: u32 = 0;
/** The unique table's buckets (a power of two, at least the capacity). */
let bucketCount: u32 = 0;
/** Nodes ever allocated from the end of the store (ids below this are used or free). */
export let top: u32 = 2;
let freeList: u32 = 0;
export let liveNodes: u32 = 0;
export let peakNodes: u32 = 0;
export let maxNodes: u32 = 0;
/** Set when an operation stopped for want of nodes; the limit it met. */
export let tooLarge: u32 = 0;
let buckets: usize = 0;

@inline function at(n: u32): usize {
  return FIXED_END + <usize>n * NODE_BYTES;
}
@inline export function varOf(n: u32): u32 {
  return load<u32>(at(n));
}
@inline export function lowOf(n: u32): u32 {
  return load<u32>(at(n), 4);
}
@inline export function highOf(n: u32): u32 {
  return load<u32>(at(n), 8);
}
@inline function nextOf(n: u32): u32 {
  return load<u32>(at(n), 12);
}
@inline function setNext(n: u32, next: u32): void {
  store<u32>(at(n), next, 12);
}
@inline export function auxOf(n: u32): u32 {
  return load<u32>(at(n), 16);
}
@inline export function setAux(n: u32, a: u32): void {
  store<u32>(at(n), a, 16);
}
/** The level of node n's variable (the terminals': below every variable). */
@inline export function levelOfNode(n: u32): u32 {
  return levelOf(varOf(n));
}
@inline export function isFree(n: u32): bool {
  return varOf(n) == FREE_VAR;
}

@inline function hash(v: u32, lo: u32, hi: u32): u32 {
  let h = v * 0x9e3779b1 + lo * 0x85ebca77 + hi * 0xc2b2ae3d;
  h ^= h >>> 15;
  h *= 0x27d4eb2f;
  return h ^ (h >>> 13);
}

@inline function bucketOf(v: u32, lo: u32, hi: u32): usize {
  return buckets + ((<usize>(hash(v, lo, hi) & (bucketCount - 1))) << 2);
}

/** Lays the tables out after a store of `cap` nodes; false if memory cannot hold them. */
function place(cap: u32): bool {
  const count = cap <= 1 ? 1 : <u32>1 << (32 - clz(cap - 1));
  const tables = FIXED_END + <usize>cap * NODE_BYTES;
  const cache = tables + (<usize>count << 2);
  const end = cache + cacheBytes(count);
  if (!reserve(end)) return false;
  capacity = cap;
  bucketCount = count;
  buckets = tables;
  placeCache(cache, count);
  placeWorkArea(end);
  return true;
}

/** Empties the unique table and enters every node in use. */
export function rehash(): void {
  memory.fill(buckets, 0, <usize>bucketCount << 2);
  for (let n: u32 = 2; n < top; n++) {
    if (isFree(n)) continue;
    const b = bucketOf(varOf(n), lowOf(n), highOf(n));
    setNext(n, load<u32>(b));
    store<u32>(b, n);
  }
}

export function initNodes(limit: u32, initial: u32): bool {
  maxNodes = limit;
  top = 2;
  freeList = 0;
  liveNodes = 0;
  peakNodes = 0;
  tooLarge = 0;
  if (!place(min(initial, limit + 2))) return false;
  for (let t: u32 = 0; t < 2; t++) {
    store<u32>(at(t), TERMINAL_VAR);
    store<u32>(at(t), t, 4);
    store<u32>(at(t), t, 8);
    store<u32>(at(t), 0, 12);
    store<u32>(at(t), 0, 16);
  }
  rehash();
  return true;
}

/** Stops the operation: the diagrams need more than `limit` nodes. */
function stop(limit: u32): void {
  tooLarge = limit;
  unreachable();
}

/** A node id for a new node (never fails: stops the operation instead). */
function allocate(): u32 {
  if (liveNodes >= maxNodes) stop(maxNodes);
  if (freeList != 0) {
    const n = freeList;
    freeList = nextOf(n);
    return n;
  }
  if (top >= capacity) {
    // Live nodes are below maxNodes, so a store full of them has room to grow.
    if (!place(<u32>min<u64>(<u64>capacity << 1, <u64>maxNodes + 2))) stop(liveNodes);
    rehash();
  }
  return top++;
}

/** The node (v, lo, hi), reduced and unique. */
export function mk(v: u32, lo: u32, hi: u32): u32 {
  if (lo == hi) return lo;
  const b = bucketOf(v, lo, hi);
  for (let n = load<u32>(b); n != 0; n = nextOf(n)) {
    if (varOf(n) == v && lowOf(n) == lo && highOf(n) == hi) return n;
  }
  const n = allocate();
  const p = at(n);
  store<u32>(p, v);
  store<u32>(p, lo, 4);
  store<u32>(p, hi, 8);
  store<u32>(p, 0, 16);
  // The table may have moved while allocating.
  const b2 = bucketOf(v, lo, hi);
  store<u32>(p, load<u32>(b2), 12);
  store<u32>(b2, n);
  if (++liveNodes > peakNodes) peakNodes = liveNodes;
  return n;
}

/** Frees node n (collect's sweep; the unique table is rebuilt after). */
export function release(n: u32): void {
  store<u32>(at(n), FREE_VAR);
  setNext(n, freeList);
  freeList = n;
  liveNodes--;
}

/** Puts a node already free back on the (rebuilt) free list. */
export function relink(n: u32): void {
  setNext(n, freeList);
  freeList = n;
}

/** Forgets the free list (collect's sweep rebuilds it). */
export function clearFreeList(): void {
  freeList = 0;
}

export function clearTooLarge(): void {
  tooLarge = 0;
}
