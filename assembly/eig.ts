// Expected information gain of suggestions, from a set of sampled deals.
//
// For a suggestion q made by seat `suggester`, the response R is the first seat after the
// suggester (in seat order) holding a named card, with the card it shows, or "nobody". The
// expected information is the mutual information I(E; R) between the envelope combination E and R,
// estimated from the samples (each sample contributes the exact distribution of the shown card
// under the response model, not one random draw):
//   I = (A + N ln N - B - C) / (N ln 2),  A = sum_{e,r} n_e(r) ln n_e(r),
//   B = sum_e n_e ln n_e,  C = sum_r n(r) ln n(r).
// Samples are sorted by envelope so each envelope's responses are tallied in a small array. The
// result for a suggestion depends only on the samples and their order, never on which thread or
// which range of suggestions computed it.
import { EIG_SCORES, MAX_CARDS, SHOWN_TO_WORDS } from './layout';
import { categoryMask, nCardsOf, nCategoriesOf, nSeatsOf } from './store';

const NO_RANK: u8 = 255;

let envIndex = new StaticArray<i32>(1024);
let sortedRank = new StaticArray<u8>(1024 * MAX_CARDS); // per sorted deal: each card's refutation rank (nCards bytes)
let groupEnd = new StaticArray<i32>(1024);
let bucket = new StaticArray<i32>(1024);
let scratch = new StaticArray<u32>(1024);
const catSize = new StaticArray<i32>(MAX_CARDS);
const catFirst = new StaticArray<i32>(MAX_CARDS);
const qCards = new StaticArray<i32>(MAX_CARDS);
// Per card of the last category (see eigBatch): a group's tallies, the cells it touched (a group
// costs its own deals, not the number of cells), and the suggestion's running sums.
let lastCounts = new StaticArray<f64>(0);
let lastTouched = new StaticArray<i32>(0);
let lastTotals = new StaticArray<f64>(0);
let lastSupport = new StaticArray<f64>(0);
const lastTouchedN = new StaticArray<i32>(MAX_CARDS);
const lastJoint = new StaticArray<f64>(MAX_CARDS);

/** n ln n for the whole numbers of deals a cell usually holds: most cells of most groups. */
const XLOGX_TABLE = 4096;
const xlogxTable = new StaticArray<f64>(XLOGX_TABLE);
for (let n = 2; n < XLOGX_TABLE; n++) unchecked(xlogxTable[n] = <f64>n * Math.log(<f64>n));

@inline function xlogx(x: f64): f64 {
  const n = <i32>x;
  if (<f64>n == x && n < XLOGX_TABLE) return unchecked(xlogxTable[n]);
  return x * Math.log(x);
}

@inline function bumpLast(l: i32, at: i32, cell: i32, w: f64): void {
  const c = at + cell;
  if (unchecked(lastCounts[c]) == 0) unchecked(lastTouched[at + unchecked(lastTouchedN[l]++)] = cell);
  unchecked(lastCounts[c] += w);
}
const shown = new StaticArray<u32>(SHOWN_TO_WORDS);

// Exact sizes, not powers of two: a few million deals already make arrays of hundreds of MB.
function grown<T>(a: StaticArray<T>, need: i32): StaticArray<T> {
  return need <= a.length ? a : new StaticArray<T>(need);
}

/** A buffer for `bytes` of deals to be copied in before eigBatch. */
export function eigScratch(bytes: i32): usize {
  scratch = grown<u32>(scratch, (bytes + 3) >> 2);
  return changetype<usize>(scratch);
}

/**
 * Writes (expected bits, P(nobody refutes), expected envelope combinations left) for each
 * suggestion index in [qFrom, qTo) to out (EIG_SCORES f64 each). Deals: n x (nSeats + 2) masks at dealsPtr.
 * Suggestion indices are mixed-radix over the categories, like envelope combinations.
 * model 0: a refuter shows one of its named cards uniformly; model 1: it shows again a card it
 * already showed the suggester (shownToPtr: per seat, the mask of such cards) when it can.
 */
export function eigBatch(dealsPtr: usize, n: i32, suggester: i32, model: i32, shownToPtr: usize, qFrom: i32, qTo: i32, out: usize): void {
  const nSeats = nSeatsOf();
  const width = nSeats + 2;
  const nCats = nCategoriesOf();
  const stride = <usize>nCardsOf();
  const cells = (nSeats - 1) * nCats + 1; // (rank, card position) pairs, and "nobody" last
  const none = cells - 1;
  for (let s = 0; s < nSeats; s++) unchecked(shown[s] = load<u32>(shownToPtr + (<usize>s << 2)));
  let combos = 1;
  for (let g = 0; g < nCats; g++) {
    const m = categoryMask(g);
    unchecked(catSize[g] = <i32>popcnt<u32>(m));
    unchecked(catFirst[g] = <i32>ctz<u32>(m));
    combos *= unchecked(catSize[g]);
  }

  // Envelope index per deal, then a counting sort by it.
  envIndex = grown<i32>(envIndex, n);
  bucket = grown<i32>(bucket, combos + 1);
  groupEnd = grown<i32>(groupEnd, combos + 1);
  sortedRank = grown<u8>(sortedRank, n * <i32>stride);
  memory.fill(changetype<usize>(bucket), 0, <usize>(combos + 1) << 2);
  for (let k = 0; k < n; k++) {
    const env = load<u32>(dealsPtr + ((<usize>k * width + nSeats) << 2));
    let index = 0;
    for (let g = 0; g < nCats; g++) {
      const cm = categoryMask(g);
      index = index * unchecked(catSize[g]) + <i32>popcnt<u32>(cm & ((env & cm) - 1));
    }
    unchecked(envIndex[k] = index);
    unchecked(bucket[index + 1] += 1);
  }
  let nGroups = 0;
  let logTerm: f64 = 0; // B
  for (let e = 0; e < combos; e++) {
    const size = unchecked(bucket[e + 1]);
    if (size > 0) {
      logTerm += xlogx(<f64>size);
      unchecked(groupEnd[nGroups++] = unchecked(bucket[e]) + size);
    }
    unchecked(bucket[e + 1] += unchecked(bucket[e]));
  }
  // Refutation rank of every card in every deal, written in envelope order: the seat right after
  // the suggester has rank 0; the suggester's own cards, the envelope and the table never refute.
  for (let k = 0; k < n; k++) {
    const slot = unchecked(bucket[envIndex[k]]);
    unchecked(bucket[envIndex[k]] = slot + 1);
    const row = changetype<usize>(sortedRank) + <usize>slot * stride;
    memory.fill(row, NO_RANK, stride);
    const deal = dealsPtr + ((<usize>k * width) << 2);
    for (let o = 0; o < nSeats; o++) {
      if (o == suggester) continue;
      const rank = <u8>((o - suggester - 1 + nSeats) % nSeats);
      let m = load<u32>(deal + (<usize>o << 2));
      while (m) {
        store<u8>(row + <usize>ctz<u32>(m), rank);
        m &= m - 1;
      }
    }
  }

  // Suggestions that differ only in their last category's card share the rest: per deal, the
  // nearest refuter among the other named cards is found once and then met with each last card.
  // Each suggestion's tallies run in the same order as one at a time, so the scores are the same.
  const total = <f64>n;
  const last = nCats - 1;
  const nLast = unchecked(catSize[last]);
  const lastFirst = unchecked(catFirst[last]);
  lastCounts = grown<f64>(lastCounts, nLast * cells);
  lastTouched = grown<i32>(lastTouched, nLast * cells);
  lastTotals = grown<f64>(lastTotals, nLast * cells);
  lastSupport = grown<f64>(lastSupport, nLast * cells);
  memory.fill(changetype<usize>(lastCounts), 0, <usize>(nLast * cells) << 3);
  let q = qFrom;
  while (q < qTo) {
    const lFrom = q % nLast;
    const lTo = min(nLast, lFrom + qTo - q);
    let rest = q / nLast;
    for (let g = last - 1; g >= 0; g--) {
      unchecked(qCards[g] = unchecked(catFirst[g]) + rest % unchecked(catSize[g]));
      rest /= unchecked(catSize[g]);
    }
    for (let l = lFrom; l < lTo; l++) {
      unchecked(lastJoint[l] = 0);
      for (let c = 0; c < cells; c++) { unchecked(lastTotals[l * cells + c] = 0); unchecked(lastSupport[l * cells + c] = 0); }
    }
    let start = 0;
    for (let gi = 0; gi < nGroups; gi++) {
      const end = unchecked(groupEnd[gi]);
      for (let l = lFrom; l < lTo; l++) unchecked(lastTouchedN[l] = 0);
      for (let k = start; k < end; k++) {
        const row = changetype<usize>(sortedRank) + <usize>k * stride;
        // The nearest refuter's rank among the named cards but the last, and which of them it holds.
        let firstBest: u32 = NO_RANK;
        let firstHeld: u32 = 0;
        for (let j = 0; j < last; j++) {
          const r = <u32>load<u8>(row + <usize>unchecked(qCards[j]));
          if (r < firstBest) { firstBest = r; firstHeld = <u32>1 << j; } else if (r == firstBest) firstHeld |= <u32>1 << j;
        }
        for (let l = lFrom; l < lTo; l++) {
          const r = <u32>load<u8>(row + <usize>(lastFirst + l));
          let best = firstBest;
          let held = firstHeld;
          if (r < best) { best = r; held = <u32>1 << last; } else if (r == best) held |= <u32>1 << last;
          const at = l * cells;
          if (best == NO_RANK) { bumpLast(l, at, none, 1); continue; }
          const cell0 = <i32>best * nCats;
          if ((held & (held - 1)) == 0) { bumpLast(l, at, cell0 + <i32>ctz<u32>(held), 1); continue; }
          // Several named cards: split this deal's weight by the response model.
          let eligible = held;
          if (model == 1) {
            const seat = (suggester + 1 + <i32>best) % nSeats;
            let repeats: u32 = 0;
            let m = held;
            while (m) {
              const j = <i32>ctz<u32>(m);
              m &= m - 1;
              const card = j == last ? lastFirst + l : unchecked(qCards[j]);
              if (unchecked(shown[seat]) & (<u32>1 << card)) repeats |= <u32>1 << j;
            }
            if (repeats) eligible = repeats;
          }
          const w = 1.0 / <f64>popcnt<u32>(eligible);
          while (eligible) {
            bumpLast(l, at, cell0 + <i32>ctz<u32>(eligible), w);
            eligible &= eligible - 1;
          }
        }
      }
      for (let l = lFrom; l < lTo; l++) {
        const at = l * cells;
        const touchedN = unchecked(lastTouchedN[l]);
        let joint = unchecked(lastJoint[l]);
        for (let i = 0; i < touchedN; i++) {
          const c = at + unchecked(lastTouched[at + i]);
          const x = unchecked(lastCounts[c]);
          joint += xlogx(x);
          unchecked(lastTotals[c] += x);
          unchecked(lastSupport[c] += 1);
          unchecked(lastCounts[c] = 0);
        }
        unchecked(lastJoint[l] = joint);
      }
      start = end;
    }
    for (let l = lFrom; l < lTo; l++) {
      const at = l * cells;
      let marginal: f64 = 0; // C
      let expectedLeft: f64 = 0;
      for (let c = 0; c < cells; c++) {
        const x = unchecked(lastTotals[at + c]);
        if (x > 0) {
          marginal += xlogx(x);
          expectedLeft += (x / total) * unchecked(lastSupport[at + c]);
        }
      }
      const bits = (unchecked(lastJoint[l]) + total * Math.log(total) - logTerm - marginal) / (total * Math.LN2);
      const o = out + (<usize>(q + l - lFrom - qFrom) * <usize>EIG_SCORES << 3);
      store<f64>(o, bits > 0 ? bits : 0);
      store<f64>(o + 8, unchecked(lastTotals[at + none]) / total);
      store<f64>(o + 16, expectedLeft);
    }
    q += lTo - lFrom;
  }
}
