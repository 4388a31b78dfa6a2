// Consistency of whole deals with the store, four owners at a time in SIMD lanes.
//
// Every owner (seats, envelope, table) is one u32 lane with the same three tests: it lacks what it
// must lack, holds what it must hold, and has the right number of cards. The envelope's lane also
// lacks every card outside the categories and must have one card per category; the table's lane
// must be exactly the face-up cards. If the lanes' sizes add up to the deck and their union is the
// deck, the owners partition it. What is left per deal: one envelope card in each category, and
// the at-least-one clauses.
import { allCardsMask, categoryMask, clauseCards, clauseOwners, faceUpOf, handSize, holdsOf, lacksOf, nCardsOf, nCategoriesOf, nClausesOf, nSeatsOf } from './store';
import { grown } from './dag/arrays';
import { ownerWidth } from './owners';

const LANES = 12; // MAX_SEATS + 2 owners, three vectors
const laneHolds = new StaticArray<u32>(LANES);
const laneLacks = new StaticArray<u32>(LANES);
const laneSizes = new StaticArray<u32>(LANES);
const laneValid = new StaticArray<u32>(LANES);
const catMasks = new StaticArray<u32>(32);
// Clauses with one owner (unseen refutations), grouped by owner and padded to whole vectors:
// groupCards/groupReal hold 4 lanes per vector; owner o's vectors are [groupStart[o], groupStart[o + 1]).
// The clause buffers grow with the store (see dag/arrays.ts).
let groupCards = new StaticArray<u32>(0);
let groupReal = new StaticArray<u32>(0);
const groupStart = new StaticArray<i32>(LANES + 1);
// Clauses with several owners (wrong accusations), tested one by one.
let cCards = new StaticArray<u32>(0);
let cOwners = new StaticArray<u32>(0);
let nSeats = 0, nCats = 0, nClauses = 0, nVectors = 0;
let allCards: u32 = 0;
let sizesAddUp = false;

function prepare(): void {
  nSeats = nSeatsOf();
  nCats = nCategoriesOf();
  nClauses = nClausesOf();
  allCards = allCardsMask(nCardsOf());
  const faceUp = faceUpOf();
  let catUnion: u32 = 0;
  for (let g = 0; g < nCats; g++) { unchecked(catMasks[g] = categoryMask(g)); catUnion |= categoryMask(g); }
  const env = nSeats;
  let sizeSum: u32 = 0;
  for (let o = 0; o < LANES; o++) {
    let holds: u32 = 0, lacks: u32 = 0, size: u32 = 0, valid: u32 = 0xffffffff;
    if (o < env) { holds = holdsOf(o); lacks = lacksOf(o); size = <u32>handSize(o); }
    else if (o == env) { holds = holdsOf(o); lacks = lacksOf(o) | ~catUnion; size = <u32>nCats; }
    else if (o == env + 1) { holds = faceUp; lacks = ~faceUp; size = popcnt<u32>(faceUp); }
    else valid = 0;
    unchecked(laneHolds[o] = holds);
    unchecked(laneLacks[o] = lacks);
    unchecked(laneSizes[o] = size);
    unchecked(laneValid[o] = valid);
    sizeSum += size;
  }
  sizesAddUp = sizeSum == popcnt<u32>(allCards);
  nVectors = (ownerWidth(nSeats) + 3) >> 2;
  groupClauses();
}

function groupClauses(): void {
  const all = nClausesOf();
  groupCards = grown<u32>(groupCards, all + 4 * LANES);
  groupReal = grown<u32>(groupReal, all + 4 * LANES);
  cCards = grown<u32>(cCards, all);
  cOwners = grown<u32>(cOwners, all);
  nClauses = 0;
  let lane = 0;
  for (let o = 0; o < ownerWidth(nSeats); o++) {
    unchecked(groupStart[o] = lane >> 2);
    for (let k = 0; k < all; k++) {
      if (clauseOwners(k) != (<u32>1 << o)) continue;
      unchecked(groupCards[lane] = clauseCards(k));
      unchecked(groupReal[lane] = 0xffffffff);
      lane++;
    }
    while (lane & 3) { unchecked(groupCards[lane] = 0); unchecked(groupReal[lane] = 0); lane++; }
  }
  unchecked(groupStart[ownerWidth(nSeats)] = lane >> 2);
  for (let k = 0; k < all; k++) {
    const owners = clauseOwners(k);
    if ((owners & (owners - 1)) == 0) continue;
    unchecked(cCards[nClauses] = clauseCards(k));
    unchecked(cOwners[nClauses] = owners);
    nClauses++;
  }
}

@inline function consistent(ptr: usize): bool {
  let bad = i32x4.splat(0);
  let union = i32x4.splat(0);
  const holds = changetype<usize>(laneHolds);
  const lacks = changetype<usize>(laneLacks);
  const sizes = changetype<usize>(laneSizes);
  const valid = changetype<usize>(laneValid);
  for (let j = 0; j < nVectors; j++) {
    const at = <usize>j << 4;
    const m = v128.and(v128.load(ptr + at), v128.load(valid + at));
    const count = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(m)));
    bad = v128.or(bad, v128.or(v128.and(m, v128.load(lacks + at)), v128.andnot(v128.load(holds + at), m)));
    bad = v128.or(bad, v128.xor(count, v128.load(sizes + at)));
    union = v128.or(union, m);
  }
  if (v128.any_true(bad)) return false;
  const u = i32x4.extract_lane(union, 0) | i32x4.extract_lane(union, 1) | i32x4.extract_lane(union, 2) | i32x4.extract_lane(union, 3);
  if (<u32>u != allCards || !sizesAddUp) return false;
  const envMask = load<u32>(ptr + (<usize>nSeats << 2));
  for (let g = 0; g < nCats; g++) if ((envMask & unchecked(catMasks[g])) == 0) return false;
  const gCards = changetype<usize>(groupCards);
  const gReal = changetype<usize>(groupReal);
  for (let o = 0; o < ownerWidth(nSeats); o++) {
    const v1 = unchecked(groupStart[o + 1]);
    let v = unchecked(groupStart[o]);
    if (v == v1) continue;
    const hand = i32x4.splat(load<i32>(ptr + (<usize>o << 2)));
    for (; v < v1; v++) {
      const at = <usize>v << 4;
      const missed = i32x4.eq(v128.and(hand, v128.load(gCards + at)), i32x4.splat(0));
      if (v128.any_true(v128.and(missed, v128.load(gReal + at)))) return false;
    }
  }
  for (let k = 0; k < nClauses; k++) {
    const cards = unchecked(cCards[k]);
    let owners = unchecked(cOwners[k]);
    while (true) {
      if (owners == 0) return false;
      if (load<u32>(ptr + (<usize>ctz<u32>(owners) << 2)) & cards) break;
      owners &= owners - 1;
    }
  }
  return true;
}

/** Call once before a run of checkPrepared() calls on the same store. */
export function prepareCheck(): void {
  prepare();
}

/** The deal at ptr: ownerWidth(nSeats) u32 masks (seats, envelope, table), readable 16 bytes past its end. */
export function checkPrepared(ptr: usize): bool {
  return consistent(ptr);
}

/** Checks n deals laid out back to back; writes 1/0 per deal to out; returns how many pass. */
export function checkBatch(ptr: usize, n: i32, out: usize): i32 {
  prepare();
  const stride = <usize>ownerWidth(nSeats) << 2;
  let passed = 0;
  for (let i = 0; i < n; i++) {
    const ok = consistent(ptr + <usize>i * stride);
    store<u8>(out + <usize>i, <u8>ok);
    passed += <i32>ok;
  }
  return passed;
}
