/** A deck: ordered categories of named cards. The envelope holds exactly one card of each category. */
export interface Category {
  name: string;
  cards: string[];
}

export interface Deck {
  categories: Category[];
  /** Every card name, in category order; a card's index is its bit in every mask. */
  cards: string[];
  /** categoryOf[card] = index of the card's category. */
  categoryOf: number[];
  /** categoryMasks[g] = bitmask of the cards of category g. */
  categoryMasks: number[];
}

export const MAX_CARDS = 32;
export const MIN_SEATS = 2;
export const MAX_SEATS = 10;

export const CLASSIC_CATEGORIES: Record<string, string[]> = {
  suspects: ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green', 'Mrs. Peacock', 'Professor Plum'],
  weapons: ['Candlestick', 'Knife', 'Lead Pipe', 'Revolver', 'Rope', 'Wrench'],
  rooms: ['Kitchen', 'Ballroom', 'Conservatory', 'Dining Room', 'Billiard Room', 'Library', 'Lounge', 'Hall', 'Study'],
};

/** Builds a deck from `{category: [card, ...]}` in the given order. Validation is the caller's. */
export function makeDeck(categories: Record<string, string[]>): Deck {
  const cats: Category[] = Object.entries(categories).map(([name, cards]) => ({ name, cards: [...cards] }));
  const cards: string[] = [];
  const categoryOf: number[] = [];
  const categoryMasks: number[] = [];
  cats.forEach((cat, g) => {
    let mask = 0;
    for (const card of cat.cards) {
      mask |= 1 << cards.length;
      categoryOf.push(g);
      cards.push(card);
    }
    categoryMasks.push(mask >>> 0);
  });
  return { categories: cats, cards, categoryOf, categoryMasks };
}

export const CLASSIC_DECK: Deck = makeDeck(CLASSIC_CATEGORIES);

/** The number of envelope combinations (one card per category). */
export function envelopeCombinations(deck: Deck): number {
  return deck.categories.reduce((n, c) => n * c.cards.length, 1);
}
