// Which entries of an impossible log are most likely wrong: the smallest sets of entries whose
// removal leaves some deal (minimal correction sets), fewest first. Every correction must remove
// at least one event of every conflict (a set of events that together leave no deal), so a
// breadth-first hitting-set tree over conflicts finds them by size: a node is the set removed so
// far; when a deal is left it is a correction, else a conflict among the events kept gives its
// children, one per event of the conflict (Reiter's hitting-set tree, with conflicts reused).
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { Game } from '../model/game.js';
import { counted } from '../model/numbers.js';
import { EventSets, explained, minimalSubset, type ExplainedEvent } from './minimal-events.js';

export interface CorrectionOptions {
  /** The largest set of entries to consider removing (default 3). */
  maxSize?: number;
  /** Stop after this many corrections (default 5). */
  maxResults?: number;
  /**
   * Stop after this many consistency checks (default 2,000), the searches for conflicts included:
   * each check costs about a millisecond, however long the log.
   */
  maxChecks?: number;
}

export interface Corrections {
  /** Sets of entries (each ascending) whose removal leaves a deal, smallest first, none containing another. */
  sets: ExplainedEvent[][];
  /** True when every correction of up to `maxSize` entries is listed (no limit cut the search short). */
  complete: boolean;
}

/** The limits a search for corrections takes when given none. */
export const CORRECTION_LIMITS: Required<CorrectionOptions> = { maxSize: 3, maxResults: 5, maxChecks: 2000 };

/**
 * The smallest sets of entries whose removal leaves some deal, for a log that leaves none (an
 * empty list for a possible log: nothing needs removing). Sizes up to `maxSize`, fewest first,
 * then earliest; a larger correction containing a smaller one is never listed.
 */
export function likelyWrongEntries(game: Game, core: KnowledgeCore, options: CorrectionOptions = {}, sets = new EventSets(game, core)): Corrections {
  const { maxSize = CORRECTION_LIMITS.maxSize, maxResults = CORRECTION_LIMITS.maxResults, maxChecks = CORRECTION_LIMITS.maxChecks } = options;
  // Sets of positions over the events that teach something (sets.events).
  let checks = 0;
  const consistent = (removed: ReadonlySet<number>) => {
    checks++;
    return sets.leavesDeal({ except: removed });
  };
  const conflicts: number[][] = [];
  /**
   * A conflict among the events kept: one found before when it avoids `removed`, else a new
   * minimal one; null when the budget runs out first.
   */
  const conflictAvoiding = (removed: ReadonlySet<number>): number[] | null => {
    const known = conflicts.find((c) => c.every((e) => !removed.has(e)));
    if (known) return known;
    // An event removed is never kept: with or without it, the set is the same.
    const found = minimalSubset(sets.events.length, (kept, from) => !sets.leavesDeal({ from, except: removed, plus: kept }), maxChecks - checks);
    checks += found.calls;
    if (!found.complete) return null;
    conflicts.push(found.kept);
    return found.kept;
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
      const conflict = conflictAvoiding(set);
      if (conflict === null) {
        complete = false;
        break;
      }
      for (const e of conflict) {
        const child = [...removed, e].sort((a, b) => a - b);
        next.set(child.join(','), child);
      }
    }
    if (!complete) break;
    level = [...next.values()].sort(earliestFirst);
  }
  // Sets of one size come earliest first; a set found is minimal (its subsets were all checked first).
  const listed = found.sort((a, b) => a.length - b.length || earliestFirst(a, b)).map((set) => set.map((p) => explained(game, sets.events[p])));
  return { sets: listed, complete };
}

function earliestFirst(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * "Fewest entries to leave out for a deal to be left: event 7; or events 3 and 12.", for an
 * impossible log whose corrections were searched up to `maxSize` entries.
 */
export function correctionsInWords(corrections: Corrections, maxSize = CORRECTION_LIMITS.maxSize): string {
  if (corrections.sets.length === 0) {
    return corrections.complete
      ? `Leaving out any ${counted(maxSize, 'entry', 'entries')} or fewer leaves no deal: more of the log is wrong than that.`
      : 'The search for the fewest entries to leave out for a deal to be left (the likeliest mistakes) ran out of its budget before finding any.';
  }
  const one = (set: ExplainedEvent[]) => (set.length === 1 ? `event ${set[0].event}` : `events ${set.slice(0, -1).map((e) => e.event).join(', ')} and ${set.at(-1)!.event}`);
  const sets = corrections.sets.map(one).join('; or ');
  return `Fewest entries to leave out for a deal to be left (the likeliest mistakes): ${sets}${corrections.complete ? '' : '; or others not searched'}.`;
}
