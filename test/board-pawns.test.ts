// The other pawns and summons in the advisor: steps and reach around occupied cells against brute
// force (a Bellman–Ford relaxation, a walk enumeration) on small cases; the summons the log implies
// against the game engine's own board along random playthroughs; the saved input, old and new.
import { describe, expect, it } from 'vitest';
import { CLASSIC_CATEGORIES, CLASSIC_DECK } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { parseGame } from '../src/io/log.js';
import type { GameEvent } from '../src/model/events.js';
import { DOORS, HEIGHT, ROOMS, WIDTH, blockLabel, inBounds, type Room } from '../src/game/board/classic.js';
import { DEFAULT_BOARD_RULES, isRoomPlace, stepsToRoom, type BoardRules, type Place } from '../src/game/board/movement.js';
import { bindClassicBoard, type BoardBinding } from '../src/game/board/binding.js';
import { randomDeal, type GameSpec } from '../src/game/rules/deal.js';
import { newGame } from '../src/game/rules/state.js';
import { applyAction, legalActions } from '../src/game/rules/actions.js';
import { boardAdvice, readPawn, roomCards, NO_PAWN, type PawnInput, type Ranked } from '../src/web/board-advice.js';
import { boardPawns, followLog, seatCharacters, withCharacter } from '../src/web/board-pawns.js';

const at = (x: number, y: number) => y * WIDTH + x;
const FREE = Array.from({ length: WIDTH * HEIGHT }, (_, i) => i).filter((i) => blockLabel(i % WIDTH, Math.floor(i / WIDTH)) === null);
const BINDING = bindClassicBoard(CLASSIC_DECK, 6) as BoardBinding;

/** Steps by relaxation to a fixed point (no queue, no neighbour list of the model): the truth for stepsToRoom. */
function relaxedSteps(from: Place, room: Room, occupied: ReadonlySet<number>, exitCost: number): number {
  if (from === room) return 0;
  const blocked = new Set([...occupied].filter((i) => i !== from));
  const free = (x: number, y: number) => inBounds(x, y) && blockLabel(x, y) === null && !blocked.has(at(x, y));
  const dist = new Map<number, number>();
  const sources = isRoomPlace(from) ? DOORS.filter((d) => d.room === from && free(d.cell.x, d.cell.y)).map((d) => at(d.cell.x, d.cell.y)) : [from];
  for (const s of sources) dist.set(s, 0);
  for (let changed = true; changed; ) {
    changed = false;
    for (const i of FREE) {
      const x = i % WIDTH;
      const y = Math.floor(i / WIDTH);
      if (!free(x, y)) continue;
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
        const d = dist.get(at(nx, ny));
        if (d !== undefined && free(nx, ny) && d + 1 < (dist.get(i) ?? Infinity)) (dist.set(i, d + 1), (changed = true));
      }
    }
  }
  const doors = DOORS.filter((d) => d.room === room).map((d) => dist.get(at(d.cell.x, d.cell.y))).filter((d): d is number => d !== undefined);
  return doors.length === 0 ? -1 : Math.min(...doors) + (isRoomPlace(from) ? exitCost : 0);
}

/** Every walk of exactly `roll` steps on free, unoccupied cells visiting no cell twice (rule 4.1.2): where it stops and the rooms whose doors it passes. */
function walks(from: number, roll: number, occupied: ReadonlySet<number>): { cells: number[]; rooms: Room[] } {
  const cells = new Set<number>();
  const rooms = new Set<Room>();
  const go = (path: number[]) => {
    const here = path[path.length - 1];
    const door = DOORS.find((d) => at(d.cell.x, d.cell.y) === here);
    if (path.length > 1 && door) rooms.add(door.room);
    if (path.length - 1 === roll) return void cells.add(here);
    const x = here % WIDTH;
    const y = Math.floor(here / WIDTH);
    for (const [nx, ny] of [[x, y + 1], [x, y - 1], [x + 1, y], [x - 1, y]]) {
      if (inBounds(nx, ny) && blockLabel(nx, ny) === null && !occupied.has(at(nx, ny)) && !path.includes(at(nx, ny))) go([...path, at(nx, ny)]);
    }
  };
  go([from]);
  return { cells: [...cells].sort((a, b) => a - b), rooms: ROOMS.filter((r) => rooms.has(r)) };
}

/** A small seeded set of occupied cells. */
function someCells(rng: Random, n: number, except: number): Set<number> {
  const out = new Set<number>();
  while (out.size < n) {
    const c = FREE[rng.below(FREE.length)];
    if (c !== except) out.add(c);
  }
  return out;
}

describe('steps around other pawns (stepsToRoom with occupied cells)', () => {
  it('equals a brute-force relaxation from cells and rooms, with up to 12 pawns, for exit costs 0 and 1', () => {
    const rng = new Random(2024);
    for (let k = 0; k < 60; k++) {
      const from: Place = k % 3 === 0 ? ROOMS[rng.below(ROOMS.length)] : FREE[rng.below(FREE.length)];
      const occupied = someCells(rng, rng.below(13), typeof from === 'number' ? from : -1);
      const rules: BoardRules = { ...DEFAULT_BOARD_RULES, exitCost: (k % 2) as 0 | 1 };
      for (const room of ROOMS) expect(stepsToRoom(from, room, rules, occupied), `${from} → ${room}, pawns ${[...occupied]}`).toBe(relaxedSteps(from, room, occupied, rules.exitCost));
    }
  });

  it('is blocked by a pawn on the only door, or on the only way out; the mover’s own cell does not block', () => {
    // The conservatory's one door (5,5): walled off by a pawn on it.
    expect(stepsToRoom(at(7, 7), 'conservatory', DEFAULT_BOARD_RULES, new Set([at(5, 5)]))).toBe(-1);
    expect(stepsToRoom('conservatory', 'ball room', DEFAULT_BOARD_RULES, new Set([at(5, 5)]))).toBe(-1);
    // Scarlet's start (16,24) has one way out, (16,23).
    expect(stepsToRoom(at(16, 24), 'lounge', DEFAULT_BOARD_RULES, new Set([at(16, 23)]))).toBe(-1);
    expect(stepsToRoom(at(16, 24), 'lounge', DEFAULT_BOARD_RULES, new Set([at(16, 24)]))).toBe(stepsToRoom(at(16, 24), 'lounge', DEFAULT_BOARD_RULES));
    // No pawns: the pawn-free tables.
    expect(stepsToRoom(at(16, 24), 'lounge', DEFAULT_BOARD_RULES, new Set())).toBe(7);
  });
});

describe('the advice around other pawns', () => {
  const cards = roomCards(CLASSIC_CATEGORIES, 6) as string[];
  const flat: Ranked[] = cards.map((c) => ({ cards: ['Miss Scarlet', 'Rope', c], expectedInformationBits: 1 }));

  it('marks in reach exactly the rooms and cells a brute-force walk finds, rolls 2–6, with pawns in the way', () => {
    const rng = new Random(7);
    for (let k = 0; k < 40; k++) {
      const from = FREE[rng.below(FREE.length)];
      const occupied = someCells(rng, 1 + rng.below(6), from);
      const roll = 2 + rng.below(5);
      const a = boardAdvice(flat, cards, from, roll, DEFAULT_BOARD_RULES, { occupied });
      const truth = walks(from, roll, occupied);
      expect(a.reachCells, `${from} roll ${roll}`).toEqual(truth.cells);
      expect(ROOMS.filter((r) => a.rooms.find((x) => x.room === r)!.inReach)).toEqual(truth.rooms);
    }
  });

  it('loses the hall when a pawn stands at (13,17), the only short way from Scarlet’s start with 11', () => {
    const free = boardAdvice(flat, cards, at(16, 24), 11);
    const blocked = boardAdvice(flat, cards, at(16, 24), 11, DEFAULT_BOARD_RULES, { occupied: new Set([at(13, 17)]) });
    const reach = (a: typeof free) => a.rooms.filter((r) => r.inReach).map((r) => r.room).sort();
    expect(reach(free)).toEqual(['dining room', 'hall', 'lounge']);
    expect(reach(blocked)).toEqual(['dining room', 'lounge']);
    // Boxed in: a pawn on (16,23) leaves no move at all, and no room a turn away; the steps shown are pawn-free, flagged.
    const boxed = boardAdvice(flat, cards, at(16, 24), 11, DEFAULT_BOARD_RULES, { occupied: new Set([at(16, 23)]) });
    expect(boxed.reachCells).toEqual([]);
    expect(boxed.withRoll).toBeNull();
    const lounge = boxed.rooms.find((r) => r.room === 'lounge')!;
    expect(lounge).toMatchObject({ blockedByPawns: true, steps: 7 });
  });

  it('lets a summoned pawn stay and suggest (one turn), and gives an unsummoned pawn nothing for its own room', () => {
    const ranking = [{ cards: ['Miss Scarlet', 'Rope', 'Hall'], expectedInformationBits: 2 }, ...flat];
    const summoned = boardAdvice(ranking, cards, 'hall', null, DEFAULT_BOARD_RULES, { summoned: true });
    expect(summoned.rooms[0]).toMatchObject({ room: 'hall', here: true, stay: true, turns: 1, bitsPerTurn: 2 });
    const rolled = boardAdvice(ranking, cards, 'hall', 3, DEFAULT_BOARD_RULES, { summoned: true });
    expect(rolled.withRoll).toMatchObject({ room: 'hall', stay: true, inReach: true });
    const not = boardAdvice(ranking, cards, 'hall', 3, DEFAULT_BOARD_RULES, { summoned: false });
    expect(not.rooms[not.rooms.length - 1]).toMatchObject({ room: 'hall', here: true, stay: false, bitsPerTurn: 0, inReach: false });
    expect(not.withRoll?.room).not.toBe('hall');
    // A summons means nothing in a corridor.
    expect(boardAdvice(ranking, cards, at(16, 24), null, DEFAULT_BOARD_RULES, { summoned: true }).rooms.some((r) => r.stay)).toBe(false);
  });
});

describe('the pawns the log moves', () => {
  const log = (events: unknown[], me = 'Ann') => parseGame({ players: ['Ann', 'Bob', 'Cat', 'Dan'], me, myHand: ['Knife', 'Rope', 'Hall', 'Kitchen', 'Wrench'], events });
  const S = (by: string, suspect: string, room: string, shownBy: string | null = null) => ({ type: 'suggestion', by, cards: [suspect, 'Candlestick', room], shownBy });

  it('puts me where I suggested, and summons me where another names my suspect', () => {
    // Ann plays Miss Scarlet (seat 0, the board's play order).
    const g = log([S('Ann', 'Mr. Green', 'Lounge', 'Bob'), S('Bob', 'Miss Scarlet', 'Study', 'Cat')]);
    const p = boardPawns(NO_PAWN, g, BINDING);
    expect(p.mine).toBe('scarlet');
    expect(p.pawns.get('scarlet')).toEqual({ place: 'study', summoned: true, movedBy: 1 });
    // Mr. Green (Dan) was summoned to the Lounge; Bob (Colonel Mustard) stands in the Study.
    expect(p.pawns.get('green')).toEqual({ place: 'lounge', summoned: true, movedBy: 0 });
    expect(p.pawns.get('mustard')).toEqual({ place: 'study', summoned: false, movedBy: 1 });
    expect(p.occupied.size).toBe(0);
  });

  it('uses up a summons on my next turn, and summons nobody already in the room', () => {
    const g = log([S('Bob', 'Miss Scarlet', 'Hall', 'Cat'), S('Ann', 'Mr. Green', 'Hall', 'Bob'), S('Bob', 'Miss Scarlet', 'Hall', 'Cat')]);
    expect(boardPawns(NO_PAWN, g, BINDING).pawns.get('scarlet')).toEqual({ place: 'hall', summoned: false, movedBy: 1 });
    const accused = log([S('Bob', 'Miss Scarlet', 'Hall', 'Cat'), { type: 'accusation', by: 'Ann', cards: ['Mr. Green', 'Rope', 'Lounge'], correct: false }]);
    expect(boardPawns(NO_PAWN, accused, BINDING).pawns.get('scarlet')).toMatchObject({ place: 'hall', summoned: false });
  });

  it('keeps a place I gave after the events, and applies only the later ones; a place saved without `at` stands', () => {
    const g = log([S('Bob', 'Miss Scarlet', 'Hall', 'Cat'), S('Cat', 'Miss Scarlet', 'Kitchen', 'Dan')]);
    const mine = (input: PawnInput) => boardPawns(input, g, BINDING).pawns.get('scarlet');
    expect(mine({ ...NO_PAWN, cell: '16,24', at: 2 })).toEqual({ place: at(16, 24), summoned: false, movedBy: null });
    expect(mine({ ...NO_PAWN, cell: '16,24', at: 1 })).toEqual({ place: 'kitchen', summoned: true, movedBy: 1 });
    expect(mine({ room: 'lounge', cell: '', roll: '5' })).toEqual({ place: 'lounge', summoned: false, movedBy: null });
    expect(mine({ room: 'kitchen', cell: '', roll: '', at: 2, summoned: true })).toEqual({ place: 'kitchen', summoned: true, movedBy: null });
    // Cleared ("in a corridor", no cell yet) after the events: unknown until placed, whatever the log said before.
    expect(mine({ ...NO_PAWN, at: 2 })).toEqual({ place: null, summoned: false, movedBy: null });
    expect(mine(NO_PAWN)).toEqual({ place: 'kitchen', summoned: true, movedBy: 1 });
  });

  it('follows the characters the players chose, and marks other pawns’ cells as occupied', () => {
    const g = log([S('Bob', 'Mrs. Peacock', 'Library', 'Cat')]);
    const input: PawnInput = { ...NO_PAWN, characters: withCharacter(seatCharacters(NO_PAWN, 4), 0, 'peacock'), others: { mustard: { place: at(7, 7), at: 1 }, plum: { place: at(0, 19), at: 0 } } };
    expect(input.characters).toEqual(['peacock', 'mustard', 'white', 'green']);
    const p = boardPawns(input, g, BINDING);
    expect(p.mine).toBe('peacock');
    expect(p.pawns.get('peacock')).toMatchObject({ place: 'library', summoned: true });
    expect([...p.occupied].sort((a, b) => a - b)).toEqual([at(7, 7), at(0, 19)].sort((a, b) => a - b));
    // Mustard (Bob) was marked after his suggestion: it stays on its cell.
    expect(p.pawns.get('mustard')?.place).toBe(at(7, 7));
    // A typed cell with another pawn on it is a clash, named.
    expect(boardPawns({ ...input, characters: undefined, cell: '7,7', at: 1 }, g, BINDING).clash).toBe('mustard');
  });

  it('derives every summons as the game engine has it, along random board games that announce each turn’s end', () => {
    let checked = 0;
    let unseen = 0;
    let summons = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const players = 3 + (seed % 4);
      const spec: GameSpec = { deck: CLASSIC_DECK, players: Array.from({ length: players }, (_, s) => `P${s}`), maxTurns: 80, board: DEFAULT_BOARD_RULES, endmove: 'always' };
      const rng = new Random(seed);
      let state = newGame(spec, randomDeal(spec, rng));
      const events: GameEvent[] = [];
      // A pawn boxed in its room stays there without a word in the log, which then cannot tell that
      // a suggestion in that room leaves it unsummoned: such seats are not compared until they suggest.
      const boxedIn = new Array<boolean>(players).fill(false);
      while (state.phase.kind !== 'over') {
        const phase = state.phase;
        if (phase.kind === 'move') {
          const seat = phase.seat;
          const derived = followLog({ place: null, summoned: false }, events, 0, { seat, suspectCard: BINDING.suspectCard[seat] }, BINDING);
          if (boxedIn[seat]) unseen++;
          else {
            expect(derived.summoned, `seed ${seed}, event ${events.length}, seat ${seat}`).toBe(state.board!.summoned[seat]);
            if (derived.summoned) (expect(derived.place).toBe(state.board!.pawns[seat]), summons++);
            checked++;
          }
        }
        const options = legalActions(state).filter((a) => a.type !== 'accuse');
        const action = options[rng.below(options.length)];
        if (phase.kind === 'walk' && action.type === 'walk') boxedIn[phase.seat] = action.to === state.board!.pawns[phase.seat] && isRoomPlace(action.to);
        if (action.type === 'suggest' && phase.kind === 'suggest') boxedIn[phase.seat] = false;
        const step = applyAction(state, action);
        events.push(...step.events);
        state = step.state;
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(summons).toBeGreaterThan(50);
    expect(unseen).toBeLessThan(checked / 20);
  });
});

describe('the pawn input as saved', () => {
  it('loads a value saved before the other pawns existed, unchanged', () => {
    expect(readPawn({ room: '', cell: '16,24', roll: '12' })).toEqual({ room: '', cell: '16,24', roll: '12' });
    expect(readPawn({ room: 'hall', cell: '', roll: '' })).toEqual({ room: 'hall', cell: '', roll: '' });
    expect(readPawn(undefined)).toEqual(NO_PAWN);
  });

  it('keeps the new fields and drops what is unreadable in them', () => {
    const full: PawnInput = { room: '', cell: '7,7', roll: '', at: 3, summoned: true, characters: ['peacock', 'mustard', 'white'], others: { plum: { place: 'hall', at: 2 }, green: { place: at(9, 0), at: 0 } } };
    expect(readPawn(JSON.parse(JSON.stringify(full)))).toEqual(full);
    expect(readPawn({ room: 'attic', cell: 5, roll: '3', at: -1, summoned: 'yes', characters: ['batman'], others: { plum: { place: at(2, 2), at: 1 }, nobody: { place: 'hall', at: 0 }, green: { place: at(9, 0) } } })).toEqual({ room: '', cell: '', roll: '3' });
  });
});
