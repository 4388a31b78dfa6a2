// The joint counts of the envelope's cards in one pass from each end of the DAG. A node's state
// says which categories have their envelope card chosen before it, but not which card: so every
// node carries a small vector of counts, one per choice of those cards. Forward from the root, a
// node's vector runs over the cards its partial deals put in the envelope (per chosen category,
// one of its candidates in the layers before); backward from the terminal, over the cards its
// completions put there (per category still open, one of its candidates in the layers from it
// on). The passes meet at one layer, the cut, where each node's two vectors multiply into the
// envelope combinations: every consistent deal passes through exactly one node of the cut. The
// cut is where the work (vector entries times edges) is least.
//
// The plan and the vectors are kept with the DAG (dag/split-plan.ts): a position derived from
// another (a placement more, a few layers' edges restricted) recounts only from the first layer
// its masks change up to the cut, and from the last down to it.
//
// The odometer (envelope-odometer.ts) makes two passes over the DAG per combination of all
// categories but one, 36 for the classic deck; it counts the DAGs whose vectors would not fit.
import { MAX_CARDS } from './layout';
import { categoryMask } from './store';
import { allowed, cardCategory, current, edgeChild, edgeOwner, edgeStart, edgeWeight, envOwner, fixedOwner, layerStart, nCats, nEdges, nNodes, nVars, order, positionMask, terminal } from './dag/position';
import { ODOMETER, PLANNED, SPLIT, SplitPlan, UNPLANNED, UNSUITED } from './dag/split-plan';

/** The most categories with an open envelope card (the maps below have a row per set of them). */
const MAX_OPEN_CATEGORIES: i32 = 10;
/** The most vector entries kept for a DAG: 2^22, or 2 per node past 2 million nodes. */
const MIN_BUDGET_ENTRIES: f64 = <f64>(1 << 22);
/** A vector entry's update costs about two of the odometer's edge visits (an index map, a multiply). */
const ENTRY_COST: f64 = 2;
/** Below this many edge visits the odometer is done before a plan would be made. */
const SMALL_WORK: f64 = 50000;

// The plan in use, as globals for the hot loops (written by usePlan only).
let plan = new SplitPlan();
let nOpen = 0;
let cut = 0;
let nCandidates = new StaticArray<i32>(0);
let layerOpen = new StaticArray<i32>(0);
let layerCandidate = new StaticArray<bool>(0);
let before = new StaticArray<i32>(0);
let chosen = new StaticArray<u32>(0);
let dimForward = new StaticArray<i32>(0);
let dimBackward = new StaticArray<i32>(0);
let offsetForward = new StaticArray<i32>(0);
let offsetBackward = new StaticArray<i32>(0);

// Two rolling buffers per direction for layers recounted, not kept.
let rollA = new StaticArray<f64>(0);
let rollB = new StaticArray<f64>(0);
let rollC = new StaticArray<f64>(0);
let rollD = new StaticArray<f64>(0);

// Index maps from one layer's vectors to the next's, per chosen set (and kind of edge), built at
// first use in a layer: mapAt[key] is the map's start in `maps` while mapStamp[key] == stamp.
let maps = new StaticArray<i32>(1024);
let mapsUsed = 0;
const mapAt = new StaticArray<i32>(2 << MAX_OPEN_CATEGORIES);
const mapStamp = new StaticArray<i32>(2 << MAX_OPEN_CATEGORIES);
let stamp = 0;
const digits = new StaticArray<i32>(MAX_CARDS);

function usePlan(p: SplitPlan): void {
  plan = p;
  nOpen = p.nOpen;
  cut = p.cut;
  nCandidates = p.nCandidates;
  layerOpen = p.layerOpen;
  layerCandidate = p.layerCandidate;
  before = p.before;
  chosen = p.chosen;
  dimForward = p.dimForward;
  dimBackward = p.dimBackward;
  offsetForward = p.offsetForward;
  offsetBackward = p.offsetBackward;
}

@inline function radixForward(t: i32, v: i32): i32 {
  return unchecked(before[t * MAX_CARDS + v]);
}

@inline function radixBackward(t: i32, v: i32): i32 {
  return unchecked(nCandidates[v]) - unchecked(before[t * MAX_CARDS + v]);
}

@inline function maskAt(mask: StaticArray<u32> | null, t: i32): u32 {
  return mask === null ? 0xffffffff : unchecked(mask[t]);
}

/**
 * Counts the selected position's deals per envelope combination into `out` (zeroed, in envelope-
 * index order) when the split count suits its DAG; false (and `out` untouched) when not. The
 * position must be consistent.
 */
export function countSplit(out: StaticArray<f64>): bool {
  const p = current.split!;
  if (p.state == UNPLANNED) {
    p.state = makePlan(p) ? PLANNED : UNSUITED;
    if (p.state == UNSUITED) p.clear();
  }
  if (p.state == UNSUITED) return false;
  usePlan(p);
  const own = positionMask;
  if (!p.kept) {
    // Count every layer and keep the vectors.
    p.forward = new StaticArray<f64>(unchecked(p.layerForward[cut + 1]));
    unchecked(p.forward[0] = 1);
    for (let t = 0; t < cut; t++) forwardLayer(t, maskAt(own, t), p.forward, unchecked(p.layerForward[t]), p.forward, unchecked(p.layerForward[t + 1]));
    p.backward = new StaticArray<f64>(unchecked(p.layerBackward[nVars + 1]));
    startBackward(p.backward, unchecked(p.layerBackward[nVars]));
    for (let t = nVars - 1; t >= cut; t--) backwardLayer(t, maskAt(own, t), p.backward, unchecked(p.layerBackward[t + 1]), p.backward, unchecked(p.layerBackward[t]));
    p.keptMask = own === null ? null : copyOf(own);
    p.kept = true;
    combine(p.forward, unchecked(p.layerForward[cut]), p.backward, unchecked(p.layerBackward[cut]), out);
    return true;
  }
  // Recount from the first layer whose mask differs from the kept vectors' up to the cut, and
  // from the last down to it: the vectors before (forward) or after (backward) are the kept ones.
  const keptMask = p.keptMask;
  let first = cut;
  for (let t = 0; t < cut; t++) {
    if (maskAt(own, t) != maskAt(keptMask, t)) { first = t; break; }
  }
  let last = cut - 1;
  for (let t = nVars - 1; t >= cut; t--) {
    if (maskAt(own, t) != maskAt(keptMask, t)) { last = t; break; }
  }
  let forward = p.forward;
  let forwardAt = unchecked(p.layerForward[first]);
  for (let t = first; t < cut; t++) {
    rollA = zeroed(rollA, layerEntries(p.layerForward, t + 1));
    forwardLayer(t, maskAt(own, t), forward, forwardAt, rollA, 0);
    forward = rollA;
    forwardAt = 0;
    rollA = rollB;
    rollB = forward;
  }
  let backward = p.backward;
  let backwardAt = unchecked(p.layerBackward[last + 1]);
  for (let t = last; t >= cut; t--) {
    rollC = zeroed(rollC, layerEntries(p.layerBackward, t));
    backwardLayer(t, maskAt(own, t), backward, backwardAt, rollC, 0);
    backward = rollC;
    backwardAt = 0;
    rollC = rollD;
    rollD = backward;
  }
  combine(forward, forwardAt, backward, backwardAt, out);
  return true;
}

@inline function layerEntries(starts: StaticArray<i32>, t: i32): i32 {
  return unchecked(starts[t + 1]) - unchecked(starts[t]);
}

/** A buffer of at least n entries, zeroed on its first n. */
function zeroed(a: StaticArray<f64>, n: i32): StaticArray<f64> {
  if (a.length < n) return new StaticArray<f64>(max(n, a.length + (a.length >> 1)));
  memory.fill(changetype<usize>(a), 0, <usize>n << 3);
  return a;
}

function copyOf(a: StaticArray<u32>): StaticArray<u32> {
  const b = new StaticArray<u32>(a.length);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length << 2);
  return b;
}

/** The terminal's backward vector, at `at` in `dst` (zeroed): one entry, nothing left to choose. */
function startBackward(dst: StaticArray<f64>, at: i32): void {
  if (terminal >= 0 && unchecked(dimBackward[terminal]) == 1) unchecked(dst[at + unchecked(offsetBackward[terminal])] = 1);
}

/**
 * Forward over layer t's edges allowed by `m`: adds each node's vector (layer t at srcAt in src)
 * into its children's (layer t + 1 at dstAt in dst, zeroed).
 */
function forwardLayer(t: i32, m: u32, src: StaticArray<f64>, srcAt: i32, dst: StaticArray<f64>, dstAt: i32): void {
  stamp++;
  mapsUsed = 0;
  const weights = edgeWeight;
  const hBit: u32 = unchecked(layerCandidate[t]) ? <u32>1 << unchecked(layerOpen[t]) : 0;
  const from = unchecked(layerStart[t]);
  const to = unchecked(layerStart[t + 1]);
  for (let i = from; i < to; i++) {
    const n = unchecked(dimForward[i]);
    if (n == 0) continue;
    const a = srcAt + unchecked(offsetForward[i]);
    const s = unchecked(chosen[i]);
    // A candidate's envelope edge adds its card; once its category is chosen, its other edges
    // widen that category's digit.
    const widen = (s & hBit) != 0;
    const map = hBit != 0 ? mapFor(s, 0, t, true) : 0;
    const e1 = unchecked(edgeStart[i + 1]);
    for (let e = unchecked(edgeStart[i]); e < e1; e++) {
      const o = <i32>unchecked(edgeOwner[e]);
      if (!(m & (<u32>1 << o))) continue;
      const b = dstAt + unchecked(offsetForward[unchecked(edgeChild[e])]);
      const w: f64 = weights === null ? 1 : unchecked(weights[e]);
      if (hBit != 0 && (widen || o == envOwner)) {
        for (let q = 0; q < n; q++) unchecked(dst[b + unchecked(maps[map + q])] += w * unchecked(src[a + q]));
      } else {
        for (let q = 0; q < n; q++) unchecked(dst[b + q] += w * unchecked(src[a + q]));
      }
    }
  }
}

/**
 * Backward over layer t's edges allowed by `m`: adds each child's vector (layer t + 1 at srcAt in
 * src) into its parents' (layer t at dstAt in dst, zeroed).
 */
function backwardLayer(t: i32, m: u32, src: StaticArray<f64>, srcAt: i32, dst: StaticArray<f64>, dstAt: i32): void {
  stamp++;
  mapsUsed = 0;
  const weights = edgeWeight;
  const hBit: u32 = unchecked(layerCandidate[t]) ? <u32>1 << unchecked(layerOpen[t]) : 0;
  const from = unchecked(layerStart[t]);
  const to = unchecked(layerStart[t + 1]);
  for (let i = from; i < to; i++) {
    if (unchecked(dimBackward[i]) == 0) continue;
    const a = dstAt + unchecked(offsetBackward[i]);
    const s = unchecked(chosen[i]);
    // While the category is open, this layer's candidate either takes the envelope (digit 0) or
    // leaves it to a later one (one digit further).
    const reindex = hBit != 0 && (s & hBit) == 0;
    const envelopeMap = reindex ? mapFor(s, 1, t, false) : 0;
    const otherMap = reindex ? mapFor(s, 0, t, false) : 0;
    const e1 = unchecked(edgeStart[i + 1]);
    for (let e = unchecked(edgeStart[i]); e < e1; e++) {
      const o = <i32>unchecked(edgeOwner[e]);
      if (!(m & (<u32>1 << o))) continue;
      const j = unchecked(edgeChild[e]);
      const n = unchecked(dimBackward[j]);
      const b = srcAt + unchecked(offsetBackward[j]);
      const w: f64 = weights === null ? 1 : unchecked(weights[e]);
      if (reindex) {
        const map = o == envOwner ? envelopeMap : otherMap;
        for (let q = 0; q < n; q++) unchecked(dst[a + unchecked(maps[map + q])] += w * unchecked(src[b + q]));
      } else {
        for (let q = 0; q < n; q++) unchecked(dst[a + q] += w * unchecked(src[b + q]));
      }
    }
  }
}

/** The cut: each node's forward vector times its backward vector, into the envelope combinations. */
function combine(forward: StaticArray<f64>, forwardAt: i32, backward: StaticArray<f64>, backwardAt: i32, out: StaticArray<f64>): void {
  stamp++;
  mapsUsed = 0;
  const fixedIndex = plan.fixedIndex;
  const from = unchecked(layerStart[cut]);
  const to = unchecked(layerStart[cut + 1]);
  for (let i = from; i < to; i++) {
    const nf = unchecked(dimForward[i]);
    const nb = unchecked(dimBackward[i]);
    if (nf == 0 || nb == 0) continue;
    const tables = mapFor(unchecked(chosen[i]), 0, -1, false);
    const a = forwardAt + unchecked(offsetForward[i]);
    const b = backwardAt + unchecked(offsetBackward[i]);
    for (let qf = 0; qf < nf; qf++) {
      const f = unchecked(forward[a + qf]);
      if (f == 0) continue;
      const base = fixedIndex + unchecked(maps[tables + qf]);
      for (let qb = 0; qb < nb; qb++) {
        const g = unchecked(backward[b + qb]);
        if (g != 0) unchecked(out[base + unchecked(maps[tables + nf + qb])] += f * g);
      }
    }
  }
}

// ---- the plan ----

/**
 * Plans the split count of the selected position's DAG into p: the open categories, every node's
 * chosen set and vector sizes, and the cut. False when it does not suit: too many open categories,
 * vectors past the memory budget, or more work than the odometer's.
 */
function makePlan(p: SplitPlan): bool {
  if (p.method == ODOMETER) return false;
  const odometer = p.method == SPLIT ? Infinity : odometerWork();
  if (odometer < SMALL_WORK) return false;
  if (!describeCategories(p)) return false;
  p.chosen = new StaticArray<u32>(nNodes);
  p.dimForward = new StaticArray<i32>(nNodes);
  p.dimBackward = new StaticArray<i32>(nNodes);
  p.offsetForward = new StaticArray<i32>(nNodes);
  p.offsetBackward = new StaticArray<i32>(nNodes);
  usePlan(p);
  // Every path to a node chose the same categories (the node's state says which), so one pass
  // over the edges, masked or not, gives each node's set.
  for (let t = 0; t < nVars; t++) {
    const v = unchecked(layerOpen[t]);
    const bit: u32 = v >= 0 ? <u32>1 << v : 0;
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = from; i < to; i++) {
      const s = unchecked(chosen[i]);
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        unchecked(chosen[edgeChild[e]] = <i32>unchecked(edgeOwner[e]) == envOwner ? s | bit : s);
      }
    }
  }
  // Vector sizes, per node and per layer.
  const entriesForward = new StaticArray<i32>(MAX_CARDS + 1);
  const entriesBackward = new StaticArray<i32>(MAX_CARDS + 1);
  const limit = <f64>(1 << 24);
  for (let t = 0; t <= nVars; t++) {
    let ef = 0;
    let eb = 0;
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = from; i < to; i++) {
      const s = unchecked(chosen[i]);
      let df: f64 = 1;
      let db: f64 = 1;
      for (let v = 0; v < nOpen; v++) {
        if (s & (<u32>1 << v)) df *= <f64>radixForward(t, v);
        else db *= <f64>radixBackward(t, v);
      }
      if (df > limit || db > limit) return false;
      unchecked(dimForward[i] = <i32>df);
      unchecked(dimBackward[i] = <i32>db);
      unchecked(offsetForward[i] = ef);
      unchecked(offsetBackward[i] = eb);
      ef += <i32>df;
      eb += <i32>db;
      if (<f64>ef > limit || <f64>eb > limit) return false;
    }
    unchecked(entriesForward[t] = ef);
    unchecked(entriesBackward[t] = eb);
  }
  // The work of each layer's pass, forward and backward.
  const workForward = new StaticArray<f64>(MAX_CARDS + 1);
  const workBackward = new StaticArray<f64>(MAX_CARDS + 1);
  for (let t = 0; t < nVars; t++) {
    let wf: f64 = 0;
    let wb: f64 = 0;
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = from; i < to; i++) {
      const e0 = unchecked(edgeStart[i]);
      const e1 = unchecked(edgeStart[i + 1]);
      wf += <f64>unchecked(dimForward[i]) * <f64>(e1 - e0);
      for (let e = e0; e < e1; e++) wb += <f64>unchecked(dimBackward[edgeChild[e]]);
    }
    unchecked(workForward[t] = wf);
    unchecked(workBackward[t] = wb);
  }
  // The cut: least work (both passes and the products at the cut) within the memory budget.
  const budget = max(MIN_BUDGET_ENTRIES, 2 * <f64>nNodes);
  let best = Infinity;
  let bestCut = -1;
  for (let c = 0; c <= nVars; c++) {
    let work: f64 = 0;
    let entries: f64 = 0;
    for (let t = 0; t < c; t++) work += unchecked(workForward[t]);
    for (let t = c; t < nVars; t++) work += unchecked(workBackward[t]);
    for (let t = 0; t <= c; t++) entries += <f64>unchecked(entriesForward[t]);
    for (let t = c; t <= nVars; t++) entries += <f64>unchecked(entriesBackward[t]);
    const from = unchecked(layerStart[c]);
    const to = unchecked(layerStart[c + 1]);
    for (let i = from; i < to; i++) work += <f64>unchecked(dimForward[i]) * <f64>unchecked(dimBackward[i]);
    if (entries > budget) continue;
    if (work < best) { best = work; bestCut = c; }
  }
  if (bestCut < 0 || best * ENTRY_COST > odometer) return false;
  p.cut = bestCut;
  // Where each layer's vectors start in the kept ones.
  let at = 0;
  for (let t = 0; t <= bestCut; t++) {
    unchecked(p.layerForward[t] = at);
    at += unchecked(entriesForward[t]);
  }
  unchecked(p.layerForward[bestCut + 1] = at);
  at = 0;
  for (let t = bestCut; t <= nVars; t++) {
    unchecked(p.layerBackward[t] = at);
    at += unchecked(entriesBackward[t]);
  }
  unchecked(p.layerBackward[nVars + 1] = at);
  return true;
}

/** About the odometer's edge visits: two passes per combination of every category's candidates but the most numerous one's. */
function odometerWork(): f64 {
  const envBit: u32 = <u32>1 << envOwner;
  let combinations: f64 = 1;
  let most = 1;
  for (let g = 0; g < nCats; g++) {
    let n = 0;
    let m = categoryMask(g);
    while (m) {
      const c = <i32>ctz<u32>(m);
      m &= m - 1;
      if (unchecked(fixedOwner[c]) < 0 && (unchecked(allowed[c]) & envBit)) n++;
    }
    if (n == 0) continue;
    combinations *= <f64>n;
    most = max(most, n);
  }
  return (combinations / <f64>most) * 2 * <f64>nEdges;
}

/**
 * The open categories of p, their candidates per layer (from the DAG's structure, not a mask: a
 * position derived by restricting edges shares the plan), and the envelope index's strides. False
 * past MAX_OPEN_CATEGORIES.
 */
function describeCategories(p: SplitPlan): bool {
  const envBit: u32 = <u32>1 << envOwner;
  p.openCategory = new StaticArray<i32>(MAX_CARDS);
  p.nCandidates = new StaticArray<i32>(MAX_CARDS);
  p.candidateCard = new StaticArray<i32>(MAX_CARDS * MAX_CARDS);
  p.layerOpen = new StaticArray<i32>(MAX_CARDS);
  p.layerCandidate = new StaticArray<bool>(MAX_CARDS);
  p.before = new StaticArray<i32>((MAX_CARDS + 1) * MAX_CARDS);
  p.outStride = new StaticArray<i32>(MAX_CARDS);
  p.placeInCategory = new StaticArray<i32>(MAX_CARDS);
  const openOf = new StaticArray<i32>(MAX_CARDS);
  let stride = 1;
  let fixedIndex = 0;
  for (let g = nCats - 1; g >= 0; g--) {
    const cm = categoryMask(g);
    unchecked(p.outStride[g] = stride);
    stride *= <i32>popcnt<u32>(cm);
    let fixedCard = -1;
    let m = cm;
    while (m) {
      const c = <i32>ctz<u32>(m);
      m &= m - 1;
      unchecked(p.placeInCategory[c] = <i32>popcnt<u32>(cm & ((<u32>1 << c) - 1)));
      if (unchecked(fixedOwner[c]) == envOwner) fixedCard = c;
    }
    if (fixedCard >= 0) fixedIndex += unchecked(p.placeInCategory[fixedCard]) * unchecked(p.outStride[g]);
    unchecked(openOf[g] = fixedCard >= 0 ? -1 : 0);
  }
  p.fixedIndex = fixedIndex;
  let open = 0;
  for (let g = 0; g < nCats; g++) {
    if (unchecked(openOf[g]) < 0) continue;
    if (open == MAX_OPEN_CATEGORIES) return false;
    unchecked(p.openCategory[open] = g);
    unchecked(openOf[g] = open++);
  }
  p.nOpen = open;
  for (let t = 0; t < nVars; t++) {
    const c = unchecked(order[t]);
    const v = unchecked(openOf[unchecked(cardCategory[c])]);
    const candidate = v >= 0 && (unchecked(allowed[c]) & envBit) != 0;
    unchecked(p.layerOpen[t] = v);
    unchecked(p.layerCandidate[t] = candidate);
    if (candidate) {
      unchecked(p.candidateCard[v * MAX_CARDS + p.nCandidates[v]] = c);
      unchecked(p.nCandidates[v] += 1);
    }
    for (let w = 0; w < open; w++) unchecked(p.before[(t + 1) * MAX_CARDS + w] = p.nCandidates[w]);
  }
  return true;
}

// ---- the index maps ----

/**
 * A map's start in `maps`, built at its first use since the stamp changed: forward from layer t
 * (`forward`), backward from layer t (`kind` 1 for an envelope edge), or the cut's tables (t < 0).
 */
@inline function mapFor(s: u32, kind: i32, t: i32, forward: bool): i32 {
  const key = <i32>(s << 1) | kind;
  if (unchecked(mapStamp[key]) == stamp) return unchecked(mapAt[key]);
  const at = t < 0 ? buildCutTables(s) : forward ? buildForwardMap(t, s) : buildBackwardMap(t, s, kind == 1);
  unchecked(mapStamp[key] = stamp);
  unchecked(mapAt[key] = at);
  return at;
}

function reserveMap(n: i32): i32 {
  if (mapsUsed + n > maps.length) {
    let size = maps.length << 1;
    while (size < mapsUsed + n) size <<= 1;
    const grown = new StaticArray<i32>(size);
    memory.copy(changetype<usize>(grown), changetype<usize>(maps), <usize>mapsUsed << 2);
    maps = grown;
  }
  const at = mapsUsed;
  mapsUsed += n;
  return at;
}

/**
 * Forward from layer t, for a node with chosen set s whose layer's card is a candidate of open
 * category h: each entry's index in the child's vector (digits in open-category order, the last
 * varying fastest). With h not chosen, the edge is an envelope edge: h's digit is this card's
 * rank. With h chosen, h's radix grows by this candidate.
 */
function buildForwardMap(t: i32, s: u32): i32 {
  const h = unchecked(layerOpen[t]);
  const child = s | (<u32>1 << h);
  let n = 1;
  for (let v = 0; v < nOpen; v++) if (s & (<u32>1 << v)) n *= radixForward(t, v);
  const at = reserveMap(n);
  for (let q = 0; q < n; q++) {
    let r = q;
    for (let v = nOpen - 1; v >= 0; v--) {
      if (!(s & (<u32>1 << v))) continue;
      const radix = radixForward(t, v);
      unchecked(digits[v] = r % radix);
      r /= radix;
    }
    if (!(s & (<u32>1 << h))) unchecked(digits[h] = radixForward(t, h));
    let index = 0;
    for (let v = 0; v < nOpen; v++) if (child & (<u32>1 << v)) index = index * radixForward(t + 1, v) + unchecked(digits[v]);
    unchecked(maps[at + q] = index);
  }
  return at;
}

/**
 * Backward from layer t + 1 to t, for a node with chosen set s whose layer's card is a candidate of
 * open category h not chosen yet: for each entry of the child's vector, its index in the node's.
 * A digit counts from its category's first candidate at or after the layer: an envelope edge takes
 * this layer's card (digit 0); any other edge leaves h to a later candidate (one digit further).
 */
function buildBackwardMap(t: i32, s: u32, envelope: bool): i32 {
  const h = unchecked(layerOpen[t]);
  const open = ((<u32>1 << nOpen) - 1) & ~s;
  const childOpen = envelope ? open & ~(<u32>1 << h) : open;
  let n = 1;
  for (let v = 0; v < nOpen; v++) if (childOpen & (<u32>1 << v)) n *= radixBackward(t + 1, v);
  const at = reserveMap(n);
  for (let q = 0; q < n; q++) {
    let r = q;
    for (let v = nOpen - 1; v >= 0; v--) {
      if (!(childOpen & (<u32>1 << v))) continue;
      const radix = radixBackward(t + 1, v);
      unchecked(digits[v] = r % radix);
      r /= radix;
    }
    unchecked(digits[h] = envelope ? 0 : unchecked(digits[h]) + 1);
    let index = 0;
    for (let v = 0; v < nOpen; v++) if (open & (<u32>1 << v)) index = index * radixBackward(t, v) + unchecked(digits[v]);
    unchecked(maps[at + q] = index);
  }
  return at;
}

/**
 * The cut's tables for nodes with chosen set s: per entry of the forward vector, then per entry of
 * the backward one, its part of the envelope index (the cards it stands for, at their strides).
 */
function buildCutTables(s: u32): i32 {
  const open = ((<u32>1 << nOpen) - 1) & ~s;
  let nf = 1;
  let nb = 1;
  for (let v = 0; v < nOpen; v++) {
    if (s & (<u32>1 << v)) nf *= radixForward(cut, v);
    else nb *= radixBackward(cut, v);
  }
  const at = reserveMap(nf + nb);
  const candidateCard = plan.candidateCard;
  const openCategory = plan.openCategory;
  const placeInCategory = plan.placeInCategory;
  const outStride = plan.outStride;
  for (let q = 0; q < nf; q++) {
    let r = q;
    let index = 0;
    for (let v = nOpen - 1; v >= 0; v--) {
      if (!(s & (<u32>1 << v))) continue;
      const radix = radixForward(cut, v);
      const card = unchecked(candidateCard[v * MAX_CARDS + r % radix]);
      index += unchecked(placeInCategory[card]) * unchecked(outStride[unchecked(openCategory[v])]);
      r /= radix;
    }
    unchecked(maps[at + q] = index);
  }
  for (let q = 0; q < nb; q++) {
    let r = q;
    let index = 0;
    for (let v = nOpen - 1; v >= 0; v--) {
      if (!(open & (<u32>1 << v))) continue;
      const radix = radixBackward(cut, v);
      const card = unchecked(candidateCard[v * MAX_CARDS + radixForward(cut, v) + r % radix]);
      index += unchecked(placeInCategory[card]) * unchecked(outStride[unchecked(openCategory[v])]);
      r /= radix;
    }
    unchecked(maps[at + nf + q] = index);
  }
  return at;
}
