/**
 * Policy-aware inference (`--responses`): the weighted deal DAG against brute-force enumeration
 * with the same likelihoods, written here from the policies' definitions alone; the default
 * reading unchanged; `first` as the facts it implies; the weighted draws against the exact answer.
 */
import { DEFAULT_RULES } from '../src/model/rules.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyze, envelopeProbability, type Analysis } from '../src/analysis/analyze.js';
import { analysisJson } from '../src/analysis/json.js';
import { parseGame } from '../src/io/log.js';
import { toJson } from '../src/io/json.js';
import { InputError } from '../src/model/errors.js';
import { type Game } from '../src/model/game.js';
import { ENVELOPE, TABLE } from '../src/model/owners.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { addFacts, type Fact } from '../src/knowledge/constraints.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { responseEvidence, type ResponsePolicy } from '../src/knowledge/responses.js';
import { bruteForceGame, envelopeIndex } from './support/brute-force.js';
import { makeDeck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import type { GameEvent } from '../src/model/events.js';
import { SeatView } from '../src/game/seat-view.js';
import { exactKnowledge } from '../src/agents/knowledge.js';
import { parseAgentSpec } from '../src/agents/registry.js';
import { refutationPolicy } from '../src/agents/refutations.js';
import { arbConsistentLog } from './support/random-logs.js';

const EPS = 1e-9;
const EXAMPLES_DIR = fileURLToPath(new URL('../examples/', import.meta.url));
const EXAMPLES = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));

const bit = (mask: number, c: number) => ((mask >>> c) & 1) === 1;

/**
 * The probability that the responders, choosing by `policy`, show the observer exactly what it
 * saw in this deal: each show taken on its own, from the policy's definition.
 */
function likelihoodOf(game: Game, policy: Exclude<ResponsePolicy, 'holds'>, deal: Uint32Array): number {
  let p = 1;
  const showedMe = new Map<number, number>();
  for (const e of game.events) {
    let responder: number;
    let shown: number;
    if (e.type === 'suggestion' && e.by === game.me && e.shownBy !== null && e.shownBy !== game.me && e.shown !== null) [responder, shown] = [e.shownBy, e.shown];
    else if (e.type === 'showcard' && e.to === game.me && e.by !== game.me && e.shown !== null) [responder, shown] = [e.by, e.shown];
    else continue;
    const held = e.cards.filter((c) => bit(deal[responder], c));
    const before = showedMe.get(responder) ?? 0;
    let choices = held;
    if (policy === 'first') choices = [Math.min(...held)];
    if (policy === 'repeat' && held.some((c) => bit(before, c))) choices = held.filter((c) => bit(before, c));
    p *= choices.includes(shown) ? 1 / choices.length : 0;
    showedMe.set(responder, (before | (1 << shown)) >>> 0);
  }
  return p;
}

interface Weighted {
  total: number;
  count: number;
  prob: (card: number, owner: number) => number;
  solution: (index: number) => number;
}

/** Every consistent deal of a small game, weighted by its likelihood under the policy. */
function bruteForceWeighted(game: Game, policy: Exclude<ResponsePolicy, 'holds'>): Weighted {
  const { deals, count } = bruteForceGame(game);
  const width = game.players.length + 2;
  const nCards = game.deck.cards.length;
  const owner = new Float64Array(nCards * width);
  const envelope = new Map<number, number>();
  let total = 0;
  for (let at = 0; at < deals.length; at += width) {
    const deal = deals.subarray(at, at + width);
    const w = likelihoodOf(game, policy, deal);
    total += w;
    for (let o = 0; o < width; o++) for (let c = 0; c < nCards; c++) if (bit(deal[o], c)) owner[c * width + o] += w;
    const q = envelopeIndex(game.deck.categoryMasks, deal[game.players.length]);
    envelope.set(q, (envelope.get(q) ?? 0) + w);
  }
  return { total, count, prob: (c, o) => owner[c * width + o] / total, solution: (q) => (envelope.get(q) ?? 0) / total };
}

function expectAgrees(game: Game, analysis: Analysis, want: Weighted, eps = EPS): void {
  const width = game.players.length + 2;
  const columns = analysis.owners.map((owner) => (owner === ENVELOPE ? game.players.length : owner === TABLE ? game.players.length + 1 : owner));
  const ownerName = (owner: number) => (owner === ENVELOPE ? 'envelope' : owner === TABLE ? 'table' : game.players[owner]);
  game.deck.cards.forEach((card, c) => {
    columns.forEach((o, i) => expect(Math.abs(analysis.cards[c][i] - want.prob(c, o)), `${card} with ${ownerName(analysis.owners[i])}`).toBeLessThanOrEqual(eps));
  });
  expect(width).toBe(game.players.length + 2);
  for (const s of analysis.solutions) {
    const q = envelopeIndex(game.deck.categoryMasks, s.cards.reduce((m, c) => (m | (1 << c)) >>> 0, 0));
    expect(Math.abs(s.probability - want.solution(q)), s.cards.map((c) => game.deck.cards[c]).join('/')).toBeLessThanOrEqual(eps);
  }
  const listed = analysis.solutions.reduce((sum, s) => sum + s.probability, 0);
  expect(Math.abs(listed - 1)).toBeLessThanOrEqual(eps);
}

describe('the weighted DAG against brute force', () => {
  for (const policy of ['uniform', 'first', 'repeat'] as const) {
    it(`--responses ${policy}: marginals, solutions, the deal count and the likelihood on random small logs`, () => {
      fc.assert(
        fc.property(arbConsistentLog({ maxCards: 10, maxEvents: 10 }), ({ game }) => {
          const want = bruteForceWeighted(game, policy);
          if (want.total === 0) {
            expect(() => analyze(game, { method: 'exact', responses: policy })).toThrow(InputError);
            return;
          }
          const got = analyze(game, { method: 'exact', responses: policy });
          expectAgrees(game, got, want);
          if (policy !== 'first') {
            expect(got.consistentDeals).toBe(BigInt(want.count));
            expect(Math.abs(got.responses!.likelihood! - want.total / want.count)).toBeLessThanOrEqual(EPS);
          }
        }),
        { numRuns: 400, seed: 9 },
      );
    });
  }

  it('a position conditioned on placements keeps its weights', () => {
    fc.assert(
      fc.property(arbConsistentLog({ maxCards: 9, maxEvents: 8 }), ({ game }) => {
        const { factors } = responseEvidence(game, 'uniform');
        const core = KnowledgeCore.shared();
        using position = core.load(constraintsOf(game), undefined, factors);
        if (!position.consistent || game.me === null) return;
        const width = game.players.length + 2;
        // Condition on the observer's first card's owner being itself (a fact it already has) and
        // on one other card lying where it lies in the first deal.
        const deal = position.sample(1, 1);
        const c = game.deck.cards.findIndex((_, k) => !game.myHand.includes(k));
        const o = deal.findIndex((m) => bit(m, c));
        const fact: Fact = { kind: 'holds', owner: o, cards: 1 << c };
        using conditioned = position.with(fact);
        const counts = position.ownerCounts();
        expect(Math.abs(conditioned.approximateCount() - counts[c * width + o])).toBeLessThanOrEqual(EPS * counts[c * width + o]);
      }),
      { numRuns: 60, seed: 3 },
    );
  });
});

describe('the default reading', () => {
  it.each(EXAMPLES)('%s: no --responses and --responses holds give the same output as before', (file) => {
    const game = parseGame(JSON.parse(readFileSync(`${EXAMPLES_DIR}${file}`, 'utf8')));
    const plain = analyze(game);
    expect(plain.responses).toBeUndefined();
    expect(toJson(analysisJson(game, analyze(game, { responses: 'holds' })))).toBe(toJson(analysisJson(game, plain)));
    const expectedFile = `${EXAMPLES_DIR}${file.replace(/\.json$/, '.expected.json')}`;
    let expected: { consistentDeals: unknown; cards: Record<string, Record<string, number>>; solutions: Array<{ probability: number }> } | null = null;
    try {
      expected = JSON.parse(readFileSync(expectedFile, 'utf8'));
    } catch {
      return; // an example without recorded answers
    }
    expect(String(plain.consistentDeals)).toBe(String(expected!.consistentDeals));
    const named = analysisJson(game, plain); // the documented output, keyed by names as the expected answers are
    for (const [card, row] of Object.entries(expected!.cards)) for (const [owner, p] of Object.entries(row)) expect(Math.abs(named.cards[card][owner] - p)).toBeLessThanOrEqual(1e-12);
    expected!.solutions.forEach((s, i) => expect(Math.abs(plain.solutions[i].probability - s.probability)).toBeLessThanOrEqual(1e-12));
  });

  it('uniform weighing differs from the unweighted count where a responder may hold two named cards', () => {
    const log = JSON.parse(readFileSync(`${EXAMPLES_DIR}classic-6p-late.json`, 'utf8'));
    const plain = analyze(log);
    const uniform = analyze(log, { responses: 'uniform' });
    expect(uniform.consistentDeals).toBe(plain.consistentDeals);
    expect(uniform.known).toEqual(plain.known); // weights never zero: the support is the same
    expect(uniform.solutions[0].probability).not.toBeCloseTo(plain.solutions[0].probability, 6);
  });
});

describe('first', () => {
  it('is the log with the facts it implies: the responder lacks every named card before the one shown', () => {
    fc.assert(
      fc.property(arbConsistentLog({ maxCards: 11, maxEvents: 10 }), ({ game }) => {
        const implied: Fact[] = [];
        for (const e of game.events) {
          if (e.type === 'suggestion' && e.by === game.me && e.shownBy !== null && e.shown !== null && e.shownBy !== game.me) {
            const before = e.cards.filter((c) => c < e.shown!).reduce((m, c) => m | (1 << c), 0);
            if (before !== 0) implied.push({ kind: 'lacks', owner: e.shownBy, cards: before });
          }
        }
        using withFacts = KnowledgeCore.shared().load(addFacts(constraintsOf(game), implied));
        if (!withFacts.consistent) {
          expect(() => analyze(game, { method: 'exact', responses: 'first' })).toThrow(InputError);
          return;
        }
        const got = analyze(game, { method: 'exact', responses: 'first' });
        expect(got.consistentDeals).toBe(withFacts.count());
        const width = game.players.length + 2;
        const counts = withFacts.ownerCounts();
        const total = withFacts.approximateCount();
        game.deck.cards.forEach((_, c) => expect(Math.abs(envelopeProbability(got, c) - counts[c * width + game.players.length] / total)).toBeLessThanOrEqual(EPS));
      }),
      { numRuns: 150, seed: 5 },
    );
  });
});

describe('sampled', () => {
  it('weighted draws from the DAG land within 4 standard errors of the exact answer (fixed seed)', () => {
    const log = JSON.parse(readFileSync(`${EXAMPLES_DIR}classic-6p-early.json`, 'utf8'));
    const exact = analyze(log, { method: 'exact', responses: 'uniform' });
    const sampled = analyze(log, { method: 'sampled', samples: 40_000, seed: 7, responses: 'uniform' });
    expect(sampled.method).toBe('sampled');
    expect(sampled.consistentDeals).toBe(exact.consistentDeals);
    expect(sampled.standardErrors!.effectiveSamples).toBe(40_000);
    let outside = 0;
    let checked = 0;
    expect(sampled.owners).toEqual(exact.owners);
    exact.cards.forEach((row, card) => {
      row.forEach((p, owner) => {
        const se = sampled.standardErrors!.cards[card][owner];
        if (p === 0 || p === 1) return;
        checked++;
        if (Math.abs(sampled.cards[card][owner] - p) > 4 * se) outside++;
      });
    });
    expect(checked).toBeGreaterThan(50);
    expect(outside).toBe(0);
    // And the weights matter: the unweighted draws of the same seed miss some of these.
    expect(exact.solutions[0].cards).not.toEqual(analyze(log, { method: 'exact' }).solutions[0].cards);
  });

  it('Markov chain draws reweighted by likelihood land within 4 standard errors of the exact answer (fixed seed)', () => {
    const log = JSON.parse(readFileSync(`${EXAMPLES_DIR}classic-6p-late.json`, 'utf8'));
    const exact = analyze(log, { method: 'exact', responses: 'uniform' });
    const chains = analyze(log, { method: 'mcmc', samples: 40_000, seed: 3, responses: 'uniform' });
    expect(chains.method).toBe('mcmc');
    expect(chains.responses).toEqual({ policy: 'uniform', likelihood: null });
    const errors = chains.standardErrors!;
    expect(errors.effectiveSamples).toBeGreaterThan(1000);
    expect(errors.effectiveSamples).toBeLessThan(40_000);
    expect(chains.owners).toEqual(exact.owners);
    exact.cards.forEach((row, card) => {
      row.forEach((p, owner) => {
        if (p === 0 || p === 1) return;
        expect(Math.abs(chains.cards[card][owner] - p), `card ${card} with owner ${exact.owners[owner]}`).toBeLessThanOrEqual(4 * errors.cards[card][owner]);
      });
    });
    chains.solutions.forEach((s, i) => {
      const want = exact.solutions.find((e) => e.cards.join() === s.cards.join())!.probability;
      expect(Math.abs(s.probability - want), s.cards.join('/')).toBeLessThanOrEqual(4 * errors.solutions[i]);
    });
    expect(chains.known).toEqual(exact.known);
  });

  it('first, facts only, answers by every method with the same certainties', () => {
    const log = JSON.parse(readFileSync(`${EXAMPLES_DIR}classic-4p-faceup.json`, 'utf8'));
    const exact = analyze(log, { method: 'exact', responses: 'first' });
    expect(exact.consistentDeals).toBe(332n);
    for (const method of ['sampled', 'mcmc'] as const) {
      const estimate = analyze(log, { method, samples: 20_000, seed: 2, responses: 'first' });
      expect(estimate.method).toBe(method);
      expect(estimate.known).toEqual(exact.known);
      expect(estimate.responses).toEqual({ policy: 'first', likelihood: null });
    }
  });
});

describe('agents', () => {
  const DECK = makeDeck({ A: ['A0', 'A1', 'A2', 'A3'], B: ['B0', 'B1', 'B2'], C: ['C0', 'C1', 'C2'] });
  const setup = { deck: DECK, players: ['P0', 'P1', 'P2'], handSizes: [3, 2, 2], faceUp: [], rules: DEFAULT_RULES };
  const card = (name: string) => DECK.cards.indexOf(name);

  it('parse responses= for the deductive and entropy agents, refute=first for all', () => {
    expect(parseAgentSpec('deductive:responses=first,refute=first')).toMatchObject({ responses: 'first', refute: 'first' });
    expect(parseAgentSpec('entropy:responses=uniform').responses).toBe('uniform');
    expect(parseAgentSpec('deductive').responses).toBe('holds');
    expect(() => parseAgentSpec('deductive:responses=sometimes')).toThrow(/responses must be holds, uniform, first or repeat/);
    expect(() => parseAgentSpec('naive:responses=first')).toThrow(/unknown option "responses"/);
  });

  it('refute=first shows the held named card first in deck order', () => {
    const refute = refutationPolicy('first', new Random(1));
    const view = new SeatView(setup, 0, [card('A1'), card('B2'), card('C0')], () => {});
    expect(refute(view, 1, [card('B2'), card('A1'), card('C0')])).toBe(card('A1'));
  });

  /** Seat 0's knowledge after P1 showed it C2 for (A0, B0, C2), under each reading. */
  function envelopeAfterShow(responses: ResponsePolicy): Float64Array {
    let write: ((e: GameEvent) => void) | null = null;
    const view = new SeatView(setup, 0, [card('A1'), card('B1'), card('C1')], (w) => (write = w));
    write!({ type: 'suggestion', by: 0, cards: [card('A0'), card('B0'), card('C2')], shownBy: 1, shown: card('C2') });
    const knowledge = exactKnowledge(KnowledgeCore.shared(), undefined, responses);
    const counts = knowledge.position(view).ownerCounts();
    const width = 3 + 2;
    const p1 = [card('A0'), card('B0')].map((c) => counts[c * width + 1] / knowledge.position(view).approximateCount());
    knowledge.dispose();
    return Float64Array.from(p1);
  }

  it('an agent reading first knows the responder lacks the earlier named cards; uniform makes them less likely; holds neither', () => {
    const [a0First, b0First] = envelopeAfterShow('first');
    expect([a0First, b0First]).toEqual([0, 0]);
    const [a0Holds] = envelopeAfterShow('holds');
    const [a0Uniform] = envelopeAfterShow('uniform');
    expect(a0Holds).toBeGreaterThan(0);
    expect(a0Uniform).toBeGreaterThan(0);
    expect(a0Uniform).toBeLessThan(a0Holds);
  });
});
