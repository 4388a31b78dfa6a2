// The deal DAG: a card-by-card dynamic programme over the consistent deals, one per position.
//
// Cards whose owner is forced are placed up front. The others ("variables") are decided one at a
// time in a chosen order; a node of layer t is a state after deciding the first t variables:
//   caps  — each seat's remaining hand capacity, 6 bits per seat (bit 5 of a field is a guard bit
//           for the word-parallel capacity test below);
//   bits  — one bit per *active* constraint (started but not finished in the order): an
//           at-least-one clause already satisfied, or a category whose envelope card is chosen.
// An edge is one owner for the layer's card. Every root-to-terminal path is exactly one
// consistent deal, so path counting gives exact counts, forward x backward counts give every
// marginal, and walking down by backward counts samples deals exactly uniformly. A position keeps
// its backward counts; forward counts are computed when marginals are asked for. With response
// factors (addResponseFactor) the edges carry weights and every count becomes a sum of path weights.
//
// Several positions live at once (see Position): the build works on module globals, which then
// belong to the new position; selecting a position points the globals (and the store readers) at
// its arrays, so the hot loops elsewhere read plain globals.
import { INCONSISTENT, MAX_CARDS, MAX_CLAUSES, MAX_SEATS, OK, TOO_LARGE } from './layout';
import { STORE, categoryMask, clauseCards, clauseOwners, faceUpOf, handSize, holdsOf, lacksOf, nCardsOf, nCategoriesOf, nClausesOf, nSeatsOf, storeWords, useStore } from './store';

/** Response factors a build may take (one per card the observer was shown). */
export const MAX_FACTORS: i32 = 256;
const MAX_CONSTRAINTS: i32 = MAX_CLAUSES + MAX_CARDS + MAX_FACTORS;
/** Node and edge budgets of one DAG (about 80 bytes a node with its edges): the host may lower them. */
export let maxNodes: i32 = 8_000_000;
export let maxEdges: i32 = 64_000_000;
const FIELD: u64 = 6;
const EXACT_LIMIT: f64 = 9007199254740992.0; // 2^53
/** Bit 5 of each of the ten 6-bit capacity fields. */
const GUARDS: u64 = guardBits();
function guardBits(): u64 {
  let g: u64 = 0;
  for (let s = 0; s < MAX_SEATS; s++) g |= <u64>1 << (<u64>s * FIELD + 5);
  return g;
}

// ---- response factors: the likelihood of what the observer was shown ----
// A factor (cards, owner, w) multiplies a deal's weight by w[n], n the number of `cards` (at most
// two) that `owner` holds. The host adds them before build(); the build takes them and clears them.
let nFactors: i32 = 0;
const factorCards = new StaticArray<u32>(MAX_FACTORS);
const factorOwner = new StaticArray<i32>(MAX_FACTORS);
const factorWeights = new StaticArray<f64>(MAX_FACTORS * 3);

/** Adds a factor for the next build; false when MAX_FACTORS are there or `cards` has more than two cards. */
export function addResponseFactor(cards: u32, owner: i32, w0: f64, w1: f64, w2: f64): bool {
  if (nFactors >= MAX_FACTORS || popcnt<u32>(cards) > 2) return false;
  unchecked(factorCards[nFactors] = cards);
  unchecked(factorOwner[nFactors] = owner);
  unchecked(factorWeights[nFactors * 3] = w0);
  unchecked(factorWeights[nFactors * 3 + 1] = w1);
  unchecked(factorWeights[nFactors * 3 + 2] = w2);
  nFactors++;
  return true;
}

export function setBudget(nodes: i32, edges: i32): void {
  maxNodes = nodes;
  maxEdges = edges;
}

/** One position: its store, the problem after preprocessing, its DAG and cached answers. */
export class Position {
  status: i32 = OK;
  store: StaticArray<u32>;
  nCards: i32 = 0;
  nSeats: i32 = 0;
  nCats: i32 = 0;
  allowed: StaticArray<u32> = new StaticArray<u32>(MAX_CARDS);
  fixedOwner: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS);
  cardCategory: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS);
  baseMasks: StaticArray<u32> = new StaticArray<u32>(MAX_SEATS + 2);
  order: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS);
  nVars: i32 = 0;
  layerStart: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS + 2);
  edgeStart: StaticArray<i32> = new StaticArray<i32>(0);
  edgeChild: StaticArray<i32> = new StaticArray<i32>(0);
  edgeOwner: StaticArray<u8> = new StaticArray<u8>(0);
  /** Per edge, its factor of the deal's likelihood (null: every deal weighs 1; see addResponseFactor). */
  edgeWeight: StaticArray<f64> | null = null;
  /** The likelihood factors no card decides (those of fixed cards only). */
  scale: f64 = 1;
  /** Unweighted number of consistent deals (a double); `total` is the weighted one. */
  count: f64 = 0;
  bwd: StaticArray<f64> = new StaticArray<f64>(0);
  /** Backward counts as exact 128-bit integers (lo, hi per node), kept only past 2^53 deals. */
  bwdExact: StaticArray<u64> | null = null;
  nNodes: i32 = 0;
  nEdges: i32 = 0;
  terminal: i32 = -1;
  total: f64 = 0;
  totalLo: u64 = 0;
  totalHi: u64 = 0;
  /** Upper bound on the DAG's nodes, computed before building. */
  estimatedNodes: f64 = 0;
  /**
   * A position conditioned on placements shares its parent's DAG and restricts its edges: per
   * card, the owners it may still have (null when unconditioned), and the same per layer.
   */
  cardMask: StaticArray<u32> | null = null;
  layerMask: StaticArray<u32> | null = null;
  ownerCounts: StaticArray<f64> | null = null;
  envelopeCounts: StaticArray<f64> | null = null;

  constructor(words: i32) {
    this.store = new StaticArray<u32>(words);
  }
}

// ---- the selected position, as globals for the hot loops ----
export let current: Position = new Position(0);
export let nCards: i32 = 0;
export let nSeats: i32 = 0;
export let nCats: i32 = 0;
export let envOwner: i32 = 0;
export let tableOwner: i32 = 0;
/** Owners each card may still have (bit o). */
export let allowed = new StaticArray<u32>(MAX_CARDS);
/** Forced owner of a card, or -1 for a variable. Face-up cards: tableOwner. */
export let fixedOwner = new StaticArray<i32>(MAX_CARDS);
export let cardCategory = new StaticArray<i32>(MAX_CARDS);
/** The forced placements as deal masks (seats, envelope, table). */
export let baseMasks = new StaticArray<u32>(MAX_SEATS + 2);
export let order = new StaticArray<i32>(MAX_CARDS);
export let nVars: i32 = 0;
export let layerStart = new StaticArray<i32>(MAX_CARDS + 2);
/** Edges of node i are [edgeStart[i], edgeStart[i + 1]). */
export let edgeStart = new StaticArray<i32>(0);
export let edgeChild = new StaticArray<i32>(0);
export let edgeOwner = new StaticArray<u8>(0);
/** The selected position's edge weights, or null when unweighted: every pass over edges multiplies by them. */
export let edgeWeight: StaticArray<f64> | null = null;
export let bwd = new StaticArray<f64>(0);
export let bwdExact: StaticArray<u64> | null = null;
/** The selected position's owners allowed per layer, or null: every pass over edges honours it. */
export let positionMask: StaticArray<u32> | null = null;
export let nNodes: i32 = 0;
export let nEdges: i32 = 0;
export let total: f64 = 0;
let terminal: i32 = -1;

/** Makes `p` the position every reader works on (its store included). */
export function select(p: Position): void {
  current = p;
  useStore(changetype<usize>(p.store));
  nCards = p.nCards;
  nSeats = p.nSeats;
  nCats = p.nCats;
  envOwner = p.nSeats;
  tableOwner = p.nSeats + 1;
  allowed = p.allowed;
  fixedOwner = p.fixedOwner;
  cardCategory = p.cardCategory;
  baseMasks = p.baseMasks;
  order = p.order;
  nVars = p.nVars;
  layerStart = p.layerStart;
  edgeStart = p.edgeStart;
  edgeChild = p.edgeChild;
  edgeOwner = p.edgeOwner;
  edgeWeight = p.edgeWeight;
  bwd = p.bwd;
  bwdExact = p.bwdExact;
  positionMask = p.layerMask;
  nNodes = p.nNodes;
  nEdges = p.nEdges;
  total = p.total;
  terminal = p.terminal;
}

/** Stores the globals of a finished build into `p`. */
function capture(p: Position): void {
  p.nCards = nCards;
  p.nSeats = nSeats;
  p.nCats = nCats;
  p.nVars = nVars;
  p.edgeStart = edgeStart;
  p.edgeChild = edgeChild;
  p.edgeOwner = edgeOwner;
  p.edgeWeight = edgeWeight;
  p.bwd = bwd;
  p.bwdExact = bwdExact;
  p.nNodes = nNodes;
  p.nEdges = nEdges;
  p.total = total;
  p.terminal = terminal;
}

// ---- scratch shared by every build ----
const caps = new StaticArray<i32>(MAX_SEATS);
let nCons: i32 = 0;
const consCards = new StaticArray<u32>(MAX_CONSTRAINTS);
const consOwners = new StaticArray<u32>(MAX_CONSTRAINTS); // 0 marks a category constraint
const consBit = new StaticArray<u32>(MAX_CONSTRAINTS);
/** Soft constraints (response factors): their index into softWeights, -1 for a hard one. */
const consSoft = new StaticArray<i32>(MAX_CONSTRAINTS);
/** Per soft constraint, its factor when its owner holds 0, 1 or 2 of its cards. */
const softWeights = new StaticArray<f64>(MAX_FACTORS * 3);
let nSoft: i32 = 0;
/** Soft constraints closing at layer t: softList[softAt[t] .. softAt[t + 1]). */
const softAt = new StaticArray<i32>(MAX_CARDS + 1);
const softList = new StaticArray<i32>(MAX_FACTORS);
/** Bits of the soft constraints that end at layer t: released whatever their value, which picks the edge's weight. */
const softClose = new StaticArray<u32>(MAX_CARDS);
/** The likelihood factors of the build that no card decides. */
let buildScale: f64 = 1;
/** setBits[t * 12 + o]: active bits set by giving the card of layer t to owner o. */
const setBits = new StaticArray<u32>(MAX_CARDS * 12);
/** Bits of constraints that end at layer t: they must be set, then they are released. */
const closeMask = new StaticArray<u32>(MAX_CARDS);
/** Bit of the category constraint of layer t's card (its envelope slot), 0 if none. */
const envBitAt = new StaticArray<u32>(MAX_CARDS);
/** Constraints still open after layer t. */
const activeAfter = new StaticArray<i32>(MAX_CARDS);
const firstAt = new StaticArray<i32>(MAX_CONSTRAINTS);
const lastAt = new StaticArray<i32>(MAX_CONSTRAINTS);
const posOf = new StaticArray<i32>(MAX_CARDS);
/** remaining[t]: per seat (6-bit fields), cards in layers >= t that the seat may hold. */
const remaining = new StaticArray<u64>(MAX_CARDS + 1);
let nodeCaps = new StaticArray<u64>(1024);
let nodeBits = new StaticArray<u32>(1024);
// The edges while building, reused by every build; a position keeps exact-size copies, or the
// arrays themselves past LARGE_EDGES edges.
const LARGE_EDGES: i32 = 1 << 22;
let buildEdgeStart = new StaticArray<i32>(1024);
let buildEdgeChild = new StaticArray<i32>(4096);
let buildEdgeOwner = new StaticArray<u8>(4096);
let buildEdgeWeight = new StaticArray<f64>(4096);
let table = new StaticArray<i32>(1024);
let tableShift: u64 = 54;

function grown<T>(a: StaticArray<T>, need: i32): StaticArray<T> {
  if (need <= a.length) return a;
  let n = max(a.length << 1, 1024);
  while (n < need) n <<= 1;
  const b = new StaticArray<T>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length * sizeof<T>());
  return b;
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
  addSoftConstraints();
  // Capacities must be fillable at all.
  for (let s = 0; s < nSeats; s++) {
    let can = 0;
    for (let i = 0; i < nVars; i++) if (unchecked(allowed[unchecked(order[i])]) & (<u32>1 << s)) can++;
    if (can < unchecked(caps[s])) return INCONSISTENT;
  }
  return OK;
}

/**
 * The response factors as soft constraints over their undecided cards (a state bit: does the
 * owner hold the first of them); the cards already placed fold into the weights, a factor with
 * none left into the position's scale.
 */
function addSoftConstraints(): void {
  nSoft = 0;
  buildScale = 1;
  for (let f = 0; f < nFactors; f++) {
    const owner = unchecked(factorOwner[f]);
    const bit = <u32>1 << owner;
    let held = 0;
    let open: u32 = 0;
    let cards = unchecked(factorCards[f]);
    while (cards) {
      const c = <i32>ctz<u32>(cards);
      cards &= cards - 1;
      const fixed = unchecked(fixedOwner[c]);
      if (fixed >= 0) { if (fixed == owner) held++; }
      else if (unchecked(allowed[c]) & bit) open |= <u32>1 << c;
    }
    if (open == 0) {
      buildScale *= unchecked(factorWeights[f * 3 + held]);
      continue;
    }
    for (let n = 0; n < 3; n++) unchecked(softWeights[nSoft * 3 + n] = held + n < 3 ? unchecked(factorWeights[f * 3 + held + n]) : 0);
    unchecked(consCards[nCons] = open);
    unchecked(consOwners[nCons] = bit);
    unchecked(consSoft[nCons] = nSoft);
    nSoft++;
    nCons++;
  }
}

function removeOwnerEverywhere(o: i32, cards: u32): void {
  const bit = <u32>1 << o;
  for (let c = 0; c < nCards; c++) {
    if (unchecked(fixedOwner[c]) < 0 && (cards & (<u32>1 << c))) unchecked(allowed[c] &= ~bit);
  }
}

/** Adds a constraint unless an identical or stronger one is there (a clause over fewer cards and owners). */
function addConstraint(cards: u32, owners: u32): void {
  for (let k = 0; k < nCons; k++) {
    const kc = unchecked(consCards[k]);
    const ko = unchecked(consOwners[k]);
    if (owners == 0 || ko == 0) continue;
    if ((kc & ~cards) == 0 && (ko & ~owners) == 0) return; // k implies the new one
    if ((cards & ~kc) == 0 && (owners & ~ko) == 0) {
      // the new one implies k: it takes k's place
      unchecked(consCards[k] = cards);
      unchecked(consOwners[k] = owners);
      return;
    }
  }
  if (nCons >= MAX_CONSTRAINTS) return; // unreachable: clauses are capped by the store
  unchecked(consCards[nCons] = cards);
  unchecked(consOwners[nCons] = owners);
  unchecked(consSoft[nCons] = -1);
  nCons++;
}

// ---- the variable order ----

/** log2(1..33) in thousandths: a seat's capacity range in the state-count estimate. */
const LOG2_MILLI = new StaticArray<i32>(34);
for (let i = 1; i < 34; i++) unchecked(LOG2_MILLI[i] = <i32>Math.round(Math.log2(<f64>i) * 1000));
const seatSeen = new StaticArray<i32>(MAX_SEATS);
const seatTotal = new StaticArray<i32>(MAX_SEATS);

/** How many values a seat's remaining capacity can take once `seen` of its `all` candidate cards are decided. */
@inline function capacityRange(s: i32, seen: i32, all: i32): i32 {
  const cap = unchecked(caps[s]);
  const lo = max(0, cap - seen);
  const hi = min(cap, all - seen);
  return hi >= lo ? hi - lo + 1 : 1;
}

/**
 * Orders the variables so that the layers stay narrow. A layer's width is at most the product of
 * the open seats' capacity ranges times 2^(open constraints); greedily take the card that keeps
 * the log of that bound smallest, preferring cards that finish constraints and cards with few
 * possible owners.
 */
function chooseOrder(): void {
  for (let s = 0; s < nSeats; s++) {
    unchecked(seatSeen[s] = 0);
    let n = 0;
    for (let i = 0; i < nVars; i++) if (unchecked(allowed[unchecked(order[i])]) & (<u32>1 << s)) n++;
    unchecked(seatTotal[s] = n);
  }
  let done: u32 = 0;
  for (let pos = 0; pos < nVars; pos++) {
    let best = pos;
    let bestScore: i64 = i64.MAX_VALUE;
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
      // Change of the seats' log-range sum if c is decided next.
      let seats = 0;
      let a = unchecked(allowed[c]) & ((<u32>1 << nSeats) - 1);
      while (a) {
        const s = <i32>ctz<u32>(a);
        a &= a - 1;
        const seen = unchecked(seatSeen[s]);
        const all = unchecked(seatTotal[s]);
        seats += unchecked(LOG2_MILLI[capacityRange(s, seen + 1, all)]) - unchecked(LOG2_MILLI[capacityRange(s, seen, all)]);
      }
      const score = (<i64>active * 1000 + <i64>seats) * 1000 - <i64>closing * 10 + <i64>popcnt<u32>(unchecked(allowed[c]));
      if (score < bestScore) { bestScore = score; best = i; }
    }
    const tmp = unchecked(order[pos]);
    unchecked(order[pos] = order[best]);
    unchecked(order[best] = tmp);
    const chosen = unchecked(order[pos]);
    done |= <u32>1 << chosen;
    let a = unchecked(allowed[chosen]) & ((<u32>1 << nSeats) - 1);
    while (a) {
      const s = <i32>ctz<u32>(a);
      a &= a - 1;
      unchecked(seatSeen[s] += 1);
    }
  }
}

/** Gives each constraint a state bit for its lifetime in the order. False if more than 32 overlap. */
function assignBits(): bool {
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
  for (let t = 0; t < nVars; t++) if (unchecked(activeAfter[t]) > 32) return false;
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

// ---- the size estimate ----
const sumWays = new StaticArray<f64>(MAX_CARDS + 2);
const sumNext = new StaticArray<f64>(MAX_CARDS + 2);
/** Active single-owner clauses per seat at the current layer. */
const seatClauses = new StaticArray<i32>(MAX_SEATS);
/** choose[n * 33 + k] = C(n, k) for n, k ≤ 32. */
const choose = new StaticArray<f64>(33 * 33);
for (let n = 0; n <= 32; n++) {
  unchecked(choose[n * 33] = 1);
  for (let k = 1; k <= n; k++) unchecked(choose[n * 33 + k] = unchecked(choose[(n - 1) * 33 + k - 1]) + (k <= n - 1 ? unchecked(choose[(n - 1) * 33 + k]) : 0));
}

/** A quick upper bound: every layer at most all capacity vectors times 2^(most constraints open at once). */
function crudeBound(): f64 {
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
/** Open clauses of one seat: their cards. */
const seatClauseCards = new StaticArray<u32>(16);
const MAX_PATTERN_BITS = 12;
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
    if (k < 16) unchecked(seatClauseCards[k] = unchecked(consCards[j]));
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
function estimateNodes(): f64 {
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
      const all = unchecked(seatTotal[s]);
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

// ---- building ----

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
  if (nNodes >= maxNodes) return -1;
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

/** Gives the globals fresh arrays: the previous ones belong to the previous position. */
function freshGlobals(p: Position): void {
  allowed = p.allowed;
  fixedOwner = p.fixedOwner;
  cardCategory = p.cardCategory;
  baseMasks = p.baseMasks;
  order = p.order;
  layerStart = p.layerStart;
  edgeStart = buildEdgeStart;
  edgeChild = buildEdgeChild;
  edgeOwner = buildEdgeOwner;
  edgeWeight = null;
  nSoft = 0;
  buildScale = 1;
  bwd = new StaticArray<f64>(0);
  bwdExact = null;
  positionMask = null;
  total = 0;
  nNodes = 0;
  nEdges = 0;
  nVars = 0;
  terminal = -1;
  unchecked(layerStart[0] = 0);
  unchecked(layerStart[1] = 0);
}

/**
 * A new position for the store in the input area: copies the store, preprocesses, orders the
 * cards, estimates the DAG's size, and builds and counts it unless it would exceed the budget.
 * The position's status is OK, INCONSISTENT (no deal) or TOO_LARGE (no DAG; its store remains).
 */
export function build(): Position {
  const words = storeWords(STORE);
  const p = new Position(words);
  memory.copy(changetype<usize>(p.store), STORE, <usize>words << 2);
  useStore(changetype<usize>(p.store));
  freshGlobals(p);
  p.status = buildDag(p);
  nFactors = 0;
  p.scale = buildScale;
  if (nEdges <= LARGE_EDGES) {
    // Keep the grown scratch for the next build; give the position exact-size copies.
    buildEdgeStart = edgeStart;
    buildEdgeChild = edgeChild;
    buildEdgeOwner = edgeOwner;
    edgeStart = copied<i32>(edgeStart, nNodes + 1);
    edgeChild = copied<i32>(edgeChild, nEdges);
    edgeOwner = copied<u8>(edgeOwner, nEdges);
    const w = edgeWeight;
    if (w !== null) {
      buildEdgeWeight = w;
      edgeWeight = copied<f64>(w, nEdges);
    }
  } else {
    // A large DAG keeps the scratch itself (a copy would double the peak memory); a failed one
    // keeps nothing.
    buildEdgeStart = new StaticArray<i32>(1024);
    buildEdgeChild = new StaticArray<i32>(4096);
    buildEdgeOwner = new StaticArray<u8>(4096);
    buildEdgeWeight = new StaticArray<f64>(4096);
    if (p.status == TOO_LARGE) {
      edgeStart = new StaticArray<i32>(0);
      edgeChild = new StaticArray<i32>(0);
      edgeOwner = new StaticArray<u8>(0);
      edgeWeight = null;
      nNodes = 0;
      nEdges = 0;
    }
    releaseNodeScratch();
  }
  capture(p);
  select(p);
  return p;
}

/** Lets the node scratch of a large build go, so that what comes next can reuse its memory. */
function releaseNodeScratch(): void {
  if (nodeCaps.length <= 1024) return;
  nodeCaps = new StaticArray<u64>(1024);
  nodeBits = new StaticArray<u32>(1024);
  table = new StaticArray<i32>(1024);
  __collect();
}

function copied<T>(a: StaticArray<T>, n: i32): StaticArray<T> {
  const b = new StaticArray<T>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>n * sizeof<T>());
  return b;
}

/**
 * A position conditioned on placements, for the store in the input area (the parent's store with
 * the new facts): every card c keeps only the owners in owners[c] (u32 masks at `owners`). It
 * shares the parent's DAG, restricting its edges, and counts it again: no build.
 */
export function derive(parent: Position, owners: usize): Position {
  const words = storeWords(STORE);
  const p = new Position(words);
  memory.copy(changetype<usize>(p.store), STORE, <usize>words << 2);
  p.status = parent.status;
  p.nCards = parent.nCards;
  p.nSeats = parent.nSeats;
  p.nCats = parent.nCats;
  p.allowed = parent.allowed;
  p.fixedOwner = parent.fixedOwner;
  p.cardCategory = parent.cardCategory;
  p.baseMasks = parent.baseMasks;
  p.order = parent.order;
  p.nVars = parent.nVars;
  p.layerStart = parent.layerStart;
  p.edgeStart = parent.edgeStart;
  p.edgeChild = parent.edgeChild;
  p.edgeOwner = parent.edgeOwner;
  p.edgeWeight = parent.edgeWeight;
  p.scale = parent.scale;
  p.nNodes = parent.nNodes;
  p.nEdges = parent.nEdges;
  p.terminal = parent.terminal;
  p.estimatedNodes = parent.estimatedNodes;
  const cardMask = new StaticArray<u32>(MAX_CARDS);
  const layerMask = new StaticArray<u32>(MAX_CARDS);
  const inherited = parent.cardMask;
  let ok = true;
  for (let c = 0; c < p.nCards; c++) {
    const m = (inherited === null ? 0xffffffff : unchecked(inherited[c])) & load<u32>(owners + (<usize>c << 2));
    unchecked(cardMask[c] = m);
    const f = unchecked(p.fixedOwner[c]);
    if (f >= 0 && !(m & (<u32>1 << f))) ok = false;
  }
  for (let t = 0; t < p.nVars; t++) unchecked(layerMask[t] = unchecked(cardMask[unchecked(p.order[t])]));
  p.cardMask = cardMask;
  p.layerMask = layerMask;
  p.bwd = new StaticArray<f64>(p.nNodes);
  select(p);
  if (ok && p.status == OK) countBoth(p);
  if (p.count >= EXACT_LIMIT) {
    const exact = new StaticArray<u64>(p.nNodes * 2);
    countBackwardExact(exact);
    p.bwdExact = exact;
    p.totalLo = unchecked(exact[0]);
    p.totalHi = unchecked(exact[1]);
  } else {
    p.totalLo = <u64>p.count;
  }
  if (p.status == OK && p.count == 0) p.status = INCONSISTENT;
  select(p);
  return p;
}

function buildDag(p: Position): i32 {
  const pre = preprocess();
  p.nCards = nCards;
  p.nSeats = nSeats;
  p.nCats = nCats;
  if (pre != OK) { nVars = 0; return pre; }
  chooseOrder();
  if (!assignBits()) { p.estimatedNodes = Infinity; return TOO_LARGE; }
  p.estimatedNodes = crudeBound();
  if (p.estimatedNodes > <f64>maxNodes) p.estimatedNodes = estimateNodes();
  if (p.estimatedNodes == 0) return INCONSISTENT;
  // The estimate is an upper bound, loose by up to two orders of magnitude once many clauses are
  // open: a build starts unless even that much slack cannot bring it within the budget, and a
  // build that outgrows the budget stops there.
  if (p.estimatedNodes > <f64>maxNodes * 64) return TOO_LARGE;
  computeRemaining();

  let caps0: u64 = 0;
  for (let s = 0; s < nSeats; s++) caps0 |= <u64>unchecked(caps[s]) << (<u64>s * FIELD);
  const weighted = nSoft > 0;
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
    if (<i64>nEdges + <i64>(to - from) * owners > <i64>maxEdges) return TOO_LARGE;
    edgeChild = grown<i32>(edgeChild, nEdges + (to - from) * owners);
    edgeOwner = grown<u8>(edgeOwner, nEdges + (to - from) * owners);
    if (weighted) buildEdgeWeight = grown<f64>(buildEdgeWeight, nEdges + (to - from) * owners);
    const soft = unchecked(softClose[t]);
    const soft0 = unchecked(softAt[t]);
    const soft1 = unchecked(softAt[t + 1]);
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
        nb &= ~(close | soft);
        // Every seat must still be able to fill its hand from the cards after this layer.
        if (((rem - nc) & GUARDS) != GUARDS) continue;
        const j = nodeFor(nc, nb);
        if (j < 0) return TOO_LARGE;
        unchecked(edgeChild[nEdges] = j);
        unchecked(edgeOwner[nEdges] = <u8>o);
        if (weighted) {
          // A closing factor: its owner held the earlier of its cards (the bit) and/or this one.
          let w: f64 = 1;
          for (let q = soft0; q < soft1; q++) {
            const k = unchecked(softList[q]);
            const held = ((bi & unchecked(consBit[k])) != 0 ? 1 : 0) + ((unchecked(consOwners[k]) >> o) & 1);
            w *= unchecked(softWeights[unchecked(consSoft[k]) * 3 + held]);
          }
          unchecked(buildEdgeWeight[nEdges] = w);
        }
        nEdges++;
      }
    }
  }
  unchecked(layerStart[nVars + 1] = nNodes);
  edgeStart = grown<i32>(edgeStart, nNodes + 1);
  for (let i = unchecked(layerStart[nVars]); i <= nNodes; i++) unchecked(edgeStart[i] = nEdges);
  // The one complete state: every hand full, no constraint pending.
  for (let i = unchecked(layerStart[nVars]); i < nNodes; i++) {
    if (unchecked(nodeCaps[i]) == 0 && unchecked(nodeBits[i]) == 0) terminal = i;
  }
  if (nEdges > LARGE_EDGES) releaseNodeScratch();
  if (weighted) edgeWeight = buildEdgeWeight;
  bwd = new StaticArray<f64>(nNodes);
  p.edgeWeight = edgeWeight;
  p.bwd = bwd;
  countBoth(p);
  total = p.total;
  if (p.count >= EXACT_LIMIT) {
    const exact = new StaticArray<u64>(nNodes * 2);
    countBackwardExact(exact);
    bwdExact = exact;
    p.totalLo = unchecked(exact[0]);
    p.totalHi = unchecked(exact[1]);
  } else {
    p.totalLo = <u64>p.count;
    p.totalHi = 0;
  }
  return p.count > 0 ? OK : INCONSISTENT;
}

/**
 * The position's counts: `count` the consistent deals, and into its bwd (and `total`) the weighted
 * backward sums, which are the counts themselves when the position is unweighted. Needs the
 * position's arrays as the globals.
 */
function countBoth(p: Position): void {
  const w = edgeWeight;
  if (w !== null) {
    edgeWeight = null;
    countBackward(p.bwd, null);
    p.count = nNodes > 0 ? unchecked(p.bwd[0]) : 0;
    edgeWeight = w;
  }
  countBackward(p.bwd, null);
  p.total = nNodes > 0 ? unchecked(p.bwd[0]) : 0;
  if (w === null) p.count = p.total;
}

/**
 * Backward counts: out[i] = number of completions from node i, for the layers from `downTo` on.
 * `masks` (per layer, optional) restricts the owners an edge may take; null means every edge.
 */
export function countBackward(out: StaticArray<f64>, masks: StaticArray<u32> | null, downTo: i32 = 0): void {
  const last = unchecked(layerStart[nVars]);
  for (let i = last; i < nNodes; i++) unchecked(out[i] = i == terminal ? 1.0 : 0.0);
  const own = positionMask;
  const weights = edgeWeight;
  for (let t = nVars - 1; t >= downTo; t--) {
    const m: u32 = (masks === null ? 0xffffffff : unchecked(masks[t])) & (own === null ? 0xffffffff : unchecked(own[t]));
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = to - 1; i >= from; i--) {
      let s: f64 = 0;
      const e1 = unchecked(edgeStart[i + 1]);
      if (weights === null) {
        for (let e = unchecked(edgeStart[i]); e < e1; e++) {
          if (m & (<u32>1 << unchecked(edgeOwner[e]))) s += unchecked(out[edgeChild[e]]);
        }
      } else {
        for (let e = unchecked(edgeStart[i]); e < e1; e++) {
          if (m & (<u32>1 << unchecked(edgeOwner[e]))) s += unchecked(weights[e]) * unchecked(out[edgeChild[e]]);
        }
      }
      unchecked(out[i] = s);
    }
  }
}

/** Backward counts as exact 128-bit integers: out[2i] the low word, out[2i + 1] the high word. */
function countBackwardExact(out: StaticArray<u64>): void {
  const last = unchecked(layerStart[nVars]);
  for (let i = last; i < nNodes; i++) {
    unchecked(out[2 * i] = i == terminal ? 1 : 0);
    unchecked(out[2 * i + 1] = 0);
  }
  const own = positionMask;
  for (let t = nVars - 1; t >= 0; t--) {
    const m: u32 = own === null ? 0xffffffff : unchecked(own[t]);
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = to - 1; i >= from; i--) {
      let lo: u64 = 0;
      let hi: u64 = 0;
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        if (!(m & (<u32>1 << unchecked(edgeOwner[e])))) continue;
        const j = unchecked(edgeChild[e]);
        const add = unchecked(out[2 * j]);
        lo += add;
        hi += unchecked(out[2 * j + 1]) + <u64>(lo < add);
      }
      unchecked(out[2 * i] = lo);
      unchecked(out[2 * i + 1] = hi);
    }
  }
}

/** Forward counts: out[i] = number of partial deals from the root to node i, for the layers up to `upTo`. */
export function countForward(out: StaticArray<f64>, masks: StaticArray<u32> | null, upTo: i32 = nVars): void {
  if (nNodes == 0) return;
  const end = unchecked(layerStart[min(upTo, nVars) + 1]);
  memory.fill(changetype<usize>(out), 0, <usize>end << 3);
  unchecked(out[0] = 1);
  const own = positionMask;
  const weights = edgeWeight;
  for (let t = 0; t < min(upTo, nVars); t++) {
    const m: u32 = (masks === null ? 0xffffffff : unchecked(masks[t])) & (own === null ? 0xffffffff : unchecked(own[t]));
    const from = unchecked(layerStart[t]);
    const to = unchecked(layerStart[t + 1]);
    for (let i = from; i < to; i++) {
      const f = unchecked(out[i]);
      if (f == 0) continue;
      const e1 = unchecked(edgeStart[i + 1]);
      for (let e = unchecked(edgeStart[i]); e < e1; e++) {
        if (m & (<u32>1 << unchecked(edgeOwner[e]))) unchecked(out[edgeChild[e]] += weights === null ? f : f * unchecked(weights[e]));
      }
    }
  }
}
