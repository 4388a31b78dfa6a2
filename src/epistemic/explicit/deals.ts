/**
 * Every deal of a game, optionally narrowed by public facts known from the start, as owner masks:
 * deal d's owner o holds the cards of masks[d * nOwners + o]. Owner slots are the seats 0..n-1
 * and the envelope n (the face-up table is fixed and kept apart).
 */
import { popcount } from '../../model/bits.js';
import { dealtWidth } from '../../model/owners.js';
import { Block, withScratch } from '../kripke-wasm.js';

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
  const nOwners = dealtWidth(nSeats);
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

  // The search runs in the Wasm kernels (assembly/kripke/, enumerate), the table left in their memory.
  const K = cards.length;
  const clauses = filter.clauses.flatMap((k) => [k.owner, k.cards >>> 0]);
  const words = [
    ...cards.map((c) => (1 << c) >>> 0),
    ...cards.map((c) => categoryOf[c]),
    ...allowed.map((owners) => owners.reduce((m, o) => m | (1 << o), 0) >>> 0),
    ...capacity,
    ...quota,
    ...left,
    ...clauses,
    ...filter.notEnvelope.map((e) => e >>> 0),
  ];
  const { count, block } = withScratch(words.length, (ptr, k) => {
    new Int32Array(k.memory.buffer, ptr, words.length).set(words);
    const at = (i: number) => ptr + 4 * i;
    const count = k.enumerate(
      K, nOwners, nCategories, at(0), at(K), at(2 * K), at(3 * K), at(3 * K + nOwners), frame.quotas !== null,
      at(3 * K + nOwners + quota.length), at(3 * K + nOwners + quota.length + nCategories), filter.clauses.length,
      at(3 * K + nOwners + quota.length + nCategories + clauses.length), filter.notEnvelope.length, Math.min(limit, 0xfffffffe),
    ) >>> 0;
    if (count === 0xffffffff) return { count: -1, block: null };
    return { count, block: Block.adopt(k.enumerated(), count * nOwners) };
  });
  if (block === null) throw new TooManyDealsError(limit);
  return dealTableOf(nOwners, count, block);
}

/** Deal tables whose masks live in the Wasm kernels' memory, with their block. */
const tableBlocks = new WeakMap<DealTable, Block>();

function dealTableOf(nOwners: number, count: number, block: Block): DealTable {
  const table = {
    nOwners,
    count,
    /** A view on Wasm memory, good until the next call into the engine. */
    get masks(): Uint32Array {
      return block.u32;
    },
  };
  tableBlocks.set(table, block.retain());
  return table;
}

/** The deal table's masks in the Wasm kernels' memory (a table made elsewhere is copied in, once). */
export function masksBlock(deals: DealTable): Block {
  let b = tableBlocks.get(deals);
  if (!b) {
    b = Block.of(deals.masks).retain();
    tableBlocks.set(deals, b);
  }
  return b;
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
