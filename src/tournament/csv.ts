// The CSV of a tournament: one row per seat and game.
import { stringify } from 'csv-stringify/sync';
import type { GameResult } from './results.js';
import { NOT_REPORTED } from './format.js';

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

/** Added on a board: the seat's turns that entered no room, and the rooms its pawn entered. */
export const BOARD_CSV_COLUMNS = ['turnsMoving', 'roomsVisited'] as const;

/**
 * A header and one row per seat-game, newline-terminated (RFC 4180 quoting: a field holding a
 * comma, quote or line break is quoted, quotes doubled). Null is an empty cell; booleans are
 * true/false; role is empty outside solo runs; turnsToCertain is "n/a" for a seat whose agent
 * does not report certainty. Games on a board add the board's columns.
 */
export function toCsv(results: readonly GameResult[]): string {
  const board = results.some((game) => game.suggestionsByRoom !== undefined);
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
      seat.reportsCertainty === false ? NOT_REPORTED : seat.turnsToCertain,
      game.winner,
      game.unsolved,
      game.turns,
      game.rounds,
      ...(board ? [seat.turnsMoving ?? null, seat.roomsVisited ?? null] : []),
    ]),
  );
  const header = board ? [...CSV_COLUMNS, ...BOARD_CSV_COLUMNS] : [...CSV_COLUMNS];
  return stringify([header, ...rows], { cast: { boolean: (value) => String(value) } });
}
