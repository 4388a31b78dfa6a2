// Every suggestion's three scores (expected bits, P(nobody refutes), expected solutions left),
// however they were computed, against the enumeration oracle (exact-eig.ts) on the same deals.
import type { Game } from '../../src/model/game.js';
import { combinationCards } from '../../src/knowledge/tallies.js';
import { exactEig } from './exact-eig.js';

/**
 * Throws, naming the suggestion and the figure, at the first of `scores` (3 per suggestion, in
 * mixed-radix order) more than `eps` from the oracle's on `deals` (n x (nSeats + 2) masks, asked
 * of the seats after the suggester in seat order). `sampled`: the deals are read as a uniform
 * sample, and the bits are the oracle's estimate from them (bias-corrected, at least 0).
 */
export function checkScoresAgainstOracle(scores: Float64Array, game: Game, deals: Uint32Array, suggester: number, model: 'uniform' | 'repeat', shownTo: number[], what: string, eps: number, sampled = false): void {
  for (let q = 0; q < scores.length / 3; q++) {
    const cards = combinationCards(game.deck.categoryMasks, q);
    const want = exactEig(deals, game.players.length, suggester, cards, model, shownTo);
    const label = `${what}; ${model}; suggester ${suggester}; suggestion ${cards.map((c) => game.deck.cards[c]).join(', ')}; shownTo [${shownTo}]`;
    const check = (got: number, exact: number, field: string) => {
      if (!(Math.abs(got - exact) <= eps)) throw new Error(`${label}: ${field} got ${got}, exact ${exact}`);
    };
    check(scores[3 * q], sampled ? Math.max(0, want.correctedBits) : want.bits, sampled ? 'bits estimated' : 'bits');
    check(scores[3 * q + 1], want.pNoRefutation, 'pNoRefutation');
    check(scores[3 * q + 2], want.expectedSolutionsLeft, 'expectedSolutionsLeft');
  }
}
