// How messages name the events of a game.
import type { Game } from '../model/game.js';
import { shorten } from './quote.js';

/** "event 3 (suggestion by Bob)": how messages name the event at `index` (0-based) of a parsed game. */
export function eventLabel(game: Game, index: number): string {
  const e = game.events[index];
  return `event ${index + 1} (${e.type} by ${shorten(game.players[e.by])})`;
}

/** "event 4 (suggestion by Bob: Miss Scarlet, Knife, Hall; shown by Cat)" */
export function describeEvent(game: Game, index: number): string {
  const e = game.events[index];
  // A deck can have up to 32 categories: name a few of the cards, not a paragraph.
  const cards = e.cards.slice(0, 6).map((c) => shorten(game.deck.cards[c])).join(', ') + (e.cards.length > 6 ? `, … (${e.cards.length} cards)` : '');
  const by = shorten(game.players[e.by]);
  if (e.type === 'accusation') return `event ${index + 1} (${e.correct ? 'correct' : 'wrong'} accusation by ${by}: ${cards})`;
  const answer =
    e.shownBy === null
      ? 'nobody could refute'
      : `refuted by ${shorten(game.players[e.shownBy])}${e.shown === null ? '' : ` showing ${shorten(game.deck.cards[e.shown])}`}`;
  return `event ${index + 1} (suggestion by ${by}: ${cards}; ${answer})`;
}
