// A small set of finished games for the summary and report tests.
import type { GameResult, SeatResult } from '../../src/tournament/results.js';

export function seat(seat: number, agent: string, fields: Partial<SeatResult> = {}): SeatResult {
  return { seat, agent, won: false, eliminated: false, wrongAccusations: 0, turnsTaken: 0, turnsToWin: null, turnsToCertain: null, ...fields };
}

// Two agents, "a" and "b:x=1,y"; four games, agents in several seats of a game.
export const B = 'b:x=1,y';
export const GAMES: GameResult[] = [
  {
    game: 0,
    seats: ['a', B, 'a'],
    winner: 2,
    unsolved: false,
    turns: 14,
    rounds: 5,
    seatResults: [
      seat(0, 'a', { turnsTaken: 5 }),
      seat(1, B, { eliminated: true, wrongAccusations: 1, turnsTaken: 4, turnsToCertain: 3 }),
      seat(2, 'a', { won: true, turnsTaken: 5, turnsToWin: 5, turnsToCertain: 4 }),
    ],
  },
  {
    game: 1,
    seats: [B, 'a', B],
    winner: 0,
    unsolved: false,
    turns: 16,
    rounds: 6,
    seatResults: [
      seat(0, B, { won: true, turnsTaken: 6, turnsToWin: 6, turnsToCertain: 6 }),
      seat(1, 'a', { turnsTaken: 5, turnsToCertain: 5 }),
      seat(2, B, { eliminated: true, wrongAccusations: 1, turnsTaken: 5 }),
    ],
  },
  {
    game: 2,
    seats: ['a', 'a'],
    winner: null,
    unsolved: true,
    turns: 20,
    rounds: 10,
    seatResults: [seat(0, 'a', { turnsTaken: 10 }), seat(1, 'a', { eliminated: true, wrongAccusations: 1, turnsTaken: 10, turnsToCertain: 8 })],
  },
  {
    game: 3,
    seats: [B, 'a'],
    winner: 1,
    unsolved: false,
    turns: 6,
    rounds: 3,
    seatResults: [seat(0, B, { turnsTaken: 3, turnsToCertain: 2 }), seat(1, 'a', { won: true, turnsTaken: 3, turnsToWin: 3, turnsToCertain: 3 })],
  },
];
