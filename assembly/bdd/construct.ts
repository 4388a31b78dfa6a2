// Direct constructions from a list of variables (at ARGS): a cube, and "exactly k are true".
import { ARGS, ROW_A, ROW_B, setU32, u32At } from './layout';
import { mk } from './nodes';
import { sortByLevel } from './variables';

/** The conjunction of the `n` variables at ARGS (sorted there by level). */
export function cube(n: u32): u32 {
  sortByLevel(ARGS, n);
  let r: u32 = 1;
  for (let i = n; i > 0; i--) r = mk(u32At(ARGS, i - 1), 0, r);
  return r;
}

/**
 * Exactly k of the `n` variables at ARGS are true: built bottom-up, row i holding for each j ≤ k
 * the diagram of "exactly j of variables i.. are true" (O(n·k) nodes).
 */
export function exactly(n: u32, k: u32): u32 {
  if (k > n) return 0;
  sortByLevel(ARGS, n);
  let below = ROW_A;
  let row = ROW_B;
  setU32(below, 0, 1);
  for (let j: u32 = 1; j <= k; j++) setU32(below, j, 0);
  for (let i = n; i > 0; i--) {
    const v = u32At(ARGS, i - 1);
    for (let j: u32 = 0; j <= k; j++) setU32(row, j, mk(v, u32At(below, j), j == 0 ? 0 : u32At(below, j - 1)));
    const t = below;
    below = row;
    row = t;
  }
  return u32At(below, k);
}
