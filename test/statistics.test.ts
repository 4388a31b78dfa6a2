// The confidence intervals against independent truth: closed forms, tabulated quantiles, values
// computed by hand (checked with SciPy), brute-force sums, and the coverage of fixed-seed
// simulations of clustered games.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addGameTurns, cdfSums, emptyTurnSums, type ClusterSums } from '../src/tournament/cluster-sums.js';
import { clusteredMean, clusteredMedian, clusteredRate, ratioEstimate, wilson, wilsonInterval, Z_95 } from '../src/tournament/statistics.js';
import { studentTCdf, studentTQuantile } from '../src/tournament/student-t.js';

describe('wilson', () => {
  it('gives [0, 1] with no trials', () => {
    expect(wilson(0, 0)).toEqual({ estimate: 0, low: 0, high: 1 });
  });

  it('matches closed forms at the extremes', () => {
    // 0/n: high = z² / (n + z²); n/n: low = n / (n + z²).
    const z2 = Z_95 * Z_95;
    const none = wilson(0, 10);
    expect(none.estimate).toBe(0);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(z2 / (10 + z2), 12);
    expect(none.high).toBeCloseTo(0.277533, 6);
    const all = wilson(10, 10);
    expect(all.estimate).toBe(1);
    expect(all.low).toBeCloseTo(10 / (10 + z2), 12);
    expect(all.low).toBeCloseTo(0.722467, 6);
    expect(all.high).toBe(1);
  });

  it('matches hand-computed values for 5/10 and 81/263', () => {
    // 5/10: centre 0.5, half-width z/(1+z²/10)·sqrt(0.025 + z²/400) = 0.263407.
    const half = wilson(5, 10);
    expect(half.estimate).toBe(0.5);
    expect(half.low).toBeCloseTo(0.236593, 6);
    expect(half.high).toBeCloseTo(0.763407, 6);
    // 81/263, the textbook example: [0.2553, 0.3662].
    const w = wilson(81, 263);
    expect(w.estimate).toBeCloseTo(81 / 263, 12);
    expect(w.low).toBeCloseTo(0.255289, 6);
    expect(w.high).toBeCloseTo(0.36621, 5);
  });

  it('bounds solve (p̂ − p)² = z² p (1 − p) / n', () => {
    for (const [s, n] of [
      [81, 263],
      [3, 7],
      [999, 1000],
    ]) {
      const w = wilson(s, n);
      for (const p of [w.low, w.high]) {
        expect((s / n - p) ** 2).toBeCloseTo((Z_95 * Z_95 * p * (1 - p)) / n, 12);
      }
    }
  });
});

describe('studentTQuantile', () => {
  it('matches the printed table at 0.975', () => {
    const table: [number, number][] = [
      [1, 12.706],
      [2, 4.303],
      [5, 2.571],
      [10, 2.228],
      [30, 2.042],
    ];
    for (const [df, t] of table) expect(Math.abs(studentTQuantile(0.975, df) - t)).toBeLessThan(5e-4);
  });

  it('matches more precise reference values', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062047362, 8);
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(4.30265272975, 8);
    expect(studentTQuantile(0.975, 5)).toBeCloseTo(2.57058183564, 8);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.22813885196, 8);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.04227245630, 8);
    expect(studentTQuantile(0.95, 10)).toBeCloseTo(1.81246112281, 8);
    expect(studentTQuantile(0.995, 5)).toBeCloseTo(4.03214298356, 8);
  });

  it('matches the closed forms for 1 and 2 degrees of freedom', () => {
    for (const p of [0.6, 0.9, 0.975, 0.999]) {
      expect(studentTQuantile(p, 1)).toBeCloseTo(Math.tan(Math.PI * (p - 0.5)), 8);
      expect(studentTQuantile(p, 2)).toBeCloseTo((2 * p - 1) * Math.sqrt(2 / (4 * p * (1 - p))), 9);
    }
  });

  it('is symmetric, tends to the normal and inverts the cdf', () => {
    expect(studentTQuantile(0.5, 7)).toBe(0);
    expect(studentTQuantile(0.025, 7)).toBeCloseTo(-studentTQuantile(0.975, 7), 12);
    expect(studentTQuantile(0.975, 1e6)).toBeCloseTo(Z_95, 5);
    for (const df of [1, 3, 17, 250]) {
      for (const p of [0.8, 0.975, 0.9999]) expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 10);
    }
  });
});

/** Ratio sums of per-game pairs (x_g, n_g), summed directly. */
function sumsOf(pairs: [number, number][]): ClusterSums {
  const s = { clusters: 0, x: 0, n: 0, xx: 0, xn: 0, nn: 0 };
  for (const [x, n] of pairs) {
    s.clusters++;
    s.x += x;
    s.n += n;
    s.xx += x * x;
    s.xn += x * n;
    s.nn += n * n;
  }
  return s;
}

/** Turn sums of games given as lists of values. */
function turnsOf(games: number[][]) {
  const turns = emptyTurnSums();
  for (const values of games) addGameTurns(turns, values);
  return turns;
}

const T3 = 3.1824463052837078; // t(0.975, 3)
const T2 = 4.302652729749462; // t(0.975, 2)
const T5 = 2.5705818356363146; // t(0.975, 5)

describe('ratioEstimate', () => {
  it('gives the ratio and the sandwich variance Σ(x − r n)² / N² · G/(G − 1), by hand', () => {
    // (x, n) = (1, 2), (0, 1), (1, 3), (0, 2): r = 2/8; residuals 0.5, −0.25, 0.25, −0.5.
    const r = ratioEstimate(sumsOf([[1, 2], [0, 1], [1, 3], [0, 2]]));
    expect(r.estimate).toBe(0.25);
    expect(r.variance).toBeCloseTo((0.625 / 64) * (4 / 3), 15);
  });

  it('equals the residual sum computed directly, on random games (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(20), fc.integer({ min: 1, max: 10 })), { minLength: 2, maxLength: 40 }), (pairs) => {
        const s = sumsOf(pairs);
        const r = s.x / s.n;
        const direct = (pairs.reduce((sum, [x, n]) => sum + (x - r * n) ** 2, 0) / s.n ** 2) * (pairs.length / (pairs.length - 1));
        const got = ratioEstimate(s);
        expect(got.estimate).toBe(r);
        expect(Math.abs(got.variance! - direct)).toBeLessThanOrEqual(1e-12 * Math.max(1, direct));
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('is exactly zero when every game has the same ratio, and null with one game', () => {
    expect(ratioEstimate(sumsOf([[1, 10], [1, 10], [1, 10]])).variance).toBe(0);
    expect(ratioEstimate(sumsOf([[3, 7], [6, 14]])).variance).toBe(0);
    expect(ratioEstimate(sumsOf([[1, 3]])).variance).toBeNull();
  });
});

describe('clusteredRate', () => {
  it('is exactly [p, p] for a table of identical agents (one winner among ten seats every game)', () => {
    expect(clusteredRate(sumsOf(Array.from({ length: 10 }, () => [1, 10] as [number, number])))).toEqual({ estimate: 0.1, low: 0.1, high: 0.1 });
  });

  it("is Wilson's interval at n_eff = p(1 − p)/variance with t for G − 1 degrees of freedom, by hand", () => {
    // The games of the ratioEstimate example: p = 0.25, variance 0.0130208, n_eff = 14.4, t(3).
    const interval = clusteredRate(sumsOf([[1, 2], [0, 1], [1, 3], [0, 2]]));
    expect(interval.estimate).toBe(0.25);
    expect(interval.low).toBeCloseTo(0.0564498, 6);
    expect(interval.high).toBeCloseTo(0.6500077, 6);
    for (const bound of [interval.low, interval.high]) expect((0.25 - bound) ** 2).toBeCloseTo((T3 * T3 * bound * (1 - bound)) / 14.4, 12);
  });

  it('with one seat per game is Wilson at n − 1 with t(n − 1): the independent case', () => {
    // x_g ∈ {0, 1}, n_g = 1: variance = p(1 − p)/(G − 1).
    const pairs: [number, number][] = Array.from({ length: 50 }, (_, g) => [g % 5 === 0 ? 1 : 0, 1]);
    const interval = clusteredRate(sumsOf(pairs));
    const expected = wilsonInterval(0.2, 49, studentTQuantile(0.975, 49));
    expect(interval.low).toBeCloseTo(expected.low, 12);
    expect(interval.high).toBeCloseTo(expected.high, 12);
  });

  it('at 0 or 1 counts the games as the trials; one game with 0 < p < 1 is the whole range; no seats, [0, 1]', () => {
    const none = clusteredRate(sumsOf(Array.from({ length: 30 }, () => [0, 2] as [number, number])));
    expect(none).toEqual(wilson(0, 30));
    expect(none.high).toBeCloseTo((Z_95 * Z_95) / (30 + Z_95 * Z_95), 12);
    expect(clusteredRate(sumsOf(Array.from({ length: 30 }, () => [2, 2] as [number, number])))).toEqual(wilson(30, 30));
    expect(clusteredRate(sumsOf([[1, 3]]))).toEqual({ estimate: 1 / 3, low: 0, high: 1 });
    expect(clusteredRate(sumsOf([]))).toEqual({ estimate: 0, low: 0, high: 1 });
  });

  it('stays within [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 30 }), fc.infiniteStream(fc.nat()), (sizes, picks) => {
        const it = picks[Symbol.iterator]();
        const pairs = sizes.map((n) => [it.next().value % 2 === 0 ? 0 : 1, n] as [number, number]);
        const r = clusteredRate(sumsOf(pairs));
        expect(r.low).toBeGreaterThanOrEqual(0);
        expect(r.high).toBeLessThanOrEqual(1);
        expect(r.low).toBeLessThanOrEqual(r.estimate);
        expect(r.high).toBeGreaterThanOrEqual(r.estimate);
      }),
      { seed: 5, numRuns: 300 },
    );
  });
});

describe('clusteredMean', () => {
  it('with one value per game is the classic t interval', () => {
    // [11, 12, 13, 14]: mean 12.5, s/√n = 0.645497, t(3) → ±2.054260.
    const m = clusteredMean(turnsOf([[11], [12], [13], [14]]).sums)!;
    expect(m.estimate).toBe(12.5);
    expect(m.low).toBeCloseTo(10.44574, 5);
    expect(m.high).toBeCloseTo(14.55426, 5);
  });

  it('is the ratio of sums with its sandwich variance, by hand', () => {
    // Games [4, 6], [5], [3, 4, 9]: sums 10, 5, 16 over 2, 1, 3 values; mean 31/6;
    // residuals −1/3, −1/6, 1/2 → variance 0.388889/36 · 3/2; t(2).
    const m = clusteredMean(turnsOf([[4, 6], [5], [3, 4, 9]]).sums)!;
    expect(m.estimate).toBeCloseTo(31 / 6, 14);
    expect(m.low).toBeCloseTo(4.6189658, 6);
    expect(m.high).toBeCloseTo(5.7143676, 6);
    expect(m.high - m.estimate).toBeCloseTo(T2 * Math.sqrt((0.3888888888888889 / 36) * 1.5), 12);
  });

  it('is clipped to the support: turns are at least 1 (the 3-game example that went negative)', () => {
    // [2, 4]: mean 3 ± 12.706 would reach −9.7.
    const two = clusteredMean(turnsOf([[2], [4]]).sums)!;
    expect(two.estimate).toBe(3);
    expect(two.low).toBe(1);
    expect(two.high).toBeCloseTo(3 + 12.7062047362, 8);
    const three = clusteredMean(turnsOf([[1], [3], [5]]).sums)!;
    expect(three.low).toBe(1);
    expect(three.high).toBeCloseTo(3 + T2 * (2 / Math.sqrt(3)), 12);
  });

  it('one game: the whole support; no value: null; equal values everywhere: a point', () => {
    expect(clusteredMean(turnsOf([[4, 6]]).sums)).toEqual({ estimate: 5, low: 1, high: Infinity });
    expect(clusteredMean(turnsOf([]).sums)).toBeNull();
    expect(clusteredMean(turnsOf([[5, 5], [5], [5, 5, 5]]).sums)).toEqual({ estimate: 5, low: 5, high: 5 });
  });
});

describe('clusteredMedian (Woodruff)', () => {
  it('with one value per game: n = 10 gives [x(2), x(9)], by hand', () => {
    // F̂(5) = 0.5; variance 0.25·10/100 · 10/9; t(9) = 2.262157 → ±0.377026 → Q(0.123) = 2, Q(0.877) = 9.
    expect(clusteredMedian(turnsOf([[10], [1], [9], [2], [8], [3], [7], [4], [6], [5]]))).toEqual({ estimate: 5.5, low: 2, high: 9 });
  });

  it('with several values per game, by hand', () => {
    // Games [4, 6], [5], [3, 4, 9], twice: values 3 3 4 4 4 4 5 5 6 6 9 9, median 4.5; F̂(4) = 6/12;
    // c_g(4) − F̂·m_g = 0, −0.5, 0.5 (twice) → variance 1/144 · 6/5, s = 0.0912871; t(5) → ±0.234661:
    // Q(0.2653) = 4 (F̂(3) = 2/12), Q(0.7347) = 6 (F̂(5) = 8/12, F̂(6) = 10/12).
    const games = [[4, 6], [5], [3, 4, 9], [4, 6], [5], [3, 4, 9]];
    expect(clusteredMedian(turnsOf(games))).toEqual({ estimate: 4.5, low: 4, high: 6 });
    expect(0.5 + T5 * Math.sqrt((1 / 144) * 1.2)).toBeCloseTo(0.7346609, 6);
  });

  it('is open above when the upper quantile passes the data, and clipped below at 1; one game: the whole support', () => {
    // [4, 6], [5], [3, 4, 9]: s = 0.144338, t(2) → ±0.621: below 0 and above 1.
    expect(clusteredMedian(turnsOf([[4, 6], [5], [3, 4, 9]]))).toEqual({ estimate: 4.5, low: 1, high: Infinity });
    expect(clusteredMedian(turnsOf([[7, 8, 9]]))).toEqual({ estimate: 8, low: 1, high: Infinity });
    expect(clusteredMedian(turnsOf([]))).toBeNull();
  });

  it('keeps the estimate inside when the variance is zero and the median falls between two values', () => {
    // Every game [4, 5]: F̂(4) = 1/2 in every game, so s = 0.
    expect(clusteredMedian(turnsOf([[4, 5], [5, 4], [4, 5]]))).toEqual({ estimate: 4.5, low: 4, high: 4.5 });
    expect(clusteredMedian(turnsOf([[4, 4], [4], [4, 4, 4]]))).toEqual({ estimate: 4, low: 4, high: 4 });
  });

  it('reads the distribution function from per-value sums equal to brute force (property)', () => {
    const games = fc.array(fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 6 }), { maxLength: 25 });
    fc.assert(
      fc.property(games, (list) => {
        const turns = turnsOf(list);
        const withValues = list.filter((g) => g.length > 0);
        for (const { turn, sums } of cdfSums(turns)) {
          const c = withValues.map((g) => g.filter((v) => v <= turn).length);
          const m = withValues.map((g) => g.length);
          expect(sums).toEqual({
            clusters: withValues.length,
            x: c.reduce((a, b) => a + b, 0),
            n: m.reduce((a, b) => a + b, 0),
            xx: c.reduce((a, b) => a + b * b, 0),
            xn: c.reduce((a, b, i) => a + b * m[i], 0),
            nn: m.reduce((a, b) => a + b * b, 0),
          });
        }
        // The median is the pooled sample median.
        const pooled = withValues.flat().sort((a, b) => a - b);
        const median = clusteredMedian(turns);
        if (pooled.length === 0) expect(median).toBeNull();
        else {
          const k = pooled.length;
          expect(median!.estimate).toBe((pooled[Math.ceil(k / 2) - 1] + pooled[Math.floor(k / 2)]) / 2);
          expect(median!.low).toBeLessThanOrEqual(median!.estimate);
          expect(median!.high).toBeGreaterThanOrEqual(median!.estimate);
          expect(median!.low).toBeGreaterThanOrEqual(1);
        }
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it('rejects turn counts that are not positive integers', () => {
    expect(() => turnsOf([[0]])).toThrow(RangeError);
    expect(() => turnsOf([[2.5]])).toThrow(RangeError);
  });
});
