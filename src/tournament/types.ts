// What a tournament summarises: the contract between the statistics and the reports.

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
