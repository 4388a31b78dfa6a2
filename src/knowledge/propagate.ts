// Propagation over a constraint store: the placements its facts force, found without counting.
// Sound but not complete: every holds and lacks it adds is true in every consistent deal, but some
// that are true need the whole search (the DAG) to be seen. What it finds lets a caller decide
// many questions about a position without building the position (epistemic/full-size.ts).
import { popcount } from '../model/bits.js';
import { envelopeOwner, tableOwner, type ConstraintStore } from './constraints.js';

/**
 * The store with the holds and lacks its facts force, repeated until nothing changes: a card with
 * one possible owner is that owner's; a seat whose hand is full lacks every other card, and one with
 * only as many possible cards as its hand holds them all; the envelope holds one card per category;
 * a clause with one possible (card, owner) left places that card; when nothing else moves, a seat
 * lacks the cards in none of the hands its own clauses allow, and holds those in all of them. Null
 * when the facts contradict each other (no deal is consistent).
 */
export function propagate(store: ConstraintStore): ConstraintStore | null {
  const { nCards, nSeats, categoryMasks, handSizes } = store;
  const envelope = envelopeOwner(store);
  const table = tableOwner(store);
  const slots = envelope + 1; // the seats and the envelope: the table's cards are the face-up ones
  const faceUp = store.faceUpMask >>> 0;
  // possible[c]: owner slots card c may lie with.
  const possible = new Uint32Array(nCards);
  for (let c = 0; c < nCards; c++) {
    const bit = 1 << c;
    if (faceUp & bit) {
      for (let o = 0; o < slots; o++) if (store.holds[o] & bit) return null; // a face-up card in a hand
      possible[c] = 1 << table;
      continue;
    }
    let owners = 0;
    for (let o = 0; o < slots; o++) if (!(store.lacks[o] & bit)) owners |= 1 << o;
    for (let o = 0; o < slots; o++) if (store.holds[o] & bit) owners &= 1 << o;
    possible[c] = owners;
  }
  const quota = (o: number) => (o === envelope ? categoryMasks.length : handSizes[o]);
  let changed = true;
  while (changed) {
    changed = false;
    const narrow = (c: number, owners: number) => {
      const next = (possible[c] & owners) >>> 0;
      if (next !== possible[c]) {
        possible[c] = next;
        changed = true;
      }
    };
    // Per owner: the cards it surely holds and those it may hold, against how many it holds.
    for (let o = 0; o < slots; o++) {
      const bit = 1 << o;
      const groups = o === envelope ? categoryMasks : [(2 ** nCards - 1) >>> 0];
      for (const group of groups) {
        let sure = 0;
        let maybe = 0;
        for (let m = group >>> 0; m !== 0; m &= m - 1) {
          const c = 31 - Math.clz32(m & -m);
          if (possible[c] === bit) sure |= 1 << c;
          else if (possible[c] & bit) maybe |= 1 << c;
        }
        const want = o === envelope ? 1 : quota(o);
        const have = popcount(sure);
        if (have > want || have + popcount(maybe) < want) return null;
        if (have === want) for (let m = maybe; m !== 0; m &= m - 1) narrow(31 - Math.clz32(m & -m), ~bit);
        else if (have + popcount(maybe) === want) for (let m = maybe; m !== 0; m &= m - 1) narrow(31 - Math.clz32(m & -m), bit);
      }
    }
    // Clauses: some card of `cards` with some owner of `owners`.
    for (const clause of store.clauses) {
      let options = 0;
      let card = -1;
      let met = false;
      for (let m = clause.cards >>> 0; m !== 0 && !met; m &= m - 1) {
        const c = 31 - Math.clz32(m & -m);
        const owners = possible[c] & clause.owners;
        if (owners === 0) continue;
        if (owners === possible[c]) met = true; // the card lies with one of them in every deal
        options += popcount(owners);
        card = c;
      }
      if (met) continue;
      if (options === 0) return null;
      if (options === 1) narrow(card, clause.owners);
    }
    for (let c = 0; c < nCards; c++) if (possible[c] === 0) return null;
    // Per seat, the hands its own clauses allow (when few): cards in none it lacks, cards in all it holds.
    if (!changed) {
      for (let o = 0; o < nSeats; o++) {
        const own = store.clauses.filter((k) => k.owners >>> 0 === (1 << o) >>> 0).map((k) => k.cards >>> 0);
        if (own.length === 0) continue;
        const hands = allowedHands(possible, o, handSizes[o], own);
        if (hands === null) continue;
        if (hands.union === 0) return null;
        for (let c = 0; c < nCards; c++) {
          if (!((hands.union >>> c) & 1)) narrow(c, ~(1 << o));
          else if ((hands.intersection >>> c) & 1) narrow(c, 1 << o);
        }
      }
    }
  }
  const holds = new Array<number>(slots).fill(0);
  const lacks = new Array<number>(slots).fill(0);
  for (let c = 0; c < nCards; c++) {
    for (let o = 0; o < slots; o++) {
      if (possible[c] === 1 << o) holds[o] |= 1 << c;
      if (!(possible[c] & (1 << o))) lacks[o] |= 1 << c;
    }
  }
  return { ...store, holds: holds.map((m) => m >>> 0), lacks: lacks.map((m) => m >>> 0), clauses: store.clauses.map((c) => ({ ...c })) };
}

/** The most hands of one seat weighed (allowedHands): beyond, it is left to the DAG. */
const MAX_HANDS = 4096;

/**
 * The union and the intersection of the hands seat `o` may hold: `size` cards among those it may
 * hold (possible), every card it surely holds, meeting each of its own clauses (`clauses`: card
 * masks, one of which it holds). Null when there are more than MAX_HANDS to weigh.
 */
function allowedHands(possible: Uint32Array, o: number, size: number, clauses: readonly number[]): { union: number; intersection: number } | null {
  let sure = 0;
  const open: number[] = [];
  possible.forEach((owners, c) => {
    if (owners === 1 << o) sure |= 1 << c;
    else if ((owners >>> o) & 1) open.push(c);
  });
  const need = size - popcount(sure);
  if (need < 0 || need > open.length) return { union: 0, intersection: 0 };
  let ways = 1;
  for (let k = 0; k < need; k++) ways = (ways * (open.length - k)) / (k + 1);
  if (ways > MAX_HANDS) return null;
  let union = 0;
  let intersection = -1;
  const choose = (from: number, left: number, hand: number) => {
    if (left === 0) {
      if (clauses.every((cards) => (hand & cards) !== 0)) {
        union |= hand;
        intersection &= hand;
      }
      return;
    }
    for (let i = from; i <= open.length - left; i++) choose(i + 1, left - 1, hand | (1 << open[i]));
  };
  choose(0, need, sure);
  return union === 0 ? { union: 0, intersection: 0 } : { union: union >>> 0, intersection: intersection >>> 0 };
}
