/**
 * Suggestions scored under every rule variant: who is asked (rules.answerOrder), how far the
 * answers go (rules.answers) and which suggestions the suggester may make (rules.suggesterHoldsNone).
 * The Wasm kernel (listed and sampled), the counting and suggest() against an oracle written here:
 * every deal consistent with the log (test/support/brute-force.ts reads the log by the rules
 * directly), the answers of each deal simulated under the variant, the mutual information between
 * the envelope and what the suggester sees taken from its definition. The positions are those of
 * games the engine plays under each variant, at each decision of an entropy agent, whose choice
 * must be among the best the oracle finds. Needs the built worker and command line (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { makeDeck, type Deck } from '../src/model/deck.js';
import { DEFAULT_RULES, type Rules } from '../src/model/rules.js';
import type { Game } from '../src/model/game.js';
import { Random } from '../src/model/random.js';
import type { SyncAgent } from '../src/game/agent.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playScored } from '../src/tournament/play.js';
import { combinationCards, combinationCount } from '../src/knowledge/tallies.js';
import { answeringOf } from '../src/analysis/entropy-greedy.js';
import { informationByCounting } from '../src/analysis/exact-information.js';
import { positionOf } from '../src/analysis/load.js';
import { suggest } from '../src/analysis/suggest.js';
import { analysisPool } from '../src/analysis/pools.js';
import { gameToLog } from '../src/io/write-log.js';
import type { WorkerPool } from '../src/runtime/pool.js';
import { bruteForceGame } from './support/brute-force.js';
import { cluedo } from './support/cluedo-cli.js';

const EPS = 1e-9;
type Model = 'uniform' | 'repeat';
type Variant = Pick<Rules, 'answers' | 'answerOrder' | 'suggesterHoldsNone'>;

const VARIANTS: Variant[] = [];
for (const answers of ['first', 'all'] as const) {
  for (const answerOrder of ['next', 'previous'] as const) {
    for (const suggesterHoldsNone of [false, true]) VARIANTS.push({ answers, answerOrder, suggesterHoldsNone });
  }
}
const label = (v: Variant) => `answers ${v.answers}, answerOrder ${v.answerOrder}${v.suggesterHoldsNone ? ', suggesterHoldsNone' : ''}`;

// ---------------------------------------------------------------------------------------------
// The oracle: nothing from src/ but the deal layout (n x (nSeats + 2) masks, the envelope at nSeats).

/** The seats asked to answer `suggester`, in order. */
function asked(suggester: number, nSeats: number, order: Variant['answerOrder']): number[] {
  return Array.from({ length: nSeats - 1 }, (_, k) => (order === 'next' ? (suggester + 1 + k) % nSeats : (suggester - 1 - k + 2 * nSeats) % nSeats));
}

/** What the suggester may see of one deal's answers to `cards`, with each one's probability. */
function responses(hands: (seat: number) => number, suggester: number, nSeats: number, cards: number[], v: Variant, model: Model, shownTo: number[]): Array<[string, number]> {
  let out: Array<[string, number]> = [['', 1]];
  for (const seat of asked(suggester, nSeats, v.answerOrder)) {
    const held = cards.filter((c) => (hands(seat) >>> c) & 1);
    if (held.length === 0) continue;
    const again = held.filter((c) => ((shownTo[seat] ?? 0) >>> c) & 1);
    const options = model === 'repeat' && again.length > 0 ? again : held;
    out = out.flatMap(([r, p]) => options.map((c): [string, number] => [`${r}${seat}:${c};`, p / options.length]));
    if (v.answers === 'first') break;
  }
  return out;
}

interface Figures {
  bits: number;
  pNoRefutation: number;
  expectedSolutionsLeft: number;
  /** The bits as estimated from the deals taken as draws (less the Miller-Madow term, at least 0). */
  correctedBits: number;
}

function oracle(deals: Uint32Array, nSeats: number, suggester: number, cards: number[], v: Variant, model: Model, shownTo: number[]): Figures {
  const width = nSeats + 2;
  const n = deals.length / width;
  const joint = new Map<string, number>();
  const pEnv = new Map<number, number>();
  const pResp = new Map<string, number>();
  const add = <K>(m: Map<K, number>, k: K, p: number) => m.set(k, (m.get(k) ?? 0) + p);
  for (let d = 0; d < n; d++) {
    const env = deals[d * width + nSeats];
    add(pEnv, env, 1 / n);
    for (const [r, p] of responses((s) => deals[d * width + s], suggester, nSeats, cards, v, model, shownTo)) {
      add(joint, `${env}|${r}`, p / n);
      add(pResp, r, p / n);
    }
  }
  let bits = 0;
  const support = new Map<string, number>();
  for (const [key, p] of joint) {
    const [env, r] = key.split('|');
    bits += p * Math.log2(p / (pEnv.get(Number(env))! * pResp.get(r)!));
    add(support, r, 1);
  }
  let expectedSolutionsLeft = 0;
  for (const [r, p] of pResp) expectedSolutionsLeft += p * support.get(r)!;
  const correctedBits = Math.max(0, bits - (joint.size - pEnv.size - pResp.size + 1) / (2 * n * Math.LN2));
  return { bits, pNoRefutation: pResp.get('') ?? 0, expectedSolutionsLeft, correctedBits };
}

/** Per seat, the cards it showed the observer, read from the events. */
function shownToObserver(game: Game): number[] {
  const shown = new Array<number>(game.players.length).fill(0);
  for (const e of game.events) {
    if (e.type === 'suggestion' && e.by === game.me && e.shownBy !== null && e.shown !== null) shown[e.shownBy] |= 1 << e.shown;
    if (e.type === 'showcard' && e.to === game.me && e.shown !== null) shown[e.by] |= 1 << e.shown;
  }
  return shown.map((m) => m >>> 0);
}

/** Throws at the first suggestion whose figures (3 per suggestion) differ from the oracle's by more than EPS. */
function expectOracle(scores: Float64Array, exact: Figures[], what: string, sampled = false): void {
  exact.forEach((want, q) => {
    const got = [scores[3 * q], scores[3 * q + 1], scores[3 * q + 2]];
    const wanted = [sampled ? want.correctedBits : want.bits, want.pNoRefutation, want.expectedSolutionsLeft];
    for (let f = 0; f < 3; f++) if (!(Math.abs(got[f] - wanted[f]) <= EPS)) throw new Error(`${what}: suggestion ${q}, figure ${f}: got ${got[f]}, exact ${wanted[f]}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Positions: the decisions of an entropy agent (seat 0) in games the engine plays under a variant.

const TABLES: Array<{ deck: Deck; players: string[] }> = [
  { deck: makeDeck({ who: ['Ada', 'Bo', 'Cy'], what: ['axe', 'bat', 'cord'], where: ['attic', 'barn', 'cellar'] }), players: ['A', 'B', 'C'] },
  { deck: makeDeck({ who: ['Ada', 'Bo', 'Cy'], what: ['axe', 'bat', 'cord'], where: ['attic', 'barn', 'cellar', 'den'] }), players: ['A', 'B', 'C', 'D'] },
  // Four categories: under answers 'all' two seats can each hold two named cards.
  { deck: makeDeck({ who: ['Ada', 'Bo'], what: ['axe', 'bat'], where: ['attic', 'barn', 'cellar'], when: ['dawn', 'dusk', 'noon'] }), players: ['A', 'B', 'C'] },
];

interface Decision {
  game: Game;
  cards: number[];
}

/** Plays a game under `rules` with an entropy agent (`spec`) at seat 0; its decisions, each checked to be among the oracle's best that the rules allow. */
function decisionsUnder(rules: Rules, table: (typeof TABLES)[number], seed: number, spec: string): Decision[] {
  const core = KnowledgeCore.shared();
  const { deck, players } = table;
  const all = Array.from({ length: combinationCount(deck.categoryMasks) }, (_, q) => combinationCards(deck.categoryMasks, q));
  const found: Decision[] = [];
  const agents = players.map((_, s): SyncAgent => {
    const agent = createAgent(parseAgentSpec(s === 0 ? spec : 'deductive'), new Random(seed, s), core);
    if (s !== 0) return agent;
    return {
      ...agent,
      suggest(view, room) {
        const cards = agent.suggest(view, room);
        const game = view.game();
        const mine = view.myHand.reduce((m, c) => m | (1 << c), 0);
        const allowed = all.filter((c) => !rules.suggesterHoldsNone || c.every((card) => ((mine >>> card) & 1) === 0));
        const deals = bruteForceGame(game).deals;
        const bits = (c: number[]) => oracle(deals, players.length, view.me, c, rules, 'uniform', view.shownToMe()).bits;
        expect(allowed.some((c) => c.every((card, g) => card === cards[g])), `${label(rules)}: ${cards} is a suggestion the rules allow`).toBe(true);
        expect(bits(cards)).toBeCloseTo(Math.max(...allowed.map(bits)), 9);
        found.push({ game, cards });
        return cards;
      },
    };
  });
  playScored({ deck, players, maxTurns: 40, rules }, agents, new Random(seed), seed);
  for (const agent of agents) agent.dispose?.();
  return found;
}

let pool: WorkerPool;
beforeAll(() => {
  pool = analysisPool(2);
});
afterAll(async () => {
  await pool?.close();
});

describe('every suggestion scored under each rule variant equals the oracle', () => {
  for (const variant of VARIANTS) {
    it(label(variant), async () => {
      const rules: Rules = { ...DEFAULT_RULES, ...variant };
      let checked = 0;
      for (const [t, table] of TABLES.entries()) {
        // The entropy agent lists every deal here (fewer than its samples), so its choice is exact; exact=auto may also count.
        const decisions = [...decisionsUnder(rules, table, 1 + t, 'entropy'), ...decisionsUnder(rules, table, 11 + t, 'entropy:exact=auto')];
        for (const { game } of decisions.filter((_, i) => i % 2 === 0)) {
          const me = game.me!;
          const nSeats = game.players.length;
          const deals = bruteForceGame(game).deals;
          const shownTo = shownToObserver(game);
          const n = combinationCount(game.deck.categoryMasks);
          using position = positionOf(KnowledgeCore.shared(), game);
          expect(Number(position.count())).toBe(deals.length / (nSeats + 2));
          const answering = answeringOf(me, nSeats, game.rules);
          for (const [m, model] of (['uniform', 'repeat'] as const).entries()) {
            const exact = Array.from({ length: n }, (_, q) => oracle(deals, nSeats, me, combinationCards(game.deck.categoryMasks, q), variant, model, shownTo));
            const what = `${label(variant)}, ${model}, ${game.events.length} events`;
            expectOracle(position.eig(deals, me, m as 0 | 1, shownTo, 0, n, false, answering), exact, `kernel, ${what}`);
            expectOracle(position.eig(deals, me, m as 0 | 1, shownTo, 0, n, true, answering), exact, `kernel on draws, ${what}`, true);
            // A batch of part of the suggestions gives the same figures, to the bit.
            const from = Math.floor(n / 3);
            expect(Array.from(position.eig(deals, me, m as 0 | 1, shownTo, from, n, false, answering))).toEqual(Array.from(position.eig(deals, me, m as 0 | 1, shownTo, 0, n, false, answering).subarray(3 * from)));
            expectOracle(informationByCounting(game, position, { responses: model, shownTo }).scores, exact, `counting, ${what}`);
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(3);
    });
  }
});

describe('suggest() under the variants', () => {
  it('ranks the suggestions the rules allow, the same exact figures listed, counted and on a pool', async () => {
    for (const variant of VARIANTS) {
      const rules: Rules = { ...DEFAULT_RULES, ...variant };
      const [decision] = decisionsUnder(rules, TABLES[1], 7, 'entropy').slice(-1);
      const { game } = decision;
      const deals = bruteForceGame(game).deals;
      const mine = game.myHand.reduce((m, c) => m | (1 << c), 0);
      const results = [await suggest(game, { exact: 'always' }), await suggest(game, { exact: 'always', executor: pool })];
      for (const result of results) {
        expect(result.method).toBe('exact');
        if (result.accuse !== null) continue;
        const allowed = Array.from({ length: combinationCount(game.deck.categoryMasks) }, (_, q) => combinationCards(game.deck.categoryMasks, q)).filter(
          (c) => !variant.suggesterHoldsNone || c.every((card) => ((mine >>> card) & 1) === 0),
        );
        expect(result.suggestions.length, label(variant)).toBe(allowed.length);
        for (const row of result.suggestions) {
          const want = oracle(deals, game.players.length, game.me!, row.cards, variant, 'uniform', []);
          expect(Math.abs(row.expectedInformationBits - want.bits), `${label(variant)}: ${row.cards}`).toBeLessThanOrEqual(EPS);
          expect(Math.abs(row.pNoRefutation - want.pNoRefutation)).toBeLessThanOrEqual(EPS);
        }
      }
      expect(results[1]).toEqual(results[0]);
    }
  });
});

describe('cluedo suggest under a non-default variant', () => {
  it('answers with the best suggestion the rules allow (exit 0)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-variants-'));
    try {
      for (const variant of [
        { answers: 'all', answerOrder: 'previous', suggesterHoldsNone: false },
        { answers: 'first', answerOrder: 'previous', suggesterHoldsNone: true },
      ] as Variant[]) {
        const rules: Rules = { ...DEFAULT_RULES, ...variant };
        const decisions = decisionsUnder(rules, TABLES[1], 3, 'entropy');
        const { game } = decisions[Math.floor(decisions.length / 2)];
        const file = join(dir, 'log.json');
        writeFileSync(file, JSON.stringify(gameToLog(game)));
        const r = cluedo(['suggest', file, '--json']);
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        const out = JSON.parse(r.stdout) as { suggestions: Array<{ cards: string[]; expectedInformationBits: number }> };
        const deals = bruteForceGame(game).deals;
        const mine = game.myHand.reduce((m, c) => m | (1 << c), 0);
        const allowed = Array.from({ length: combinationCount(game.deck.categoryMasks) }, (_, q) => combinationCards(game.deck.categoryMasks, q)).filter(
          (c) => !variant.suggesterHoldsNone || c.every((card) => ((mine >>> card) & 1) === 0),
        );
        const bits = (c: number[]) => oracle(deals, game.players.length, game.me!, c, variant, 'uniform', []).bits;
        const best = out.suggestions[0].cards.map((name) => game.deck.cards.indexOf(name));
        expect(allowed.some((c) => c.every((card, g) => card === best[g])), label(variant)).toBe(true);
        expect(bits(best)).toBeCloseTo(Math.max(...allowed.map(bits)), 9);
        expect(out.suggestions[0].expectedInformationBits).toBeCloseTo(bits(best), 9);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
