/**
 * Everything an observer has learned, as constraints on deals. Owners are numbered
 * 0..nSeats-1 for the seats, nSeats for the envelope and nSeats + 1 for the face-up table.
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
  /** holds[o]: cards owner o is known to hold (length nSeats + 1, last = envelope). */
  holds: number[];
  /** lacks[o]: cards owner o is known not to hold (length nSeats + 1, last = envelope). */
  lacks: number[];
  /**
   * At-least-one clauses. A refutation the observer did not see is `{cards: named, owners: 1 << seat}`;
   * a wrong accusation is `{cards: accused, owners: every seat and the table}` (some accused card
   * is not in the envelope).
   */
  clauses: Clause[];
}

export function envelopeOwner(store: { nSeats: number }): number {
  return store.nSeats;
}

export function tableOwner(store: { nSeats: number }): number {
  return store.nSeats + 1;
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
    holds: new Array(nSeats + 1).fill(0),
    lacks: new Array(nSeats + 1).fill(0),
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
