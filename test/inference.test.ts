/**
 * Exact inference against an independent brute-force counter (test/support/brute-force.ts) and
 * against the example answers computed by another independent counter (examples/*.expected.json).
 *
 * The oracle is run on two inputs: the ConstraintStore (to test the Wasm core on exactly what it
 * was given) and the game itself, read by the oracle straight from the rules of game-log.md (to
 * test log → constraints → analysis end to end).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { emptyStore } from '../src/knowledge/constraints.js';
import type { Game } from '../src/model/game.js';
import { InputError } from '../src/model/errors.js';
import { parseGame } from '../src/io/log.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { analyze } from '../src/analysis/analyze.js';
import { analysisJson, type AnalysisJson } from '../src/analysis/json.js';
import {
  analyzeOracle,
  bruteForce,
  bruteForceGame,
  dealSatisfiesStore,
  envelopeCards,
  firstInconsistentEvent,
  gameFromExactLog,
  type OracleAnalysis,
  type OracleResult,
} from './support/brute-force.js';
import { arbConsistentLog, arbNoisyLog, arbStore, type LogJson } from './support/random-logs.js';
import { runs } from './support/tier.js';

const EPS = 1e-9;
const RUNS = runs(200, 20);
const EXAMPLES_DIR = fileURLToPath(new URL('../examples/', import.meta.url));

/** analyze() on a log, named at the JSON boundary (analysisJson) as the documented output is. */
function runAnalyze(log: unknown, options?: { samples?: number; seed?: number }): AnalysisJson {
  const game = parseGame(log);
  return analysisJson(game, analyze(game, options));
}

function close(got: number, want: number, what: string, eps = EPS): void {
  if (!(typeof got === 'number' && Math.abs(got - want) <= eps)) {
    throw new Error(`${what}: got ${got}, want ${want}`);
  }
}

/** Owner names of a game in analysis order: seats, "table" when there are face-up cards, "envelope". */
function ownerNames(game: Game): string[] {
  return [...game.players, ...(game.faceUp.length > 0 ? ['table'] : []), 'envelope'];
}

/** Owner index in the oracle's layout (seats, envelope, table) of an analysis owner name. */
function oracleOwner(game: Game, name: string): number {
  const n = game.players.length;
  if (name === 'envelope') return n;
  if (name === 'table') return n + 1;
  const s = game.players.indexOf(name);
  if (s < 0) throw new Error(`unknown owner ${name}`);
  return s;
}

function ownerName(game: Game, o: number): string {
  const n = game.players.length;
  return o < n ? game.players[o] : o === n ? 'envelope' : 'table';
}

/** Every field of an exact analysis against the oracle's answer for the same game. */
function expectMatchesOracle(a: AnalysisJson, ex: OracleAnalysis, game: Game): void {
  const { deck } = game;
  expect(a.method).toBe('exact');
  expect(a.samples).toBeNull();
  expect(a.consistentDeals).toBe(BigInt(ex.count));
  expect(a.owners).toEqual(ownerNames(game));

  expect(Object.keys(a.cards)).toEqual(deck.cards);
  deck.cards.forEach((card, c) => {
    const row = a.cards[card];
    expect(Object.keys(row)).toEqual(a.owners);
    for (const name of a.owners) close(row[name], ex.prob[c][oracleOwner(game, name)], `cards["${card}"]["${name}"]`);
    if (game.faceUp.length === 0) expect(ex.prob[c][game.players.length + 1]).toBe(0);
  });

  expect(Object.keys(a.envelope)).toEqual(deck.categories.map((g) => g.name));
  deck.categories.forEach((cat) => {
    expect(Object.keys(a.envelope[cat.name])).toEqual(cat.cards);
    for (const card of cat.cards) {
      close(a.envelope[cat.name][card], ex.prob[deck.cards.indexOf(card)][game.players.length], `envelope.${cat.name}["${card}"]`);
    }
  });

  // solutions: exactly the combinations with positive probability, most probable first
  const want = new Map<string, number>();
  for (const [index, p] of ex.solutions) {
    want.set(JSON.stringify(envelopeCards(deck.categoryMasks, index).map((c) => deck.cards[c])), p);
  }
  expect(a.solutions.length).toBe(want.size);
  const seen = new Set<string>();
  a.solutions.forEach((s, i) => {
    const key = JSON.stringify(s.cards);
    expect(want.has(key), `solution ${key} has probability 0`).toBe(true);
    expect(seen.has(key), `solution ${key} listed twice`).toBe(false);
    seen.add(key);
    close(s.probability, want.get(key)!, `solution ${key}`);
    if (i > 0) expect(s.probability).toBeLessThanOrEqual(a.solutions[i - 1].probability + 1e-12);
  });

  const knownGot = a.known.map((k) => `${k.card} -> ${k.owner}`).sort();
  const knownWant = ex.known.map(([c, o]) => `${deck.cards[c]} -> ${ownerName(game, o)}`).sort();
  expect(knownGot).toEqual(knownWant);

  close(a.entropyBits, ex.entropyBits, 'entropyBits');
}

function expectCoreMatches(core: KnowledgeCore, store: ConstraintStore, want: OracleResult): void {
  using position = core.load(store);
  expect(position.consistent).toBe(want.count > 0);
  expect(position.count()).toBe(BigInt(want.count));
  if (want.count === 0) return;
  expect(Array.from(position.ownerCounts())).toEqual(Array.from(want.ownerCounts));
  expect(Array.from(position.envelopeCounts())).toEqual(Array.from(want.envelopeCounts));
  // a few sampled deals: each one consistent per the oracle
  const w = store.nSeats + 2;
  const deals = position.sample(8, 12345);
  for (let k = 0; k < 8; k++) {
    const deal = deals.subarray(k * w, (k + 1) * w);
    expect(dealSatisfiesStore(store, deal), `sampled deal [${Array.from(deal).join(', ')}] is not consistent`).toBe(true);
  }
}

function multinomial(n: number, parts: number[]): number {
  const f = (k: number): number => (k <= 1 ? 1 : k * f(k - 1));
  return parts.reduce((acc, k) => acc / f(k), f(n));
}

// ---------------------------------------------------------------------------------------------

describe('the brute-force oracle itself', () => {
  it('counts every deal of an empty store (closed form)', () => {
    const cases: Array<{ sizes: number[]; hands: number[]; faceUp: number }> = [
      { sizes: [2, 2], hands: [1, 1], faceUp: 0 },
      { sizes: [2, 3, 2], hands: [2, 2], faceUp: 0 },
      { sizes: [3, 3, 3], hands: [2, 2, 1], faceUp: 1 },
      { sizes: [4, 4, 3], hands: [2, 2, 2, 2], faceUp: 0 },
    ];
    for (const { sizes, hands, faceUp } of cases) {
      const categoryMasks: number[] = [];
      let n = 0;
      for (const k of sizes) {
        categoryMasks.push(((1 << k) - 1) << n);
        n += k;
      }
      // face-up: the last card
      const store = emptyStore(n, categoryMasks, hands, faceUp ? 1 << (n - 1) : 0);
      const res = bruteForce(store);
      // with a face-up card of the last category, that category has one card fewer to choose from
      const combos = sizes.reduce((a, k, g) => a * (g === sizes.length - 1 ? k - faceUp : k), 1);
      expect(res.count).toBe(combos * multinomial(n - sizes.length - faceUp, hands));
      const w = hands.length + 2;
      for (let c = 0; c < n; c++) {
        let row = 0;
        for (let o = 0; o < w; o++) row += res.ownerCounts[c * w + o];
        expect(row).toBe(res.count);
      }
      expect(res.envelopeCounts.reduce((a, b) => a + b, 0)).toBe(res.count);
      expect(res.deals.length).toBe(res.count * w);
    }
  });

  it('agrees with the independent counter on the 12-card example', () => {
    const log = JSON.parse(readFileSync(`${EXAMPLES_DIR}custom-deck-3p.json`, 'utf8'));
    const json = JSON.parse(readFileSync(`${EXAMPLES_DIR}custom-deck-3p.expected.json`, 'utf8')) as AnalysisJson;
    const expected = { ...json, consistentDeals: BigInt(json.consistentDeals!) };
    const game = gameFromExactLog(log);
    const ex = analyzeOracle(bruteForceGame(game), game.deck.cards.length, game.players.length);
    expectMatchesOracle(expected, ex, game);
  });

  it('keeps the hidden deal of every generated consistent log', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const res = bruteForceGame(g.game);
        const w = g.game.players.length + 2;
        let found = false;
        for (let i = 0; i < res.deals.length && !found; i += w) {
          found = g.deal.every((m, o) => res.deals[i + o] === m);
        }
        expect(found).toBe(true);
        expect(firstInconsistentEvent(g.game)).toBe(-1);
      }),
      { seed: 11, numRuns: 100 },
    );
  });
});

describe('KnowledgeCore against the oracle', () => {
  const core = KnowledgeCore.create(); // reused on purpose: load() must start afresh each time

  it('on the constraints of random consistent logs', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const store = constraintsOf(parseGame(g.log));
        expectCoreMatches(core, store, bruteForce(store));
      }),
      { seed: 1, numRuns: RUNS },
    );
  });

  it('on the constraints of random possibly inconsistent logs', () => {
    fc.assert(
      fc.property(arbNoisyLog(), (g) => {
        const store = constraintsOf(parseGame(g.log));
        expectCoreMatches(core, store, bruteForce(store));
      }),
      { seed: 2, numRuns: RUNS },
    );
  });

  it('on random constraint stores (arbitrary holds, lacks and clause owner sets)', () => {
    fc.assert(
      fc.property(arbStore(), (store) => {
        expectCoreMatches(core, store, bruteForce(store));
      }),
      { seed: 3, numRuns: RUNS },
    );
  });
});

describe('constraintsOf against the rules of the game', () => {
  it('keeps exactly the deals the rules allow, after every prefix of events', () => {
    fc.assert(
      fc.property(arbNoisyLog(), fc.nat(), (g, k) => {
        const game = parseGame(g.log);
        const events = k % (g.game.events.length + 1);
        const got = bruteForce(constraintsOf(game, events));
        const want = bruteForceGame(g.game, events);
        expect(got.count).toBe(want.count);
        expect(got.deals).toEqual(want.deals); // same enumeration order on both sides
      }),
      { seed: 4, numRuns: RUNS },
    );
  });
});

describe('analyze (exact) against the oracle', () => {
  it('on random consistent logs', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const ex = analyzeOracle(bruteForceGame(g.game), g.game.deck.cards.length, g.game.players.length);
        expectMatchesOracle(runAnalyze(g.log), ex, g.game);
      }),
      { seed: 5, numRuns: RUNS },
    );
  });

  it('on random possibly inconsistent logs: an InputError naming the first impossible event iff no deal is left', () => {
    let errors = 0;
    fc.assert(
      fc.property(arbNoisyLog(), (g) => {
        const first = firstInconsistentEvent(g.game);
        if (first === -1) {
          const ex = analyzeOracle(bruteForceGame(g.game), g.game.deck.cards.length, g.game.players.length);
          expectMatchesOracle(runAnalyze(g.log), ex, g.game);
          return;
        }
        errors++;
        let thrown: unknown = null;
        try {
          runAnalyze(g.log);
        } catch (e) {
          thrown = e;
        }
        expect(thrown, 'analyze must throw: no deal is consistent').toBeInstanceOf(InputError);
        const msg = (thrown as Error).message;
        // messages name events 1-based: "event 3 (suggestion by Bob)"
        const m = /\bevent (\d+)\b/.exec(msg);
        expect(m, `message names no event: ${msg}`).not.toBeNull();
        expect(Number(m![1]), msg).toBe(first! + 1);
      }),
      { seed: 6, numRuns: RUNS },
    );
    expect(errors).toBeGreaterThan(RUNS / 5); // the arbitrary really produces inconsistent logs
  });

  it('a log that is consistent only up to its last event names that event', () => {
    const log: LogJson = {
      deck: { who: ['Ada', 'Bo'], what: ['axe', 'bat'] },
      players: ['Ann', 'Bob'],
      me: 'Ann',
      myHand: ['Ada'],
      events: [
        { type: 'suggestion', by: 'Ann', cards: ['Bo', 'axe'], shownBy: 'Bob', shown: 'axe' },
        { type: 'suggestion', by: 'Bob', cards: ['Ada', 'bat'], shownBy: null },
      ],
    };
    expect(() => runAnalyze(log)).toThrow(InputError);
    expect(() => runAnalyze(log)).toThrow(/\bevent 2\b/);
  });
});

describe('face-up cards in constraints (minimal cases)', () => {
  const deck = { who: ['Ada', 'Bo', 'Cy'], what: ['axe', 'bat'] };

  it('a card shown by a seat cannot be face up: the log is impossible at that event', () => {
    const log: LogJson = {
      deck: { who: ['Ada', 'Bo'], what: ['axe', 'bat', 'cord'] },
      players: ['Ann', 'Bob'],
      faceUp: ['cord'],
      me: 'Ann',
      myHand: ['Ada'],
      events: [{ type: 'suggestion', by: 'Ann', cards: ['Bo', 'cord'], shownBy: 'Bob', shown: 'cord' }],
    };
    expect(bruteForceGame(gameFromExactLog(log)).count).toBe(0);
    expect(() => runAnalyze(log)).toThrow(InputError);
    expect(() => runAnalyze(log)).toThrow(/\bevent 1\b/);
  });

  it('a correct accusation cannot name a face-up card: the log is impossible at that event', () => {
    const log: LogJson = {
      deck,
      players: ['Ann', 'Bob'],
      faceUp: ['Cy'],
      events: [{ type: 'accusation', by: 'Ann', cards: ['Cy', 'axe'], correct: true }],
    };
    expect(bruteForceGame(gameFromExactLog(log)).count).toBe(0);
    expect(() => runAnalyze(log)).toThrow(/\bevent 1\b/);
  });

  it('a wrong accusation naming a face-up card tells nothing', () => {
    const log: LogJson = {
      deck,
      players: ['Ann', 'Bob'],
      faceUp: ['Cy'],
      events: [{ type: 'accusation', by: 'Ann', cards: ['Cy', 'axe'], correct: false }],
    };
    const game = gameFromExactLog(log);
    expect(bruteForceGame(game).count).toBe(8); // 2 × 2 envelopes × 2 ways to deal the other two cards
    expect(runAnalyze(log).consistentDeals).toBe(8n);
    // ... and the store that says so, read literally, keeps all 8 deals too
    expect(bruteForce(constraintsOf(parseGame(log))).count).toBe(8);
  });

  it('KnowledgeCore reads a clause literally: a face-up card lies with no seat', () => {
    // Cy (card 2) is face up; "Ann or Bob holds Cy or axe" must mean "one of them holds axe".
    const store = emptyStore(5, [0b00111, 0b11000], [1, 1], 0b00100);
    store.clauses.push({ cards: 0b01100, owners: 0b011 });
    const core = KnowledgeCore.create();
    using position = core.load(store);
    expect(position.consistent).toBe(true);
    expect(position.count()).toBe(BigInt(bruteForce(store).count)); // 4
  });
});

describe('analyze on the examples (answers from an independent counter)', () => {
  const names = readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.expected.json'))
    .map((f) => f.slice(0, -'.expected.json'.length))
    .sort();

  it('has examples', () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  for (const name of names) {
    it(name, () => {
      const log = JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8'));
      const want = JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.expected.json`, 'utf8')) as AnalysisJson;
      const got = runAnalyze(log);
      expectMatchesExpected(got, want);
    });
  }
});

/** An analysis against an expected analysis JSON: equal up to 1e-9 and up to the order of ties. */
function expectMatchesExpected(got: AnalysisJson, want: AnalysisJson): void {
  expect(got.method).toBe(want.method);
  expect(got.consistentDeals).toBe(want.consistentDeals === null ? null : BigInt(want.consistentDeals));
  expect(got.samples).toBe(want.samples);
  expect(got.owners).toEqual(want.owners);

  expect(Object.keys(got.cards)).toEqual(Object.keys(want.cards));
  for (const [card, row] of Object.entries(want.cards)) {
    expect(Object.keys(got.cards[card])).toEqual(Object.keys(row));
    for (const [owner, p] of Object.entries(row)) close(got.cards[card][owner], p, `cards["${card}"]["${owner}"]`);
  }

  expect(Object.keys(got.envelope)).toEqual(Object.keys(want.envelope));
  for (const [cat, row] of Object.entries(want.envelope)) {
    expect(Object.keys(got.envelope[cat])).toEqual(Object.keys(row));
    for (const [card, p] of Object.entries(row)) close(got.envelope[cat][card], p, `envelope.${cat}["${card}"]`);
  }

  // Same set of combinations with the same probabilities, and the same order up to exact ties:
  // position by position the probabilities agree (so only equally likely combinations may swap).
  expect(got.solutions.length).toBe(want.solutions.length);
  const wantByKey = new Map(want.solutions.map((s) => [JSON.stringify(s.cards), s.probability]));
  got.solutions.forEach((s, i) => {
    const key = JSON.stringify(s.cards);
    expect(wantByKey.has(key), `unexpected solution ${key}`).toBe(true);
    close(s.probability, wantByKey.get(key)!, `solution ${key}`);
    close(s.probability, want.solutions[i].probability, `solutions[${i}].probability`);
  });
  expect(new Set(got.solutions.map((s) => JSON.stringify(s.cards))).size).toBe(got.solutions.length);

  const known = (a: AnalysisJson) => a.known.map((k) => `${k.card} -> ${k.owner}`).sort();
  expect(known(got)).toEqual(known(want));

  close(got.entropyBits, want.entropyBits, 'entropyBits');
}
