// The size estimate: an upper bound on the DAG's nodes for the chosen order, computed before
// anything is allocated, so that a position too large for the budget is refused at once (and the
// host can say how large it would have been). A crude bound first; the finer one only when the
// crude one exceeds the budget.
import { MAX_CARDS, MAX_SEATS } from '../layout';
import { allowed, cardCategory, envOwner, nCats, nSeats, nVars, order } from './position';
import { caps, consCards, consOwners, nCons, seatCandidates } from './preprocess';
import { activeAfter, firstAt, lastAt } from './state-bits';

const sumWays = new StaticArray<f64>(MAX_CARDS + 2);
const sumNext = new StaticArray<f64>(MAX_CARDS + 2);
/** Per seat, its candidates decided so far. */
const seatSeen = new StaticArray<i32>(MAX_SEATS);
/** Active single-owner clauses per seat at the current layer. */
const seatClauses = new StaticArray<i32>(MAX_SEATS);
/** choose[n * 33 + k] = C(n, k) for n, k ≤ 32. */
const choose = new StaticArray<f64>(33 * 33);
for (let n = 0; n <= 32; n++) {
  unchecked(choose[n * 33] = 1);
  for (let k = 1; k <= n; k++) unchecked(choose[n * 33 + k] = unchecked(choose[(n - 1) * 33 + k - 1]) + (k <= n - 1 ? unchecked(choose[(n - 1) * 33 + k]) : 0));
}

/** A quick upper bound: every layer at most all capacity vectors times 2^(most constraints open at once). */
export function crudeBound(): f64 {
  let vectors: f64 = 1;
  for (let s = 0; s < nSeats; s++) vectors *= <f64>(unchecked(caps[s]) + 1);
  let most = 0;
  for (let t = 0; t < nVars; t++) most = max(most, unchecked(activeAfter[t]));
  return 1 + <f64>nVars * vectors * Math.pow(2, <f64>most);
}

/** Multiplies the polynomial in sumWays (degrees 0..reach) by one owner's local-state polynomial. */
function convolve(reach: i32, lo: i32, hi: i32, ways: StaticArray<f64>): void {
  for (let v = 0; v <= reach + hi; v++) unchecked(sumNext[v] = 0);
  for (let v = 0; v <= reach; v++) {
    const w = unchecked(sumWays[v]);
    if (w == 0) continue;
    for (let u = lo; u <= hi; u++) unchecked(sumNext[v + u] += w * unchecked(ways[u]));
  }
  for (let v = 0; v <= reach + hi; v++) unchecked(sumWays[v] = unchecked(sumNext[v]));
}
const localWays = new StaticArray<f64>(MAX_CARDS + 2);
/** Open clauses of one seat past which their patterns are not enumerated (2^12 of them at most). */
const MAX_PATTERN_BITS = 12;
/** Open clauses of one seat: their cards. */
const seatClauseCards = new StaticArray<u32>(MAX_PATTERN_BITS);
/** reached[u * PATTERN_WORDS + w]: bit m set when some u of the seat's decided cards hit exactly the open clauses m. */
const PATTERN_WORDS = (1 << MAX_PATTERN_BITS) >> 5;
const reached = new StaticArray<u32>((MAX_CARDS + 1) * PATTERN_WORDS);

/**
 * For one seat: how many local states it can be in after the decided cards, per number u of them
 * it got: the distinct sets of its open clauses that u of its decided candidate cards satisfy.
 * Writes localWays[lo..hi].
 */
function seatLocalStates(s: i32, decided: u32, lo: i32, hi: i32, t: i32): void {
  let k = 0;
  for (let j = 0; j < nCons; j++) {
    if (unchecked(firstAt[j]) > t || unchecked(lastAt[j]) <= t) continue;
    if (unchecked(consOwners[j]) != (<u32>1 << s)) continue;
    if (k < MAX_PATTERN_BITS) unchecked(seatClauseCards[k] = unchecked(consCards[j]));
    k++;
  }
  const seen = unchecked(seatSeen[s]);
  if (k > MAX_PATTERN_BITS) {
    const patterns = Math.pow(2, <f64>k);
    for (let u = lo; u <= hi; u++) unchecked(localWays[u] = min(unchecked(choose[seen * 33 + u]), patterns));
    return;
  }
  const words = max(1, (1 << k) >> 5);
  memory.fill(changetype<usize>(reached), 0, <usize>((hi + 1) * PATTERN_WORDS) << 2);
  unchecked(reached[0] = 1); // no card: no clause hit
  let got = 0;
  let cards = decided;
  while (cards) {
    const c = <i32>ctz<u32>(cards);
    cards &= cards - 1;
    if (!(unchecked(allowed[c]) & (<u32>1 << s))) continue;
    let hit: u32 = 0;
    for (let j = 0; j < k; j++) if (unchecked(seatClauseCards[j]) & (<u32>1 << c)) hit |= <u32>1 << j;
    got++;
    for (let u = min(got, hi) - 1; u >= 0; u--) {
      for (let w = 0; w < words; w++) {
        let bitsHere = unchecked(reached[u * PATTERN_WORDS + w]);
        while (bitsHere) {
          const m = <u32>(w << 5) + ctz<u32>(bitsHere);
          bitsHere &= bitsHere - 1;
          const to = m | hit;
          unchecked(reached[(u + 1) * PATTERN_WORDS + <i32>(to >> 5)] |= <u32>1 << (to & 31));
        }
      }
    }
  }
  for (let u = lo; u <= hi; u++) {
    let n = 0;
    for (let w = 0; w < words; w++) n += <i32>popcnt<u32>(unchecked(reached[u * PATTERN_WORDS + w]));
    unchecked(localWays[u] = <f64>n);
  }
}

/**
 * An upper bound on the DAG's nodes for the chosen order, before anything is allocated. A node
 * of layer t is fixed by each owner's local state: a seat's (cards it got among the decided ones,
 * which of its open clauses they satisfy), the envelope's (which open categories have their card
 * chosen). For each seat and each number u of its decided candidate cards it may have got (u
 * must leave its hand completable), the distinct sets of open clauses u of them can satisfy are
 * counted exactly (seatLocalStates); the owners' counts must add up to the t + 1 cards decided.
 * The product of the owners' polynomials, read at that total, bounds the layer (times 2 per
 * open clause about several owners).
 */
export function estimateNodes(): f64 {
  for (let s = 0; s < nSeats; s++) unchecked(seatSeen[s] = 0);
  let estimate: f64 = 1;
  let catsTouched: u32 = 0;
  let decidedCards: u32 = 0;
  for (let t = 0; t < nVars; t++) {
    const c = unchecked(order[t]);
    decidedCards |= <u32>1 << c;
    let a = unchecked(allowed[c]) & ((<u32>1 << nSeats) - 1);
    while (a) {
      const s = <i32>ctz<u32>(a);
      a &= a - 1;
      unchecked(seatSeen[s] += 1);
    }
    if (unchecked(allowed[c]) & (<u32>1 << envOwner)) catsTouched |= <u32>1 << unchecked(cardCategory[c]);
    // Open constraints after layer t, by kind.
    for (let s = 0; s < nSeats; s++) unchecked(seatClauses[s] = 0);
    let openCategories = 0;
    let shared = 0;
    for (let k = 0; k < nCons; k++) {
      if (unchecked(firstAt[k]) > t || unchecked(lastAt[k]) <= t) continue;
      const owners = unchecked(consOwners[k]);
      if (owners == 0) openCategories++;
      else if ((owners & (owners - 1)) == 0 && <i32>ctz<u32>(owners) < nSeats) unchecked(seatClauses[ctz<u32>(owners)] += 1);
      else shared++;
    }
    // Categories whose envelope candidates are all decided have their card: one envelope card each.
    let catsDone = 0;
    for (let g = 0; g < nCats; g++) {
      if (!(catsTouched & (<u32>1 << g))) continue;
      let left = false;
      for (let u = t + 1; u < nVars && !left; u++) {
        const d = unchecked(order[u]);
        if (unchecked(cardCategory[d]) == g && (unchecked(allowed[d]) & (<u32>1 << envOwner))) left = true;
      }
      if (!left) catsDone++;
    }
    unchecked(sumWays[0] = 1);
    let reach = 0;
    for (let s = 0; s < nSeats; s++) {
      const cap = unchecked(caps[s]);
      const seen = unchecked(seatSeen[s]);
      const all = unchecked(seatCandidates[s]);
      const lo = max(0, cap - (all - seen));
      const hi = min(cap, seen);
      if (hi < lo) return 0; // no completion at all: the position is inconsistent past here
      if (unchecked(seatClauses[s]) == 0) {
        for (let u = lo; u <= hi; u++) unchecked(localWays[u] = 1);
      } else {
        seatLocalStates(s, decidedCards, lo, hi, t);
      }
      convolve(reach, lo, hi, localWays);
      reach += hi;
    }
    // The envelope: the finished categories' cards, and any subset of the open ones.
    for (let j = 0; j <= openCategories; j++) unchecked(localWays[catsDone + j] = unchecked(choose[openCategories * 33 + j]));
    convolve(reach, catsDone, catsDone + openCategories, localWays);
    reach += catsDone + openCategories;
    const decided = t + 1;
    const layer = decided <= reach ? unchecked(sumWays[decided]) : 0;
    for (let v = 0; v <= reach; v++) unchecked(sumWays[v] = 0);
    estimate += layer * Math.pow(2, <f64>shared);
  }
  return estimate;
}
