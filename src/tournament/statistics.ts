// Statistics for tournaments: confidence intervals for rates, means and medians, and the
// per-agent summary of a run (see types.ts for the contract).
import type { GameResult } from '../play/results.js';
import type { AgentSummary, Interval, Summary } from './types.js';

/** The 0.975 quantile of the standard normal: the z of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion (95% by default). The estimate is the plain
 * share successes / n; with n = 0 nothing is known: estimate 0 and the whole range [0, 1].
 */
export function wilson(successes: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { estimate: 0, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    estimate: p,
    low: successes <= 0 ? 0 : Math.max(0, centre - half),
    high: successes >= n ? 1 : Math.min(1, centre + half),
  };
}

// ---------------------------------------------------------------------------------------------
// Student's t distribution through the regularized incomplete beta function.

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7; about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < 9; i++) sum += LANCZOS[i] / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Continued fraction for the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const TINY = 1e-300;
  const EPS = 1e-16;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return h;
}

/**
 * The regularized incomplete beta function I_x(a, b). `oneMinusX` may be given when it is known
 * more precisely than 1 - x (it matters far in the tails).
 */
export function regularizedIncompleteBeta(x: number, a: number, b: number, oneMinusX = 1 - x): number {
  if (x <= 0) return 0;
  if (oneMinusX <= 0) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(oneMinusX));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, oneMinusX)) / b;
}

/** P(T > t) for t ≥ 0, T ~ Student t with df degrees of freedom. */
function studentTUpperTail(t: number, df: number): number {
  const t2 = t * t;
  // I_{df/(df+t²)}(df/2, 1/2) / 2, with 1 - x = t²/(df+t²) computed directly.
  return 0.5 * regularizedIncompleteBeta(df / (df + t2), df / 2, 0.5, t2 / (df + t2));
}

/** The cumulative distribution function of Student's t with df > 0 degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = studentTUpperTail(Math.abs(t), df);
  return t >= 0 ? 1 - tail : tail;
}

const quantileCache = new Map<string, number>();

/**
 * The p quantile of Student's t with df > 0 degrees of freedom, found by bisection on the exact
 * cumulative distribution (accurate to about 1e-12 relative).
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0 && p <= 1) || !(df > 0)) return NaN;
  if (p === 0.5) return 0;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  const key = `${p}:${df}`;
  const cached = quantileCache.get(key);
  if (cached !== undefined) return cached;
  const tail = 1 - p;
  let low = 0;
  let high = 1;
  while (studentTUpperTail(high, df) > tail) {
    low = high;
    high *= 2;
    if (high > 1e300) break;
  }
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (low + high);
    if (mid <= low || mid >= high) break;
    if (studentTUpperTail(mid, df) > tail) low = mid;
    else high = mid;
  }
  const result = 0.5 * (low + high);
  if (quantileCache.size < 10_000) quantileCache.set(key, result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Intervals for means and medians.

/**
 * The sample mean with a 95% t interval (Student t quantile for n − 1 degrees of freedom).
 * Null for no values; for one value the interval is that value.
 */
export function meanInterval(values: number[]): Interval | null {
  const n = values.length;
  if (n === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  if (n === 1) return { estimate: mean, low: mean, high: mean };
  let squares = 0;
  for (const v of values) squares += (v - mean) * (v - mean);
  const sd = Math.sqrt(squares / (n - 1));
  const half = studentTQuantile(0.975, n - 1) * (sd / Math.sqrt(n));
  return { estimate: mean, low: mean - half, high: mean + half };
}

/**
 * For a sample of n, the 1-based ranks (j, k = n + 1 − j) of the order statistics bounding a
 * distribution-free confidence interval for the median: the largest j whose coverage
 * P(j ≤ B ≤ k − 1), B ~ Binomial(n, 1/2), is at least `level`. Null when no interval reaches it
 * (n ≤ 5 at 95%).
 */
export function medianRanks(n: number, level = 0.95): { j: number; k: number; coverage: number } | null {
  if (n < 2) return null;
  // coverage(j) = 1 − 2·P(B ≤ j − 1); walk the lower tail until it is too heavy.
  const tailLimit = (1 - level) / 2;
  let logPmf = -n * Math.LN2; // ln P(B = 0)
  let cdf = 0; // P(B ≤ j − 1)
  let best: { j: number; k: number; coverage: number } | null = null;
  for (let j = 1; 2 * j <= n; j++) {
    // Add P(B = j − 1).
    cdf += Math.exp(logPmf);
    logPmf += Math.log((n - (j - 1)) / j);
    if (cdf > tailLimit) break;
    best = { j, k: n + 1 - j, coverage: 1 - 2 * cdf };
  }
  return best;
}

/** The median of a sorted, non-empty array. */
function sortedMedian(sorted: number[]): number {
  const n = sorted.length;
  const m = n >> 1;
  return n % 2 === 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/**
 * The sample median with a distribution-free 95% confidence interval from order statistics
 * (see medianRanks); the full range [min, max] when the sample is too small for 95%.
 */
export function medianInterval(values: number[]): Interval | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const estimate = sortedMedian(sorted);
  const ranks = medianRanks(n);
  if (ranks === null) return { estimate, low: sorted[0], high: sorted[n - 1] };
  return { estimate, low: sorted[ranks.j - 1], high: sorted[ranks.k - 1] };
}

/** The median of values (NaN for none). */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  return sortedMedian([...values].sort((a, b) => a - b));
}

// ---------------------------------------------------------------------------------------------
// Tournament summary.

/** Agent labels in agentOrder first, then any others in the order they are first seen. */
export function agentsOf(results: GameResult[], agentOrder: string[] = []): string[] {
  const seen = new Set<string>();
  const agents: string[] = [];
  const add = (agent: string): void => {
    if (!seen.has(agent)) {
      seen.add(agent);
      agents.push(agent);
    }
  };
  for (const agent of agentOrder) add(agent);
  for (const game of results) for (const seat of game.seatResults) add(seat.agent);
  return agents;
}

/** The agent label of a game's winning seat, or null. */
function winnerLabel(game: GameResult): string | null {
  if (game.winner === null) return null;
  const seat = game.seatResults.find((s) => s.seat === game.winner);
  return seat?.agent ?? game.seats[game.winner] ?? null;
}

/** Summarises a tournament as documented in types.ts. */
export function summarize(results: GameResult[], agentOrder?: string[]): Summary {
  const agents = agentsOf(results, agentOrder);

  interface Tally {
    seatGames: number;
    wins: number;
    turnsToWin: number[];
    turnsToCertain: number[];
    wrongAccusations: number;
  }
  const tallies = new Map<string, Tally>();
  for (const agent of agents) {
    tallies.set(agent, { seatGames: 0, wins: 0, turnsToWin: [], turnsToCertain: [], wrongAccusations: 0 });
  }

  // headToHead counts: decided[a][b] = games with both seated won by a seat of a or b; won[a][b] by a.
  const decided = new Map<string, Map<string, number>>();
  const wonBy = new Map<string, Map<string, number>>();
  for (const a of agents) {
    decided.set(a, new Map(agents.filter((b) => b !== a).map((b) => [b, 0])));
    wonBy.set(a, new Map(agents.filter((b) => b !== a).map((b) => [b, 0])));
  }

  let unsolvedGames = 0;
  for (const game of results) {
    if (game.unsolved) unsolvedGames++;
    for (const seat of game.seatResults) {
      const tally = tallies.get(seat.agent)!;
      tally.seatGames++;
      if (seat.won) {
        tally.wins++;
        if (seat.turnsToWin !== null) tally.turnsToWin.push(seat.turnsToWin);
      }
      if (seat.turnsToCertain !== null) tally.turnsToCertain.push(seat.turnsToCertain);
      tally.wrongAccusations += seat.wrongAccusations;
    }
    const winner = winnerLabel(game);
    if (winner === null) continue;
    const present = [...new Set(game.seatResults.map((s) => s.agent))];
    if (!present.includes(winner)) continue;
    for (const other of present) {
      if (other === winner) continue;
      // Decided between winner and other, in both directions; won by winner.
      decided.get(winner)!.set(other, decided.get(winner)!.get(other)! + 1);
      decided.get(other)!.set(winner, decided.get(other)!.get(winner)! + 1);
      wonBy.get(winner)!.set(other, wonBy.get(winner)!.get(other)! + 1);
    }
  }

  const agentSummaries: AgentSummary[] = agents.map((agent) => {
    const t = tallies.get(agent)!;
    return {
      agent,
      seatGames: t.seatGames,
      wins: t.wins,
      winRate: wilson(t.wins, t.seatGames),
      meanTurnsToWin: meanInterval(t.turnsToWin),
      medianTurnsToWin: medianInterval(t.turnsToWin),
      meanTurnsToCertain: meanInterval(t.turnsToCertain),
      medianTurnsToCertain: medianInterval(t.turnsToCertain),
      certainRate: t.seatGames === 0 ? 0 : t.turnsToCertain.length / t.seatGames,
      wrongAccusations: t.wrongAccusations,
    };
  });

  const headToHead: Summary['headToHead'] = {};
  for (const a of agents) {
    headToHead[a] = {};
    for (const b of agents) {
      if (b === a) continue;
      const games = decided.get(a)!.get(b)!;
      headToHead[a][b] = { games, share: games === 0 ? null : wonBy.get(a)!.get(b)! / games };
    }
  }

  return { games: results.length, unsolvedGames, agents: agentSummaries, headToHead };
}
