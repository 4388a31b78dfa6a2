/**
 * The explanation of an impossible log at any length: the minimisation (src/analysis/minimal-events.ts)
 * against the one-by-one deletion it stands for, on random monotone conditions; the stores of sets
 * of events (src/knowledge/event-stores.ts) against the brute-force oracle reading those events;
 * contradictions in logs longer than the other brute-force suites use; the work an explanation
 * does, counted, growing near-linearly with the log's length; its budgets, said in the message when
 * they run out; and a 100,000-event log explained by the command line.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minimalSubset, type Work } from '../src/analysis/minimal-events.js';
import { gameContradiction, type Contradiction, type ContradictionOptions } from '../src/analysis/contradiction.js';
import { sharedCore } from '../src/analysis/load.js';
import { EventStores } from '../src/knowledge/event-stores.js';
import { parseGame } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { bruteForce, bruteForceGame, firstInconsistentEvent } from './support/brute-force.js';
import { arbNoisyLog } from './support/random-logs.js';
import { impossibleLog } from './support/impossible-logs.js';
import { runInProcess as cluedo } from './support/run-in-process.js';

/** The deletion the minimisation stands for: each item in turn, dropped when the condition still holds without it. */
function deleteOneByOne(count: number, still: (items: readonly number[]) => boolean): number[] {
  let kept = [...Array(count).keys()];
  for (let i = 0; i < count; i++) {
    const without = kept.filter((x) => x !== i);
    if (still(without)) kept = without;
  }
  return kept;
}

/** A monotone condition: the items include one of the sets of `family`. */
const includesOneOf = (family: number[][]) => (items: readonly number[]) => family.some((set) => set.every((i) => items.includes(i)));

/** The game with only the given events (the setup unchanged). */
function withEvents(game: Game, events: readonly number[]): Game {
  return { ...game, events: events.map((i) => game.events[i]) };
}

function hasDeal(game: Game, events: readonly number[]): boolean {
  return bruteForceGame(withEvents(game, events)).count > 0;
}

const arbFamily = fc.integer({ min: 1, max: 80 }).chain((count) =>
  fc.record({
    count: fc.constant(count),
    family: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
  }),
);

describe('minimalSubset', () => {
  it('keeps what deleting the items one by one keeps, asking about 2k·log n questions', () => {
    fc.assert(
      fc.property(arbFamily, ({ count, family }) => {
        const still = includesOneOf(family);
        const found = minimalSubset(count, (kept, from) => still([...kept, ...Array.from({ length: count - from }, (_, i) => from + i)]));
        expect(found.complete).toBe(true);
        expect(found.kept).toEqual(deleteOneByOne(count, still));
        const k = found.kept.length;
        expect(found.calls).toBeLessThanOrEqual(2 * (k + 1) * (Math.log2(count + 1) + 1));
      }),
      { seed: 40, numRuns: 300 },
    );
  });

  it('stops at its budget with the first items of the answer', () => {
    fc.assert(
      fc.property(arbFamily, fc.integer({ min: 0, max: 30 }), ({ count, family }, maxCalls) => {
        const still = includesOneOf(family);
        const asked = (kept: readonly number[], from: number) => still([...kept, ...Array.from({ length: count - from }, (_, i) => from + i)]);
        const all = minimalSubset(count, asked);
        const cut = minimalSubset(count, asked, maxCalls);
        expect(cut.calls).toBeLessThanOrEqual(maxCalls);
        expect(cut.complete).toBe(all.calls <= maxCalls);
        expect(all.kept.slice(0, cut.kept.length)).toEqual(cut.kept);
        if (cut.complete) expect(cut.kept).toEqual(all.kept);
      }),
      { seed: 41, numRuns: 300 },
    );
  });
});

describe('EventStores against brute force', () => {
  it('the store of a set of events has the deals of the log cut to those events', () => {
    fc.assert(
      fc.property(arbNoisyLog({ maxCards: 9, maxEvents: 12 }), fc.array(fc.nat(), { minLength: 5, maxLength: 5 }), ({ game }, [a, b, c, d, e]) => {
        const stores = new EventStores(game);
        const n = stores.events.length;
        const from = a % (n + 1);
        const to = from + (b % (n + 1 - from));
        const except = new Set(n === 0 ? [] : [c % n, d % n]);
        const plus = n === 0 ? [] : [e % n];
        const positions = [...Array(n).keys()].filter((p) => (p >= from && p < to && !except.has(p)) || plus.includes(p));
        const sub = withEvents(game, positions.map((p) => stores.events[p]));
        expect(bruteForce(stores.store({ from, to, except, plus })).count).toBe(bruteForceGame(sub).count);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('contradictions of longer logs against brute force', () => {
  it('names the first event without a deal and a minimal set of earlier events; each correction leaves a deal and is minimal', () => {
    let contradictions = 0;
    fc.assert(
      fc.property(arbNoisyLog({ maxCards: 9, maxEvents: 40 }), ({ game }) => {
        const first = firstInconsistentEvent(game);
        if (first === null || first === -1) return;
        contradictions++;
        const found = gameContradiction(game, sharedCore())!;
        expect(found.event - 1).toBe(first);
        expect(found.conflictsComplete).toBe(true);
        const earlier = found.conflicts.map((e) => e.event - 1);
        expect(earlier.every((i) => i < first)).toBe(true);
        expect(hasDeal(game, [...earlier, first]), found.text).toBe(false);
        for (const left of earlier) expect(hasDeal(game, [...earlier.filter((i) => i !== left), first]), `${found.text} (event ${left + 1} can be left out)`).toBe(true);
        const all = [...game.events.keys()];
        for (const set of found.corrections.sets.map((s) => s.map((e) => e.event - 1))) {
          expect(hasDeal(game, all.filter((i) => !set.includes(i))), `${found.text} (leaving out ${set} leaves no deal)`).toBe(true);
          for (const kept of set) expect(hasDeal(game, all.filter((i) => i === kept || !set.includes(i))), `${found.text} (${set} is not minimal)`).toBe(false);
        }
      }),
      { seed: 43, numRuns: 60 },
    );
    expect(contradictions, 'the noisy logs must contradict themselves often enough to test').toBeGreaterThan(20);
  });
});

describe('the work of an explanation grows near-linearly with the log', () => {
  /** The work of explaining a log of `events` events whose contradiction is at `bad`. */
  function work(events: number, bad: number, spread: boolean): Work {
    const counted: Work = { checks: 0, facts: 0 };
    const found = gameContradiction(parseGame(impossibleLog({ events, bad, spread })), sharedCore(), { work: counted });
    expect(found?.event).toBe(bad + 1);
    return counted;
  }

  // Rebuilding the store of each set from its events made the facts read grow as n² (about 100×
  // for a log 10× longer) and the questions as n (10×).
  it.each([
    ['at the end', (n: number) => n - 1, false],
    ['in the middle, Bob’s cards shown far apart', (n: number) => n / 2, true],
    ['early', () => 10, false],
  ])('a contradiction %s: 10× the events, well under 100× the facts read and 10× the questions', (_, bad, spread) => {
    const short = work(2_000, bad(2_000), spread);
    const long = work(20_000, bad(20_000), spread);
    expect(long.facts / short.facts).toBeLessThan(20);
    expect(long.checks / short.checks).toBeLessThan(4);
  }, 120_000);
});

describe('budgets', () => {
  const log = impossibleLog({ events: 400, bad: 200, spread: true });
  const game = parseGame(log);
  const explainWith = (options: ContradictionOptions): Contradiction => gameContradiction(game, sharedCore(), options)!;
  const full = explainWith({});

  it('a search for the conflicting events cut short lists those found, says so, and still names the first event without a deal', () => {
    expect(full.conflictsComplete).toBe(true);
    expect(full.conflicts.length).toBeGreaterThan(1);
    let partial = 0;
    for (let maxChecks = 0; ; maxChecks++) {
      const cut = explainWith({ maxChecks, corrections: { maxChecks: 0 } });
      expect(cut.event).toBe(201);
      if (cut.conflictsComplete) {
        expect(cut.conflicts).toEqual(full.conflicts);
        break;
      }
      expect(full.conflicts.slice(0, cut.conflicts.length)).toEqual(cut.conflicts);
      if (cut.conflicts.length > 0) partial++;
      expect(cut.text).toMatch(
        cut.conflicts.length === 0
          ? /^No deal is left after event 201 \(.*\); the search for the earlier events it conflicts with \(given .*\) ran out of its budget before finding any\./
          : /^No deal is left after event 201 \(.*\), which conflicts with (an earlier event|\d+ earlier events) and maybe others \(given .*; the search for them ran out of its budget\): /,
      );
    }
    expect(partial, 'some budgets must cut the list after some events').toBeGreaterThan(0);
  });

  it('a search for corrections cut short before finding any says so', () => {
    const cut = explainWith({ corrections: { maxChecks: 1 } });
    expect(cut.corrections).toEqual({ sets: [], complete: false });
    expect(cut.text).toMatch(/ The search for the fewest entries to leave out for a deal to be left \(the likeliest mistakes\) ran out of its budget before finding any\.$/);
  });

  it('a log with no correction of up to three entries says so', () => {
    // Bob shows Ann the Knife four times and passes on it four times: five entries must go.
    const shows = { type: 'suggestion', by: 'Ann', cards: ['Plum', 'Knife', 'Hall'], shownBy: 'Bob', shown: 'Knife' };
    const passes = { type: 'suggestion', by: 'Ann', cards: ['Plum', 'Knife', 'Hall'], shownBy: 'Cat' };
    const repeated = parseGame({ players: ['Ann', 'Bob', 'Cat'], me: 'Ann', myHand: ['Green', 'Rope', 'Study', 'Lounge', 'Hall', 'Revolver'], events: [shows, shows, shows, shows, passes, passes, passes, passes] });
    const found = gameContradiction(repeated, sharedCore())!;
    expect(found.corrections).toEqual({ sets: [], complete: true });
    expect(found.text).toMatch(/ Leaving out any 3 entries or fewer leaves no deal: more of the log is wrong than that\.$/);
  });
});

describe('the command line at 100,000 events', () => {
  it('names the first event without a deal and the earlier events it conflicts with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-contradiction-'));
    const file = join(dir, 'long.json');
    writeFileSync(file, JSON.stringify(impossibleLog({ events: 100_000, bad: 60_000, spread: true })));
    const r = await cluedo(['analyze', file]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^cluedo: No deal is left after event 60001 \(you suggested \{[^}]*\}: Bob showed you [^)]*\), which conflicts with \d+ earlier events \(given your hand/);
  }, 600_000);
});
