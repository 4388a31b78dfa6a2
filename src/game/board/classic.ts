// The classic board of the seed "Clue in Prolog" (L. Santos, 2016, seed 004), as plain data.
// Transcribed from docs/board.md (shared docs) §1–§3, i.e. the paper's Figs. 3–6 and 11.
// Coordinates: x ∈ 0..23 rightwards, y ∈ 0..24 upwards, origin at the lower left (§1).

export const WIDTH = 24;
export const HEIGHT = 25;

/** Rooms in the paper's Fig. 11 order. */
export const ROOMS = [
  'conservatory',
  'ball room',
  'kitchen',
  'dining room',
  'lounge',
  'hall',
  'study',
  'library',
  'billiard room',
] as const;
export type Room = (typeof ROOMS)[number];

/** How people name the rooms: the classic deck's room cards (ROOMS order). */
export const ROOM_NAMES: Readonly<Record<Room, string>> = {
  conservatory: 'Conservatory',
  'ball room': 'Ballroom',
  kitchen: 'Kitchen',
  'dining room': 'Dining Room',
  lounge: 'Lounge',
  hall: 'Hall',
  study: 'Study',
  library: 'Library',
  'billiard room': 'Billiard Room',
};

/** The comment labels of Fig. 3: the nine rooms plus the central "stairs" block (not a room). */
export type BlockLabel = Room | 'stairs';

export interface Cell {
  readonly x: number;
  readonly y: number;
}

/** A blocked rectangle, inclusive bounds. Blocked = room interior or wall (§2). */
export interface BlockedRect {
  readonly label: BlockLabel;
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

const r = (label: BlockLabel, x0: number, x1: number, y0: number, y1: number): BlockedRect => ({ label, x0, x1, y0, y1 });

/** Fig. 3 (board.md §2), one entry per Prolog clause, in order. The rectangles do not overlap. */
export const BLOCKED_RECTS: readonly BlockedRect[] = [
  r('conservatory', 0, 8, 0, 0),
  r('conservatory', 0, 4, 1, 5),
  r('conservatory', 5, 5, 1, 4),
  r('conservatory', 6, 6, 1, 1),
  r('ball room', 10, 13, 0, 1),
  r('ball room', 8, 15, 2, 7),
  r('kitchen', 15, 23, 0, 0),
  r('kitchen', 17, 17, 1, 1),
  r('kitchen', 18, 23, 1, 6),
  r('dining room', 16, 18, 10, 15),
  r('dining room', 19, 22, 9, 15),
  r('dining room', 23, 23, 8, 16),
  r('lounge', 17, 22, 19, 24),
  r('lounge', 23, 23, 18, 24),
  r('hall', 9, 14, 18, 23),
  r('hall', 8, 15, 24, 24),
  r('study', 0, 0, 20, 24),
  r('study', 1, 6, 21, 24),
  r('library', 0, 5, 14, 18),
  r('library', 6, 6, 15, 17),
  r('billiard room', 0, 0, 7, 13),
  r('billiard room', 1, 5, 8, 12),
  r('stairs', 9, 13, 10, 16),
];

export interface Door {
  readonly cell: Cell;
  readonly room: Room;
}

const d = (x: number, y: number, room: Room): Door => ({ cell: { x, y }, room });

/**
 * Fig. 4 (board.md §3), in the paper's order: this order seeds the multi-source BFS, so it decides
 * ties. A door cell is a free access cell outside its room.
 */
export const DOORS: readonly Door[] = [
  d(5, 5, 'conservatory'),
  d(7, 5, 'ball room'),
  d(16, 5, 'ball room'),
  d(9, 8, 'ball room'),
  d(14, 8, 'ball room'),
  d(19, 7, 'kitchen'),
  d(15, 12, 'dining room'),
  d(17, 16, 'dining room'),
  d(17, 18, 'lounge'),
  d(8, 20, 'hall'),
  d(11, 17, 'hall'),
  d(12, 17, 'hall'),
  d(6, 20, 'study'),
  d(3, 13, 'library'),
  d(7, 16, 'library'),
  d(1, 13, 'billiard room'),
  d(6, 9, 'billiard room'),
];

/** Fig. 5 (board.md §3): passage_aux facts; passage/2 makes them symmetric. */
export const PASSAGES: readonly (readonly [Room, Room])[] = [
  ['conservatory', 'lounge'],
  ['kitchen', 'study'],
];

/** Characters in play order (Fig. 11). */
export const CHARACTERS = ['scarlet', 'mustard', 'white', 'green', 'peacock', 'plum'] as const;
export type Character = (typeof CHARACTERS)[number];

/** Fig. 6 (board.md §3): start cells, in play order. */
export const STARTS: readonly { readonly character: Character; readonly cell: Cell }[] = [
  { character: 'scarlet', cell: { x: 16, y: 24 } },
  { character: 'mustard', cell: { x: 23, y: 17 } },
  { character: 'white', cell: { x: 14, y: 0 } },
  { character: 'green', cell: { x: 9, y: 0 } },
  { character: 'peacock', cell: { x: 0, y: 6 } },
  { character: 'plum', cell: { x: 0, y: 19 } },
];

export const inBounds = (x: number, y: number): boolean => x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT;

/** The Fig. 3 label of a cell, or null when the cell is free of walls (or out of bounds). */
export function blockLabel(x: number, y: number): BlockLabel | null {
  for (const b of BLOCKED_RECTS) if (x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1) return b.label;
  return null;
}

export const isBlocked = (x: number, y: number): boolean => blockLabel(x, y) !== null;

/** The other end of a room's secret passage, or null. */
export function passageFrom(room: Room): Room | null {
  for (const [a, b] of PASSAGES) {
    if (a === room) return b;
    if (b === room) return a;
  }
  return null;
}
