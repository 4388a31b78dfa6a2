/**
 * Explanations (src/analysis/explain.ts) against the brute-force oracle (test/support/brute-force.ts),
 * which reads the rules of game-log.md on every deal of a small deck: the events an explanation
 * names force its fact with the setup, and none of them can be left out (nor any card of the
 * observer's hand it names); a contradiction's events
 * leave no deal, and leaving out any one of them leaves one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { explain, findContradiction, type Question } from '../src/analysis/explain.js';
import { analyze } from '../src/analysis/analyze.js';
import { likelyWrongEntries } from '../src/analysis/corrections.js';
import { sharedCore } from '../src/analysis/load.js';
import { explanationJson } from '../src/analysis/json.js';
import { parseGame, type GameLog } from '../src/io/log.js';
import { InputError } from '../src/model/errors.js';
import type { Game } from '../src/model/game.js';
import { bruteForceGame, dealSatisfiesEventsOnly, dealSatisfiesGame, dealWidth, firstInconsistentEvent } from './support/brute-force.js';
import { arbConsistentLog, arbNoisyLog } from './support/random-logs.js';
import { runs } from './support/tier.js';

/** explain() of a log, its card and owner named at the JSON boundary (explanationJson). */
function explained(log: unknown, question: Question) {
  const game = parseGame(log);
  return explanationJson(game, explain(game, question));
}

/** The game with only the given events (the setup unchanged). */
function withEvents(game: Game, events: readonly number[]): Game {
  return { ...game, events: events.map((i) => game.events[i]) };
}

/** Owners in the oracle's layout: seats, envelope (nSeats), table (nSeats + 1). */
function ownerName(game: Game, o: number): string {
  const n = game.players.length;
  return o < n ? game.players[o] : o === n ? 'envelope' : 'table';
}

/**
 * Do the setup and `events` force "owner holds card" (or lacks it), by brute force? Filters the
 * deals of the setup alone (`setupDeals`), every one of them checked against the events.
 */
function forces(game: Game, setupDeals: Uint32Array, events: readonly number[], card: number, owner: number, holds: boolean): boolean {
  const sub = withEvents(game, events);
  const w = dealWidth({ nSeats: game.players.length });
  for (let at = 0; at < setupDeals.length; at += w) {
    if (dealSatisfiesGame(sub, setupDeals, at) && (((setupDeals[at + owner] >>> card) & 1) === 1) !== holds) return false;
  }
  return true;
}

/** forces() with only the observer's cards `hand` known: the observer's other cards may be any. */
function forcesWithHand(game: Game, anyHandDeals: Uint32Array, events: readonly number[], hand: readonly number[], card: number, owner: number, holds: boolean): boolean {
  const sub = withEvents(game, events);
  const w = dealWidth({ nSeats: game.players.length });
  for (let at = 0; at < anyHandDeals.length; at += w) {
    if (!hand.every((h) => ((anyHandDeals[at + game.me!] >>> h) & 1) === 1) || !dealSatisfiesEventsOnly(sub, anyHandDeals, at)) continue;
    if ((((anyHandDeals[at + owner] >>> card) & 1) === 1) !== holds) return false;
  }
  return true;
}

function hasDeal(game: Game, setupDeals: Uint32Array, events: readonly number[]): boolean {
  const sub = withEvents(game, events);
  const w = dealWidth({ nSeats: game.players.length });
  for (let at = 0; at < setupDeals.length; at += w) if (dealSatisfiesGame(sub, setupDeals, at)) return true;
  return false;
}

function expectInputError(f: () => unknown, pattern: RegExp): void {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InputError);
  expect((error as Error).message).toMatch(pattern);
  expect((error as Error).message).not.toContain('\n');
}

describe('explain (a fact) against brute force', () => {
  it('names events that force the fact, none of which can be left out; refuses a fact that does not follow', () => {
    let severalEvents = 0;
    fc.assert(
      fc.property(arbConsistentLog({ maxCards: 9, maxEvents: 7 }), ({ log, game }) => {
        const setupDeals = bruteForceGame(game, 0).deals;
        const anyHandDeals = bruteForceGame({ ...game, me: null, myHand: [] }, 0).deals;
        const all = [...game.events.keys()];
        const owners = game.players.length + (game.faceUp.length > 0 ? 2 : 1);
        game.deck.cards.forEach((card, c) => {
          for (let o = 0; o < owners; o++) {
            for (const holds of [true, false]) {
              if (!forces(game, setupDeals, all, c, o, holds)) {
                expectInputError(() => explained(log, { card, owner: ownerName(game, o), holds }), /^it does not follow from the log that /);
                continue;
              }
              const x = explained(log, { card, owner: ownerName(game, o), holds });
              expect([x.card, x.owner, x.holds]).toEqual([card, ownerName(game, o), holds]);
              const events = x.events.map((e) => e.event - 1);
              expect(events).toEqual([...new Set(events)].sort((a, b) => a - b));
              expect(forces(game, setupDeals, events, c, o, holds), `${x.text} (the events do not force it)`).toBe(true);
              for (const left of events) {
                const fewer = events.filter((i) => i !== left);
                expect(forces(game, setupDeals, fewer, c, o, holds), `${x.text} (event ${left + 1} can be left out)`).toBe(false);
              }
              for (const e of x.events) expect(x.text).toContain(e.sentence);
              // The observer's cards it names are needed, with those events, and enough.
              const hand = x.fromSetup.filter((f) => f.startsWith('you hold ')).map((f) => game.deck.cards.indexOf(f.slice('you hold '.length)));
              expect(hand.every((h) => game.myHand.includes(h))).toBe(true);
              if (game.me !== null) {
                expect(forcesWithHand(game, anyHandDeals, events, hand, c, o, holds), `${x.text} (the cards of the hand named are not enough)`).toBe(true);
                for (const left of hand) {
                  expect(forcesWithHand(game, anyHandDeals, events, hand.filter((h) => h !== left), c, o, holds), `${x.text} (${game.deck.cards[left]} is not needed)`).toBe(false);
                }
              }
              if (events.length > 1) severalEvents++;
            }
          }
        });
      }),
      { seed: 10, numRuns: runs(100, 30) },
    );
    expect(severalEvents, 'explanations of several events must be common enough to test').toBeGreaterThan(50);
  });
});

describe('findContradiction against brute force', () => {
  it('finds the first event that leaves no deal, and a minimal set of earlier events it conflicts with', () => {
    let contradictions = 0;
    fc.assert(
      fc.property(arbNoisyLog({ maxCards: 9, maxEvents: 7 }), ({ log, game }) => {
        const first = firstInconsistentEvent(game);
        if (first === null) {
          expectInputError(() => findContradiction(parseGame(log)), /before any event/);
          return;
        }
        const found = findContradiction(parseGame(log));
        if (first === -1) {
          expect(found).toBeNull();
          return;
        }
        contradictions++;
        expect(found).not.toBeNull();
        const { conflicts, text } = found!;
        const event = found!.event - 1; // events are numbered from 1
        expect(event).toBe(first);
        const earlier = conflicts.map((e) => e.event - 1);
        expect(earlier.every((i) => i < event)).toBe(true);
        expect(earlier).toEqual([...new Set(earlier)].sort((a, b) => a - b));
        const setupDeals = bruteForceGame(game, 0).deals;
        expect(hasDeal(game, setupDeals, [...earlier, event]), text).toBe(false);
        for (const left of earlier) expect(hasDeal(game, setupDeals, [...earlier.filter((i) => i !== left), event]), `${text} (event ${left + 1} can be left out)`).toBe(true);
        expect(text).toContain(`after event ${event + 1}`);
      }),
      { seed: 20, numRuns: 120 },
    );
    expect(contradictions, 'the noisy logs must contradict themselves often enough to test').toBeGreaterThan(20);
  });
});

describe('likelyWrongEntries against brute force', () => {
  it('lists exactly the smallest sets of entries whose removal leaves a deal, fewest first', () => {
    let impossible = 0;
    let severalSets = 0;
    fc.assert(
      fc.property(arbNoisyLog({ maxCards: 9, maxEvents: 7 }), ({ game }) => {
        if ((firstInconsistentEvent(game) ?? -1) < 0) return; // possible, or the setup alone is impossible
        impossible++;
        const setupDeals = bruteForceGame(game, 0).deals;
        const all = [...game.events.keys()];
        const leavesDeal = (removed: number[]) => hasDeal(game, setupDeals, all.filter((i) => !removed.includes(i)));
        // Every subset of up to three entries, smallest first: the minimal ones leave a deal and contain no smaller one that does.
        const subsets: number[][] = [[]];
        for (const e of all) for (const s of [...subsets]) if (s.length < 3) subsets.push([...s, e]);
        subsets.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join(), 'en', { numeric: true }));
        const truth: number[][] = [];
        for (const s of subsets) if (!truth.some((t) => t.every((e) => s.includes(e))) && leavesDeal(s)) truth.push(s);
        const found = likelyWrongEntries(game, sharedCore(), { maxResults: 1000, maxChecks: 1e6 });
        expect(found.complete).toBe(true);
        const sets = found.sets.map((set) => set.map((e) => e.event - 1));
        expect(sets.map((s) => s.join())).toEqual(truth.map((s) => s.join()));
        if (sets.length > 1) severalSets++;
      }),
      { seed: 21, numRuns: 150 },
    );
    expect(impossible, 'the noisy logs must contradict themselves often enough to test').toBeGreaterThan(20);
    expect(severalSets, 'logs with more than one correction must be common enough to test').toBeGreaterThan(10);
  });

  it('stops at its limits and says so', () => {
    const deck = { suspects: ['Plum', 'Green'], weapons: ['Knife', 'Rope'], rooms: ['Hall', 'Study'] };
    const log = {
      deck, players: ['Ann', 'Bob', 'Cat'], handSizes: [1, 1, 1], me: 'Ann', myHand: ['Green'],
      events: [
        { type: 'suggestion', by: 'Bob', cards: ['Plum', 'Knife', 'Hall'], shownBy: null },
        { type: 'suggestion', by: 'Cat', cards: ['Green', 'Rope', 'Study'], shownBy: 'Ann', shown: 'Green' },
        { type: 'suggestion', by: 'Ann', cards: ['Plum', 'Knife', 'Study'], shownBy: 'Cat', shown: 'Knife' },
      ],
    };
    const game = parseGame(log);
    expect(likelyWrongEntries(game, sharedCore()).sets.map((s) => s.map((e) => e.event))).toEqual([[1], [3]]);
    expect(likelyWrongEntries(game, sharedCore(), { maxResults: 1 })).toMatchObject({ sets: [[{ event: 1 }]], complete: false });
    expect(likelyWrongEntries(parseGame({ ...log, events: log.events.slice(0, 2) }), sharedCore())).toEqual({ sets: [[]], complete: true });
  });
});

describe('explanations in words', () => {
  const deck = { suspects: ['Plum', 'Green'], weapons: ['Knife', 'Rope'], rooms: ['Hall', 'Study'] };
  const base = { deck, players: ['Ann', 'Bob', 'Cat'], handSizes: [1, 1, 1], me: 'Ann', myHand: ['Green'] };

  it('says who passed and who showed what, from the observer', () => {
    const log = {
      ...base,
      events: [
        { type: 'suggestion', by: 'Ann', cards: ['Plum', 'Knife', 'Hall'], shownBy: 'Cat', shown: 'Knife' },
        { type: 'suggestion', by: 'Bob', cards: ['Plum', 'Knife', 'Study'], shownBy: 'Cat' },
      ],
    };
    const x = explained(log, { card: 'knife' });
    expect(x).toMatchObject({ card: 'Knife', owner: 'Cat', holds: true, fromSetup: [] });
    expect(x.events).toEqual([{ event: 1, sentence: 'you suggested {Plum, Knife, Hall} at event 1: Bob passed, Cat showed you Knife' }]);
    expect(x.text).toBe('In every deal consistent with the log, Cat holds Knife, and this event forces it: you suggested {Plum, Knife, Hall} at event 1: Bob passed, Cat showed you Knife.');
    // Cat's one card is Knife, so the other weapon is in the envelope: the hand sizes say so.
    expect(explained(log, { card: 'Rope' })).toMatchObject({ owner: 'envelope', fromSetup: ['hand sizes'], events: [{ event: 1 }] });
    // Green is yours, so Plum is the envelope's suspect: no event needed.
    expect(explained(log, { card: 'Plum' })).toMatchObject({
      owner: 'envelope',
      fromSetup: ['you hold Green', 'hand sizes'],
      events: [],
      text: 'It follows from the setup alone (given your Green, the hand sizes) that Plum is in the envelope.',
    });
    expect(explained(log, { card: 'Knife', owner: 'bob', holds: false })).toMatchObject({ fromSetup: [], events: [{ event: 1 }] });
  });

  it('refuses an uncertain card with its possible owners, and unknown names with a suggestion', () => {
    const log = { ...base, events: [] };
    expectInputError(() => explained(log, { card: 'Knife' }), /^Knife has no certain owner yet: it may be with the envelope \(50\.0%\), Bob \(25\.0%\), Cat \(25\.0%\)$/);
    expectInputError(() => explained(log, { card: 'Knfe' }), /unknown card "Knfe"; did you mean "Knife"\?/);
    expectInputError(() => explained(log, { card: 'Knife', owner: 'Dan', holds: true }), /unknown owner "Dan"/);
    expectInputError(() => explained(log, { card: 'Knife', owner: 'Bob', holds: true }), /^it does not follow from the log that Bob holds Knife: Knife may be with Bob, Cat or the envelope$/);
    expect(explained(log, { card: 'Green' }).text).toBe('It follows from the setup alone (given your Green) that you hold Green.');
  });

  it('explains a face-up card by the setup', () => {
    const log = { ...base, players: ['Ann', 'Bob'], handSizes: [1, 1], faceUp: ['Rope'], events: [] };
    expect(explained(log, { card: 'Rope' })).toMatchObject({ owner: 'table', fromSetup: ['Rope is face up'], events: [], text: 'The setup says that Rope is face up.' });
    expect(explained(log, { card: 'Rope', owner: 'Bob', holds: false }).fromSetup).toEqual(['Rope is face up']);
  });

  it('names the conflicting events of an impossible log', () => {
    const log = {
      ...base,
      events: [
        { type: 'suggestion', by: 'Bob', cards: ['Plum', 'Knife', 'Hall'], shownBy: null },
        { type: 'suggestion', by: 'Cat', cards: ['Green', 'Rope', 'Study'], shownBy: 'Ann', shown: 'Green' },
        { type: 'suggestion', by: 'Ann', cards: ['Plum', 'Knife', 'Study'], shownBy: 'Cat', shown: 'Knife' },
      ],
    };
    const c = findContradiction(parseGame(log))!;
    expect(c.event).toBe(3);
    expect(c.conflicts).toEqual([{ event: 1, sentence: 'Bob suggested {Plum, Knife, Hall} at event 1: nobody could show a card' }]);
    expect(c.text).toBe(
      'No deal is left after event 3 (you suggested {Plum, Knife, Study}: Bob passed, Cat showed you Knife), which conflicts with an earlier event (given your hand (Green) and the hand sizes): Bob suggested {Plum, Knife, Hall} at event 1: nobody could show a card. Fewest entries to leave out for a deal to be left (the likeliest mistakes): event 1; or event 3.',
    );
    expectInputError(() => analyze(parseGame(log)), /^No deal is left after event 3 \(you suggested \{Plum, Knife, Study\}: Bob passed, Cat showed you Knife\), which conflicts with an earlier event \(.*\): Bob suggested \{Plum, Knife, Hall\} at event 1: nobody could show a card\. Fewest entries to leave out .*: event 1; or event 3\.$/);
    expectInputError(() => explained(log, { card: 'Knife' }), /which conflicts with an earlier event/);
    expect(findContradiction(parseGame({ ...log, events: log.events.slice(0, 2) }))).toBeNull();
  });
});

describe('explanations on the classic examples', () => {
  for (const name of ['classic-6p-late', 'classic-6p-early']) {
    it(`${name}: every certain card is explained by events that still force it`, () => {
      const log = JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')) as GameLog;
      const events = log.events ?? [];
      const game = parseGame(log);
      for (const { card, owner } of analyze(game, { method: 'exact' }).known) {
        const x = explain(game, { card });
        expect(x.owner).toBe(owner);
        const kept = { ...log, events: events.map((e, i) => (x.events.some((k) => k.event === i + 1) ? e : null)).filter((e) => e !== null) };
        expect(analyze(kept, { method: 'exact' }).known).toContainEqual({ card, owner });
      }
    });
  }
});
