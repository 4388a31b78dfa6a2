// How messages name the events of a game.
import { type Game } from '../model/game.js';
import { ENVELOPE, TABLE } from '../model/owners.js';
import { InputError } from '../model/errors.js';
import type { GameEvent } from '../model/events.js';
import { joinList, shorten } from '../model/quote.js';
import { passers, seesShown, winningAccusation } from '../model/rules.js';

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

/** "Plum, Knife and Hall" (or "Plum, Knife or Hall"): a few names in words, shortened. */
export function cardsInWords(game: Game, cards: readonly number[], conjunction: 'and' | 'or' = 'and'): string {
  return joinList(cards.map((c) => shorten(game.deck.cards[c])), conjunction);
}

/**
 * Cards placed with an owner (a seat, ENVELOPE or TABLE), or ruled out for it, as a player says it:
 * "Bob holds Knife", "you do not hold Knife or Rope", "Knife is in the envelope", "Knife and Rope
 * are not face up".
 */
export function placementInWords(game: Game, owner: number, cards: readonly number[], holds: boolean): string {
  if (owner === ENVELOPE || owner === TABLE) {
    const verb = cards.length === 1 ? 'is' : 'are';
    return `${cardsInWords(game, cards)} ${verb} ${holds ? '' : 'not '}${owner === ENVELOPE ? 'in the envelope' : 'face up'}`;
  }
  const names = cardsInWords(game, cards, holds ? 'and' : 'or');
  if (owner === game.me) return `you ${holds ? 'hold' : 'do not hold'} ${names}`;
  return `${shorten(game.players[owner])} ${holds ? 'holds' : 'does not hold'} ${names}`;
}

/** A seat as the observer reads it: "you" for the observer's own seat. */
export function seatInWords(game: Game, seat: number): string {
  return seat === game.me ? 'you' : shorten(game.players[seat]);
}

/**
 * "the game is over: Bob won, accusing Mr. Green, Rope and Study correctly at event 9" (or "you
 * won"), or null while the game goes on: why there is nothing more to advise.
 */
function gameOverSentence(game: Game): string | null {
  const i = winningAccusation(game.events);
  if (i === null) return null;
  const e = game.events[i] as Extract<GameEvent, { type: 'accusation' }>;
  return `the game is over: ${seatInWords(game, e.by)} won, accusing ${cardsInWords(game, e.cards)} correctly at event ${i + 1}`;
}

/** Refuses a game already won, with who won and with what (`then`: what that rules out, after a colon). */
export function requireGameGoesOn(game: Game, then?: string): void {
  const over = gameOverSentence(game);
  if (over !== null) throw new InputError(then === undefined ? over : `${over}: ${then}`);
}

/** Words joined by spaces, the empty ones left out. */
const words = (...parts: string[]): string => parts.filter((p) => p !== '').join(' ');

/**
 * The event at `index` as a sentence a player reads, from the observer's view: "Bob passed on
 * Plum, Knife and Hall at event 4", "Cat showed Dan a card of {Plum, Knife, Hall} at event 7",
 * "Cat showed you Knife at event 9". Events are numbered from 1, as in every other message;
 * `at: false` leaves the number out, for a message that gives it already.
 */
export function eventSentence(game: Game, index: number, options: { at?: boolean } = {}): string {
  const e = game.events[index];
  const at = options.at === false ? '' : `at event ${index + 1}`;
  if (e.type === 'look') return words('everyone looked at their cards', at);
  const by = seatInWords(game, e.by);
  if (e.type === 'endmove') return words(`${by} ended the turn without accusing`, at);
  const set = `{${e.cards.map((c) => shorten(game.deck.cards[c])).join(', ')}}`;
  const shows = (from: number, to: number, shown: number | null): string => {
    const seen = shown !== null && seesShown(e, game.me);
    return seen ? `${seatInWords(game, from)} showed ${seatInWords(game, to)} ${shorten(game.deck.cards[shown!])}` : `${seatInWords(game, from)} showed ${seatInWords(game, to)} a card of ${set}`;
  };
  switch (e.type) {
    case 'accusation':
      return words(`${by} accused ${cardsInWords(game, e.cards)} ${e.correct ? 'correctly' : 'wrongly'}`, at);
    case 'suggest':
      return words(`${by} suggested ${set}`, at);
    case 'nocard':
      return words(`${by} passed on ${set}`, at);
    case 'showcard':
      return words(shows(e.by, e.to, e.shown), at);
    case 'suggestion': {
      if (e.shownBy === null) return `${words(`${by} suggested ${set}`, at)}: nobody could show a card`;
      const passed = passers(e, game.players.length, game.rules).map((s) => seatInWords(game, s));
      const passes = passed.length === 0 ? '' : `${joinList(passed)} passed, `;
      return `${words(`${by} suggested ${set}`, at)}: ${passes}${shows(e.shownBy, e.by, e.shown)}`;
    }
  }
}
