// What a tournament summarises: the contract between the statistics and the reports.

/** An estimate with its 95% confidence interval. `high` is Infinity (null in JSON) when the interval is open above. */
export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/** One row of the summary: an agent, or in a solo run an agent in one role ("naive (solo)"). */
export interface AgentSummary {
  /** The agent's label; in solo runs followed by its role: "naive (solo)", "random (field)". */
  agent: string;
  /** Games in which it had a seat: the independent units of every interval. */
  games: number;
  /** Seat-games played by this agent. */
  seatGames: number;
  wins: number;
  /** Wins per seat-game (a ratio over games), with its cluster-robust 95% interval. */
  winRate: Interval;
  /** Its own turns when it won: mean (t interval over games) and median (Woodruff's interval). */
  meanTurnsToWin: Interval | null;
  medianTurnsToWin: Interval | null;
  /** Its own turns when it first became certain, over the seat-games where it did. */
  meanTurnsToCertain: Interval | null;
  medianTurnsToCertain: Interval | null;
  /** Share of its seat-games in which it became certain, with its interval (as winRate). */
  certainRate: Interval;
  wrongAccusations: number;
  /** Its seats that left a game because its agent failed (a program's or a module's): an illegal reply, a timeout, a crash. Zeros for a built-in agent. */
  faults: { illegal: number; timeout: number; crash: number };
  /** The win rate if every seat at its tables were equally likely to win: 1/players averaged over its seat-games (null with none). */
  equalShare: number | null;
  /** How many of its seat-games first became certain at each of its own turns (turns with none left out), ascending. */
  turnsToCertain: { turn: number; seatGames: number }[];
  /** On a board: the share of its turns that ended on a cell, entering no room (so no suggestion), with its interval. */
  movingShare?: Interval;
  /** On a board: the rooms its pawn entered in a game, mean with its interval. */
  meanRoomsVisited?: Interval | null;
}

export interface HeadToHead {
  /** Games with both agents seated and won by a seat of one of them. */
  games: number;
  /** Of those, the games won by the row agent. */
  won: number;
  /** won / games with a 95% Wilson interval (games are independent); null when games is 0. */
  share: Interval | null;
}

export interface Summary {
  games: number;
  unsolvedGames: number;
  agents: AgentSummary[];
  /** headToHead[a][b]: a against b, for every pair of distinct rows. */
  headToHead: Record<string, Record<string, HeadToHead>>;
  /** On a board: suggestions made in each room over all games. */
  suggestionsByRoom?: Record<string, number>;
}
