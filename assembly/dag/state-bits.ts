// The state bits of a node. Once the order is chosen, each constraint lives from the layer of its
// first card to the layer of its last: while it is open, a node carries one bit for it (an
// at-least-one clause already satisfied, a category whose envelope card is chosen, a response
// factor's owner holding its first card). A u32 holds the bits, so at most MAX_OPEN_CONSTRAINTS
// constraints may be open at once. The tables below say, per layer, which bits an edge sets and
// which bits close there; the estimate and the build read them.
import { MAX_CARDS, MAX_OPEN_CONSTRAINTS, MAX_RESPONSE_FACTORS } from '../layout';
import { envOwner, nSeats, nVars, order } from './position';
import { consCards, consOwners, consSoft, nCons } from './preprocess';
import { grown } from './arrays';

/** Per constraint, its state bit (this and firstAt, lastAt grow with the constraints). */
export let consBit = new StaticArray<u32>(0);
/** Soft constraints closing at layer t: softList[softAt[t] .. softAt[t + 1]). */
export const softAt = new StaticArray<i32>(MAX_CARDS + 1);
export const softList = new StaticArray<i32>(MAX_RESPONSE_FACTORS);
/** Bits of the soft constraints that end at layer t: released whatever their value, which picks the edge's weight. */
export const softClose = new StaticArray<u32>(MAX_CARDS);
/** setBits[t * 12 + o]: active bits set by giving the card of layer t to owner o. */
export const setBits = new StaticArray<u32>(MAX_CARDS * 12);
/** Bits of constraints that end at layer t: they must be set, then they are released. */
export const closeMask = new StaticArray<u32>(MAX_CARDS);
/** Bit of the category constraint of layer t's card (its envelope slot), 0 if none. */
export const envBitAt = new StaticArray<u32>(MAX_CARDS);
/** Constraints still open after layer t. */
export const activeAfter = new StaticArray<i32>(MAX_CARDS);
/** Per constraint, the layers of its first and last cards. */
export let firstAt = new StaticArray<i32>(0);
export let lastAt = new StaticArray<i32>(0);
/** Per card, its layer. */
const posOf = new StaticArray<i32>(MAX_CARDS);

/** Gives each constraint a state bit for its lifetime in the order. False if more than MAX_OPEN_CONSTRAINTS overlap. */
export function assignBits(): bool {
  consBit = grown<u32>(consBit, nCons);
  firstAt = grown<i32>(firstAt, nCons);
  lastAt = grown<i32>(lastAt, nCons);
  let free: u32 = 0xffffffff;
  let softCount = 0;
  for (let t = 0; t < nVars; t++) {
    unchecked(closeMask[t] = 0);
    unchecked(envBitAt[t] = 0);
    unchecked(activeAfter[t] = 0);
    for (let o = 0; o < 12; o++) unchecked(setBits[t * 12 + o] = 0);
  }
  for (let t = 0; t < nVars; t++) unchecked(posOf[order[t]] = t);
  for (let k = 0; k < nCons; k++) {
    let m = unchecked(consCards[k]);
    let first = nVars;
    let last = -1;
    while (m) {
      const p = unchecked(posOf[ctz<u32>(m)]);
      m &= m - 1;
      if (p < first) first = p;
      if (p > last) last = p;
    }
    unchecked(firstAt[k] = first);
    unchecked(lastAt[k] = last);
    for (let t = first; t < last; t++) unchecked(activeAfter[t] += 1);
  }
  for (let t = 0; t < nVars; t++) if (unchecked(activeAfter[t]) > MAX_OPEN_CONSTRAINTS) return false;
  for (let t = 0; t < nVars; t++) {
    for (let k = 0; k < nCons; k++) {
      if (unchecked(firstAt[k]) != t) continue;
      const bit = free & -free;
      free &= ~bit;
      unchecked(consBit[k] = bit);
    }
    const c = unchecked(order[t]);
    for (let k = 0; k < nCons; k++) {
      if (!(unchecked(consCards[k]) & (<u32>1 << c))) continue;
      const bit = unchecked(consBit[k]);
      const owners = unchecked(consOwners[k]);
      if (owners == 0) {
        unchecked(setBits[t * 12 + envOwner] |= bit);
        unchecked(envBitAt[t] = bit);
      } else {
        for (let o = 0; o <= nSeats; o++) if (owners & (<u32>1 << o)) unchecked(setBits[t * 12 + o] |= bit);
      }
    }
    unchecked(softAt[t] = softCount);
    unchecked(softClose[t] = 0);
    for (let k = 0; k < nCons; k++) {
      if (unchecked(lastAt[k]) != t) continue;
      if (unchecked(consSoft[k]) >= 0) {
        unchecked(softList[softCount++] = k);
        unchecked(softClose[t] |= consBit[k]);
      } else {
        unchecked(closeMask[t] |= consBit[k]);
      }
      free |= unchecked(consBit[k]);
    }
  }
  unchecked(softAt[nVars] = softCount);
  return true;
}
