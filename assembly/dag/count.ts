// Counting paths of the selected position's DAG. Backward counts (completions from each node)
// give the number of consistent deals at the root and drive the sampler; forward counts (partial
// deals reaching each node) with them give the marginals (inference.ts). On a weighted DAG every
// count is a sum of path weights; past 2^53 deals the backward counts are also kept as exact
// 128-bit integers, so that counts and uniform draws stay exact.
import { Position, edgeChild, edgeOwner, edgeStart, edgeWeight, layerStart, nNodes, nVars, positionMask, terminal } from './position';

/** 2^53: below it, f64 counts are exact integers. */
export const EXACT_LIMIT: f64 = 9007199254740992.0;

/**
 * Counts the selected position `p`: `count` the consistent deals, and into its bwd (and `total`)
 * the weighted backward sums, which are the counts themselves when the position is unweighted.
 */
export function countBoth(p: Position): void {
  const w = edgeWeight;
  if (w !== null) {
    backward(p.bwd, null, 0, null);
    p.count = nNodes > 0 ? unchecked(p.bwd[0]) : 0;
  }
  backward(p.bwd, null, 0, w);
  p.total = nNodes > 0 ? unchecked(p.bwd[0]) : 0;
  if (w === null) p.count = p.total;
}

/** The exact number of `p`'s deals (the selected position, counted): past 2^53, from exact backward counts it keeps. */
export function countExactly(p: Position): void {
  if (p.count >= EXACT_LIMIT) {
    const exact = new StaticArray<u64>(nNodes * 2);
    countBackwardExact(exact);
    p.bwdExact = exact;
    p.totalLo = unchecked(exact[0]);
    p.totalHi = unchecked(exact[1]);
  } else {
    p.totalLo = <u64>p.count;
    p.totalHi = 0;
  }
}

/**
 * Backward counts: out[i] = number of completions from node i, for the layers from `downTo` on.
 * `masks` (per layer, optional) restricts the owners an edge may take; null means every edge.
 */
export function countBackward(out: StaticArray<f64>, masks: StaticArray<u32> | null, downTo: i32 = 0): void {
  backward(out, masks, downTo, edgeWeight);
}

/** countBackward with the edges weighted by `weights` (null: unweighted). */
function backward(out: StaticArray<f64>, masks: StaticArray<u32> | null, downTo: i32, weights: StaticArray<f64> | null): void {
  const last = unchecked(layerStart[nVars]);
  for (let i = last; i < nNodes; i++) unchecked(out[i] = i == terminal ? 1.0 : 0.0);
  const own = positionMask;
  for (let t = nVars - 1; t >= downTo; t--) {
    const m: u32 = (masks === null ? 0xffffffff : unchecked(masks[t])) & (own === null ? 0xffffffff : unchecked(own[t]));
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = to - 1; i >= from; i--) {
      let s: f64 = 0;
      const e1 = unchecked(edgeStart[i + 1]);
      if (weights === null) {
        for (let e = unchecked(edgeStart[i]); e < e1; e++) {
          if (m & (<u32>1 << unchecked(edgeOwner[e]))) s += unchecked(out[edgeChild[e]]);
        }
      } else {
        for (let e = unchecked(edgeStart[i]); e < e1; e++) {
          if (m & (<u32>1 << unchecked(edgeOwner[e]))) s += unchecked(weights[e]) * unchecked(out[edgeChild[e]]);
        }
      }
      unchecked(out[i] = s);
    }
  }
}

/** Backward counts as exact 128-bit integers: out[2i] the low word, out[2i + 1] the high word. */
function countBackwardExact(out: StaticArray<u64>): void {
  const last = unchecked(layerStart[nVars]);
  for (let i = last; i < nNodes; i++) {
    unchecked(out[2 * i] = i == terminal ? 1 : 0);
    unchecked(out[2 * i + 1] = 0);
  }
  const own = positionMask;
  for (let t = nVars - 1; t >= 0; t--) {
    const m: u32 = own === null ? 0xffffffff : unchecked(own[t]);
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = to - 1; i >= from; i--) {
      let lo: u64 = 0;
      let hi: u64 = 0;
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        if (!(m & (<u32>1 << unchecked(edgeOwner[e])))) continue;
        const j = unchecked(edgeChild[e]);
        const add = unchecked(out[2 * j]);
        lo += add;
        hi += unchecked(out[2 * j + 1]) + <u64>(lo < add);
      }
      unchecked(out[2 * i] = lo);
      unchecked(out[2 * i + 1] = hi);
    }
  }
}

/** Forward counts: out[i] = number of partial deals from the root to node i, for the layers up to `upTo`. */
export function countForward(out: StaticArray<f64>, masks: StaticArray<u32> | null, upTo: i32 = nVars): void {
  if (nNodes == 0) return;
  const end = unchecked(layerStart[min(upTo, nVars) + 1]);
  memory.fill(changetype<usize>(out), 0, <usize>end << 3);
  unchecked(out[0] = 1);
  const own = positionMask;
  const weights = edgeWeight;
  for (let t = 0; t < min(upTo, nVars); t++) {
    const m: u32 = (masks === null ? 0xffffffff : unchecked(masks[t])) & (own === null ? 0xffffffff : unchecked(own[t]));
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = from; i < to; i++) {
      const f = unchecked(out[i]);
      if (f == 0) continue;
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        if (m & (<u32>1 << unchecked(edgeOwner[e]))) unchecked(out[edgeChild[e]] += weights === null ? f : f * unchecked(weights[e]));
      }
    }
  }
}
