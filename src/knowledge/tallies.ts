// Tallies are the one currency of inference: how many deals (counted exactly, or drawn by the
// sampler) put each card with each owner and each envelope combination. Every answer —
// probabilities, solutions, entropy — is derived from them the same way for both methods.
import { popcount } from '../model/bits.js';
import { ownerWidth } from '../model/owners.js';

export interface Tallies {
  /** Exact count of consistent deals, or the number of samples. */
  total: number;
  /** nCards x ownerWidth(nSeats): seats, envelope, table. */
  ownerCounts: Float64Array;
  /** Per envelope combination, mixed-radix over the categories (first category most significant). */
  envelopeCounts: Float64Array;
}

/** Mixed-radix index of the envelope combination in an envelope mask. */
export function envelopeIndex(categoryMasks: number[], envelopeMask: number): number {
  let index = 0;
  for (const mask of categoryMasks) {
    const inCategory = (envelopeMask & mask) >>> 0;
    const card = 31 - Math.clz32(inCategory);
    index = index * popcount(mask) + popcount((mask & (2 ** card - 1)) >>> 0);
  }
  return index;
}

/**
 * The cards of the combination with the given mixed-radix index, one per category (envelope
 * combinations and suggestions are both indexed this way). Cards of a category are contiguous.
 */
export function combinationCards(categoryMasks: number[], index: number): number[] {
  const cards: number[] = [];
  for (let g = categoryMasks.length - 1; g >= 0; g--) {
    const size = popcount(categoryMasks[g]);
    const first = 31 - Math.clz32(categoryMasks[g] & -categoryMasks[g]);
    cards.unshift(first + (index % size));
    index = Math.floor(index / size);
  }
  return cards;
}

/** How many combinations of one card per category there are. */
export function combinationCount(categoryMasks: number[]): number {
  return categoryMasks.reduce((n, m) => n * popcount(m), 1);
}


export function emptyTallies(nCards: number, nSeats: number, categoryMasks: number[]): Tallies {
  return { total: 0, ownerCounts: new Float64Array(nCards * ownerWidth(nSeats)), envelopeCounts: new Float64Array(combinationCount(categoryMasks)) };
}

/** Adds `more` into `into`. Counts are integers, so sums in any order agree exactly. */
export function addTallies(into: Tallies, more: Tallies): void {
  into.total += more.total;
  for (let i = 0; i < into.ownerCounts.length; i++) into.ownerCounts[i] += more.ownerCounts[i];
  for (let i = 0; i < into.envelopeCounts.length; i++) into.envelopeCounts[i] += more.envelopeCounts[i];
}

/** Tallies of a batch of deals (n x ownerWidth(nSeats) masks), added into `into`. */
export function tallyDeals(categoryMasks: number[], nSeats: number, deals: Uint32Array, into: Tallies): void {
  const width = ownerWidth(nSeats);
  const n = deals.length / width;
  for (let k = 0; k < n; k++) {
    const base = k * width;
    for (let o = 0; o < width; o++) {
      let m = deals[base + o];
      while (m !== 0) {
        const c = 31 - Math.clz32(m & -m);
        into.ownerCounts[c * width + o]++;
        m = (m & (m - 1)) >>> 0;
      }
    }
    into.envelopeCounts[envelopeIndex(categoryMasks, deals[base + nSeats])]++;
  }
  into.total += n;
}
