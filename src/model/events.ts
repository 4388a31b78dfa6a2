// The events of a game log, names resolved to indices: cards index the deck, players index seats.
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

