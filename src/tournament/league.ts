// A league's summary: the games of every table composition (which agents sat, how many seats
// each, who won), kept as integer counts that merge exactly, and what they give: each agent's
// rating in Luce's model (luce.ts) and how evenly the tables spread the agents and the pairs.
import type { GameResult } from './results.js';
import type { AgentRating, AgentSummary, Interval, LeagueSummary, Summary } from './types.js';
import { boundaryBound, DEFAULT_PSEUDO, fitLuce, stronglyConnected, type LuceTable } from './luce.js';
import { leagueCycle } from './league-schedule.js';
import { Z_95 } from './statistics.js';
import { forCount } from '../model/numbers.js';

/** The games at one table composition. */
export interface CompositionTally {
  /** The row labels of the agents at the table, sorted (by UTF-16 code units). */
  agents: string[];
  /** Seats of each at the table. */
  seats: number[];
  /** Games played at it. */
  games: number;
  /** Games won by a seat of each; the rest of `games` nobody won. */
  won: number[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const keyOf = (c: Pick<CompositionTally, 'agents' | 'seats'>) => JSON.stringify([c.agents, c.seats]);

function tallyOf(compositions: CompositionTally[], agents: string[], seats: number[]): CompositionTally {
  const key = keyOf({ agents, seats });
  let tally = compositions.find((c) => keyOf(c) === key);
  if (tally === undefined) {
    tally = { agents, seats, games: 0, won: agents.map(() => 0) };
    compositions.push(tally);
  }
  return tally;
}

/** Adds one game to the compositions (in place); `label` names a seat's row (summary.ts's rowLabel). */
export function addComposition(compositions: CompositionTally[], game: GameResult, label: (seat: GameResult['seatResults'][number]) => string): void {
  const seats = new Map<string, number>();
  for (const seat of game.seatResults) seats.set(label(seat), (seats.get(label(seat)) ?? 0) + 1);
  const agents = [...seats.keys()].sort(byText);
  const tally = tallyOf(compositions, agents, agents.map((a) => seats.get(a)!));
  tally.games++;
  const winner = game.winner === null ? undefined : game.seatResults.find((s) => s.seat === game.winner);
  if (winner !== undefined) tally.won[agents.indexOf(label(winner))]++;
}

/** Adds the compositions of `from` into `into` (in place). */
export function mergeCompositions(into: CompositionTally[], from: readonly CompositionTally[]): void {
  for (const c of from) {
    const tally = tallyOf(into, [...c.agents], [...c.seats]);
    tally.games += c.games;
    c.won.forEach((w, i) => (tally.won[i] += w));
  }
}

/** The compositions in a canonical order (by agents, then seats): the same games give the same bytes. */
export function canonicalCompositions(compositions: readonly CompositionTally[]): CompositionTally[] {
  return [...compositions].sort((a, b) => byText(keyOf(a), keyOf(b)));
}

/** A problem of a composition read from a file (lists of different lengths, more wins than games), or null. */
export function compositionProblem(c: CompositionTally): string | null {
  if (c.agents.length === 0) return 'a table of no agent';
  if (c.seats.length !== c.agents.length || c.won.length !== c.agents.length) return `agents, seats and won differ in length (${c.agents.length}, ${c.seats.length}, ${c.won.length})`;
  if (new Set(c.agents).size !== c.agents.length || c.agents.some((a, i) => i > 0 && byText(c.agents[i - 1], a) >= 0)) return 'agents are not sorted and distinct';
  const wins = c.won.reduce((a, b) => a + b, 0);
  if (wins > c.games) return `${wins} ${forCount(wins, 'win')} in ${c.games} ${forCount(c.games, 'game')}`;
  return null;
}

/** The fewest and most of some counts (0 and 0 for none). */
function range(counts: readonly number[]): { min: number; max: number } {
  if (counts.length === 0) return { min: 0, max: 0 };
  return { min: counts.reduce((a, b) => Math.min(a, b)), max: counts.reduce((a, b) => Math.max(a, b)) };
}

/** Games per agent of `labels`, and per pair of them, over the compositions. */
function balanceOf(compositions: readonly CompositionTally[], labels: readonly string[]): LeagueSummary['balance'] {
  const index = new Map(labels.map((l, i) => [l, i]));
  const agentGames = labels.map(() => 0);
  const pairGames = labels.map(() => labels.map(() => 0));
  for (const c of compositions) {
    const at = c.agents.map((a) => index.get(a)).filter((i): i is number => i !== undefined);
    for (const i of at) agentGames[i] += c.games;
    for (const i of at) for (const j of at) if (i < j) pairGames[i][j] += c.games;
  }
  return { agentGames: range(agentGames), pairGames: range(pairGames.flatMap((row, i) => row.slice(i + 1))) };
}

/** e^θ / (e^θ + others): the chance to win against `others` agents of strength 1 (0 and 1 at the ends). */
function chanceAgainst(theta: number, others: number): number {
  return theta === Infinity ? 1 : 1 / (1 + others * Math.exp(-theta));
}

/** Where an agent's strength lies: finite, or at a boundary (it won none of its decided games, or all). */
type Place = 'finite' | 'never won' | 'always won';

/** The rating of each agent of the fit, at its place: a finite strength with its information interval, or a boundary with its one-sided bound. */
function ratingsOf(rated: readonly string[], tables: readonly LuceTable[], players: number): AgentRating[] {
  const totals = rated.map((_, i) => {
    const mine = tables.filter((t) => t.members.includes(i));
    const decidedGames = mine.reduce((n, t) => n + t.won.reduce((a, b) => a + b, 0), 0);
    return { decidedGames, wins: mine.reduce((n, t) => n + t.won[t.members.indexOf(i)], 0) };
  });
  const places = totals.map(({ decidedGames, wins }): Place => (wins === 0 ? 'never won' : wins === decidedGames ? 'always won' : 'finite'));
  const finite = places.flatMap((p, i) => (p === 'finite' ? [i] : []));
  // The mean of 0 is that of the finite strengths (of all, when none is).
  const fit = fitLuce(rated.length, tables, { centreOver: finite.length > 0 ? finite : undefined });
  const chance = (x: number) => chanceAgainst(x, players - 1);
  return rated.map((agent, i) => {
    const place = places[i];
    let strength: Interval;
    let standardError: number | null = null;
    if (place === 'never won') strength = { estimate: -Infinity, low: -Infinity, high: boundaryBound(i, fit.strength, tables) };
    else if (place === 'always won') strength = { estimate: Infinity, low: boundaryBound(i, fit.strength, tables), high: Infinity };
    else {
      const theta = fit.strength[i];
      standardError = Math.sqrt(Math.max(0, fit.covariance[i][i]));
      strength = { estimate: theta, low: theta - Z_95 * standardError, high: theta + Z_95 * standardError };
    }
    const rating = { estimate: chance(strength.estimate), low: chance(strength.low), high: chance(strength.high) };
    return { agent, rank: 0, strength, standardError, chance: rating, ...totals[i] };
  });
}

/** Strongest first, equal estimates in the order of the pool (a stable sort); equal estimates share a rank. */
function ranked(ratings: AgentRating[]): AgentRating[] {
  const out = [...ratings].sort((a, b) => (a.strength.estimate === b.strength.estimate ? 0 : b.strength.estimate - a.strength.estimate));
  for (const r of out) r.rank = 1 + out.filter((o) => o.strength.estimate > r.strength.estimate).length;
  return out;
}

/**
 * Whether the games order every finite-strength agent against every other through wins (the beat
 * graph among them, boundary agents left out, is strongly connected); if not, the prior keeps some
 * of their strengths apart.
 */
function orderedByGames(rated: readonly string[], tables: readonly LuceTable[], ratings: readonly AgentRating[]): boolean {
  const finite = rated.flatMap((a, i) => (Number.isFinite(ratings.find((r) => r.agent === a)!.strength.estimate) ? [i] : []));
  if (finite.length < 2) return true;
  const at = new Map(finite.map((a, i) => [a, i]));
  const among = tables.map((t) => {
    const keep = t.members.flatMap((a, i) => (at.has(a) ? [i] : []));
    return { members: keep.map((i) => at.get(t.members[i])!), seats: keep.map((i) => t.seats[i]), won: keep.map((i) => t.won[i]) };
  });
  return stronglyConnected(finite.length, among);
}

/**
 * The league summary of the compositions, for the agents `labels` (the pool, in its order): every
 * agent with a decided game at its table is rated together (luce.ts, with its default prior),
 * strongest first.
 */
export function leagueSummary(compositions: readonly CompositionTally[], labels: readonly string[]): LeagueSummary {
  const players = compositions.reduce((most, c) => Math.max(most, c.seats.reduce((a, b) => a + b, 0)), 0);
  const decided = compositions.map((c) => ({ ...c, decided: c.won.reduce((a, b) => a + b, 0) })).filter((c) => c.decided > 0);
  const rated = labels.filter((l) => decided.some((c) => c.agents.includes(l)));
  const index = new Map(rated.map((l, i) => [l, i]));
  const tables: LuceTable[] = decided
    .filter((c) => c.agents.every((a) => index.has(a)))
    .map((c) => ({ members: c.agents.map((a) => index.get(a)!), seats: c.seats, won: c.won }));
  const ratings = rated.length >= 2 ? ranked(ratingsOf(rated, tables, players)) : [];
  const cycle = players >= 2 && players <= labels.length ? leagueCycle(labels.length, players) : null;
  return {
    players,
    agents: labels.length,
    gamesPerCycle: cycle !== null && cycle <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cycle) : null,
    decidedGames: decided.reduce((n, c) => n + c.decided, 0),
    pseudoGames: DEFAULT_PSEUDO,
    ratings,
    orderedByGames: orderedByGames(rated, tables, ratings),
    unrated: labels.filter((l) => !ratings.some((r) => r.agent === l)),
    balance: balanceOf(compositions, labels),
  };
}

/** A league's rows in the order of its ratings, strongest first, then the agents it could not rate; another summary's as they are. */
export function rankedAgents(summary: Summary): AgentSummary[] {
  const league = summary.league;
  if (league === undefined) return summary.agents;
  const rank = (a: AgentSummary) => league.ratings.find((r) => r.agent === a.agent)?.rank ?? Infinity;
  return [...summary.agents].sort((a, b) => rank(a) - rank(b));
}
