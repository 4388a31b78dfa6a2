// The suggestions panel on the classic board: per room, the best suggestion naming it (from the
// ranking the panel already has), how far the pawn is from it, and what it is worth per turn — the
// same reckoning as the entropy agent on the board (src/play/agents/movement.ts): pawn-free steps,
// the expected turns of expectedTurnsTable, a secret passage taking one turn. Pure: no DOM.
import { makeDeck } from '../model/deck.js';
import { ROOMS, inBounds, blockLabel, type Room } from '../game/board/classic.js';
import { cellAt, cellIndex, reachable } from '../game/board/paths.js';
import { bindClassicBoard } from '../game/board/binding.js';
import { DEFAULT_BOARD_RULES, expectedTurnsTable, passageOut, stepsToRoom, type BoardRules, type Place } from '../game/board/movement.js';

/** Where the pawn is, as the panel keeps it (beside the log in localStorage, never in it). */
export interface PawnInput {
  /** A board room (ROOMS), or '' for "in a corridor" (then `cell` is read). */
  room: Room | '';
  /** The cell typed as "x,y" (x 0–23 from the left, y 0–24 from the bottom). */
  cell: string;
  /** The roll typed, '' for none. */
  roll: string;
}

export const NO_PAWN: PawnInput = { room: '', cell: '', roll: '' };

/** A pawn input as saved (anything unreadable is dropped). */
export function readPawn(p: unknown): PawnInput {
  if (!p || typeof p !== 'object') return NO_PAWN;
  const { room, cell, roll } = p as Record<string, unknown>;
  return { room: (ROOMS as readonly unknown[]).includes(room) ? (room as Room) : '', cell: typeof cell === 'string' ? cell : '', roll: typeof roll === 'string' ? roll : '' };
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
  /** Pawn-free steps from the pawn to the room's nearest door (0 in the room itself; -1 walled off). */
  readonly steps: number;
  /** Expected turns to enter it (0: the pawn is in it; 1 by a secret passage). */
  readonly turns: number;
  readonly here: boolean;
  readonly byPassage: boolean;
  /** Expected bits per turn: bits / turns; in the pawn's own room, bits / 1 (staying takes the turn, if a suggestion moved it there). */
  readonly bitsPerTurn: number;
  /** With a roll: it can be entered this turn (the roll's rooms, or by the passage). Null without a roll. */
  readonly inReach: boolean | null;
}

export interface BoardAdvice {
  /** Every room: by bits per turn, best first; the pawn's own room last (only a summons lets it suggest there). */
  readonly rooms: readonly RoomAdvice[];
  /** With a roll: the best room in reach this turn (first in `rooms`), or null. */
  readonly withRoll: RoomAdvice | null;
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
 * the rooms in reach this turn (reachable(from, roll), with no other pawns, and the passage's room).
 */
export function boardAdvice(ranking: readonly Ranked[], cards: readonly string[], pawn: Place, roll: number | null, rules: BoardRules = DEFAULT_BOARD_RULES): BoardAdvice {
  const turns = turnsFor(rules);
  const passage = passageOut(pawn);
  const inReach = roll === null ? null : new Set<Room>(reachable(typeof pawn === 'string' ? pawn : cellAt(pawn), roll, { mode: rules.steps, exitCost: rules.exitCost }).rooms);
  if (inReach && passage) inReach.add(passage);
  const rooms = ROOMS.map((room, r): RoomAdvice => {
    const card = cards[r];
    const best = ranking.find((s) => s.cards.includes(card)) ?? null;
    const bits = best?.expectedInformationBits ?? 0;
    const here = pawn === room;
    const byPassage = passage === room;
    const steps = stepsToRoom(pawn, room, rules);
    const t = here ? 0 : byPassage ? 1 : steps < 0 ? Infinity : turns[Math.min(steps, turns.length - 1)];
    return { room, card, best, steps, turns: t, here, byPassage, bitsPerTurn: bits / Math.max(t, 1), inReach: inReach === null ? null : inReach.has(room) };
  });
  // Stable: ties keep the board's order, as the agent's do.
  const key = (a: RoomAdvice) => (a.here ? -1 : a.bitsPerTurn);
  const sorted = [...rooms].sort((a, b) => key(b) - key(a));
  const withRoll = roll === null ? null : (sorted.find((a) => a.inReach && a.best !== null) ?? null);
  const ordered = withRoll ? [withRoll, ...sorted.filter((a) => a !== withRoll)] : sorted;
  return { rooms: ordered, withRoll };
}
