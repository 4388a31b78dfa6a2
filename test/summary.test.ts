// The tournament summary: by hand on a small set of games, shards merged in any order equal to one
// run (property), solo roles apart, and the coverage of its intervals on simulated clustered games.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '../src/model/random.js';
import type { GameResult } from '../src/tournament/results.js';
import type { FaultKind } from '../src/game/agent.js';
import { B, GAMES, seat } from './support/games.js';
import { wilson } from '../src/tournament/statistics.js';
import { studentTQuantile } from '../src/tournament/student-t.js';
import { accumulate, emptyAccumulator, finalize, merge, rowLabel, summarize, type SummaryAccumulator } from '../src/tournament/summary.js';

const T1 = 12.706204736174705; // t(0.975, 1)
const T2 = 4.302652729749462; // t(0.975, 2)
const T3 = 3.1824463052837078; // t(0.975, 3)

describe('summarize, by hand', () => {
  const summary = summarize(GAMES);

  it('counts games and orders agents by first appearance, or as asked', () => {
    expect(summary.games).toBe(4);
    expect(summary.unsolvedGames).toBe(1);
    expect(summary.agents.map((a) => a.agent)).toEqual(['a', B]);
    expect(summarize(GAMES, [B, 'a']).agents.map((a) => a.agent)).toEqual([B, 'a']);
    // Given out of order, the rows still follow the games' order.
    expect(summarize([...GAMES].reverse()).agents.map((a) => a.agent)).toEqual(['a', B]);
  });

  it('agent a: wins per game (1 of 2), (0 of 1), (0 of 2), (1 of 1)', () => {
    const a = summary.agents[0];
    expect([a.games, a.seatGames, a.wins, a.wrongAccusations]).toEqual([4, 6, 2, 1]);
    // p = 1/3; residuals 1/3, −1/3, −2/3, 2/3 → variance (10/9)/36 · 4/3; n_eff = (2/9)/variance = 5.4; t(3).
    expect(a.winRate.estimate).toBeCloseTo(1 / 3, 15);
    expect(a.winRate.low).toBeCloseTo(0.0461115, 6);
    expect(a.winRate.high).toBeCloseTo(0.8379686, 6);
    // Certain in (1 of 2), (1 of 1), (1 of 2), (1 of 1): p = 2/3, n_eff = 13.5.
    expect(a.certainRate!.estimate).toBeCloseTo(2 / 3, 15);
    expect(a.certainRate!.low).toBeCloseTo(0.2784332, 6);
    expect(a.certainRate!.high).toBeCloseTo(0.9120191, 6);
    // Turns to win [5] and [3] in two games: mean 4, s = 1, t(1); median 4, F̂(3) = 1/2 with s = 1/2: open.
    expect(a.meanTurnsToWin!.estimate).toBe(4);
    expect(a.meanTurnsToWin!.low).toBe(1);
    expect(a.meanTurnsToWin!.high).toBeCloseTo(4 + T1, 9);
    expect(a.medianTurnsToWin).toEqual({ estimate: 4, low: 1, high: Infinity });
    // Turns to certain [4], [5], [8], [3], one per game: the classic t interval, 5 ± 3.437435.
    expect(a.meanTurnsToCertain!.estimate).toBe(5);
    expect(a.meanTurnsToCertain!.low).toBeCloseTo(5 - 3.437435, 5);
    expect(a.meanTurnsToCertain!.high).toBeCloseTo(5 + 3.437435, 5);
    // Median 4.5; F̂(4) = 1/2, s² = 1/16 · 4/3, t(3)·s = 0.919 → [Q(< 0), Q(> 1)].
    expect(a.medianTurnsToCertain).toEqual({ estimate: 4.5, low: 1, high: Infinity });
    // Seat-games at tables of 3, 3, 2, 2 players, 2 + 1 + 2 + 1 of them: (2/3 + 1/3 + 1 + 1/2) / 6.
    expect(a.equalShare).toBeCloseTo(2.5 / 6, 15);
    expect(a.turnsToCertain).toEqual([
      { turn: 3, seatGames: 1 },
      { turn: 4, seatGames: 1 },
      { turn: 5, seatGames: 1 },
      { turn: 8, seatGames: 1 },
    ]);
  });

  it('agent b: wins per game (0 of 1), (1 of 2), (0 of 1)', () => {
    const b = summary.agents[1];
    expect([b.games, b.seatGames, b.wins, b.wrongAccusations]).toEqual([3, 4, 1, 2]);
    // p = 1/4; residuals −1/4, 1/2, −1/4 → variance 0.375/16 · 3/2; n_eff = 16/3; t(2).
    expect(b.winRate.estimate).toBe(0.25);
    expect(b.winRate.low).toBeCloseTo(0.0160277, 6);
    expect(b.winRate.high).toBeCloseTo(0.8721443, 6);
    // One game with a win: the whole support.
    expect(b.meanTurnsToWin).toEqual({ estimate: 6, low: 1, high: Infinity });
    expect(b.medianTurnsToWin).toEqual({ estimate: 6, low: 1, high: Infinity });
    // Turns to certain [3], [6], [2]: 11/3 ± t(2)·1.201850, clipped at 1.
    expect(b.meanTurnsToCertain!.estimate).toBeCloseTo(11 / 3, 14);
    expect(b.meanTurnsToCertain!.low).toBe(1);
    expect(b.meanTurnsToCertain!.high).toBeCloseTo(11 / 3 + T2 * Math.sqrt(13 / 9), 9);
    expect(b.certainRate!.estimate).toBe(0.75);
  });

  it('head-to-head over the games with both seated and won by one of them, with Wilson over games', () => {
    // Games 0, 1 and 3 seat both: a wins 0 and 3, b wins 1.
    expect(summary.headToHead).toEqual({
      a: { [B]: { games: 3, won: 2, share: wilson(2, 3) } },
      [B]: { a: { games: 3, won: 1, share: wilson(1, 3) } },
    });
  });

  it('lists agents from agentOrder that never played', () => {
    const s = summarize(GAMES, ['c', 'a']);
    expect(s.agents.map((a) => a.agent)).toEqual(['c', 'a', B]);
    expect(s.agents[0]).toEqual({
      agent: 'c',
      games: 0,
      seatGames: 0,
      wins: 0,
      winRate: { estimate: 0, low: 0, high: 1 },
      meanTurnsToWin: null,
      medianTurnsToWin: null,
      meanTurnsToCertain: null,
      medianTurnsToCertain: null,
      certainRate: { estimate: 0, low: 0, high: 1 },
      reportsCertainty: true,
      wrongAccusations: 0,
      faults: { illegal: 0, timeout: 0, crash: 0 },
      equalShare: null,
      turnsToCertain: [],
    });
    expect(s.headToHead.c.a).toEqual({ games: 0, won: 0, share: null });
    expect(s.headToHead.a[B].games).toBe(3);
  });

  it('handles no games', () => {
    expect(summarize([])).toEqual({ games: 0, unsolvedGames: 0, agents: [], headToHead: {} });
  });

  it('ten identical agents win 10% each, exactly: the interval is the point', () => {
    const games: GameResult[] = Array.from({ length: 20 }, (_, g) => {
      const seats = Array.from({ length: 10 }, (_, s) => seat(s, 'same', { won: s === g % 10, turnsToWin: s === g % 10 ? 3 : null }));
      return { game: g, seats: seats.map((s) => s.agent), winner: g % 10, unsolved: false, turns: 30, rounds: 3, seatResults: seats };
    });
    const [row] = summarize(games).agents;
    expect(row.winRate).toEqual({ estimate: 0.1, low: 0.1, high: 0.1 });
    expect(row.equalShare).toBe(0.1);
  });
});

describe('solo runs', () => {
  it('summarise the solo seat and the field apart, even for the same agent', () => {
    // One solo naive seat certain at its turn 10 and winning; five field naive seats, two certain.
    const games: GameResult[] = [0, 1, 2].map((g) => {
      const seats = Array.from({ length: 6 }, (_, s) =>
        s === g ? seat(s, 'naive', { role: 'solo', won: true, turnsToWin: 10, turnsToCertain: 10 }) : seat(s, 'naive', { role: 'field', turnsToCertain: s < 2 ? 12 : null }),
      );
      return { game: g, seats: seats.map((s) => s.agent), winner: g, unsolved: false, turns: 60, rounds: 10, seatResults: seats };
    });
    const summary = summarize(games, [rowLabel('naive', 'solo'), rowLabel('naive', 'field')]);
    expect(summary.agents.map((a) => a.agent)).toEqual(['naive (solo)', 'naive (field)']);
    const [solo, field] = summary.agents;
    expect([solo.games, solo.seatGames, solo.wins]).toEqual([3, 3, 3]);
    expect(solo.certainRate!.estimate).toBe(1);
    expect(solo.meanTurnsToCertain).toEqual({ estimate: 10, low: 10, high: 10 });
    expect([field.seatGames, field.wins]).toEqual([15, 0]);
    // Games 0 and 1 have the solo seat among seats 0-1, game 2 not: 1 + 1 + 2 field seats certain.
    expect(field.certainRate!.estimate).toBeCloseTo(4 / 15, 15);
    expect(summary.headToHead['naive (solo)']['naive (field)']).toMatchObject({ games: 3, won: 3 });
  });
});

// Random games for the merge property: 2-6 seats, agents from a small pool (solo and field roles
// now and then), a winner or none, turn counts or none.
// Agent 'd' does not report certainty; any seat may fault (an agent from outside's, with its reason).
const seatArb = fc.record({
  agent: fc.constantFrom('a', 'b', 'c:x=1', 'd'),
  certain: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
  wrong: fc.integer({ min: 0, max: 1 }),
  turns: fc.integer({ min: 1, max: 40 }),
  fault: fc.option(fc.constantFrom('illegal', 'timeout', 'crash') as fc.Arbitrary<FaultKind>, { nil: undefined, freq: 3 }),
});
const gameArb = fc
  .record({
    seats: fc.array(seatArb, { minLength: 2, maxLength: 6 }),
    winner: fc.option(fc.nat(5), { nil: null }),
    solo: fc.boolean(),
    shard: fc.nat(6),
    order: fc.nat(),
  })
  .map(({ seats, winner, solo, shard, order }) => {
    const w = winner === null ? null : winner % seats.length;
    const seatResults = seats.map((s, i) =>
      seat(i, s.agent, {
        role: solo ? (i === 0 ? 'solo' : 'field') : undefined,
        won: i === w,
        turnsToWin: i === w ? s.turns : null,
        turnsToCertain: s.agent === 'd' ? null : s.certain,
        ...(s.agent === 'd' && { reportsCertainty: false as const }),
        ...(s.fault !== undefined && { fault: s.fault, faultReason: { request: { type: 'suggest', id: s.turns }, reply: `reply ${i}`, problem: `problem ${s.turns}` } }),
        wrongAccusations: i === w ? 0 : s.wrong,
        turnsTaken: s.turns,
      }),
    );
    if (!solo) for (const r of seatResults) delete r.role;
    return { shard, order, result: { game: 0, seats: seats.map((s) => s.agent), winner: w, unsolved: w === null, turns: 1, rounds: 1, seatResults } as GameResult };
  });

describe('merging', () => {
  it('shards of a run, accumulated in any order, through JSON, merged in any order, give exactly the summary of the run (property)', () => {
    fc.assert(
      fc.property(fc.array(gameArb, { maxLength: 60 }), fc.array(fc.nat(), { minLength: 7, maxLength: 7 }), fc.constantFrom<string[]>([], ['d', 'a (solo)']), (drawn, mergeKeys, order) => {
        const games = drawn.map((d, i) => ({ ...d, result: { ...d.result, game: i } }));
        const whole = summarize(games.map((d) => d.result), order);
        // Each shard accumulates its games in a scrambled order and travels as JSON.
        const shards: SummaryAccumulator[] = Array.from({ length: 7 }, (_, k) => {
          const mine = games.filter((d) => d.shard === k).sort((x, y) => x.order - y.order);
          const acc = mine.reduce((a, d) => accumulate(a, d.result), emptyAccumulator());
          return JSON.parse(JSON.stringify(acc)) as SummaryAccumulator;
        });
        const mergeOrder = shards.map((s, k) => ({ s, key: mergeKeys[k] })).sort((x, y) => x.key - y.key);
        const merged = mergeOrder.reduce((a, { s }) => merge(a, s), emptyAccumulator());
        expect(finalize(merged, order)).toStrictEqual(whole);
        // Merging in a tree gives the same.
        const tree = merge(merge(mergeOrder[0].s, merge(mergeOrder[1].s, mergeOrder[2].s)), mergeOrder.slice(3).reduce((a, { s }) => merge(s, a), emptyAccumulator()));
        expect(finalize(tree, order)).toStrictEqual(whole);
      }),
      { seed: 20240611, numRuns: 150 },
    );
  });

  it('keeps the first ten faults of each row by game and seat with their reasons, and gives no certainty for an agent that does not report it (property)', () => {
    fc.assert(
      fc.property(fc.array(gameArb, { maxLength: 60 }), (drawn) => {
        const games = drawn.map((d, i) => ({ ...d.result, game: i }));
        // Accumulated in a scrambled order: what is kept does not depend on it.
        const order = drawn.map((d, i) => ({ game: games[i], key: d.order })).sort((x, y) => x.key - y.key);
        const summary = finalize(order.reduce((acc, { game }) => accumulate(acc, game), emptyAccumulator()));
        for (const row of summary.agents) {
          const faults = games.flatMap((g) =>
            g.seatResults.flatMap((s) => (rowLabel(s.agent, s.role) === row.agent && s.fault !== undefined ? [{ game: g.game, seat: s.seat, kind: s.fault, ...s.faultReason! }] : [])),
          );
          expect(row.faults.illegal + row.faults.timeout + row.faults.crash).toBe(faults.length);
          expect(row.faultReasons).toEqual(faults.length === 0 ? undefined : faults.slice(0, 10));
          const silent = row.agent.startsWith('d');
          expect(row.reportsCertainty).toBe(!silent);
          if (silent) expect([row.certainRate, row.meanTurnsToCertain, row.medianTurnsToCertain, row.turnsToCertain]).toEqual([null, null, null, []]);
          else expect(row.certainRate).not.toBeNull();
        }
      }),
      { seed: 20240612, numRuns: 150 },
    );
  });

  it('merge leaves its arguments alone', () => {
    const a = GAMES.slice(0, 2).reduce(accumulate, emptyAccumulator());
    const b = GAMES.slice(2).reduce(accumulate, emptyAccumulator());
    const copies = JSON.stringify([a, b]);
    merge(a, b);
    expect(JSON.stringify([a, b])).toBe(copies);
  });

  it('refuses to finalize sums beyond the exact integers of a double', () => {
    const acc = GAMES.reduce(accumulate, emptyAccumulator());
    acc.agents[0].turnsToCertain.sums.xx = 2 ** 53 + 2;
    expect(() => finalize(acc)).toThrow(/not an exact integer/);
  });
});

describe('coverage on simulated clustered games (fixed seed)', () => {
  // 1,000 runs of 40 six-seat games. Agent A holds seats 0, 2, 4 and wins with probability 0.4
  // (p = 0.4/3 per seat-game); its seats' turns to certain share the game's difficulty u_g:
  // 1 + u_g + e_s with u, e uniform on 0..20 (mean and median 21). Within a game the seats are
  // strongly correlated, which intervals treating seats as independent ignore.
  const runs = 1000;
  const rng = new Random(7);
  let rateCovered = 0;
  let meanCovered = 0;
  let medianCovered = 0;
  let naiveMeanCovered = 0;
  for (let r = 0; r < runs; r++) {
    const games: GameResult[] = [];
    const values: number[] = [];
    for (let g = 0; g < 40; g++) {
      const winner = rng.next() < 0.4 ? 2 * rng.below(3) : 2 * rng.below(3) + 1;
      const u = rng.below(21);
      const seats = Array.from({ length: 6 }, (_, s) => {
        const v = 1 + u + rng.below(21);
        if (s % 2 === 0) values.push(v);
        return seat(s, s % 2 === 0 ? 'A' : 'B', { won: s === winner, turnsToWin: s === winner ? 3 : null, turnsToCertain: v });
      });
      games.push({ game: g, seats: seats.map((s) => s.agent), winner, unsolved: false, turns: 6, rounds: 1, seatResults: seats });
    }
    const a = summarize(games).agents[0];
    const p = 0.4 / 3;
    if (a.winRate.low <= p && p <= a.winRate.high) rateCovered++;
    if (a.meanTurnsToCertain!.low <= 21 && 21 <= a.meanTurnsToCertain!.high) meanCovered++;
    if (a.medianTurnsToCertain!.low <= 21 && 21 <= a.medianTurnsToCertain!.high) medianCovered++;
    // The seat-as-unit t interval, for contrast.
    const n = values.length;
    const mean = values.reduce((s, v) => s + v, 0) / n;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
    const half = (studentTQuantile(0.975, n - 1) * sd) / Math.sqrt(n);
    if (mean - half <= 21 && 21 <= mean + half) naiveMeanCovered++;
  }
  // With 1,000 runs a 95% coverage is measured within ±0.007 (one standard deviation): the
  // bounds are about 3 standard deviations wide.
  it('the win rate interval covers the true rate about 95% of the time', () => {
    expect(rateCovered / runs).toBeGreaterThan(0.925);
    expect(rateCovered / runs).toBeLessThan(0.975);
  });

  it('the mean interval covers about 95%, where the seat-as-unit t interval falls far short', () => {
    expect(meanCovered / runs).toBeGreaterThan(0.925);
    expect(meanCovered / runs).toBeLessThan(0.975);
    expect(naiveMeanCovered / runs).toBeLessThan(0.88);
  });

  it('the median interval covers at least 95% (conservative on whole turns)', () => {
    expect(medianCovered / runs).toBeGreaterThan(0.93);
  });
});
