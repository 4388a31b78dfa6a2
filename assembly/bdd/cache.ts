// The operation cache: lossy, direct-mapped, keyed by (op, f, g, h). An entry is five u32 words:
// the key and the result. A slot is overwritten by any later entry that maps to it; cleared when
// the tables move and by collect (its results may name freed nodes).

const ENTRY_BYTES: usize = 20;
const MAX_ENTRIES: u32 = 1 << 22;
const MIN_ENTRIES: u32 = 1 << 12;

// The operations (apply's are OP_APPLY + its truth table).
export const OP_NOT: u32 = 1;
export const OP_ITE: u32 = 2;
export const OP_EXISTS: u32 = 3;
export const OP_AND_EXISTS: u32 = 4;
export const OP_RESTRICT: u32 = 5;
export const OP_RENAME: u32 = 6;
export const OP_APPLY: u32 = 16;

let entries: u32 = 0;
let base: usize = 0;

function entriesFor(nodeCapacity: u32): u32 {
  return min(max(nodeCapacity, MIN_ENTRIES), MAX_ENTRIES);
}

/** The bytes of the cache for a node store of `nodeCapacity` nodes (a power of two). */
export function cacheBytes(nodeCapacity: u32): usize {
  return <usize>entriesFor(nodeCapacity) * ENTRY_BYTES;
}

/** Puts the (empty) cache at `at`, sized for `nodeCapacity` nodes. */
export function placeCache(at: usize, nodeCapacity: u32): void {
  base = at;
  entries = entriesFor(nodeCapacity);
  clearCache();
}

export function clearCache(): void {
  // op 0 is no operation: an all-zero entry never matches.
  memory.fill(base, 0, <usize>entries * ENTRY_BYTES);
}

@inline function slot(op: u32, f: u32, g: u32, h: u32): usize {
  let x = op * 0x9e3779b1 ^ f * 0x85ebca77 ^ g * 0xc2b2ae3d ^ h * 0x27d4eb2f;
  x ^= x >>> 16;
  x *= 0x7feb352d;
  x ^= x >>> 15;
  return base + <usize>(x & (entries - 1)) * ENTRY_BYTES;
}

/** The cached result of (op, f, g, h), or 0xffffffff. */
@inline export function lookup(op: u32, f: u32, g: u32, h: u32): u32 {
  const p = slot(op, f, g, h);
  if (load<u32>(p) == op && load<u32>(p, 4) == f && load<u32>(p, 8) == g && load<u32>(p, 12) == h) return load<u32>(p, 16);
  return 0xffffffff;
}

@inline export function remember(op: u32, f: u32, g: u32, h: u32, result: u32): u32 {
  const p = slot(op, f, g, h);
  store<u32>(p, op);
  store<u32>(p, f, 4);
  store<u32>(p, g, 8);
  store<u32>(p, h, 12);
  store<u32>(p, result, 16);
  return result;
}
