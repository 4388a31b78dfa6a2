// The thesis's experiment (../shared/seeds/cluedo-dynamic-epistemic-logic-prolog-thesis.txt, §4.4
// and its unity.pl, Appendix G): each measured agent plays its own games in seat 1 of 6 among
// scripted opponents, until its own query names the envelope. Its score is the thesis's "rounds":
// U, one per query of the measured agent (`sporring(L,T,P,W,U,U3) :- U2 is U+1, …`), the winning
// query included. Every agent plays the same deals (game g's deal depends on the seed and g only),
// so agents are also compared deal by deal.
import { CLASSIC_CATEGORIES } from '../model/deck.js';
import { parseAgentSpec, type AgentName } from '../agents/registry.js';
import type { GameResult } from './results.js';
import { addGameTurns, emptyTurnSums } from './cluster-sums.js';
import { DASH, formatCount, formatMeanInterval, formatMedianInterval, NONE } from './format.js';
import type { TournamentConfig } from './play.js';
import { clusteredMean, clusteredMedian } from './statistics.js';
import { studentTQuantile } from './student-t.js';
import { layoutTable } from './text-report.js';
import type { Interval } from './types.js';

export const THESIS_PLAYERS = 6;
/** No cap in the thesis; this one (100,000 rounds) only guards against a bug: the random agent passes it with probability below 10^-100. */
export const THESIS_MAX_TURNS = THESIS_PLAYERS * 100_000;
/**
 * The thesis's three agents: random (it never names its own cards: see README), naive (eliminates
 * the cards shown to it) and, for its "modal" agent, the deductive agent (complete deduction).
 */
export const THESIS_AGENTS = 'random:own=exclude,naive,deductive';

/** The thesis's figure for an agent of ours: mean rounds over its games (§4.4). */
export interface ThesisFigure {
  rounds: number;
  games: number;
  /** The thesis's agent. */
  agent: string;
}

export const THESIS_FIGURES: Partial<Record<AgentName, ThesisFigure>> = {
  random: { rounds: 134.3, games: 10, agent: 'random' },
  naive: { rounds: 13.43, games: 100, agent: 'without modality.pl' },
  deductive: { rounds: 8.05, games: 100, agent: 'with modality.pl ("modal")' },
};

export function thesisConfig(agent: string): TournamentConfig {
  return { deck: CLASSIC_CATEGORIES, players: THESIS_PLAYERS, agents: [agent], maxTurns: THESIS_MAX_TURNS, preset: 'thesis' };
}

/** U of a game of the experiment: the measured agent's (seat 0's) queries. */
export function roundsOf(game: GameResult): number {
  return game.seatResults[0].turnsTaken;
}

export interface ThesisRow {
  agent: string;
  games: number;
  /** Games that hit the turn cap (never, short of a bug): left out of the rounds. */
  unsolved: number;
  /** Rounds: mean with its t interval, median with Woodruff's (statistics.ts), over the solved games. */
  meanRounds: Interval | null;
  medianRounds: Interval | null;
  thesis: ThesisFigure | null;
}

export function thesisRow(agent: string, games: readonly GameResult[]): ThesisRow {
  const turns = emptyTurnSums();
  for (const game of games) if (game.winner === 0) addGameTurns(turns, [roundsOf(game)]);
  return {
    agent,
    games: games.length,
    unsolved: games.filter((g) => g.winner !== 0).length,
    meanRounds: clusteredMean(turns.sums),
    medianRounds: clusteredMedian(turns),
    thesis: THESIS_FIGURES[parseAgentSpec(agent).name] ?? null,
  };
}

/** The mean of `first`'s rounds minus `second`'s on the same deals (games both finished), with its t interval. */
export interface PairedDifference {
  first: string;
  second: string;
  games: number;
  difference: Interval | null;
}

export function pairedDifference(first: string, a: readonly GameResult[], second: string, b: readonly GameResult[]): PairedDifference {
  const byGame = new Map(b.filter((g) => g.winner === 0).map((g) => [g.game, roundsOf(g)]));
  const d = a.filter((g) => g.winner === 0 && byGame.has(g.game)).map((g) => roundsOf(g) - byGame.get(g.game)!);
  if (d.length < 2) return { first, second, games: d.length, difference: null };
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const variance = d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1);
  const half = studentTQuantile(0.975, d.length - 1) * Math.sqrt(variance / d.length);
  return { first, second, games: d.length, difference: { estimate: mean, low: mean - half, high: mean + half } };
}

function formatThesis(figure: ThesisFigure | null): string {
  return figure === null ? NONE : `${figure.rounds} (${figure.games} games, ${figure.agent})`;
}

/** The table of rounds per agent next to the thesis's figures, and the paired differences. */
export function renderThesis(rows: readonly ThesisRow[], pairs: readonly PairedDifference[]): string {
  const lines = layoutTable([
    { header: 'Agent', align: 'left', cells: rows.map((r) => r.agent) },
    { header: 'Games', align: 'right', cells: rows.map((r) => formatCount(r.games)) },
    { group: 'Rounds', header: 'mean [95% CI]', align: 'right', cells: rows.map((r) => formatMeanInterval(r.meanRounds, 2)) },
    { group: 'Rounds', header: 'median [95% CI]', align: 'right', cells: rows.map((r) => formatMedianInterval(r.medianRounds)) },
    { header: 'Thesis: mean rounds', align: 'left', cells: rows.map((r) => formatThesis(r.thesis)) },
  ]);
  if (pairs.length > 0) {
    lines.push('', 'On the same deals: mean difference in rounds [95% CI] (games)');
    for (const p of pairs) lines.push(`  ${p.first} ${DASH} ${p.second}: ${formatMeanInterval(p.difference, 2)} (${formatCount(p.games)})`);
  }
  const unsolved = rows.reduce((n, r) => n + r.unsolved, 0);
  if (unsolved > 0) lines.push('', `Games at the turn cap, left out: ${formatCount(unsolved)}`);
  return lines.join('\n');
}
