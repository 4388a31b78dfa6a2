// Garbage collection: mark from the roots the host lists in the work area (its protected diagrams),
// sweep the rest onto the free list, rebuild the unique table, clear the cache.
import { clearCache } from './cache';
import { auxOf, clearFreeList, isFree, rehash, release, relink, setAux, top } from './nodes';
import { cleanBeforeMark, mark, markingDone } from './traverse';
import { u32At } from './layout';

export let collections: u32 = 0;

export function collect(roots: usize, n: u32): void {
  cleanBeforeMark();
  for (let i: u32 = 0; i < n; i++) mark(u32At(roots, i));
  clearFreeList();
  for (let m: u32 = top; m > 2; m--) {
    const node = m - 1;
    if (auxOf(node) != 0) setAux(node, 0);
    else if (isFree(node)) relink(node);
    else release(node);
  }
  markingDone();
  rehash();
  clearCache();
  collections++;
}
