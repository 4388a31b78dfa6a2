import { ST_CATEGORY_MASKS, ST_CLAUSES, ST_FACE_UP, ST_HAND_SIZES, ST_HOLDS, ST_LACKS, ST_N_CARDS, ST_N_CATEGORIES, ST_N_CLAUSES, ST_N_SEATS, STORE_WORDS } from './layout';

// The input area the host writes a store into (STORE_WORDS words, static: its address never
// changes). Every reader below reads the *current* store at `storeBase`: the input area while a
// position is being built, then that position's own copy whenever the position is selected.
export const STORE: usize = memory.data(STORE_WORDS * 4, 16);

let storeBase: usize = STORE;

/** Makes the store at `base` (a position's copy, or the input area) the one every reader reads. */
export function useStore(base: usize): void {
  storeBase = base;
}

/** Words used by the store at `base`: the fixed part and its clauses. */
export function storeWords(base: usize): i32 {
  return ST_CLAUSES + 2 * <i32>load<u32>(base + (<usize>ST_N_CLAUSES << 2));
}

@inline export function word(i: i32): u32 {
  return load<u32>(storeBase + (<usize>i << 2));
}
@inline export function nCardsOf(): i32 { return <i32>word(ST_N_CARDS); }
@inline export function nSeatsOf(): i32 { return <i32>word(ST_N_SEATS); }
@inline export function nCategoriesOf(): i32 { return <i32>word(ST_N_CATEGORIES); }
@inline export function faceUpOf(): u32 { return word(ST_FACE_UP); }
@inline export function nClausesOf(): i32 { return <i32>word(ST_N_CLAUSES); }
@inline export function categoryMask(g: i32): u32 { return word(ST_CATEGORY_MASKS + g); }
@inline export function handSize(s: i32): i32 { return <i32>word(ST_HAND_SIZES + s); }
/** Owner o in 0..nSeats (nSeats = envelope). */
@inline export function holdsOf(o: i32): u32 { return word(ST_HOLDS + o); }
@inline export function lacksOf(o: i32): u32 { return word(ST_LACKS + o); }
@inline export function clauseCards(k: i32): u32 { return word(ST_CLAUSES + 2 * k); }
@inline export function clauseOwners(k: i32): u32 { return word(ST_CLAUSES + 2 * k + 1); }

@inline export function allCardsMask(nCards: i32): u32 {
  return nCards >= 32 ? 0xffffffff : (<u32>1 << nCards) - 1;
}
