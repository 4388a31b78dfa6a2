// The consistency check in plain TypeScript: the same rules as assembly/check.ts, kept as the
// benchmark's baseline and as an independent check of the Wasm one in tests.
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { popcount } from '../src/model/bits.js';


/**
 * A store flattened once into per-owner arrays (seats, envelope, table), so checking many deals
 * allocates nothing. As in the Wasm check, the envelope also lacks every card outside the
 * categories and must hold one card per category, and the table holds exactly the face-up cards.
 */
export interface CompiledStore {
  nSeats: number;
  allCards: number;
  sizesAddUp: boolean;
  holds: Uint32Array;
  lacks: Uint32Array;
  sizes: Int32Array;
  categoryMasks: Uint32Array;
  /** Single-owner clauses (unseen refutations) grouped by owner: owner o's are [groupStart[o], groupStart[o + 1]). */
  groupCards: Uint32Array;
  groupStart: Int32Array;
  /** Clauses with several owners (wrong accusations). */
  clauseCards: Uint32Array;
  clauseOwners: Uint32Array;
}

export function compileStore(store: ConstraintStore): CompiledStore {
  const allCards = store.nCards >= 32 ? 0xffffffff : (1 << store.nCards) - 1;
  const categories = store.categoryMasks.reduce((u, m) => u | m, 0);
  const faceUp = store.faceUpMask >>> 0;
  const holds = Uint32Array.from([...store.holds.slice(0, store.nSeats + 1), faceUp]);
  const lacks = Uint32Array.from([...store.lacks.slice(0, store.nSeats), store.lacks[store.nSeats] | ~categories, ~faceUp]);
  const sizes = Int32Array.from([...store.handSizes, store.categoryMasks.length, popcount(faceUp)]);
  const clauses = store.clauses.map((c) => ({ cards: c.cards >>> 0, owners: c.owners >>> 0 }));
  return {
    nSeats: store.nSeats,
    allCards: allCards >>> 0,
    sizesAddUp: sizes.reduce((a, b) => a + b, 0) === popcount(allCards),
    holds,
    lacks,
    sizes,
    categoryMasks: Uint32Array.from(store.categoryMasks),
    ...groupClauses(store.nSeats, clauses.filter((c) => popcount(c.owners) === 1)),
    clauseCards: Uint32Array.from(clauses.filter((c) => popcount(c.owners) > 1).map((c) => c.cards)),
    clauseOwners: Uint32Array.from(clauses.filter((c) => popcount(c.owners) > 1).map((c) => c.owners)),
  };
}

function groupClauses(nSeats: number, single: { cards: number; owners: number }[]) {
  const groupCards: number[] = [];
  const groupStart: number[] = [];
  for (let o = 0; o < nSeats + 2; o++) {
    groupStart.push(groupCards.length);
    for (const c of single) if (c.owners === 1 << o) groupCards.push(c.cards);
  }
  groupStart.push(groupCards.length);
  return { groupCards: Uint32Array.from(groupCards), groupStart: Int32Array.from(groupStart) };
}

/** Is the deal at deals[offset..] (nSeats + 2 masks: seats, envelope, table) consistent? */
export function isConsistentDeal(s: CompiledStore, deals: Uint32Array, offset: number): boolean {
  const owners = s.nSeats + 2;
  let union = 0;
  for (let o = 0; o < owners; o++) {
    const m = deals[offset + o];
    if ((m & s.lacks[o]) | (s.holds[o] & ~m)) return false;
    if (popcount(m) !== s.sizes[o]) return false;
    union |= m;
  }
  // Sizes adding up to the deck and a union covering it make the owners a partition.
  if (union >>> 0 !== s.allCards || !s.sizesAddUp) return false;
  const envMask = deals[offset + s.nSeats];
  for (let g = 0; g < s.categoryMasks.length; g++) if ((envMask & s.categoryMasks[g]) === 0) return false;
  for (let o = 0; o < owners; o++) {
    const hand = deals[offset + o];
    for (let k = s.groupStart[o]; k < s.groupStart[o + 1]; k++) if ((hand & s.groupCards[k]) === 0) return false;
  }
  for (let k = 0; k < s.clauseCards.length; k++) {
    const cards = s.clauseCards[k];
    let who = s.clauseOwners[k];
    for (;;) {
      if (who === 0) return false;
      if (deals[offset + 31 - Math.clz32(who & -who)] & cards) break;
      who &= who - 1;
    }
  }
  return true;
}

/** Checks n deals laid end to end; returns how many are consistent (flags written to `out` if given). */
export function checkDeals(s: CompiledStore, deals: Uint32Array, out?: Uint8Array): number {
  const width = s.nSeats + 2;
  const n = Math.floor(deals.length / width);
  let passed = 0;
  for (let i = 0; i < n; i++) {
    const ok = isConsistentDeal(s, deals, i * width);
    if (out) out[i] = ok ? 1 : 0;
    if (ok) passed++;
  }
  return passed;
}
