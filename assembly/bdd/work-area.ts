// The work area after the tables: room for one traversal's lists and counters (no node is
// made while they are in use, so the tables cannot move under them).
import { reserve } from './layout';

let base: usize = 0;

export function placeWorkArea(at: usize): void {
  base = (at + 15) & ~(<usize>15);
}

/** The work area's address with room for `bytes` bytes, or 0 if memory cannot hold them. */
export function workArea(bytes: usize): usize {
  return reserve(base + bytes) ? base : 0;
}
