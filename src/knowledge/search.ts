// Exact certainty at any size, without counting: the core's backtracking search for consistent
// deals (assembly/sat.ts). A placement is possible exactly when some consistent deal makes it, and
// certain when it is the card's only possible one.
import type { ConstraintStore } from './constraints.js';
import type { KnowledgeCore } from './wasm-core.js';
import { ownerWidth } from '../model/owners.js';

interface SearchExports {
  memory: WebAssembly.Memory;
  ioBuffer(bytes: number): number;
  searchPossible(budget: number): number;
  searchPossiblePtr(): number;
  searchNodes(): number;
  searchDeal(budget: number, randomized: number, out: number): number;
  seed(lo: number, hi: number, stream: number): void;
  FOUND: WebAssembly.Global;
  GAVE_UP: WebAssembly.Global;
}

/**
 * Search nodes one query may take before the search gives up (a node is one propagation, a few
 * microseconds). The hardest of 2,000 simulated 10-seat, 32-card positions needed 26,000.
 */
export const DEFAULT_SEARCH_BUDGET = 1_000_000;

export interface PossibleOwners {
  /** 'exact': `possible` is exact; 'gave-up': some query ran out of budget, and nothing is claimed. */
  status: 'exact' | 'gave-up';
  /**
   * Per card, the owners it has in some consistent deal (a bit per owner slot: model/owners.ts
   * slotOf). All zero when no deal is consistent. Empty when the search gave up.
   */
  possible: Uint32Array;
  /** Search nodes taken, over every query: a measure of how hard the position was. */
  nodes: number;
}

function exportsOf(core: KnowledgeCore): SearchExports {
  return core.instance().exports as unknown as SearchExports;
}

/** The possible owners of every card of `store`, exactly, or 'gave-up' past `budget` nodes per query. */
export function possibleOwners(core: KnowledgeCore, store: ConstraintStore, budget = DEFAULT_SEARCH_BUDGET): PossibleOwners {
  const instance = core.instance();
  const x = exportsOf(core);
  instance.writeStore(store);
  if (x.searchPossible(budget) === x.GAVE_UP.value) return { status: 'gave-up', possible: new Uint32Array(0), nodes: x.searchNodes() };
  const ptr = x.searchPossiblePtr() >>> 2;
  return { status: 'exact', possible: instance.memory.u32.slice(ptr, ptr + store.nCards), nodes: x.searchNodes() };
}

/** The certain placements: every card with exactly one possible owner, in deck order. */
export function knownPlacements(result: PossibleOwners): Array<{ card: number; owner: number }> {
  if (result.status !== 'exact') throw new Error('the search gave up: certainty is unknown');
  const known: Array<{ card: number; owner: number }> = [];
  result.possible.forEach((m, card) => {
    if (m !== 0 && (m & (m - 1)) === 0) known.push({ card, owner: 31 - Math.clz32(m) });
  });
  return known;
}

/**
 * A consistent deal (ownerWidth(nSeats) masks: seats, envelope, table), or null when there is none.
 * With a seed, owners are tried in an order drawn from (seed, stream): different seeds give
 * different deals (not uniformly: the Markov chain starts from them). Throws past `budget` nodes.
 */
export function findDeal(core: KnowledgeCore, store: ConstraintStore, seed?: number, stream = 0, budget = DEFAULT_SEARCH_BUDGET): Uint32Array | null {
  const instance = core.instance();
  const x = exportsOf(core);
  instance.writeStore(store);
  if (seed !== undefined) core.seed(seed, stream);
  const width = ownerWidth(store.nSeats);
  const out = x.ioBuffer(width * 4);
  const r = x.searchDeal(budget, seed === undefined ? 0 : 1, out);
  if (r === x.GAVE_UP.value) throw new SearchGaveUpError(budget);
  if (r !== x.FOUND.value) return null;
  return instance.memory.u32.slice(out >>> 2, (out >>> 2) + width);
}

/** The search met a position it could not settle within its node budget. */
export class SearchGaveUpError extends Error {
  override name = 'SearchGaveUpError';
  constructor(budget: number) {
    super(`the search for consistent deals gave up after ${budget.toLocaleString('en-US')} nodes on one question`);
  }
}
