// Exact answers from the DAG: per card and owner, the number of consistent deals placing the
// card there; per envelope combination, the number of consistent deals with that envelope. On a
// weighted DAG (response factors) every count is a sum of the deals' weights instead.
import { MAX_CARDS } from './layout';
import { categoryMask } from './store';
import { bwd, current, positionMask, edgeChild, edgeOwner, edgeStart, edgeWeight, fixedOwner, layerStart, nCards, nCats, nNodes, nSeats, nVars, order, total } from './dag/position';
import { countBackward } from './dag/count';
import { backwardBuffer, forwardBuffer } from './dag/pass-buffers';
import { countByOdometer } from './envelope-odometer';
import { countSplit } from './envelope-split';
import { ownerWidth } from './owners';

const layerMasks = new StaticArray<u32>(MAX_CARDS);

/** The selected position's card x owner count matrix (row per card; seats, envelope, table), computed once. */
export function ownerCountsOf(): StaticArray<f64> {
  let counts = current.ownerCounts;
  if (counts === null) {
    counts = computeOwnerCounts();
    current.ownerCounts = counts;
  }
  return counts;
}

/**
 * The selected position's counts per envelope combination, computed once: by the split passes
 * (envelope-split.ts) when they fit, else by the odometer (envelope-odometer.ts).
 */
export function envelopeCountsOf(): StaticArray<f64> {
  let counts = current.envelopeCounts;
  if (counts === null) {
    counts = new StaticArray<f64>(envelopeCombinationCount());
    if (total > 0) {
      if (!countSplit(counts)) countByOdometer(counts, ownerCountsOf());
    }
    current.envelopeCounts = counts;
  }
  return counts;
}

function computeOwnerCounts(): StaticArray<f64> {
  const width = ownerWidth(nSeats);
  const ownerCountsOut = new StaticArray<f64>(MAX_CARDS * 12);
  if (total == 0) return ownerCountsOut;
  for (let c = 0; c < nCards; c++) {
    const f = unchecked(fixedOwner[c]);
    if (f >= 0) unchecked(ownerCountsOut[c * width + f] = total);
  }
  // One forward pass that also adds forward(parent) x backward(child) for every edge it follows.
  const f = forwardBuffer(nNodes);
  memory.fill(changetype<usize>(f), 0, <usize>nNodes << 3);
  unchecked(f[0] = 1);
  const own = positionMask;
  const weights = edgeWeight;
  for (let t = 0; t < nVars; t++) {
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
        if (!(m & (<u32>1 << o))) continue;
        const j = unchecked(edgeChild[e]);
        const fw = weights === null ? fi : fi * unchecked(weights[e]);
        unchecked(f[j] += fw);
        unchecked(ownerCountsOut[row + o] += fw * unchecked(bwd[j]));
      }
    }
  }
  return ownerCountsOut;
}

/**
 * The number of consistent deals in which every card's owner is within `owners[card]` (a mask per
 * card): the selected position conditioned on placements, counted on its DAG without rebuilding.
 */
export function restrictedCount(owners: usize): f64 {
  if (total == 0) return 0;
  for (let c = 0; c < nCards; c++) {
    const f = unchecked(fixedOwner[c]);
    if (f >= 0 && !(load<u32>(owners + (<usize>c << 2)) & (<u32>1 << f))) return 0;
  }
  for (let t = 0; t < nVars; t++) unchecked(layerMasks[t] = load<u32>(owners + (<usize>unchecked(order[t]) << 2)));
  const b = backwardBuffer(nNodes);
  countBackward(b, layerMasks, 0);
  return nNodes > 0 ? unchecked(b[0]) : 0;
}

/** Number of envelope combinations: the product of the category sizes. */
export function envelopeCombinationCount(): i32 {
  let n = 1;
  for (let g = 0; g < nCats; g++) n *= <i32>popcnt<u32>(categoryMask(g));
  return n;
}

