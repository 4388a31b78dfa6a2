/**
 * `cluedo knows` as a library call (docs/epistemic.md §3): formulas evaluated against a game log,
 * each after its own number of events.
 */
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { buildGameModel, DEFAULT_MAX_WORLDS, ModelTooLargeError, type GameModel, type ModelOptions } from './game-model.js';
import { FullSizeEngine, unsupportedAtFullSize } from './full-size.js';
import { maskOfCards } from '../model/bits.js';
import { emptyStore } from '../knowledge/constraints.js';
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

/**
 * Evaluates every query. The explicit model answers whenever it fits (--max-worlds); past that, the
 * full-size engine answers what it can (exactly at a full record's deal, by sampling for an
 * observer), and a formula it cannot answer is refused, saying why.
 */
export function knows(game: Game, queries: FormulaQuery[], options: KnowsOptions = {}): KnowsReport {
  const total = game.events.length;
  for (const q of queries) {
    if (q.at !== null && (!Number.isInteger(q.at) || q.at < 0 || q.at > total)) {
      throw new InputError(`formula ${q.id}: at ${q.at} is beyond the log, which has ${total} events`);
    }
  }
  const samples = options.samples ?? DEFAULT_KNOWS_SAMPLES;
  const seed = options.seed ?? 1;
  const models = new Map<number, GameModel | null>();
  const modelAt = (at: number): GameModel | null => {
    if (!models.has(at)) models.set(at, explicitModel(game, at, options));
    return models.get(at)!;
  };
  // Every formula checked before anything long runs.
  for (const q of queries) {
    const at = q.at ?? total;
    if (tooManyDeals(game, at, options.maxWorlds ?? DEFAULT_MAX_WORLDS)) {
      const why = unsupportedAtFullSize(game, at, q.formula);
      if (why) throw new InputError(`formula ${q.id} (${q.text}) at ${at}: the model is too large to build (over ${(options.maxWorlds ?? DEFAULT_MAX_WORLDS).toLocaleString('en-US')} worlds) and ${why}; ask it of a smaller game`);
    }
  }
  // The whole log first: an event false of the deal is an error whatever the formulas ask.
  const final = modelAt(total);
  let sampled = false;
  const results: KnowsResult[] = new Array(queries.length);
  const byAt = new Map<number, number[]>();
  queries.forEach((q, i) => {
    const at = q.at ?? total;
    byAt.set(at, [...(byAt.get(at) ?? []), i]);
  });
  for (const [at, indices] of byAt) {
    const m = modelAt(at);
    if (m !== null) {
      for (const i of indices) {
        const q = queries[i];
        const holds = m.evaluator.evaluate(q.formula);
        const base = { id: q.id, at, formula: q.text };
        results[i] = m.point !== null ? { ...base, value: sets.contains(holds, m.point) } : { ...base, ...probabilityOf(m, holds) };
      }
      continue;
    }
    const engine = new FullSizeEngine(game, at);
    try {
      const formulas = indices.map((i) => queries[i].formula);
      if (game.deal !== null) {
        const values = engine.valuesAtDeal(formulas);
        indices.forEach((i, k) => (results[i] = { id: queries[i].id, at, formula: queries[i].text, value: values[k] }));
      } else {
        sampled = true;
        const estimates = engine.estimate(formulas, samples, seed);
        indices.forEach((i, k) => (results[i] = { id: queries[i].id, at, formula: queries[i].text, ...estimates[k] }));
      }
    } finally {
      engine.dispose();
    }
  }
  return { method: sampled ? 'sampled' : 'exact', worlds: final?.model.size ?? null, results };
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
    const nSeats = game.players.length;
    const store = emptyStore(game.deck.cards.length, game.deck.categoryMasks, game.handSizes, maskOfCards(game.faceUp));
    for (const a of actionsOf(game, at)) {
      if (a.kind === 'endmove') break;
      if (a.kind === 'lacks') store.lacks[a.owner] |= a.cards;
      else if (a.kind === 'envelope' && a.is) store.holds[nSeats] |= a.cards;
    }
    const core = KnowledgeCore.create();
    const position = core.tryLoad(store);
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
