// The nodes of the DAG being built, interned. A node is a state (caps, bits): each seat's remaining
// hand capacity in 6-bit fields, and the bits of the open constraints (state-bits.ts). The build
// asks nodeFor(caps, bits) for every edge it makes, so equal states of a layer become one node; an
// open-addressing hash table, cleared per layer, finds them. The node arrays are the build's
// scratch, reused by the next build.
import { grown } from './arrays';
import { maxNodes } from './budget';

/** Nodes made so far by the current build. */
export let nodeCount: i32 = 0;
export let nodeCaps = new StaticArray<u64>(1024);
export let nodeBits = new StaticArray<u32>(1024);
let table = new StaticArray<i32>(1024);
let tableShift: u64 = 54;

/** Forgets the nodes of the previous build. */
export function resetNodes(): void {
  nodeCount = 0;
}

@inline function hashOf(c: u64, b: u32): u64 {
  return ((c ^ (<u64>b * 0x9e3779b97f4a7c15)) * 0xff51afd7ed558ccd) >> tableShift;
}

/** Empties the table for a layer of about `expected` nodes. */
export function prepareTable(expected: i32): void {
  let size = 64;
  let shift: u64 = 58;
  while (size < expected * 2) { size <<= 1; shift--; }
  if (table.length < size) table = new StaticArray<i32>(size);
  tableShift = shift;
  memory.fill(changetype<usize>(table), 0xff, <usize>size << 2);
}

/** Index of the node (c, b), appending it to the current layer if new; -1 past the node budget. */
@inline export function nodeFor(c: u64, b: u32): i32 {
  const mask = (<u64>1 << (64 - tableShift)) - 1;
  let h = hashOf(c, b);
  while (true) {
    const j = unchecked(table[<i32>h]);
    if (j < 0) break;
    if (unchecked(nodeCaps[j]) == c && unchecked(nodeBits[j]) == b) return j;
    h = (h + 1) & mask;
  }
  if (nodeCount >= maxNodes) return -1;
  const n = nodeCount++;
  if (n >= nodeCaps.length) {
    nodeCaps = grown<u64>(nodeCaps, n + 1);
    nodeBits = grown<u32>(nodeBits, n + 1);
  }
  unchecked(nodeCaps[n] = c);
  unchecked(nodeBits[n] = b);
  unchecked(table[<i32>h] = n);
  return n;
}

/** Lets the node scratch of a large build go, so that what comes next can reuse its memory. */
export function releaseNodeScratch(): void {
  if (nodeCaps.length <= 1024) return;
  nodeCaps = new StaticArray<u64>(1024);
  nodeBits = new StaticArray<u32>(1024);
  table = new StaticArray<i32>(1024);
  __collect();
}
