// Building a position's DAG: build() takes the store in the input area and makes a new position:
// preprocessing (preprocess.ts), the variable order (order.ts), the constraints' state bits
// (state-bits.ts), the size estimate (estimate.ts), then the DAG itself, layer by layer, and its
// counts (count.ts).
//
// A node of layer t is a state after deciding the first t variables (see node-table.ts):
//   caps  — each seat's remaining hand capacity, 6 bits per seat (bit 5 of a field is a guard bit
//           for the word-parallel capacity test below);
//   bits  — one bit per *active* constraint (started but not finished in the order): an
//           at-least-one clause already satisfied, or a category whose envelope card is chosen.
// An edge is one owner for the layer's card; with response factors it carries a weight.
import { INCONSISTENT, MAX_CARDS, MAX_SEATS, OK, TOO_LARGE } from '../layout';
import { useStore } from '../store';
import { copied, grown } from './arrays';
import { maxEdges, maxNodes } from './budget';
import { countBoth, countExactly } from './count';
import { estimateNodes, crudeBound } from './estimate';
import { chooseOrder } from './order';
import { Position, allowed, nSeats, nVars, order, positionOfInput, select } from './position';
import { SplitPlan } from './split-plan';
import { buildScale, caps, consOwners, consSoft, nSoft, preprocess, softWeights } from './preprocess';
import { clearResponseFactors } from './response-factors';
import { assignBits, closeMask, consBit, envBitAt, setBits, softAt, softClose, softList } from './state-bits';
import { nodeBits, nodeCaps, nodeCount, nodeFor, prepareTable, releaseNodeScratch, resetNodes } from './node-table';

const FIELD: u64 = 6;
/** Bit 5 of each of the ten 6-bit capacity fields. */
const GUARDS: u64 = guardBits();
function guardBits(): u64 {
  let g: u64 = 0;
  for (let s = 0; s < MAX_SEATS; s++) g |= <u64>1 << (<u64>s * FIELD + 5);
  return g;
}

/** remaining[t]: per seat (6-bit fields), cards in layers >= t that the seat may hold. */
const remaining = new StaticArray<u64>(MAX_CARDS + 1);
// The edges while building, reused by every build; a position keeps exact-size copies, or the
// arrays themselves past LARGE_EDGES edges.
const LARGE_EDGES: i32 = 1 << 22;
let buildEdgeStart = new StaticArray<i32>(1024);
let buildEdgeChild = new StaticArray<i32>(4096);
let buildEdgeOwner = new StaticArray<u8>(4096);
let buildEdgeWeight = new StaticArray<f64>(4096);
/** Edges made so far by the current build. */
let edgeCount: i32 = 0;

/**
 * A new position for the store in the input area: copies the store, preprocesses, orders the
 * cards, estimates the DAG's size, and builds and counts it unless it would exceed the budget.
 * The position's status is OK, INCONSISTENT (no deal) or TOO_LARGE (no DAG; its store remains).
 * Takes the response factors added since the last build.
 */
export function build(): Position {
  const p = positionOfInput();
  p.split = new SplitPlan();
  useStore(changetype<usize>(p.store));
  resetNodes();
  edgeCount = 0;
  p.status = buildDag(p);
  clearResponseFactors();
  p.scale = buildScale;
  const nodes = nodeCount;
  const edges = edgeCount;
  if (edges <= LARGE_EDGES) {
    // Keep the grown scratch for the next build; give the position exact-size copies.
    p.edgeStart = copied<i32>(buildEdgeStart, nodes + 1);
    p.edgeChild = copied<i32>(buildEdgeChild, edges);
    p.edgeOwner = copied<u8>(buildEdgeOwner, edges);
    if (p.edgeWeight !== null) p.edgeWeight = copied<f64>(buildEdgeWeight, edges);
    p.nNodes = nodes;
    p.nEdges = edges;
  } else {
    // A large DAG keeps the scratch itself (a copy would double the peak memory); a failed one
    // keeps nothing.
    if (p.status == TOO_LARGE) {
      p.edgeStart = new StaticArray<i32>(0);
      p.edgeChild = new StaticArray<i32>(0);
      p.edgeOwner = new StaticArray<u8>(0);
      p.edgeWeight = null;
      p.nNodes = 0;
      p.nEdges = 0;
    }
    buildEdgeStart = new StaticArray<i32>(1024);
    buildEdgeChild = new StaticArray<i32>(4096);
    buildEdgeOwner = new StaticArray<u8>(4096);
    buildEdgeWeight = new StaticArray<f64>(4096);
    releaseNodeScratch();
  }
  select(p);
  return p;
}

/**
 * Builds `p`'s DAG into the scratch, and counts it: OK, INCONSISTENT or TOO_LARGE. Once
 * preprocessed, `p` is the selected position, so every step reads it as globals; a DAG that is
 * counted is `p`'s (on the scratch arrays) by then.
 */
function buildDag(p: Position): i32 {
  const pre = preprocess(p);
  if (pre != OK) return pre;
  select(p);
  chooseOrder();
  if (!assignBits()) { p.estimatedNodes = Infinity; return TOO_LARGE; }
  p.estimatedNodes = crudeBound();
  if (p.estimatedNodes > <f64>maxNodes) p.estimatedNodes = estimateNodes();
  if (p.estimatedNodes == 0) return INCONSISTENT;
  // The estimate is an upper bound, loose by up to two orders of magnitude once many clauses are
  // open: a build starts unless even that much slack cannot bring it within the budget, and a
  // build that outgrows the budget stops there.
  if (p.estimatedNodes > <f64>maxNodes * 64) return TOO_LARGE;
  computeRemaining();

  const layerStart = p.layerStart;
  let caps0: u64 = 0;
  for (let s = 0; s < nSeats; s++) caps0 |= <u64>unchecked(caps[s]) << (<u64>s * FIELD);
  const weighted = nSoft > 0;
  prepareTable(1);
  nodeFor(caps0, 0);
  unchecked(layerStart[0] = 0);
  for (let t = 0; t < nVars; t++) {
    const from = unchecked(layerStart[t]);
    const to = nodeCount;
    unchecked(layerStart[t + 1] = to);
    const c = unchecked(order[t]);
    const a = unchecked(allowed[c]);
    const owners = <i32>popcnt<u32>(a);
    prepareTable((to - from) * owners);
    const close = unchecked(closeMask[t]);
    const envBit = unchecked(envBitAt[t]);
    const rem = unchecked(remaining[t + 1]) | GUARDS;
    const base = t * 12;
    if (<i64>edgeCount + <i64>(to - from) * owners > <i64>maxEdges) return TOO_LARGE;
    buildEdgeChild = grown<i32>(buildEdgeChild, edgeCount + (to - from) * owners);
    buildEdgeOwner = grown<u8>(buildEdgeOwner, edgeCount + (to - from) * owners);
    if (weighted) buildEdgeWeight = grown<f64>(buildEdgeWeight, edgeCount + (to - from) * owners);
    const soft = unchecked(softClose[t]);
    const soft0 = unchecked(softAt[t]);
    const soft1 = unchecked(softAt[t + 1]);
    buildEdgeStart = grown<i32>(buildEdgeStart, to + 1);
    for (let i = from; i < to; i++) {
      unchecked(buildEdgeStart[i] = edgeCount);
      const ci = unchecked(nodeCaps[i]);
      const bi = unchecked(nodeBits[i]);
      let left = a;
      while (left) {
        const o = <i32>ctz<u32>(left);
        left &= left - 1;
        let nc = ci;
        if (o < nSeats) {
          const one = <u64>1 << (<u64>o * FIELD);
          if (((ci >> (<u64>o * FIELD)) & 31) == 0) continue;
          nc = ci - one;
        } else if (bi & envBit) {
          continue; // this category's envelope card is already chosen
        }
        let nb = bi | unchecked(setBits[base + o]);
        if ((nb & close) != close) continue;
        nb &= ~(close | soft);
        // Every seat must still be able to fill its hand from the cards after this layer.
        if (((rem - nc) & GUARDS) != GUARDS) continue;
        const j = nodeFor(nc, nb);
        if (j < 0) return TOO_LARGE;
        unchecked(buildEdgeChild[edgeCount] = j);
        unchecked(buildEdgeOwner[edgeCount] = <u8>o);
        if (weighted) {
          // A closing factor: its owner held the earlier of its cards (the bit) and/or this one.
          let w: f64 = 1;
          for (let q = soft0; q < soft1; q++) {
            const k = unchecked(softList[q]);
            const held = ((bi & unchecked(consBit[k])) != 0 ? 1 : 0) + ((unchecked(consOwners[k]) >> o) & 1);
            w *= unchecked(softWeights[unchecked(consSoft[k]) * 3 + held]);
          }
          unchecked(buildEdgeWeight[edgeCount] = w);
        }
        edgeCount++;
      }
    }
  }
  const nNodes = nodeCount;
  unchecked(layerStart[nVars + 1] = nNodes);
  buildEdgeStart = grown<i32>(buildEdgeStart, nNodes + 1);
  for (let i = unchecked(layerStart[nVars]); i <= nNodes; i++) unchecked(buildEdgeStart[i] = edgeCount);
  // The one complete state: every hand full, no constraint pending.
  let terminal = -1;
  for (let i = unchecked(layerStart[nVars]); i < nNodes; i++) {
    if (unchecked(nodeCaps[i]) == 0 && unchecked(nodeBits[i]) == 0) terminal = i;
  }
  if (edgeCount > LARGE_EDGES) releaseNodeScratch();
  // Count the DAG on the scratch arrays (build() gives the position its own copies after).
  p.edgeStart = buildEdgeStart;
  p.edgeChild = buildEdgeChild;
  p.edgeOwner = buildEdgeOwner;
  p.edgeWeight = weighted ? buildEdgeWeight : null;
  p.nNodes = nNodes;
  p.nEdges = edgeCount;
  p.terminal = terminal;
  p.bwd = new StaticArray<f64>(nNodes);
  select(p);
  countBoth(p);
  countExactly(p);
  return p.count > 0 ? OK : INCONSISTENT;
}

/** remaining[t] for every layer t of the selected position. */
function computeRemaining(): void {
  const count = new StaticArray<i32>(MAX_SEATS);
  unchecked(remaining[nVars] = 0);
  for (let t = nVars - 1; t >= 0; t--) {
    const a = unchecked(allowed[order[t]]);
    let packed: u64 = 0;
    for (let s = 0; s < nSeats; s++) {
      if (a & (<u32>1 << s)) unchecked(count[s] = count[s] + 1);
      // Clamped to 31 so a field never reaches its guard bit; capacities are at most 31 anyway.
      packed |= <u64>min(unchecked(count[s]), 31) << (<u64>s * FIELD);
    }
    unchecked(remaining[t] = packed);
  }
}
