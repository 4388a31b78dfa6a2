import { describe, expect, it } from 'vitest';
import {
  formatRateInterval,
  renderHtmlReport,
  renderSummary,
  toCsv,
} from '../src/tournament/render.js';
import {
  meanInterval,
  medianInterval,
  medianRanks,
  studentTCdf,
  studentTQuantile,
  summarize,
  wilson,
  Z_95,
} from '../src/tournament/statistics.js';
import type { GameResult, SeatResult } from '../src/play/results.js';

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

describe('meanInterval', () => {
  it('is null for no values and a point for one', () => {
    expect(meanInterval([])).toBeNull();
    expect(meanInterval([7])).toEqual({ estimate: 7, low: 7, high: 7 });
    expect(meanInterval([5, 5, 5])).toEqual({ estimate: 5, low: 5, high: 5 });
  });

  it('uses the t quantile for n − 1 degrees of freedom', () => {
    // [2, 4]: mean 3, s = √2, s/√n = 1, t(0.975, 1) = 12.7062.
    const two = meanInterval([2, 4])!;
    expect(two.estimate).toBe(3);
    expect(two.low).toBeCloseTo(3 - 12.7062047, 6);
    expect(two.high).toBeCloseTo(3 + 12.7062047, 6);
    // [1, 2, 3, 4]: mean 2.5, s = √(5/3) = 1.290994, s/2 = 0.645497, t(0.975, 3) = 3.182446.
    const four = meanInterval([1, 2, 3, 4])!;
    expect(four.estimate).toBe(2.5);
    expect(four.low).toBeCloseTo(0.44574, 5);
    expect(four.high).toBeCloseTo(4.55426, 5);
  });
});

describe('medianInterval', () => {
  it('uses order statistics 2 and 9 for n = 10 (coverage 0.9785)', () => {
    expect(medianRanks(10)).toEqual({ j: 2, k: 9, coverage: 1 - 22 / 1024 });
    expect(medianInterval([10, 1, 9, 2, 8, 3, 7, 4, 6, 5])).toEqual({ estimate: 5.5, low: 2, high: 9 });
  });

  it('falls back to the full range when no interval reaches 95%', () => {
    // n = 5: even [x(1), x(5)] covers only 1 − 2/32 = 0.9375.
    expect(medianRanks(5)).toBeNull();
    expect(medianInterval([5, 1, 4, 2, 3])).toEqual({ estimate: 3, low: 1, high: 5 });
    expect(medianInterval([3, 1])).toEqual({ estimate: 2, low: 1, high: 3 });
    expect(medianInterval([4])).toEqual({ estimate: 4, low: 4, high: 4 });
    expect(medianInterval([])).toBeNull();
  });

  it('uses order statistics 40 and 61 for n = 100', () => {
    const ranks = medianRanks(100)!;
    expect(ranks.j).toBe(40);
    expect(ranks.k).toBe(61);
    expect(ranks.coverage).toBeCloseTo(0.9648, 4);
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(medianInterval(values)).toEqual({ estimate: 50.5, low: 40, high: 61 });
  });

  it('picks the largest j with coverage ≥ 95% for small n', () => {
    expect(medianRanks(6)).toEqual({ j: 1, k: 6, coverage: 1 - 2 / 64 });
    expect(medianRanks(9)).toEqual({ j: 2, k: 8, coverage: 1 - 20 / 512 });
  });
});

// Two agents, "a" and "b:x=1,y"; four games, duplicate seats.
const B = 'b:x=1,y';

function seat(seat: number, agent: string, fields: Partial<SeatResult> = {}): SeatResult {
  return {
    seat,
    agent,
    won: false,
    eliminated: false,
    wrongAccusations: 0,
    turnsTaken: 0,
    turnsToWin: null,
    turnsToCertain: null,
    ...fields,
  };
}

const GAMES: GameResult[] = [
  {
    game: 0,
    seats: ['a', B, 'a'],
    winner: 2,
    unsolved: false,
    turns: 14,
    rounds: 5,
    seatResults: [
      seat(0, 'a', { turnsTaken: 5 }),
      seat(1, B, { eliminated: true, wrongAccusations: 1, turnsTaken: 4, turnsToCertain: 3 }),
      seat(2, 'a', { won: true, turnsTaken: 5, turnsToWin: 5, turnsToCertain: 4 }),
    ],
  },
  {
    game: 1,
    seats: [B, 'a', B],
    winner: 0,
    unsolved: false,
    turns: 16,
    rounds: 6,
    seatResults: [
      seat(0, B, { won: true, turnsTaken: 6, turnsToWin: 6, turnsToCertain: 6 }),
      seat(1, 'a', { turnsTaken: 5, turnsToCertain: 5 }),
      seat(2, B, { eliminated: true, wrongAccusations: 1, turnsTaken: 5 }),
    ],
  },
  {
    game: 2,
    seats: ['a', 'a'],
    winner: null,
    unsolved: true,
    turns: 20,
    rounds: 10,
    seatResults: [
      seat(0, 'a', { turnsTaken: 10 }),
      seat(1, 'a', { eliminated: true, wrongAccusations: 1, turnsTaken: 10, turnsToCertain: 8 }),
    ],
  },
  {
    game: 3,
    seats: [B, 'a'],
    winner: 1,
    unsolved: false,
    turns: 6,
    rounds: 3,
    seatResults: [
      seat(0, B, { turnsTaken: 3, turnsToCertain: 2 }),
      seat(1, 'a', { won: true, turnsTaken: 3, turnsToWin: 3, turnsToCertain: 3 }),
    ],
  },
];

describe('summarize', () => {
  const summary = summarize(GAMES);

  it('counts games and orders agents by first appearance', () => {
    expect(summary.games).toBe(4);
    expect(summary.unsolvedGames).toBe(1);
    expect(summary.agents.map((a) => a.agent)).toEqual(['a', B]);
    expect(summarize(GAMES, [B, 'a']).agents.map((a) => a.agent)).toEqual([B, 'a']);
  });

  it('summarises agent a by hand', () => {
    const a = summary.agents[0];
    // Seat-games: 2 + 1 + 2 + 1; wins in games 0 and 3.
    expect(a.seatGames).toBe(6);
    expect(a.wins).toBe(2);
    expect(a.winRate).toEqual(wilson(2, 6));
    expect(a.winRate.estimate).toBeCloseTo(1 / 3, 12);
    // Turns to win [5, 3]: mean 4, s = √2, s/√2 = 1, t(1) = 12.7062; median 4, n = 2 → [3, 5].
    expect(a.meanTurnsToWin!.estimate).toBe(4);
    expect(a.meanTurnsToWin!.low).toBeCloseTo(4 - 12.7062047, 6);
    expect(a.meanTurnsToWin!.high).toBeCloseTo(4 + 12.7062047, 6);
    expect(a.medianTurnsToWin).toEqual({ estimate: 4, low: 3, high: 5 });
    // Turns to certain [4, 5, 8, 3]: mean 5, s² = 14/3, s/2 = 1.080123, t(3) = 3.182446 → ±3.437435.
    expect(a.meanTurnsToCertain!.estimate).toBe(5);
    expect(a.meanTurnsToCertain!.low).toBeCloseTo(5 - 3.437435, 5);
    expect(a.meanTurnsToCertain!.high).toBeCloseTo(5 + 3.437435, 5);
    expect(a.medianTurnsToCertain).toEqual({ estimate: 4.5, low: 3, high: 8 });
    expect(a.certainRate).toBeCloseTo(4 / 6, 12);
    expect(a.wrongAccusations).toBe(1);
  });

  it('summarises agent b by hand', () => {
    const b = summary.agents[1];
    expect(b.seatGames).toBe(4);
    expect(b.wins).toBe(1);
    expect(b.winRate.estimate).toBe(0.25);
    expect(b.meanTurnsToWin).toEqual({ estimate: 6, low: 6, high: 6 });
    expect(b.medianTurnsToWin).toEqual({ estimate: 6, low: 6, high: 6 });
    // Turns to certain [3, 6, 2]: mean 11/3, s² = 13/3, s/√3 = 1.201850, t(2) = 4.302653 → ±5.171142.
    expect(b.meanTurnsToCertain!.estimate).toBeCloseTo(11 / 3, 12);
    expect(b.meanTurnsToCertain!.low).toBeCloseTo(11 / 3 - 5.171142, 5);
    expect(b.meanTurnsToCertain!.high).toBeCloseTo(11 / 3 + 5.171142, 5);
    expect(b.medianTurnsToCertain).toEqual({ estimate: 3, low: 2, high: 6 });
    expect(b.certainRate).toBe(0.75);
    expect(b.wrongAccusations).toBe(2);
  });

  it('computes head-to-head over decided games with both agents seated', () => {
    // Games 0, 1 and 3 seat both and are won by one of them: a wins 0 and 3, b wins 1.
    expect(summary.headToHead).toEqual({
      a: { [B]: { games: 3, share: 2 / 3 } },
      [B]: { a: { games: 3, share: 1 / 3 } },
    });
  });

  it('lists agents from agentOrder that never played', () => {
    const s = summarize(GAMES, ['c', 'a']);
    expect(s.agents.map((a) => a.agent)).toEqual(['c', 'a', B]);
    const c = s.agents[0];
    expect(c).toEqual({
      agent: 'c',
      seatGames: 0,
      wins: 0,
      winRate: { estimate: 0, low: 0, high: 1 },
      meanTurnsToWin: null,
      medianTurnsToWin: null,
      meanTurnsToCertain: null,
      medianTurnsToCertain: null,
      certainRate: 0,
      wrongAccusations: 0,
    });
    expect(s.headToHead.c.a).toEqual({ games: 0, share: null });
    expect(s.headToHead.a.c).toEqual({ games: 0, share: null });
    expect(s.headToHead.a[B]).toEqual({ games: 3, share: 2 / 3 });
  });

  it('handles no games', () => {
    expect(summarize([])).toEqual({ games: 0, unsolvedGames: 0, agents: [], headToHead: {} });
  });
});

describe('renderSummary', () => {
  it('shows rates with intervals, head-to-head and the game count', () => {
    const text = renderSummary(summarize(GAMES));
    expect(formatRateInterval({ estimate: 0.3124, low: 0.2891, high: 0.3362 })).toBe('31.2% [28.9–33.6]');
    expect(text).toContain(formatRateInterval(wilson(2, 6)));
    expect(text).toContain('66.7% (3)');
    expect(text).toContain('33.3% (3)');
    expect(text).toContain('Games: 4, unsolved: 1 (25.0%)');
  });
});

describe('toCsv', () => {
  it('writes one row per seat-game with empty cells for null and quoted commas', () => {
    const lines = toCsv(GAMES).trimEnd().split('\n');
    expect(lines[0]).toBe(
      'game,seat,agent,won,eliminated,wrongAccusations,turnsTaken,turnsToWin,turnsToCertain,winner,unsolved,turns,rounds',
    );
    expect(lines).toHaveLength(1 + 10);
    expect(lines[1]).toBe('0,0,a,false,false,0,5,,,2,false,14,5');
    expect(lines[2]).toBe('0,1,"b:x=1,y",false,true,1,4,,3,2,false,14,5');
    expect(lines[7]).toBe('2,0,a,false,false,0,10,,,,true,20,10');
  });

  it('doubles quotes inside quoted fields and leaves : and = alone', () => {
    const game: GameResult = {
      game: 0,
      seats: ['q"x', 'entropy:samples=5000'],
      winner: null,
      unsolved: true,
      turns: 1,
      rounds: 1,
      seatResults: [seat(0, 'q"x'), seat(1, 'entropy:samples=5000')],
    };
    const lines = toCsv([game]).trimEnd().split('\n');
    expect(lines[1].startsWith('0,0,"q""x",')).toBe(true);
    expect(lines[2].startsWith('0,1,entropy:samples=5000,')).toBe(true);
  });
});

describe('renderHtmlReport', () => {
  const evil = 'a<b&"c"';
  const games: GameResult[] = GAMES.map((g) => ({
    ...g,
    seats: g.seats.map((s) => (s === 'a' ? evil : s)),
    seatResults: g.seatResults.map((s) => (s.agent === 'a' ? { ...s, agent: evil } : s)),
  }));
  const html = renderHtmlReport(summarize(games), games, 'Run <1>', { Seed: '42 & <more>', Players: '3' });

  it('is one self-contained page with inline SVG', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<svg');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('http');
    expect(html).not.toMatch(/<link|@import|url\((?!#)/);
  });

  it('escapes every inserted text', () => {
    expect(html).not.toContain(evil);
    expect(html).toContain('a&lt;b&amp;&quot;c&quot;');
    expect(html).toContain('Run &lt;1&gt;');
    expect(html).toContain('42 &amp; &lt;more&gt;');
    expect(html).not.toContain('<more>');
  });
});
