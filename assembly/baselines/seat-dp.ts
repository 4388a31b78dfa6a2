// The seat-by-seat counter: a dynamic programme over the set of cards dealt so far.
//
// Owners are dealt one at a time: the envelope first, then the seats (in the order of least
// estimated work, see chooseOrder). A state is the u32 mask of the non-face-up cards dealt
// so far, with the number of partial deals reaching it; dealing an owner enumerates, for every
// state, the owner's candidate hands among the cards not yet dealt (its holds included, its lacks
// avoided, its local clauses satisfied) and adds the state's count to state | hand. The last two
// seats are not expanded: for each state the remaining cards must be split between them, and the
// number of splits is counted directly (inclusion-exclusion over their clauses, or enumeration).
//
// This is the measured alternative to the card-by-card DAG (dag/build.ts): no order over cards and no
// state bits for clauses, but it only handles clauses that concern a single owner:
//   - "some card of C is with x"          (a refutation the observer did not see: x = one seat);
//   - "not every card of C is with x"     (owners = every live owner but x, e.g. a wrong
//                                          accusation: every seat and the table, x = envelope).
// Face-up cards satisfy a clause whose owners include the table; seats with hand size 0 hold no
// card. Any other clause shape makes the count return UNSUPPORTED.
import { MAX_SEATS } from '../layout';
import { categoryMask, clauseCards, clauseOwners, faceUpOf, handSize, holdsOf, lacksOf, nCardsOf, nCategoriesOf, nClausesOf, nSeatsOf } from '../store';
import { tableSlot } from '../owners';

/** Returned when a clause does not concern a single owner. */
export const UNSUPPORTED: f64 = -1;
/** Returned when a layer would exceed MAX_STATES states. */
export const TOO_MANY_STATES: f64 = -2;
const MAX_STATES: i32 = 1 << 21;
const MAX_CLAUSES: i32 = 4096;
/** Inclusion-exclusion over at most this many clauses of the last two seats; enumeration beyond. */
const MAX_IE_CLAUSES: i32 = 20;

// ---- binomials ----
const binom = new StaticArray<f64>(33 * 33);
let binomReady = false;
function initBinom(): void {
  for (let n = 0; n <= 32; n++) {
    unchecked(binom[n * 33] = 1);
    for (let k = 1; k <= n; k++) {
      unchecked(binom[n * 33 + k] = unchecked(binom[(n - 1) * 33 + k - 1]) + (k <= n - 1 ? unchecked(binom[(n - 1) * 33 + k]) : 0));
    }
  }
  binomReady = true;
}
@inline function choose(n: i32, k: i32): f64 {
  return k < 0 || k > n ? 0 : unchecked(binom[n * 33 + k]);
}

// ---- the problem ----
let nSeats: i32 = 0;
let nCats: i32 = 0;
let dealt: u32 = 0; // every non-face-up card
const env = MAX_SEATS; // owner index of the envelope in the arrays below
/** Cards each owner may hold (seats 0..nSeats-1, envelope at index MAX_SEATS). */
const allowed = new StaticArray<u32>(MAX_SEATS + 1);
const holds = new StaticArray<u32>(MAX_SEATS + 1);
const size = new StaticArray<i32>(MAX_SEATS + 1);
/** Seats in dealing order. */
const seq = new StaticArray<i32>(MAX_SEATS);
/** laterAllowed[i] / laterHolds[i]: union over the seats seq[i..]. */
const laterAllowed = new StaticArray<u32>(MAX_SEATS + 1);
const laterHolds = new StaticArray<u32>(MAX_SEATS + 1);
/** Per seat: its estimated number of candidate hands. */
const est = new StaticArray<f64>(MAX_SEATS);
/** Per set of seats dealt (besides the envelope): estimated states, and the cheapest order's cost. */
const setStates = new StaticArray<f64>(1 << MAX_SEATS);
const setCost = new StaticArray<f64>(1 << MAX_SEATS);
const setLast = new StaticArray<i32>(1 << MAX_SEATS);

// Local clauses, grouped by owner: owner o's are [clStart[o], clStart[o + 1]); within them the
// positive ones ("hand meets C") come first, up to clNegStart[o], then the negative ones
// ("C is not inside the hand").
let clMask = new StaticArray<u32>(MAX_CLAUSES);
const clStart = new StaticArray<i32>(MAX_SEATS + 2);
const clNegStart = new StaticArray<i32>(MAX_SEATS + 1);
const tmpMask = new StaticArray<u32>(MAX_CLAUSES);
const tmpOwner = new StaticArray<i32>(MAX_CLAUSES);
const tmpNeg = new StaticArray<bool>(MAX_CLAUSES);

// ---- the layers: open-addressing hash maps from state masks to counts. A slot is 16 bytes (the
// state as u32 at +0, its count as f64 at +8, one cache line per probe); a slot is empty when its
// count is 0, since states with no partial deal are never stored. ----
let curSlots = new StaticArray<u64>(2 * 1024);
let curCap: i32 = 0;
let curSize: i32 = 0;
let nextSlots = new StaticArray<u64>(2 * 1024);
let nextCap: i32 = 1024;
let nextShift: u32 = 22;
let nextSize: i32 = 0;

/** Number of states of the widest layer of the last count (a measure of its work). */
export let peakStates: i32 = 0;

@inline function slotOf(key: u32, shift: u32): i32 {
  let h = key * 0x9e3779b1;
  h ^= h >> 16;
  h *= 0x85ebca6b;
  return <i32>(h >> shift);
}

@inline function slotAt(slots: StaticArray<u64>, i: i32): usize {
  return changetype<usize>(slots) + (<usize>i << 4);
}

function openNext(expected: i32): void {
  let cap = 1024;
  let shift: u32 = 22;
  while (cap < expected * 2) { cap <<= 1; shift--; }
  if (nextSlots.length < 2 * cap) nextSlots = new StaticArray<u64>(2 * cap);
  nextCap = cap;
  nextShift = shift;
  nextSize = 0;
  memory.fill(changetype<usize>(nextSlots), 0, <usize>cap << 4);
}

function growNext(): void {
  const old = nextSlots;
  const oldCap = nextCap;
  const cap = oldCap << 1;
  nextSlots = new StaticArray<u64>(2 * cap); // zeroed
  nextCap = cap;
  nextShift--;
  const mask = cap - 1;
  for (let i = 0; i < oldCap; i++) {
    const from = slotAt(old, i);
    const v = load<f64>(from, 8);
    if (v == 0) continue;
    const key = load<u32>(from);
    let h = slotOf(key, nextShift);
    while (load<f64>(slotAt(nextSlots, h), 8) != 0) h = (h + 1) & mask;
    const to = slotAt(nextSlots, h);
    store<u32>(to, key);
    store<f64>(to, v, 8);
  }
}

/** Adds v to state key of the next layer; false when the layer is too large. */
@inline function addNext(key: u32, v: f64): bool {
  const mask = nextCap - 1;
  const base = changetype<usize>(nextSlots);
  let h = slotOf(key, nextShift);
  let at = base + (<usize>h << 4);
  while (true) {
    const x = load<f64>(at, 8);
    if (x == 0) break;
    if (load<u32>(at) == key) {
      store<f64>(at, x + v, 8);
      return true;
    }
    h = (h + 1) & mask;
    at = base + (<usize>h << 4);
  }
  store<u32>(at, key);
  store<f64>(at, v, 8);
  nextSize++;
  if (nextSize * 2 > nextCap) {
    if (nextSize > MAX_STATES) return false;
    growNext();
  }
  return true;
}

function swapLayers(): void {
  const t = curSlots;
  curSlots = nextSlots;
  curCap = nextCap;
  curSize = nextSize;
  nextSlots = t;
  if (nextSize > peakStates) peakStates = nextSize;
}

// ---- reading the store ----

/** Reads and simplifies the store. 1: go on; 0: no consistent deal; -1: unsupported clause. */
function prepare(): i32 {
  const nCards = nCardsOf();
  nSeats = nSeatsOf();
  nCats = nCategoriesOf();
  const all: u32 = nCards >= 32 ? 0xffffffff : (<u32>1 << nCards) - 1;
  const faceUp = faceUpOf() & all;
  dealt = all & ~faceUp;
  let catUnion: u32 = 0;
  for (let g = 0; g < nCats; g++) {
    const m = categoryMask(g) & dealt;
    if (m == 0) return 0; // no card of this category can be in the envelope
    catUnion |= m;
  }
  let total = nCats;
  let seen: u32 = 0;
  for (let o = 0; o <= nSeats; o++) {
    const i = o == nSeats ? env : o;
    const h = holdsOf(o) & all;
    if (h & faceUp) return 0;
    if (h & seen) return 0; // two owners hold one card
    seen |= h;
    unchecked(holds[i] = h);
    if (o < nSeats) {
      const n = handSize(o);
      unchecked(size[i] = n);
      total += n;
      unchecked(allowed[i] = n > 0 ? dealt & ~lacksOf(o) : 0);
    } else {
      unchecked(size[i] = nCats);
      unchecked(allowed[i] = catUnion & ~lacksOf(o));
    }
    if (h & ~unchecked(allowed[i])) return 0;
    if (<i32>popcnt<u32>(h) > unchecked(size[i])) return 0;
  }
  // The envelope holds one card per category.
  for (let g = 0; g < nCats; g++) {
    const m = categoryMask(g) & dealt;
    if (popcnt<u32>(unchecked(holds[env]) & m) > 1) return 0;
    if ((m & unchecked(allowed[env])) == 0) return 0;
  }
  if (total != <i32>popcnt<u32>(dealt)) return 0;

  // Clauses: keep the ones about a single owner, grouped by owner.
  const nClauses = nClausesOf();
  const tableBit: u32 = <u32>1 << tableSlot(nSeats);
  let live: u32 = nCats > 0 ? <u32>1 << nSeats : 0;
  for (let s = 0; s < nSeats; s++) if (handSize(s) > 0) live |= <u32>1 << s;
  let nKept = 0;
  for (let k = 0; k < nClauses; k++) {
    const owners = clauseOwners(k);
    const cardsAll = clauseCards(k) & all;
    if ((owners & tableBit) && (cardsAll & faceUp)) continue; // a face-up card satisfies it
    const cards = cardsAll & dealt;
    const o2 = owners & live;
    if (cards == 0 || o2 == 0) return 0; // nobody can satisfy it
    if (o2 == live) continue; // every dealt card satisfies it
    let x: i32;
    let neg: bool;
    if ((o2 & (o2 - 1)) == 0) {
      x = <i32>ctz<u32>(o2);
      neg = false;
    } else {
      const rest = live & ~o2;
      if (rest & (rest - 1)) return -1;
      x = <i32>ctz<u32>(rest);
      neg = true;
    }
    const i = x == nSeats ? env : x;
    const a = unchecked(allowed[i]);
    const h = unchecked(holds[i]);
    let m = cards;
    if (!neg) {
      m &= a; // only cards x may hold can satisfy it
      if (m == 0) return 0;
      if (m & h) continue;
    } else {
      if (m & ~a) continue; // x cannot hold them all
      if ((m & ~h) == 0) return 0;
    }
    unchecked(tmpMask[nKept] = m);
    unchecked(tmpOwner[nKept] = i);
    unchecked(tmpNeg[nKept] = neg);
    nKept++;
  }
  if (clMask.length < nKept) clMask = new StaticArray<u32>(nKept);
  let at = 0;
  for (let i = 0; i <= MAX_SEATS; i++) {
    unchecked(clStart[i] = at);
    for (let pass = 0; pass < 2; pass++) {
      if (pass == 1) unchecked(clNegStart[i] = at);
      for (let k = 0; k < nKept; k++) {
        if (unchecked(tmpOwner[k]) != i || <i32>unchecked(tmpNeg[k]) != pass) continue;
        unchecked(clMask[at++] = tmpMask[k]);
      }
    }
  }
  unchecked(clStart[MAX_SEATS + 1] = at);

  chooseOrder();
  unchecked(laterAllowed[nSeats] = 0);
  unchecked(laterHolds[nSeats] = 0);
  for (let i = nSeats - 1; i >= 0; i--) {
    unchecked(laterAllowed[i] = laterAllowed[i + 1] | allowed[seq[i]]);
    unchecked(laterHolds[i] = laterHolds[i + 1] | holds[seq[i]]);
  }
  return 1;
}

/**
 * Chooses the order of the seats. The work of dealing seat s after the set X is about
 * states(X) x hands(s), and the last two seats cost about states(X) (one split count per state),
 * with, as estimates:
 *   hands(s)  = C(free cards, cards to pick) x, per clause, the share of hands meeting it;
 *   states(X) = min(envelope hands x product of hands(s) over X, C(unplaced cards, cards placed)).
 * A dynamic programme over the sets of seats finds the order of least estimated work.
 */
function chooseOrder(): void {
  let allHolds: u32 = unchecked(holds[env]);
  for (let s = 0; s < nSeats; s++) allHolds |= unchecked(holds[s]);
  for (let s = 0; s < nSeats; s++) {
    unchecked(seq[s] = s);
    const free = unchecked(allowed[s]) & ~allHolds;
    const m = <i32>popcnt<u32>(free);
    const k = unchecked(size[s]) - <i32>popcnt<u32>(unchecked(holds[s]));
    const all = choose(m, k);
    let e = all;
    for (let c = unchecked(clStart[s]); c < unchecked(clNegStart[s]); c++) {
      const hit = <i32>popcnt<u32>(unchecked(clMask[c]) & free);
      if (all > 0) e *= 1 - choose(m - hit, k) / all;
    }
    unchecked(est[s] = max(e, 1));
  }
  if (nSeats <= 2) return;
  let envHands: f64 = 1;
  for (let g = 0; g < nCats; g++) envHands *= <f64>popcnt<u32>(categoryMask(g) & unchecked(allowed[env]));
  const unplaced = <i32>popcnt<u32>(dealt) - <i32>popcnt<u32>(allHolds);
  const envPicks = nCats - <i32>popcnt<u32>(unchecked(holds[env]));
  const n = 1 << nSeats;
  for (let x = 0; x < n; x++) {
    let prod = envHands;
    let placed = envPicks;
    for (let s = 0; s < nSeats; s++) {
      if (!(x & (1 << s))) continue;
      prod *= unchecked(est[s]);
      placed += unchecked(size[s]) - <i32>popcnt<u32>(unchecked(holds[s]));
    }
    unchecked(setStates[x] = min(prod, choose(unplaced, placed)));
    // cheapest way to deal the seats of x first, in some order
    let best = x == 0 ? 0 : Infinity;
    let last = -1;
    for (let s = 0; s < nSeats; s++) {
      if (!(x & (1 << s))) continue;
      const y = x & ~(1 << s);
      const c = unchecked(setCost[y]) + unchecked(setStates[y]) * unchecked(est[s]);
      if (c < best) { best = c; last = s; }
    }
    unchecked(setCost[x] = best);
    unchecked(setLast[x] = last);
  }
  let bestSet = -1;
  let bestCost = Infinity;
  for (let x = 0; x < n; x++) {
    if (<i32>popcnt<u32>(x) != nSeats - 2) continue;
    const c = unchecked(setCost[x]) + unchecked(setStates[x]);
    if (c < bestCost) { bestCost = c; bestSet = x; }
  }
  // the two seats left out are counted last; the others in the order found, read backwards
  let x = bestSet;
  let i = nSeats - 2;
  let rest = (n - 1) & ~bestSet;
  unchecked(seq[nSeats - 2] = <i32>ctz<u32>(rest));
  rest &= rest - 1;
  unchecked(seq[nSeats - 1] = <i32>ctz<u32>(rest));
  while (x) {
    const s = unchecked(setLast[x]);
    unchecked(seq[--i] = s);
    x &= ~(1 << s);
  }
}

@inline function clausesHold(o: i32, hand: u32): bool {
  const neg = unchecked(clNegStart[o]);
  const end = unchecked(clStart[o + 1]);
  let k = unchecked(clStart[o]);
  for (; k < neg; k++) if ((hand & unchecked(clMask[k])) == 0) return false;
  for (; k < end; k++) {
    const m = unchecked(clMask[k]);
    if ((hand & m) == m) return false;
  }
  return true;
}

// ---- the layers ----

const catCand = new StaticArray<u32>(32);
const catPick = new StaticArray<i32>(32);

/** The first layer: every envelope hand, from the empty state. False when too large. */
function dealEnvelope(): bool {
  openNext(64);
  const later = unchecked(laterAllowed[0]);
  const laterH = unchecked(laterHolds[0]);
  const a = unchecked(allowed[env]) & ~laterH;
  const h = unchecked(holds[env]);
  const must = (dealt & ~later) | h; // cards no seat can hold, and the envelope's own
  if (must & ~a) return true; // no envelope
  let covered: u32 = 0;
  for (let g = 0; g < nCats; g++) {
    const m = categoryMask(g) & dealt;
    covered |= m;
    let c = m & a;
    const mm = m & must;
    if (mm) {
      if (mm & (mm - 1)) return true;
      c = mm;
    }
    if (c == 0) return true;
    unchecked(catCand[g] = c);
    unchecked(catPick[g] = 0);
  }
  if (must & ~covered) return true;
  if (nCats == 0) return addNext(0, 1);
  // mixed-radix enumeration over the categories' candidates
  while (true) {
    let hand: u32 = 0;
    for (let g = 0; g < nCats; g++) {
      let c = unchecked(catCand[g]);
      for (let i = unchecked(catPick[g]); i > 0; i--) c &= c - 1;
      hand |= c & -c;
    }
    if (clausesHold(env, hand) && !addNext(hand, 1)) return false;
    let g = 0;
    while (g < nCats) {
      const p = unchecked(catPick[g]) + 1;
      if (p < <i32>popcnt<u32>(unchecked(catCand[g]))) { unchecked(catPick[g] = p); break; }
      unchecked(catPick[g] = 0);
      g++;
    }
    if (g == nCats) break;
  }
  return true;
}

/** lowBits[i]: the lowest i bits of the current free mask. */
const lowBits = new StaticArray<u32>(33);

/** Expands the current layer by the seat at position i of the order. False when too large. */
function dealSeat(i: i32): bool {
  const s = unchecked(seq[i]);
  const later = unchecked(laterAllowed[i + 1]);
  const laterH = unchecked(laterHolds[i + 1]);
  const a = unchecked(allowed[s]) & ~laterH;
  const h = unchecked(holds[s]);
  const n = unchecked(size[s]);
  const plain = unchecked(clStart[s]) == unchecked(clStart[s + 1]);
  openNext(curSize);
  for (let j = 0; j < curCap; j++) {
    const slot = slotAt(curSlots, j);
    const v = load<f64>(slot, 8);
    if (v == 0) continue;
    const state = load<u32>(slot);
    const rest = dealt & ~state;
    const req = h | (rest & ~later); // cards nobody after this seat can take
    if (req & ~(a & rest)) continue;
    const free = a & rest & ~req;
    const k = n - <i32>popcnt<u32>(req);
    const m = <i32>popcnt<u32>(free);
    if (k < 0 || k > m) continue;
    const base = state | req;
    // k-subsets of free in colex order (Gosper's step on the sparse mask)
    let f = free;
    unchecked(lowBits[0] = 0);
    for (let b = 1; b <= k; b++) {
      unchecked(lowBits[b] = lowBits[b - 1] | (f & -f));
      f &= f - 1;
    }
    let x = unchecked(lowBits[k]);
    const count = <i32>choose(m, k);
    const notFree = ~free;
    for (let t = 0; t < count; t++) {
      if (plain || clausesHold(s, req | x)) {
        if (!addNext(base | x, v)) return false;
      }
      const low = x & -x;
      const r = ((x | notFree) + low) & free;
      x = r | unchecked(lowBits[k - <i32>popcnt<u32>(r)]);
    }
  }
  swapLayers();
  return true;
}

// Clauses of the last two seats, per state, as conditions on the penultimate seat's free part X:
// "X meets hitSet[i]" and "X does not contain notAllSet[j]".
const hitSet = new StaticArray<u32>(MAX_CLAUSES);
const notAllSet = new StaticArray<u32>(MAX_CLAUSES);
let nHit = 0;
let nNotAll = 0;
let ieFree = 0;
let ieK = 0;

/** Inclusion-exclusion: sum over subsets of violated conditions. */
function inclusionExclusion(i: i32, miss: u32, contain: u32): f64 {
  if (miss & contain) return 0;
  const nc = <i32>popcnt<u32>(contain);
  if (nc > ieK) return 0;
  if (i == nHit + nNotAll) return choose(ieFree - <i32>popcnt<u32>(miss | contain), ieK - nc);
  const without = inclusionExclusion(i + 1, miss, contain);
  const withIt = i < nHit
    ? inclusionExclusion(i + 1, miss | unchecked(hitSet[i]), contain)
    : inclusionExclusion(i + 1, miss, contain | unchecked(notAllSet[i - nHit]));
  return without - withIt;
}

const redundant = new StaticArray<bool>(32);

/** Drops conditions implied by others (a hit set containing another, an avoid set containing another). n <= 32. */
function pruneSets(sets: StaticArray<u32>, n: i32): i32 {
  for (let i = 0; i < n; i++) {
    const m = unchecked(sets[i]);
    let r = false;
    for (let j = 0; j < n && !r; j++) {
      if (j == i) continue;
      const o = unchecked(sets[j]);
      // o inside m: o's condition implies m's (of two equal sets, keep the first)
      if ((o & ~m) == 0 && (o != m || j < i)) r = true;
    }
    unchecked(redundant[i] = r);
  }
  let kept = 0;
  for (let i = 0; i < n; i++) if (!unchecked(redundant[i])) unchecked(sets[kept++] = sets[i]);
  return kept;
}

/** Number of ways to split `rest` between the seats p (penultimate) and l (last). */
function splitCount(rest: u32, p: i32, l: i32): f64 {
  const np = unchecked(size[p]);
  const hp = unchecked(holds[p]);
  const hl = unchecked(holds[l]);
  if ((hp | hl) & ~rest) return 0;
  const req = hp | (rest & ~unchecked(allowed[l]));
  const forb = (rest & ~unchecked(allowed[p])) | hl;
  if (req & forb) return 0;
  const free = rest & ~req & ~forb;
  const k = np - <i32>popcnt<u32>(req);
  const m = <i32>popcnt<u32>(free);
  if (k < 0 || k > m) return 0;
  nHit = 0;
  nNotAll = 0;
  // seat p: "H meets C", "C is not inside H"
  let c = unchecked(clStart[p]);
  let neg = unchecked(clNegStart[p]);
  let end = unchecked(clStart[p + 1]);
  for (; c < neg; c++) {
    const a = unchecked(clMask[c]) & rest;
    if (a & req) continue;
    const af = a & free;
    if (af == 0) return 0;
    unchecked(hitSet[nHit++] = af);
  }
  for (; c < end; c++) {
    const b = unchecked(clMask[c]);
    if ((b & ~rest) != 0 || (b & forb) != 0) continue;
    const bf = b & free;
    if (bf == 0) return 0;
    unchecked(notAllSet[nNotAll++] = bf);
  }
  // seat l gets rest \ H: "rest \ H meets C" is "C ∩ rest is not inside H"; "C is not inside
  // rest \ H" is "C leaves rest, or H meets C"
  c = unchecked(clStart[l]);
  neg = unchecked(clNegStart[l]);
  end = unchecked(clStart[l + 1]);
  for (; c < neg; c++) {
    const b = unchecked(clMask[c]) & rest;
    if (b == 0) return 0;
    if (b & forb) continue;
    const bf = b & free;
    if (bf == 0) return 0;
    unchecked(notAllSet[nNotAll++] = bf);
  }
  for (; c < end; c++) {
    const a = unchecked(clMask[c]);
    if ((a & ~rest) != 0 || (a & req) != 0) continue;
    const af = a & free;
    if (af == 0) return 0;
    unchecked(hitSet[nHit++] = af);
  }
  if (nHit + nNotAll == 0) return choose(m, k);
  if (nHit + nNotAll <= 32) {
    nHit = pruneSets(hitSet, nHit);
    nNotAll = pruneSets(notAllSet, nNotAll);
  }
  const q = nHit + nNotAll;
  if (q <= MAX_IE_CLAUSES && <f64>(1 << q) <= choose(m, k)) {
    ieFree = m;
    ieK = k;
    return inclusionExclusion(0, 0, 0);
  }
  // enumerate the k-subsets of free
  let f = free;
  unchecked(lowBits[0] = 0);
  for (let b = 1; b <= k; b++) {
    unchecked(lowBits[b] = lowBits[b - 1] | (f & -f));
    f &= f - 1;
  }
  let x = unchecked(lowBits[k]);
  const count = <i32>choose(m, k);
  const notFree = ~free;
  let total: f64 = 0;
  for (let t = 0; t < count; t++) {
    let ok = true;
    for (let i = 0; i < nHit && ok; i++) if ((x & unchecked(hitSet[i])) == 0) ok = false;
    for (let i = 0; i < nNotAll && ok; i++) {
      const b = unchecked(notAllSet[i]);
      if ((x & b) == b) ok = false;
    }
    if (ok) total += 1;
    const low = x & -x;
    const r = ((x | notFree) + low) & free;
    x = r | unchecked(lowBits[k - <i32>popcnt<u32>(r)]);
  }
  return total;
}

/** Number of ways to complete the deal from a state with the seats from position `from` on. */
function finish(state: u32, from: i32): f64 {
  const rest = dealt & ~state;
  const left = nSeats - from;
  if (left == 0) return rest == 0 ? 1 : 0;
  if (left == 1) {
    const s = unchecked(seq[from]);
    if (<i32>popcnt<u32>(rest) != unchecked(size[s])) return 0;
    if (unchecked(holds[s]) & ~rest) return 0;
    if (rest & ~unchecked(allowed[s])) return 0;
    return clausesHold(s, rest) ? 1 : 0;
  }
  return splitCount(rest, unchecked(seq[from]), unchecked(seq[from + 1]));
}

/**
 * Counts the deals consistent with the store in memory, seat by seat. Returns the count,
 * UNSUPPORTED (-1) for a clause about several owners, or TOO_MANY_STATES (-2).
 */
export function count(): f64 {
  if (!binomReady) initBinom();
  peakStates = 0;
  const p = prepare();
  if (p < 0) return UNSUPPORTED;
  if (p == 0) return 0;
  if (!dealEnvelope()) return TOO_MANY_STATES;
  swapLayers();
  // expand every seat but the last two
  const expand = nSeats >= 2 ? nSeats - 2 : 0;
  for (let i = 0; i < expand; i++) {
    if (!dealSeat(i)) return TOO_MANY_STATES;
  }
  let total: f64 = 0;
  for (let j = 0; j < curCap; j++) {
    const slot = slotAt(curSlots, j);
    const v = load<f64>(slot, 8);
    if (v == 0) continue;
    total += v * finish(load<u32>(slot), expand);
  }
  return total;
}

/** The seat-by-seat count of the store in memory (see count()). */
export function seatBySeatCount(): f64 {
  return count();
}
