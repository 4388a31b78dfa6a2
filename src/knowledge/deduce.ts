// Deduction: what holds in every consistent deal. Decided from exact counts (a count of zero is
// exact in floating point), so it is complete: a placement is certain exactly when its exact
// probability is 1.
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

/** Owner names in the order of the analysis output: seats, then "table" (if any face-up cards), then "envelope". */
export function ownerNames(game: Game): string[] {
  return [...game.players, ...(game.faceUp.length > 0 ? ['table'] : []), 'envelope'];
}

/** Column of an owner name in the core's count layout (seats, envelope, table). */
export function ownerColumn(game: Game, owner: string): number {
  const nSeats = game.players.length;
  if (owner === 'envelope') return nSeats;
  if (owner === 'table') return nSeats + 1;
  return game.players.indexOf(owner);
}

export function deduceFromCounts(game: Game, ownerCounts: Float64Array): CardDeduction[] {
  const width = game.players.length + 2;
  const owners = ownerNames(game);
  return game.deck.cards.map((card, c) => {
    const possible = owners.filter((o) => ownerCounts[c * width + ownerColumn(game, o)] > 0);
    return {
      card,
      owner: possible.length === 1 ? possible[0] : null,
      possible,
      impossible: owners.filter((o) => !possible.includes(o)),
    };
  });
}

/** The certain placements (card with owner), in deck order. */
export function knownPlacements(deductions: CardDeduction[]): Placement[] {
  return deductions.filter((d) => d.owner !== null).map((d) => ({ card: d.card, owner: d.owner! }));
}
