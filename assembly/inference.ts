// Exact answers from the DAG: per card and owner, the number of consistent deals placing the
// card there; per envelope combination, the number of consistent deals with that envelope.
import { MAX_CARDS } from './layout';
import { categoryMask } from './store';
import { bwd, countBackward, countForward, edgeChild, edgeOwner, edgeStart, envOwner, fixedOwner, fwd, layerStart, nCards, nCats, nNodes, nSeats, nVars, order, total } from './dag';

let ownerCountsOut = new StaticArray<f64>(MAX_CARDS * 12);
let envelopeOut = new StaticArray<f64>(1);
let fwdMasked = new StaticArray<f64>(1);
let bwdMasked = new StaticArray<f64>(1);
const layerMasks = new StaticArray<u32>(MAX_CARDS);
/** Per category: cards that can be in the envelope, and the one picked in the current condition. */
const candidates = new StaticArray<u32>(MAX_CARDS);
const pick = new StaticArray<u32>(MAX_CARDS);
const conditionalCounts = new StaticArray<f64>(MAX_CARDS * 12);

/** Fills and returns the card x owner count matrix (row per card; seats, envelope, table). */
export function computeOwnerCounts(): StaticArray<f64> {
  const width = nSeats + 2;
  memory.fill(changetype<usize>(ownerCountsOut), 0, <usize>(MAX_CARDS * 12) << 3);
  if (total == 0) return ownerCountsOut;
  for (let c = 0; c < nCards; c++) {
    const f = unchecked(fixedOwner[c]);
    if (f >= 0) unchecked(ownerCountsOut[c * width + f] = total);
  }
  accumulateEdges(fwd, bwd, ownerCountsOut, width, -1);
  return ownerCountsOut;
}

/**
 * For every edge of every layer, adds forward(parent) x backward(child) to out[card * width + owner];
 * with onlyOwner >= 0, only edges to that owner.
 */
function accumulateEdges(f: StaticArray<f64>, b: StaticArray<f64>, out: StaticArray<f64>, width: i32, onlyOwner: i32): void {
  for (let t = 0; t < nVars; t++) {
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
        unchecked(out[row + o] += fi * unchecked(b[edgeChild[e]]));
      }
    }
  }
}

/** Number of envelope combinations: the product of the category sizes. */
export function envelopeCombinationCount(): i32 {
  let n = 1;
  for (let g = 0; g < nCats; g++) n *= <i32>popcnt<u32>(categoryMask(g));
  return n;
}

/**
 * Joint counts of envelope combinations, indexed in mixed radix over the categories (the first
 * category most significant, cards in deck order within a category).
 * Conditions on each possible choice for every category but one ("free") and reads the free
 * category's envelope marginals from masked forward/backward passes over the same DAG.
 */
export function computeEnvelopeCounts(ownerCounts: StaticArray<f64>): StaticArray<f64> {
  const combos = envelopeCombinationCount();
  if (envelopeOut.length < combos) envelopeOut = new StaticArray<f64>(combos);
  memory.fill(changetype<usize>(envelopeOut), 0, <usize>combos << 3);
  if (total == 0) return envelopeOut;
  if (fwdMasked.length < nNodes) { fwdMasked = new StaticArray<f64>(nNodes); bwdMasked = new StaticArray<f64>(nNodes); }
  const width = nSeats + 2;

  // Envelope candidates per category: cards with a non-zero envelope count.
  let free = 0;
  let freeCount = -1;
  for (let g = 0; g < nCats; g++) {
    let m: u32 = 0;
    let cm = categoryMask(g);
    while (cm) {
      const c = <i32>ctz<u32>(cm);
      cm &= cm - 1;
      if (unchecked(ownerCountsOut[c * width + envOwner]) > 0) m |= <u32>1 << c;
    }
    unchecked(candidates[g] = m);
    const k = <i32>popcnt<u32>(m);
    if (k > freeCount) { freeCount = k; free = g; }
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
    countBackward(bwdMasked, layerMasks);
    countForward(fwdMasked, layerMasks);
    const conditionalTotal = nNodes > 0 ? unchecked(bwdMasked[0]) : 0.0;
    if (conditionalTotal > 0) {
      // Envelope counts of the free category's cards under this condition.
      memory.fill(changetype<usize>(conditionalCounts), 0, <usize>(MAX_CARDS * 12) << 3);
      accumulateEdges(fwdMasked, bwdMasked, conditionalCounts, width, envOwner);
      let fm = categoryMask(free);
      while (fm) {
        const c = <i32>ctz<u32>(fm);
        fm &= fm - 1;
        const n = unchecked(fixedOwner[c]) == envOwner ? conditionalTotal : unchecked(conditionalCounts[c * width + envOwner]);
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
  return envelopeOut;
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
