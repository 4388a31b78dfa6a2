// The board-aware suggestions panel of the advisor (src/web/board-advice.ts), against cases worked
// out by hand: the passage from the Study, expected turns of 2d6, the rooms a roll reaches.
import { describe, expect, it } from 'vitest';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { STARTS } from '../src/game/board/classic.js';
import { cellIndex, reachable } from '../src/game/board/paths.js';
import { DEFAULT_BOARD_RULES } from '../src/game/board/movement.js';
import { boardAdvice, parseCell, parseRoll, pawnPlace, roomCards, type Ranked } from '../src/web/board-advice.js';

const CARDS = roomCards(CLASSIC_CATEGORIES, 4) as string[];
const s = (room: string, bits: number): Ranked => ({ cards: ['Miss Scarlet', 'Rope', room], expectedInformationBits: bits });
/** Every room worth 1 bit. */
const FLAT = CARDS.map((c) => s(c, 1));
const row = (advice: ReturnType<typeof boardAdvice>, room: string) => advice.rooms.find((r) => r.room === room)!;
/** T(5) for 2d6 by hand: 1 + P(2)·T(3) + P(3)·T(2) + P(4)·T(1), T(1) = T(2) = 1, T(3) = 1 + 1/36. */
const T5 = 1 + (1 / 36) * (1 + 1 / 36) + 2 / 36 + 3 / 36;

describe('boardAdvice', () => {
  it('binds the classic deck’s room cards to the board in board order', () => {
    expect(CARDS).toEqual(['Conservatory', 'Ballroom', 'Kitchen', 'Dining Room', 'Lounge', 'Hall', 'Study', 'Library', 'Billiard Room']);
    expect(roomCards({ colours: ['red', 'blue'], shapes: ['round', 'square'] }, 3)).toMatch(/classic board needs/);
  });

  it('from the Study: the Kitchen by the passage in 1 turn, the Study itself "here", the Library in T(5)', () => {
    const a = boardAdvice(FLAT, CARDS, 'study', null);
    expect(row(a, 'kitchen')).toMatchObject({ byPassage: true, turns: 1, steps: 26, bitsPerTurn: 1, inReach: null });
    expect(row(a, 'study')).toMatchObject({ here: true, turns: 0, steps: 0 });
    expect(row(a, 'hall')).toMatchObject({ steps: 2, turns: 1, bitsPerTurn: 1 });
    expect(row(a, 'library').steps).toBe(5);
    expect(row(a, 'library').turns).toBeCloseTo(T5, 12);
    expect(a.rooms[a.rooms.length - 1].room).toBe('study'); // its own room last: only a summons lets it suggest there
    expect(a.withRoll).toBeNull();
  });

  it('takes the best suggestion naming each room from the ranking (best first)', () => {
    const ranking = [s('Hall', 2), s('Kitchen', 1.5), { cards: ['Mr. Green', 'Knife', 'Hall'], expectedInformationBits: 1.9 }];
    const a = boardAdvice(ranking, CARDS, 'study', null);
    expect(row(a, 'hall').best).toBe(ranking[0]);
    expect(row(a, 'kitchen').best).toBe(ranking[1]);
    expect(row(a, 'lounge').best).toBeNull();
    expect(row(a, 'lounge').bitsPerTurn).toBe(0);
  });

  it('sorts rooms by bits per turn, best first', () => {
    // From the Study: Kitchen 1 bit / 1 turn = 1; Hall 3 / 1 = 3; Library 3.1 / T(5) ≈ 2.655.
    const a = boardAdvice([s('Library', 3.1), s('Hall', 3), s('Kitchen', 1)], CARDS, 'study', null);
    expect(a.rooms.slice(0, 3).map((r) => r.room)).toEqual(['hall', 'library', 'kitchen']);
    expect(row(a, 'library').bitsPerTurn).toBeCloseTo(3.1 / T5, 12);
    // Rooms without a suggestion keep the board's order, then the pawn's own room.
    expect(a.rooms.slice(3).map((r) => r.room)).toEqual(['conservatory', 'ball room', 'dining room', 'lounge', 'billiard room', 'study']);
  });

  it('with a roll of 12 from a start cell marks exactly the rooms reachable() gives', () => {
    for (const start of STARTS) {
      const a = boardAdvice(FLAT, CARDS, cellIndex(start.cell), 12);
      const expected = reachable(start.cell, 12, { mode: DEFAULT_BOARD_RULES.steps, exitCost: DEFAULT_BOARD_RULES.exitCost }).rooms;
      expect(a.rooms.filter((r) => r.inReach).map((r) => r.room).sort(), start.character).toEqual([...expected].sort());
      expect(a.rooms.every((r) => r.inReach !== null)).toBe(true);
    }
    // Scarlet's start (16, 24): 12 steps reach the lounge (door 17,18) and the hall (door 12,17), by hand.
    const scarlet = boardAdvice(FLAT, CARDS, cellIndex(STARTS[0].cell), 12);
    expect(scarlet.rooms.filter((r) => r.inReach).map((r) => r.room)).toEqual(expect.arrayContaining(['lounge', 'hall']));
  });

  it('with a roll, puts the best room in reach first, the passage’s room included', () => {
    // From the Study a roll of 2 enters the Hall (2 steps); the passage reaches the Kitchen.
    const ranking = [s('Library', 5), s('Kitchen', 2), s('Hall', 1)];
    const a = boardAdvice(ranking, CARDS, 'study', 2);
    expect(row(a, 'kitchen').inReach).toBe(true);
    expect(row(a, 'hall').inReach).toBe(true);
    expect(row(a, 'library').inReach).toBe(false);
    expect(a.withRoll?.room).toBe('kitchen');
    expect(a.rooms.map((r) => r.room).slice(0, 3)).toEqual(['kitchen', 'library', 'hall']);
    // No room in reach worth anything: no advice for the roll, the order by bits per turn.
    const none = boardAdvice([s('Library', 5)], CARDS, 'study', 2);
    expect(none.withRoll).toBeNull();
    expect(none.rooms[0].room).toBe('library');
  });
});

describe('the pawn as typed', () => {
  it('reads a free cell x,y and names the problem otherwise', () => {
    expect(parseCell('16,24')).toEqual({ place: cellIndex({ x: 16, y: 24 }) });
    expect(parseCell(' (0, 6) ')).toEqual({ place: cellIndex({ x: 0, y: 6 }) });
    expect(parseCell('')).toHaveProperty('error', expect.stringMatching(/x,y/));
    expect(parseCell('hall')).toHaveProperty('error', expect.stringMatching(/not a cell/));
    expect(parseCell('24,3')).toHaveProperty('error', expect.stringMatching(/off the board/));
    expect(parseCell('2,2')).toHaveProperty('error', expect.stringMatching(/inside the conservatory/));
    expect(parseCell('10,12')).toHaveProperty('error', expect.stringMatching(/stairs/));
    expect(pawnPlace({ room: 'hall', cell: 'junk', roll: '' })).toEqual({ place: 'hall' });
  });

  it('reads a roll of 2–12', () => {
    expect(parseRoll('')).toEqual({ roll: null });
    expect(parseRoll(' 7 ')).toEqual({ roll: 7 });
    for (const bad of ['1', '13', '3.5', 'six']) expect(parseRoll(bad)).toHaveProperty('error');
  });
});
