// Cards a position cannot tell apart. Exchanging two cards of one category that every constraint
// of a store treats alike (the same owners hold or lack them, the same clauses name them) maps the
// store onto itself, so every figure computed from it (the distribution of its deals, the exact
// information of a suggestion) is the same for both cards. An agent scores one suggestion of each
// such class and shares its figures (analysis/entropy-greedy.ts scoreDeals): early in a game most
// cards are alike, and most suggestions need no scoring of their own.
import type { Clause, ConstraintStore } from './constraints.js';

/** The mask with cards a and b exchanged. */
function exchange(mask: number, a: number, b: number): number {
  return ((mask >>> a) & 1) === ((mask >>> b) & 1) ? mask >>> 0 : (mask ^ ((1 << a) | (1 << b))) >>> 0;
}

/** A clause as one number (its cards, then its owners: below 2^48, exact in a double). */
function clauseKey(cards: number, owners: number): number {
  return (cards >>> 0) * 65536 + (owners >>> 0);
}

/** Whether exchanging cards a and b leaves every constraint of the store as it is (`clauseKeys`: the store's, sorted). */
function interchangeable(store: ConstraintStore, a: number, b: number, clauseKeys: Float64Array): boolean {
  if (exchange(store.faceUpMask, a, b) !== store.faceUpMask >>> 0) return false;
  for (let o = 0; o < store.holds.length; o++) {
    if (exchange(store.holds[o], a, b) !== store.holds[o] >>> 0 || exchange(store.lacks[o], a, b) !== store.lacks[o] >>> 0) return false;
  }
  const touched = (c: Clause) => ((c.cards >>> a) & 1) !== ((c.cards >>> b) & 1);
  if (!store.clauses.some(touched)) return true;
  const exchanged = Float64Array.from(store.clauses, (c) => clauseKey(exchange(c.cards, a, b), c.owners)).sort();
  return exchanged.every((k, i) => k === clauseKeys[i]);
}

/**
 * Per card, the least card of its category that the store cannot tell from it: exchanging the two
 * leaves every constraint as it is, so every figure of the position (the deals' distribution, a
 * suggestion's exact information) is the same for both. Exchanges compose, so these classes are
 * exact: a card is compared with the least card of each class found so far.
 */
export function symmetricCards(store: ConstraintStore): Int32Array {
  const least = new Int32Array(store.nCards);
  for (let c = 0; c < store.nCards; c++) least[c] = c;
  const clauseKeys = Float64Array.from(store.clauses, (c) => clauseKey(c.cards, c.owners)).sort();
  for (const mask of store.categoryMasks) {
    const classes: number[] = [];
    for (let m = mask >>> 0; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      const same = classes.find((r) => interchangeable(store, r, c, clauseKeys));
      if (same === undefined) classes.push(c);
      else least[c] = same;
    }
  }
  return least;
}
