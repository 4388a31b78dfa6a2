// Rejection sampling, the baseline the exact sampler is measured against: deal the cards not
// directly known (held cards and face-up cards stay put) uniformly at random and keep the
// consistent deals.
import { MAX_SEATS } from '../layout';
import { allCardsMask, categoryMask, holdsOf, nCardsOf, nCategoriesOf, nSeatsOf, handSize, faceUpOf } from '../store';
import { belowU32 } from '../rng';
import { checkPrepared, prepareCheck } from '../check';
import { envelopeSlot, ownerWidth, tableSlot } from '../owners';

const masks = new StaticArray<u32>(MAX_SEATS + 6); // + slack: the SIMD check reads whole vectors
const pool = new StaticArray<i32>(32);

/**
 * The baseline: deal the cards not directly known (holds, face-up) uniformly at random and keep
 * the consistent deals. Writes up to maxOut accepted deals to out; returns how many were accepted.
 */
export function rejectionSample(attempts: i32, out: usize, maxOut: i32): i32 {
  const seats = nSeatsOf();
  const env = envelopeSlot(seats);
  const width = ownerWidth(seats);
  const nCards = nCardsOf();
  const nCats = nCategoriesOf();
  const deal = changetype<usize>(masks);
  let known: u32 = faceUpOf();
  for (let o = 0; o <= env; o++) known |= holdsOf(o);
  let accepted = 0;
  prepareCheck();
  for (let k = 0; k < attempts; k++) {
    for (let o = 0; o <= env; o++) unchecked(masks[o] = holdsOf(o) & ~faceUpOf());
    unchecked(masks[tableSlot(seats)] = faceUpOf());
    let placed = known;
    // One envelope card per category not already filled by a known envelope card.
    for (let g = 0; g < nCats; g++) {
      const cm = categoryMask(g);
      if (unchecked(masks[env]) & cm) continue;
      const open = cm & ~placed;
      const k2 = <i32>popcnt<u32>(open);
      if (k2 == 0) continue;
      let pickIndex = <i32>belowU32(<u32>k2);
      let m = open;
      while (pickIndex-- > 0) m &= m - 1;
      const bit = m & -m;
      unchecked(masks[env] |= bit);
      placed |= bit;
    }
    // Shuffle the rest into the seats' remaining places.
    let n = 0;
    let rest = allCardsMask(nCards) & ~placed;
    while (rest) { unchecked(pool[n++] = <i32>ctz<u32>(rest)); rest &= rest - 1; }
    for (let i = n - 1; i > 0; i--) {
      const j = <i32>belowU32(<u32>(i + 1));
      const tmp = unchecked(pool[i]); unchecked(pool[i] = pool[j]); unchecked(pool[j] = tmp);
    }
    let next = 0;
    for (let s = 0; s < seats; s++) {
      let need = handSize(s) - <i32>popcnt<u32>(unchecked(masks[s]));
      while (need-- > 0 && next < n) unchecked(masks[s] |= <u32>1 << unchecked(pool[next++]));
    }
    if (checkPrepared(deal)) {
      if (accepted < maxOut) {
        const dst = out + <usize>accepted * (<usize>width << 2);
        for (let o = 0; o < width; o++) store<u32>(dst + (<usize>o << 2), unchecked(masks[o]));
      }
      accepted++;
    }
  }
  return accepted;
}
