// The classic board as a drawing, in SVG user units of one cell: x as in the model, y flipped (the
// model's y runs up from the bottom, the drawing's down from the top). What a point of the drawing
// is on (a corridor cell, a room, or nothing: the stairs), the rooms' outlines and labels, the
// doors' sides, the passages' corners, and the window a tap zooms to. Pure: no DOM.
import { BLOCKED_RECTS, DOORS, HEIGHT, PASSAGES, ROOMS, WIDTH, blockLabel, type BlockedRect, type Room } from '../game/board/classic.js';
import { CELLS, WALL_FREE } from '../game/board/paths.js';

/** What a tap can put a pawn on: a corridor cell (index y * WIDTH + x) or a room. */
export type Target = { readonly kind: 'cell'; readonly cell: number } | { readonly kind: 'room'; readonly room: Room };

/** A rectangle of the drawing (a viewBox when it is the part shown). */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export const WHOLE: Box = Object.freeze({ x: 0, y: 0, w: WIDTH, h: HEIGHT });

/** A cell's unit square in the drawing. */
export const cellBox = (i: number): Box => ({ x: i % WIDTH, y: HEIGHT - 1 - Math.floor(i / WIDTH), w: 1, h: 1 });

/** The cell under a point of the drawing, or -1 off the board. */
export function cellUnder(px: number, py: number): number {
  const x = Math.floor(px);
  const row = Math.floor(py);
  if (!(x >= 0 && x < WIDTH && row >= 0 && row < HEIGHT)) return -1;
  return (HEIGHT - 1 - row) * WIDTH + x;
}

/** The target a cell belongs to: itself when free, its room when inside one, null on the stairs. */
export function targetOfCell(i: number): Target | null {
  if (WALL_FREE[i]) return { kind: 'cell', cell: i };
  const label = blockLabel(i % WIDTH, Math.floor(i / WIDTH));
  return label === null || label === 'stairs' ? null : { kind: 'room', room: label };
}

/** The target under a point of the drawing, or null (off the board, the stairs). */
export function targetAt(px: number, py: number): Target | null {
  const i = cellUnder(px, py);
  return i < 0 ? null : targetOfCell(i);
}

/** The cells a room covers in the drawing: its interior and walls (the blocked cells carrying its label). */
export const ROOM_CELLS: ReadonlyMap<Room, readonly number[]> = new Map(
  ROOMS.map((room) => [room, Array.from({ length: CELLS }, (_, i) => i).filter((i) => blockLabel(i % WIDTH, Math.floor(i / WIDTH)) === room)]),
);

/** The stairs: the central block, drawn but no target. */
export const STAIRS_CELLS: readonly number[] = Array.from({ length: CELLS }, (_, i) => i).filter((i) => blockLabel(i % WIDTH, Math.floor(i / WIDTH)) === 'stairs');

/** The free cells, ascending. */
export const CORRIDOR_CELLS: readonly number[] = Array.from({ length: CELLS }, (_, i) => i).filter((i) => WALL_FREE[i]);

/** Every target: the corridor cells ascending, then the rooms in board order. */
export const TARGETS: readonly Target[] = [...CORRIDOR_CELLS.map((cell): Target => ({ kind: 'cell', cell })), ...ROOMS.map((room): Target => ({ kind: 'room', room }))];

/** The cells a target covers. */
export const cellsOf = (t: Target): readonly number[] => (t.kind === 'cell' ? [t.cell] : ROOM_CELLS.get(t.room)!);

/** The model's (x, y) of a cell, as people read it. */
export const cellName = (i: number): string => `${i % WIDTH}, ${Math.floor(i / WIDTH)}`;

/** The boundary between a set of cells and the rest, as unit segments of one SVG path. */
export function outlinePath(cells: readonly number[]): string {
  const inside = new Set(cells);
  const segments: string[] = [];
  for (const i of cells) {
    const { x, y } = cellBox(i);
    const cx = i % WIDTH;
    const cy = Math.floor(i / WIDTH);
    const out = (dx: number, dy: number) => {
      const nx = cx + dx;
      const ny = cy + dy;
      return nx < 0 || nx >= WIDTH || ny < 0 || ny >= HEIGHT || !inside.has(ny * WIDTH + nx);
    };
    if (out(0, 1)) segments.push(`M${x} ${y}h1`); // the model's up is the drawing's top edge
    if (out(0, -1)) segments.push(`M${x} ${y + 1}h1`);
    if (out(-1, 0)) segments.push(`M${x} ${y}v1`);
    if (out(1, 0)) segments.push(`M${x + 1} ${y}v1`);
  }
  return segments.join('');
}

/** Where a room's name goes: the centre of its largest blocked rectangle, clear of the corridor for every classic room. */
export function roomCentre(room: Room): { x: number; y: number } {
  const area = (b: BlockedRect) => (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1);
  const rect = BLOCKED_RECTS.filter((b) => b.label === room).reduce((a, b) => (area(b) > area(a) ? b : a));
  return { x: (rect.x0 + rect.x1 + 1) / 2, y: HEIGHT - (rect.y0 + rect.y1 + 1) / 2 };
}

/** Each door cell with the edges it shares with its room's cells: the side a pawn enters by (board.md §3). */
export const DOOR_EDGES: readonly { readonly cell: number; readonly room: Room; readonly path: string }[] = DOORS.map((d) => {
  const cell = d.cell.y * WIDTH + d.cell.x;
  const { x, y } = cellBox(cell);
  const ofRoom = (dx: number, dy: number) => blockLabel(d.cell.x + dx, d.cell.y + dy) === d.room;
  const path = [ofRoom(0, 1) && `M${x} ${y}h1`, ofRoom(0, -1) && `M${x} ${y + 1}h1`, ofRoom(-1, 0) && `M${x} ${y}v1`, ofRoom(1, 0) && `M${x + 1} ${y}v1`].filter(Boolean).join('');
  return { cell, room: d.room, path };
});

/** Each secret passage's mouth: the corner cell of its room nearest the board's corner, and where it leads. */
export const PASSAGE_MOUTHS: readonly { readonly room: Room; readonly to: Room; readonly cell: number }[] = PASSAGES.flatMap(([a, b]) => [
  { room: a, to: b },
  { room: b, to: a },
]).map(({ room, to }) => {
  const cells = ROOM_CELLS.get(room)!;
  const corner = (i: number) => {
    const x = i % WIDTH;
    const y = Math.floor(i / WIDTH);
    return Math.min(x, WIDTH - 1 - x) + Math.min(y, HEIGHT - 1 - y);
  };
  return { room, to, cell: cells.reduce((best, i) => (corner(i) < corner(best) ? i : best)) };
});

/**
 * Whether a tap on a corridor cell should zoom in first rather than place the pawn. A phone shows
 * the 24 columns at about 14 CSS px each (390 px less the page's margins): too small for a finger
 * to hit the cell meant (touch guidelines ask 44 px; 28 is the least we accept). So a touch or pen
 * tap on a cell first zooms to a window around it, where cells are over 30 px, and the second tap
 * places the pawn; rooms, many cells wide, are placed at once. A mouse hits 10 px cells reliably.
 */
export function tapZooms(cellPx: number, pointerType: string): boolean {
  return cellPx < (pointerType === 'mouse' ? 10 : 28);
}

/** Columns the zoom window shows at this drawing width in CSS px: cells of at least 30 px, 6–12 columns. */
export const zoomColumns = (widthPx: number): number => Math.max(6, Math.min(12, Math.floor(widthPx / 30)));

/** The window of `cols` columns around a cell, the board's aspect kept (so the drawing keeps its size), within the board. */
export function zoomWindow(cell: number, cols: number): Box {
  const w = Math.min(cols, WIDTH);
  const h = (w * HEIGHT) / WIDTH;
  const c = cellBox(cell);
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  return { x: clamp(c.x + 0.5 - w / 2, WIDTH - w), y: clamp(c.y + 0.5 - h / 2, HEIGHT - h), w, h };
}

/** The point of the drawing under a client (CSS px) point, for a drawing laid out in `rect` showing `view`. */
export function toDrawing(clientX: number, clientY: number, rect: { left: number; top: number; width: number; height: number }, view: Box): { x: number; y: number } {
  return { x: view.x + ((clientX - rect.left) / rect.width) * view.w, y: view.y + ((clientY - rect.top) / rect.height) * view.h };
}

/** The client point at the centre of a cell: the inverse of toDrawing (what a test taps). */
export function cellCentreOnScreen(cell: number, rect: { left: number; top: number; width: number; height: number }, view: Box): { x: number; y: number } {
  const b = cellBox(cell);
  return { x: rect.left + ((b.x + 0.5 - view.x) / view.w) * rect.width, y: rect.top + ((b.y + 0.5 - view.y) / view.h) * rect.height };
}

/** Whether a cell lies wholly inside a window. */
export const showsCell = (view: Box, cell: number): boolean => {
  const b = cellBox(cell);
  return b.x >= view.x - 1e-9 && b.x + 1 <= view.x + view.w + 1e-9 && b.y >= view.y - 1e-9 && b.y + 1 <= view.y + view.h + 1e-9;
};

export type Direction = 'left' | 'right' | 'up' | 'down';

/** Keyboard moves over the corridor: the next free cell in the direction (over walls and rooms), or the same cell at the edge. */
export function nextCell(cell: number, direction: Direction): number {
  const [dx, dy] = { left: [-1, 0], right: [1, 0], up: [0, 1], down: [0, -1] }[direction];
  for (let x = (cell % WIDTH) + dx, y = Math.floor(cell / WIDTH) + dy; x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT; x += dx, y += dy) {
    if (WALL_FREE[y * WIDTH + x]) return y * WIDTH + x;
  }
  return cell;
}
