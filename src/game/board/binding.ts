// How a deck's cards meet the classic board: each room card is a room of the board, each suspect
// card a pawn, and seat s plays the s-th character of the play order (Scarlet first, Fig. 11).
import type { Deck } from '../../model/deck.js';
import { nameMatches } from '../../model/names.js';
import { CHARACTERS, ROOM_NAMES, ROOMS } from './classic.js';

export interface BoardBinding {
  /** The deck's category of rooms and of suspects. */
  readonly roomCategory: number;
  readonly suspectCategory: number;
  /** Per board room (ROOMS order), its card. */
  readonly roomCard: readonly number[];
  /** Per card, its board room index, or -1. */
  readonly roomOfCard: readonly number[];
  /** Per character (CHARACTERS order), its suspect card. */
  readonly suspectCard: readonly number[];
  /** Per card, its character index, or -1. */
  readonly characterOfCard: readonly number[];
}

/**
 * Binds `deck` to the classic board, or says in one sentence why it cannot: the board needs a
 * category whose cards name its nine rooms and one whose cards name its six suspects (each board
 * name matching exactly one card by the rule of model/names.ts: "Ballroom" is the "ball room",
 * "Miss_Scarlett" is Scarlet), and at most six seats.
 */
export function bindClassicBoard(deck: Deck, seats: number): BoardBinding | string {
  /** The category whose cards the board's names match one to one, and each name's card; or why none does. */
  const bind = (names: readonly string[], what: string): { category: number; cards: number[] } | string => {
    for (let g = 0; g < deck.categories.length; g++) {
      const cards = deck.categories[g].cards;
      if (cards.length !== names.length) continue;
      const local = names.map((n) => nameMatches(cards, n));
      if (local.every((m) => m.length === 1) && new Set(local.map((m) => m[0])).size === names.length) {
        return { category: g, cards: local.map((m) => deck.cards.indexOf(cards[m[0]])) };
      }
    }
    return `the classic board needs a category of the ${names.length} ${what} (${names.join(', ')})`;
  };
  const rooms = bind(ROOMS.map((r) => ROOM_NAMES[r]), 'rooms');
  if (typeof rooms === 'string') return rooms;
  const suspects = bind(CHARACTERS, 'suspects');
  if (typeof suspects === 'string') return suspects;
  if (seats > CHARACTERS.length) return `the classic board has ${CHARACTERS.length} pawns, not enough for ${seats} seats`;
  const inverse = (cards: number[]) => {
    const a = new Array<number>(deck.cards.length).fill(-1);
    cards.forEach((card, i) => (a[card] = i));
    return a;
  };
  return {
    roomCategory: rooms.category,
    suspectCategory: suspects.category,
    roomCard: rooms.cards,
    roomOfCard: inverse(rooms.cards),
    suspectCard: suspects.cards,
    characterOfCard: inverse(suspects.cards),
  };
}
