// cluedo league: the schedule's balance (properties over pools, seats and seeds), the Luce rating
// against independent truth (strengths recovered from simulated outcomes, the MM fit against a
// plain numeric maximisation, the standard errors against a numeric Hessian and their coverage),
// and the command line (threads, shards and merge give the same bytes; mistakes are one line).
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Random } from '../src/model/random.js';
import { permutedIndex } from '../src/model/permutation.js';
import { binomial, combinationAt, leagueCycle, leagueSeating } from '../src/tournament/league-schedule.js';
import { seatAgents, type TournamentConfig } from '../src/tournament/play.js';
import { boundaryBound, fitLuce, luceInformation, luceObjective, type LuceTable } from '../src/tournament/luce.js';
import { leagueSummary, type CompositionTally } from '../src/tournament/league.js';
import { accumulate, emptyAccumulator, finalize, merge } from '../src/tournament/summary.js';
import type { GameResult } from '../src/tournament/results.js';
import type { DecisionTimes } from '../src/tournament/decision-times.js';
import { runInProcess as cluedo } from './support/run-in-process.js';
import { fullOnly } from './support/tier.js';
import { jsonWithoutTiming, withoutDecisionTimes } from './support/timing.js';

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

describe('the schedule', () => {
  it('permutedIndex is a permutation of 0..n−1 for every n and key', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (n, key) => {
        const images = Array.from({ length: n }, (_, i) => Number(permutedIndex(BigInt(i), BigInt(n), key)));
        expect(new Set(images).size).toBe(n);
        expect(images.every((x) => x >= 0 && x < n)).toBe(true);
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('combinationAt lists every set of p of k once, ascending', () => {
    for (const [k, p] of [[5, 2], [7, 4], [6, 6], [9, 3]]) {
      const sets = Array.from({ length: Number(binomial(k, p)) }, (_, r) => combinationAt(BigInt(r), k, p));
      expect(new Set(sets.map((s) => s.join())).size).toBe(sets.length);
      for (const s of sets) expect(s.every((x, i) => x >= 0 && x < k && (i === 0 || s[i - 1] < x))).toBe(true);
    }
  });

  it('over a full cycle: every set of p agents p times, every agent and every pair as often, every agent in every seat as often', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 2, max: 6 }), fc.nat(1e9), fc.nat(3), (k, p0, seed, cycle) => {
        const p = Math.min(p0, k);
        const length = Number(leagueCycle(k, p));
        const tables = Array.from({ length }, (_, g) => leagueSeating(k, p, seed, cycle * length + g));
        const sets = new Map<string, number>();
        const agent = new Array<number>(k).fill(0);
        const pair = new Map<string, number>();
        const seat = Array.from({ length: k }, () => new Array<number>(p).fill(0));
        for (const table of tables) {
          expect(new Set(table).size).toBe(p);
          const key = [...table].sort((a, b) => a - b).join();
          sets.set(key, (sets.get(key) ?? 0) + 1);
          table.forEach((a, s) => {
            agent[a]++;
            seat[a][s]++;
            for (const b of table) if (a < b) pair.set(`${a},${b}`, (pair.get(`${a},${b}`) ?? 0) + 1);
          });
        }
        expect(sets.size).toBe(Number(binomial(k, p)));
        expect([...sets.values()].every((n) => n === p)).toBe(true);
        expect(agent.every((n) => n === Number(binomial(k - 1, p - 1)) * p)).toBe(true);
        expect(pair.size).toBe((k * (k - 1)) / 2);
        expect([...pair.values()].every((n) => n === Number(binomial(k - 2, p - 2)) * p)).toBe(true);
        expect(seat.every((row) => row.every((n) => n === Number(binomial(k - 1, p - 1))))).toBe(true);
      }),
      { numRuns: 80, seed: 12 },
    );
  });

  it('after (p−1)! cycles every agent has sat right after every other equally often (refutations go round in seat order)', () => {
    for (const [k, p] of [[4, 3], [5, 4], [6, 3], [4, 4]]) {
      const games = Number(leagueCycle(k, p)) * factorial(p - 1);
      const after = new Map<string, number>();
      for (let g = 0; g < games; g++) {
        const table = leagueSeating(k, p, 7, g);
        table.forEach((a, s) => {
          const key = `${a}>${table[(s + 1) % p]}`;
          after.set(key, (after.get(key) ?? 0) + 1);
        });
      }
      expect(after.size).toBe(k * (k - 1));
      expect(new Set(after.values()).size).toBe(1);
    }
  });

  it("game g's table depends on (seed, g, pool, players) alone: the same in any order and any split, another for another seed", () => {
    const config: TournamentConfig = { deck: {}, players: 4, agents: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], schedule: 'league', maxTurns: 1 };
    const forward = Array.from({ length: 300 }, (_, g) => seatAgents(config, g, 9));
    const order = new Random(3).shuffle(Array.from({ length: 300 }, (_, g) => g));
    const shuffled = new Array<string[]>(300);
    for (const g of order) shuffled[g] = seatAgents({ ...config }, g, 9);
    expect(shuffled).toEqual(forward);
    expect(Array.from({ length: 300 }, (_, g) => seatAgents(config, g, 10))).not.toEqual(forward);
    expect(() => seatAgents(config, 0)).toThrow(/seed/);
  });

  it('a pool too large to list: tables of C(60, 10) sets are drawn one by one, each set in 10 rotations, agents spread as a random draw spreads them', () => {
    const counts = new Array<number>(60).fill(0);
    for (let g = 0; g < 6000; g++) {
      const table = leagueSeating(60, 10, 1, g);
      expect(new Set(table).size).toBe(10);
      if (g % 10 > 0) expect([...table].sort()).toEqual([...leagueSeating(60, 10, 1, g - 1)].sort());
      for (const a of table) counts[a]++;
    }
    // 600 sets, each agent in one with chance 1/6: 1,000 appearances on average, standard deviation 10·√(600·(1/6)·(5/6)) ≈ 91.
    expect(Math.min(...counts)).toBeGreaterThan(1000 - 5 * 91);
    expect(Math.max(...counts)).toBeLessThan(1000 + 5 * 91);
  });
});

/** Outcomes of `games` league games at tables of p drawn from k agents of log-strength `theta`, as compositions of the fit. */
function simulatedTables(theta: readonly number[], p: number, games: number, seed: number): LuceTable[] {
  const rng = new Random(seed);
  const byKey = new Map<string, LuceTable & { won: number[] }>();
  for (let g = 0; g < games; g++) {
    const table = leagueSeating(theta.length, p, seed, g);
    const weights = table.map((a) => Math.exp(theta[a]));
    let u = rng.next() * weights.reduce((a, b) => a + b, 0);
    let winner = 0;
    while (winner < p - 1 && u >= weights[winner]) u -= weights[winner++];
    const members = [...table].sort((a, b) => a - b);
    const key = members.join();
    const entry = byKey.get(key) ?? { members, seats: members.map(() => 1), won: members.map(() => 0) };
    entry.won[members.indexOf(table[winner])]++;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

const centredTruth = (theta: readonly number[]) => theta.map((x) => x - theta.reduce((a, b) => a + b, 0) / theta.length);

/** The maximum of f over ℝ^k by coordinate-wise golden-section search (f concave), repeated until nothing moves. */
function coordinateMaximum(f: (x: number[]) => number, k: number): number[] {
  const x = new Array<number>(k).fill(0);
  for (let sweep = 0; sweep < 400; sweep++) {
    let moved = 0;
    for (let i = 0; i < k; i++) {
      const along = (t: number) => f(x.map((v, j) => (j === i ? t : v)));
      let [a, b] = [x[i] - 8, x[i] + 8];
      const r = (Math.sqrt(5) - 1) / 2;
      for (let it = 0; it < 70; it++) {
        const c = b - r * (b - a);
        const d = a + r * (b - a);
        if (along(c) > along(d)) b = d;
        else a = c;
      }
      moved = Math.max(moved, Math.abs((a + b) / 2 - x[i]));
      x[i] = (a + b) / 2;
    }
    if (moved < 1e-11) break;
  }
  return x;
}

describe('the rating: Luce strengths by maximum likelihood', () => {
  const TRUTH = [0.9, 0.4, 0, -0.2, -0.5, -1.1];

  it('(a) recovers known strengths from 6,000 simulated games within 4 standard errors, every agent', () => {
    const fit = fitLuce(TRUTH.length, simulatedTables(TRUTH, 4, 6000, 21));
    expect(fit.converged).toBe(true);
    centredTruth(TRUTH).forEach((t, i) => expect(Math.abs(fit.strength[i] - t)).toBeLessThan(4 * Math.sqrt(fit.covariance[i][i])));
    // The ranking is the true one.
    expect(fit.strength.map((x, i) => [x, i]).sort((a, b) => b[0] - a[0]).map(([, i]) => i)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  fullOnly('(a) its 95% intervals cover the true strengths about 95% of the time (300 runs of 400 games, 1,800 intervals)', () => {
    let covered = 0;
    let total = 0;
    for (let run = 0; run < 300; run++) {
      const fit = fitLuce(TRUTH.length, simulatedTables(TRUTH, 4, 400, 1000 + run));
      centredTruth(TRUTH).forEach((t, i) => {
        total++;
        if (Math.abs(fit.strength[i] - t) <= 1.959964 * Math.sqrt(fit.covariance[i][i])) covered++;
      });
    }
    // Binomial sd at 95% of 1,800 is 0.5%: 92.5–97.5% is five of them either way (the prior shrinks a little).
    expect(covered / total).toBeGreaterThan(0.925);
    expect(covered / total).toBeLessThan(0.975);
  });

  // Three agents, every one winning and losing: the plain maximum likelihood exists.
  const TINY: LuceTable[] = [
    { members: [0, 1, 2], seats: [1, 1, 1], won: [5, 3, 1] },
    { members: [0, 1], seats: [1, 1], won: [2, 4] },
    { members: [1, 2], seats: [2, 1], won: [3, 2] },
    { members: [0, 2, 3], seats: [1, 1, 1], won: [1, 2, 4] },
  ];

  it('(b) the MM fit is the maximum of the objective found by a plain numeric search, with and without the prior', () => {
    for (const pseudo of [0, 0.5, 2]) {
      const fit = fitLuce(4, TINY, { pseudo });
      const brute = coordinateMaximum((x) => luceObjective(x, TINY, pseudo), 4);
      const centred = brute.map((x) => x - brute.reduce((a, b) => a + b, 0) / 4);
      fit.strength.forEach((x, i) => expect(x).toBeCloseTo(centred[i], 6));
      expect(luceObjective(fit.strength.map((x, i) => x + (brute[i] - centred[i])), TINY, pseudo)).toBeGreaterThanOrEqual(luceObjective(brute, TINY, pseudo) - 1e-9);
    }
  });

  it('(c) the information is the negated Hessian of the objective (finite differences), and the covariance its inverse on centred strengths', () => {
    const pseudo = 0;
    const fit = fitLuce(4, TINY, { pseudo });
    const h = 1e-4;
    const f = (x: number[]) => luceObjective(x, TINY, pseudo);
    const at = fit.strength;
    const info = luceInformation(at, TINY, pseudo);
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        const shift = (di: number, dj: number) => at.map((v, m) => v + (m === i ? di : 0) + (m === j ? dj : 0));
        const second = (f(shift(h, h)) - f(shift(h, -h)) - f(shift(-h, h)) + f(shift(-h, -h))) / (4 * h * h);
        expect(info[i][j]).toBeCloseTo(-second, 4);
      }
    }
    // Independently: the mean-0 constraint as a parametrisation (θ₃ = −θ₀ − θ₁ − θ₂), its numeric Hessian inverted, mapped back.
    const free = (y: number[]) => f([y[0], y[1], y[2], -y[0] - y[1] - y[2]]);
    const y0 = at.slice(0, 3);
    const hessian = [0, 1, 2].map((i) =>
      [0, 1, 2].map((j) => {
        const shift = (di: number, dj: number) => y0.map((v, m) => v + (m === i ? di : 0) + (m === j ? dj : 0));
        return -(free(shift(h, h)) - free(shift(h, -h)) - free(shift(-h, h)) + free(shift(-h, -h))) / (4 * h * h);
      }),
    );
    const cov3 = invert3(hessian);
    const map = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, -1, -1]];
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        let v = 0;
        for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) v += map[i][a] * cov3[a][b] * map[j][b];
        expect(fit.covariance[i][j]).toBeCloseTo(v, 4);
      }
    }
  });

  it('does not depend on the order of the tables, nor on how equal compositions are split', () => {
    const a = fitLuce(4, TINY);
    const split = [...TINY].reverse().flatMap((t) => [{ ...t, won: t.won.map((w) => Math.floor(w / 2)) }, { ...t, won: t.won.map((w) => w - Math.floor(w / 2)) }]);
    expect(JSON.stringify(fitLuce(4, split))).toBe(JSON.stringify(a));
  });

  it('without a prior and with an agent that never won, there are no maximum-likelihood strengths: a RangeError', () => {
    expect(() => fitLuce(3, [{ members: [0, 1, 2], seats: [1, 1, 1], won: [3, 2, 0] }], { pseudo: 0 })).toThrow(/do not exist/);
  });

  it("an agent that never won: its bound is the strength at which losing all its games had a 2.5% chance; the summary's interval is open below", () => {
    const tables: LuceTable[] = [
      { members: [0, 1, 2], seats: [1, 1, 1], won: [6, 4, 0] },
      { members: [0, 1], seats: [1, 1], won: [3, 5] },
      { members: [1, 2], seats: [1, 1], won: [7, 0] },
    ];
    const fit = fitLuce(3, tables);
    const bound = boundaryBound(2, fit.strength, tables);
    const loseAll = (x: number) =>
      Math.pow(1 - Math.exp(x) / (Math.exp(x) + Math.exp(fit.strength[0]) + Math.exp(fit.strength[1])), 10) * Math.pow(1 - Math.exp(x) / (Math.exp(x) + Math.exp(fit.strength[1])), 7);
    expect(loseAll(bound)).toBeCloseTo(0.025, 9);
    const compositions: CompositionTally[] = [
      { agents: ['a', 'b', 'c'], seats: [1, 1, 1], games: 11, won: [6, 4, 0] },
      { agents: ['a', 'b'], seats: [1, 1], games: 8, won: [3, 5] },
      { agents: ['b', 'c'], seats: [1, 1], games: 7, won: [7, 0] },
    ];
    const league = leagueSummary(compositions, ['a', 'b', 'c']);
    const c = league.ratings.find((r) => r.agent === 'c')!;
    expect(c.strength.estimate).toBe(-Infinity);
    expect(c.strength.low).toBe(-Infinity);
    expect(c.standardError).toBeNull();
    expect(c.chance.estimate).toBe(0);
    expect(c.rank).toBe(3);
    expect([c.decidedGames, c.wins]).toEqual([17, 0]);
    // The finite strengths have mean 0; a game nobody won (11 − 10 at the first table) is not counted.
    const [a, b] = ['a', 'b'].map((x) => league.ratings.find((r) => r.agent === x)!);
    expect(a.strength.estimate + b.strength.estimate).toBeCloseTo(0, 12);
    expect(league.decidedGames).toBe(25);
    expect(league.balance).toEqual({ agentGames: { min: 18, max: 26 }, pairGames: { min: 11, max: 19 } });
  });
});

describe('the accumulator of a league', () => {
  const game = (g: number, seats: string[], winner: number | null): GameResult => ({
    game: g,
    seats,
    winner,
    unsolved: winner === null,
    turns: 4,
    rounds: 1,
    seatResults: seats.map((agent, seat) => ({ seat, agent, won: seat === winner, eliminated: false, wrongAccusations: 0, turnsTaken: 1, turnsToWin: seat === winner ? 1 : null, turnsToCertain: null })),
  });
  const GAMES = [game(0, ['a', 'b', 'c'], 1), game(1, ['c', 'a', 'b'], 0), game(2, ['b', 'c', 'd'], null), game(3, ['d', 'a', 'b'], 2), game(4, ['a', 'c', 'b'], 0)];

  it('tallies compositions only when asked, and shards merged in any order give the same summary as one run', () => {
    expect(GAMES.reduce(accumulate, emptyAccumulator()).compositions).toBeUndefined();
    const whole = GAMES.reduce(accumulate, emptyAccumulator({ compositions: true }));
    expect(whole.compositions!.find((c) => c.agents.join() === 'a,b,c')).toEqual({ agents: ['a', 'b', 'c'], seats: [1, 1, 1], games: 3, won: [1, 1, 1] });
    const parts = [GAMES.slice(3), GAMES.slice(0, 2), GAMES.slice(2, 3)].map((part) => part.reduce(accumulate, emptyAccumulator({ compositions: true })));
    const merged = parts.reduce((acc, part) => merge(acc, part), emptyAccumulator());
    const order = ['a', 'b', 'c', 'd'];
    expect(JSON.stringify(finalize(merged, order))).toBe(JSON.stringify(finalize(whole, order)));
    expect(finalize(whole, order).league!.unrated).toEqual([]);
  });
});

/** 3x3 inverse by cofactors. */
function invert3(m: number[][]): number[][] {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

describe('cluedo league', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-league-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const POOL = ['--agents', 'random,naive,deductive,deductive:accuse=risky:0.8', '--players', '3', '--games', '24', '--seed', '4'];
  const body = (stdout: string) => stdout.slice(stdout.indexOf('\n') + 1);

  fullOnly('the same bytes on 1 and 2 threads; the tables follow the schedule; the JSON holds the league', async () => {
    const one = await cluedo(['league', ...POOL, '--threads', '1', '--json', join(dir, 'one.json')]);
    const two = await cluedo(['league', ...POOL, '--threads', '2', '--json', join(dir, 'two.json'), '--report', join(dir, 'two.html')]);
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    // The same bytes but for the decision times, which are measured.
    expect(withoutDecisionTimes(body(two.stdout))).toBe(withoutDecisionTimes(body(one.stdout)));
    expect(jsonWithoutTiming(readFileSync(join(dir, 'two.json'), 'utf8'))).toBe(jsonWithoutTiming(readFileSync(join(dir, 'one.json'), 'utf8')));
    // What the seed decides of them is the same too: how many decisions each agent made, in how many seat-games.
    const counts = (file: string) =>
      (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { timing: { sums: DecisionTimes } }).timing.sums.agents.map(({ agent, seatGames, decisions }) => ({ agent, seatGames, decisions }));
    expect(counts('two.json')).toEqual(counts('one.json'));
    expect(counts('one.json').every((row) => row.seatGames === 18 && row.decisions > 18)).toBe(true);
    expect(one.stdout).toMatch(/^Rank {2}Agent/m);
    expect(one.stdout.replace(/\s+/g, ' ')).toContain('Tables of 3 from 4 agents: a full cycle is 12 games; played: 2 full cycles. Games per agent: 18; per pair: 12.');
    const json = JSON.parse(readFileSync(join(dir, 'one.json'), 'utf8')) as { config: TournamentConfig; summary: { league: { ratings: unknown[]; players: number } }; games: GameResult[] };
    expect(json.config.schedule).toBe('league');
    expect(json.summary.league.players).toBe(3);
    for (const g of json.games) expect(g.seats).toEqual(seatAgents(json.config, g.game, 4));
    expect(readFileSync(join(dir, 'two.html'), 'utf8')).toContain('<h2>League table</h2>');
  });

  fullOnly('shards merged give the summary of the run played at once', async () => {
    const whole = await cluedo(['league', ...POOL, '--threads', '1']);
    for (const i of [1, 2, 3]) expect((await cluedo(['league', ...POOL, '--threads', '1', '--shard', `${i}/3`, '--out', join(dir, `part-${i}.json`)])).status).toBe(0);
    const merged = await cluedo(['merge', join(dir, 'part-3.json'), join(dir, 'part-1.json'), join(dir, 'part-2.json')]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(withoutDecisionTimes(body(merged.stdout))).toBe(withoutDecisionTimes(body(whole.stdout)));
  });

  it.each([
    [['--agents', 'naive,nave,deductive,random'], /^cluedo: --agents: unknown agent "nave"; did you mean "naive"\?/],
    [['--agents', 'naive,deductive,naive,random'], /^cluedo: --agents names "naive" twice: a league seats different agents at every table$/m],
    [['--agents', 'naive,deductive,random'], /^cluedo: --agents names 3 agents for --players 4: a league seats 4 different agents at every table/],
    [['--agents', 'naive', '--players', '2'], /^cluedo: --agents names 1 agent for --players 2/],
    [['--agents', 'naive,deductive', '--players', '1'], /^cluedo: --players must be a whole number from 2 to 10, got "1"$/m],
    [['--agents', 'naive,deductive', '--players', '11'], /^cluedo: --players must be a whole number from 2 to 10, got "11"$/m],
    [['--games', '5'], /^cluedo: --agents is missing: name the pool of agents, at least as many as --players$/m],
    [['--agents', 'a,b,c,d', '--solo', 'a'], /^cluedo: unknown option "--solo"/],
    [['--agents', 'naive,deductive,random,entropy', '--dice', '1d6'], /^cluedo: --dice goes with --board: it is a rule of the board$/m],
  ])('cluedo league %j: one line, exit 2', async (args, pattern) => {
    const r = await cluedo(['league', ...args]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
  });
});
