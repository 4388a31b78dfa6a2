// A constraint store renamed into a canonical form: the seats turned so that a chosen seat is
// seat 0, and the cards of each category renumbered by what the store says about them. Two stores
// that differ only by such a renaming (the same hand of other cards, the same events about other
// cards and seats) usually get the same form, and a figure computed on the form answers both, read
// back through the renaming. Agents meet the same positions up to renaming in game after game (the
// first decision of a seat depends only on how many cards of each category it holds), so a memo
// keyed by the form (agents/decision-memo.ts) skips most of their work.
//
// The form need not be unique (that would be graph canonisation): two renamings of one store may
// get different forms, which only costs a recomputation. What matters is that the form is a
// function of the store alone and describes it completely, so that whatever is computed from the
// form is a function of the form alone, wherever and in whatever order it is met.
import type { ConstraintStore, Clause } from './constraints.js';
import { ownerWidth } from '../model/owners.js';

export interface CanonicalStore {
  /** Every field of the renamed store, as text: the memo's key. */
  key: string;
  /** The renamed store (clauses in a fixed order). */
  store: ConstraintStore;
  /** Per card of the original store, its number in the renamed one. */
  cardTo: Int32Array;
  /** Per seat of the original store, its number in the renamed one (the chosen seat is 0). */
  seatTo: Int32Array;
}

/** An owner mask (seats, envelope, table) with its seats renamed. */
function renameOwners(owners: number, seatTo: Int32Array, nSeats: number): number {
  let out = owners & ~((1 << nSeats) - 1);
  for (let s = 0; s < nSeats; s++) if ((owners >>> s) & 1) out |= 1 << seatTo[s];
  return out >>> 0;
}

/** A card mask with its cards renamed. */
function renameCards(cards: number, cardTo: Int32Array): number {
  let out = 0;
  for (let m = cards >>> 0; m !== 0; m &= m - 1) out |= 1 << cardTo[31 - Math.clz32(m & -m)];
  return out >>> 0;
}

/**
 * The store renamed so that `seat` is seat 0 (the other seats keep their order around the table)
 * and the cards of each category are numbered by their colour: what the store says of each card
 * (who holds it, who lacks it, whether it lies face up, the clauses it is in), refined twice
 * through the clauses; cards of one colour keep their order.
 */
export function canonicalStore(store: ConstraintStore, seat: number): CanonicalStore {
  const { nSeats, nCards } = store;
  const seatTo = new Int32Array(nSeats);
  for (let s = 0; s < nSeats; s++) seatTo[s] = (s - seat + nSeats) % nSeats;
  const dealt = store.holds.length;
  const owners = (o: number) => (o < nSeats ? seatTo[o] : o); // a slot, renamed
  const clauses: Clause[] = store.clauses.map((c) => ({ cards: c.cards >>> 0, owners: renameOwners(c.owners, seatTo, nSeats) }));

  // Colours, refined: a card's own facts, then the colours of the clauses it is in.
  let colour: string[] = [];
  for (let c = 0; c < nCards; c++) {
    const bit = 1 << c;
    let held = -1;
    let lacking = 0;
    for (let o = 0; o < dealt; o++) {
      if (store.holds[o] & bit) held = owners(o);
      if (store.lacks[o] & bit) lacking |= 1 << owners(o);
    }
    colour.push(`${held},${lacking},${(store.faceUpMask >>> c) & 1}`);
  }
  for (let round = 0; round < 2 && clauses.length > 0; round++) {
    const clauseColour = clauses.map((k) => {
      const members: string[] = [];
      for (let m = k.cards; m !== 0; m &= m - 1) members.push(colour[31 - Math.clz32(m & -m)]);
      return `${k.owners}:${members.sort().join('|')}`;
    });
    colour = colour.map((own, c) => {
      const mine = clauses.flatMap((k, i) => ((k.cards >>> c) & 1 ? [clauseColour[i]] : []));
      return mine.length === 0 ? own : `${own}[${mine.sort().join(';')}]`;
    });
  }

  // Within each category, cards by colour (stable: equal colours keep their order).
  const cardTo = new Int32Array(nCards).fill(-1);
  for (const mask of store.categoryMasks) {
    const cards: number[] = [];
    for (let m = mask >>> 0; m !== 0; m &= m - 1) cards.push(31 - Math.clz32(m & -m));
    const first = cards[0];
    [...cards].sort((a, b) => (colour[a] < colour[b] ? -1 : colour[a] > colour[b] ? 1 : a - b)).forEach((c, rank) => (cardTo[c] = first + rank));
  }
  for (let c = 0; c < nCards; c++) if (cardTo[c] < 0) cardTo[c] = c; // a card in no category (none in a valid deck)

  const width = ownerWidth(nSeats);
  const holds = new Array<number>(dealt).fill(0);
  const lacks = new Array<number>(dealt).fill(0);
  for (let o = 0; o < dealt; o++) {
    holds[owners(o)] = renameCards(store.holds[o], cardTo);
    lacks[owners(o)] = renameCards(store.lacks[o], cardTo);
  }
  const renamed = clauses
    .map((k) => ({ cards: renameCards(k.cards, cardTo), owners: k.owners }))
    .sort((a, b) => a.cards - b.cards || a.owners - b.owners);
  const handSizes = new Array<number>(nSeats);
  for (let s = 0; s < nSeats; s++) handSizes[seatTo[s]] = store.handSizes[s];
  const canonical: ConstraintStore = {
    nCards,
    nSeats,
    categoryMasks: [...store.categoryMasks],
    faceUpMask: renameCards(store.faceUpMask, cardTo),
    handSizes,
    holds,
    lacks,
    clauses: renamed,
  };
  const key = [
    nCards,
    width,
    canonical.categoryMasks.join(','),
    canonical.faceUpMask,
    handSizes.join(','),
    holds.join(','),
    lacks.join(','),
    renamed.map((k) => `${k.cards}.${k.owners}`).join(','),
  ].join('/');
  return { key, store: canonical, cardTo, seatTo };
}
