// 95% confidence intervals for tournament statistics, with the game as the unit. A per-seat rate
// or mean is a ratio of sums over games, r = Σx_g / Σn_g, with the cluster-robust (sandwich)
// variance Σ(x_g − r·n_g)² / (Σn_g)² · G/(G − 1) over the G games that contribute; intervals use
// Student's t with G − 1 degrees of freedom, and stay within the range the quantity can take.
import { cdfSums, type ClusterSums, type TurnSums } from './cluster-sums.js';
import { studentTQuantile } from './student-t.js';
import type { Interval } from './types.js';

/** The 0.975 quantile of the standard normal: the z of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/** The fewest turns any turn count can take (an agent's own turns, counted from 1). */
export const MIN_TURNS = 1;

/**
 * Wilson score interval for a proportion p estimated from n (possibly effective, non-integer)
 * trials, with quantile z: the p′ with (p − p′)² ≤ z² p′(1 − p′) / n. With n = 0 nothing is known:
 * the whole range [0, 1]; with n = ∞ the point p.
 */
export function wilsonInterval(p: number, n: number, z = Z_95): Interval {
  if (!(n > 0)) return { estimate: p, low: 0, high: 1 };
  if (n === Infinity) return { estimate: p, low: p, high: p };
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    estimate: p,
    low: p <= 0 ? 0 : Math.max(0, centre - half),
    high: p >= 1 ? 1 : Math.min(1, centre + half),
  };
}

/**
 * Wilson score interval for successes out of n independent trials (95% by default); with n = 0,
 * estimate 0 and the whole range [0, 1].
 */
export function wilson(successes: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { estimate: 0, low: 0, high: 1 };
  return wilsonInterval(successes / n, n, z);
}

/**
 * The ratio Σx/Σn and its cluster-robust variance Σ(x_g − r·n_g)² / (Σn)² · G/(G − 1), null with
 * fewer than two games (nothing to estimate a variance from). The residual sum is
 * (Σx²·N² − 2·Σxn·X·N + Σn²·X²) / N² for X = Σx, N = Σn, computed in exact integer arithmetic, so
 * that a variance of zero is exactly zero.
 */
export function ratioEstimate(sums: ClusterSums): { estimate: number; variance: number | null } {
  const estimate = sums.x / sums.n;
  if (sums.clusters < 2) return { estimate, variance: null };
  const X = BigInt(sums.x);
  const N = BigInt(sums.n);
  const q = BigInt(sums.xx) * N * N - 2n * BigInt(sums.xn) * X * N + BigInt(sums.nn) * X * X;
  const variance = (Number(q) / sums.n ** 4) * (sums.clusters / (sums.clusters - 1));
  return { estimate, variance };
}

/** The t quantile of a two-sided 95% interval over this many games (G − 1 degrees of freedom). */
function t95(games: number): number {
  return studentTQuantile(0.975, games - 1);
}

/**
 * A per-seat rate (wins per seat-game, x_g = the agent's wins in game g, n_g = its seats) with a
 * 95% interval within [0, 1]: Wilson's interval at the effective sample size
 * n_eff = p(1 − p) / variance, with the t quantile for G − 1 degrees of freedom in place of z
 * (Korn and Graubard's correction for few games). When p is 0 or 1 the variance says nothing and
 * the games are the trials (Wilson at n = G); a variance of exactly zero with 0 < p < 1 (e.g. a
 * table of identical agents: p = 1/players in every game) gives [p, p]; a single game with
 * 0 < p < 1 gives [0, 1]. n_eff is not capped at the seat-games: seats of one agent in one game
 * are negatively correlated (only one can win), so the rate can be more precise than that many
 * independent seats would make it.
 */
export function clusteredRate(sums: ClusterSums): Interval {
  if (sums.n === 0) return { estimate: 0, low: 0, high: 1 };
  const { estimate: p, variance } = ratioEstimate(sums);
  if (p === 0 || p === 1) return wilsonInterval(p, sums.clusters);
  if (variance === null) return { estimate: p, low: 0, high: 1 };
  if (variance === 0) return { estimate: p, low: p, high: p };
  return wilsonInterval(p, (p * (1 - p)) / variance, t95(sums.clusters));
}

/**
 * A per-seat mean of a turn count (x_g = the sum of the values in game g, n_g = how many) with a
 * 95% t interval for G − 1 degrees of freedom, G the games with at least one value, clipped to
 * the support [MIN_TURNS, ∞). With a single game, the interval is the whole support; null with no
 * value.
 */
export function clusteredMean(sums: ClusterSums, min = MIN_TURNS): Interval | null {
  if (sums.n === 0) return null;
  const { estimate, variance } = ratioEstimate(sums);
  if (variance === null) return { estimate, low: min, high: Infinity };
  const half = t95(sums.clusters) * Math.sqrt(variance);
  return { estimate, low: Math.max(min, estimate - half), high: estimate + half };
}

/**
 * The median of a turn count over the seat-games that have one, with Woodruff's 95% interval:
 * the standard error s of the empirical distribution function F̂ at the median (a ratio
 * estimator, F̂(v) = Σc_g(v) / Σm_g, with its cluster-robust variance) gives the interval
 * [Q(½ − t·s), Q(½ + t·s)], Q the empirical quantile function (the smallest value v with
 * F̂(v) ≥ p) and t for G − 1 degrees of freedom. Clipped to the support [MIN_TURNS, ∞): past the
 * top of F̂ the interval is open (∞). With a single game, the whole support; null with no value.
 */
export function clusteredMedian(turns: TurnSums, min = MIN_TURNS): Interval | null {
  const total = turns.sums.n;
  if (total === 0) return null;
  const cdf = cdfSums(turns);
  // The smallest value with at least k values at or below it.
  const atRank = (k: number): number => cdf.find((c) => c.sums.x >= k)!.turn;
  const estimate = (atRank(Math.ceil(total / 2)) + atRank(Math.floor(total / 2) + 1)) / 2;
  if (turns.sums.clusters < 2) return { estimate, low: min, high: Infinity };
  // F̂ at the median (at the lower middle value when the median falls between two).
  let atMedian = cdf[0];
  for (const c of cdf) if (c.turn <= estimate) atMedian = c;
  const se = Math.sqrt(ratioEstimate(atMedian.sums).variance!);
  const margin = t95(turns.sums.clusters) * se;
  const quantile = (p: number): number => {
    if (p <= 0) return min;
    const found = cdf.find((c) => c.sums.x >= p * total);
    return found === undefined ? Infinity : found.turn;
  };
  // With an even count and a variance of zero, Q(½) is the lower middle value: keep the estimate inside.
  return {
    estimate,
    low: Math.max(min, Math.min(estimate, quantile(0.5 - margin))),
    high: Math.max(estimate, quantile(0.5 + margin)),
  };
}
