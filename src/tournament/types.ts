// What a simulated game reports, and what a tournament summarises. The contract between the
// simulator (src/game, src/agents), the statistics and the reports.

export interface SeatResult {
  seat: number;
  /** Label of the agent in this seat, as given on the command line (e.g. "entropy:samples=5000"). */
  agent: string;
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
}

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

export interface AgentSummary {
  agent: string;
  /** Seat-games played by this agent. */
  seatGames: number;
  wins: number;
  /** Wins per seat-game, with a 95% Wilson interval. */
  winRate: Interval;
  /** Over its winning seat-games: mean (95% t interval) and median (95% order-statistic interval). */
  meanTurnsToWin: Interval | null;
  medianTurnsToWin: Interval | null;
  /** Over seat-games where it became certain. */
  meanTurnsToCertain: Interval | null;
  medianTurnsToCertain: Interval | null;
  /** Share of its seat-games in which it became certain. */
  certainRate: number;
  wrongAccusations: number;
}

export interface Summary {
  games: number;
  unsolvedGames: number;
  agents: AgentSummary[];
  /**
   * headToHead[a][b]: among games with both agent a and agent b seated and won by one of them,
   * the share won by a (null when there is no such game).
   */
  headToHead: Record<string, Record<string, { games: number; share: number | null }>>;
}
