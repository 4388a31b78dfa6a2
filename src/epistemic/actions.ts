/**
 * A game log's events as knowledge actions (docs/epistemic-semantics.md §5): what each event does
 * to the Kripke model. The `suggestion` shorthand expands, by the answer rule, into the suggest,
 * the passes and the showcard it stands for.
 */
import { maskOfCards } from '../model/bits.js';
import type { Game, GameEvent } from '../model/game.js';

export type KnowledgeAction =
  /** every seat learns its own hand */
  | { kind: 'look'; event: number }
  /** public: `owner` (a seat) holds none of `cards` */
  | { kind: 'lacks'; event: number; owner: number; cards: number; why: string }
  /** public: the envelope is (`is`) or is not exactly `cards` */
  | { kind: 'envelope'; event: number; cards: number; is: boolean }
  /** `by` shows `to` one of `cards`; `shown` when the log says which */
  | { kind: 'showcard'; event: number; by: number; to: number; cards: number; shown: number | null }
  /** public: `by` does not know the envelope */
  | { kind: 'endmove'; event: number; by: number };

/** True for the actions whose effect depends on the deal alone (they commute with each other and with look and showcard). */
export function isPropositional(a: KnowledgeAction): boolean {
  return a.kind === 'lacks' || a.kind === 'envelope';
}

/** The knowledge actions of the first `count` events, each tagged with its 1-based event number. */
export function actionsOf(game: Game, count = game.events.length): KnowledgeAction[] {
  const out: KnowledgeAction[] = [];
  game.events.slice(0, count).forEach((e, i) => out.push(...actionsOfEvent(game, e, i + 1)));
  return out;
}

function actionsOfEvent(game: Game, e: GameEvent, event: number): KnowledgeAction[] {
  const n = game.players.length;
  const suggestFacts = (by: number, cards: number): KnowledgeAction[] =>
    game.rules.suggesterHoldsNone ? [{ kind: 'lacks', event, owner: by, cards, why: 'the suggester names none of its own cards' }] : [];
  switch (e.type) {
    case 'look':
      return [{ kind: 'look', event }];
    case 'suggest':
      return suggestFacts(e.by, maskOfCards(e.cards));
    case 'nocard':
      return [{ kind: 'lacks', event, owner: e.by, cards: maskOfCards(e.cards), why: 'it passes' }];
    case 'showcard':
      return [{ kind: 'showcard', event, by: e.by, to: e.to, cards: maskOfCards(e.cards), shown: e.shown }];
    case 'endmove':
      return [{ kind: 'endmove', event, by: e.by }];
    case 'accusation':
      return [{ kind: 'envelope', event, cards: maskOfCards(e.cards), is: e.correct }];
    case 'suggestion': {
      const cards = maskOfCards(e.cards);
      const out = suggestFacts(e.by, cards);
      const stop = e.shownBy ?? e.by;
      for (let s = (e.by + 1) % n; s !== stop; s = (s + 1) % n) out.push({ kind: 'lacks', event, owner: s, cards, why: 'it passes' });
      if (e.shownBy !== null) out.push({ kind: 'showcard', event, by: e.shownBy, to: e.by, cards, shown: e.shown });
      return out;
    }
  }
}
