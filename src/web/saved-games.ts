// The games kept in this browser: every game played here, the current one included, so that
// starting or loading another never loses one. Each is its log (docs/game-log.md) with what the
// log format has no field for (board or cards, the pawn), stamped when last changed. The undo
// history stays with the current game only.
import type { GameLog } from '../io/log.js';
import { winningAccusation } from '../model/rules.js';
import { counted } from '../model/numbers.js';
import { readPawn, type PawnInput } from './board-advice.js';

export interface SavedGame {
  id: string;
  /** When it last changed (ms since the epoch). */
  savedAt: number;
  log: GameLog;
  board: boolean;
  pawn?: PawnInput;
}

export const GAMES_KEY = 'cluedo-advisor-games';
/** The oldest games beyond this many are dropped (a browser's storage holds a few megabytes). */
const MAX_GAMES = 100;

export function newGameId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The games kept, the latest changed first; anything unreadable is skipped. */
export function listGames(): SavedGame[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GAMES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((g): g is SavedGame => !!g && typeof g === 'object' && typeof g.id === 'string' && typeof g.savedAt === 'number' && !!g.log && Array.isArray(g.log.players))
      .map((g) => ({ ...g, board: !!g.board, pawn: readPawn(g.pawn) }))
      .sort((a, b) => b.savedAt - a.savedAt);
  } catch {
    return [];
  }
}

function store(games: SavedGame[]): void {
  try {
    localStorage.setItem(GAMES_KEY, JSON.stringify(games.slice(0, MAX_GAMES)));
  } catch {
    // Full or refused storage: the list stays as it was.
  }
}

/** Keeps `game` (replacing the one of its id), stamped now unless its log is unchanged. */
export function keepGame(game: Omit<SavedGame, 'savedAt'>): void {
  const games = listGames();
  const before = games.find((g) => g.id === game.id);
  if (before && JSON.stringify(before.log) === JSON.stringify(game.log) && before.board === game.board && JSON.stringify(before.pawn) === JSON.stringify(game.pawn)) return;
  store([{ ...game, savedAt: Date.now() }, ...games.filter((g) => g.id !== game.id)]);
}

export function forgetGame(id: string): void {
  store(listGames().filter((g) => g.id !== id));
}

/** "Ann, Bob, Cat, Dan · 12 turns": a game in a list. */
export function gameSummary(log: GameLog): string {
  const turns = log.events?.length ?? 0;
  return `${log.players.join(', ')} · ${counted(turns, 'turn')}`;
}

/** The player who won the game of `log` (its correct accusation), or null while it goes on. */
export function winnerOf(log: GameLog): string | null {
  const events = log.events ?? [];
  const i = winningAccusation(events);
  const won = i === null ? null : events[i];
  return won?.type === 'accusation' ? won.by : null;
}

/** The file name a download of the game gets: cluedo-2026-11-26-1430.json. */
export function downloadName(savedAt: number): string {
  const d = new Date(savedAt);
  const two = (n: number) => String(n).padStart(2, '0');
  return `cluedo-${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}.json`;
}

/** A link's href that downloads the log as a file. */
export function logHref(log: GameLog): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(log, null, 1))}`;
}
