import { popcount } from '../model/bits.js';
import { dealtWidth, ENVELOPE, ownerWidth, slotOf, TABLE } from '../model/owners.js';

/**
 * Everything an observer has learned, as constraints on deals. Owners are numbered by their
 * slots (model/owners.ts slotOf): the seats, the envelope, the face-up table.
 * Card sets are u32 bitmasks over the deck's card indices; owner sets are bitmasks over owners.
 */
export interface Clause {
  /** Cards of the clause. */
  cards: number;
  /** The clause holds when at least one of `cards` lies with an owner in `owners`. */
  owners: number;
}

export interface ConstraintStore {
  nCards: number;
  nSeats: number;
  categoryMasks: number[];
  faceUpMask: number;
  handSizes: number[];
  /** holds[o]: cards owner o is known to hold (dealtWidth(nSeats) slots, last = envelope). */
  holds: number[];
  /** lacks[o]: cards owner o is known not to hold (dealtWidth(nSeats) slots, last = envelope). */
  lacks: number[];
  /**
   * At-least-one clauses. A refutation the observer did not see is `{cards: named, owners: 1 << seat}`;
   * a wrong accusation is `{cards: accused, owners: every seat and the table}` (some accused card
   * is not in the envelope).
   */
  clauses: Clause[];
}

export function envelopeOwner(store: { nSeats: number }): number {
  return slotOf(ENVELOPE, store.nSeats);
}

export function tableOwner(store: { nSeats: number }): number {
  return slotOf(TABLE, store.nSeats);
}

/** An empty store: only the deck, the seats, their hand sizes and the face-up cards. */
export function emptyStore(nCards: number, categoryMasks: number[], handSizes: number[], faceUpMask = 0): ConstraintStore {
  const nSeats = handSizes.length;
  return {
    nCards,
    nSeats,
    categoryMasks: [...categoryMasks],
    faceUpMask: faceUpMask >>> 0,
    handSizes: [...handSizes],
    holds: new Array(dealtWidth(nSeats)).fill(0),
    lacks: new Array(dealtWidth(nSeats)).fill(0),
    clauses: [],
  };
}

export function cloneStore(s: ConstraintStore): ConstraintStore {
  return {
    ...s,
    categoryMasks: [...s.categoryMasks],
    handSizes: [...s.handSizes],
    holds: [...s.holds],
    lacks: [...s.lacks],
    clauses: s.clauses.map((c) => ({ ...c })),
  };
}

/**
 * One thing learned about the deal. Owners by their slots (model/owners.ts slotOf): the seats,
 * the envelope, the face-up table; card sets are masks.
 *   holds      — `owner` holds every card of `cards` (a card shown to the observer, the observer's hand)
 *   lacks      — `owner` holds none of `cards` (a seat that could not refute)
 *   atLeastOne — some card of `cards` lies with some owner of `owners` (a refutation the observer did not see)
 *   notEnvelope — not every card of `cards` is in the envelope (a wrong accusation)
 */
export type Fact =
  | { kind: 'holds'; owner: number; cards: number }
  | { kind: 'lacks'; owner: number; cards: number }
  | { kind: 'atLeastOne'; owners: number; cards: number }
  | { kind: 'notEnvelope'; cards: number };

/** Adds a fact to `store` itself, clauses as they come (see essentialClauses). */
export function applyFact(store: ConstraintStore, fact: Fact): void {
  switch (fact.kind) {
    case 'holds':
      store.holds[fact.owner] = (store.holds[fact.owner] | fact.cards) >>> 0;
      return;
    case 'lacks':
      store.lacks[fact.owner] = (store.lacks[fact.owner] | fact.cards) >>> 0;
      return;
    case 'atLeastOne':
      store.clauses.push({ cards: fact.cards >>> 0, owners: fact.owners >>> 0 });
      return;
    case 'notEnvelope': {
      const seatsAndTable = ((1 << store.nSeats) - 1) | (1 << tableOwner(store));
      store.clauses.push({ cards: fact.cards >>> 0, owners: seatsAndTable >>> 0 });
    }
  }
}

/** The store with one more fact: a new store (stores are values), its clauses kept essential. */
export function addFact(store: ConstraintStore, fact: Fact): ConstraintStore {
  const next = cloneStore(store);
  applyFact(next, fact);
  next.clauses = essentialClauses(next);
  return next;
}

/** The store with every fact added in order. */
export function addFacts(store: ConstraintStore, facts: readonly Fact[]): ConstraintStore {
  const next = cloneStore(store);
  for (const fact of facts) applyFact(next, fact);
  next.clauses = essentialClauses(next);
  return next;
}

/**
 * The clauses that say something: without repeats, without those a stronger clause implies (one
 * over a subset of its cards and owners), and without those the holds already satisfy. The same
 * unseen refutation repeated thirty times is one constraint, not thirty.
 */
export function essentialClauses(store: ConstraintStore): Clause[] {
  const table = tableOwner(store);
  const satisfied = (c: Clause): boolean => {
    for (let o = 0; o <= store.nSeats; o++) if ((c.owners >>> o) & 1 && (store.holds[o] & c.cards) !== 0) return true;
    return ((c.owners >>> table) & 1) === 1 && (store.faceUpMask & c.cards) !== 0;
  };
  const implies = (a: Clause, b: Clause): boolean => (a.cards & ~b.cards) === 0 && (a.owners & ~b.owners) === 0;
  const size = (c: Clause) => popcount(c.cards) + popcount(c.owners);
  // Repeats go first, by key: a long log repeats a few hundred clauses thousands of times.
  const ownerSpan = 2 ** ownerWidth(store.nSeats); // owner bits: the seats, the envelope, the table
  const distinct = new Map<number, Clause>();
  for (const c of store.clauses) {
    const key = (c.cards >>> 0) * ownerSpan + (c.owners >>> 0);
    if (!distinct.has(key) && !satisfied(c)) distinct.set(key, { cards: c.cards >>> 0, owners: c.owners >>> 0 });
  }
  // Fewest cards and owners first, so a clause is compared with every stronger one kept before it;
  // a distinct clause of the same size is never implied, so only the smaller ones are compared.
  const sorted = [...distinct.values()].sort((a, b) => size(a) - size(b));
  const kept: Clause[] = [];
  let smaller = 0; // kept[0, smaller) are smaller than the clause at hand
  for (const c of sorted) {
    while (smaller < kept.length && size(kept[smaller]) < size(c)) smaller++;
    let implied = false;
    for (let i = 0; i < smaller && !implied; i++) implied = implies(kept[i], c);
    if (!implied) kept.push(c);
  }
  return kept;
}

/**
 * Whether a whole deal (ownerWidth(nSeats) masks from `at`: the seats, the envelope, the table)
 * meets every constraint of `store`: each owner's holds and lacks, every clause, the hand sizes,
 * the face-up cards on the table and one envelope card per category. A deal that meets them is
 * one of the store's consistent deals, a witness found without counting.
 */
export function dealMeets(store: ConstraintStore, deal: Uint32Array, at = 0): boolean {
  const { nSeats } = store;
  const table = tableOwner(store);
  if (deal[at + table] >>> 0 !== store.faceUpMask >>> 0) return false;
  let placed = store.faceUpMask >>> 0; // every card with exactly one owner
  for (let o = 0; o < store.holds.length; o++) {
    if ((placed & deal[at + o]) !== 0) return false;
    placed = (placed | deal[at + o]) >>> 0;
  }
  if (placed !== (store.nCards === 32 ? 0xffffffff : 2 ** store.nCards - 1)) return false;
  for (let o = 0; o < store.holds.length; o++) {
    const cards = deal[at + o];
    if ((cards & store.holds[o]) >>> 0 !== store.holds[o] >>> 0 || (cards & store.lacks[o]) !== 0) return false;
    if (o < nSeats && popcount(cards) !== store.handSizes[o]) return false;
  }
  const envelope = deal[at + envelopeOwner(store)];
  for (const mask of store.categoryMasks) if (popcount(envelope & mask) !== 1) return false;
  for (const c of store.clauses) {
    let met = false;
    for (let m = c.owners >>> 0; m !== 0 && !met; m &= m - 1) met = (deal[at + (31 - Math.clz32(m & -m))] & c.cards) !== 0;
    if (!met) return false;
  }
  return true;
}
