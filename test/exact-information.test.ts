/**
 * informationByCounting: every suggestion's expected information, P(no refutation) and expected
 * envelope combinations left from the core's counts, against an independent enumeration of every
 * consistent deal (test/support/exact-eig.ts over test/support/brute-force.ts) on random small
 * logs, and against today's exact scorer (the Wasm kernel on every enumerated deal) on the classic
 * examples.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { InputError } from '../src/model/errors.js';
import { combinationCards, combinationCount } from '../src/knowledge/tallies.js';
import { countingWork, informationByCounting, interchangeable } from '../src/analysis/exact-information.js';
import { positionOf } from '../src/analysis/load.js';
import { shownToSuggester, suggest } from '../src/analysis/suggest.js';
import { exactScoring } from '../src/analysis/exact-scoring.js';
import { MAX_EXACT_DEALS, answeringOf, rankSuggestions, type ResponseModel } from '../src/analysis/entropy-greedy.js';
import { bruteForce, bruteForceGame } from './support/brute-force.js';
import { exactEig } from './support/exact-eig.js';
import { makeDeck, CLASSIC_DECK } from '../src/model/deck.js';
import { DEFAULT_RULES } from '../src/model/rules.js';
import { Random } from '../src/model/random.js';
import type { SeatView } from '../src/game/seat-view.js';
import type { SyncAgent } from '../src/game/agent.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playScored } from '../src/tournament/play.js';
import { checkScoresAgainstOracle } from './support/oracle-scores.js';
import { arbConsistentLog, withObserver, type LogJson } from './support/random-logs.js';
import { runs } from './support/tier.js';

const EXAMPLES_DIR = fileURLToPath(new URL('../examples/', import.meta.url));
const readExample = (name: string): LogJson => JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8')) as LogJson;
const MODELS: readonly ResponseModel[] = ['uniform', 'repeat'];
const EPS = 1e-9;

/**
 * The oracle asks the seats after the suggester in seat order. Under 'previous' answers, the seats
 * are renumbered mirror-wise about the suggester first (seat s becomes 2·suggester − s): the
 * responses are relabelled, which changes no probability or information.
 */
function oracleDeals(game: Game, suggester: number, deals: Uint32Array, shownTo: number[]): { deals: Uint32Array; shownTo: number[] } {
  if (game.rules.answerOrder === 'next') return { deals, shownTo };
  const n = game.players.length;
  const width = n + 2;
  const mirror = (s: number) => (((2 * suggester - s) % n) + n) % n;
  const out = new Uint32Array(deals.length);
  for (let k = 0; k < deals.length / width; k++) {
    for (let s = 0; s < n; s++) out[k * width + mirror(s)] = deals[k * width + s];
    out[k * width + n] = deals[k * width + n];
    out[k * width + n + 1] = deals[k * width + n + 1];
  }
  const mirrored = new Array<number>(n).fill(0);
  for (let s = 0; s < n; s++) mirrored[mirror(s)] = shownTo[s] ?? 0;
  return { deals: out, shownTo: mirrored };
}

function compareWithOracle(game: Game, suggester: number, shownTo: number[], what: string): void {
  const store = constraintsOf(game);
  const oracle = bruteForce(store);
  using position = KnowledgeCore.shared().load(store);
  expect(position.count(), what).toBe(BigInt(oracle.count));
  const n = combinationCount(game.deck.categoryMasks);
  const asked = oracleDeals(game, suggester, oracle.deals, shownTo);
  for (const model of MODELS) {
    const request = { suggester, responses: model, shownTo };
    const { scores, counted } = informationByCounting(game, position, request);
    expect(scores.length).toBe(3 * n);
    // The plan (what suggest's 'auto' weighs) foresees exactly the positions the counting derives.
    expect(countingWork(game, position, request), what).toEqual({ counts: counted, work: counted * position.dagSize().nodes });
    checkScoresAgainstOracle(scores, game, asked.deals, suggester, model, asked.shownTo, what, EPS);
  }
}

describe('informationByCounting equals the expected information by enumeration of every deal', () => {
  it('on random small logs: observers given or added, the observer or the next seat suggesting, both models, random cards shown before', () => {
    const seen = { faceUp: 0, clauses: 0, observerHolds: 0, addedObserver: 0, previous: 0 };
    const numRuns = runs(200, 40);
    fc.assert(
      fc.property(arbConsistentLog(), fc.nat(), fc.array(fc.nat({ max: 0xffff }), { minLength: 4, maxLength: 4 }), (g, pick, shownRaw) => {
        const { log, added } = withObserver(g, pick);
        if (added) seen.addedObserver++;
        const game = parseGame(log);
        const me = game.me!;
        if (game.faceUp.length > 0) seen.faceUp++;
        if (constraintsOf(game).clauses.length > 0) seen.clauses++;
        if (game.myHand.length > 0) seen.observerHolds++;
        if (game.rules.answerOrder === 'previous') seen.previous++;
        const mask = (1 << game.deck.cards.length) - 1;
        const shownTo = game.players.map((_, s) => (s === me ? 0 : shownRaw[s] & mask) >>> 0);
        compareWithOracle(game, me, shownTo, `log ${JSON.stringify(log)}`);
        // Another seat suggesting, judged on the observer's knowledge.
        compareWithOracle(game, (me + 1) % game.players.length, shownTo.map((m, s) => (s === (me + 1) % game.players.length ? 0 : m)), `log ${JSON.stringify(log)} (next seat suggests)`);
      }),
      { seed: 20261126, numRuns },
    );
    // The runs cover face-up cards, unseen refutations, logs without an observer and both answer
    // orders: each in more than one run in twenty.
    expect(seen.faceUp).toBeGreaterThan(numRuns / 20);
    expect(seen.clauses).toBeGreaterThan(numRuns / 20);
    expect(seen.addedObserver).toBeGreaterThan(numRuns / 20);
    expect(seen.previous).toBeGreaterThan(numRuns / 20);
  });

  it('when the suggester holds named cards and a card lies face up, those cards never answer', () => {
    const log: LogJson = {
      deck: { who: ['Ada', 'Bo', 'Cy'], what: ['axe', 'bat', 'cord'], where: ['attic', 'barn', 'cellar'] },
      players: ['Ann', 'Bob', 'Cat'],
      faceUp: ['cellar'],
      me: 'Ann',
      myHand: ['Ada', 'axe'],
      events: [{ type: 'suggestion', by: 'Ann', cards: ['Bo', 'bat', 'attic'], shownBy: 'Bob', shown: 'attic' }],
    };
    const game = parseGame(log);
    compareWithOracle(game, 0, [0, 0, 0], 'hand-made log');
    using position = KnowledgeCore.shared().load(constraintsOf(game));
    // Ada, axe (the suggester's), cellar (face up): nobody can show anything.
    const deck = game.deck.cards;
    const q = combinationIndex(game, ['Ada', 'axe', 'cellar'].map((c) => deck.indexOf(c)));
    const { scores } = informationByCounting(game, position, { suggestions: [q] });
    expect([...scores]).toEqual([0, 1, expect.any(Number)]);
  });
});

function combinationIndex(game: Game, cards: number[]): number {
  const n = combinationCount(game.deck.categoryMasks);
  for (let q = 0; q < n; q++) if (combinationCards(game.deck.categoryMasks, q).every((c, i) => c === cards[i])) return q;
  throw new Error(`no suggestion ${cards}`);
}

describe("informationByCounting equals today's exact scorer on the classic examples", () => {
  for (const name of ['classic-6p-late', 'classic-5p-mid', 'classic-4p-faceup']) {
    it(`${name}: every suggestion, both models, to 1e-9`, () => {
      const game = parseGame(readExample(name));
      using position = positionOf(KnowledgeCore.shared(), game);
      const deals = position.enumerate(5_000_000);
      const shownTo = shownToSuggester(game, game.me!);
      const n = combinationCount(game.deck.categoryMasks);
      for (const [m, model] of MODELS.entries()) {
        const today = position.eig(deals, game.me!, m as 0 | 1, shownTo, 0, n, false);
        const { scores, counted } = informationByCounting(game, position, { responses: model, shownTo });
        expect(counted).toBeGreaterThan(0);
        for (let i = 0; i < today.length; i++) {
          if (!(Math.abs(scores[i] - today[i]) <= EPS)) throw new Error(`${name}, ${model}, score ${i}: ${scores[i]} by counting, ${today[i]} by enumeration`);
        }
      }
    });
  }

  it('a subset of suggestions is scored as in the full list, in the order asked', () => {
    const game = parseGame(readExample('classic-5p-mid'));
    using position = positionOf(KnowledgeCore.shared(), game);
    const all = informationByCounting(game, position).scores;
    const some = informationByCounting(game, position, { suggestions: [17, 3, 200] }).scores;
    expect([...some]).toEqual([...all.slice(51, 54), ...all.slice(9, 12), ...all.slice(600, 603)]);
  });
});

describe('suggest() scores by counting when exact is asked for and the deals are too many to hold', () => {
  it('classic-6p-early without its last event (11,990,160 deals): exact, every deal counted, ranked as the scores say', async () => {
    const log = readExample('classic-6p-early');
    const game = parseGame({ ...log, events: log.events.slice(0, -1) });
    using position = positionOf(KnowledgeCore.shared(), game);
    expect(position.count()).toBeGreaterThan(BigInt(MAX_EXACT_DEALS));
    const { scores } = informationByCounting(game, position, { shownTo: shownToSuggester(game, game.me!) });
    const result = await suggest(game, { exact: 'always', seed: 5, top: 10 });
    expect(result).toMatchObject({ method: 'exact', samples: null, seed: 5, deals: Number(position.count()), accuse: null });
    const { order, tiedForBest } = rankSuggestions(scores, 5);
    expect(result.tiedForBest).toBe(tiedForBest);
    expect(result.suggestions).toEqual(
      order.slice(0, 10).map((q) => ({
        cards: combinationCards(game.deck.categoryMasks, q),
        expectedInformationBits: scores[3 * q],
        pNoRefutation: scores[3 * q + 1],
        expectedSolutionsLeft: scores[3 * q + 2],
      })),
    );
    // By default these deals are too many to score exactly: sampled, as before.
    expect((await suggest(game, { seed: 5, top: 1, samples: 1000 })).method).toBe('sampled');
  });
});

describe('interchangeable cards are scored once', () => {
  const log = readExample('classic-6p-early');
  const firstTurn = parseGame({ ...log, events: [] });

  it("at the first turn, the cards of a category are alike but for the observer's own", () => {
    using position = positionOf(KnowledgeCore.shared(), firstTurn);
    const { cards, categoryOf } = firstTurn.deck;
    const alike = interchangeable(position, []);
    const classes = (g: number) => new Set(cards.map((_, c) => c).filter((c) => categoryOf[c] === g).map((c) => alike[c])).size;
    // Suspects: none held; weapons: the Candlestick held; rooms: the Library and the Hall held.
    expect([0, 1, 2].map(classes)).toEqual([1, 2, 2]);
    // A card shown before, under the 'repeat' model, stands apart.
    const shown = new Array<number>(6).fill(0);
    shown[1] = 1 << cards.indexOf('Miss Scarlet');
    expect(new Set(interchangeable(position, shown).filter((_, c) => categoryOf[c] === 0)).size).toBe(2);
  });

  it('at the first turn, naming one unknown suspect and two of your cards is worth h(1/6) bits, refuted with 5/6', () => {
    using position = positionOf(KnowledgeCore.shared(), firstTurn);
    const { cards } = firstTurn.deck;
    const { scores, counted } = informationByCounting(firstTurn, position);
    expect(counted).toBeLessThan(100); // 4 kinds of suggestion, at most 36 answers each
    const q = combinationIndex(firstTurn, ['Mr. Green', 'Candlestick', 'Library'].map((c) => cards.indexOf(c)));
    const h = -(1 / 6) * Math.log2(1 / 6) - (5 / 6) * Math.log2(5 / 6);
    expect(scores[3 * q]).toBeCloseTo(h, 12);
    expect(scores[3 * q + 1]).toBeCloseTo(1 / 6, 14);
  });
});

describe('refusals', () => {
  it('a response model it does not score is refused naming the option', () => {
    const game = parseGame(readExample('classic-6p-late'));
    using position = positionOf(KnowledgeCore.shared(), game);
    expect(() => informationByCounting(game, position, { responses: 'first' as ResponseModel })).toThrow(InputError);
    expect(() => informationByCounting(game, position, { responses: 'first' as ResponseModel })).toThrow(/responses: "first"/);
  });

  it('a log without an observer needs the suggester named', () => {
    const game = parseGame(readExample('classic-3p-spectator'));
    using position = positionOf(KnowledgeCore.shared(), game);
    expect(() => informationByCounting(game, position)).toThrow(/suggester/);
    expect(informationByCounting(game, position, { suggester: 1 }).scores.length).toBe(3 * 324);
  });
});

describe('the entropy agent, exact=always', () => {
  it('makes at each turn a suggestion of the highest expected information, by enumerating every deal (small decks; its scores counted and listed)', () => {
    const core = KnowledgeCore.shared();
    const tables = [
      { deck: makeDeck({ who: ['Ada', 'Bo', 'Cy'], what: ['axe', 'bat', 'cord'], where: ['attic', 'barn', 'cellar'] }), players: ['A', 'B', 'C'] },
      // 4 x 4 x 5 cards: its first decisions have thousands of deals, which the agent counts
      { deck: makeDeck({ who: ['Ada', 'Bo', 'Cy', 'Di'], what: ['axe', 'bat', 'cord', 'dart'], where: ['attic', 'barn', 'cellar', 'den', 'eyrie'] }), players: ['A', 'B', 'C', 'D'] },
    ];
    const how = { listed: 0, counted: 0, drawn: 0 };
    for (const { deck, players } of tables) {
      const suggestions = Array.from({ length: combinationCount(deck.categoryMasks) }, (_, q) => combinationCards(deck.categoryMasks, q));
      for (let seed = 1; seed <= runs(4, 2); seed++) {
        const agents = players.map((_, s): SyncAgent => {
          // One sample: were the agent not exact, its scores would come from a single drawn deal.
          const agent = createAgent(parseAgentSpec(s === 0 ? 'entropy:exact=always,samples=1' : 'deductive'), new Random(seed, s), core);
          if (s !== 0) return agent;
          return {
            ...agent,
            suggest(view, room) {
              const cards = agent.suggest(view, room);
              const game = view.game();
              const deals = bruteForceGame(game).deals;
              const bits = (c: readonly number[]) => exactEig(deals, players.length, view.me, [...c], 'uniform', view.shownToMe()).bits;
              expect(bits(cards)).toBeCloseTo(Math.max(...suggestions.map(bits)), 9);
              // Which way the agent's scores were exact (the decision it made, made again).
              using position = positionOf(core, game);
              const scoring = { suggester: view.me, answering: answeringOf(view.me, view.players.length, view.rules), responseModel: 'uniform' as const, shownTo: view.shownToMe(), samples: 1, seed: 1, exact: 'always' as const };
              how[exactScoring(game, position, scoring) ?? 'drawn']++;
              return cards;
            },
          };
        });
        playScored({ deck, players, maxTurns: 60 }, agents, new Random(seed), seed);
        for (const agent of agents) agent.dispose?.();
      }
    }
    expect(how.counted).toBeGreaterThan(1);
    expect(how.listed).toBeGreaterThan(1);
    expect(how.drawn).toBe(0);
  });

  it('on the classic deck its first suggestion is the best of suggest --exact\'s ranking of its view', () => {
    const core = KnowledgeCore.shared();
    let first: { game: Game; cards: number[] } | null = null; // the view itself lives on
    const agents = [0, 1, 2, 3].map((s): SyncAgent => {
      const agent = createAgent(parseAgentSpec(s === 0 ? 'entropy:exact=always,samples=1' : 'deductive'), new Random(5, s), core);
      return s !== 0 ? agent : { ...agent, suggest: (view, room) => { const cards = agent.suggest(view, room); first ??= { game: view.game(), cards }; return cards; } };
    });
    playScored({ deck: CLASSIC_DECK, players: ['A', 'B', 'C', 'D'], maxTurns: 8 }, agents, new Random(5), 5);
    expect(first).not.toBeNull();
    return suggest(first!.game, { exact: 'always', core }).then((ranking) => {
      expect(ranking.method).toBe('exact');
      const bits = ranking.suggestions.find((r) => r.cards.every((c, i) => c === first!.cards[i]))!.expectedInformationBits;
      expect(bits).toBeCloseTo(ranking.suggestions[0].expectedInformationBits, 12);
    });
  });

  it('is an option of the entropy agent only, with responses=holds', () => {
    expect(parseAgentSpec('entropy:exact=auto').exact).toBe('auto');
    expect(parseAgentSpec('entropy').exact).toBe('off');
    expect(() => parseAgentSpec('entropy:exact=yes')).toThrow(/^agent "entropy:exact=yes": exact must be off, auto or always, not "yes"$/);
    expect(() => parseAgentSpec('deductive:exact=always')).toThrow(/unknown option "exact"/);
    expect(() => parseAgentSpec('entropy:exact=always,responses=uniform')).toThrow(/exact=always takes every consistent deal as equally likely, so it goes with responses=holds or first only/);
    expect(parseAgentSpec('entropy:exact=always,responses=first').responses).toBe('first');
  });

  it('plays a game whose rules have every seat answer (its choices checked in test/answer-order.test.ts)', () => {
    const agents = [0, 1, 2, 3].map((s) => createAgent(parseAgentSpec(s === 0 ? 'entropy:exact=auto' : 'deductive'), new Random(2, s), KnowledgeCore.shared()));
    const rules = { ...DEFAULT_RULES, answers: 'all' as const };
    const { views } = playScored({ deck: CLASSIC_DECK, players: ['A', 'B', 'C', 'D'], maxTurns: 8, rules }, agents, new Random(2), 2);
    expect(views[0].events.some((e) => e.type === 'suggest' && e.by === 0)).toBe(true);
  });
});
