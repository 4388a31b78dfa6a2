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

/** The seats learn their own hands. Before it no seat knows its cards; a log without one starts after it. */
export interface LookEvent {
  type: 'look';
}

/** `by` names `cards` (one per category); it teaches something only under `rules.suggesterHoldsNone`. */
export interface SuggestEvent {
  type: 'suggest';
  by: number;
  cards: number[];
}

/** `by` holds none of `cards`: public. */
export interface NocardEvent {
  type: 'nocard';
  by: number;
  cards: number[];
}

/** `by` shows `to` one of `cards`; `shown` is that card when the log's observer saw it (always with a deal). */
export interface ShowcardEvent {
  type: 'showcard';
  by: number;
  to: number;
  cards: number[];
  shown: number | null;
}

/** `by` ends its turn without accusing: public "by does not know the envelope". */
export interface EndmoveEvent {
  type: 'endmove';
  by: number;
}

export type GameEvent = SuggestionEvent | AccusationEvent | LookEvent | SuggestEvent | NocardEvent | ShowcardEvent | EndmoveEvent;

/** Owners besides the seats (seats are 0..n-1). */
export const ENVELOPE = -1;
export const TABLE = -2;

/** Rule variants of the seeds (docs/epistemic.md §1). */
export interface Rules {
  /** 'first': the first seat holding a named card shows one; 'all': every other seat answers. */
  answers: 'first' | 'all';
  /** A suggester may not name its own cards, so a suggestion announces it holds none of them. */
  suggesterHoldsNone: boolean;
  /** Per category: each seat holds exactly this many cards of it, or null when free. Null when the log sets none. */
  handQuotas: Array<number | null> | null;
}

export const DEFAULT_RULES: Rules = { answers: 'first', suggesterHoldsNone: false, handQuotas: null };

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
  /** The full record: owner of each card (a seat, ENVELOPE or TABLE), or null for an observer's log. */
  deal: number[] | null;
}

/** Hand sizes when the log gives none: as even as possible, earlier seats taking the extra cards. */
export function defaultHandSizes(nDealt: number, nSeats: number): number[] {
  const base = Math.floor(nDealt / nSeats);
  const extra = nDealt % nSeats;
  return Array.from({ length: nSeats }, (_, s) => base + (s < extra ? 1 : 0));
}
