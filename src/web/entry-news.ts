// What an accepted entry taught, from the analyses before and after it: the placements it made
// certain and the cells it ruled out (and, for an edit, the placements no longer certain), which
// the page says next to the form the entry was made in.
import type { Analysis } from '../analysis/analyze.js';
import type { Game } from '../model/game.js';

export interface EntryNews {
  /** The entry's index in the game's events (0-based), and whether it was an earlier event edited. */
  index: number;
  edited: boolean;
  /** Placements certain after the entry and not before: a card and its owner (a seat or ENVELOPE). */
  certain: { card: number; owner: number }[];
  /**
   * Per owner, in the notebook's order, the cards it could hold before the entry and cannot after;
   * but for the cards just placed, which the placement says.
   */
  ruledOut: { owner: number; cards: number[] }[];
  /** Placements certain before and not after: only an edit can undo what was known. */
  noLonger: { card: number; owner: number }[];
  /** The consistent deals before and after, when both were counted exactly. */
  deals: { before: bigint; after: bigint } | null;
}

/** What the entry at `index` of `game` taught: `before` is the analysis without it (or before its edit), `after` with it. */
export function entryNews(game: Game, index: number, before: Analysis, after: Analysis, edited = false): EntryNews {
  const key = (k: { card: number; owner: number }) => `${k.card}:${k.owner}`;
  const wasKnown = new Set(before.known.map(key));
  const isKnown = new Set(after.known.map(key));
  const certain = after.known.filter((k) => !wasKnown.has(key(k)));
  const placed = new Set(certain.map((k) => k.card));
  const ruledOut = after.owners
    .map((owner, k) => {
      const b = before.owners.indexOf(owner);
      const cards = game.deck.cards.flatMap((_, c) => (before.possible[c][b] && !after.possible[c][k] && !placed.has(c) ? [c] : []));
      return { owner, cards };
    })
    .filter((r) => r.cards.length > 0);
  const exact = before.method === 'exact' && after.method === 'exact' && before.consistentDeals !== null && after.consistentDeals !== null;
  return { index, edited, certain, ruledOut, noLonger: before.known.filter((k) => !isKnown.has(key(k))), deals: exact ? { before: before.consistentDeals!, after: after.consistentDeals! } : null };
}
