// Deduction: what holds in every consistent world. Decided from each card's exact set of possible
// owners (non-zero exact counts, an enumeration, or a satisfiability search), so it is complete:
// a placement is certain exactly when no consistent world puts the card elsewhere.
import type { Game } from '../model/game.js';

export interface Placement {
  card: string;
  owner: string;
}

export interface CardDeduction {
  card: string;
  /** The owner that holds the card in every consistent deal, or null. */
  owner: string | null;
  /** Owners that hold it in some consistent deal. */
  possible: string[];
  /** Owners that hold it in no consistent deal. */
  impossible: string[];
}

/** An owner as the analysis names it, and its column in the core's layout (seats, envelope, table). */
export interface OwnerColumn {
  name: string;
  column: number;
}

/** The owners in the order of the analysis output: seats, then "table" (if any face-up cards), then "envelope". */
export function ownerColumns(game: Game): OwnerColumn[] {
  const nSeats = game.players.length;
  return [
    ...game.players.map((name, column) => ({ name, column })),
    ...(game.faceUp.length > 0 ? [{ name: 'table', column: nSeats + 1 }] : []),
    { name: 'envelope', column: nSeats },
  ];
}

/** For every card, its possible and impossible owners, and the certain one if any. */
export function deduceFrom(game: Game, possibleOwners: Uint32Array): CardDeduction[] {
  const owners = ownerColumns(game);
  return game.deck.cards.map((card, c) => {
    const possible = owners.filter((o) => (possibleOwners[c] >>> o.column) & 1).map((o) => o.name);
    return {
      card,
      owner: possible.length === 1 ? possible[0] : null,
      possible,
      impossible: owners.filter((o) => !((possibleOwners[c] >>> o.column) & 1)).map((o) => o.name),
    };
  });
}

/** The certain placements (card with owner), in deck order. */
export function knownPlacements(deductions: CardDeduction[]): Placement[] {
  return deductions.filter((d) => d.owner !== null).map((d) => ({ card: d.card, owner: d.owner! }));
}
