/**
 * `cluedo knows` as a library call (docs/epistemic.md §3): formulas evaluated against a game log,
 * each after its own number of events.
 */
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { buildGameModel, type GameModel, type ModelOptions } from './game-model.js';
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
  /** Observer's log: the probability that the formula holds, its standard error (null: exact) and whether the observer knows it. */
  probability?: number;
  standardError?: number | null;
  known?: boolean;
}

export interface KnowsReport {
  method: 'exact' | 'sampled';
  /** Worlds of the model after every event of the log (exact method). */
  worlds: number | null;
  results: KnowsResult[];
}

/** Evaluates every query; models are built once per number of events. */
export function knows(game: Game, queries: FormulaQuery[], options: ModelOptions = {}): KnowsReport {
  const total = game.events.length;
  for (const q of queries) {
    if (q.at !== null && (!Number.isInteger(q.at) || q.at < 0 || q.at > total)) {
      throw new InputError(`formula ${q.id}: at ${q.at} is beyond the log, which has ${total} events`);
    }
  }
  const models = new Map<number, GameModel>();
  const modelAt = (at: number): GameModel => {
    let m = models.get(at);
    if (!m) models.set(at, (m = buildGameModel(game, at, options)));
    return m;
  };
  // The whole log first: an event false of the deal is an error whatever the formulas ask.
  const final = modelAt(total);
  const results = queries.map((q): KnowsResult => {
    const at = q.at ?? total;
    const m = modelAt(at);
    const holds = m.evaluator.evaluate(q.formula);
    const base = { id: q.id, at, formula: q.text };
    if (m.point !== null) return { ...base, value: sets.contains(holds, m.point) };
    return { ...base, ...probabilityOf(m, holds) };
  });
  return { method: 'exact', worlds: final.model.size, results };
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
