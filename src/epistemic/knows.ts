/**
 * `cluedo knows` as a library call (docs/epistemic.md §3): formulas evaluated against a game log,
 * each after its own number of events.
 */
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { buildGameModel, earlyFacts, DEFAULT_MAX_WORLDS, ModelTooLargeError, type GameModel, type ModelOptions } from './game-model.js';
import { FullSizeEngine, unsupportedAtFullSize, type FullSizeEstimate } from './full-size.js';
import { maskOfCards } from '../model/bits.js';
import { applyFact, emptyStore } from '../knowledge/constraints.js';
import { KnowledgeCore } from '../knowledge/wasm-core.js';
import { actionsOf } from './actions.js';
import type { Formula } from './language/formula.js';
import * as sets from './explicit/world-set.js';

export interface FormulaQuery {
  id: string;
  /** Events applied before evaluating; null for all of them. */
  at: number | null;
  formula: Formula;
  /** How the formula prints (the contract's `formula` field). */
  text: string;
}

export interface KnowsResult {
  id: string;
  at: number;
  formula: string;
  /** Full record: the formula's value at the deal. */
  value?: boolean;
  /** Observer's log: the probability that the formula holds, its standard error (null: exact) and whether the observer knows it (null: a sample cannot tell). */
  probability?: number;
  standardError?: number | null;
  known?: boolean | null;
}

export interface KnowsReport {
  method: 'exact' | 'sampled';
  /** Worlds of the model after every event of the log (exact method). */
  worlds: number | null;
  results: KnowsResult[];
}

export interface KnowsOptions extends ModelOptions {
  /** Worlds drawn per point of the log when the model is too large to build (default DEFAULT_KNOWS_SAMPLES). */
  samples?: number;
  seed?: number;
}

/** Default draws: standard errors of at most 0.008. */
export const DEFAULT_KNOWS_SAMPLES = 4000;

/** Formulas of one point of an observer's log that only drawn worlds can answer. */
export interface PendingEstimate {
  at: number;
  /** Positions in the query list. */
  indices: number[];
  formulas: Formula[];
}

/** What can be answered without drawing worlds, and what is left to draw. */
export interface KnowsPlan {
  results: KnowsResult[];
  pending: PendingEstimate[];
  worlds: number | null;
  samples: number;
  seed: number;
}

/**
 * Checks every query, then answers what the explicit model (whenever it fits --max-worlds) and a
 * full record's deal answer exactly; what is left (an observer's log too large to build) is
 * returned to be estimated from drawn worlds. A formula the full-size engine cannot answer is
 * refused here, before anything long runs, saying why.
 */
export function planKnows(game: Game, queries: FormulaQuery[], options: KnowsOptions = {}): KnowsPlan {
  const total = game.events.length;
  const maxWorlds = options.maxWorlds ?? DEFAULT_MAX_WORLDS;
  for (const q of queries) {
    if (q.at !== null && (!Number.isInteger(q.at) || q.at < 0 || q.at > total)) {
      throw new InputError(`formula ${q.id}: at ${q.at} is beyond the log, which has ${total} events`);
    }
    const at = q.at ?? total;
    if (tooManyDeals(game, at, maxWorlds)) {
      const why = unsupportedAtFullSize(game, at, q.formula);
      if (why) throw new InputError(`formula ${q.id} (${q.text}) at ${at}: the model is too large to build (over ${maxWorlds.toLocaleString('en-US')} worlds) and ${why}; ask it of a smaller game`);
    }
  }
  const models = new Map<number, GameModel | null>();
  const modelAt = (at: number): GameModel | null => {
    if (!models.has(at)) models.set(at, explicitModel(game, at, options));
    return models.get(at)!;
  };
  // The whole log first: an event false of the deal is an error whatever the formulas ask.
  const final = modelAt(total);
  const results: KnowsResult[] = new Array(queries.length);
  const pending: PendingEstimate[] = [];
  const byAt = new Map<number, number[]>();
  queries.forEach((q, i) => byAt.set(q.at ?? total, [...(byAt.get(q.at ?? total) ?? []), i]));
  for (const [at, indices] of byAt) {
    const base = (i: number) => ({ id: queries[i].id, at, formula: queries[i].text });
    const m = modelAt(at);
    if (m !== null) {
      for (const i of indices) {
        const holds = m.evaluator.evaluate(queries[i].formula);
        results[i] = m.point !== null ? { ...base(i), value: sets.contains(holds, m.point) } : { ...base(i), ...probabilityOf(m, holds) };
      }
    } else if (game.deal !== null) {
      const engine = new FullSizeEngine(game, at);
      try {
        const values = engine.valuesAtDeal(indices.map((i) => queries[i].formula));
        indices.forEach((i, k) => (results[i] = { ...base(i), value: values[k] }));
      } finally {
        engine.dispose();
      }
    } else {
      // Formulas without modalities are counted exactly; the others are left to drawn worlds.
      const engine = new FullSizeEngine(game, at);
      const left: number[] = [];
      try {
        for (const i of indices) {
          const exact = engine.exactProbability(queries[i].formula);
          if (exact) results[i] = { ...base(i), probability: exact.probability, standardError: null, known: exact.known };
          else left.push(i);
        }
      } finally {
        engine.dispose();
      }
      if (left.length > 0) pending.push({ at, indices: left, formulas: left.map((i) => queries[i].formula) });
    }
  }
  const worlds = final?.model.size ?? null;
  // The models' Wasm memory goes back now rather than when they are collected.
  for (const m of models.values()) m?.model.dispose();
  return { results, pending, worlds, samples: options.samples ?? DEFAULT_KNOWS_SAMPLES, seed: options.seed ?? 1 };
}

/** The report, once every pending formula has its estimate (in the order of plan.pending). */
export function finishKnows(plan: KnowsPlan, queries: FormulaQuery[], estimates: FullSizeEstimate[][]): KnowsReport {
  const results = [...plan.results];
  plan.pending.forEach((p, k) => {
    p.indices.forEach((i, j) => (results[i] = { id: queries[i].id, at: p.at, formula: queries[i].text, ...estimates[k][j] }));
  });
  return { method: plan.pending.length > 0 ? 'sampled' : 'exact', worlds: plan.worlds, results };
}

/** Evaluates every query in this thread (see planKnows). */
export function knows(game: Game, queries: FormulaQuery[], options: KnowsOptions = {}): KnowsReport {
  const plan = planKnows(game, queries, options);
  const estimates = plan.pending.map((p) => {
    const engine = new FullSizeEngine(game, p.at);
    try {
      return engine.estimate(p.formulas, plan.samples, plan.seed);
    } finally {
      engine.dispose();
    }
  });
  return finishKnows(plan, queries, estimates);
}

/** The explicit model after `at` events, or null when it would be too large. */
function explicitModel(game: Game, at: number, options: ModelOptions): GameModel | null {
  if (tooManyDeals(game, at, options.maxWorlds ?? DEFAULT_MAX_WORLDS)) return null;
  try {
    return buildGameModel(game, at, options);
  } catch (e) {
    if (e instanceof ModelTooLargeError) return null;
    throw e;
  }
}

/**
 * Whether the explicit model after `at` events may fit within `maxWorlds`: false when the deals left
 * by the public facts before the first epistemic announcement already outnumber it (a count by the
 * exact core, in milliseconds, instead of an enumeration that would stop only at the limit).
 */
export function explicitModelMayFit(game: Game, at: number, maxWorlds = DEFAULT_MAX_WORLDS): boolean {
  return !tooManyDeals(game, at, maxWorlds);
}

const dealCounts = new WeakMap<Game, Map<number, number>>();

/**
 * True when the deals left by the public facts of the first `at` events already outnumber the
 * limit: counted by the exact core in milliseconds, before any enumeration. (With hand quotas,
 * which the core does not model, the enumeration's own limit decides.)
 */
function tooManyDeals(game: Game, at: number, maxWorlds: number): boolean {
  if (game.rules.handQuotas !== null) return false;
  let cache = dealCounts.get(game);
  if (!cache) dealCounts.set(game, (cache = new Map()));
  let n = cache.get(at);
  if (n === undefined) {
    // The deals the explicit model would start from: those the early public facts leave.
    const { filter } = earlyFacts(game, actionsOf(game, at), 'action');
    const store = emptyStore(game.deck.cards.length, game.deck.categoryMasks, game.handSizes, maskOfCards(game.faceUp));
    // The filter's owner slots are the store's: the seats, then the envelope.
    store.holds = [...filter.holds];
    store.lacks = [...filter.lacks];
    for (const cards of filter.notEnvelope) applyFact(store, { kind: 'notEnvelope', cards });
    const position = KnowledgeCore.shared().tryLoad(store);
    n = position.status === 'consistent' ? position.approximateCount() : position.status === 'too-large' ? Infinity : 0;
    position.dispose();
    cache.set(at, n);
  }
  return n > maxWorlds;
}

/** The observer's probability of a set of worlds (weights renormalised over the observer's worlds) and whether it knows it. */
function probabilityOf(m: GameModel, holds: sets.WorldSet): { probability: number; standardError: null; known: boolean } {
  let total = 0;
  let inside = 0;
  let known = true;
  for (const w of sets.members(m.observed)) {
    total += m.model.weight[w];
    if (sets.contains(holds, w)) inside += m.model.weight[w];
    else known = false;
  }
  return { probability: inside / total, standardError: null, known };
}
