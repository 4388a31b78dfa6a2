// Expected information gain of suggestions, from a set of deals.
//
// For a suggestion q made by seat `suggester`, the response R is the first seat asked (in the
// answer order the host gives: model/rules.ts answerers) holding a named card, with the card it
// shows, or "nobody"; or, when every seat asked answers (rules.answers 'all'), the card each seat
// holding a named card shows (see tallyAll). The expected information is the mutual information I(E; R) between the envelope combination E and R,
// over the deals (each deal contributes the exact distribution of the shown card under the
// response model, not one random draw):
//   I = (A + N ln N - B - C) / (N ln 2),  A = sum_{e,r} n_e(r) ln n_e(r),
//   B = sum_e n_e ln n_e,  C = sum_r n(r) ln n(r).
// Exact when the deals are every consistent deal; from uniform draws, the same expression
// overstates I (few deals per (e, r) cell), and the Miller-Madow term takes off the first order of
// that bias: (cells met - envelopes met - answers met + 1) / 2N nats. A cell counts as met when any
// share of a deal falls in it; for the split answers of ties that is a heuristic extension of
// Miller-Madow (whose counts are whole), kept for what it does to the agents' choices
// (docs/research/exact-information.md, "How many draws").
//
// How, fast: the deals are sorted by envelope combination (a group each), and every (deal,
// suggestion) pair is tallied without a branch by its answer class: the answering rank and which
// named cards that seat holds, looked up in a table from the class of the named cards but the last
// (found once per deal for all of the last category's cards) and the last card's rank. A class
// with one card held is an answer cell itself. When a group is done, each tie class met (a seat
// holding several named cards: about one pair in seven) is spread over its cells by the response
// model, and the cells go into A and the sums with SIMD, a v128 of cells at a time (a group of few
// deals visits only the classes it met: decks of many categories and seats spread their deals over
// many envelopes). The suggestions are taken in blocks whose sums stay in cache. Counts are in
// units of 1/unit of a deal, unit divisible by every number of cards a seat can hold, so a tie's
// shares are whole numbers and n ln n comes from a table; they are i32 when every sum fits
// (n * unit < 2^31), else f64 (exact to 2^53). Every tally is a whole number, so a suggestion's
// scores depend only on the deals (not their order), never on which thread or which range of
// suggestions computed them.
import { EIG_MAX_CATEGORIES, EIG_SCORES, MAX_CARDS, MAX_SEATS, SHOWN_TO_WORDS } from './layout';
import { categoryMask, nCardsOf, nCategoriesOf, nSeatsOf } from './store';
import { ownerWidth } from './owners';

let envIndex = new StaticArray<i32>(1024);
let sortedRank = new StaticArray<u8>(1024 * MAX_CARDS); // per sorted deal: each card's answer rank (nCards bytes)
let groupEnd = new StaticArray<i32>(1024);
let bucket = new StaticArray<i32>(1024);
let scratch = new StaticArray<u32>(1024);
/** Per deal of the group being tallied: its row of classOf (the class of the named cards but the last). */
let lines = new StaticArray<u32>(1024);
const catSize = new StaticArray<i32>(MAX_CARDS);
const catFirst = new StaticArray<i32>(MAX_CARDS);
const qCards = new StaticArray<i32>(MAX_CARDS);
const shown = new StaticArray<u32>(SHOWN_TO_WORDS);
/** Per seat: its answer rank (0: asked first); never (nSeats - 1) for the suggester and seats not asked. */
const seatRank = new StaticArray<i32>(MAX_SEATS);
/** Per answer rank: the seat asked at that rank. */
const rankSeat = new StaticArray<i32>(MAX_SEATS);
/** Per card: the first card of its category no suggestion can tell it from (itself if none). */
const twinOf = new StaticArray<i32>(MAX_CARDS);
/**
 * Per suggestion prefix of the batch: the last category's cards whose suggestions are scored
 * (isScored), a list of nLast bytes holding scoredCount cards.
 */
let scoredCards = new StaticArray<u8>(0);
let scoredCount = new StaticArray<i32>(0);
/** classOf[prefix class * ranks + rank of the last card]: the answer class of the whole suggestion. */
let classOf = new StaticArray<u16>(0);
/** Per answer class: its rank and held set. */
let classRank = new StaticArray<i32>(0);
let classHeld = new StaticArray<u32>(0);
const tieIndex = new StaticArray<i32>(1 << EIG_MAX_CATEGORIES);
// i32 or f64 numbers (see tally): per card of the last category, the group's tallies by class;
// per suggestion of the batch, the answers' totals and the groups each answer was met in.
let counts = new StaticArray<u8>(0);
let totals = new StaticArray<u8>(0);
let support = new StaticArray<u8>(0);
/** Per suggestion of the batch: A. */
let joint = new StaticArray<f64>(0);

/** n ln n for the whole numbers of deals most cells of most groups hold (filled by the first scoring, not at every start of the core). */
const XLOGX_TABLE = 8192;
const xlogxTable = new StaticArray<f64>(XLOGX_TABLE);
let xlogxFilled = false;

function fillXlogx(): void {
  if (xlogxFilled) return;
  for (let n = 2; n < XLOGX_TABLE; n++) unchecked(xlogxTable[n] = <f64>n * Math.log(<f64>n));
  xlogxFilled = true;
}

@inline function xlogx(x: f64): f64 {
  const n = <i32>x;
  if (<f64>n == x && n < XLOGX_TABLE) return unchecked(xlogxTable[n]);
  return x * Math.log(x);
}

/**
 * Units per deal: a multiple of every number of ways a response can split: the least common
 * multiple of 1..categories when one seat shows; of the products of the sizes of the ties (several
 * seats each holding several named cards) when every seat shows.
 */
let unit: i32 = 0;
/** x ln x of u units (x = u / unit), for the u most cells hold. */
const xlogxUnits = new StaticArray<f64>(XLOGX_TABLE);

function xlogxOfUnits(u: f64): f64 {
  const x = u / <f64>unit;
  return x * Math.log(x);
}

function lcm(a: i32, b: i32): i32 {
  let x = a;
  let y = b;
  while (y) {
    const t = x % y;
    x = y;
    y = t;
  }
  return (a / x) * b;
}

/** The least common multiple of `l` and the products of parts of at least `least` summing to at most `rest` (times `product`). */
function productsLcm(rest: i32, least: i32, product: i32, l: i32): i32 {
  l = lcm(l, product);
  for (let k = least; k <= rest; k++) l = productsLcm(rest - k, k, product * k, l);
  return l;
}

function useUnit(nCats: i32, every: bool): void {
  let l = 1;
  if (every) l = productsLcm(nCats, 2, 1, 1);
  else for (let k = 2; k <= nCats; k++) l = lcm(l, k);
  if (l == unit) return;
  unit = l;
  for (let u = 1; u < XLOGX_TABLE; u++) unchecked(xlogxUnits[u] = xlogxOfUnits(<f64>u));
}

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
 * suggestion index in [qFrom, qTo) to out (EIG_SCORES f64 each). Deals: n x ownerWidth(nSeats) masks at
 * dealsPtr; `sampled`: they are uniform draws (the bits are corrected for the estimate's bias),
 * else every consistent deal (the figures are exact). Suggestion indices are mixed-radix over the
 * categories, like envelope combinations; at most EIG_MAX_CATEGORIES categories.
 * model 0: a refuter shows one of its named cards uniformly; model 1: it shows again a card it
 * already showed the suggester (shownToPtr: per seat, the mask of such cards) when it can.
 * answeringPtr: who is asked, in what order, and whether every seat asked answers (ANSWER_WORDS).
 * symmetryPtr (0: none): per card, a u32, the least card of its category that the host knows to be
 * interchangeable with it in the position (a renaming of the two leaves every constraint as it is):
 * the exact figures of suggestions that differ only by such cards are equal, so only one of them
 * is scored and the others copy its figures, as for twins.
 */
export function eigBatch(dealsPtr: usize, n: i32, suggester: i32, model: i32, shownToPtr: usize, answeringPtr: usize, qFrom: i32, qTo: i32, sampled: i32, out: usize, symmetryPtr: usize = 0): void {
  const nSeats = nSeatsOf();
  const width = ownerWidth(nSeats);
  const nCats = nCategoriesOf();
  const stride = <usize>nCardsOf();
  assert(nCats <= EIG_MAX_CATEGORIES); // the host refuses larger decks first (Position.eig)
  fillXlogx();
  const ranks = nSeats; // 0..nSeats - 2: the seats after the suggester; nSeats - 1: never answers
  const never = ranks - 1;
  const cells = never * nCats + 1; // (rank, category of the card shown), and "nobody" last
  const none = cells - 1;
  const lanes = (cells + 3) & ~3; // cells padded to whole v128s
  for (let s = 0; s < nSeats; s++) unchecked(shown[s] = load<u32>(shownToPtr + (<usize>s << 2)));
  const every = load<u32>(answeringPtr) != 0;
  const asked = min(<i32>load<u32>(answeringPtr, 4), never);
  for (let s = 0; s < nSeats; s++) unchecked(seatRank[s] = never);
  for (let b = 0; b < never; b++) unchecked(rankSeat[b] = suggester);
  for (let b = 0; b < asked; b++) {
    const seat = <i32>load<u32>(answeringPtr + 8 + (<usize>b << 2));
    assert(seat >= 0 && seat < nSeats && seat != suggester && unchecked(seatRank[seat]) == never);
    unchecked(seatRank[seat] = b);
    unchecked(rankSeat[b] = seat);
  }
  let combos = 1;
  for (let g = 0; g < nCats; g++) {
    const m = categoryMask(g);
    unchecked(catSize[g] = <i32>popcnt<u32>(m));
    unchecked(catFirst[g] = <i32>ctz<u32>(m));
    combos *= unchecked(catSize[g]);
  }
  const classes = every ? 0 : buildClasses(nCats, ranks, cells, lanes);
  useUnit(nCats, every);

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
  // Answer rank of every card in every deal, written in envelope order: the seat asked first has
  // rank 0; the suggester's own cards, the envelope, the table and the seats not asked never answer.
  for (let k = 0; k < n; k++) {
    const slot = unchecked(bucket[envIndex[k]]);
    unchecked(bucket[envIndex[k]] = slot + 1);
    const row = changetype<usize>(sortedRank) + <usize>slot * stride;
    memory.fill(row, <u8>never, stride);
    const deal = dealsPtr + ((<usize>k * width) << 2);
    for (let o = 0; o < nSeats; o++) {
      const rank = <u8>unchecked(seatRank[o]);
      if (rank == <u8>never) continue;
      let m = load<u32>(deal + (<usize>o << 2));
      while (m) {
        store<u8>(row + <usize>ctz<u32>(m), rank);
        m &= m - 1;
      }
    }
  }

  findTwins(n, stride, nCats, model, nSeats, symmetryPtr);
  markScored(qFrom, qTo, nCats);

  const batch = qTo - qFrom;
  if (every) {
    tallyAll(nGroups, stride, qFrom, qTo, model, nSeats, nCats, n, logTerm, sampled != 0, out);
    copyTwins(qFrom, qTo, nCats, out);
    return;
  }
  joint = grown<f64>(joint, batch);
  memory.fill(changetype<usize>(joint), 0, <usize>batch << 3);
  const wide = <i64>n * <i64>unit >= <i64>0x7fffffff;
  if (wide) tally<f64>(nGroups, stride, classes, lanes, qFrom, qTo, model, suggester, nSeats, nCats);
  else tally<i32>(nGroups, stride, classes, lanes, qFrom, qTo, model, suggester, nSeats, nCats);

  const total = <f64>n;
  const units = <f64>unit;
  for (let i = 0; i < batch; i++) {
    if (!isScored(qFrom + i, qFrom, nCats)) continue;
    const at = i * lanes;
    let marginal: f64 = 0; // C
    let expectedLeft: f64 = 0;
    let answers = 0; // answers met
    let met: f64 = 0; // (envelope, answer) cells met
    for (let c = at; c < at + cells; c++) {
      const x = numberAt(totals, c, wide) / units;
      const groups = numberAt(support, c, wide);
      if (x > 0) {
        marginal += xlogx(x);
        expectedLeft += (x / total) * groups;
        answers++;
        met += groups;
      }
    }
    // Miller-Madow: the bias is (cells met - envelopes met - answers met + 1) / 2N nats; this is N times it.
    const bias = sampled ? (met - <f64>(nGroups + answers - 1)) / 2 : 0;
    const bits = (unchecked(joint[i]) + total * Math.log(total) - logTerm - marginal - bias) / (total * Math.LN2);
    const o = out + (<usize>i * <usize>EIG_SCORES << 3);
    store<f64>(o, bits > 0 ? bits : 0);
    store<f64>(o + 8, numberAt(totals, at + none, wide) / units / total);
    store<f64>(o + 16, expectedLeft);
  }
  copyTwins(qFrom, qTo, nCats, out);
}

/** The twins' scores: their tallies were the same in every group, so are their figures. */
function copyTwins(qFrom: i32, qTo: i32, nCats: i32, out: usize): void {
  for (let i = 0; i < qTo - qFrom; i++) {
    if (isScored(qFrom + i, qFrom, nCats)) continue;
    memory.copy(out + (<usize>i * <usize>EIG_SCORES << 3), out + (<usize>(twinSuggestion(qFrom + i, nCats) - qFrom) * <usize>EIG_SCORES << 3), <usize>EIG_SCORES << 3);
  }
}

/**
 * Cards of one category that no suggestion can tell apart: the same answer rank in every deal (two
 * of the suggester's own cards; two cards one seat holds in every deal) and, under model 1, shown
 * to the suggester by the same seats. Suggestions that differ only by such cards have the same
 * tallies in every group, hence the same figures to the bit: one of them is scored.
 */
function findTwins(n: i32, stride: usize, nCats: i32, model: i32, nSeats: i32, symmetryPtr: usize): void {
  const rows = changetype<usize>(sortedRank);
  for (let g = 0; g < nCats; g++) {
    const first = unchecked(catFirst[g]);
    for (let c = first; c < first + unchecked(catSize[g]); c++) {
      // A card the host declares symmetric to an earlier one (symmetryPtr: per card, the least card
      // the position cannot tell from it): its suggestions take that card's figures.
      const declared = symmetryPtr ? <i32>load<u32>(symmetryPtr + (<usize>c << 2)) : c;
      unchecked(twinOf[c] = declared);
      if (declared != c) continue;
      for (let d = first; d < c; d++) {
        if (unchecked(twinOf[d]) != d) continue;
        let same = true;
        if (model == 1) for (let s = 0; s < nSeats && same; s++) same = ((unchecked(shown[s]) >> <u32>c) & 1) == ((unchecked(shown[s]) >> <u32>d) & 1);
        for (let k = 0; k < n && same; k++) same = load<u8>(rows + <usize>k * stride + <usize>c) == load<u8>(rows + <usize>k * stride + <usize>d);
        if (same) {
          unchecked(twinOf[c] = d);
          break;
        }
      }
    }
    // Declared and found twins chain (c to its declared card, that one to a twin found): to the root.
    for (let c = first; c < first + unchecked(catSize[g]); c++) unchecked(twinOf[c] = unchecked(twinOf[unchecked(twinOf[c])]));
  }
}

/** The suggestion q with every card replaced by its twin (q itself when it has none). */
function twinSuggestion(q: i32, nCats: i32): i32 {
  let twin = 0;
  let scale = 1;
  for (let g = nCats - 1; g >= 0; g--) {
    const size = unchecked(catSize[g]);
    const first = unchecked(catFirst[g]);
    twin += (unchecked(twinOf[first + q % size]) - first) * scale;
    q /= size;
    scale *= size;
  }
  return twin;
}

/**
 * Whether suggestion q of a batch from qFrom is scored: when it is its own twin, or its twin is
 * before the batch (another thread's range). The others copy their twin's figures.
 */
function isScored(q: i32, qFrom: i32, nCats: i32): bool {
  const twin = twinSuggestion(q, nCats);
  return twin == q || twin < qFrom;
}

/** The scored cards of the last category for each suggestion prefix of [qFrom, qTo) (scoredCards). */
function markScored(qFrom: i32, qTo: i32, nCats: i32): void {
  const nLast = unchecked(catSize[nCats - 1]);
  const pFirst = qFrom / nLast;
  const prefixes = (qTo - 1) / nLast - pFirst + 1;
  scoredCards = grown<u8>(scoredCards, prefixes * nLast);
  scoredCount = grown<i32>(scoredCount, prefixes);
  for (let p = 0; p < prefixes; p++) {
    let count = 0;
    for (let l = 0; l < nLast; l++) {
      const q = (pFirst + p) * nLast + l;
      if (q >= qFrom && q < qTo && isScored(q, qFrom, nCats)) unchecked(scoredCards[p * nLast + count++] = <u8>l);
    }
    unchecked(scoredCount[p] = count);
  }
}

/** Number i of a buffer of i32 or (wide) f64 numbers. */
@inline function numberAt(buffer: StaticArray<u8>, i: i32, wide: bool): f64 {
  const at = changetype<usize>(buffer);
  return wide ? load<f64>(at + (<usize>i << 3)) : <f64>load<i32>(at + (<usize>i << 2));
}

/**
 * The answer classes and the table from (class of the named cards but the last, rank of the last)
 * to the class of the suggestion. Classes 0..cells-1 are the cells (rank * nCats + category of the
 * one card held; "nobody" last; then padding to `lanes`), then one class per rank and held set of
 * two or more cards. Returns the number of classes (a multiple of 4).
 */
function buildClasses(nCats: i32, ranks: i32, cells: i32, lanes: i32): i32 {
  const never = ranks - 1;
  const last = nCats - 1;
  const sets = 1 << nCats;
  const ties = sets - nCats - 1; // held sets of two or more cards
  const classes = (lanes + never * ties + 3) & ~3;
  classRank = grown<i32>(classRank, classes);
  classHeld = grown<u32>(classHeld, classes);
  memory.fill(changetype<usize>(classHeld), 0, <usize>classes << 2);
  for (let h = 0, k = 0; h < sets; h++) if (popcnt<u32>(h) >= 2) unchecked(tieIndex[h] = k++);
  for (let b = 0; b < never; b++) {
    for (let h = 0; h < sets; h++) {
      if (popcnt<u32>(h) < 2) continue;
      unchecked(classRank[lanes + b * ties + unchecked(tieIndex[h])] = b);
      unchecked(classHeld[lanes + b * ties + unchecked(tieIndex[h])] = <u32>h);
    }
  }
  const prefixes = ranks << last;
  classOf = grown<u16>(classOf, prefixes * ranks);
  for (let p = 0; p < prefixes; p++) {
    const best = p >> last;
    const held = p & ((1 << last) - 1);
    for (let r = 0; r < ranks; r++) {
      const b = min(best, r);
      const h = r < best ? 1 << last : r == best ? held | (1 << last) : held;
      let cls: i32;
      if (b == never) cls = cells - 1;
      else if ((h & (h - 1)) == 0) cls = b * nCats + <i32>ctz<u32>(<u32>h);
      else cls = lanes + b * ties + unchecked(tieIndex[h]);
      unchecked(classOf[p * ranks + r] = <u16>cls);
    }
  }
  return classes;
}

/** A byte buffer of at least `bytes`, zeroed. */
function zeroed(a: StaticArray<u8>, bytes: i32): StaticArray<u8> {
  const b = grown<u8>(a, bytes);
  memory.fill(changetype<usize>(b), 0, <usize>bytes);
  return b;
}

/** Tallies every group of the sorted deals into joint, totals and support, counting in T (i32 or f64). */
function tally<T>(nGroups: i32, stride: usize, classes: i32, lanes: i32, qFrom: i32, qTo: i32, model: i32, suggester: i32, nSeats: i32, nCats: i32): void {
  const size = sizeof<T>();
  const never = nSeats - 1;
  const ranks = nSeats;
  const last = nCats - 1;
  const nLast = unchecked(catSize[last]);
  const lastFirst = unchecked(catFirst[last]);
  const batch = qTo - qFrom;
  counts = zeroed(counts, nLast * classes * <i32>size);
  totals = zeroed(totals, batch * lanes * <i32>size);
  support = zeroed(support, batch * lanes * <i32>size);
  // The hot loops read raw pointers: a managed array read in a loop costs a shadow-stack store each time.
  const table = changetype<usize>(classOf);
  const tallies = changetype<usize>(counts);
  const rankRows = changetype<usize>(sortedRank);
  const suggestionCards = changetype<usize>(qCards);
  const one = <T>unit;
  const step = <usize>classes * size;
  const pFirst = qFrom / nLast;
  const scoredLists = changetype<usize>(scoredCards);
  // Groups of fewer deals than this are finished sparsely (see SPARSE_COST).
  const tieVectors = (classes - lanes) / <i32>(16 / size);
  const sparseBelow = (tieVectors + SPARSE_COST - 1) / SPARSE_COST;
  lines = grown<u32>(lines, sparseBelow);
  const groupLines = changetype<usize>(lines);
  // Suggestions in blocks whose sums stay in cache while every group passes over them (a block
  // ends on a whole prefix); a suggestion's sums still take the groups in the same order.
  const block = max(1, BLOCK_BYTES / (lanes * <i32>size * 2) / nLast) * nLast;
  for (let blockFrom = qFrom; blockFrom < qTo; ) {
    const blockTo = min(qTo, (blockFrom / nLast) * nLast + block);
    let start = 0;
    for (let gi = 0; gi < nGroups; gi++) {
      const end = unchecked(groupEnd[gi]);
      const sparse = end - start < sparseBelow;
      // Suggestions that differ only in their last category's card share the class of the others.
      let q = blockFrom;
      while (q < blockTo) {
        const lFrom = q % nLast;
        const lTo = min(nLast, lFrom + blockTo - q);
        // The last category's cards scored with this prefix ([lFrom, lTo) holds them all: blocks end
        // on whole prefixes).
        const p = q / nLast - pFirst;
        const nScored = unchecked(scoredCount[p]);
        const scoredList = scoredLists + <usize>(p * nLast);
        if (nScored == 0) {
          q += lTo - lFrom;
          continue;
        }
        let rest = q / nLast;
        for (let g = last - 1; g >= 0; g--) {
          unchecked(qCards[g] = unchecked(catFirst[g]) + rest % unchecked(catSize[g]));
          rest /= unchecked(catSize[g]);
        }
        for (let k = start; k < end; k++) {
          const row = rankRows + <usize>k * stride;
          let best = never;
          let held: i32 = 0;
          for (let j = 0; j < last; j++) {
            const r = <i32>load<u8>(row + <usize>load<i32>(suggestionCards + (<usize>j << 2)));
            held = r < best ? 1 << j : r == best ? held | (1 << j) : held;
            best = min(best, r);
          }
          const line = table + ((<usize>((best << last) | held) * <usize>ranks) << 1);
          if (sparse) store<u32>(groupLines + (<usize>(k - start) << 2), <u32>line);
          const lastRow = row + <usize>lastFirst;
          // Two cards of the last category at a time: their tallies are independent.
          let at = tallies;
          let i = 0;
          for (; i + 1 < nScored; i += 2) {
            const c0 = at + <usize>load<u16>(line + (<usize>load<u8>(lastRow + <usize>load<u8>(scoredList + <usize>i)) << 1)) * size;
            const c1 = at + step + <usize>load<u16>(line + (<usize>load<u8>(lastRow + <usize>load<u8>(scoredList + <usize>i, 1)) << 1)) * size;
            store<T>(c0, load<T>(c0) + one);
            store<T>(c1, load<T>(c1) + one);
            at += step << 1;
          }
          if (i < nScored) {
            const c = at + <usize>load<u16>(line + (<usize>load<u8>(lastRow + <usize>load<u8>(scoredList + <usize>i)) << 1)) * size;
            store<T>(c, load<T>(c) + one);
          }
        }
        if (sparse) finishSparse<T>(scoredList, q - qFrom - lFrom, nScored, classes, lanes, nCats, model, suggester, nSeats, lastFirst, start, end, stride);
        else finishGroup<T>(scoredList, q - qFrom - lFrom, nScored, classes, lanes, nCats, model, suggester, nSeats, lastFirst);
        q += lTo - lFrom;
      }
      start = end;
    }
    blockFrom = blockTo;
  }
}

/**
 * Moves the group's tallies of suggestions q0 + l (l the nScored cards of `list`) into the sums:
 * each tie class met spread over its cells, then each cell's n ln n into A, its count into the
 * answer's total, and whether it was met into the answer's support. Leaves the tallies zero.
 */
function finishGroup<T>(list: usize, q0: i32, nScored: i32, classes: i32, lanes: i32, nCats: i32, model: i32, suggester: i32, nSeats: i32, lastFirst: i32): void {
  const size = sizeof<T>();
  const perVector = <i32>(16 / size);
  const tallies = changetype<usize>(counts);
  const xlogxOf = changetype<usize>(xlogxUnits);
  const totalsAt = changetype<usize>(totals);
  const supportAt = changetype<usize>(support);
  const zero = i32x4.splat(0);
  // Three categories, i32 tallies, ties shown at random: each rank's four tie classes ({0,1},
  // {0,2}, {1,2}, {0,1,2}) are one v128, spread over the rank's three cells without a branch.
  const threeWay = isInteger<T>() && model == 0 && nCats == 3;
  if (threeWay && lanes == 16) {
    finishFourVectors(list, q0, nScored, classes, nSeats - 1);
    return;
  }
  for (let i = 0; i < nScored; i++) {
    const l = <i32>load<u8>(list + <usize>i);
    const byClass = tallies + <usize>(i * classes) * size;
    if (threeWay) {
      for (let b = 0; b < nSeats - 1; b++) {
        const at = byClass + (<usize>(lanes + 4 * b) << 2);
        const cells = byClass + (<usize>(3 * b) << 2);
        v128.store(cells, i32x4.add(v128.load(cells), rankShares(v128.load(at))));
        v128.store(at, zero);
      }
    } else for (let c = lanes; c < classes; c += perVector) {
      const at = byClass + <usize>c * size;
      let found = isInteger<T>() ? i32x4.bitmask(i32x4.ne(v128.load(at), zero)) : i64x2.bitmask(f64x2.ne(v128.load(at), zero));
      if (found == 0) continue;
      while (found) {
        const k = c + <i32>ctz<u32>(found);
        found &= found - 1;
        splitTie<T>(byClass, k, load<T>(byClass + <usize>k * size), l, nCats, model, suggester, nSeats, lastFirst);
      }
      v128.store(at, zero);
    }
    const sums = <usize>((q0 + l) * lanes) * size;
    let a: f64 = 0;
    for (let c = 0; c < lanes; c += perVector) a += moveCells<T>(byClass, c, totalsAt + sums, supportAt + sums, xlogxOf);
    unchecked(joint[q0 + l] += a);
  }
}

/**
 * finishGroup's three-way case when the cells are four v128s (five or six seats, the usual game),
 * in straight-line code: the shares of ranks 0..4 are shuffled into place over the four v128s of
 * cells in registers. (Adding them rank by rank into memory, three cells a rank, would load each
 * v128 of cells half over the one just stored, and wait for the store.)
 */
function finishFourVectors(list: usize, q0: i32, nScored: i32, classes: i32, never: i32): void {
  const tallies = changetype<usize>(counts);
  const xlogxOf = changetype<usize>(xlogxUnits);
  const totalsAt = changetype<usize>(totals);
  const supportAt = changetype<usize>(support);
  const zero = i32x4.splat(0);
  for (let i = 0; i < nScored; i++) {
    const l = <i32>load<u8>(list + <usize>i);
    const cells = tallies + (<usize>(i * classes) << 2);
    const ties = cells + 64;
    const s0 = rankShares(v128.load(ties));
    const s1 = rankShares(v128.load(ties, 16));
    const s2 = rankShares(v128.load(ties, 32));
    const s3 = rankShares(v128.load(ties, 48));
    const s4 = never == 5 ? rankShares(v128.load(ties, 64)) : zero;
    const sums = <usize>((q0 + l) << 4) << 2;
    const t = totalsAt + sums;
    const o = supportAt + sums;
    let a: f64 = moveCellVector(i32x4.add(v128.load(cells), v128.shuffle<i32>(s0, s1, 0, 1, 2, 4)), t, o, xlogxOf);
    a += moveCellVector(i32x4.add(v128.load(cells, 16), v128.shuffle<i32>(s1, s2, 1, 2, 4, 5)), t + 16, o + 16, xlogxOf);
    a += moveCellVector(i32x4.add(v128.load(cells, 32), v128.shuffle<i32>(s2, s3, 2, 4, 5, 6)), t + 32, o + 32, xlogxOf);
    a += moveCellVector(i32x4.add(v128.load(cells, 48), v128.shuffle<i32>(s4, zero, 0, 1, 2, 4)), t + 48, o + 48, xlogxOf);
    for (let c: usize = 0; c < <usize>classes << 2; c += 16) v128.store(cells + c, zero);
    unchecked(joint[q0 + l] += a);
  }
}

/** A rank's four tie classes ({0,1}, {0,2}, {1,2}, {0,1,2}) as the shares of its three cells (and 0). */
@inline function rankShares(v: v128): v128 {
  const zero = i32x4.splat(0);
  const half = i32x4.shr_s(v, 1);
  const third = i32x4.extract_lane(v, 3) / 3;
  return i32x4.add(
    i32x4.add(v128.shuffle<i32>(half, zero, 0, 0, 1, 4), v128.shuffle<i32>(half, zero, 1, 2, 2, 4)),
    i32x4.replace_lane(i32x4.splat(third), 3, 0),
  );
}

/**
 * moveCells for four i32 cells held in a v128 (t, o: their totals and support): returns their sum
 * of n ln n, four cells from the table at once unless one is past it (a large group: rare).
 */
@inline function moveCellVector(v: v128, t: usize, o: usize, xlogxOf: usize): f64 {
  const zero = i32x4.splat(0);
  v128.store(t, i32x4.add(v128.load(t), v));
  v128.store(o, i32x4.sub(v128.load(o), i32x4.gt_s(v, zero)));
  let x0: f64, x1: f64, x2: f64, x3: f64;
  if (v128.any_true(i32x4.gt_s(v, i32x4.splat(XLOGX_TABLE - 1)))) {
    x0 = xlogxAt(xlogxOf, <f64>i32x4.extract_lane(v, 0));
    x1 = xlogxAt(xlogxOf, <f64>i32x4.extract_lane(v, 1));
    x2 = xlogxAt(xlogxOf, <f64>i32x4.extract_lane(v, 2));
    x3 = xlogxAt(xlogxOf, <f64>i32x4.extract_lane(v, 3));
  } else {
    x0 = load<f64>(xlogxOf + (<usize>i32x4.extract_lane(v, 0) << 3));
    x1 = load<f64>(xlogxOf + (<usize>i32x4.extract_lane(v, 1) << 3));
    x2 = load<f64>(xlogxOf + (<usize>i32x4.extract_lane(v, 2) << 3));
    x3 = load<f64>(xlogxOf + (<usize>i32x4.extract_lane(v, 3) << 3));
  }
  return (x0 + x1) + (x2 + x3);
}

/**
 * A group's deal touches one class per suggestion; a group of SPARSE_COST times fewer deals than
 * the tie classes' v128s is finished by finishSparse, which visits the classes its deals met instead
 * of scanning them all (decks of many categories and seats, where draws spread over many envelopes,
 * make such groups).
 */
const SPARSE_COST = 4;

/** Bytes of the answers' totals and support of one block of suggestions: well within a core's L2. */
const BLOCK_BYTES = 128 * 1024;

/**
 * finishGroup for a small group (deals [start, end) of the sorted deals): finds each deal's class
 * again (from lines and its rank row), spreads the ties met and moves only the v128s of cells met,
 * in ascending order: the same sums, to the bit, as finishGroup's.
 */
function finishSparse<T>(list: usize, q0: i32, nScored: i32, classes: i32, lanes: i32, nCats: i32, model: i32, suggester: i32, nSeats: i32, lastFirst: i32, start: i32, end: i32, stride: usize): void {
  const size = sizeof<T>();
  const perVector = <i32>(16 / size);
  const tallies = changetype<usize>(counts);
  const xlogxOf = changetype<usize>(xlogxUnits);
  const totalsAt = changetype<usize>(totals);
  const supportAt = changetype<usize>(support);
  const groupLines = changetype<usize>(lines);
  const rankRows = changetype<usize>(sortedRank) + <usize>lastFirst;
  const ranksOf = changetype<usize>(classRank);
  for (let i = 0; i < nScored; i++) {
    const l = <i32>load<u8>(list + <usize>i);
    const byClass = tallies + <usize>(i * classes) * size;
    let met: u64 = 0; // the v128s of cells met (at most 76 cells: MAX_SEATS, EIG_MAX_CATEGORIES)
    for (let k = start; k < end; k++) {
      const line = <usize>load<u32>(groupLines + (<usize>(k - start) << 2));
      const c = <i32>load<u16>(line + (<usize>load<u8>(rankRows + <usize>k * stride + <usize>l) << 1));
      const at = byClass + <usize>c * size;
      const x = load<T>(at);
      if (x == 0) continue; // met before, by another deal of the group
      if (c < lanes) {
        met |= <u64>1 << <u64>(c / perVector);
      } else {
        splitTie<T>(byClass, c, x, l, nCats, model, suggester, nSeats, lastFirst);
        store<T>(at, 0);
        const first = load<i32>(ranksOf + (<usize>c << 2)) * nCats;
        for (let v = first / perVector; v <= (first + nCats - 1) / perVector; v++) met |= <u64>1 << <u64>v;
      }
    }
    const sums = <usize>((q0 + l) * lanes) * size;
    let a: f64 = 0;
    while (met) {
      const v = <i32>ctz<u64>(met);
      met &= met - 1;
      a += moveCells<T>(byClass, v * perVector, totalsAt + sums, supportAt + sums, xlogxOf);
    }
    unchecked(joint[q0 + l] += a);
  }
}

/**
 * Moves the v128 of cells from c into the answers' totals and support (at one suggestion's) and
 * returns their sum of n ln n, adding in one fixed order (pairs, then the two pairs) so that every
 * way of visiting cells gives the same bits; leaves them zero.
 */
@inline function moveCells<T>(byClass: usize, c: i32, totalsAt: usize, supportAt: usize, xlogxOf: usize): f64 {
  const size = sizeof<T>();
  const zero = i32x4.splat(0);
  const at = byClass + <usize>c * size;
  const v = v128.load(at);
  const t = totalsAt + <usize>c * size;
  const o = supportAt + <usize>c * size;
  let a: f64;
  if (isInteger<T>()) {
    a = moveCellVector(v, t, o, xlogxOf);
  } else {
    v128.store(t, f64x2.add(v128.load(t), v));
    v128.store(o, f64x2.add(v128.load(o), v128.and(f64x2.gt(v, zero), f64x2.splat(1))));
    a = xlogxAt(xlogxOf, f64x2.extract_lane(v, 0)) + xlogxAt(xlogxOf, f64x2.extract_lane(v, 1));
  }
  v128.store(at, zero);
  return a;
}

/** x ln x of u units, u a whole number. */
@inline function xlogxAt(table: usize, u: f64): f64 {
  return u < <f64>XLOGX_TABLE ? load<f64>(table + (<usize><i32>u << 3)) : xlogxOfUnits(u);
}


/** Spreads the tie class k's `x` units (its deals, each counted `unit`) over its cells by the response model. */
function splitTie<T>(byClass: usize, k: i32, x: T, l: i32, nCats: i32, model: i32, suggester: i32, nSeats: i32, lastFirst: i32): void {
  const last = nCats - 1;
  const b = load<i32>(changetype<usize>(classRank) + (<usize>k << 2));
  const held = load<u32>(changetype<usize>(classHeld) + (<usize>k << 2));
  let eligible = held;
  if (model == 1) {
    const seat = unchecked(rankSeat[b]);
    const shownBySeat = load<u32>(changetype<usize>(shown) + (<usize>seat << 2));
    let repeats: u32 = 0;
    let m = held;
    while (m) {
      const j = <i32>ctz<u32>(m);
      m &= m - 1;
      const card = j == last ? lastFirst + l : load<i32>(changetype<usize>(qCards) + (<usize>j << 2));
      if (shownBySeat & (<u32>1 << card)) repeats |= <u32>1 << j;
    }
    if (repeats) eligible = repeats;
  }
  const share = x / <T>popcnt<u32>(eligible);
  const at = byClass + <usize>(b * nCats) * sizeof<T>();
  while (eligible) {
    const cell = at + <usize>ctz<u32>(eligible) * sizeof<T>();
    store<T>(cell, load<T>(cell) + share);
    eligible &= eligible - 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Every seat asked answers (rules.answers 'all'): the suggester sees, for each named card, whether
// it was shown and by which seat. A deal's class is the answer rank of each named card (4 bits a
// category: ranks are below MAX_SEATS); a seat holding several named cards shows one of them by
// the response model, each seat independently, so a class spreads over the cells (the rank of
// each card shown, `never` for a card not shown) the ties' choices make. There are up to
// ranks^categories cells: a group's classes and cells are sorted lists, one suggestion's answers
// a hash table, summed in key order so that the figures depend only on the set of deals.

/** Per deal of the group: its class for the suggestion being tallied. */
let allKeys = new StaticArray<u32>(1024);
/** The group's cells, (cell << 32) | the class run it came from. */
let allCells = new StaticArray<u64>(1024);
/** Per class run of the group: the units each of its cells gets. */
let runShare = new StaticArray<f64>(1024);
/** One suggestion's answers met: cell + 1 (0: empty), its units over the groups, the groups it was met in (emptied after each suggestion). */
let answerKeys = new StaticArray<u64>(1024);
let answerUnits = new StaticArray<f64>(1024);
let answerGroups = new StaticArray<f64>(1024);
let answerCount = 0;
const heldAt = new StaticArray<u32>(MAX_SEATS);
const tieRank = new StaticArray<i32>(EIG_MAX_CATEGORIES);
const tieEligible = new StaticArray<u32>(EIG_MAX_CATEGORIES);
const tieChoice = new StaticArray<u32>(EIG_MAX_CATEGORIES);

/** Writes the figures of the scored suggestions of [qFrom, qTo) under every seat answering. */
function tallyAll(nGroups: i32, stride: usize, qFrom: i32, qTo: i32, model: i32, nSeats: i32, nCats: i32, n: i32, logTerm: f64, sampled: bool, out: usize): void {
  // A call per suggestion: V8 runs a Wasm function optimised from its next call on, never in a loop already running.
  for (let q = qFrom; q < qTo; q++) if (isScored(q, qFrom, nCats)) scoreAll(q, nGroups, stride, qFrom, model, nSeats, nCats, n, logTerm, sampled, out);
}

/** tallyAll for suggestion q. */
function scoreAll(q: i32, nGroups: i32, stride: usize, qFrom: i32, model: i32, nSeats: i32, nCats: i32, n: i32, logTerm: f64, sampled: bool, out: usize): void {
  const never = <u32>(nSeats - 1);
  let nobody: u32 = 0;
  for (let g = 0; g < nCats; g++) nobody |= never << (<u32>g << 2);
  const rows = changetype<usize>(sortedRank);
  const units = <f64>unit;
  const total = <f64>n;
  const table = changetype<usize>(xlogxUnits);
  {
    let rest = q;
    for (let g = nCats - 1; g >= 0; g--) {
      unchecked(qCards[g] = unchecked(catFirst[g]) + rest % unchecked(catSize[g]));
      rest /= unchecked(catSize[g]);
    }
    let a: f64 = 0;
    let start = 0;
    for (let gi = 0; gi < nGroups; gi++) {
      const end = unchecked(groupEnd[gi]);
      const m = end - start;
      allKeys = grown<u32>(allKeys, m);
      for (let k = start; k < end; k++) {
        const row = rows + <usize>k * stride;
        let key: u32 = 0;
        for (let g = 0; g < nCats; g++) key |= <u32>load<u8>(row + <usize>unchecked(qCards[g])) << (<u32>g << 2);
        unchecked(allKeys[k - start] = key);
      }
      sortKeys<u32>(changetype<usize>(allKeys), 0, m - 1);
      // Each run of one class spreads over its cells.
      let pairs = 0;
      let runs = 0;
      runShare = grown<f64>(runShare, m);
      for (let i = 0; i < m; ) {
        const key = unchecked(allKeys[i]);
        let j = i + 1;
        while (j < m && unchecked(allKeys[j]) == key) j++;
        pairs = spread(key, <f64>(j - i) * units, runs, pairs, nCats, never, model);
        runs++;
        i = j;
      }
      sortKeys<u64>(changetype<usize>(allCells), 0, pairs - 1);
      for (let i = 0; i < pairs; ) {
        const cell = unchecked(allCells[i]) >> 32;
        let u: f64 = 0;
        let j = i;
        for (; j < pairs && unchecked(allCells[j]) >> 32 == cell; j++) u += unchecked(runShare[<i32>(unchecked(allCells[j]) & 0xffffffff)]);
        a += xlogxAt(table, u);
        addAnswer(<u32>cell, u);
        i = j;
      }
      start = end;
    }
    // The answers in key order.
    allCells = grown<u64>(allCells, answerCount);
    let count = 0;
    for (let h = 0; h < answerKeys.length; h++) if (unchecked(answerKeys[h]) != 0) unchecked(allCells[count++] = ((unchecked(answerKeys[h]) - 1) << 32) | <u64>h);
    sortKeys<u64>(changetype<usize>(allCells), 0, count - 1);
    let marginal: f64 = 0;
    let expectedLeft: f64 = 0;
    let met: f64 = 0;
    let none: f64 = 0;
    for (let i = 0; i < count; i++) {
      const h = <i32>(unchecked(allCells[i]) & 0xffffffff);
      const x = unchecked(answerUnits[h]) / units;
      const groups = unchecked(answerGroups[h]);
      marginal += xlogx(x);
      expectedLeft += (x / total) * groups;
      met += groups;
      if (<u32>(unchecked(allCells[i]) >> 32) == nobody) none = x;
      unchecked(answerKeys[h] = 0); // empty for the next suggestion
    }
    answerCount = 0;
    const bias = sampled ? (met - <f64>(nGroups + count - 1)) / 2 : 0;
    const bits = (a + total * Math.log(total) - logTerm - marginal - bias) / (total * Math.LN2);
    const o = out + (<usize>(q - qFrom) * <usize>EIG_SCORES << 3);
    store<f64>(o, bits > 0 ? bits : 0);
    store<f64>(o + 8, none / total);
    store<f64>(o + 16, expectedLeft);
  }
}

/**
 * Appends to allCells (from `pairs`) the cells class `key` spreads over, run `run`, and sets the
 * units each gets (x over the number of ways the ties can answer); returns the new count.
 */
function spread(key: u32, x: f64, run: i32, pairs: i32, nCats: i32, never: u32, model: i32): i32 {
  for (let b: u32 = 0; b < never; b++) unchecked(heldAt[b] = 0);
  for (let g = 0; g < nCats; g++) {
    const r = (key >> (<u32>g << 2)) & 15;
    if (r != never) unchecked(heldAt[r] |= <u32>1 << g);
  }
  // The cards shown by a seat holding one named card; the tied cards not shown unless chosen.
  let base: u32 = 0;
  let ties = 0;
  let ways: i32 = 1;
  for (let g = 0; g < nCats; g++) {
    const r = (key >> (<u32>g << 2)) & 15;
    base |= (r != never && popcnt<u32>(unchecked(heldAt[r])) == 1 ? r : never) << (<u32>g << 2);
  }
  for (let b: u32 = 0; b < never; b++) {
    const held = unchecked(heldAt[b]);
    if (popcnt<u32>(held) < 2) continue;
    let eligible = held;
    if (model == 1) {
      const shownBySeat = unchecked(shown[unchecked(rankSeat[b])]);
      let repeats: u32 = 0;
      for (let m = held; m; m &= m - 1) {
        const j = ctz<u32>(m);
        if (shownBySeat & (<u32>1 << <u32>unchecked(qCards[j]))) repeats |= <u32>1 << j;
      }
      if (repeats) eligible = repeats;
    }
    unchecked(tieRank[ties] = <i32>b);
    unchecked(tieEligible[ties] = eligible);
    unchecked(tieChoice[ties] = eligible & -eligible);
    ties++;
    ways *= <i32>popcnt<u32>(eligible);
  }
  unchecked(runShare[run] = x / <f64>ways);
  if (pairs + ways > allCells.length) {
    const more = new StaticArray<u64>(max(allCells.length * 2, pairs + ways));
    memory.copy(changetype<usize>(more), changetype<usize>(allCells), <usize>pairs << 3);
    allCells = more;
  }
  // Every choice of one card per tie, as an odometer over the ties' eligible cards.
  for (let w = 0; w < ways; w++) {
    let cell = base;
    for (let t = 0; t < ties; t++) {
      const j = <u32>ctz<u32>(unchecked(tieChoice[t]));
      cell = (cell & ~(<u32>15 << (j << 2))) | (<u32>unchecked(tieRank[t]) << (j << 2));
    }
    unchecked(allCells[pairs++] = (<u64>cell << 32) | <u64>run);
    for (let t = 0; t < ties; t++) {
      // The next eligible card of tie t, or back to its first and carry.
      const rest = unchecked(tieEligible[t]) & ~((unchecked(tieChoice[t]) << 1) - 1);
      if (rest) {
        unchecked(tieChoice[t] = rest & -rest);
        break;
      }
      unchecked(tieChoice[t] = unchecked(tieEligible[t]) & -unchecked(tieEligible[t]));
    }
  }
  return pairs;
}

/** Adds u units of one group to answer `cell` (the suggestion's hash table, grown at half full). */
function addAnswer(cell: u32, u: f64): void {
  if ((answerCount + 1) * 2 > answerKeys.length) {
    const keys = answerKeys;
    const sums = answerUnits;
    const groups = answerGroups;
    const size = keys.length * 2;
    answerKeys = new StaticArray<u64>(size);
    answerUnits = new StaticArray<f64>(size);
    answerGroups = new StaticArray<f64>(size);
    answerCount = 0;
    for (let h = 0; h < keys.length; h++) {
      if (unchecked(keys[h]) == 0) continue;
      const at = answerSlot(<u32>(unchecked(keys[h]) - 1));
      unchecked(answerKeys[at] = unchecked(keys[h]));
      unchecked(answerUnits[at] = unchecked(sums[h]));
      unchecked(answerGroups[at] = unchecked(groups[h]));
      answerCount++;
    }
  }
  const at = answerSlot(cell);
  if (unchecked(answerKeys[at]) == 0) {
    unchecked(answerKeys[at] = <u64>cell + 1);
    unchecked(answerUnits[at] = 0);
    unchecked(answerGroups[at] = 0);
    answerCount++;
  }
  unchecked(answerUnits[at] += u);
  unchecked(answerGroups[at] += 1);
}

/** The slot of `cell` in the answers' table: its own, or the empty one it would take (linear probing). */
function answerSlot(cell: u32): i32 {
  const mask = answerKeys.length - 1;
  let h = <i32>((cell * 0x9e3779b1) >> 8) & mask;
  while (unchecked(answerKeys[h]) != 0 && unchecked(answerKeys[h]) != <u64>cell + 1) h = (h + 1) & mask;
  return h;
}

/** Sorts the T (u32 or u64) at base[lo..hi] ascending: quicksort, insertion sort below 16. */
function sortKeys<T>(base: usize, lo: i32, hi: i32): void {
  const size = sizeof<T>();
  while (hi - lo >= 16) {
    const mid = lo + ((hi - lo) >> 1);
    // The median of three as the pivot.
    let x = load<T>(base + <usize>lo * size);
    let y = load<T>(base + <usize>mid * size);
    let z = load<T>(base + <usize>hi * size);
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (load<T>(base + <usize>i * size) < pivot) i++;
      while (load<T>(base + <usize>j * size) > pivot) j--;
      if (i <= j) {
        const t = load<T>(base + <usize>i * size);
        store<T>(base + <usize>i * size, load<T>(base + <usize>j * size));
        store<T>(base + <usize>j * size, t);
        i++;
        j--;
      }
    }
    // The smaller side by recursion, the larger by the loop.
    if (j - lo < hi - i) {
      sortKeys<T>(base, lo, j);
      lo = i;
    } else {
      sortKeys<T>(base, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = load<T>(base + <usize>i * size);
    let j = i - 1;
    while (j >= lo && load<T>(base + <usize>j * size) > v) {
      store<T>(base + <usize>(j + 1) * size, load<T>(base + <usize>j * size));
      j--;
    }
    store<T>(base + <usize>(j + 1) * size, v);
  }
}
