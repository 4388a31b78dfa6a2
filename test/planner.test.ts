// The planner agent: its look-ahead value (the chance of naming the envelope right after a
// suggestion's answer) against an independent enumeration of every consistent deal; its options;
// and, in played games, legal moves only, no wrong accusation when it says it is certain, and the
// same games from the same seed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { combinationCards, combinationCount } from '../src/knowledge/tallies.js';
import { parseGame } from '../src/io/log.js';
import { answerers } from '../src/model/rules.js';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { InputError } from '../src/model/errors.js';
import { publicInformation, rightAfterAnswer } from '../src/agents/planner.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playScored } from '../src/tournament/play.js';
import type { Decision, SyncAgent } from '../src/game/agent.js';
import { bruteForce } from './support/brute-force.js';
import { exactEig } from './support/exact-eig.js';
import { arbConsistentLog, withObserver } from './support/random-logs.js';

const core = KnowledgeCore.create();

describe("the planner's look-ahead value and what its suggestion tells the table", () => {
  it('equal the enumeration of every deal and answer; the look-ahead is never below the best solution now', () => {
    let compared = 0;
    fc.assert(
      fc.property(arbConsistentLog(), fc.nat(), (g, pick) => {
        const game = parseGame(withObserver(g, pick).log);
        // The oracle asks the seats after the suggester in seat order.
        if (game.rules.answerOrder !== 'next') return;
        const me = game.me!;
        const oracle = bruteForce(constraintsOf(game));
        const nSeats = game.players.length;
        const order = answerers(me, nSeats, game.rules);
        // The best solution now, from the deals: P(envelope) is the share of deals with it.
        const envelopes = new Map<number, number>();
        for (let k = 0; k < oracle.count; k++) {
          const e = oracle.deals[k * (nSeats + 2) + nSeats];
          envelopes.set(e, (envelopes.get(e) ?? 0) + 1 / oracle.count);
        }
        const bestNow = Math.max(...envelopes.values());
        const n = combinationCount(game.deck.categoryMasks);
        for (let q = 0; q < n; q += Math.max(1, Math.floor(n / 7))) {
          const cards = combinationCards(game.deck.categoryMasks, q);
          const value = rightAfterAnswer(oracle.deals, nSeats, order, cards);
          const exact = exactEig(oracle.deals, nSeats, me, cards);
          expect(value).toBeCloseTo(exact.rightAfterResponse, 12);
          // What the table learns from who answered (hide=): the oracle's, and never more than the suggester learns.
          const told = publicInformation(oracle.deals, nSeats, order, cards);
          expect(Math.abs(told - exact.publicBits)).toBeLessThan(1e-9);
          expect(told).toBeLessThanOrEqual(exact.bits + 1e-9);
          expect(value).toBeGreaterThanOrEqual(bestNow - 1e-12);
          expect(value).toBeLessThanOrEqual(1 + 1e-12);
          compared++;
        }
      }),
      { numRuns: 120, seed: 20261126 },
    );
    expect(compared).toBeGreaterThan(500);
  });

  it('is 1 when the deals leave one envelope, and the chance of the commonest envelope when no answer can tell them apart', () => {
    // Two seats on a 4-card deck (2 categories of 2): seat 0 holds A0, seat 1 B0; the envelope is A1 B1.
    const one = Uint32Array.from([0b0001, 0b0100, 0b1010, 0]);
    expect(rightAfterAnswer(one, 2, [1], [0, 2])).toBe(1);
    // Seat 0 holds A0 or A1; seat 1 always B0, so it can never answer [A0, B1]: the commonest envelope, 2 deals of 3.
    const unanswerable = Uint32Array.from([0b0001, 0b0100, 0b1010, 0, 0b0010, 0b0100, 0b1001, 0, 0b0001, 0b0100, 0b1010, 0]);
    expect(rightAfterAnswer(unanswerable, 2, [1], [0, 3])).toBeCloseTo(2 / 3, 12);
    // Asked of seat 0 instead, the answer tells the deals apart.
    expect(rightAfterAnswer(unanswerable, 2, [0], [0, 3])).toBeCloseTo(1, 12);
  });
});

describe('planner options', () => {
  it('parses its parts and refuses bad values in one message', () => {
    expect(parseAgentSpec('planner')).toMatchObject({ name: 'planner', refute: 'least', own: 'exclude', planner: { lookahead: true, closing: false, threat: true } });
    expect(parseAgentSpec('random').own).toBe('include');
    expect(parseAgentSpec('planner:lookahead=off,closing=on,threat=off,own=include,refute=random,samples=300,draws=20')).toMatchObject({
      refute: 'random',
      own: 'include',
      samples: 300,
      epistemic: { draws: 20 },
      planner: { lookahead: false, closing: true, threat: false },
    });
    expect(parseAgentSpec('planner').planner.hide).toBe(0);
    expect(parseAgentSpec('planner:hide=0.5').planner.hide).toBe(0.5);
    expect(parseAgentSpec('planner:hide=1').planner.hide).toBe(1);
    for (const bad of ['2', '-0.5', 'half', '1.5', '']) expect(() => parseAgentSpec(`planner:hide=${bad}`)).toThrow(/hide must be a number from 0 to 1/);
    expect(() => parseAgentSpec('planner:threat=0.5')).toThrow(/threat must be on or off, not "0.5"/);
    expect(() => parseAgentSpec('planner:accuse=two')).toThrow(/unknown option "accuse".*lookahead=on\|off/);
    expect(() => parseAgentSpec('planner:own=some')).toThrow(/own must be include or exclude/);
    expect(() => parseAgentSpec('deductive:lookahead=off')).toThrow(InputError);
    expect(() => parseAgentSpec('planer')).toThrow(/did you mean "planner"/);
  });
});

describe('the planner in play', () => {
  const PLAYERS = (n: number) => Array.from({ length: n }, (_, i) => `P${i}`);
  const TABLE = ['planner:samples=500,draws=40,own=include,closing=on', 'deductive', 'planner:samples=500,draws=40,threat=off,hide=1', 'entropy:samples=500'];

  /** Plays a game; every decision of a planner seat is kept with the seat's hand. */
  function play(seed: number) {
    const labels = TABLE.map((_, s) => TABLE[(s + seed) % TABLE.length]);
    const decisions: Decision[] = [];
    const suggestions: Array<{ cards: number[]; hand: readonly number[] }> = [];
    const agents: SyncAgent[] = labels.map((label, s) => {
      const agent = createAgent(parseAgentSpec(label), new Random(seed, s + 1), core);
      if (!label.startsWith('planner')) return agent;
      return {
        ...agent,
        suggest: (view, room) => {
          const cards = agent.suggest(view, room);
          if (!label.includes('own=include')) suggestions.push({ cards, hand: [...view.myHand] });
          return cards;
        },
        decide: (view) => {
          const d = agent.decide(view);
          decisions.push(d);
          return d;
        },
      };
    });
    const played = playScored({ deck: CLASSIC_DECK, players: PLAYERS(labels.length), maxTurns: 200 }, agents, new Random(seed), seed);
    for (const a of agents) a.dispose?.();
    const hands = played.views.map((v) => v.myHand.reduce((m, c) => m | (1 << c), 0));
    const envelope = ((2 ** CLASSIC_DECK.cards.length - 1) & ~hands.reduce((a, b) => a | b, 0)) >>> 0;
    return { played, decisions, suggestions, envelope };
  }

  it('makes only legal moves, names none of its cards by default (own=exclude), and is never wrong when it says it is certain', () => {
    let certain = 0;
    let own = 0;
    for (let seed = 0; seed < 8; seed++) {
      const { decisions, suggestions, envelope } = play(seed); // an illegal move would throw
      for (const d of decisions) {
        if (!d.certain) continue;
        certain++;
        expect(d.accusation!.reduce((m, c) => m | (1 << c), 0)).toBe(envelope);
      }
      for (const s of suggestions) {
        own++;
        for (const c of s.cards) expect(s.hand).not.toContain(c);
      }
    }
    expect(certain).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(0);
  });

  it('plays the same game from the same seed', () => {
    const a = play(5);
    const b = play(5);
    expect(b.played.result).toEqual(a.played.result);
    expect(b.decisions).toEqual(a.decisions);
  });
});
