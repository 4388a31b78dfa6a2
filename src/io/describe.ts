// How messages name the events of a game.
import type { Game } from '../model/game.js';
import { shorten } from './quote.js';

/** "event 3 (suggestion by Bob)", "event 1 (look)": how messages name the event at `index` (0-based) of a parsed game. */
export function eventLabel(game: Game, index: number): string {
  const e = game.events[index];
  return e.type === 'look' ? `event ${index + 1} (look)` : `event ${index + 1} (${e.type} by ${shorten(game.players[e.by])})`;
}

/** "event 4 (suggestion by Bob: Miss Scarlet, Knife, Hall; shown by Cat)" */
export function describeEvent(game: Game, index: number): string {
  const e = game.events[index];
  const n = index + 1;
  if (e.type === 'look') return `event ${n} (look)`;
  const by = shorten(game.players[e.by]);
  if (e.type === 'endmove') return `event ${n} (endmove by ${by})`;
  // A deck can have up to 32 categories: name a few of the cards, not a paragraph.
  const cards = e.cards.slice(0, 6).map((c) => shorten(game.deck.cards[c])).join(', ') + (e.cards.length > 6 ? `, … (${e.cards.length} cards)` : '');
  const card = (c: number | null) => (c === null ? '' : ` ${shorten(game.deck.cards[c])}`);
  switch (e.type) {
    case 'accusation':
      return `event ${n} (${e.correct ? 'correct' : 'wrong'} accusation by ${by}: ${cards})`;
    case 'suggest':
    case 'nocard':
      return `event ${n} (${e.type} by ${by}: ${cards})`;
    case 'showcard':
      return `event ${n} (showcard by ${by} to ${shorten(game.players[e.to])}: ${cards}; showing${card(e.shown) || ' one of them'})`;
    case 'suggestion': {
      const answer =
        e.shownBy === null ? 'nobody could refute' : `refuted by ${shorten(game.players[e.shownBy])}${e.shown === null ? '' : ` showing${card(e.shown)}`}`;
      return `event ${n} (suggestion by ${by}: ${cards}; ${answer})`;
    }
  }
}
