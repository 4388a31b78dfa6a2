// The CSV of a tournament: one row per seat and game.
import { stringify } from 'csv-stringify/sync';
import type { GameResult } from '../play/results.js';

export const CSV_COLUMNS = [
  'game',
  'seat',
  'agent',
  'role',
  'won',
  'eliminated',
  'wrongAccusations',
  'turnsTaken',
  'turnsToWin',
  'turnsToCertain',
  'winner',
  'unsolved',
  'turns',
  'rounds',
] as const;

/**
 * A header and one row per seat-game, newline-terminated (RFC 4180 quoting: a field holding a
 * comma, quote or line break is quoted, quotes doubled). Null is an empty cell; booleans are
 * true/false; role is empty outside solo runs.
 */
export function toCsv(results: readonly GameResult[]): string {
  const rows = results.flatMap((game) =>
    game.seatResults.map((seat) => [
      game.game,
      seat.seat,
      seat.agent,
      seat.role ?? null,
      seat.won,
      seat.eliminated,
      seat.wrongAccusations,
      seat.turnsTaken,
      seat.turnsToWin,
      seat.turnsToCertain,
      game.winner,
      game.unsolved,
      game.turns,
      game.rounds,
    ]),
  );
  return stringify([[...CSV_COLUMNS], ...rows], { cast: { boolean: (value) => String(value) } });
}
