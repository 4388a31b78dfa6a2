/**
 * Formulas evaluated against a game log, each after its own number of events (docs/epistemic.md
 * §3): each asked of the cheapest engine that answers it exactly (semantics.ts), in this thread. The
 * library's knows() (analysis/knows.ts) shares the drawn worlds among an executor's threads.
 */
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { DEFAULT_MAX_WORLDS, type ModelOptions } from './explicit/game-model.js';
import { ExplicitEngine } from './explicit/engine.js';
import { DEFAULT_DRAWS, FullSizeEngine } from './full-size.js';
import { CountingEngine } from './counting.js';
import { SymbolicEngine } from './symbolic/engine.js';
import { DiagramsTooLargeError } from './symbolic/bdd.js';
import { TRUE, type Formula } from './language/formula.js';
import { engineFor, type EngineName, type Probability, type Semantics } from './semantics.js';
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
  /** The engine that answered. */
  engine: EngineName;
  /** Full record: the formula's value at the deal. */
  value?: boolean;
  /** Observer's log: the probability that the formula holds, its standard error (null: exact) and whether the observer knows it (null: a sample cannot tell). */
  probability?: number;
  standardError?: number | null;
  known?: boolean | null;
}

export interface KnowsReport {
  method: 'exact' | 'sampled';
  /** Worlds of the model after all the events of the log (deals with their hidden choices): a bigint past 2^53; null when no engine that holds a model was asked. */
  worlds: number | bigint | null;
  results: KnowsResult[];
}

export interface KnowsOptions extends ModelOptions {
  /**
   * The engine that answers: 'auto' (default) asks each formula of the cheapest engine that answers
   * it exactly; a name forces that engine; a list asks each formula of the first that answers it.
   */
  engine?: EngineName | 'auto' | readonly EngineName[];
  /** The symbolic engine's bound on decision-diagram nodes (default DEFAULT_MAX_NODES). */
  maxNodes?: number;
  /** Told, in a line of text, what begins: each model built, each formula asked. */
  onProgress?: (line: string) => void;
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
  worlds: number | bigint | null;
  samples: number;
  seed: number;
  /** Whether the estimates decide `known` (KnowsOptions.known). */
  known: boolean;
}

/** In the automatic choice, the explicit model is built only up to this many worlds: past it the symbolic engine is faster. */
export const AUTO_EXPLICIT_WORLDS = 100_000;

/** The engines of one point of the log, each made on first use. */
class EnginesAt {
  #fullSize: FullSizeEngine | null = null;
  #made = new Map<string, Semantics>();

  constructor(
    readonly game: Game,
    readonly at: number,
    readonly options: KnowsOptions,
  ) {}

  get fullSize(): FullSizeEngine {
    return (this.#fullSize ??= new FullSizeEngine(this.game, this.at, { samples: this.options.samples ?? DEFAULT_KNOWS_SAMPLES, seed: this.options.seed ?? 1 }));
  }

  /** An engine by name; `small` is the explicit model of the automatic choice (AUTO_EXPLICIT_WORLDS). */
  get(name: EngineName | 'small'): Semantics {
    let engine = this.#made.get(name);
    if (engine === undefined) {
      const { showcard, maxWorlds, maxNodes } = this.options;
      engine =
        name === 'counting' ? new CountingEngine(this.fullSize, showcard)
        : name === 'sampled' ? this.fullSize
        : name === 'symbolic' ? new SymbolicEngine(this.game, this.at, { showcard, maxNodes })
        : new ExplicitEngine(this.game, this.at, { showcard, maxWorlds: name === 'small' ? Math.min(maxWorlds ?? DEFAULT_MAX_WORLDS, AUTO_EXPLICIT_WORLDS) : maxWorlds });
      this.#made.set(name, engine);
    }
    return engine;
  }

  /** The engines to ask, cheapest first: the one forced, or the counting core, a small explicit model, then the symbolic engine. */
  candidates(): Array<() => Semantics> {
    const choice = this.options.engine ?? 'auto';
    const names: ReadonlyArray<EngineName | 'small'> = choice === 'auto' ? ['counting', 'small', 'symbolic'] : typeof choice === 'string' ? [choice] : choice;
    return names.map((name) => () => this.get(name));
  }

  /**
   * The model's worlds after these events, from the engine that holds the model (null when none was
   * asked to). `needed`: whether the automatic choice asks the symbolic engine for them when the
   * small explicit model does not fit (its model of a large log can take minutes to build).
   */
  worlds(needed = true): number | bigint | null {
    const given = this.options.engine ?? 'auto';
    // A list: the model of its first engine that holds one.
    const choice = typeof given === 'string' ? given : (given.find((name) => name === 'explicit' || name === 'symbolic') ?? 'sampled');
    if (choice === 'explicit') return (this.get('explicit') as ExplicitEngine).worlds;
    if (choice !== 'auto' && choice !== 'symbolic') return null;
    if (choice === 'auto') {
      const small = this.get('small') as ExplicitEngine;
      if (small.unsupported(TRUE) === null) return small.worlds;
      if (!needed) return null;
    }
    try {
      return exactInteger((this.get('symbolic') as SymbolicEngine).worlds);
    } catch (e) {
      // Counting the model's worlds is a courtesy: answers that need no model stand without it.
      if (e instanceof DiagramsTooLargeError && choice === 'auto') return null;
      throw e;
    }
  }

  /** Whether the counting core finds a deal the observer considers possible after these events. */
  dealsLeft(): boolean {
    return !Number.isNaN(this.fullSize.probability(TRUE).probability);
  }

  dispose(): void {
    for (const engine of this.#made.values()) engine.dispose();
    this.#fullSize?.dispose();
  }
}

/** A count as a number when a double holds it exactly, else as a bigint (printed with all its digits). */
function exactInteger(n: bigint): number | bigint {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/**
 * Checks every query, then answers each with the cheapest engine that answers its formula exactly
 * at its point of the log (semantics.ts), or with the engine `options.engine` forces. A formula the
 * engines cannot answer is refused here, before anything long runs, saying why. What only drawn
 * worlds can answer (the sampled engine, when forced) is returned to be estimated, so that an
 * executor can share the draws among threads.
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
  const engines = new Map<number, EnginesAt>();
  const enginesAt = (at: number) => {
    let e = engines.get(at);
    if (!e) engines.set(at, (e = new EnginesAt(game, at, options)));
    return e;
  };
  const auto = (options.engine ?? 'auto') === 'auto';
  const modelOfLog = (needed: boolean) => {
    if (needed) options.onProgress?.(`the model after ${counted(total, 'event')}`);
    return enginesAt(total).worlds(needed);
  };
  try {
    // A forced engine's model of the whole log first: an event false of the deal is an error whatever the formulas ask.
    let worlds = auto ? null : modelOfLog(true);
    const chosen = queries.map((q) => {
      const at = q.at ?? total;
      const engine = engineFor(q.formula, enginesAt(at).candidates());
      if ('reasons' in engine) {
        const reasons = engine.reasons.flatMap((why, i) => (i === 0 ? why : [', and ', ...why]));
        const forced = typeof options.engine === 'string' && options.engine !== 'auto' ? [{ option: 'engine', value: options.engine }, ' cannot answer it: '] : [];
        throw new InputError([`formula ${q.id} (${q.text}) at ${at}: `, ...forced, ...reasons], { code: 'formula-unsupported' });
      }
      return { at, engine };
    });
    // The automatic choice builds a model of the whole log only when it is needed: for formulas the
    // counting core does not answer, or to check the log (a full record's deal against its events,
    // and the events that leave the observer no deal, which the model names).
    if (auto) {
      const needed = chosen.some(({ engine }) => engine.name !== 'counting') || game.deal !== null || !enginesAt(total).dealsLeft();
      worlds = modelOfLog(needed);
    }
    const results: KnowsResult[] = new Array(queries.length);
    const pending = new Map<number, PendingEstimate>();
    chosen.forEach(({ at, engine }, i) => {
      const q = queries[i];
      const base = { id: q.id, at, formula: q.text, engine: engine.name };
      options.onProgress?.(`formula ${i + 1} of ${queries.length} (${q.text}) at ${at}: ${engine.name} engine`);
      if (game.deal !== null) results[i] = { ...base, value: engine.value(q.formula) };
      else if (engine.name === 'sampled' && enginesAt(at).fullSize.drawsFor(q.formula)) {
        if (!pending.has(at)) pending.set(at, { at, indices: [], formulas: [] });
        pending.get(at)!.indices.push(i);
        pending.get(at)!.formulas.push(q.formula);
      } else results[i] = { ...base, ...engine.probability(q.formula) };
    });
    return { results, pending: [...pending.values()], worlds, samples, seed, known: options.known ?? true };
  } finally {
    // The engines' Wasm memory goes back now rather than when they are collected.
    for (const e of engines.values()) e.dispose();
  }
}

/** The report, once every pending formula has its estimate (in the order of plan.pending). */
export function finishKnows(plan: KnowsPlan, queries: FormulaQuery[], estimates: Probability[][]): KnowsReport {
  const results = [...plan.results];
  plan.pending.forEach((p, k) => {
    p.indices.forEach((i, j) => (results[i] = { id: queries[i].id, at: p.at, formula: queries[i].text, engine: 'sampled', ...estimates[k][j] }));
  });
  return { method: results.some((r) => r.standardError != null) ? 'sampled' : 'exact', worlds: plan.worlds, results };
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
