// Moving pawns on the classic board (docs/board.md §4.1): the rule options with their documented
// defaults, the dice, where each pawn is, and where a pawn may go this turn. Pure functions over
// immutable pawn lists; the game's state machine (rules/) decides when they apply.
import { CHARACTERS, ROOMS, STARTS, passageFrom, type Room } from './classic.js';
import { bfsDistances, cellAt, cellIndex, distancesToRooms, doorsOf, reachable, roomDistance } from './paths.js';

export interface BoardRules {
  /** Dice rolled to move: 2d6 by default (rule 4.1.1, the only seed with a number); 1d6 as in Hasbro 2002. */
  readonly dice: { readonly count: number; readonly sides: number };
  /** Rule 4.1.2: use exactly the roll on a path that visits no cell twice (default), or at most the roll. */
  readonly steps: 'exact' | 'atMost';
  /** Rule 4.1.3: steps charged for leaving a room through a door (0, as [P]'s BFS, or 1). */
  readonly exitCost: 0 | 1;
  /** §6 (classic rules, flagged): the suggested suspect's pawn is moved into the suggestion's room. */
  readonly summon: boolean;
}

export const DEFAULT_BOARD_RULES: BoardRules = Object.freeze({ dice: Object.freeze({ count: 2, sides: 6 }), steps: 'exact', exitCost: 0, summon: true });

/** Where a pawn is: a cell index (y * WIDTH + x) or inside a room. */
export type Place = number | Room;

export const isRoomPlace = (p: Place): p is Room => typeof p === 'string';

/** Every character's pawn on its start cell (Fig. 6), in CHARACTERS order. */
export function startingPawns(): Place[] {
  return CHARACTERS.map((ch) => cellIndex(STARTS.find((s) => s.character === ch)!.cell));
}

/** The cells pawns other than `mover` stand on (pawns in rooms occupy none, rule 4.1.4). */
export function occupiedCells(pawns: readonly Place[], mover: number): Set<number> {
  const cells = new Set<number>();
  pawns.forEach((p, i) => i !== mover && !isRoomPlace(p) && cells.add(p));
  return cells;
}

/** Probability of each dice total (index = total). */
export function diceDistribution(rules: BoardRules): number[] {
  const { count, sides } = rules.dice;
  let dist = [1];
  for (let d = 0; d < count; d++) {
    const next = new Array<number>(dist.length + sides).fill(0);
    dist.forEach((p, t) => {
      for (let f = 1; f <= sides; f++) next[t + f] += p / sides;
    });
    dist = next;
  }
  return dist;
}

/** A dice total, one uniform draw per die from `below(n)` (0..n-1). */
export function rollDice(rules: BoardRules, below: (n: number) => number): number {
  let total = 0;
  for (let d = 0; d < rules.dice.count; d++) total += 1 + below(rules.dice.sides);
  return total;
}

/** The destinations of a roll: cells to stop on and rooms to enter, or staying put when the pawn is boxed in. */
export function destinations(pawns: readonly Place[], mover: number, roll: number, rules: BoardRules): Place[] {
  const from = pawns[mover];
  const reach = reachable(isRoomPlace(from) ? from : cellAt(from), roll, { occupied: occupiedCells(pawns, mover), mode: rules.steps, exitCost: rules.exitCost });
  const places: Place[] = [...reach.rooms, ...reach.cells];
  return places.length > 0 ? places : [from];
}

/**
 * The steps from a place to a room's nearest door (0 for the room itself); -1 if walled off. Pawn-free
 * (the tables computed once) unless `occupied` names cells other pawns stand on: they block paths,
 * doors and exits (rules 4.1.4–4.1.5); the mover's own cell is ignored.
 */
export function stepsToRoom(from: Place, room: Room, rules: BoardRules, occupied?: ReadonlySet<number>): number {
  if (isRoomPlace(from) && from === room) return 0;
  if (!occupied || occupied.size === 0) {
    if (isRoomPlace(from)) return roomDistance(from, room) + rules.exitCost;
    return distancesToRooms().get(room)![from];
  }
  const others = isRoomPlace(from) || !occupied.has(from) ? occupied : new Set([...occupied].filter((i) => i !== from));
  const dist = bfsDistances(isRoomPlace(from) ? doorsOf(from).filter((i) => !others.has(i)) : [from], others);
  const reached = doorsOf(room).map((i) => dist[i]).filter((d) => d >= 0);
  if (reached.length === 0) return -1;
  return Math.min(...reached) + (isRoomPlace(from) ? rules.exitCost : 0);
}

/**
 * Expected turns to enter a room `steps` away, counting this turn, with pawn-free paths: each turn
 * either the roll covers the rest, or the pawn walks the roll towards the room. Index = steps.
 */
export function expectedTurnsTable(rules: BoardRules, maxSteps = 80): Float64Array {
  const dice = diceDistribution(rules);
  const turns = new Float64Array(maxSteps + 1);
  for (let d = 0; d <= maxSteps; d++) {
    // A pawn on a door cell (d = 0) still has to step off and back in.
    const need = Math.max(d, 1);
    let t = 1;
    for (let r = 1; r < need && r < dice.length; r++) t += dice[r] * turns[need - r];
    turns[d] = t;
  }
  return turns;
}

/** Rooms in board order (ROOMS), for tables indexed by room. */
export const roomIndex = (room: Room): number => ROOMS.indexOf(room);

/** The secret passage out of the room the pawn is in, or null. */
export const passageOut = (place: Place): Room | null => (isRoomPlace(place) ? passageFrom(place) : null);

