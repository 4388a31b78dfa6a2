// Deduction: what holds in every consistent world. Decided from each card's exact set of possible
// owners (non-zero exact counts, an enumeration, or a satisfiability search), so it is complete:
// a placement is certain exactly when no consistent world puts the card elsewhere.
import { type Game } from '../model/game.js';
import { ENVELOPE, TABLE, slotOf, type Owner } from '../model/owners.js';

export type { Owner };

export interface CardDeduction {
  card: number;
  /** The owner that holds the card in every consistent deal, or null. */
  owner: Owner | null;
  /** Owners that hold it in some consistent deal. */
  possible: Owner[];
  /** Owners that hold it in no consistent deal. */
  impossible: Owner[];
}

/** An owner as the analysis lists it, and its column in the core's layout (seats, envelope, table). */
export interface OwnerColumn {
  owner: Owner;
  column: number;
}

/** The owners in the order of the analysis: seats, then the table (if any face-up cards), then the envelope. */
export function ownerColumns(game: Game): OwnerColumn[] {
  const nSeats = game.players.length;
  const owners = [...game.players.map((_, seat) => seat), ...(game.faceUp.length > 0 ? [TABLE] : []), ENVELOPE];
  return owners.map((owner) => ({ owner, column: slotOf(owner, nSeats) }));
}

/** For every card, its possible and impossible owners, and the certain one if any. */
export function deduceFrom(game: Game, possibleOwners: Uint32Array): CardDeduction[] {
  const owners = ownerColumns(game);
  return game.deck.cards.map((_, card) => {
    const possible = owners.filter((o) => (possibleOwners[card] >>> o.column) & 1).map((o) => o.owner);
    return {
      card,
      owner: possible.length === 1 ? possible[0] : null,
      possible,
      impossible: owners.filter((o) => !((possibleOwners[card] >>> o.column) & 1)).map((o) => o.owner),
    };
  });
}
