// The store as the deal search (sat.ts) and the Markov chain (mcmc.ts) read it, owner by owner:
// the cards each owner may hold and must hold, how many it holds, the categories, and the
// clauses. Face-up cards never move, so they are resolved here once: a clause they satisfy is
// dropped, and every other clause only involves seats and the envelope.
import { MAX_CARDS, MAX_SEATS } from './layout';
import { allCardsMask, categoryMask, clauseCards, clauseOwners, faceUpOf, handSize, holdsOf, lacksOf, nCardsOf, nCategoriesOf, nClausesOf, nSeatsOf } from './store';
import { grown } from './dag/arrays';

export let nCards: i32 = 0;
export let nSeats: i32 = 0;
export let nCats: i32 = 0;
/** Owner index of the envelope; owners 0..env are the ones that take cards (the table is fixed). */
export let env: i32 = 0;
export let faceUp: u32 = 0;
/** The cards that are not face up: each goes to exactly one of the owners 0..env. */
export let free: u32 = 0;
/** Per owner 0..env: cards it may hold (not lacked), cards it must hold (held), how many it holds. */
export const may = new StaticArray<u32>(MAX_SEATS + 1);
export const must = new StaticArray<u32>(MAX_SEATS + 1);
export const size = new StaticArray<i32>(MAX_SEATS + 1);
export const catMask = new StaticArray<u32>(MAX_CARDS);
export const catOf = new StaticArray<i32>(MAX_CARDS);
/** Clauses over owners 0..env: some card of clauseK[k] lies with an owner of clauseO[k] (grown with the store). */
export let nClauses: i32 = 0;
export let clauseK = new StaticArray<u32>(0);
export let clauseO = new StaticArray<u32>(0);

/** Reads the store. False when it is inconsistent on its face (then no deal is consistent). */
export function compile(): bool {
  nCards = nCardsOf();
  nSeats = nSeatsOf();
  nCats = nCategoriesOf();
  env = nSeats;
  faceUp = faceUpOf() & allCardsMask(nCards);
  free = allCardsMask(nCards) & ~faceUp;
  let inCategory: u32 = 0;
  for (let c = 0; c < nCards; c++) unchecked(catOf[c] = -1);
  for (let g = 0; g < nCats; g++) {
    const m = categoryMask(g) & allCardsMask(nCards);
    unchecked(catMask[g] = m);
    inCategory |= m;
    let left = m;
    while (left) { unchecked(catOf[ctz<u32>(left)] = g); left &= left - 1; }
  }
  let consistent = true;
  let taken: u32 = 0;
  let places = 0;
  for (let o = 0; o <= env; o++) {
    const held = holdsOf(o) & allCardsMask(nCards);
    let m = free & ~lacksOf(o);
    if (o == env) m &= inCategory; // the envelope only holds one card of each category
    const k = o == env ? nCats : handSize(o);
    unchecked(may[o] = m);
    unchecked(must[o] = held);
    unchecked(size[o] = k);
    places += k;
    if ((held & ~m) != 0 || (held & taken) != 0) consistent = false; // held yet lacked, face up, or held twice
    taken |= held;
  }
  if (places != <i32>popcnt<u32>(free)) consistent = false;

  nClauses = 0;
  const owners: u32 = (<u32>1 << (env + 1)) - 1;
  const table: u32 = <u32>1 << (env + 1);
  const total = nClausesOf();
  clauseK = grown<u32>(clauseK, total);
  clauseO = grown<u32>(clauseO, total);
  for (let k = 0; k < total; k++) {
    const cards = clauseCards(k) & allCardsMask(nCards);
    const o = clauseOwners(k);
    if ((o & table) && (cards & faceUp)) continue; // satisfied by a face-up card
    const kk = cards & free;
    const oo = o & owners;
    if (kk == 0 || oo == 0) { consistent = false; continue; }
    unchecked(clauseK[nClauses] = kk);
    unchecked(clauseO[nClauses] = oo);
    nClauses++;
  }
  return consistent;
}
