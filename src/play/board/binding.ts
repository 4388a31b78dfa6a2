// How a deck's cards meet the classic board: each room card is a room of the board, each suspect
// card a pawn, and seat s plays the s-th character of the play order (Scarlet first, Fig. 11).
import type { Deck } from '../../model/deck.js';
import { CHARACTERS, ROOMS, type Character, type Room } from './classic.js';

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

/** "Ballroom" and "ball room", "Dining Room" and "dining room" are one room. */
const key = (name: string): string => name.toLowerCase().replace(/[^a-z]/g, '');

/**
 * Binds `deck` to the classic board, or says in one sentence why it cannot: the board needs a
 * category holding exactly its nine rooms and one holding its six suspects, and at most six seats.
 */
export function bindClassicBoard(deck: Deck, seats: number): BoardBinding | string {
  const findCategory = (names: readonly string[], what: string): number | string => {
    const wanted = new Set(names.map(key));
    const g = deck.categories.findIndex((c) => c.cards.length === names.length && c.cards.every((card) => wanted.has(key(card)) || names.some((n) => key(card).includes(key(n)))));
    return g >= 0 ? g : `the classic board needs a category of the ${names.length} ${what} (${names.join(', ')})`;
  };
  const roomCategory = findCategory(ROOMS, 'rooms');
  if (typeof roomCategory === 'string') return roomCategory;
  const suspectCategory = findCategory(CHARACTERS, 'suspects');
  if (typeof suspectCategory === 'string') return suspectCategory;
  if (seats > CHARACTERS.length) return `the classic board has ${CHARACTERS.length} pawns, not enough for ${seats} seats`;
  const cardOf = (g: number, name: string): number => {
    const cards = deck.categories[g].cards;
    const exact = cards.findIndex((c) => key(c) === key(name));
    const local = exact >= 0 ? exact : cards.findIndex((c) => key(c).includes(key(name)));
    return deck.cards.indexOf(cards[local]);
  };
  const roomCard = ROOMS.map((room: Room) => cardOf(roomCategory, room));
  const suspectCard = CHARACTERS.map((ch: Character) => cardOf(suspectCategory, ch));
  const inverse = (cards: number[]) => {
    const a = new Array<number>(deck.cards.length).fill(-1);
    cards.forEach((card, i) => (a[card] = i));
    return a;
  };
  return { roomCategory, suspectCategory, roomCard, roomOfCard: inverse(roomCard), suspectCard, characterOfCard: inverse(suspectCard) };
}
