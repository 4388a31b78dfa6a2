/**
 * Every deal of a game, optionally narrowed by public facts known from the start, as owner masks:
 * deal d's owner o holds the cards of masks[d * nOwners + o]. Owner slots are the seats 0..n-1
 * and the envelope n (the face-up table is fixed and kept apart).
 */
import { popcount } from '../../model/bits.js';

export interface DealFrame {
  nCards: number;
  categoryMasks: number[];
  faceUpMask: number;
  handSizes: number[];
  /** Per category: exactly this many of its cards in each seat's hand, or null; null for no quotas. */
  quotas: Array<number | null> | null;
}

/** Facts every enumerated deal satisfies (by owner slot). */
export interface DealFilter {
  holds: number[];
  lacks: number[];
  /** owner holds at least one of cards */
  clauses: Array<{ owner: number; cards: number }>;
  /** envelopes (card masks) that are not the envelope */
  notEnvelope: number[];
}

export interface DealTable {
  nOwners: number;
  count: number;
  masks: Uint32Array;
}

export class TooManyDealsError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} deals`);
  }
}

export function emptyFilter(nOwners: number): DealFilter {
  return { holds: new Array(nOwners).fill(0), lacks: new Array(nOwners).fill(0), clauses: [], notEnvelope: [] };
}

/** Enumerates the deals of the frame that pass the filter, in a fixed order; throws past `limit`. */
export function enumerateDeals(frame: DealFrame, filter: DealFilter, limit: number): DealTable {
  const nSeats = frame.handSizes.length;
  const nOwners = nSeats + 1;
  const env = nSeats;
  const nCategories = frame.categoryMasks.length;
  const categoryOf: number[] = [];
  frame.categoryMasks.forEach((m, g) => {
    for (let c = 0; c < frame.nCards; c++) if (m & (1 << c)) categoryOf[c] = g;
  });
  const cards: number[] = [];
  for (let c = 0; c < frame.nCards; c++) if (!(frame.faceUpMask & (1 << c))) cards.push(c);

  // Owners each card may go to, before capacities.
  const allowed = cards.map((c) => {
    const bit = 1 << c;
    const forced = filter.holds.findIndex((m) => (m & bit) !== 0);
    if (forced >= 0) return [forced];
    const owners: number[] = [];
    for (let o = 0; o < nOwners; o++) if (!(filter.lacks[o] & bit)) owners.push(o);
    return owners;
  });

  const capacity = [...frame.handSizes, nCategories];
  // quota[s * nCategories + g]: cards of category g seat s must still take (-1: free).
  const quota = new Int32Array(nSeats * nCategories).fill(-1);
  if (frame.quotas) {
    for (let s = 0; s < nSeats; s++) for (let g = 0; g < nCategories; g++) quota[s * nCategories + g] = frame.quotas[g] ?? -1;
  }
  // Cards of each category still to deal, to stop early when a quota can no longer be met.
  const left = new Int32Array(nCategories);
  for (const c of cards) left[categoryOf[c]]++;
  let envelopeCategories = 0;
  const hand = new Uint32Array(nOwners);

  let table = new Uint32Array(Math.min(limit, 1024) * nOwners);
  let count = 0;

  const leafOk = (): boolean => {
    for (const k of filter.clauses) if ((hand[k.owner] & k.cards) === 0) return false;
    for (const e of filter.notEnvelope) if (hand[env] === e) return false;
    return true;
  };
  const quotaShort = (g: number): boolean => {
    if (!frame.quotas) return false;
    let need = 0;
    for (let s = 0; s < nSeats; s++) need += Math.max(0, quota[s * nCategories + g]);
    const envNeed = envelopeCategories & (1 << g) ? 0 : 1;
    return need + envNeed > left[g];
  };

  const place = (i: number): void => {
    if (i === cards.length) {
      if (!leafOk()) return;
      if (count === limit) throw new TooManyDealsError(limit);
      if ((count + 1) * nOwners > table.length) {
        const bigger = new Uint32Array(Math.min(limit, count * 2) * nOwners);
        bigger.set(table);
        table = bigger;
      }
      table.set(hand, count * nOwners);
      count++;
      return;
    }
    const c = cards[i];
    const g = categoryOf[c];
    const bit = 1 << c;
    left[g]--;
    for (const o of allowed[i]) {
      if (capacity[o] === 0) continue;
      if (o === env) {
        if (envelopeCategories & (1 << g)) continue;
        envelopeCategories |= 1 << g;
      } else if (quota[o * nCategories + g] === 0) continue;
      else if (quota[o * nCategories + g] > 0) quota[o * nCategories + g]--;
      capacity[o]--;
      hand[o] |= bit;
      if (!quotaShort(g)) place(i + 1);
      hand[o] &= ~bit;
      capacity[o]++;
      if (o === env) envelopeCategories &= ~(1 << g);
      else if (quota[o * nCategories + g] >= 0) quota[o * nCategories + g]++;
    }
    left[g]++;
  };
  place(0);
  return { nOwners, count, masks: table.subarray(0, count * nOwners) };
}

/** The index of a deal (owner masks) in the table, or -1. */
export function findDeal(table: DealTable, hands: ArrayLike<number>): number {
  const { nOwners, masks } = table;
  outer: for (let d = 0; d < table.count; d++) {
    for (let o = 0; o < nOwners; o++) if (masks[d * nOwners + o] !== hands[o] >>> 0) continue outer;
    return d;
  }
  return -1;
}

/** The number of cards a seat holds of a mask in deal d (used by the weights of unseen showcards). */
export function heldAmong(table: DealTable, d: number, owner: number, cards: number): number {
  return popcount(table.masks[d * table.nOwners + owner] & cards);
}
