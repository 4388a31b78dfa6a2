/**
 * Formulas evaluated against a game log, each after its own number of events (docs/epistemic.md
 * §3): each asked of the first engine that supports it (semantics.ts), in this thread. The
 * library's knows() (analysis/knows.ts) shares the drawn worlds among an executor's threads.
 */
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import type { ModelOptions } from './explicit/game-model.js';
import { ExplicitEngine } from './explicit/engine.js';
import { DEFAULT_DRAWS, FullSizeEngine } from './full-size.js';
import type { Formula } from './language/formula.js';
import { engineFor, type Probability } from './semantics.js';
import { counted } from '../model/numbers.js';

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
  /** Worlds of the model after all the events of the log (exact method). */
  worlds: number | null;
  results: KnowsResult[];
}

export interface KnowsOptions extends ModelOptions {
  /** Worlds drawn per point of the log when the model is too large to build (default DEFAULT_KNOWS_SAMPLES). */
  samples?: number;
  seed?: number;
  /**
   * Decide whether the observer knows each estimated formula (default true). At full size this
   * weighs the informations an agent may have, a position each: whoever needs only the
   * probabilities (the opponents' view) skips it, and `known` is then false or null.
   */
  known?: boolean;
}

/** Default draws: standard errors of at most 0.008. */
export const DEFAULT_KNOWS_SAMPLES = DEFAULT_DRAWS;

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
  /** Whether the estimates decide `known` (KnowsOptions.known). */
  known: boolean;
}

/**
 * Checks every query, then answers each with the first engine that supports its formula at its
 * point of the log (the explicit Kripke model when it fits --max-worlds, else the full-size
 * engine: epistemic/semantics.ts). A formula no engine supports is refused here, before anything
 * long runs, saying why. What only drawn worlds can answer (an observer's log too large to build)
 * is returned to be estimated, so that an executor can share the draws among threads.
 */
export function planKnows(game: Game, queries: FormulaQuery[], options: KnowsOptions = {}): KnowsPlan {
  const total = game.events.length;
  const samples = options.samples ?? DEFAULT_KNOWS_SAMPLES;
  const seed = options.seed ?? 1;
  for (const q of queries) {
    if (q.at !== null && (!Number.isInteger(q.at) || q.at < 0 || q.at > total)) {
      throw new InputError(`formula ${q.id}: at ${q.at} is beyond the log, which has ${counted(total, 'event')}`);
    }
  }
  const engines = new Map<number, { explicit: ExplicitEngine; fullSize: FullSizeEngine }>();
  const enginesAt = (at: number) => {
    let e = engines.get(at);
    if (!e) engines.set(at, (e = { explicit: new ExplicitEngine(game, at, options), fullSize: new FullSizeEngine(game, at, { samples, seed }) }));
    return e;
  };
  try {
    // The whole log first: an event false of the deal is an error whatever the formulas ask.
    const worlds = enginesAt(total).explicit.worlds;
    const chosen = queries.map((q) => {
      const at = q.at ?? total;
      const { explicit, fullSize } = enginesAt(at);
      const engine = engineFor(q.formula, [() => explicit, () => fullSize]);
      if ('reasons' in engine) {
        const reasons = engine.reasons.flatMap((why, i) => (i === 0 ? why : [', and ', ...why]));
        throw new InputError([`formula ${q.id} (${q.text}) at ${at}: `, ...reasons, '; ask it of a smaller game'], { code: 'formula-unsupported' });
      }
      return { at, engine };
    });
    const results: KnowsResult[] = new Array(queries.length);
    const pending = new Map<number, PendingEstimate>();
    chosen.forEach(({ at, engine }, i) => {
      const q = queries[i];
      const base = { id: q.id, at, formula: q.text };
      if (game.deal !== null) results[i] = { ...base, value: engine.value(q.formula) };
      else if (engine instanceof FullSizeEngine && engine.drawsFor(q.formula)) {
        if (!pending.has(at)) pending.set(at, { at, indices: [], formulas: [] });
        pending.get(at)!.indices.push(i);
        pending.get(at)!.formulas.push(q.formula);
      } else results[i] = { ...base, ...engine.probability(q.formula) };
    });
    return { results, pending: [...pending.values()], worlds, samples, seed, known: options.known ?? true };
  } finally {
    // The models' Wasm memory goes back now rather than when they are collected.
    for (const { explicit, fullSize } of engines.values()) {
      explicit.dispose();
      fullSize.dispose();
    }
  }
}

/** The report, once every pending formula has its estimate (in the order of plan.pending). */
export function finishKnows(plan: KnowsPlan, queries: FormulaQuery[], estimates: Probability[][]): KnowsReport {
  const results = [...plan.results];
  plan.pending.forEach((p, k) => {
    p.indices.forEach((i, j) => (results[i] = { id: queries[i].id, at: p.at, formula: queries[i].text, ...estimates[k][j] }));
  });
  return { method: plan.pending.length > 0 ? 'sampled' : 'exact', worlds: plan.worlds, results };
}

/** Evaluates every query in this thread, synchronously (see planKnows; the library's knows() shares the draws among threads). */
export function knowsInThisThread(game: Game, queries: FormulaQuery[], options: KnowsOptions = {}): KnowsReport {
  const plan = planKnows(game, queries, options);
  const estimates = plan.pending.map((p) => {
    const engine = new FullSizeEngine(game, p.at);
    try {
      return engine.estimate(p.formulas, plan.samples, plan.seed, options.known ?? true);
    } finally {
      engine.dispose();
    }
  });
  return finishKnows(plan, queries, estimates);
}
