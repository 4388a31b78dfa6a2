/**
 * What every agent costs (src/tournament/time-histogram.ts, decision-times.ts, the clock of
 * game/play.ts): the sketch of durations merges in any order and grouping into the sketch of all
 * of them, a quantile read from it is within a bin of the exact quantile of the durations, every
 * call to an agent is timed (a later answer to its round trip), and a run's decision times cover
 * its rows' seat-games. No test reads the wall clock's figures: the play-level tests time with a
 * clock of their own, which only the agents advance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASSIC_CATEGORIES, CLASSIC_DECK } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import type { Agent, SyncAgent } from '../src/game/agent.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playGame, playGameAsync, type DecisionTimer, type PlayStep } from '../src/game/play.js';
import { addDuration, binMiddleMs, binOf, BIN_COUNT, emptyHistogram, quantileMs, type TimeHistogram } from '../src/tournament/time-histogram.js';
import { addGameTimes, decisionTimeRows, emptyDecisionTimes, mergeDecisionTimes, type DecisionTimes } from '../src/tournament/decision-times.js';
import { runTournament } from '../src/tournament/run.js';
import { summarize } from '../src/tournament/summary.js';
import { renderSummary } from '../src/tournament/text-report.js';
import { formatMs } from '../src/tournament/format.js';
import type { GameResult } from '../src/tournament/results.js';
import { runs } from './support/tier.js';

/** Durations in ms, log-uniform from 0.1 µs to 1000 s: past both ends of the bins too. */
const duration = fc.double({ min: -4, max: 6, noNaN: true }).map((e) => 10 ** e);
const LABELS = ['random', 'naive', 'deductive (solo)'];

/** A game result of `seats` seats with these labels, for the times' rows (nothing else is read). */
function gameOf(labels: readonly string[]): GameResult {
  return {
    game: 0,
    seats: [...labels],
    winner: null,
    unsolved: true,
    turns: 0,
    rounds: 0,
    seatResults: labels.map((agent, seat) => ({ seat, agent, won: false, eliminated: false, wrongAccusations: 0, turnsTaken: 0, turnsToWin: null, turnsToCertain: null })),
  };
}

/** The sketch of some durations. */
function sketch(durations: readonly number[]): TimeHistogram {
  const h = emptyHistogram();
  durations.forEach((ms) => addDuration(h, ms));
  return h;
}

/** Decision times of games, each a list of (label, durations) seats. */
const timesArb = fc.array(fc.array(fc.tuple(fc.constantFrom(...LABELS), fc.array(duration, { maxLength: 8 })), { minLength: 1, maxLength: 4 }), { maxLength: 5 }).map((games) => {
  const times = emptyDecisionTimes();
  for (const seats of games) addGameTimes(times, gameOf(seats.map(([label]) => label)), seats.map(([, ms]) => sketch(ms)));
  return times;
});

describe('the sketch of decision times', () => {
  it('merges associatively and commutatively: any grouping and order of the parts gives the same sketch', () => {
    fc.assert(
      fc.property(timesArb, timesArb, timesArb, (a, b, c) => {
        expect(mergeDecisionTimes(a, b)).toEqual(mergeDecisionTimes(b, a));
        expect(mergeDecisionTimes(a, mergeDecisionTimes(b, c))).toEqual(mergeDecisionTimes(mergeDecisionTimes(a, b), c));
        expect(mergeDecisionTimes(a, emptyDecisionTimes())).toEqual(mergeDecisionTimes(emptyDecisionTimes(), a));
      }),
      { numRuns: runs(300) },
    );
  });

  it('merged, is the sketch of every duration counted at once; its sums are the parts\' sums', () => {
    fc.assert(
      fc.property(fc.array(duration, { maxLength: 40 }), fc.array(duration, { maxLength: 40 }), (first, second) => {
        const part = (ms: number[]): DecisionTimes => addGameTimes(emptyDecisionTimes(), gameOf(['naive']), [sketch(ms)]);
        const merged = mergeDecisionTimes(part(first), part(second));
        const whole = addGameTimes(addGameTimes(emptyDecisionTimes(), gameOf(['naive']), [sketch(first)]), gameOf(['naive']), [sketch(second)]);
        expect(merged).toEqual(whole);
        // and the sketch of both lists counted in one
        expect(merged.agents[0]).toEqual({ agent: 'naive', seatGames: 2, ...sketch([...first, ...second]) });
        const [row] = merged.agents;
        expect(row.decisions).toBe(first.length + second.length);
        expect(row.seatGames).toBe(2);
        expect(row.counts.reduce((x, y) => x + y, 0)).toBe(row.decisions);
        expect(row.totalNs).toBe([...first, ...second].reduce((sum, ms) => sum + Math.round(ms * 1e6), 0));
      }),
      { numRuns: runs(300) },
    );
  });

  it('reads a quantile within one bin of the exact (nearest-rank) quantile of the durations', () => {
    fc.assert(
      fc.property(fc.array(duration, { minLength: 1, maxLength: 200 }), fc.double({ min: 0.001, max: 1, noNaN: true }), (durations, q) => {
        const histogram = emptyHistogram();
        durations.forEach((ms) => addDuration(histogram, ms));
        const sorted = [...durations].sort((x, y) => x - y);
        for (const p of [q, 0.5, 0.95]) {
          const exact = sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1];
          const read = quantileMs(histogram, p)!;
          expect(Math.abs(binOf(read) - binOf(exact))).toBeLessThanOrEqual(1);
          // Within the bins' range, the reading (its bin's middle) is within half a bin (×10^0.05, 12%) of the exact value.
          if (exact >= 1e-3 && exact < 1e5) expect(Math.abs(Math.log10(read / exact))).toBeLessThanOrEqual(0.05 + 1e-9);
        }
      }),
      { numRuns: runs(500) },
    );
  });

  it('has ten bins per decade from 1 µs to 100 s, and nothing to read when nothing was counted', () => {
    expect(BIN_COUNT).toBe(80);
    expect(binOf(0.001)).toBe(0);
    expect(binOf(0.01)).toBe(10);
    expect(binOf(1)).toBe(30);
    expect(binOf(99_999)).toBe(79);
    expect(binOf(1e9)).toBe(79);
    expect(binOf(0)).toBe(0);
    expect(binMiddleMs(30)).toBeCloseTo(10 ** 0.05, 12);
    expect(quantileMs(emptyHistogram(), 0.5)).toBeNull();
    expect(decisionTimeRows(emptyDecisionTimes(), ['naive'])).toEqual([{ agent: 'naive', decisions: 0, medianMs: null, p95Ms: null, msPerGame: null }]);
  });

  it('is printed in milliseconds to two significant digits, whole from 100 ms', () => {
    expect([0.41, 2, 0.0036, 12.3, 99.7, 1234.4, null].map(formatMs)).toEqual(['0.41 ms', '2.0 ms', '0.0036 ms', '12 ms', '100 ms', '1,234 ms', '—']);
  });
});

/** A clock that only the agents below move (the time a decision takes is what its agent says), and the times told. */
function testTimer() {
  let now = 0;
  const decided: Array<{ seat: number; ms: number }> = [];
  const timer: DecisionTimer = { now: () => now, decided: (seat, ms) => void decided.push({ seat, ms }) };
  return { timer, decided, advance: (ms: number) => void (now += ms) };
}

/** The number of steps of each seat: the decisions its agent was asked. */
function seatSteps(steps: readonly PlayStep[], seats: number): number[] {
  return Array.from({ length: seats }, (_, s) => steps.filter((step) => step.seat === s).length);
}

/** A built-in agent that takes `ms` of the test's clock for every decision, at once. */
function slowed(agent: SyncAgent, ms: number, advance: (ms: number) => void): SyncAgent {
  return {
    label: agent.label,
    suggest: (view, room) => (advance(ms), agent.suggest(view, room)),
    refute: (view, by, held, named) => (advance(ms), agent.refute(view, by, held, named)),
    decide: (view) => (advance(ms), agent.decide(view)),
  };
}

/** The same, answering later: its time passes after the call has returned, while its answer is on its way. */
function later(agent: SyncAgent, ms: number, advance: (ms: number) => void): Agent {
  const after = <T>(answer: () => T) => Promise.resolve().then(() => (advance(ms), answer()));
  return {
    label: agent.label,
    suggest: (view, room) => after(() => agent.suggest(view, room)),
    refute: (view, by, held, named) => after(() => agent.refute(view, by, held, named)),
    decide: (view) => after(() => agent.decide(view)),
  };
}

describe('the game loop times every decision asked of an agent', () => {
  const core = KnowledgeCore.create();
  const spec = { deck: CLASSIC_DECK, players: ['P0', 'P1', 'P2', 'P3'], maxTurns: 200 };
  const agents = (seed: number) => ['deductive', 'naive', 'random', 'deductive'].map((l, s) => createAgent(parseAgentSpec(l), new Random(seed, s + 1), core));

  it('with a timer: one time per decision asked of a seat (as many as its steps), how long its agent took', () => {
    const { timer, decided, advance } = testTimer();
    const steps: PlayStep[] = [];
    const costs = [3, 0.25, 0, 7];
    playGame(spec, agents(5).map((a, s) => slowed(a, costs[s], advance)), new Random(5), { timer, onStep: (step) => steps.push(step) });
    expect(decided.length).toBeGreaterThan(20);
    expect(seatSteps(decided.map(({ seat }) => ({ seat }) as PlayStep), 4)).toEqual(seatSteps(steps, 4));
    for (const { seat, ms } of decided) expect(ms).toBe(costs[seat]);
  });

  it('an agent answering later is timed to its answer (a program\'s round trip), slower than one answering at once', async () => {
    const { timer, decided, advance } = testTimer();
    const steps: PlayStep[] = [];
    const [a0, a1, a2, a3] = agents(6);
    await playGameAsync(spec, [later(a0, 40, advance), a1, a2, later(a3, 40, advance)], new Random(6), { timer, onStep: (step) => steps.push(step) });
    expect(seatSteps(decided.map(({ seat }) => ({ seat }) as PlayStep), 4)).toEqual(seatSteps(steps, 4));
    const late = decided.filter((d) => d.seat === 0 || d.seat === 3);
    expect(late.length).toBeGreaterThan(5);
    expect(late.every((d) => d.ms === 40)).toBe(true);
    expect(decided.filter((d) => d.seat === 1 || d.seat === 2).every((d) => d.ms === 0)).toBe(true);
  });

  it('a decision that fails is timed to its failure, once', async () => {
    const { timer, decided, advance } = testTimer();
    const [a0, a1, a2, a3] = agents(8);
    // An agent from outside that suggests an illegal combination after 5 ms: its seat is out, asked nothing more.
    const illegal: Agent = { ...later(a0, 5, advance), untrusted: true, suggest: () => Promise.resolve().then(() => (advance(5), [0, 0, 0])) };
    const steps: PlayStep[] = [];
    await playGameAsync(spec, [illegal, a1, a2, a3], new Random(8), { timer, onStep: (step) => steps.push(step) });
    const faulted = steps.find((s) => s.fault !== undefined)!;
    expect(faulted.seat).toBe(0);
    const ofSeat0 = decided.filter((d) => d.seat === 0);
    // Its decisions before the fault (answers to suggestions) and the failed one; none after.
    expect(ofSeat0.length).toBe(steps.slice(0, steps.indexOf(faulted) + 1).filter((s) => s.seat === 0).length);
    expect(ofSeat0.at(-1)!.ms).toBe(5);
  });
});

describe("a run's decision times", () => {
  const config = { deck: CLASSIC_CATEGORIES, players: 4, agents: ['random', 'naive', 'deductive'], maxTurns: 200 };

  it('cover every row of the summary: its seat-games, and at least two decisions per turn taken; none with timing off', async () => {
    const run = await runTournament(config, { games: 12, seed: 3 });
    const summary = summarize(run.results, config.agents);
    const times = run.times!;
    expect(times.agents.map((r) => r.agent).sort()).toEqual([...config.agents].sort());
    for (const agent of summary.agents) {
      const row = times.agents.find((r) => r.agent === agent.agent)!;
      expect(row.seatGames).toBe(agent.seatGames);
      expect(row.counts.reduce((a, b) => a + b, 0)).toBe(row.decisions);
      // At least a suggestion and an accusation decision per turn taken.
      const turns = run.results.flatMap((g) => g.seatResults).filter((s) => s.agent === agent.agent).reduce((n, s) => n + s.turnsTaken, 0);
      expect(row.decisions).toBeGreaterThanOrEqual(2 * turns);
    }
    const untimed = await runTournament(config, { games: 12, seed: 3, timing: false });
    expect(untimed.times).toBeUndefined();
    expect(untimed.results).toEqual(run.results);
  });

  it('are read in a report in words and milliseconds, one row per summary row, after the agents table', async () => {
    const run = await runTournament(config, { games: 4, seed: 3 });
    const summary = summarize(run.results, config.agents);
    const rows = decisionTimeRows(run.times!, summary.agents.map((a) => a.agent));
    expect(rows.map((r) => r.agent)).toEqual(config.agents);
    for (const row of rows) {
      expect(row.decisions).toBeGreaterThan(0);
      expect(row.medianMs).toBeGreaterThan(0);
      expect(row.p95Ms).toBeGreaterThanOrEqual(row.medianMs!);
      expect(row.msPerGame).toBeGreaterThan(0);
    }
    const text = renderSummary(summary, { decisionTimes: rows }).split('\n');
    const title = text.findIndex((l) => l.startsWith('Decision time'));
    expect(title).toBeGreaterThan(text.findIndex((l) => l.startsWith('deductive')));
    expect(title).toBeLessThan(text.findIndex((l) => l.startsWith('Head-to-head')));
    expect(text[title + 2]).toMatch(/^Agent\s+Decisions\s+median\s+95th percentile\s+Per game$/);
    for (const [i, row] of rows.entries()) expect(text[title + 4 + i]).toMatch(new RegExp(`^${row.agent}\\s+${row.decisions.toLocaleString('en-US')}\\s+[\\d.,]+ ms\\s+[\\d.,]+ ms\\s+[\\d.,]+ ms$`));
  });
});
