// Shortest paths on the classic board (docs/board.md §4–§5): the seed's multi-source BFS to the
// nearest door with its exact tie order, pawn-free distance tables computed once, and the cells and
// rooms a roll reaches. Cells are indices y * WIDTH + x; rooms are nodes reached through their doors
// (entering costs 0, §4), never cells, so no path runs through a room.

import { DOORS, HEIGHT, ROOMS, WIDTH, isBlocked, type Cell, type Room } from './classic.js';

export const CELLS = WIDTH * HEIGHT;
export const cellIndex = (c: Cell): number => c.y * WIDTH + c.x;
export const cellAt = (i: number): Cell => ({ x: i % WIDTH, y: Math.floor(i / WIDTH) });

/** Not a wall or room interior (pawns aside). */
export const WALL_FREE: readonly boolean[] = Array.from({ length: CELLS }, (_, i) => !isBlocked(i % WIDTH, Math.floor(i / WIDTH)));

/** The room a door cell leads into, or null. Each door cell serves exactly one room (§3). */
export const DOOR_ROOM: readonly (Room | null)[] = (() => {
  const a: (Room | null)[] = new Array(CELLS).fill(null);
  for (const d of DOORS) a[cellIndex(d.cell)] = d.room;
  return a;
})();

/** Door cells of a room, in Fig. 4 order (the order the multi-source BFS is seeded in). */
export const doorsOf = (room: Room): number[] => DOORS.filter((d) => d.room === room).map((d) => cellIndex(d.cell));

/** In-bounds neighbours in Fig. 7's order: right, left, up, down. This order breaks BFS ties. */
export function neighbours(i: number): number[] {
  const x = i % WIDTH;
  const y = Math.floor(i / WIDTH);
  const out: number[] = [];
  if (x + 1 < WIDTH) out.push(i + 1);
  if (x - 1 >= 0) out.push(i - 1);
  if (y + 1 < HEIGHT) out.push(i + WIDTH);
  if (y - 1 >= 0) out.push(i - WIDTH);
  return out;
}

const NO_PAWNS: ReadonlySet<number> = new Set();
const isFree = (i: number, occupied: ReadonlySet<number>): boolean => WALL_FREE[i] && !occupied.has(i);

export type Origin = Cell | Room;
const isRoom = (o: Origin): o is Room => typeof o === 'string';

export interface DoorSearch {
  /** Only doors of this room are solutions (Prolog's bound Room). */
  room?: Room;
  /** Cells held by other pawns (the mover's own cell is ignored: defect 1 of §5 fixed). */
  occupied?: ReadonlySet<number>;
}

/**
 * Fig. 10 (seed 004) literally: FIFO queue seeded with the sources in order; a head that is a door
 * (of `room`, if given) is a solution, then it is expanded like any node, so later doors follow in
 * nondecreasing path length. Expanding marks every unseen neighbour seen with this parent and
 * enqueues only the free ones. Yields paths as cell indices, source first (length − 1 = steps).
 * From a room: sources are its free doors (defect 3: occupied exits are unusable, rule 4.1.5), and
 * the room's own doors are never solutions (defect 2: the seed returned them at distance 0).
 */
export function* nearestDoors(from: Origin, opts: DoorSearch = {}): Generator<number[]> {
  const occupied = opts.occupied ?? NO_PAWNS;
  let sources: number[];
  let skip: Room | null = null;
  if (isRoom(from)) {
    sources = doorsOf(from).filter((i) => !occupied.has(i));
    skip = from;
  } else {
    const s = cellIndex(from);
    if (!WALL_FREE[s]) throw new RangeError(`(${from.x}, ${from.y}) is not a free cell`);
    sources = [s];
  }
  const parent = new Int32Array(CELLS).fill(-2); // -2 unseen, -1 nil
  for (const s of sources) parent[s] = -1;
  const queue = sources.slice();
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    const room = DOOR_ROOM[i];
    if (room !== null && room !== skip && (opts.room === undefined || room === opts.room)) {
      const path: number[] = [];
      for (let j = i; j !== -1; j = parent[j]) path.push(j);
      yield path.reverse();
    }
    for (const n of neighbours(i)) {
      if (parent[n] !== -2) continue;
      parent[n] = i;
      if (isFree(n, occupied)) queue.push(n);
    }
  }
}

/** The seed's closest_door/3, first solution only: a path to the nearest door, or null. */
export function closestDoor(from: Origin, room?: Room, occupied?: ReadonlySet<number>): number[] | null {
  const r = nearestDoors(from, { room, occupied }).next();
  return r.done ? null : r.value;
}

/** BFS distances (steps) from a set of sources over free cells; -1 where unreachable or blocked. */
export function bfsDistances(sources: readonly number[], occupied: ReadonlySet<number> = NO_PAWNS): Int16Array {
  const dist = new Int16Array(CELLS).fill(-1);
  const queue: number[] = [];
  for (const s of sources) if (dist[s] < 0) ((dist[s] = 0), queue.push(s));
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    for (const n of neighbours(i)) if (dist[n] < 0 && isFree(n, occupied)) ((dist[n] = dist[i] + 1), queue.push(n));
  }
  return dist;
}

let cellToRoom: ReadonlyMap<Room, Int16Array> | null = null;

/** Pawn-free steps from each cell to the nearest door of each room, computed once (BFS from the doors). */
export function distancesToRooms(): ReadonlyMap<Room, Int16Array> {
  cellToRoom ??= new Map(ROOMS.map((r) => [r, bfsDistances(doorsOf(r))]));
  return cellToRoom;
}

/** Steps from a free cell to a room (entering is free), or -1 when blocked. */
export const cellToRoomDistance = (c: Cell, room: Room): number => distancesToRooms().get(room)![cellIndex(c)];

/**
 * Pawn-free steps between the nearest doors of two rooms (the seed's multi-source BFS), 0 on the
 * diagonal. Secret passages are not folded in: see PASSAGES / passageFrom in classic.ts.
 */
export function roomDistance(a: Room, b: Room): number {
  if (a === b) return 0;
  const table = distancesToRooms().get(b)!;
  return Math.min(...doorsOf(a).map((i) => table[i]));
}

export interface ReachOptions {
  /** Cells held by other pawns; they block (rule 4.1.4). The mover's own cell is ignored. */
  occupied?: ReadonlySet<number>;
  /** 'exact' (default, rule 4.1.2, flagged): stop after exactly the roll on a simple path. 'atMost': any 1..roll steps. */
  mode?: 'exact' | 'atMost';
  /** Steps charged for leaving a room through a door (rule 4.1.3: 0 by default, flag ∈ {0, 1}). */
  exitCost?: 0 | 1;
}

export interface Reach {
  /** Cells where the pawn may end its move, ascending. */
  cells: number[];
  /** Rooms it may enter this turn (reaching a door within the roll, ≥ 1 step; entering ends the move), in Fig. 11 order. */
  rooms: Room[];
}

/**
 * Where a roll takes a pawn (rules 4.1.2–4.1.5). Paths never revisit a cell; passing over a door
 * cell without entering is allowed; the room just left cannot be re-entered. The passage is not a
 * move of the roll and is not included. 'exact' enumerates simple paths (depth-first; rolls ≤ 12).
 */
export function reachable(from: Origin, roll: number, opts: ReachOptions = {}): Reach {
  const mode = opts.mode ?? 'exact';
  let occupied = opts.occupied ?? NO_PAWNS;
  let starts: number[];
  let base = 0;
  let left: Room | null = null;
  if (isRoom(from)) {
    left = from;
    starts = doorsOf(from).filter((i) => !occupied.has(i));
    base = opts.exitCost ?? 0;
  } else {
    const s = cellIndex(from);
    if (!WALL_FREE[s]) throw new RangeError(`(${from.x}, ${from.y}) is not a free cell`);
    if (occupied.has(s)) occupied = new Set([...occupied].filter((i) => i !== s));
    starts = [s];
  }
  const cells = new Set<number>();
  const rooms = new Set<Room>();
  const visit = (i: number, steps: number): void => {
    const room = DOOR_ROOM[i];
    if (steps >= 1 && room !== null && room !== left) rooms.add(room);
    if (mode === 'atMost' ? steps >= 1 : steps === roll) cells.add(i);
  };
  if (base > roll) return { cells: [], rooms: [] };
  if (mode === 'atMost') {
    // A cell is reachable in ≤ k steps iff its shortest (hence simple) path is ≤ k. One BFS per
    // exit, not one multi-source BFS: another exit of the room left is still a cell to move to.
    for (const s of starts) {
      const dist = bfsDistances([s], occupied);
      for (let i = 0; i < CELLS; i++) if (dist[i] >= 0 && dist[i] + base >= 1 && dist[i] + base <= roll) visit(i, dist[i] + base);
    }
  } else {
    const onPath = new Uint8Array(CELLS);
    const walk = (i: number, steps: number): void => {
      visit(i, steps);
      if (steps === roll) return;
      onPath[i] = 1;
      for (const n of neighbours(i)) if (!onPath[n] && isFree(n, occupied)) walk(n, steps + 1);
      onPath[i] = 0;
    };
    for (const s of starts) walk(s, base);
  }
  return { cells: [...cells].sort((a, b) => a - b), rooms: ROOMS.filter((r) => rooms.has(r)) };
}
