// Smallest sets of events: which events of a log a conclusion (a forced fact, or "no deal is
// left") really rests on. Deletion-based: drop each event in turn and keep the drop while the
// conclusion still holds. The result is minimal (no single event can be left out), not always the
// smallest set of all, which would cost a search over subsets.
import { addFacts, type ConstraintStore, type Fact } from '../knowledge/constraints.js';
import { factsOf, setupStore } from '../knowledge/constraints-of.js';
import type { Game } from '../model/game.js';
import { eventSentence } from '../io/describe.js';

/** An event of the log, numbered from 1 as in every message, and in words. */
export interface ExplainedEvent {
  event: number;
  sentence: string;
}

/** Event `i` (0-based) as a message names it. */
export function explained(game: Game, i: number): ExplainedEvent {
  return { event: i + 1, sentence: eventSentence(game, i) };
}

/** Decides whether some deal satisfies a store (by the DAG when it fits, else by the search). */
export type ConsistencyTest = (store: ConstraintStore) => boolean;

/** What each event of the game tells its observer, as facts (empty for events that teach nothing). */
export function factsPerEvent(game: Game): Fact[][] {
  return game.events.map((e) => factsOf(e, game.players.length, game));
}

/** `base` (the setup, by default) with the facts of the given events. */
export function storeWith(game: Game, facts: readonly Fact[][], events: readonly number[], base: ConstraintStore = setupStore(game)): ConstraintStore {
  return addFacts(base, events.flatMap((i) => facts[i]));
}

/**
 * The smallest k in [0, n] with `holds(k)`, for a `holds` monotone in k (false, then true) that
 * holds at n: a binary search over prefixes.
 */
export function shortestPrefix(n: number, holds: (k: number) => boolean): number {
  let bad = -1; // holds(bad) is false (or bad is before the start)
  let good = n;
  while (good - bad > 1) {
    const mid = (good + bad) >>> 1;
    if (holds(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

/**
 * Deletion-based minimisation: drops each item in turn, in order, and keeps the drop when
 * `still` holds of what is left. `still(items)` must hold. Minimal for a monotone `still`
 * (more items, never less true): no single item of the result can be dropped.
 */
export function shrink<T>(items: readonly T[], still: (kept: readonly T[]) => boolean): T[] {
  let kept = [...items];
  for (const item of items) {
    const without = kept.filter((x) => x !== item);
    if (still(without)) kept = without;
  }
  return kept;
}

/**
 * For a log with no deal left after event `bad` (0-based) but some before it: a minimal set of
 * earlier events that, with event `bad` and the setup, leave no deal. Ascending.
 */
export function conflictingEvents(game: Game, bad: number, consistent: ConsistencyTest): number[] {
  const facts = factsPerEvent(game);
  const setup = setupStore(game);
  const earlier = [...Array(bad).keys()].filter((i) => facts[i].length > 0);
  return shrink(earlier, (kept) => !consistent(storeWith(game, facts, [...kept, bad], setup)));
}
