// The game as the advisor keeps it: exactly the library's log format (docs/game-log.md), plus what
// the format has no field for (board or card game, where the pawn is), saved in the browser's
// localStorage. Only a game the engine opened is ever saved.
import { CLASSIC_CATEGORIES } from '../model/deck.js';
import { defaultHandSizes } from '../model/game.js';
import { nameKey, nameMatches, nameProblem } from '../model/names.js';
import { isReservedOwnerName } from '../model/owners.js';
import { quote } from '../model/quote.js';
import type { GameLog, GameLogEvent, LogWords } from '../io/log.js';
import { readPawn, type PawnInput } from './board-advice.js';
import { counted } from '../model/numbers.js';

export interface Saved {
  /** The game's id in the list of saved games (saved-games.ts). */
  id?: string;
  log: GameLog | null;
  /** The event lists before each change (an entry, an edit, a deletion), the latest last. */
  undo: GameLogEvent[][];
  /** The event lists undone, the next to redo last. */
  redo: GameLogEvent[][];
  board: boolean;
  /** On the board: where the pawns are, who plays which, and the roll (the log format has no field for them). */
  pawn?: PawnInput;
}

export const STORAGE_KEY = 'cluedo-advisor';

/**
 * How the log reader's messages name a game the page made (the setup, an entry, a saved game): by
 * the words of the form, never by the JSON keys the player never saw. A log from a file keeps its
 * JSON paths, as its author wrote them.
 */
export const SETUP_WORDS: LogWords = { players: 'the players', me: '"I am"', myHand: 'your hand', faceUp: 'the face-up cards' };
/** The same for an entry of the form, the last event of its log. */
export const ENTRY_WORDS: LogWords = { ...SETUP_WORDS, by: 'the suggester', cards: 'the cards named', shownBy: '"Shown by"', shown: 'the card shown' };

export function deckOf(log: Pick<GameLog, 'deck'> | null): Record<string, string[]> {
  return log?.deck ?? (CLASSIC_CATEGORIES as Record<string, string[]>);
}

/** Whether `deck` is the classic deck: its categories and cards, in order (as a log the engine writes names it). */
export function isClassicDeck(deck: Record<string, string[]>): boolean {
  return JSON.stringify(Object.entries(deck)) === JSON.stringify(Object.entries(CLASSIC_CATEGORIES));
}

/**
 * What the next game at the same table starts from: the deck, the players and my seat (or that I
 * watch) of `log`; a new deal, so no hand, no face-up cards and hand sizes dealt evenly again.
 */
export function nextGameDraft(log: GameLog): GameLog {
  return { ...(log.deck !== undefined && { deck: log.deck }), players: log.players, ...(log.me != null && { me: log.me }), events: [] };
}

export function evenHandSizes(deck: Record<string, string[]>, players: number, faceUp: number): number[] {
  const cards = Object.values(deck).reduce((n, c) => n + c.length, 0);
  const categories = Object.keys(deck).length;
  return defaultHandSizes(Math.max(0, cards - categories - faceUp), Math.max(1, players));
}

export function load(): Saved {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (text) {
      const saved = JSON.parse(text) as Saved;
      if (saved && typeof saved === 'object' && 'log' in saved) {
        return { ...(typeof saved.id === 'string' && { id: saved.id }), log: saved.log, ...history(saved), board: !!saved.board, pawn: readPawn(saved.pawn) };
      }
    }
  } catch {
    // Nothing saved, or storage refused: start afresh.
  }
  return { log: null, undo: [], redo: [], board: false };
}

/** The undo and redo stacks as saved; an older page saved the events to redo one by one (the next last). */
function history(saved: { log: GameLog | null; undo?: unknown; redo?: unknown }): Pick<Saved, 'undo' | 'redo'> {
  const lists = (x: unknown): GameLogEvent[][] => (Array.isArray(x) && x.every(Array.isArray) ? (x as GameLogEvent[][]) : []);
  const redo = Array.isArray(saved.redo) ? saved.redo : [];
  if (redo.length > 0 && !redo.every(Array.isArray)) {
    const events = saved.log?.events ?? [];
    const next = [...(redo as GameLogEvent[])].reverse();
    return { undo: [], redo: next.map((_, k) => [...events, ...next.slice(0, k + 1)]).reverse() };
  }
  return { undo: lists(saved.undo), redo: lists(redo) };
}

export function save(saved: Saved): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Private mode or full storage: the game lives on in the page.
  }
}

/** A card name as typed: the deck's own spelling when it names exactly one card (model/names.ts), else as typed. */
export function resolveCard(cards: readonly string[], typed: string): string {
  const hits = nameMatches(cards, typed);
  return hits.length === 1 ? cards[hits[0]] : typed.trim();
}

/**
 * The seat chosen after the players' names were edited from `before` to `after` (the names as
 * typed, one per comma-separated place, empty ones included, so that a name retyped letter by letter
 * keeps its place): the same player wherever it now is (players added, removed or moved around it),
 * else the same place when there are as many (the player renamed), else none: the player's seat is
 * never guessed, it is chosen again.
 */
export function followSeat(before: readonly string[], after: readonly string[], seat: number): number | null {
  const key = nameKey(before[seat] ?? '');
  if (key !== '') {
    if (nameKey(after[seat] ?? '') === key) return seat;
    const moved = after.findIndex((name) => nameKey(name) === key);
    if (moved >= 0) return moved;
  }
  return after.length === before.length ? seat : null;
}

/** What a new game's setup is: the players in seat order, who I am, my hand, the face-up cards, the hand sizes. */
export interface SetupForm {
  deck: Record<string, string[]>;
  players: string[];
  /** My seat's name; '' for a spectator; null while no seat is chosen. */
  me: string | null;
  hand: string[];
  faceUp: string[];
  handSizes: number[];
}

/**
 * What is still wrong with a setup, in a player's words ("My hand: 2 of 3 cards chosen"), checked
 * as the form is filled: an empty list when the game can start.
 */
export function setupProblems(form: SetupForm): string[] {
  const problems: string[] = [];
  const cards = Object.values(form.deck).reduce((n, c) => n + c.length, 0);
  const dealt = cards - Object.keys(form.deck).length - form.faceUp.length;
  if (form.players.length < 2) problems.push('Name at least two players, in seat order.');
  for (const p of form.players) {
    const problem = nameProblem(p);
    if (problem !== null) problems.push(`Player ${quote(p)}: ${problem}.`);
  }
  // Names are told apart as every name is matched (model/names.ts).
  const keys = form.players.map(nameKey);
  const twice = form.players.find((_, i) => keys.indexOf(keys[i]) !== i);
  if (twice !== undefined) problems.push(`Two players are called ${twice}: give each a name of their own.`);
  if (form.players.some(isReservedOwnerName)) problems.push('"Envelope" and "table" cannot be players\' names.');
  if (dealt < 0) problems.push(`Too many face-up cards: ${form.faceUp.length}, but only ${cards - Object.keys(form.deck).length} are left after the envelope.`);
  const sum = form.handSizes.reduce((a, b) => a + b, 0);
  if (form.handSizes.some((h) => !Number.isInteger(h) || h < 0)) problems.push('Hand sizes are whole numbers, 0 or more.');
  else if (dealt >= 0 && sum !== dealt) problems.push(`Hand sizes: ${sum} of the ${dealt} cards dealt.`);
  if (form.me === null) problems.push('I am: choose your seat, or "nobody (I watch)".');
  const seat = form.me === null ? -1 : form.players.indexOf(form.me);
  if (seat >= 0 && form.handSizes[seat] !== undefined && form.hand.length !== form.handSizes[seat]) {
    problems.push(`My hand: ${form.hand.length} of ${counted(form.handSizes[seat], 'card')} chosen.`);
  }
  const both = form.hand.find((c) => form.faceUp.includes(c));
  if (both !== undefined) problems.push(`${both} is in my hand and face up: it can only be one.`);
  return problems;
}
