// Preprocessing: from the store to the problem the DAG is built over. Reads the store into the
// position being built (its cards, seats, categories), places every card whose owner is forced
// (repeatedly: a full seat or a filled envelope slot forces more), and turns what is left into
// constraints over the undecided cards ("variables"): one per category whose envelope card is still
// open, one per clause not yet satisfied, and a soft one per response factor. The constraints and
// the seats' remaining capacities are the build's scratch, read by the order, the estimate and the
// build itself.
import { INCONSISTENT, MAX_CARDS, MAX_RESPONSE_FACTORS, MAX_SEATS, OK } from '../layout';
import { categoryMask, clauseCards, clauseOwners, faceUpOf, handSize, holdsOf, lacksOf, nCardsOf, nCategoriesOf, nClausesOf, nSeatsOf } from '../store';
import { Position } from './position';
import { factorCards, factorOwner, factorWeights, nFactors } from './response-factors';
import { dealtWidth, envelopeSlot, ownerWidth, tableSlot } from '../owners';
import { grown } from './arrays';

/** Each seat's hand capacity left once the forced cards are placed. */
export const caps = new StaticArray<i32>(MAX_SEATS);
/** Each seat's candidates: the variables it may hold. */
export const seatCandidates = new StaticArray<i32>(MAX_SEATS);

// The constraints over the variables: at least one of consCards[k] goes to an owner of
// consOwners[k] (0 marks a category constraint: one of its cards goes to the envelope). These
// grow with the store: at most one constraint per clause, per category and per response factor.
export let nCons: i32 = 0;
export let consCards = new StaticArray<u32>(0);
export let consOwners = new StaticArray<u32>(0);
/** Soft constraints (response factors): their index into softWeights, -1 for a hard one. */
export let consSoft = new StaticArray<i32>(0);
/** Per soft constraint, its factor when its owner holds 0, 1 or 2 of its cards. */
export const softWeights = new StaticArray<f64>(MAX_RESPONSE_FACTORS * 3);
export let nSoft: i32 = 0;
/** The likelihood factors of the build that no card decides. */
export let buildScale: f64 = 1;

/**
 * Reads the store (the selected one) into `p`, places forced cards, simplifies clauses. OK, or
 * INCONSISTENT when no deal can be consistent. Sets p's cards, seats and categories in any case,
 * its variables only when OK.
 */
export function preprocess(p: Position): i32 {
  const mostConstraints = nClausesOf() + MAX_CARDS + MAX_RESPONSE_FACTORS;
  consCards = grown<u32>(consCards, mostConstraints);
  consOwners = grown<u32>(consOwners, mostConstraints);
  consSoft = grown<i32>(consSoft, mostConstraints);
  nSoft = 0;
  buildScale = 1;
  const nCards = nCardsOf();
  const nSeats = nSeatsOf();
  const nCats = nCategoriesOf();
  p.nCards = nCards;
  p.nSeats = nSeats;
  p.nCats = nCats;
  const envOwner = envelopeSlot(nSeats);
  const tableOwner = tableSlot(nSeats);
  const allowed = p.allowed;
  const fixedOwner = p.fixedOwner;
  const cardCategory = p.cardCategory;
  const baseMasks = p.baseMasks;
  const order = p.order;
  const faceUp = faceUpOf();
  const allOwners: u32 = (<u32>1 << dealtWidth(nSeats)) - 1;
  for (let o = 0; o < ownerWidth(nSeats); o++) unchecked(baseMasks[o] = 0);
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
  for (let s = 0; s < nSeats; s++) if (handSize(s) == 0) removeOwnerEverywhere(p, s, 0xffffffff);

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
        if (left == 0) removeOwnerEverywhere(p, o, 0xffffffff);
      } else {
        const g = unchecked(cardCategory[c]);
        const gBit = <u32>1 << g;
        if (envFilled & gBit) return INCONSISTENT;
        envFilled |= gBit;
        removeOwnerEverywhere(p, envOwner, categoryMask(g));
      }
    }
  }

  // Variables, and the constraints over them.
  let nVars = 0;
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
  addSoftConstraints(p);
  // Capacities must be fillable at all.
  for (let s = 0; s < nSeats; s++) {
    let can = 0;
    for (let i = 0; i < nVars; i++) if (unchecked(allowed[unchecked(order[i])]) & (<u32>1 << s)) can++;
    unchecked(seatCandidates[s] = can);
    if (can < unchecked(caps[s])) return INCONSISTENT;
  }
  p.nVars = nVars;
  return OK;
}

/**
 * The response factors as soft constraints over their undecided cards (a state bit: does the
 * owner hold the first of them); the cards already placed fold into the weights, a factor with
 * none left into the position's scale.
 */
function addSoftConstraints(p: Position): void {
  const allowed = p.allowed;
  const fixedOwner = p.fixedOwner;
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

function removeOwnerEverywhere(p: Position, o: i32, cards: u32): void {
  const allowed = p.allowed;
  const fixedOwner = p.fixedOwner;
  const bit = <u32>1 << o;
  for (let c = 0; c < p.nCards; c++) {
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
  if (nCons >= consCards.length) return; // unreachable: preprocess made room for every clause
  unchecked(consCards[nCons] = cards);
  unchecked(consOwners[nCons] = owners);
  unchecked(consSoft[nCons] = -1);
  nCons++;
}
