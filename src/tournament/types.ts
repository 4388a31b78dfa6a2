// What a tournament summarises: the contract between the statistics and the reports.
import { FAULT_KINDS, type FaultKind, type FaultReason } from '../game/agent.js';

/** An estimate with its 95% confidence interval. `high` is Infinity (null in JSON) when the interval is open above, `low` −Infinity (null) when open below. */
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
  /** Share of its seat-games in which it became certain, with its interval (as winRate); null when it does not report certainty. */
  certainRate: Interval | null;
  /**
   * Whether its agent says when it is certain (a program only with the protocol's certain
   * extension). When false, certainRate is null and the turns to certain are unknown, not "never".
   */
  reportsCertainty: boolean;
  wrongAccusations: number;
  /** Its seats that left a game because its agent failed (a program's or a module's): an illegal reply, a timeout, a crash. Zeros for a built-in agent. */
  faults: { illegal: number; timeout: number; crash: number };
  /** With faults: the first FAULT_REASONS_KEPT of them, by game then seat, each with its reason. */
  faultReasons?: FaultRecord[];
  /** The win rate if every seat at its tables were equally likely to win: 1/players averaged over its seat-games (null with none). */
  equalShare: number | null;
  /** How many of its seat-games first became certain at each of its own turns (turns with none left out), ascending. */
  turnsToCertain: { turn: number; seatGames: number }[];
  /** On a board: the share of its turns that ended on a cell, entering no room (so no suggestion), with its interval. */
  movingShare?: Interval;
  /** On a board: the rooms its pawn entered in a game, mean with its interval. */
  meanRoomsVisited?: Interval | null;
}

/**
 * The faults whose reasons a summary keeps, per row: a broken program faults in every game, and
 * the summary must not grow with the games (every game's own record has its reason).
 */
export const FAULT_REASONS_KEPT = 10;

/** An agent's faults of every kind. */
export function faultCount(faults: AgentSummary['faults']): number {
  return FAULT_KINDS.reduce((n, kind) => n + faults[kind], 0);
}

/** A fault of an agent from outside: where (the game, the seat), its kind, and why (the request, the reply, what was wrong). */
export interface FaultRecord extends FaultReason {
  game: number;
  seat: number;
  kind: FaultKind;
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
  /** In a league: the agents rated, and how balanced the tables were. */
  league?: LeagueSummary;
}

/** One agent's rating in a league: its strength in Luce's model of who wins a game. */
export interface AgentRating {
  agent: string;
  /** 1 for the strongest estimate (equal estimates: in the order of the agents). */
  rank: number;
  /**
   * Log-strength θ, mean 0 over the agents with a finite one, with its 95% interval θ ± 1.96·standardError.
   * An agent that won none of its decided games has estimate and low −∞ (null in JSON) and high the
   * upper end of its likelihood-ratio interval; one that won all of them, estimate and high ∞ and low the lower end.
   */
  strength: Interval;
  /** The standard error of a finite θ, from the inverse observed information; null at a boundary. */
  standardError: number | null;
  /**
   * Its chance to win a game that someone wins, at a table of `players` with players − 1 agents of
   * the average strength: e^θ / (e^θ + players − 1), its interval that of the strength mapped.
   */
  chance: Interval;
  /** Games won by someone at which it had a seat, and those it won: the games the rating reads. */
  decidedGames: number;
  wins: number;
}

export interface LeagueSummary {
  /** Seats at every table. */
  players: number;
  /** Agents in the pool. */
  agents: number;
  /** Games in a full cycle of tables (every set of `players` agents, in every seat): C(agents, players) · players; null beyond 2^53. */
  gamesPerCycle: number | null;
  /** Games someone won (a game nobody won says nothing about who is stronger). */
  decidedGames: number;
  /** The prior: each agent is credited with this many wins, and as many losses, against a fictitious agent of strength 1 at a table of two. */
  pseudoGames: number;
  /** The agents with at least one decided game, strongest first. */
  ratings: AgentRating[];
  /** Whether wins link every agent of finite strength to every other both ways; if not, the prior keeps some of them apart. */
  orderedByGames: boolean;
  /** The agents without a decided game: nothing to rate them by. */
  unrated: string[];
  /** Games per agent and per pair of agents, fewest and most: equal after whole cycles. */
  balance: { agentGames: { min: number; max: number }; pairGames: { min: number; max: number } };
}
