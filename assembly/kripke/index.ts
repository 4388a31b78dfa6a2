// The explicit epistemic engine's kernels (src/epistemic/explicit/): sets of worlds as bitsets
// (bit w of word w >> 5), partitions as a class id per world (dense, 0..count-1, numbered in order
// of first appearance), deals as owner masks. Everything is an address in this module's linear
// memory; the host allocates with alloc/free (the runtime's TLSF heap, no managed objects).

// ---------------------------------------------------------------------------------------------
// Memory

/** A block of at least `bytes` bytes (never 0), 16-byte aligned. */
export function alloc(bytes: u32): usize {
  return heap.alloc(<usize>max<u32>(bytes, 4));
}

export function free(ptr: usize): void {
  if (ptr != 0) heap.free(ptr);
}

@inline function words(n: u32): u32 {
  return (n + 31) >>> 5;
}

@inline function tailMask(n: u32): u32 {
  const rest = n & 31;
  return rest == 0 ? 0xffffffff : (<u32>1 << rest) - 1;
}

@inline function getBit(set: usize, w: u32): bool {
  return (load<u32>(set + ((<usize>(w >>> 5)) << 2)) & (<u32>1 << (w & 31))) != 0;
}

@inline function i32At(p: usize, i: u32): i32 {
  return load<i32>(p + ((<usize>i) << 2));
}

@inline function u32At(p: usize, i: u32): u32 {
  return load<u32>(p + ((<usize>i) << 2));
}

@inline function setI32(p: usize, i: u32, v: i32): void {
  store<i32>(p + ((<usize>i) << 2), v);
}

@inline function setU32(p: usize, i: u32, v: u32): void {
  store<u32>(p + ((<usize>i) << 2), v);
}

// ---------------------------------------------------------------------------------------------
// World sets (n worlds; the bits past n - 1 are kept clear)

export function setNot(a: usize, out: usize, n: u32): void {
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) setU32(out, i, ~u32At(a, i));
  if (k > 0) setU32(out, k - 1, u32At(out, k - 1) & tailMask(n));
}

export function setAnd(a: usize, b: usize, out: usize, n: u32): void {
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) setU32(out, i, u32At(a, i) & u32At(b, i));
}

export function setOr(a: usize, b: usize, out: usize, n: u32): void {
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) setU32(out, i, u32At(a, i) | u32At(b, i));
}

export function setImplies(a: usize, b: usize, out: usize, n: u32): void {
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) setU32(out, i, ~u32At(a, i) | u32At(b, i));
  if (k > 0) setU32(out, k - 1, u32At(out, k - 1) & tailMask(n));
}

export function setIff(a: usize, b: usize, out: usize, n: u32): void {
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) setU32(out, i, ~(u32At(a, i) ^ u32At(b, i)));
  if (k > 0) setU32(out, k - 1, u32At(out, k - 1) & tailMask(n));
}

/** The worlds of the set, ascending, into out; returns how many. */
export function members(set: usize, n: u32, out: usize): u32 {
  const k = words(n);
  let m: u32 = 0;
  for (let i: u32 = 0; i < k; i++) {
    for (let x = u32At(set, i); x != 0; x &= x - 1) setU32(out, m++, (i << 5) + ctz(x));
  }
  return m;
}

/** out: the worlds w with flag[classOf[w]] == want. */
function byClassFlag(classOf: usize, n: u32, flag: usize, want: u8, out: usize): void {
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) {
    let acc: u32 = 0;
    const base = i << 5;
    const top = min<u32>(32, n - base);
    for (let j: u32 = 0; j < top; j++) {
      if (load<u8>(flag + <usize>i32At(classOf, base + j)) == want) acc |= <u32>1 << j;
    }
    setU32(out, i, acc);
  }
}

/** K: the worlds whose whole class lies in the set. */
export function within(classOf: usize, n: u32, count: u32, set: usize, out: usize): void {
  const outside = heap.alloc(<usize>max<u32>(count, 1));
  memory.fill(outside, 0, count);
  for (let w: u32 = 0; w < n; w++) if (!getBit(set, w)) store<u8>(outside + <usize>i32At(classOf, w), 1);
  byClassFlag(classOf, n, outside, 0, out);
  heap.free(outside);
}

/** M: the worlds whose class meets the set. */
export function touching(classOf: usize, n: u32, count: u32, set: usize, out: usize): void {
  const inside = heap.alloc(<usize>max<u32>(count, 1));
  memory.fill(inside, 0, count);
  for (let w: u32 = 0; w < n; w++) if (getBit(set, w)) store<u8>(inside + <usize>i32At(classOf, w), 1);
  byClassFlag(classOf, n, inside, 1, out);
  heap.free(inside);
}

// ---------------------------------------------------------------------------------------------
// Renumbering: dense class ids in order of first appearance

/** Keys already in 0..range-1 (i32 at keys), renumbered into out; returns the count. keys may be out. */
export function renumberDense(keys: usize, range: u32, n: u32, out: usize): u32 {
  const id = heap.alloc((<usize>max<u32>(range, 1)) << 2);
  memory.fill(id, 0xff, (<usize>range) << 2);
  let count: u32 = 0;
  for (let w: u32 = 0; w < n; w++) {
    const k = u32At(keys, w);
    let c = i32At(id, k);
    if (c < 0) {
      c = <i32>count;
      count++;
      setI32(id, k, c);
    }
    setI32(out, w, c);
  }
  heap.free(id);
  return count;
}

const EMPTY: u64 = 0xffffffffffffffff;

/** An open-addressing table from u64 keys to ids, doubled whenever it is half full. */
class Table {
  keys: usize = 0;
  ids: usize = 0;
  mask: u32 = 0;
  shift: u32 = 0;
  count: u32 = 0;
}

// One table at a time (the kernels do not nest).
const table = new Table();

function tableAlloc(bits: u32): void {
  const size: u32 = <u32>1 << bits;
  table.keys = heap.alloc((<usize>size) << 3);
  table.ids = heap.alloc((<usize>size) << 2);
  memory.fill(table.keys, 0xff, (<usize>size) << 3);
  table.mask = size - 1;
  table.shift = 64 - bits;
}

function tableOpen(): void {
  tableAlloc(10);
  table.count = 0;
}

function tableClose(): void {
  heap.free(table.keys);
  heap.free(table.ids);
}

@inline function slotOf(key: u64): u32 {
  return <u32>((key * 0x9e3779b97f4a7c15) >>> table.shift);
}

function tableGrow(): void {
  const oldKeys = table.keys;
  const oldIds = table.ids;
  const oldSize = table.mask + 1;
  tableAlloc(64 - table.shift + 1);
  const mask = table.mask;
  for (let i: u32 = 0; i < oldSize; i++) {
    const k = load<u64>(oldKeys + ((<usize>i) << 3));
    if (k == EMPTY) continue;
    let h = slotOf(k);
    while (load<u64>(table.keys + ((<usize>h) << 3)) != EMPTY) h = (h + 1) & mask;
    store<u64>(table.keys + ((<usize>h) << 3), k);
    setU32(table.ids, h, u32At(oldIds, i));
  }
  heap.free(oldKeys);
  heap.free(oldIds);
}

/** The id of key, a new one (the next in order) if it is not there yet. */
@inline function tableId(key: u64): u32 {
  let h = slotOf(key);
  while (true) {
    const at = table.keys + ((<usize>h) << 3);
    const k = load<u64>(at);
    if (k == key) return u32At(table.ids, h);
    if (k == EMPTY) {
      const id = table.count++;
      store<u64>(at, key);
      setU32(table.ids, h, id);
      if (table.count * 2 > table.mask) tableGrow();
      return id;
    }
    h = (h + 1) & table.mask;
  }
}

/** Arbitrary i32 keys, renumbered in order of appearance; returns the count. */
export function renumberKeys(keys: usize, n: u32, out: usize): u32 {
  tableOpen();
  for (let w: u32 = 0; w < n; w++) setU32(out, w, tableId(<u64>u32At(keys, w)));
  const count = table.count;
  tableClose();
  return count;
}

/** Use a direct table of countA * countB ids while it is at most this many entries (or about n). */
const DIRECT_LIMIT: u64 = 1 << 16;

/** The common refinement of two partitions of n worlds (same class in both), into out; returns the count. */
export function meet(a: usize, countA: u32, b: usize, countB: u32, n: u32, out: usize): u32 {
  const range = (<u64>countA) * (<u64>countB);
  if (range <= max<u64>(DIRECT_LIMIT, <u64>n)) {
    for (let w: u32 = 0; w < n; w++) setU32(out, w, u32At(a, w) * countB + u32At(b, w));
    return renumberDense(out, <u32>range, n, out);
  }
  tableOpen();
  for (let w: u32 = 0; w < n; w++) {
    setU32(out, w, tableId(((<u64>u32At(a, w)) << 32) | <u64>u32At(b, w)));
  }
  const count = table.count;
  tableClose();
  return count;
}

/** Splits a partition by a set of worlds (the agents learn whether it holds); returns the count. */
export function split(classOf: usize, count: u32, set: usize, n: u32, out: usize): u32 {
  // The set as a partition of at most two classes, in order of appearance, then the meet.
  let first: i32 = -1;
  for (let w: u32 = 0; w < n; w++) {
    const bit = <i32>getBit(set, w);
    if (first < 0) first = bit;
    setI32(out, w, u32At(classOf, w) * 2 + (bit == first ? 0 : 1));
  }
  return renumberDense(out, count * 2, n, out);
}

@inline function find(parent: usize, w: u32): u32 {
  let p = u32At(parent, w);
  while (p != w) {
    const g = u32At(parent, p);
    setU32(parent, w, g);
    w = g;
    p = u32At(parent, w);
  }
  return w;
}

/**
 * The components of the union of nParts partitions of n worlds (classOf addresses at parts[i],
 * counts at counts[i]), by union-find; into out, returns the count.
 */
export function join(parts: usize, counts: usize, nParts: u32, n: u32, out: usize): u32 {
  const parent = out;
  for (let w: u32 = 0; w < n; w++) setU32(parent, w, w);
  for (let i: u32 = 0; i < nParts; i++) {
    const classOf = <usize>u32At(parts, i);
    const count = u32At(counts, i);
    const first = heap.alloc((<usize>max<u32>(count, 1)) << 2);
    memory.fill(first, 0xff, (<usize>count) << 2);
    for (let w: u32 = 0; w < n; w++) {
      const c = u32At(classOf, w);
      const f = i32At(first, c);
      if (f < 0) setI32(first, c, <i32>w);
      else {
        const x = find(parent, w);
        const y = find(parent, <u32>f);
        if (x != y) {
          if (x < y) setU32(parent, y, x);
          else setU32(parent, x, y);
        }
      }
    }
    heap.free(first);
  }
  for (let w: u32 = 0; w < n; w++) setU32(out, w, find(parent, w));
  return renumberDense(out, n, n, out);
}

/** A partition restricted to the worlds from[0..m-1] (new world i is old world from[i]), renumbered. */
export function pullBack(classOf: usize, count: u32, from: usize, m: u32, out: usize): u32 {
  for (let i: u32 = 0; i < m; i++) setU32(out, i, u32At(classOf, u32At(from, i)));
  return renumberDense(out, count, m, out);
}

/** out[i] = src[from[i]] for i < m (u32 words). */
export function gather(src: usize, from: usize, m: u32, out: usize): void {
  for (let i: u32 = 0; i < m; i++) setU32(out, i, u32At(src, u32At(from, i)));
}

// ---------------------------------------------------------------------------------------------
// Deals: world w is deal dealOf[w]; owner o of deal d holds masks[d * nOwners + o]

/** The worlds where owner holds the card of `bit`. */
export function holds(dealOf: usize, masks: usize, nOwners: u32, owner: u32, bit: u32, n: u32, out: usize): void {
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) {
    let acc: u32 = 0;
    const base = i << 5;
    const top = min<u32>(32, n - base);
    for (let j: u32 = 0; j < top; j++) {
      if (u32At(masks, u32At(dealOf, base + j) * nOwners + owner) & bit) acc |= <u32>1 << j;
    }
    setU32(out, i, acc);
  }
}

/** out[w]: the hand of owner in world w. */
export function hands(dealOf: usize, masks: usize, nOwners: u32, owner: u32, n: u32, out: usize): void {
  for (let w: u32 = 0; w < n; w++) setU32(out, w, u32At(masks, u32At(dealOf, w) * nOwners + owner));
}

/** Kenv: the worlds where every alternative (same class) has the same envelope (owner slot env). */
export function knowsEnvelope(classOf: usize, count: u32, dealOf: usize, masks: usize, nOwners: u32, env: u32, n: u32, out: usize): void {
  const envelope = heap.alloc((<usize>max<u32>(count, 1)) << 2);
  const state = heap.alloc(<usize>max<u32>(count, 1)); // 0: no world yet, 1: one envelope, 2: mixed
  memory.fill(state, 0, count);
  for (let w: u32 = 0; w < n; w++) {
    const c = u32At(classOf, w);
    const e = u32At(masks, u32At(dealOf, w) * nOwners + env);
    const s = load<u8>(state + c);
    if (s == 0) {
      store<u8>(state + c, 1);
      setU32(envelope, c, e);
    } else if (s == 1 && u32At(envelope, c) != e) store<u8>(state + c, 2);
  }
  const k = words(n);
  for (let i: u32 = 0; i < k; i++) {
    let acc: u32 = 0;
    const base = i << 5;
    const top = min<u32>(32, n - base);
    for (let j: u32 = 0; j < top; j++) {
      if (load<u8>(state + <usize>u32At(classOf, base + j)) != 2) acc |= <u32>1 << j;
    }
    setU32(out, i, acc);
  }
  heap.free(envelope);
  heap.free(state);
}

// ---------------------------------------------------------------------------------------------
// Enumerating the deals (src/epistemic/explicit/deals.ts): cards placed one at a time, in order,
// each with an owner of its allowed ones (ascending), within capacities and quotas; the envelope
// (the last owner) takes one card of each category.

let eK: u32 = 0;
let eOwners: u32 = 0;
let eCats: u32 = 0;
let eBits: usize = 0;
let eCat: usize = 0;
let eAllowed: usize = 0;
let eCap: usize = 0;
let eQuota: usize = 0;
let eHasQuotas: bool = false;
let eLeft: usize = 0;
let eClauses: usize = 0;
let eNClauses: u32 = 0;
let eNotEnv: usize = 0;
let eNNotEnv: u32 = 0;
let eLimit: u32 = 0;
let eHand: usize = 0;
let eEnvCats: u32 = 0;
let eTable: usize = 0;
let eRoom: u32 = 0;
let eCount: u32 = 0;
let eOver: bool = false;

function leafOk(): bool {
  for (let k: u32 = 0; k < eNClauses; k++) {
    if ((u32At(eHand, u32At(eClauses, 2 * k)) & u32At(eClauses, 2 * k + 1)) == 0) return false;
  }
  const env = u32At(eHand, eOwners - 1);
  for (let k: u32 = 0; k < eNNotEnv; k++) if (env == u32At(eNotEnv, k)) return false;
  return true;
}

function quotaShort(g: u32): bool {
  if (!eHasQuotas) return false;
  let need: i32 = 0;
  for (let s: u32 = 0; s < eOwners - 1; s++) need += max<i32>(0, i32At(eQuota, s * eCats + g));
  const envNeed: i32 = eEnvCats & (<u32>1 << g) ? 0 : 1;
  return need + envNeed > i32At(eLeft, g);
}

function place(i: u32): void {
  if (i == eK) {
    if (!leafOk()) return;
    if (eCount == eLimit) {
      eOver = true;
      return;
    }
    if (eCount == eRoom) {
      eRoom = <u32>min<u64>(<u64>eLimit, max<u64>(<u64>eRoom * 2, 1024));
      eTable = heap.realloc(eTable, (<usize>eRoom * eOwners) << 2);
    }
    memory.copy(eTable + ((<usize>eCount * eOwners) << 2), eHand, (<usize>eOwners) << 2);
    eCount++;
    return;
  }
  const bit = u32At(eBits, i);
  const g = u32At(eCat, i);
  const env = eOwners - 1;
  setI32(eLeft, g, i32At(eLeft, g) - 1);
  for (let m = u32At(eAllowed, i); m != 0 && !eOver; m &= m - 1) {
    const o = ctz(m);
    if (u32At(eCap, o) == 0) continue;
    const q = o * eCats + g;
    if (o == env) {
      if (eEnvCats & (<u32>1 << g)) continue;
      eEnvCats |= <u32>1 << g;
    } else if (i32At(eQuota, q) == 0) continue;
    else if (i32At(eQuota, q) > 0) setI32(eQuota, q, i32At(eQuota, q) - 1);
    setU32(eCap, o, u32At(eCap, o) - 1);
    setU32(eHand, o, u32At(eHand, o) | bit);
    if (!quotaShort(g)) place(i + 1);
    setU32(eHand, o, u32At(eHand, o) & ~bit);
    setU32(eCap, o, u32At(eCap, o) + 1);
    if (o == env) eEnvCats &= ~(<u32>1 << g);
    else if (i32At(eQuota, q) >= 0) setI32(eQuota, q, i32At(eQuota, q) + 1);
  }
  setI32(eLeft, g, i32At(eLeft, g) + 1);
}

/**
 * Every deal: cards i < k with bit bits[i], category cat[i] and allowed owners (a mask) allowed[i];
 * cap[o] cards per owner (the envelope, owner nOwners - 1: the number of categories); quota[s *
 * nCats + g] cards of category g seat s must take (-1: free; hasQuotas for the early stop); left[g]
 * the cards of category g; the leaf filters (owner, cards) clauses and the envelopes notEnv. The
 * arrays cap, quota and left are scratch (restored at the end). Returns the count, the masks at
 * enumerated() (count * nOwners words, the caller's to free), or 0xffffffff past limit (nothing kept).
 */
export function enumerate(
  k: u32, nOwners: u32, nCats: u32, bits: usize, cat: usize, allowed: usize, cap: usize, quota: usize, hasQuotas: bool,
  left: usize, clauses: usize, nClauses: u32, notEnv: usize, nNotEnv: u32, limit: u32,
): u32 {
  eK = k; eOwners = nOwners; eCats = nCats; eBits = bits; eCat = cat; eAllowed = allowed; eCap = cap; eQuota = quota;
  eHasQuotas = hasQuotas; eLeft = left; eClauses = clauses; eNClauses = nClauses; eNotEnv = notEnv; eNNotEnv = nNotEnv;
  eLimit = limit;
  eHand = heap.alloc((<usize>nOwners) << 2);
  memory.fill(eHand, 0, (<usize>nOwners) << 2);
  eEnvCats = 0;
  eRoom = 0;
  eCount = 0;
  eOver = false;
  eTable = heap.alloc(4);
  place(0);
  heap.free(eHand);
  if (eOver) {
    heap.free(eTable);
    eTable = 0;
    return 0xffffffff;
  }
  eTable = heap.realloc(eTable, max<usize>((<usize>eCount * nOwners) << 2, 4));
  return eCount;
}

/** The masks of the last enumerate(). */
export function enumerated(): usize {
  return eTable;
}
