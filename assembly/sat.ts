// Exact certainty without counting: a backtracking search for consistent deals.
//
// A search state is, per owner (seats and the envelope), the cards it may still hold and the cards
// it is fixed to hold. Propagation runs to a fixed point:
//   - a card only one owner may hold is fixed there; a fixed card leaves every other owner;
//   - a seat whose hand is full of fixed cards may hold nothing else; a seat with exactly as many
//     candidates as places left holds them all (and fewer candidates than places is a dead end);
//   - per category, the envelope holds exactly one card (the same two rules, with one place);
//   - a clause with no fixed card among its owners needs a candidate; with one candidate left,
//     that card must go to one of the clause's owners (unit propagation);
//   - a seat's open single-owner clauses must all be hit by the cards it still takes: with few
//     places left, exactly (keeping only the candidates some hitting set uses), otherwise bounded
//     by clauses with disjoint candidates;
//   - every open card needs a place of its own: a matching of cards to places must exist.
// Then the search branches on the card with the fewest possible owners.
//
// The possible owners of every card come from witnesses: a deal found marks every placement in
// it possible; each placement not yet marked is forced in turn, and either a new witness marks it
// (and usually many others: the search tries unmarked placements first) or none exists. Each
// such query restarts with shuffled owners and growing budgets, against heavy tails.
import { MAX_CARDS, MAX_SEATS } from './layout';
import { catMask, catOf, clauseK, clauseO, compile, env, faceUp, free, may, must, nCats, nClauses, size } from './problem';
import { belowU32 } from './rng';
import { grown } from './dag/arrays';

export const FOUND: i32 = 0;
export const NONE: i32 = 1;
export const GAVE_UP: i32 = 2;

/** A state: may[o] at word o, fix[o] at word FIX + o. */
const FRAME: i32 = 32;
export const FIX: i32 = 16;
const frames = new StaticArray<u32>((MAX_CARDS + 2) * FRAME);
/** The root state after propagation: every consistent deal lies within it. */
export const root = new StaticArray<u32>(FRAME);
/** The deal found last, as owner masks: seats, envelope, table. */
export const witness = new StaticArray<u32>(MAX_SEATS + 2);
/** Per card, the owners (bits: seats, envelope, table) it has in some consistent deal. */
export const possible = new StaticArray<u32>(MAX_CARDS);

let nodes: i32 = 0;
let budget: i32 = 0;
/** Search nodes of the last computePossible() or findDeal(), over all its queries. */
export let totalNodes: f64 = 0;
let gaveUp = false;
/** Value order: as listed, shuffled from the rng (findDeal), or shuffled from a private generator (restarts). */
const LISTED: i32 = 0;
const RNG: i32 = 1;
const PRIVATE: i32 = 2;
let order = LISTED;
let preferUnmarked = false;
let privateState: u32 = 1;
/** A query's first attempt, before restarts: small, since most queries need a few dozen nodes. */
const FIRST_ATTEMPT: i32 = 256;
/** The owners to try at each depth, in order. */
const values = new StaticArray<i32>((MAX_CARDS + 2) * 12);

@inline function mayOf(b: i32, o: i32): u32 { return unchecked(frames[b + o]); }
@inline function fixOf(b: i32, o: i32): u32 { return unchecked(frames[b + FIX + o]); }
@inline function setMay(b: i32, o: i32, m: u32): void { unchecked(frames[b + o] = m); }
@inline function setFix(b: i32, o: i32, m: u32): void { unchecked(frames[b + FIX + o] = m); }

/** Propagates the state at frame offset b to a fixed point; false on a dead end. */
function propagate(b: i32): bool {
  while (true) {
    let changed = false;
    // Cards with a single candidate owner are fixed there; every card needs one.
    let ones: u32 = 0, twos: u32 = 0;
    for (let o = 0; o <= env; o++) {
      const m = mayOf(b, o);
      twos |= ones & m;
      ones |= m;
    }
    if (ones != free) return false;
    const single = ones & ~twos;
    let fixed: u32 = 0;
    for (let o = 0; o <= env; o++) {
      const f = fixOf(b, o);
      const x = f | (mayOf(b, o) & single);
      if (x & fixed) return false;
      if (x != f) { setFix(b, o, x); changed = true; }
      fixed |= x;
    }
    for (let o = 0; o <= env; o++) {
      const m = mayOf(b, o);
      const m2 = m & (fixOf(b, o) | ~fixed);
      if (m2 != m) { setMay(b, o, m2); changed = true; }
    }
    // Hand sizes.
    for (let s = 0; s < env; s++) {
      const f = fixOf(b, s);
      const m = mayOf(b, s);
      const k = unchecked(size[s]);
      const nf = <i32>popcnt<u32>(f);
      const nm = <i32>popcnt<u32>(m);
      if (nf > k || nm < k) return false;
      if (nf == k) { if (nm > k) { setMay(b, s, f); changed = true; } }
      else if (nm == k) { setFix(b, s, m); changed = true; }
    }
    // One envelope card per category.
    for (let g = 0; g < nCats; g++) {
      const cm = unchecked(catMask[g]);
      const fe = fixOf(b, env) & cm;
      const me = mayOf(b, env) & cm;
      if (me == 0 || (fe & (fe - 1)) != 0) return false;
      if (fe != 0) {
        if (me != fe) { setMay(b, env, mayOf(b, env) & (~cm | fe)); changed = true; }
      } else if ((me & (me - 1)) == 0) {
        setFix(b, env, fixOf(b, env) | me);
        changed = true;
      }
    }
    // Clauses.
    for (let k = 0; k < nClauses; k++) {
      const cards = unchecked(clauseK[k]);
      const owners = unchecked(clauseO[k]);
      let cand: u32 = 0;
      let o = owners;
      let done = false;
      while (o) {
        const i = <i32>ctz<u32>(o);
        o &= o - 1;
        if (fixOf(b, i) & cards) { done = true; break; }
        cand |= mayOf(b, i) & cards;
      }
      if (done) continue;
      if (cand == 0) return false;
      if ((cand & (cand - 1)) == 0) {
        let others = ~owners & ((<u32>1 << (env + 1)) - 1);
        while (others) {
          const i = <i32>ctz<u32>(others);
          others &= others - 1;
          const m = mayOf(b, i);
          if (m & cand) { setMay(b, i, m & ~cand); changed = true; }
        }
      }
    }
    if (!changed) {
      const seats = seatsHitClauses(b);
      if (seats == FAIL) return false;
      if (seats == STABLE) return everyCardPlaced(b);
    }
  }
}

/** Most places a seat may have left for the exact hitting-set reasoning below (3^r work). */
const HIT_DEPTH: i32 = 3;
/** Each seat's single-owner clauses: seatClauses[seatStart[s] .. seatStart[s + 1]). */
const seatStart = new StaticArray<i32>(MAX_SEATS + 1);
let seatClauses = new StaticArray<i32>(0);
/** Scratch for one seat: its open clauses' candidates, and per card the open clauses it hits. */
const openSets = new StaticArray<u32>(32);
const hitBy = new StaticArray<u32>(MAX_CARDS);

function listSeatClauses(): void {
  seatClauses = grown<i32>(seatClauses, nClauses);
  let n = 0;
  for (let s = 0; s < env; s++) {
    unchecked(seatStart[s] = n);
    for (let k = 0; k < nClauses; k++) if (unchecked(clauseO[k]) == (<u32>1 << s)) unchecked(seatClauses[n++] = k);
  }
  unchecked(seatStart[env] = n);
}

/** Some `r` cards of `avail` hit every open clause in `unhit` (bits over openSets). */
function hits(unhit: u32, r: i32, avail: u32): bool {
  if (unhit == 0) return true;
  if (r == 0) return false;
  let cand = unchecked(openSets[ctz<u32>(unhit)]) & avail;
  while (cand) {
    const y = <i32>ctz<u32>(cand);
    cand &= cand - 1;
    if (hits(unhit & ~unchecked(hitBy[y]), r - 1, avail & ~(<u32>1 << y))) return true;
  }
  return false;
}

const FAIL: i32 = -1;
const STABLE: i32 = 0;
const CHANGED: i32 = 1;

/**
 * A seat's open single-owner clauses must all be hit by the cards it still takes. With few places
 * left, exactly: fail when no r of its candidates hit them all, and when exactly r are needed,
 * keep only the candidates that belong to such a set. With more places, a greedy packing of
 * clauses with disjoint candidates bounds the places they need from below.
 */
function seatsHitClauses(b: i32): i32 {
  let result = STABLE;
  for (let s = 0; s < env; s++) {
    const from = unchecked(seatStart[s]);
    const to = unchecked(seatStart[s + 1]);
    if (from == to) continue;
    const f = fixOf(b, s);
    const avail = mayOf(b, s) & ~f;
    const r = unchecked(size[s]) - <i32>popcnt<u32>(f);
    let m = 0;
    let union: u32 = 0;
    let packed: u32 = 0;
    let packing = 0;
    for (let i = from; i < to; i++) {
      const cards = unchecked(clauseK[seatClauses[i]]);
      if (cards & f) continue;
      const cand = cards & avail;
      if (cand == 0) return FAIL;
      if ((cand & packed) == 0) { packed |= cand; packing++; }
      if (m < 32) unchecked(openSets[m] = cand);
      m++;
      union |= cand;
    }
    if (packing > r) return FAIL;
    if (m == 0 || r > HIT_DEPTH || m > 32) continue;
    let u = union;
    while (u) {
      const y = <i32>ctz<u32>(u);
      u &= u - 1;
      let mask: u32 = 0;
      for (let i = 0; i < m; i++) if (unchecked(openSets[i]) & (<u32>1 << y)) mask |= <u32>1 << i;
      unchecked(hitBy[y] = mask);
    }
    const all: u32 = m == 32 ? 0xffffffff : (<u32>1 << m) - 1;
    if (hits(all, r - 1, avail)) continue; // a place to spare: nothing to infer
    if (!hits(all, r, avail)) return FAIL;
    let keep: u32 = 0;
    u = union;
    while (u) {
      const x = <i32>ctz<u32>(u);
      u &= u - 1;
      if (hits(all & ~unchecked(hitBy[x]), r - 1, avail & ~(<u32>1 << x))) keep |= <u32>1 << x;
    }
    if (avail & ~keep) {
      setMay(b, s, f | keep);
      result = CHANGED;
    }
  }
  return result;
}

// ---- every open card needs a place of its own ----
// Places: a seat's places left, and the envelope's slot of each category not yet filled. A
// matching of open cards to places (Kuhn's augmenting paths, with capacities) exists in every
// consistent deal; without one, several seats together lack room (or cards), which branching on
// unrelated cards would only find after exponentially many nodes.
const placeCards = new StaticArray<u32>(MAX_SEATS + MAX_CARDS);
const placeRoom = new StaticArray<i32>(MAX_SEATS + MAX_CARDS);
const cardPlaces = new StaticArray<u64>(MAX_CARDS);
let visited: u64 = 0;

function everyCardPlaced(b: i32): bool {
  let fixed: u32 = 0;
  for (let o = 0; o <= env; o++) fixed |= fixOf(b, o);
  const open = free & ~fixed;
  for (let s = 0; s < env; s++) {
    unchecked(placeRoom[s] = unchecked(size[s]) - <i32>popcnt<u32>(fixOf(b, s)));
    unchecked(placeCards[s] = 0);
  }
  const envFixed = fixOf(b, env);
  const envMay = mayOf(b, env) & ~envFixed;
  for (let g = 0; g < nCats; g++) {
    unchecked(placeRoom[env + g] = (envFixed & unchecked(catMask[g])) != 0 ? 0 : 1);
    unchecked(placeCards[env + g] = 0);
  }
  let left = open;
  while (left) {
    const c = <i32>ctz<u32>(left);
    left &= left - 1;
    const bit = <u32>1 << c;
    let places: u64 = 0;
    for (let s = 0; s < env; s++) if (mayOf(b, s) & bit) places |= <u64>1 << s;
    if (envMay & bit) places |= <u64>1 << (env + unchecked(catOf[c]));
    unchecked(cardPlaces[c] = places);
  }
  left = open;
  while (left) {
    const c = <i32>ctz<u32>(left);
    left &= left - 1;
    visited = 0;
    if (!placeCard(c)) return false;
  }
  return true;
}

/** Gives card c a place, moving other cards along an augmenting path if needed. */
function placeCard(c: i32): bool {
  let places = unchecked(cardPlaces[c]) & ~visited;
  while (places) {
    const u = <i32>ctz<u64>(places);
    places &= places - 1;
    visited |= <u64>1 << u;
    let ok = unchecked(placeRoom[u]) > 0;
    if (ok) {
      unchecked(placeRoom[u] -= 1);
    } else {
      let holders = unchecked(placeCards[u]);
      while (holders) {
        const d = <i32>ctz<u32>(holders);
        holders &= holders - 1;
        if (placeCard(d)) {
          unchecked(placeCards[u] &= ~(<u32>1 << d));
          ok = true;
          break;
        }
      }
    }
    if (ok) {
      unchecked(placeCards[u] |= <u32>1 << c);
      return true;
    }
  }
  return false;
}

/** Depth-first search from frame `depth`; on success the deal is in `witness`. */
function search(depth: i32): bool {
  if (++nodes > budget) { gaveUp = true; return false; }
  const b = depth * FRAME;
  if (!propagate(b)) return false;
  let fixed: u32 = 0;
  for (let o = 0; o <= env; o++) fixed |= fixOf(b, o);
  let open = free & ~fixed;
  if (open == 0) {
    for (let o = 0; o <= env; o++) unchecked(witness[o] = fixOf(b, o));
    unchecked(witness[env + 1] = faceUp);
    return true;
  }
  // The card with the fewest candidate owners (ties: the first, or a random one when shuffling).
  let card = -1;
  let fewest = 99;
  let ties = 0;
  while (open) {
    const c = <i32>ctz<u32>(open);
    open &= open - 1;
    let n = 0;
    for (let o = 0; o <= env; o++) n += <i32>((mayOf(b, o) >> c) & 1);
    if (n < fewest) {
      fewest = n;
      card = c;
      ties = 1;
      if (n == 2 && order == LISTED) break;
    } else if (n == fewest && order != LISTED) {
      ties++;
      if (randomBelow(<u32>ties) == 0) card = c;
    }
  }
  const bit = <u32>1 << card;
  const v = depth * 12;
  let n = v;
  if (preferUnmarked) {
    // Owners not yet seen with this card first: a witness then marks new placements.
    const seen = unchecked(possible[card]);
    for (let pass = 0; pass < 2; pass++) {
      for (let o = 0; o <= env; o++) {
        if ((mayOf(b, o) & bit) && (<u32>((seen >> o) & 1) == <u32>pass)) unchecked(values[n++] = o);
      }
    }
  } else {
    for (let o = 0; o <= env; o++) if (mayOf(b, o) & bit) unchecked(values[n++] = o);
  }
  if (order != LISTED) {
    for (let i = n - 1; i > v; i--) {
      const j = v + <i32>randomBelow(<u32>(i - v + 1));
      const t = unchecked(values[i]);
      unchecked(values[i] = values[j]);
      unchecked(values[j] = t);
    }
  }
  const next = b + FRAME;
  for (let i = v; i < n; i++) {
    const o = unchecked(values[i]);
    if (!(mayOf(b, o) & bit)) continue; // ruled out by an earlier refuted branch
    memory.copy(changetype<usize>(frames) + (<usize>next << 2), changetype<usize>(frames) + (<usize>b << 2), FRAME << 2);
    setFix(next, o, fixOf(next, o) | bit);
    if (search(depth + 1)) return true;
    if (gaveUp) return false;
    // No deal puts the card with o here: remove o and tighten the rest.
    setMay(b, o, mayOf(b, o) & ~bit);
    if (!propagate(b)) return false;
  }
  return false;
}

@inline function randomBelow(bound: u32): u32 {
  return order == RNG ? belowU32(bound) : privateBelow(bound);
}

/** xorshift32: enough to vary the search between restarts, reproducibly. */
function privateBelow(bound: u32): u32 {
  let x = privateState;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  privateState = x;
  return <u32>((<u64>x * <u64>bound) >> 32);
}

/** Compiles the store and propagates the root state. False when no deal can be consistent. */
export function prepareRoot(): bool {
  if (!compile()) return false;
  listSeatClauses();
  for (let o = 0; o <= env; o++) {
    setMay(0, o, unchecked(may[o]));
    setFix(0, o, unchecked(must[o]));
  }
  if (!propagate(0)) return false;
  memory.copy(changetype<usize>(root), changetype<usize>(frames), FRAME << 2);
  return true;
}

/** Searches from the root with the placement (card, owner) forced (card < 0: none). */
function searchFromRoot(card: i32, owner: i32, nodeBudget: i32): i32 {
  memory.copy(changetype<usize>(frames), changetype<usize>(root), FRAME << 2);
  if (card >= 0) setFix(0, owner, fixOf(0, owner) | (<u32>1 << card));
  nodes = 0;
  budget = nodeBudget;
  gaveUp = false;
  const found = search(0);
  totalNodes += <f64>nodes;
  if (found) return FOUND;
  return gaveUp ? GAVE_UP : NONE;
}

/**
 * A consistent deal in `witness`: FOUND, NONE or GAVE_UP (more than nodeBudget search nodes).
 * Randomized: owners are tried in random order (from the rng), so different seeds give different deals.
 */
export function findDeal(nodeBudget: i32, randomized: bool): i32 {
  totalNodes = 0;
  if (!prepareRoot()) return NONE;
  return query(-1, 0, nodeBudget, randomized ? RNG : LISTED, false);
}

/**
 * Decides one query (a deal, with card -> owner forced unless card < 0) within nodeBudget nodes
 * in all. Backtracking search has heavy tails: an unlucky order of owners can bury a deal under a
 * huge failed subtree. So the first attempt is short, then restarts shuffle the owners (from the
 * rng when randomized, else from a private generator) with budgets growing fourfold: a query that
 * needs N nodes costs at most about 1.4 N.
 */
function query(card: i32, owner: i32, nodeBudget: i32, first: i32, unmarkedFirst: bool): i32 {
  order = first;
  preferUnmarked = unmarkedFirst;
  privateState = 0x9e3779b9 ^ (<u32>(card + 1) * 0x85ebca6b) ^ (<u32>owner * 0xc2b2ae35);
  if (privateState == 0) privateState = 1;
  let left = nodeBudget;
  let attempt = min(FIRST_ATTEMPT, left);
  let r = GAVE_UP;
  while (true) {
    r = searchFromRoot(card, owner, attempt);
    left -= attempt;
    if (r != GAVE_UP || left <= 0) break;
    if (first != RNG) order = PRIVATE;
    preferUnmarked = false;
    attempt = min(attempt * 4, left);
  }
  order = LISTED;
  preferUnmarked = false;
  return r;
}

function mark(): void {
  for (let o = 0; o <= env + 1; o++) {
    let m = unchecked(witness[o]);
    while (m) {
      const c = <i32>ctz<u32>(m);
      m &= m - 1;
      unchecked(possible[c] |= <u32>1 << o);
    }
  }
}

/**
 * Fills `possible` exactly: FOUND, or GAVE_UP when one query took more than nodeBudget nodes.
 * With no consistent deal every card has no possible owner.
 */
export function computePossible(nodeBudget: i32): i32 {
  memory.fill(changetype<usize>(possible), 0, MAX_CARDS << 2);
  totalNodes = 0;
  if (!prepareRoot()) return FOUND;
  let r = query(-1, 0, nodeBudget, LISTED, true);
  if (r != FOUND) return r == GAVE_UP ? GAVE_UP : FOUND;
  mark();
  let cards = free;
  while (cards) {
    const c = <i32>ctz<u32>(cards);
    cards &= cards - 1;
    for (let o = 0; o <= env; o++) {
      if (!(unchecked(root[o]) & (<u32>1 << c)) || (unchecked(possible[c]) & (<u32>1 << o))) continue;
      r = query(c, o, nodeBudget, LISTED, true);
      if (r == GAVE_UP) return GAVE_UP;
      if (r == FOUND) mark();
    }
  }
  return FOUND;
}
