import { ST_CATEGORY_MASKS, ST_CLAUSES, ST_FACE_UP, ST_HAND_SIZES, ST_HOLDS, ST_LACKS, ST_N_CARDS, ST_N_CATEGORIES, ST_N_CLAUSES, ST_N_SEATS } from './layout';

// 8288 words (STORE_WORDS) in a static segment: its address never changes, so the host keeps one view.
export const STORE: usize = memory.data(8288 * 4, 16);

@inline export function word(i: i32): u32 {
  return load<u32>(STORE + (<usize>i << 2));
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
