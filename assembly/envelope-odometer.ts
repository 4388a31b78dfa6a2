// The joint counts of the envelope's cards by conditioning: for each combination of the envelope
// cards of every category but one (the "free" one, with most candidates), a masked backward and
// forward pass over the DAG, and the free category's marginals from them. Two passes per
// combination: the general method, for DAGs too large for the split passes (envelope-split.ts).
import { MAX_CARDS } from './layout';
import { categoryMask } from './store';
import { allowed, positionMask, edgeChild, edgeOwner, edgeStart, edgeWeight, envOwner, fixedOwner, layerStart, nCats, nNodes, nSeats, nVars, order } from './dag/position';
import { countBackward, countForward } from './dag/count';
import { backwardBuffer, forwardBuffer } from './dag/pass-buffers';
import { ownerWidth } from './owners';

const layerMasks = new StaticArray<u32>(MAX_CARDS);
/** Per category: cards that can be in the envelope, and the one picked in the current condition. */
const candidates = new StaticArray<u32>(MAX_CARDS);
const pick = new StaticArray<u32>(MAX_CARDS);
const conditionalCounts = new StaticArray<f64>(MAX_CARDS * 12);

/**
 * Joint counts of envelope combinations, indexed in mixed radix over the categories (the first
 * category most significant, cards in deck order within a category).
 * Conditions on each possible choice for every category but one ("free") and reads the free
 * category's envelope marginals from masked forward/backward passes over the same DAG.
 */
export function countByOdometer(envelopeOut: StaticArray<f64>, ownerCounts: StaticArray<f64>): void {
  const fwdMasked = forwardBuffer(nNodes);
  const bwdMasked = backwardBuffer(nNodes);
  const width = ownerWidth(nSeats);

  // Envelope candidates per category: cards with a non-zero envelope count.
  let free = 0;
  let freeCount = -1;
  for (let g = 0; g < nCats; g++) {
    let m: u32 = 0;
    let cm = categoryMask(g);
    while (cm) {
      const c = <i32>ctz<u32>(cm);
      cm &= cm - 1;
      if (unchecked(ownerCounts[c * width + envOwner]) > 0) m |= <u32>1 << c;
    }
    unchecked(candidates[g] = m);
    const k = <i32>popcnt<u32>(m);
    if (k > freeCount) { freeCount = k; free = g; }
  }

  // The layers of the free category's cards that may go to the envelope.
  let firstFree = -1;
  let lastFree = -1;
  for (let t = 0; t < nVars; t++) {
    const c = unchecked(order[t]);
    if ((categoryMask(free) & (<u32>1 << c)) && (unchecked(allowed[c]) & (<u32>1 << envOwner))) {
      if (firstFree < 0) firstFree = t;
      lastFree = t;
    }
  }

  // Odometer over the candidates of the conditioned categories.
  for (let g = 0; g < nCats; g++) {
    const m = unchecked(candidates[g]);
    unchecked(pick[g] = m & -m);
  }
  while (true) {
    // Mask per layer: a conditioned category's cards go to the envelope iff picked.
    let picked: u32 = 0;
    let conditioned: u32 = 0;
    for (let g = 0; g < nCats; g++) {
      if (g == free) continue;
      picked |= unchecked(pick[g]);
      conditioned |= categoryMask(g);
    }
    const envBit = <u32>1 << envOwner;
    for (let t = 0; t < nVars; t++) {
      const c = unchecked(order[t]);
      const bit = <u32>1 << c;
      unchecked(layerMasks[t] = !(conditioned & bit) ? 0xffffffff : (picked & bit) ? envBit : ~envBit);
    }
    if (firstFree < 0) {
      // The free category's envelope card is forced: its count is the conditional total.
      countBackward(bwdMasked, layerMasks, 0);
      const conditionalTotal = nNodes > 0 ? unchecked(bwdMasked[0]) : 0.0;
      let fm = categoryMask(free);
      while (fm) {
        const c = <i32>ctz<u32>(fm);
        fm &= fm - 1;
        if (unchecked(fixedOwner[c]) == envOwner && conditionalTotal > 0) unchecked(envelopeOut[indexOf(free, c)] = conditionalTotal);
      }
    } else {
      // Only the free category's layers are read: backward passes down to the first of them,
      // forward passes up to the last.
      countBackward(bwdMasked, layerMasks, firstFree);
      countForward(fwdMasked, layerMasks, lastFree);
      memory.fill(changetype<usize>(conditionalCounts), 0, <usize>(MAX_CARDS * 12) << 3);
      accumulateEdges(fwdMasked, bwdMasked, conditionalCounts, width, envOwner, firstFree, lastFree);
      let fm = categoryMask(free);
      while (fm) {
        const c = <i32>ctz<u32>(fm);
        fm &= fm - 1;
        const n = unchecked(conditionalCounts[c * width + envOwner]);
        if (n > 0) unchecked(envelopeOut[indexOf(free, c)] = n);
      }
    }
    // Next combination.
    let g = nCats - 1;
    for (; g >= 0; g--) {
      if (g == free) continue;
      const m = unchecked(candidates[g]);
      const next = m & ~((unchecked(pick[g]) << 1) - 1);
      if (next) { unchecked(pick[g] = next & -next); break; }
      unchecked(pick[g] = m & -m);
    }
    if (g < 0) break;
  }
}

/** Mixed-radix index of the combination `pick` with the free category's card replaced by c. */
function indexOf(free: i32, c: i32): i32 {
  let index = 0;
  for (let g = 0; g < nCats; g++) {
    const cm = categoryMask(g);
    const card = g == free ? c : <i32>ctz<u32>(unchecked(pick[g]));
    index = index * <i32>popcnt<u32>(cm) + <i32>popcnt<u32>(cm & ((<u32>1 << card) - 1));
  }
  return index;
}

/**
 * For every edge of layers [fromLayer, toLayer], adds forward(parent) x backward(child) to
 * out[card * width + owner]; with onlyOwner >= 0, only edges to that owner.
 */
function accumulateEdges(f: StaticArray<f64>, b: StaticArray<f64>, out: StaticArray<f64>, width: i32, onlyOwner: i32, fromLayer: i32 = 0, toLayer: i32 = nVars - 1): void {
  const own = positionMask;
  const weights = edgeWeight;
  for (let t = fromLayer; t <= toLayer; t++) {
    const m: u32 = own === null ? 0xffffffff : unchecked(own[t]);
    const row = unchecked(order[t]) * width;
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = from; i < to; i++) {
      const fi = unchecked(f[i]);
      if (fi == 0) continue;
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        const o = <i32>unchecked(edgeOwner[e]);
        if (onlyOwner >= 0 && o != onlyOwner) continue;
        if (!(m & (<u32>1 << o))) continue;
        const fw = weights === null ? fi : fi * unchecked(weights[e]);
        unchecked(out[row + o] += fw * unchecked(b[edgeChild[e]]));
      }
    }
  }
}

