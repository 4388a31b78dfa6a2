import type { Deck } from './deck.js';
import type { GameEvent } from './events.js';
import type { Rules } from './rules.js';

export interface Game {
  deck: Deck;
  players: string[];
  handSizes: number[];
  /** Face-up card indices. */
  faceUp: number[];
  /** Observer seat, or null for the spectator's view. */
  me: number | null;
  /** Observer's hand (card indices); empty for the spectator. */
  myHand: number[];
  events: GameEvent[];
  /** The log's rule variants (DEFAULT_RULES when it gives none). */
  rules: Rules;
  /** The full record: owner of each card (a seat, ENVELOPE or TABLE: owners.ts), or null for an observer's log. */
  deal: number[] | null;
}

/** Hand sizes when the log gives none: as even as possible, earlier seats taking the extra cards. */
export function defaultHandSizes(nDealt: number, nSeats: number): number[] {
  const base = Math.floor(nDealt / nSeats);
  const extra = nDealt % nSeats;
  return Array.from({ length: nSeats }, (_, s) => base + (s < extra ? 1 : 0));
}

/**
 * Whether `input` is a game (what parseGame makes) rather than a game log's JSON: a game's deck
 * has category objects and card masks, where a log's deck maps category names to card names.
 */
export function isGame(input: unknown): input is Game {
  const deck = (input as Partial<Game> | null)?.deck as Partial<Deck> | undefined;
  return (
    typeof deck === 'object' &&
    deck !== null &&
    Array.isArray(deck.categories) &&
    Array.isArray(deck.categoryMasks) &&
    Array.isArray(deck.categoryOf) &&
    deck.categories.every((c) => typeof c === 'object' && c !== null && !Array.isArray(c))
  );
}
