// The module's linear memory, laid out by hand (no managed objects, so a trap in the middle of an
// operation leaves nothing half-built that a runtime would have to repair):
//
//   [per-variable arrays: a fixed region] [nodes] [unique table] [operation cache] [work area]
//
// The nodes, the unique table and the cache grow together (nodes.ts moves the two tables past the
// grown node store); the work area after them holds what one traversal needs and is reused.

/** The most variables a manager creates. */
export const MAX_VARS: u32 = 1 << 16;

/** The variable id of the terminals; its level is below every variable's. */
export const TERMINAL_VAR: u32 = MAX_VARS;

/** The `index`th array of the fixed region, room for MAX_VARS + 16 entries of up to 8 bytes. */
function fixedArray(index: u32): usize {
  const base = (<usize>__heap_base + 15) & ~(<usize>15);
  return base + <usize>index * <usize>(MAX_VARS + 16) * 8;
}

/** level of each variable (and of TERMINAL_VAR: the lowest), u32. */
export const LEVEL_OF: usize = fixedArray(0);
/** the variable at each level, u32. */
export const VAR_AT: usize = fixedArray(1);
/** Per variable: a rename's target, u32. */
export const RENAME_TO: usize = fixedArray(2);
/** Per variable: a mark or a position in a set (counting, support), u32. */
export const MARK: usize = fixedArray(3);
/** The host's arguments and small results: variable lists, u32. */
export const ARGS: usize = fixedArray(4);
/** Two rows of a construction by levels (exactly), u32 each. */
export const ROW_A: usize = fixedArray(5);
export const ROW_B: usize = fixedArray(6);
/** Per variable: a probability of being true, f64. */
export const WEIGHTS: usize = fixedArray(7);
/** The first byte after the fixed region: the node store's start. */
export const FIXED_END: usize = fixedArray(8);

@inline export function u32At(base: usize, i: u32): u32 {
  return load<u32>(base + ((<usize>i) << 2));
}

@inline export function setU32(base: usize, i: u32, v: u32): void {
  store<u32>(base + ((<usize>i) << 2), v);
}

/** Grows memory to at least `end` bytes; false if the host refuses. */
export function reserve(end: usize): bool {
  const have = <usize>memory.size() << 16;
  if (end <= have) return true;
  const pages = <i32>((end - have + 0xffff) >> 16);
  return memory.grow(pages) >= 0;
}
