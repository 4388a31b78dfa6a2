// The suggestions panel on the classic board: per room, the best suggestion naming it (from the
// ranking the panel already has), how far the pawn is from it, and what it is worth per turn — the
// same reckoning as the entropy agent on the board (src/agents/movement.ts): steps (here around the
// other pawns marked), the expected turns of expectedTurnsTable, a secret passage, or staying after
// a summons, taking one turn. Pure: no DOM.
import { makeDeck } from '../model/deck.js';
import { CHARACTERS, HEIGHT, ROOMS, WIDTH, inBounds, blockLabel, type Character, type Room } from '../game/board/classic.js';
import { cellAt, cellIndex, reachable } from '../game/board/paths.js';
import { bindClassicBoard } from '../game/board/binding.js';
import { DEFAULT_BOARD_RULES, expectedTurnsTable, passageOut, stepsToRoom, type BoardRules, type Place } from '../game/board/movement.js';

/** Where the pawn is, as the panel keeps it (beside the log in localStorage, never in it). */
export interface PawnInput {
  /** A board room (ROOMS), or '' for "in a corridor" (then `cell` is read). */
  room: Room | '';
  /** The cell as "x,y" (x 0–23 from the left, y 0–24 from the bottom), tapped on the drawing or typed. */
  cell: string;
  /** The roll typed, '' for none. */
  roll: string;
  /**
   * How many events the log had when I placed my pawn: the suggestions entered after it move the
   * pawn (board-pawns.ts). Absent (as in games saved before it existed): the place stands as given.
   */
  at?: number;
  /** I said a suggestion moved my pawn into the room it is in, since my last turn. */
  summoned?: boolean;
  /** The character each seat plays (CHARACTERS), when I changed it from the seat order of the board's binding. */
  characters?: Character[];
  /** Where I marked the other pawns, by character. */
  others?: Partial<Record<Character, PawnMark>>;
}

/** Another pawn as marked: a cell index (y * 24 + x) or a room, and the log's length then. */
export interface PawnMark {
  place: number | Room;
  at: number;
}

export const NO_PAWN: PawnInput = { room: '', cell: '', roll: '' };

const isRoom = (v: unknown): v is Room => (ROOMS as readonly unknown[]).includes(v);
const isCharacter = (v: unknown): v is Character => (CHARACTERS as readonly unknown[]).includes(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isFreeCell = (v: unknown): v is number => isCount(v) && v < WIDTH * HEIGHT && blockLabel(v % WIDTH, Math.floor(v / WIDTH)) === null;

/** A pawn input as saved (anything unreadable is dropped; a value saved before the optional fields still loads). */
export function readPawn(p: unknown): PawnInput {
  if (!p || typeof p !== 'object') return NO_PAWN;
  const { room, cell, roll, at, summoned, characters, others } = p as Record<string, unknown>;
  const input: PawnInput = { room: isRoom(room) ? room : '', cell: typeof cell === 'string' ? cell : '', roll: typeof roll === 'string' ? roll : '' };
  if (isCount(at)) input.at = at;
  if (summoned === true) input.summoned = true;
  if (Array.isArray(characters) && characters.every(isCharacter)) input.characters = characters;
  if (others && typeof others === 'object') {
    const marks: Partial<Record<Character, PawnMark>> = {};
    for (const [character, mark] of Object.entries(others as Record<string, unknown>)) {
      const { place, at: when } = (mark ?? {}) as Record<string, unknown>;
      if (isCharacter(character) && (isRoom(place) || isFreeCell(place)) && isCount(when)) marks[character] = { place, at: when };
    }
    if (Object.keys(marks).length > 0) input.others = marks;
  }
  return input;
}

/** A typed cell "x,y" as a place, or the problem with it in one sentence. */
export function parseCell(text: string): { place: number } | { error: string } {
  const t = text.trim();
  if (t === '') return { error: 'Type the pawn’s cell as x,y (x 0–23 from the left, y 0–24 from the bottom), or choose its room.' };
  const m = /^\(?\s*(-?\d+)\s*[,\s]\s*(-?\d+)\s*\)?$/.exec(t);
  if (!m) return { error: `“${t}” is not a cell: type it as x,y, for example 16,24.` };
  const x = Number(m[1]);
  const y = Number(m[2]);
  if (!inBounds(x, y)) return { error: `(${x}, ${y}) is off the board: x runs 0–23 from the left, y 0–24 from the bottom.` };
  const label = blockLabel(x, y);
  if (label !== null) return { error: label === 'stairs' ? `(${x}, ${y}) is on the stairs, not a free cell.` : `(${x}, ${y}) is inside the ${label}: choose the room instead.` };
  return { place: cellIndex({ x, y }) };
}

/** A typed roll: a whole number 2–12, null for none, or the problem with it. */
export function parseRoll(text: string): { roll: number | null } | { error: string } {
  const t = text.trim();
  if (t === '') return { roll: null };
  const n = Number(t);
  if (!Number.isInteger(n) || n < 2 || n > 12) return { error: `A roll of two dice is 2–12, not “${t}”.` };
  return { roll: n };
}

/** The place of a pawn input, or the problem with it. */
export function pawnPlace(input: PawnInput): { place: Place } | { error: string } {
  return input.room !== '' ? { place: input.room } : parseCell(input.cell);
}

export interface Ranked {
  readonly cards: readonly string[];
  readonly expectedInformationBits: number;
}

export interface RoomAdvice {
  readonly room: Room;
  /** The deck's card for the room. */
  readonly card: string;
  /** The best suggestion naming the room, or null when the ranking has none. */
  readonly best: Ranked | null;
  /** Steps from the pawn to the room's nearest door, around the other pawns (0 in the room itself; -1 walled off). */
  readonly steps: number;
  /** The other pawns wall the room off now: steps and turns are counted as if they had moved away. */
  readonly blockedByPawns: boolean;
  /** Expected turns to enter it (1 by a secret passage, or to stay after a summons; 0 in the pawn's own room otherwise). */
  readonly turns: number;
  readonly here: boolean;
  /** Here, moved in by a suggestion since my last turn: I may suggest here without moving, which takes the turn. */
  readonly stay: boolean;
  readonly byPassage: boolean;
  /** Expected bits per turn: bits / turns; 0 in the pawn's own room unless it may stay. */
  readonly bitsPerTurn: number;
  /** With a roll: it can be entered this turn (the roll's rooms, the passage's, or the room to stay in). Null without a roll. */
  readonly inReach: boolean | null;
}

export interface BoardAdvice {
  /** Every room: by bits per turn, best first; the pawn's own room last unless it may stay. */
  readonly rooms: readonly RoomAdvice[];
  /** With a roll: the best room in reach this turn (first in `rooms`), or null. */
  readonly withRoll: RoomAdvice | null;
  /** With a roll: the cells the pawn may end its move on, ascending (rooms are in `rooms`' inReach). */
  readonly reachCells: readonly number[] | null;
}

/** What else the advice takes into account: the other pawns and a summons. */
export interface BoardSituation {
  /** Corridor cells other pawns stand on: they block paths and doors (rules 4.1.4–4.1.5). */
  readonly occupied?: ReadonlySet<number>;
  /** A suggestion moved the pawn into its room since its last turn (docs/board.md §6): it may suggest there without moving. */
  readonly summoned?: boolean;
}

/** The deck's card per board room (ROOMS order), or why the deck does not fit the classic board. */
export function roomCards(deck: Record<string, string[]>, seats: number): string[] | string {
  const d = makeDeck(deck);
  const binding = bindClassicBoard(d, seats);
  return typeof binding === 'string' ? binding : binding.roomCard.map((c) => d.cards[c]);
}

let turnsTable: { rules: BoardRules; table: Float64Array } | null = null;
function turnsFor(rules: BoardRules): Float64Array {
  if (turnsTable?.rules !== rules) turnsTable = { rules, table: expectedTurnsTable(rules) };
  return turnsTable.table;
}

/**
 * Per room, where the pawn stands: the best suggestion naming the room (the first in `ranking`,
 * which is best first), steps, expected turns and bits per turn, sorted best first; with a roll,
 * the rooms in reach this turn (reachable(from, roll) around the other pawns, the passage's room,
 * and the pawn's own room when a summons lets it stay) and the cells it may stop on.
 */
export function boardAdvice(ranking: readonly Ranked[], cards: readonly string[], pawn: Place, roll: number | null, rules: BoardRules = DEFAULT_BOARD_RULES, situation: BoardSituation = {}): BoardAdvice {
  const turns = turnsFor(rules);
  const occupied = situation.occupied ?? new Set<number>();
  const passage = passageOut(pawn);
  const mayStay = typeof pawn === 'string' && situation.summoned === true;
  const reach = roll === null ? null : reachable(typeof pawn === 'string' ? pawn : cellAt(pawn), roll, { mode: rules.steps, exitCost: rules.exitCost, occupied });
  const inReach = reach === null ? null : new Set<Room>(reach.rooms);
  if (inReach && passage) inReach.add(passage);
  if (inReach && mayStay) inReach.add(pawn);
  const rooms = ROOMS.map((room, r): RoomAdvice => {
    const card = cards[r];
    const best = ranking.find((s) => s.cards.includes(card)) ?? null;
    const bits = best?.expectedInformationBits ?? 0;
    const here = pawn === room;
    const stay = here && mayStay;
    const byPassage = passage === room;
    const around = stepsToRoom(pawn, room, rules, occupied);
    const blockedByPawns = around < 0 && occupied.size > 0 && stepsToRoom(pawn, room, rules) >= 0;
    const steps = blockedByPawns ? stepsToRoom(pawn, room, rules) : around;
    const t = stay || byPassage ? 1 : here ? 0 : steps < 0 ? Infinity : turns[Math.min(steps, turns.length - 1)];
    const bitsPerTurn = here && !stay ? 0 : bits / Math.max(t, 1);
    return { room, card, best, steps, blockedByPawns, turns: t, here, stay, byPassage, bitsPerTurn, inReach: inReach === null ? null : inReach.has(room) };
  });
  // Stable: ties keep the board's order, as the agent's do.
  const key = (a: RoomAdvice) => (a.here && !a.stay ? -1 : a.bitsPerTurn);
  const sorted = [...rooms].sort((a, b) => key(b) - key(a));
  const withRoll = roll === null ? null : (sorted.find((a) => a.inReach && a.best !== null) ?? null);
  const ordered = withRoll ? [withRoll, ...sorted.filter((a) => a !== withRoll)] : sorted;
  return { rooms: ordered, withRoll, reachCells: reach?.cells ?? null };
}
