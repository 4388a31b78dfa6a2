// Smallest sets of events: which events of a log a conclusion (a forced fact, or "no deal is
// left") really rests on. Deletion-based: drop each event in turn and keep the drop while the
// conclusion still holds. The result is minimal (no single event can be left out), not always the
// smallest set of all, which would cost a search over subsets. The events dropped before the next
// one kept are found by galloping and bisection rather than one by one, so that a set of k events
// of a log of n costs about 2k·log(n/k) questions, not n.
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { EventStores, type EventSet, type FactCount } from '../knowledge/event-stores.js';
import type { Game } from '../model/game.js';
import { eventSentence } from '../io/describe.js';
import { isConsistentQuickly } from './consistency.js';

/** An event of the log, numbered from 1 as in every message, and in words. */
export interface ExplainedEvent {
  event: number;
  sentence: string;
}

/** Event `i` (0-based) as a message names it. */
export function explained(game: Game, i: number): ExplainedEvent {
  return { event: i + 1, sentence: eventSentence(game, i) };
}

/** What an explanation cost: the consistency questions it asked, and the facts it read into stores. */
export interface Work extends FactCount {
  checks: number;
}

/** Whether sets of a game's events leave a deal, each question counted in `work`. */
export class EventSets {
  readonly stores: EventStores;
  constructor(
    game: Game,
    private readonly core: KnowledgeCore,
    readonly work: Work = { checks: 0, facts: 0 },
  ) {
    this.stores = new EventStores(game, work);
  }

  /** The events that teach something (0-based): the sets' positions index this. */
  get events(): readonly number[] {
    return this.stores.events;
  }

  leavesDeal(set: EventSet = {}): boolean {
    this.work.checks++;
    return isConsistentQuickly(this.core, this.stores.store(set));
  }
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

export interface MinimalSubset {
  /** The items kept, ascending. */
  kept: number[];
  /** False when `maxCalls` ran out first: `kept` then holds the first items of the answer only. */
  complete: boolean;
  /** Calls of `still` made. */
  calls: number;
}

/**
 * Deletion-based minimisation of the items 0..count-1: drops each item in turn, in order, and
 * keeps the drop when `still` holds of what is left. `still(kept, from)` is asked of the items of
 * `kept` (all before `from`) with every item from `from` on, and must hold of all of them. For a
 * monotone `still` (more items, never less true) the result is minimal (no single item of it can be
 * dropped), and the same as dropping the items one by one would give.
 */
export function minimalSubset(count: number, still: (kept: readonly number[], from: number) => boolean, maxCalls = Infinity): MinimalSubset {
  const kept: number[] = [];
  let calls = 0;
  // Item p is the next one kept when the items from the last kept one to p can all be dropped
  // but p cannot: needed(p) is false, then true, past the last item kept.
  const needed = (p: number) => (calls++, !still(kept, p + 1));
  for (let start = 0; start < count; ) {
    let dropped = start - 1; // every item in [start, dropped] can be dropped
    let next = -1;
    for (let step = 1; next < 0; step *= 2) {
      if (calls >= maxCalls) return { kept, complete: false, calls };
      const p = Math.min(dropped + step, count - 1);
      if (needed(p)) next = p;
      else if (p === count - 1) return { kept, complete: true, calls };
      else dropped = p;
    }
    while (next - dropped > 1) {
      if (calls >= maxCalls) return { kept, complete: false, calls };
      const mid = (dropped + next) >>> 1;
      if (needed(mid)) next = mid;
      else dropped = mid;
    }
    kept.push(next);
    start = next + 1;
  }
  return { kept, complete: true, calls };
}

/** minimalSubset of a list, `still` given the items left. */
export function shrink<T>(items: readonly T[], still: (kept: readonly T[]) => boolean): T[] {
  const item = (i: number) => items[i];
  return minimalSubset(items.length, (kept, from) => still([...kept.map(item), ...items.slice(from)])).kept.map(item);
}
