// The deal DAG: a card-by-card dynamic programme over the consistent deals.
//
// Cards whose owner is forced are placed up front. The others ("variables") are decided one at a
// time in a chosen order; a node of layer t is a state after deciding the first t variables:
//   caps  — each seat's remaining hand capacity, 6 bits per seat (bit 5 of a field is a guard bit
//           for the word-parallel capacity test below);
//   bits  — one bit per *active* constraint (started but not finished in the order): an
//           at-least-one clause already satisfied, or a category whose envelope card is chosen.
// An edge is one owner for the layer's card. Every root-to-terminal path is exactly one
// consistent deal, so path counting gives exact counts, forward x backward counts give every
// marginal, and walking down by backward counts samples deals exactly uniformly.
import { INCONSISTENT, MAX_CARDS, MAX_SEATS, OK, TOO_LARGE } from './layout';
import { categoryMask, clauseCards, clauseOwners, faceUpOf, handSize, holdsOf, lacksOf, nCardsOf, nCategoriesOf, nClausesOf, nSeatsOf } from './store';

const MAX_CONSTRAINTS: i32 = 4096 + MAX_CARDS;
const MAX_NODES: i32 = 12_000_000;
const MAX_EDGES: i32 = 96_000_000;
const FIELD: u64 = 6;
/** Bit 5 of each of the ten 6-bit capacity fields. */
const GUARDS: u64 = guardBits();
function guardBits(): u64 {
  let g: u64 = 0;
  for (let s = 0; s < MAX_SEATS; s++) g |= <u64>1 << (<u64>s * FIELD + 5);
  return g;
}

// ---- the problem after preprocessing ----
export let nCards: i32 = 0;
export let nSeats: i32 = 0;
export let nCats: i32 = 0;
export let envOwner: i32 = 0;
export let tableOwner: i32 = 0;
/** Owners each card may still have (bit o). */
export const allowed = new StaticArray<u32>(MAX_CARDS);
/** Forced owner of a card, or -1 for a variable. Face-up cards: tableOwner. */
export const fixedOwner = new StaticArray<i32>(MAX_CARDS);
export const cardCategory = new StaticArray<i32>(MAX_CARDS);
/** The forced placements as deal masks (seats, envelope, table). */
export const baseMasks = new StaticArray<u32>(MAX_SEATS + 2);
const caps = new StaticArray<i32>(MAX_SEATS);

// ---- variables and constraints ----
export const order = new StaticArray<i32>(MAX_CARDS);
export let nVars: i32 = 0;
let nCons: i32 = 0;
const consCards = new StaticArray<u32>(MAX_CONSTRAINTS);
const consOwners = new StaticArray<u32>(MAX_CONSTRAINTS); // 0 marks a category constraint
const consBit = new StaticArray<u32>(MAX_CONSTRAINTS);
/** setBits[t * 12 + o]: active bits set by giving the card of layer t to owner o. */
const setBits = new StaticArray<u32>(MAX_CARDS * 12);
/** Bits of constraints that end at layer t: they must be set, then they are released. */
const closeMask = new StaticArray<u32>(MAX_CARDS);
/** Bit of the category constraint of layer t's card (its envelope slot), 0 if none. */
const envBitAt = new StaticArray<u32>(MAX_CARDS);
const firstAt = new StaticArray<i32>(MAX_CONSTRAINTS);
const lastAt = new StaticArray<i32>(MAX_CONSTRAINTS);
const posOf = new StaticArray<i32>(MAX_CARDS);
/** remaining[t]: per seat (6-bit fields), cards in layers >= t that the seat may hold. */
const remaining = new StaticArray<u64>(MAX_CARDS + 1);

// ---- the DAG ----
export let nodeCaps = new StaticArray<u64>(1024);
export let nodeBits = new StaticArray<u32>(1024);
/** Edges of node i are [edgeStart[i], edgeStart[i + 1]). */
export let edgeStart = new StaticArray<i32>(1025);
export let edgeChild = new StaticArray<i32>(4096);
export let edgeOwner = new StaticArray<u8>(4096);
export let fwd = new StaticArray<f64>(1024);
export let bwd = new StaticArray<f64>(1024);
export const layerStart = new StaticArray<i32>(MAX_CARDS + 2);
export let nNodes: i32 = 0;
export let nEdges: i32 = 0;
export let total: f64 = 0;
let table = new StaticArray<i32>(1024);
let tableShift: u64 = 54;

function grown<T>(a: StaticArray<T>, need: i32): StaticArray<T> {
  if (need <= a.length) return a;
  let n = a.length << 1;
  while (n < need) n <<= 1;
  const b = new StaticArray<T>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length * sizeof<T>());
  return b;
}

@inline function capOf(c: u64, s: i32): i32 {
  return <i32>((c >> (<u64>s * FIELD)) & 31);
}

/** Reads the store, places forced cards, simplifies clauses. */
function preprocess(): i32 {
  nCards = nCardsOf();
  nSeats = nSeatsOf();
  nCats = nCategoriesOf();
  envOwner = nSeats;
  tableOwner = nSeats + 1;
  const faceUp = faceUpOf();
  const allOwners: u32 = (<u32>1 << (nSeats + 1)) - 1;
  for (let o = 0; o < nSeats + 2; o++) unchecked(baseMasks[o] = 0);
  for (let s = 0; s < nSeats; s++) unchecked(caps[s] = handSize(s));
  for (let c = 0; c < nCards; c++) {
    unchecked(cardCategory[c] = -1);
    for (let g = 0; g < nCats; g++) if (categoryMask(g) & (<u32>1 << c)) unchecked(cardCategory[c] = g);
    unchecked(fixedOwner[c] = -1);
    if (faceUp & (<u32>1 << c)) {
      // A face-up card is on the table: no seat and not the envelope can hold it.
      for (let o = 0; o <= nSeats; o++) if (holdsOf(o) & (<u32>1 << c)) return INCONSISTENT;
      unchecked(allowed[c] = 0);
      unchecked(fixedOwner[c] = tableOwner);
      unchecked(baseMasks[tableOwner] |= <u32>1 << c);
      continue;
    }
    let a = allOwners;
    for (let o = 0; o <= nSeats; o++) {
      const bit = <u32>1 << c;
      if (lacksOf(o) & bit) a &= ~(<u32>1 << o);
      if (holdsOf(o) & bit) a &= <u32>1 << o;
    }
    if (unchecked(cardCategory[c]) < 0) a &= ~(<u32>1 << envOwner);
    unchecked(allowed[c] = a);
  }
  for (let s = 0; s < nSeats; s++) if (handSize(s) == 0) removeOwnerEverywhere(s, 0xffffffff);

  // Place every card with a single possible owner; a full seat or a filled envelope slot
  // removes that owner from the other cards, which may force more. Repeat until stable.
  let envFilled: u32 = 0;
  let changed = true;
  while (changed) {
    changed = false;
    for (let c = 0; c < nCards; c++) {
      if (unchecked(fixedOwner[c]) >= 0) continue;
      const a = unchecked(allowed[c]);
      if (a == 0) return INCONSISTENT;
      if (a & (a - 1)) continue;
      const o = <i32>ctz<u32>(a);
      unchecked(fixedOwner[c] = o);
      unchecked(baseMasks[o] |= <u32>1 << c);
      changed = true;
      if (o < nSeats) {
        const left = unchecked(caps[o]) - 1;
        unchecked(caps[o] = left);
        if (left < 0) return INCONSISTENT;
        if (left == 0) removeOwnerEverywhere(o, 0xffffffff);
      } else {
        const g = unchecked(cardCategory[c]);
        const gBit = <u32>1 << g;
        if (envFilled & gBit) return INCONSISTENT;
        envFilled |= gBit;
        removeOwnerEverywhere(envOwner, categoryMask(g));
      }
    }
  }

  // Variables, and the constraints over them.
  nVars = 0;
  nCons = 0;
  for (let c = 0; c < nCards; c++) if (unchecked(fixedOwner[c]) < 0) unchecked(order[nVars++] = c);
  for (let g = 0; g < nCats; g++) {
    if (envFilled & (<u32>1 << g)) continue;
    let m: u32 = 0;
    for (let i = 0; i < nVars; i++) {
      const c = unchecked(order[i]);
      if ((categoryMask(g) & (<u32>1 << c)) && (unchecked(allowed[c]) & (<u32>1 << envOwner))) m |= <u32>1 << c;
    }
    if (m == 0) return INCONSISTENT;
    addConstraint(m, 0);
  }
  const nClauses = nClausesOf();
  for (let k = 0; k < nClauses; k++) {
    const cards = clauseCards(k);
    const owners = clauseOwners(k);
    let open: u32 = 0;
    let satisfied = false;
    for (let c = 0; c < nCards; c++) {
      if (!(cards & (<u32>1 << c))) continue;
      const f = unchecked(fixedOwner[c]);
      if (f >= 0) {
        if (owners & (<u32>1 << f)) satisfied = true;
      } else if (unchecked(allowed[c]) & owners) {
        open |= <u32>1 << c;
      }
    }
    if (satisfied) continue;
    if (open == 0) return INCONSISTENT;
    addConstraint(open, owners);
  }
  // Capacities must be fillable at all.
  for (let s = 0; s < nSeats; s++) {
    let can = 0;
    for (let i = 0; i < nVars; i++) if (unchecked(allowed[unchecked(order[i])]) & (<u32>1 << s)) can++;
    if (can < unchecked(caps[s])) return INCONSISTENT;
  }
  return OK;
}

function removeOwnerEverywhere(o: i32, cards: u32): void {
  const bit = <u32>1 << o;
  for (let c = 0; c < nCards; c++) {
    if (unchecked(fixedOwner[c]) < 0 && (cards & (<u32>1 << c))) unchecked(allowed[c] &= ~bit);
  }
}

function addConstraint(cards: u32, owners: u32): void {
  if (nCons >= MAX_CONSTRAINTS) return; // unreachable: clauses are capped by the store
  unchecked(consCards[nCons] = cards);
  unchecked(consOwners[nCons] = owners);
  nCons++;
}

/**
 * Orders the variables so that few constraints are active at once (each active constraint
 * doubles the state space): greedily take the card that leaves the fewest constraints open,
 * preferring cards that finish constraints and cards with few possible owners.
 */
function chooseOrder(): void {
  let done: u32 = 0;
  for (let pos = 0; pos < nVars; pos++) {
    let best = pos;
    let bestScore: i32 = i32.MAX_VALUE;
    for (let i = pos; i < nVars; i++) {
      const c = unchecked(order[i]);
      const d2 = done | (<u32>1 << c);
      let active = 0;
      let closing = 0;
      for (let k = 0; k < nCons; k++) {
        const m = unchecked(consCards[k]);
        const t = m & d2;
        if (t == m) { if (m & (<u32>1 << c)) closing++; }
        else if (t != 0) active++;
      }
      const score = active * 1000 - closing * 10 + <i32>popcnt<u32>(unchecked(allowed[c]));
      if (score < bestScore) { bestScore = score; best = i; }
    }
    const tmp = unchecked(order[pos]);
    unchecked(order[pos] = order[best]);
    unchecked(order[best] = tmp);
    done |= <u32>1 << unchecked(order[pos]);
  }
}

/** Gives each constraint a state bit for its lifetime in the order. False if more than 32 overlap. */
function assignBits(): bool {
  let free: u32 = 0xffffffff;
  for (let t = 0; t < nVars; t++) {
    unchecked(closeMask[t] = 0);
    unchecked(envBitAt[t] = 0);
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
  }
  for (let t = 0; t < nVars; t++) {
    for (let k = 0; k < nCons; k++) {
      if (unchecked(firstAt[k]) != t) continue;
      if (free == 0) return false;
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
    for (let k = 0; k < nCons; k++) {
      if (unchecked(lastAt[k]) != t) continue;
      unchecked(closeMask[t] |= consBit[k]);
      free |= unchecked(consBit[k]);
    }
  }
  return true;
}

function computeRemaining(): void {
  const count = new StaticArray<i32>(MAX_SEATS);
  unchecked(remaining[nVars] = 0);
  for (let t = nVars - 1; t >= 0; t--) {
    const a = unchecked(allowed[order[t]]);
    let packed: u64 = 0;
    for (let s = 0; s < nSeats; s++) {
      if (a & (<u32>1 << s)) unchecked(count[s] = count[s] + 1);
      // Clamped to 31 so a field never reaches its guard bit; capacities are at most 31 anyway.
      packed |= <u64>min(unchecked(count[s]), 31) << (<u64>s * FIELD);
    }
    unchecked(remaining[t] = packed);
  }
}

@inline function hashOf(c: u64, b: u32): u64 {
  return ((c ^ (<u64>b * 0x9e3779b97f4a7c15)) * 0xff51afd7ed558ccd) >> tableShift;
}

function prepareTable(expected: i32): void {
  let size = 64;
  let shift: u64 = 58;
  while (size < expected * 2) { size <<= 1; shift--; }
  if (table.length < size) table = new StaticArray<i32>(size);
  tableShift = shift;
  memory.fill(changetype<usize>(table), 0xff, <usize>size << 2);
}

/** Index of the node (c, b), appending it to the current layer if new; -1 past the node budget. */
@inline function nodeFor(c: u64, b: u32): i32 {
  const mask = (<u64>1 << (64 - tableShift)) - 1;
  let h = hashOf(c, b);
  while (true) {
    const j = unchecked(table[<i32>h]);
    if (j < 0) break;
    if (unchecked(nodeCaps[j]) == c && unchecked(nodeBits[j]) == b) return j;
    h = (h + 1) & mask;
  }
  if (nNodes >= MAX_NODES) return -1;
  const n = nNodes++;
  if (n >= nodeCaps.length) {
    nodeCaps = grown<u64>(nodeCaps, n + 1);
    nodeBits = grown<u32>(nodeBits, n + 1);
  }
  unchecked(nodeCaps[n] = c);
  unchecked(nodeBits[n] = b);
  unchecked(table[<i32>h] = n);
  return n;
}

/** Builds the DAG for the store and counts the consistent deals. Returns OK, INCONSISTENT or TOO_LARGE. */
export function build(): i32 {
  total = 0;
  nNodes = 0;
  nEdges = 0;
  const pre = preprocess();
  if (pre != OK) { layerStart[0] = 0; layerStart[1] = 0; nVars = 0; return pre; }
  chooseOrder();
  if (!assignBits()) return TOO_LARGE;
  computeRemaining();

  let caps0: u64 = 0;
  for (let s = 0; s < nSeats; s++) caps0 |= <u64>unchecked(caps[s]) << (<u64>s * FIELD);
  prepareTable(1);
  nodeFor(caps0, 0);
  unchecked(layerStart[0] = 0);
  for (let t = 0; t < nVars; t++) {
    const from = unchecked(layerStart[t]);
    const to = nNodes;
    unchecked(layerStart[t + 1] = to);
    const c = unchecked(order[t]);
    const a = unchecked(allowed[c]);
    const owners = <i32>popcnt<u32>(a);
    prepareTable((to - from) * owners);
    const close = unchecked(closeMask[t]);
    const envBit = unchecked(envBitAt[t]);
    const rem = unchecked(remaining[t + 1]) | GUARDS;
    const base = t * 12;
    if (<i64>nEdges + <i64>(to - from) * owners > MAX_EDGES) return TOO_LARGE;
    edgeChild = grown<i32>(edgeChild, nEdges + (to - from) * owners);
    edgeOwner = grown<u8>(edgeOwner, nEdges + (to - from) * owners);
    edgeStart = grown<i32>(edgeStart, to + 1);
    for (let i = from; i < to; i++) {
      unchecked(edgeStart[i] = nEdges);
      const ci = unchecked(nodeCaps[i]);
      const bi = unchecked(nodeBits[i]);
      let left = a;
      while (left) {
        const o = <i32>ctz<u32>(left);
        left &= left - 1;
        let nc = ci;
        if (o < nSeats) {
          const one = <u64>1 << (<u64>o * FIELD);
          if (((ci >> (<u64>o * FIELD)) & 31) == 0) continue;
          nc = ci - one;
        } else if (bi & envBit) {
          continue; // this category's envelope card is already chosen
        }
        let nb = bi | unchecked(setBits[base + o]);
        if ((nb & close) != close) continue;
        nb &= ~close;
        // Every seat must still be able to fill its hand from the cards after this layer.
        if (((rem - nc) & GUARDS) != GUARDS) continue;
        const j = nodeFor(nc, nb);
        if (j < 0) return TOO_LARGE;
        unchecked(edgeChild[nEdges] = j);
        unchecked(edgeOwner[nEdges] = <u8>o);
        nEdges++;
      }
    }
  }
  unchecked(layerStart[nVars + 1] = nNodes);
  edgeStart = grown<i32>(edgeStart, nNodes + 1);
  for (let i = unchecked(layerStart[nVars]); i <= nNodes; i++) unchecked(edgeStart[i] = nEdges);
  fwd = grown<f64>(fwd, nNodes);
  bwd = grown<f64>(bwd, nNodes);
  countBackward(bwd, null);
  countForward(fwd, null);
  total = nNodes > 0 ? unchecked(bwd[0]) : 0;
  return total > 0 ? OK : INCONSISTENT;
}

/**
 * Backward counts: out[i] = number of completions from node i. `masks` (per layer, optional)
 * restricts the owners an edge may take; null means every edge.
 */
export function countBackward(out: StaticArray<f64>, masks: StaticArray<u32> | null): void {
  const last = unchecked(layerStart[nVars]);
  for (let i = last; i < nNodes; i++) {
    unchecked(out[i] = unchecked(nodeCaps[i]) == 0 && unchecked(nodeBits[i]) == 0 ? 1.0 : 0.0);
  }
  for (let t = nVars - 1; t >= 0; t--) {
    const m: u32 = masks === null ? 0xffffffff : unchecked(masks[t]);
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = to - 1; i >= from; i--) {
      let s: f64 = 0;
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        if (m & (<u32>1 << unchecked(edgeOwner[e]))) s += unchecked(out[edgeChild[e]]);
      }
      unchecked(out[i] = s);
    }
  }
}

/** Forward counts: out[i] = number of partial deals from the root to node i. */
export function countForward(out: StaticArray<f64>, masks: StaticArray<u32> | null): void {
  memory.fill(changetype<usize>(out), 0, <usize>nNodes << 3);
  if (nNodes == 0) return;
  unchecked(out[0] = 1);
  for (let t = 0; t < nVars; t++) {
    const m: u32 = masks === null ? 0xffffffff : unchecked(masks[t]);
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = from; i < to; i++) {
      const f = unchecked(out[i]);
      if (f == 0) continue;
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        if (m & (<u32>1 << unchecked(edgeOwner[e]))) unchecked(out[edgeChild[e]] += f);
      }
    }
  }
}
