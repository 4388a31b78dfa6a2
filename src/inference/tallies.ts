// Tallies are the one currency of inference: how many deals (counted exactly, or drawn by the
// sampler) put each card with each owner and each envelope combination. Every answer —
// probabilities, solutions, entropy — is derived from them the same way for both methods.
import type { Deck } from '../core/deck.js';

export interface Tallies {
  /** Exact count of consistent deals, or the number of samples. */
  total: number;
  /** nCards x (nSeats + 2): seats, envelope, table. */
  ownerCounts: Float64Array;
  /** Per envelope combination, mixed-radix over the categories (first category most significant). */
  envelopeCounts: Float64Array;
}

/** Mixed-radix index of the envelope combination in an envelope mask. */
export function envelopeIndex(deck: Deck, envelopeMask: number): number {
  let index = 0;
  for (let g = 0; g < deck.categories.length; g++) {
    const inCategory = (envelopeMask & deck.categoryMasks[g]) >>> 0;
    const card = 31 - Math.clz32(inCategory);
    index = index * deck.categories[g].cards.length + popcount((deck.categoryMasks[g] & ((2 ** card) - 1)) >>> 0);
  }
  return index;
}

/** The cards of the envelope combination with the given mixed-radix index, one per category. */
export function envelopeCards(deck: Deck, index: number): number[] {
  const cards: number[] = [];
  for (let g = deck.categories.length - 1; g >= 0; g--) {
    const size = deck.categories[g].cards.length;
    const first = 31 - Math.clz32(deck.categoryMasks[g] & -deck.categoryMasks[g]);
    cards.unshift(first + (index % size));
    index = Math.floor(index / size);
  }
  return cards;
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Tallies of a batch of deals (n x (nSeats + 2) masks), added into `into`. */
export function tallyDeals(deck: Deck, nSeats: number, deals: Uint32Array, into: Tallies): void {
  const width = nSeats + 2;
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
    into.envelopeCounts[envelopeIndex(deck, deals[base + nSeats])]++;
  }
  into.total += n;
}
