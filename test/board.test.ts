// The classic board (docs/board.md, seed 004 "Clue in Prolog"): the data against the facts and the
// ASCII rendering board.md states, the seed's BFS with its tie order and its three defects fixed,
// and the cells a roll reaches against a brute-force enumeration of step sequences.
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_RECTS,
  CHARACTERS,
  DOORS,
  HEIGHT,
  PASSAGES,
  ROOMS,
  STARTS,
  WIDTH,
  blockLabel,
  inBounds,
  passageFrom,
  type BlockLabel,
  type Cell,
  type Room,
} from '../src/game/board/classic.js';
import {
  CELLS,
  DOOR_ROOM,
  WALL_FREE,
  bfsDistances,
  cellAt,
  cellIndex,
  cellToRoomDistance,
  closestDoor,
  distancesToRooms,
  doorsOf,
  nearestDoors,
  neighbours,
  reachable,
  roomDistance,
  type Origin,
} from '../src/game/board/paths.js';

const at = (x: number, y: number): number => cellIndex({ x, y });
const cells = (...xy: [number, number][]): number[] => xy.map(([x, y]) => at(x, y)).sort((a, b) => a - b);

// board.md §3, verbatim: y = 24 at the top.
const ASCII = `
24 SSSSSSS.HHHHHHHH1LLLLLLL
23 SSSSSSS..HHHHHH..LLLLLLL
22 SSSSSSS..HHHHHH..LLLLLLL
21 SSSSSSS..HHHHHH..LLLLLLL
20 S.....s.hHHHHHH..LLLLLLL
19 6........HHHHHH..LLLLLLL
18 IIIIII...HHHHHH..l.....L
17 IIIIIII....hh..........2
16 IIIIIIIi.#####...d.....D
15 IIIIIII..#####..DDDDDDDD
14 IIIIII...#####..DDDDDDDD
13 Pp.i.....#####..DDDDDDDD
12 PPPPPP...#####.dDDDDDDDD
11 PPPPPP...#####..DDDDDDDD
10 PPPPPP...#####..DDDDDDDD
 9 PPPPPPp............DDDDD
 8 PPPPPP...b....b........D
 7 P.......BBBBBBBB...k....
 6 5.......BBBBBBBB..KKKKKK
 5 CCCCCc.bBBBBBBBBb.KKKKKK
 4 CCCCCC..BBBBBBBB..KKKKKK
 3 CCCCCC..BBBBBBBB..KKKKKK
 2 CCCCCC..BBBBBBBB..KKKKKK
 1 CCCCCCC...BBBB...KKKKKKK
 0 CCCCCCCCC4BBBB3KKKKKKKKK`;

const LETTER: Record<BlockLabel, string> = {
  conservatory: 'C',
  'ball room': 'B',
  kitchen: 'K',
  'dining room': 'D',
  lounge: 'L',
  hall: 'H',
  study: 'S',
  library: 'I',
  'billiard room': 'P',
  stairs: '#',
};

function render(): string {
  const rows: string[] = [];
  for (let y = HEIGHT - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < WIDTH; x++) {
      const label = blockLabel(x, y);
      const door = DOOR_ROOM[at(x, y)];
      const start = STARTS.findIndex((s) => s.cell.x === x && s.cell.y === y);
      row += label ? LETTER[label] : door ? LETTER[door].toLowerCase() : start >= 0 ? String(start + 1) : '.';
    }
    rows.push(`${String(y).padStart(2)} ${row}`);
  }
  return '\n' + rows.join('\n');
}

const FREE_CELLS = [...Array(CELLS).keys()].filter((i) => WALL_FREE[i]);

describe('the classic board data (board.md §1–§3)', () => {
  it('renders exactly as board.md draws it', () => {
    expect(render()).toBe(ASCII);
  });

  it('has 600 cells: 412 blocked, 188 free; the label counts of §2', () => {
    expect(CELLS).toBe(600);
    expect(FREE_CELLS.length).toBe(188);
    const area = BLOCKED_RECTS.reduce((s, b) => s + (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1), 0);
    expect(area).toBe(412); // areas sum to the blocked count: the rectangles do not overlap
    const perLabel = new Map<BlockLabel, number>();
    for (let i = 0; i < CELLS; i++) {
      const l = blockLabel(cellAt(i).x, cellAt(i).y);
      if (l) perLabel.set(l, (perLabel.get(l) ?? 0) + 1);
    }
    expect(Object.fromEntries(perLabel)).toEqual({
      conservatory: 39,
      'ball room': 56,
      kitchen: 46,
      'dining room': 55,
      lounge: 43,
      hall: 44,
      study: 29,
      library: 33,
      'billiard room': 32,
      stairs: 35,
    });
  });

  it('has one 4-connected component of free cells', () => {
    const dist = bfsDistances([FREE_CELLS[0]]);
    expect(FREE_CELLS.every((i) => dist[i] >= 0)).toBe(true);
  });

  it('has 17 distinct free doors with the per-room counts of §3', () => {
    expect(DOORS.length).toBe(17);
    expect(new Set(DOORS.map((d) => cellIndex(d.cell))).size).toBe(17);
    for (const d of DOORS) expect(WALL_FREE[cellIndex(d.cell)]).toBe(true);
    const counts = Object.fromEntries(ROOMS.map((r) => [r, doorsOf(r).length]));
    expect(counts).toEqual({
      conservatory: 1,
      'ball room': 4,
      kitchen: 1,
      'dining room': 2,
      lounge: 1,
      hall: 3,
      study: 1,
      library: 2,
      'billiard room': 2,
    });
  });

  it('puts every door next to its own room, on the entry sides board.md derives', () => {
    const side: Record<string, string> = {
      '5,5': 'west/south', '7,5': 'east', '16,5': 'west', '9,8': 'south', '14,8': 'south', '19,7': 'south',
      '15,12': 'east', '17,16': 'south', '17,18': 'north', '8,20': 'east', '11,17': 'north', '12,17': 'north',
      '6,20': 'north', '3,13': 'north', '7,16': 'west', '1,13': 'west/south', '6,9': 'west',
    };
    const dirs: [string, number, number][] = [['east', 1, 0], ['west', -1, 0], ['north', 0, 1], ['south', 0, -1]];
    for (const { cell, room } of DOORS) {
      const sides = dirs.filter(([, dx, dy]) => blockLabel(cell.x + dx, cell.y + dy) === room).map(([n]) => n);
      expect(sides.join('/'), `${cell.x},${cell.y}`).toBe(side[`${cell.x},${cell.y}`]);
    }
  });

  it('has six distinct free start cells on the edge, in play order', () => {
    expect(STARTS.map((s) => s.character)).toEqual([...CHARACTERS]);
    expect(new Set(STARTS.map((s) => cellIndex(s.cell))).size).toBe(6);
    for (const { cell } of STARTS) {
      expect(WALL_FREE[cellIndex(cell)]).toBe(true);
      expect(cell.x === 0 || cell.x === WIDTH - 1 || cell.y === 0 || cell.y === HEIGHT - 1).toBe(true);
    }
  });

  it('has symmetric passages between opposite corner rooms', () => {
    expect(PASSAGES.length).toBe(2);
    expect(passageFrom('conservatory')).toBe('lounge');
    expect(passageFrom('lounge')).toBe('conservatory');
    expect(passageFrom('kitchen')).toBe('study');
    expect(passageFrom('study')).toBe('kitchen');
    expect(ROOMS.filter((r) => passageFrom(r) === null).length).toBe(5);
    const corner = (x: number, y: number) => blockLabel(x, y);
    expect([corner(0, 0), corner(WIDTH - 1, HEIGHT - 1)]).toEqual(['conservatory', 'lounge']);
    expect([corner(WIDTH - 1, 0), corner(0, HEIGHT - 1)]).toEqual(['kitchen', 'study']);
  });

  it('orders neighbours right, left, up, down (Fig. 7) and drops out-of-bounds ones', () => {
    expect(neighbours(at(5, 5))).toEqual([at(6, 5), at(4, 5), at(5, 6), at(5, 4)]);
    expect(neighbours(at(0, 0))).toEqual([at(1, 0), at(0, 1)]);
    expect(inBounds(23, 24) && !inBounds(24, 0) && !inBounds(0, 25)).toBe(true);
  });
});

describe('the seed BFS to the nearest door (board.md §5)', () => {
  it('breaks a tie by neighbour order: from (6,5) the ball room (right) before the conservatory (left)', () => {
    const g = nearestDoors({ x: 6, y: 5 });
    expect(g.next().value).toEqual([at(6, 5), at(7, 5)]);
    expect(g.next().value).toEqual([at(6, 5), at(5, 5)]);
    expect(g.next().value).toEqual([at(6, 5), at(6, 6), at(6, 7), at(6, 8), at(6, 9)]);
  });

  it('yields doors in nondecreasing path length, each along a valid path from the source', () => {
    for (const s of STARTS) {
      const paths = [...nearestDoors(s.cell)];
      expect(paths.length).toBe(17); // every door, once
      for (let k = 1; k < paths.length; k++) expect(paths[k].length).toBeGreaterThanOrEqual(paths[k - 1].length);
      for (const p of paths) {
        expect(p[0]).toBe(cellIndex(s.cell));
        for (let k = 1; k < p.length; k++) expect(neighbours(p[k - 1])).toContain(p[k]);
      }
    }
  });

  it('finds shortest paths: the first door from every free cell is at its BFS distance', () => {
    for (const i of FREE_CELLS) {
      const best = Math.min(...ROOMS.map((r) => distancesToRooms().get(r)![i]));
      expect(closestDoor(cellAt(i))!.length - 1).toBe(best);
      for (const r of ROOMS) expect(closestDoor(cellAt(i), r)!.length - 1).toBe(distancesToRooms().get(r)![i]);
    }
  });

  it('gives the start cells their nearest doors', () => {
    const first = STARTS.map((s) => {
      const p = closestDoor(s.cell)!;
      return [DOOR_ROOM[p[p.length - 1]], p.length - 1];
    });
    expect(first).toEqual([
      ['lounge', 7], ['lounge', 7], ['ball room', 7], ['ball room', 7], ['conservatory', 6], ['study', 7],
    ]);
  });

  it('fixes defect 1: the mover’s own cell does not block its search', () => {
    const own = new Set([at(0, 6)]);
    expect(closestDoor({ x: 0, y: 6 }, undefined, own)).toEqual(closestDoor({ x: 0, y: 6 }));
  });

  it('fixes defect 2: from a room with no target, its own doors are skipped', () => {
    // Ball room exits in Fig. 4 order; (7,5) is 2 steps from the conservatory door (5,5).
    expect(closestDoor('ball room')).toEqual([at(7, 5), at(6, 5), at(5, 5)]);
    for (const r of ROOMS) for (const p of nearestDoors(r)) expect(DOOR_ROOM[p[p.length - 1]]).not.toBe(r);
  });

  it('fixes defect 3: an occupied exit is not used; occupied cells block paths', () => {
    const p = closestDoor('ball room', 'conservatory', new Set([at(7, 5)]))!;
    expect(p[0]).not.toBe(at(7, 5));
    expect(p.length - 1).toBeGreaterThan(2);
    expect(closestDoor('conservatory', undefined, new Set([at(5, 5)]))).toBeNull(); // its only exit is held
    expect(closestDoor({ x: 0, y: 6 }, undefined, new Set([at(1, 6)]))).toBeNull(); // Peacock boxed in
  });
});

describe('pawn-free distances', () => {
  it('room distances are symmetric, 0 on the diagonal, and agree with the seed BFS', () => {
    for (const a of ROOMS)
      for (const b of ROOMS) {
        expect(roomDistance(a, b)).toBe(roomDistance(b, a));
        if (a === b) expect(roomDistance(a, b)).toBe(0);
        else expect(roomDistance(a, b)).toBe(closestDoor(a, b)!.length - 1);
      }
    expect(roomDistance('conservatory', 'ball room')).toBe(2);
    expect(roomDistance('hall', 'study')).toBe(2);
    expect(roomDistance('kitchen', 'study')).toBe(26); // the passage is separate, not distance 0
  });

  it('satisfy the triangle inequality through any cell; cell-to-room distance is 1-Lipschitz', () => {
    for (const a of ROOMS)
      for (const c of ROOMS)
        if (a !== c)
          for (const i of FREE_CELLS)
            expect(roomDistance(a, c)).toBeLessThanOrEqual(cellToRoomDistance(cellAt(i), a) + cellToRoomDistance(cellAt(i), c));
    for (const r of ROOMS) {
      const d = distancesToRooms().get(r)!;
      for (const i of FREE_CELLS) for (const n of neighbours(i)) if (WALL_FREE[n]) expect(Math.abs(d[i] - d[n])).toBeLessThanOrEqual(1);
    }
  });

  it('are not a metric through rooms: crossing a room is free, so room-to-room triangles can fail', () => {
    // Documented, not a bug: conservatory → kitchen is 18 steps, but via the ball room's doors 2 + 5.
    expect(roomDistance('conservatory', 'kitchen')).toBe(18);
    expect(roomDistance('conservatory', 'ball room') + roomDistance('ball room', 'kitchen')).toBe(7);
  });

  it('give blocked cells −1', () => {
    expect(cellToRoomDistance({ x: 0, y: 0 }, 'hall')).toBe(-1);
    expect(cellToRoomDistance({ x: 5, y: 5 }, 'conservatory')).toBe(0);
  });
});

// Brute force: every sequence of unit moves (its own direction table, not neighbours()), kept when
// every step lands on an in-bounds, wall-free, unoccupied, not yet visited cell.
function bruteForce(from: Origin, roll: number, occupied: ReadonlySet<number>, mode: 'exact' | 'atMost', exitCost: 0 | 1) {
  const D = [[0, 1], [1, 0], [0, -1], [-1, 0]];
  const left = typeof from === 'string' ? from : null;
  const starts = typeof from === 'string' ? doorsOf(from).filter((i) => !occupied.has(i)).map(cellAt) : [from];
  const base = typeof from === 'string' ? exitCost : 0;
  const endCells = new Set<number>();
  const rooms = new Set<Room>();
  for (const s of starts)
    for (let k = 0; k + base <= roll; k++)
      for (let code = 0; code < 4 ** k; code++) {
        const path: Cell[] = [s];
        let ok = true;
        for (let j = 0, c = code; j < k && ok; j++, c = Math.floor(c / 4)) {
          const p = path[path.length - 1];
          const q = { x: p.x + D[c % 4][0], y: p.y + D[c % 4][1] };
          ok = inBounds(q.x, q.y) && blockLabel(q.x, q.y) === null && !occupied.has(cellIndex(q)) && !path.some((v) => v.x === q.x && v.y === q.y);
          path.push(q);
        }
        if (!ok) continue;
        const end = cellIndex(path[k]);
        const steps = k + base;
        const room = DOOR_ROOM[end];
        if (steps >= 1 && room && room !== left) rooms.add(room);
        if (mode === 'exact' ? steps === roll : steps >= 1) endCells.add(end);
      }
  return { cells: [...endCells].sort((a, b) => a - b), rooms: ROOMS.filter((r) => rooms.has(r)) };
}

describe('cells and rooms a roll reaches (rules 4.1.2–4.1.5)', () => {
  it('matches hand-checked moves from Peacock’s start', () => {
    const peacock: Cell = { x: 0, y: 6 };
    expect(reachable(peacock, 1).cells).toEqual(cells([1, 6]));
    expect(reachable(peacock, 2).cells).toEqual(cells([2, 6], [1, 7]));
    expect(reachable(peacock, 5).rooms).toEqual([]);
    expect(reachable(peacock, 6).rooms).toEqual(['conservatory']); // (5,5) after 6 steps
    expect(reachable(peacock, 6, { occupied: new Set([at(1, 6)]) })).toEqual({ cells: [], rooms: [] });
  });

  it('never re-enters the room just left; an exit cost of 1 charges the first door', () => {
    expect(reachable('conservatory', 2).rooms).toEqual(['ball room']);
    expect(reachable('conservatory', 2, { exitCost: 1 }).rooms).toEqual([]);
    expect(reachable('conservatory', 3, { exitCost: 1 }).rooms).toEqual(['ball room']);
  });

  const occupiedSets: ReadonlySet<number>[] = [new Set(), new Set(STARTS.map((s) => cellIndex(s.cell))), new Set([at(6, 5), at(7, 6), at(16, 5), at(11, 17)])];
  const origins: Origin[] = [...ROOMS, { x: 6, y: 5 }, { x: 7, y: 9 }, { x: 16, y: 17 }, { x: 10, y: 17 }, ...STARTS.map((s) => s.cell)];

  it('equals a brute-force walk enumeration for rolls up to 5', () => {
    for (const occupied of occupiedSets)
      for (const from of origins)
        for (let roll = 1; roll <= 5; roll++)
          for (const mode of ['exact', 'atMost'] as const)
            for (const exitCost of [0, 1] as const) {
              if (typeof from !== 'string' && exitCost === 1) continue;
              const occ = typeof from === 'string' ? occupied : new Set([...occupied].filter((i) => i !== cellIndex(from)));
              expect(reachable(from, roll, { occupied, mode, exitCost }), `${JSON.stringify(from)} ${roll} ${mode} ${exitCost}`).toEqual(
                bruteForce(from, roll, occ, mode, exitCost),
              );
            }
  });

  it('atMost is the union of exact rolls; exact stops keep the parity of the grid', () => {
    for (const from of origins.filter((o): o is Cell => typeof o !== 'string')) {
      const union = new Set<number>();
      for (let k = 1; k <= 8; k++) {
        const exact = reachable(from, k);
        for (const i of exact.cells) {
          union.add(i);
          const c = cellAt(i);
          expect((c.x + c.y - from.x - from.y - k) & 1).toBe(0);
        }
        expect(reachable(from, k, { mode: 'atMost' }).cells).toEqual([...union].sort((a, b) => a - b));
      }
    }
  });
});
