import type { Deck } from '../core/deck.js';

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
