import type { Deck } from './deck.js';

/** A validated game: names resolved to indices (cards index the deck, players index seats). */
export interface SuggestionEvent {
  type: 'suggestion';
  by: number;
  /** One card per category, in category order. */
  cards: number[];
  /** The seat that refuted, or null when nobody could. */
  shownBy: number | null;
  /** The card shown, when the observer saw it. */
  shown: number | null;
}

export interface AccusationEvent {
  type: 'accusation';
  by: number;
  cards: number[];
  correct: boolean;
}

export type GameEvent = SuggestionEvent | AccusationEvent;

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
}

/** Hand sizes when the log gives none: as even as possible, earlier seats taking the extra cards. */
export function defaultHandSizes(nDealt: number, nSeats: number): number[] {
  const base = Math.floor(nDealt / nSeats);
  const extra = nDealt % nSeats;
  return Array.from({ length: nSeats }, (_, s) => base + (s < extra ? 1 : 0));
}
