// The board drawn in the advisor (src/web/board-geometry.ts): every cell of the model is one target
// of the drawing and back, against the board's own data (blockLabel, the door and start lists);
// the zoom a phone's tap opens keeps cells big enough for a finger.
import { describe, expect, it } from 'vitest';
import { DOORS, HEIGHT, ROOMS, STARTS, WIDTH, blockLabel } from '../src/game/board/classic.js';
import {
  CORRIDOR_CELLS,
  DOOR_EDGES,
  PASSAGE_MOUTHS,
  ROOM_CELLS,
  STAIRS_CELLS,
  TARGETS,
  WHOLE,
  cellBox,
  cellCentreOnScreen,
  cellUnder,
  cellsOf,
  nextCell,
  outlinePath,
  roomCentre,
  showsCell,
  tapZooms,
  targetAt,
  toDrawing,
  zoomColumns,
  zoomWindow,
  type Target,
} from '../src/web/board-geometry.js';

const at = (x: number, y: number) => y * WIDTH + x;
const key = (t: Target | null) => (t === null ? 'none' : t.kind === 'cell' ? `cell ${t.cell}` : `room ${t.room}`);

describe('the drawing’s targets', () => {
  it('maps every cell to exactly one target, as the board model labels it, and back', () => {
    const owners = new Map<number, string[]>();
    for (const t of TARGETS) for (const i of cellsOf(t)) owners.set(i, [...(owners.get(i) ?? []), key(t)]);
    for (let i = 0; i < WIDTH * HEIGHT; i++) {
      const x = i % WIDTH;
      const y = Math.floor(i / WIDTH);
      const label = blockLabel(x, y);
      const expected = label === null ? `cell ${i}` : label === 'stairs' ? 'none' : `room ${label}`;
      // Any point of the cell's square, corners included, is on the cell's target.
      const b = cellBox(i);
      for (const [dx, dy] of [[0.5, 0.5], [0, 0], [0.999, 0], [0, 0.999], [0.999, 0.999]]) expect(key(targetAt(b.x + dx, b.y + dy)), `(${x}, ${y})`).toBe(expected);
      expect(owners.get(i) ?? ['none'], `(${x}, ${y})`).toEqual([expected]);
    }
    // And each target's cells map back to it.
    for (const t of TARGETS) for (const i of cellsOf(t)) expect(key(targetAt(cellBox(i).x + 0.5, cellBox(i).y + 0.5))).toBe(key(t));
  });

  it('has the board’s 188 corridor cells, nine rooms of the §2 label counts and the 35 stairs cells', () => {
    expect(CORRIDOR_CELLS.length).toBe(188);
    expect(TARGETS.length).toBe(188 + 9);
    expect(ROOMS.map((r) => ROOM_CELLS.get(r)!.length)).toEqual([39, 56, 46, 55, 43, 44, 29, 33, 32]);
    expect(STAIRS_CELLS.length).toBe(35);
  });

  it('draws y upwards: the model’s (0, 0) at the bottom left, (23, 24) at the top right; off the board is nothing', () => {
    expect(cellBox(at(0, 0))).toEqual({ x: 0, y: 24, w: 1, h: 1 });
    expect(cellBox(at(23, 24))).toEqual({ x: 23, y: 0, w: 1, h: 1 });
    expect(cellUnder(16.5, 0.5)).toBe(at(16, 24)); // Scarlet's start, top edge
    for (const [px, py] of [[-0.01, 3], [24, 3], [3, -0.01], [3, 25]]) expect(targetAt(px, py)).toBeNull();
  });

  it('names each room at a point inside it', () => {
    for (const room of ROOMS) {
      const c = roomCentre(room);
      expect(key(targetAt(c.x, c.y)), room).toBe(`room ${room}`);
    }
  });
});

describe('doors, passages, starts', () => {
  it('marks each door on the sides it shares with its room: two at the corner doors (5,5) and (1,13), one elsewhere', () => {
    expect(DOOR_EDGES.length).toBe(DOORS.length);
    for (const d of DOOR_EDGES) {
      const sides = d.path.split('M').length - 1;
      const corner = d.cell === at(5, 5) || d.cell === at(1, 13);
      expect(sides, `door ${d.cell % WIDTH},${Math.floor(d.cell / WIDTH)}`).toBe(corner ? 2 : 1);
    }
  });

  it('puts each secret passage in its room’s board corner', () => {
    const mouth = Object.fromEntries(PASSAGE_MOUTHS.map((m) => [m.room, [m.cell, m.to]]));
    expect(mouth).toEqual({ conservatory: [at(0, 0), 'lounge'], lounge: [at(23, 24), 'conservatory'], kitchen: [at(23, 0), 'study'], study: [at(0, 24), 'kitchen'] });
  });

  it('has every start square on a corridor cell', () => {
    for (const s of STARTS) expect(targetAt(cellBox(at(s.cell.x, s.cell.y)).x + 0.5, cellBox(at(s.cell.x, s.cell.y)).y + 0.5)).toEqual({ kind: 'cell', cell: at(s.cell.x, s.cell.y) });
  });

  it('outlines a lone cell with its four sides, and a room without inner edges', () => {
    expect(outlinePath([at(3, 3)])).toBe('M3 21h1M3 22h1M3 21v1M4 21v1');
    // The study: a 7 × 4 block (x 0–6, y 21–24; perimeter 22) with one cell under its left end (0, 20): 24 unit edges.
    expect(outlinePath(ROOM_CELLS.get('study')!).split('M').length - 1).toBe(24);
  });
});

describe('taps and zoom', () => {
  const phone = { left: 16, top: 300, width: 358, height: (358 * 25) / 24 };

  it('zooms a touch on a phone-sized cell, never a mouse click on a 15 px cell', () => {
    expect(tapZooms(phone.width / WIDTH, 'touch')).toBe(true);
    expect(tapZooms(phone.width / WIDTH, 'pen')).toBe(true);
    expect(tapZooms(phone.width / WIDTH, 'mouse')).toBe(false);
    expect(tapZooms(30, 'touch')).toBe(false);
  });

  it('opens a window with cells of at least 30 px at any width from 180 to 1200 px, 6 to 12 columns, the board’s aspect kept', () => {
    for (let w = 180; w <= 1200; w += 7) {
      const cols = zoomColumns(w);
      expect(cols).toBeGreaterThanOrEqual(6);
      expect(cols).toBeLessThanOrEqual(12);
      if (w < 360) expect(w / cols).toBeGreaterThanOrEqual(30);
    }
    for (const cell of CORRIDOR_CELLS) {
      const z = zoomWindow(cell, zoomColumns(phone.width));
      expect(showsCell(z, cell)).toBe(true);
      expect(z.x).toBeGreaterThanOrEqual(0);
      expect(z.y).toBeGreaterThanOrEqual(0);
      expect(z.x + z.w).toBeLessThanOrEqual(WIDTH);
      expect(z.y + z.h).toBeLessThanOrEqual(HEIGHT + 1e-9);
      expect(z.h / z.w).toBeCloseTo(HEIGHT / WIDTH, 12);
    }
  });

  it('maps screen points to the drawing and back, whole and zoomed', () => {
    for (const view of [WHOLE, zoomWindow(at(16, 24), 11), zoomWindow(at(0, 6), 11), zoomWindow(at(12, 9), 8)]) {
      for (const cell of CORRIDOR_CELLS.filter((c) => showsCell(view, c))) {
        const p = cellCentreOnScreen(cell, phone, view);
        const d = toDrawing(p.x, p.y, phone, view);
        expect(targetAt(d.x, d.y)).toEqual({ kind: 'cell', cell });
      }
    }
  });

  it('moves the keyboard cursor to the next free cell in the direction, over rooms and walls, and stays at the edge', () => {
    expect(nextCell(at(16, 24), 'down')).toBe(at(16, 23));
    expect(nextCell(at(16, 24), 'up')).toBe(at(16, 24));
    expect(nextCell(at(8, 9), 'up')).toBe(at(8, 10));
    // From the library's door (7,16) leftwards is the library, to the board's edge: no move.
    expect(nextCell(at(7, 16), 'left')).toBe(at(7, 16));
    // Rightwards from (8,13) the stairs (9–13) are skipped: (14,13).
    expect(nextCell(at(8, 13), 'right')).toBe(at(14, 13));
  });
});
