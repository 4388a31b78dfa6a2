/**
 * Whether to accuse now (analysis/accuse-advice.ts): the probability of the best solution against
 * an exhaustive count on small decks, the decision rule, the threat's arithmetic and its standard
 * error, and `cluedo accuse` printing what the library computes.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { makeDeck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playGame } from '../src/game/play.js';
import { accusationAdvice, accusationAdviceOn, threatOf } from '../src/analysis/accuse-advice.js';
import { epistemicInThisThread } from '../src/analysis/knows.js';
import { epistemicPool } from '../src/analysis/pools.js';
import { parseGame } from '../src/io/log.js';
import { gameToLog } from '../src/io/write-log.js';
import { bruteForceGame } from './support/brute-force.js';
import { runInProcess as cluedo } from './support/run-in-process.js';
import { fullOnly } from './support/tier.js';

const core = KnowledgeCore.create();
const DECK = makeDeck({ who: ['A0', 'A1', 'A2'], what: ['B0', 'B1', 'B2'], where: ['C0', 'C1', 'C2', 'C3'] });

describe('accusation advice', () => {
  it("the best solution's probability is the exhaustive count's; accuse exactly when certain or P ≥ 1 − threat (seat 0 after every turn of 12 games)", () => {
    let checked = 0;
    const either = new Set<boolean>();
    for (let g = 0; g < 12; g++) {
      const agents = [0, 1, 2].map((s) => createAgent(parseAgentSpec('deductive:accuse=never'), new Random(6, g, s), core));
      const played = playGame({ deck: DECK, players: ['P0', 'P1', 'P2'], maxTurns: 9 }, agents, new Random(6, g));
      const full = played.views[0].game();
      for (let n = 0; n <= full.events.length; n += 3) {
        const game = { ...full, events: full.events.slice(0, n) };
        const advice = accusationAdvice(game, { seed: 1 });
        const oracle = bruteForceGame(game);
        const total = oracle.envelopeCounts.reduce((a, b) => a + b, 0);
        expect(advice.probability).toBeCloseTo(Math.max(...oracle.envelopeCounts) / total, 12);
        expect(advice.certain).toBe(oracle.envelopeCounts.filter((c) => c > 0).length === 1);
        expect(advice.accuse).toBe(advice.certain || advice.probability >= 1 - advice.threat);
        expect(advice.seats.map((s) => s.seat)).toEqual(advice.certain ? [] : [1, 2]);
        either.add(advice.accuse);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect([...either].sort()).toEqual([false, true]);
  });

  it('threat: the chance that at least one seat can accuse, seats independent, with its delta-method standard error', () => {
    const seat = (q: number, next: number, se?: number) => ({ seat: 1, out: false, canAccuse: q, canAccuseNextTurn: next, knowsMyCards: [], ...(se !== undefined && { standardErrors: { canAccuse: se, canAccuseNextTurn: se, knowsMyCards: [] } }) });
    expect(threatOf([seat(0.1, 0.3), seat(0.2, 0.1)]).threat).toBeCloseTo(1 - 0.7 * 0.8, 12);
    expect(threatOf([seat(0.1, 0.3)]).standardError).toBeNull();
    expect(threatOf([seat(0.1, 0.3, 0.01)]).standardError).toBeCloseTo(0.01, 12);
    // Two seats: sqrt((0.8 · 0.01)² + (0.7 · 0.02)²)
    expect(threatOf([seat(0.1, 0.3, 0.01), seat(0.2, 0.1, 0.02)]).standardError).toBeCloseTo(Math.hypot(0.8 * 0.01, 0.7 * 0.02), 12);
  });

  fullOnly('on an executor (this thread, a task at a time, or a pool of 2): the same advice, drawn worlds included', async () => {
    const pool = epistemicPool(2);
    try {
      for (const [name, options] of [
        ['classic-5p-mid', { seed: 3 }],
        ['classic-5p-mid', { samples: 3000, seed: 9 }],
        ['classic-6p-late', { seed: 1 }],
      ] as const) {
        const game = parseGame(JSON.parse(readFileSync(`examples/${name}.json`, 'utf8')));
        const want = accusationAdvice(game, options);
        expect(await accusationAdviceOn(epistemicInThisThread(), game, options), name).toEqual(want);
        expect(await accusationAdviceOn(pool, game, options), name).toEqual(want);
      }
    } finally {
      await pool.close();
    }
  });

  it('refuses a log without an observer, and an observer already out', () => {
    const spectator = JSON.parse(readFileSync('examples/classic-3p-spectator.json', 'utf8'));
    expect(() => accusationAdvice(spectator)).toThrow(/for the observer of a log/);
    const log = JSON.parse(readFileSync('examples/classic-4p-faceup.json', 'utf8'));
    const game = parseGame(log);
    const wrong = { ...gameToLog(game), events: [...gameToLog(game).events!, { type: 'accusation', by: game.players[game.me!], cards: ['Miss Scarlet', 'Knife', 'Hall'], correct: false }] };
    expect(() => accusationAdvice(wrong as never)).toThrow(/accused wrongly and is out/);
  });
});

describe('cluedo accuse', () => {
  it('prints what the library computes', async () => {
    const r = await cluedo(['accuse', 'examples/classic-5p-mid.json', '--json', '--seed', '3']);
    expect(r.status, r.stderr).toBe(0);
    const game = parseGame(JSON.parse(readFileSync('examples/classic-5p-mid.json', 'utf8')));
    const advice = accusationAdvice(game, { seed: 3 });
    const printed = JSON.parse(r.stdout);
    expect(printed.solution).toEqual(advice.solution.map((c) => game.deck.cards[c]));
    expect(printed.probability).toBe(advice.probability);
    expect(printed.threat).toBe(advice.threat);
    expect(printed.accuse).toBe(advice.accuse);
    expect(printed.seats.map((s: { seat: string }) => s.seat)).toEqual(advice.seats.map((s) => game.players[s.seat]));
    // One convention for a missing value: every key present, null where the answer has none.
    for (const s of printed.seats) expect(Object.keys(s)).toEqual(['seat', 'canAccuse', 'canAccuseNextTurn', 'standardErrors']);
    expect(printed.seats.every((s: { standardErrors: unknown }) => s.standardErrors === null)).toBe(advice.seats.every((s) => s.standardErrors === undefined));
  });

  it('one line for a log it cannot advise on', async () => {
    const r = await cluedo(['accuse', 'examples/classic-3p-spectator.json']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('cluedo: accusation advice is for the observer of a log ("me"); this log has none\n');
  });
});
