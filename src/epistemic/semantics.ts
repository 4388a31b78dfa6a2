// What an engine of the epistemic layer offers: the truth of a formula at one point of a game log
// (after a number of events), in the world of a full record or as the observer's probability.
// The engines implement it side by side, as SMCDEL's explicit and symbolic semantics do: the
// symbolic engine (symbolic/: knowledge structures over decision diagrams, every formula exactly at
// full size), the explicit Kripke model (explicit/: every formula, on games small enough to build),
// the counting core (counting.ts: formulas without modalities, exactly, in milliseconds) and the
// sampled fragment (full-size.ts: estimates from drawn worlds). `knows` asks each formula of the
// cheapest engine that answers it exactly, so a new operator touches the language and the engines,
// nothing else.
import type { Formula } from './language/formula.js';
import type { Phrase } from '../model/errors.js';

/** The observer's probability of a formula, and whether the observer knows it. */
export interface Probability {
  probability: number;
  /** Its standard error when estimated from drawn worlds; null when exact. */
  standardError: number | null;
  /** Whether the formula holds in every world the observer considers possible; null when the engine cannot tell. */
  known: boolean | null;
}

/** The engines, as `knows` names them (its `engine` option and each answer's `engine`). */
export const ENGINE_NAMES = ['counting', 'explicit', 'symbolic', 'sampled'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export interface Semantics extends Disposable {
  /** The engine's name, for messages and answers. */
  readonly name: EngineName;
  /** Why this engine cannot answer `f` at its point of the log (one phrase), or null when it can. */
  unsupported(f: Formula): Phrase | null;
  /** `f`'s value at the actual world: for a full record (a log with a deal). */
  value(f: Formula): boolean;
  /** The observer's probability of `f` (docs/epistemic.md §3): exact, or estimated with its standard error. */
  probability(f: Formula): Probability;
  dispose(): void;
}

/**
 * The first engine that supports `f`, or the reasons none does. `engines` are made on demand
 * (building a Kripke model costs what answering with it saves), in order of preference.
 */
export function engineFor(f: Formula, engines: ReadonlyArray<() => Semantics>): Semantics | { reasons: Phrase[] } {
  const reasons: Phrase[] = [];
  for (const make of engines) {
    const engine = make();
    const why = engine.unsupported(f);
    if (why === null) return engine;
    reasons.push(why);
  }
  return { reasons };
}
