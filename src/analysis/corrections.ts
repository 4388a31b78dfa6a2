// Which entries of an impossible log are most likely wrong: the smallest sets of entries whose
// removal leaves some deal (minimal correction sets), fewest first. Every correction must remove
// at least one event of every conflict (a set of events that together leave no deal), so a
// breadth-first hitting-set tree over conflicts finds them by size: a node is the set removed so
// far; when a deal is left it is a correction, else a conflict among the events kept gives its
// children, one per event of the conflict (Reiter's hitting-set tree, with conflicts reused).
import { setupStore } from '../knowledge/constraints-of.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { Game } from '../model/game.js';
import { isConsistentQuickly } from './consistency.js';
import { explained, factsPerEvent, shrink, storeWith, type ExplainedEvent } from './minimal-events.js';

export interface CorrectionOptions {
  /** The largest set of entries to consider removing (default 3). */
  maxSize?: number;
  /** Stop after this many corrections (default 5). */
  maxResults?: number;
  /** Stop after this many consistency checks (default 2,000): an answer in well under a second. */
  maxChecks?: number;
}

export interface Corrections {
  /** Sets of entries (each ascending) whose removal leaves a deal, smallest first, none containing another. */
  sets: ExplainedEvent[][];
  /** True when every correction of up to `maxSize` entries is listed (no limit cut the search short). */
  complete: boolean;
}

/**
 * The smallest sets of entries whose removal leaves some deal, for a log that leaves none (an
 * empty list for a possible log: nothing needs removing). Sizes up to `maxSize`, fewest first,
 * then earliest; a larger correction containing a smaller one is never listed.
 */
export function likelyWrongEntries(game: Game, core: KnowledgeCore, options: CorrectionOptions = {}): Corrections {
  const { maxSize = 3, maxResults = 5, maxChecks = 2000 } = options;
  const facts = factsPerEvent(game);
  const setup = setupStore(game);
  const informative = game.events.map((_, i) => i).filter((i) => facts[i].length > 0);
  let checks = 0;
  const consistent = (removed: ReadonlySet<number>) => {
    checks++;
    return isConsistentQuickly(core, storeWith(game, facts, informative.filter((i) => !removed.has(i)), setup));
  };
  const conflicts: number[][] = [];
  /** A conflict among the events kept: one found before when it avoids `removed`, else a new minimal one. */
  const conflictAvoiding = (removed: ReadonlySet<number>): number[] => {
    const known = conflicts.find((c) => c.every((e) => !removed.has(e)));
    if (known) return known;
    const kept = informative.filter((i) => !removed.has(i));
    const conflict = shrink(kept, (subset) => {
      checks++;
      return !isConsistentQuickly(core, storeWith(game, facts, subset, setup));
    });
    conflicts.push(conflict);
    return conflict;
  };

  const found: number[][] = [];
  let complete = true;
  let level: number[][] = [[]];
  for (let size = 0; size <= maxSize && level.length > 0; size++) {
    const next = new Map<string, number[]>();
    for (const removed of level) {
      if (found.some((f) => f.every((e) => removed.includes(e)))) continue; // contains a correction
      if (found.length >= maxResults || checks >= maxChecks) {
        complete = false;
        break;
      }
      const set = new Set(removed);
      if (consistent(set)) {
        found.push(removed);
        continue;
      }
      if (size === maxSize) continue;
      for (const e of conflictAvoiding(set)) {
        const child = [...removed, e].sort((a, b) => a - b);
        next.set(child.join(','), child);
      }
    }
    if (!complete) break;
    level = [...next.values()].sort(earliestFirst);
  }
  // Sets of one size come earliest first; a set found is minimal (its subsets were all checked first).
  const sets = found.sort((a, b) => a.length - b.length || earliestFirst(a, b)).map((set) => set.map((i) => explained(game, i)));
  return { sets, complete };
}

function earliestFirst(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** "Fewest entries to leave out for a deal to be left: event 7; or events 3 and 12." — '' when there are none. */
export function correctionsInWords(corrections: Corrections): string {
  if (corrections.sets.length === 0) return '';
  const one = (set: ExplainedEvent[]) => (set.length === 1 ? `event ${set[0].event}` : `events ${set.slice(0, -1).map((e) => e.event).join(', ')} and ${set.at(-1)!.event}`);
  const sets = corrections.sets.map(one).join('; or ');
  return `Fewest entries to leave out for a deal to be left (the likeliest mistakes): ${sets}${corrections.complete ? '' : '; or others not searched'}.`;
}
