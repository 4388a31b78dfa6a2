// What a played game reports: the contract between the game loop, tournaments and their reports.

/** In a solo measurement: the one seat measured, or one of the field around it. */
export type SeatRole = 'solo' | 'field';

export interface SeatResult {
  seat: number;
  /** Label of the agent in this seat, as given on the command line (e.g. "entropy:samples=5000"). */
  agent: string;
  /** Set in solo measurements only: the solo seat and the field are summarised apart, even when they are the same agent. */
  role?: SeatRole;
  won: boolean;
  /** Out after a wrong accusation. */
  eliminated: boolean;
  wrongAccusations: number;
  /** Turns this seat took (suggestions it made). */
  turnsTaken: number;
  /** Its own turn count when it won, or null. */
  turnsToWin: number | null;
  /** Its own turn count when it first knew the solution for certain (by its own reasoning), or null. */
  turnsToCertain: number | null;
  /** On a board: its turns that ended on a cell (no room entered, no suggestion). */
  turnsMoving?: number;
  /** On a board: how many different rooms its pawn entered. */
  roomsVisited?: number;
}

export interface GameResult {
  /** Index of the game in the run (0-based); with the run's seed it reproduces the game. */
  game: number;
  /** Agent label per seat. */
  seats: string[];
  /** Winning seat, or null when nobody won. */
  winner: number | null;
  /** True when the game hit the turn cap or every seat was out without a winner. */
  unsolved: boolean;
  /** Turns played in all (every seat's turns). */
  turns: number;
  /** Rounds started (a round is one turn of every seat still in). */
  rounds: number;
  seatResults: SeatResult[];
  /** On a board: suggestions made in each room, in board order (conservatory, ball room, kitchen, dining room, lounge, hall, study, library, billiard room). */
  suggestionsByRoom?: number[];
}
