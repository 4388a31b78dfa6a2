// The game as the advisor keeps it: exactly the CLI's log format (docs/game-log.md), plus what
// the format has no field for (board or card game), saved in the browser's localStorage.
import { CLASSIC_CATEGORIES } from '../model/deck.js';
import { defaultHandSizes } from '../model/game.js';
import { readPawn, type PawnInput } from './board-advice.js';
import { nameMatches } from '../model/names.js';

export type LogEvent =
  | { type: 'suggestion'; by: string; cards: string[]; shownBy: string | null; shown?: string }
  | { type: 'accusation'; by: string; cards: string[]; correct: boolean };

export interface GameLog {
  deck?: Record<string, string[]>;
  players: string[];
  handSizes?: number[];
  faceUp?: string[];
  me?: string;
  myHand?: string[];
  events: LogEvent[];
  [key: string]: unknown;
}

export interface Saved {
  log: GameLog | null;
  /** Events undone, the next to redo last. */
  redo: LogEvent[];
  board: boolean;
  /** On the board: where my pawn is and the roll, as typed (the log format has no field for them). */
  pawn?: PawnInput;
}

export const STORAGE_KEY = 'cluedo-advisor';

export function deckOf(log: Pick<GameLog, 'deck'> | null): Record<string, string[]> {
  return log?.deck ?? (CLASSIC_CATEGORIES as Record<string, string[]>);
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
      if (saved && typeof saved === 'object' && 'log' in saved) return { log: saved.log, redo: saved.redo ?? [], board: !!saved.board, pawn: readPawn(saved.pawn) };
    }
  } catch {
    // Nothing saved, or storage refused: start afresh.
  }
  return { log: null, redo: [], board: false };
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

/** The seats that passed: strictly between the suggester and the refuter (everyone else when nobody refuted). */
export function passedSeats(players: readonly string[], by: string, shownBy: string | null): string[] {
  const start = players.indexOf(by);
  if (start < 0) return [];
  const out: string[] = [];
  for (let k = 1; k < players.length; k++) {
    const seat = players[(start + k) % players.length];
    if (seat === shownBy) break;
    out.push(seat);
  }
  return out;
}

/** One line per event, as the table would say it. */
export function describe(e: LogEvent): string {
  if (e.type === 'accusation') return `${e.by} accused ${e.cards.join(', ')}: ${e.correct ? 'correct' : 'wrong'}`;
  const answer = e.shownBy === null ? 'nobody showed' : `${e.shownBy} showed ${e.shown ?? 'a card'}`;
  return `${e.by} suggested ${e.cards.join(', ')}; ${answer}`;
}
