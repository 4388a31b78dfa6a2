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
//   - a seat's open single-owner clauses with pairwise disjoint candidates each need a place of
//     their own, so there must be as many places left.
// Then the search branches on the card with the fewest possible owners.
//
// The possible owners of every card come from witnesses: a deal found marks every placement in
// it possible; each placement not yet marked is forced in turn, and either a new witness marks it
// (and usually many others: the search tries unmarked placements first) or none exists.
import { MAX_CARDS, MAX_SEATS } from './layout';
import { catMask, clauseK, clauseO, compile, env, faceUp, free, may, must, nCats, nClauses, size } from './problem';
import { belowU32 } from './rng';

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
let gaveUp = false;
let randomOrder = false;
let preferUnmarked = false;
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
    if (!changed) return placesSuffice(b);
  }
}

/**
 * Each seat's open single-owner clauses: a greedy packing of those with pairwise disjoint
 * candidates is a lower bound on the places they still need.
 */
function placesSuffice(b: i32): bool {
  for (let s = 0; s < env; s++) {
    const f = fixOf(b, s);
    const open = mayOf(b, s) & ~f;
    let left = unchecked(size[s]) - <i32>popcnt<u32>(f);
    let used: u32 = 0;
    for (let k = 0; k < nClauses; k++) {
      if (unchecked(clauseO[k]) != (<u32>1 << s)) continue;
      const cards = unchecked(clauseK[k]);
      if (cards & f) continue;
      const cand = cards & open;
      if (cand & used) continue;
      used |= cand;
      if (--left < 0) return false;
    }
  }
  return true;
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
  // The card with the fewest candidate owners.
  let card = -1;
  let fewest = 99;
  while (open) {
    const c = <i32>ctz<u32>(open);
    open &= open - 1;
    let n = 0;
    for (let o = 0; o <= env; o++) n += <i32>((mayOf(b, o) >> c) & 1);
    if (n < fewest) { fewest = n; card = c; if (n == 2) break; }
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
  if (randomOrder) {
    for (let i = n - 1; i > v; i--) {
      const j = v + <i32>belowU32(<u32>(i - v + 1));
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

/** Compiles the store and propagates the root state. False when no deal can be consistent. */
export function prepareRoot(): bool {
  if (!compile()) return false;
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
  if (search(0)) return FOUND;
  return gaveUp ? GAVE_UP : NONE;
}

/**
 * A consistent deal in `witness`: FOUND, NONE or GAVE_UP (more than nodeBudget search nodes).
 * Randomized: owners are tried in random order (from the rng), so different seeds give different deals.
 */
export function findDeal(nodeBudget: i32, randomized: bool): i32 {
  if (!prepareRoot()) return NONE;
  randomOrder = randomized;
  preferUnmarked = false;
  const r = searchFromRoot(-1, 0, nodeBudget);
  randomOrder = false;
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
 * Fills `possible` exactly: FOUND, or GAVE_UP when one search took more than nodeBudget nodes.
 * With no consistent deal every card has no possible owner.
 */
export function computePossible(nodeBudget: i32): i32 {
  memory.fill(changetype<usize>(possible), 0, MAX_CARDS << 2);
  randomOrder = false;
  preferUnmarked = true;
  if (!prepareRoot()) return FOUND;
  let r = searchFromRoot(-1, 0, nodeBudget);
  if (r != FOUND) return r == GAVE_UP ? GAVE_UP : FOUND;
  mark();
  let cards = free;
  while (cards) {
    const c = <i32>ctz<u32>(cards);
    cards &= cards - 1;
    for (let o = 0; o <= env; o++) {
      if (!(unchecked(root[o]) & (<u32>1 << c)) || (unchecked(possible[c]) & (<u32>1 << o))) continue;
      r = searchFromRoot(c, o, nodeBudget);
      if (r == GAVE_UP) return GAVE_UP;
      if (r == FOUND) mark();
    }
  }
  return FOUND;
}
