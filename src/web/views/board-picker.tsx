// The classic board drawn from the board model (an SVG, not a picture): the cells, the rooms named
// by the deck's room cards, the doors, the secret passages and the start squares; the pawns; the
// cell or room chosen; with a roll, the cells and rooms in reach. A tap on a corridor cell or a
// room is the place for the pawn being placed. On a touch screen the cells are too small to hit at
// the board's full width, so a tap on a cell zooms in first (board-geometry.ts tapZooms), and the
// second tap places; rooms are placed at once. Keyboard: the rooms are buttons, and the corridor is
// one tab stop whose arrow keys move from free cell to free cell (Enter or Space places).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { CHARACTERS, ROOMS, STARTS, WIDTH, type Character, type Room } from '../../game/board/classic.js';
import { DOOR_ROOM } from '../../game/board/paths.js';
import type { Place } from '../../game/board/movement.js';
import {
  CORRIDOR_CELLS,
  DOOR_EDGES,
  PASSAGE_MOUTHS,
  ROOM_CELLS,
  STAIRS_CELLS,
  WHOLE,
  cellBox,
  cellName,
  nextCell,
  outlinePath,
  roomCentre,
  showsCell,
  tapZooms,
  targetAt,
  toDrawing,
  zoomColumns,
  zoomWindow,
  type Box,
  type Direction,
  type Target,
} from '../board-geometry.js';

/** The pawns' colours, as on the classic board. */
export const PAWN_COLOURS: Readonly<Record<Character, string>> = {
  scarlet: '#c8102e',
  mustard: '#e0a800',
  white: '#f5f5f5',
  green: '#1e7b45',
  peacock: '#1f5fbf',
  plum: '#7d3c98',
};

export interface DrawnPawn {
  readonly character: Character;
  readonly place: Place;
  readonly mine: boolean;
  /** Its name as people read it ("Colonel Mustard (Bob)"). */
  readonly label: string;
}

export interface BoardPickerProps {
  /** The deck's card per room (ROOMS order) and per character (CHARACTERS order). */
  readonly roomNames: readonly string[];
  readonly characterNames: readonly string[];
  readonly pawns: readonly DrawnPawn[];
  /** The place of the pawn being placed, highlighted. */
  readonly chosen: Place | null;
  /** What a tap places, for the drawing's label ("your pawn", "Colonel Mustard"). */
  readonly placing: string;
  /** With a roll: the cells the pawn may stop on and the rooms it may enter (the best one marked). */
  readonly reachCells: readonly number[] | null;
  readonly reachRooms: ReadonlySet<Room> | null;
  readonly bestRoom: Room | null;
  readonly onPick: (target: Target) => void;
}

const KEYS: Readonly<Record<string, Direction>> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
const viewBox = (b: Box) => `${b.x} ${b.y} ${b.w} ${b.h}`;

export function BoardPicker({ roomNames, characterNames, pawns, chosen, placing, reachCells, reachRooms, bestRoom, onPick }: BoardPickerProps) {
  const [view, setView] = useState<Box>(WHOLE);
  // The corridor's one tab stop: the chosen cell, else Scarlet's start.
  const [cursor, setCursor] = useState<number>(typeof chosen === 'number' ? chosen : STARTS[0].cell.y * WIDTH + STARTS[0].cell.x);
  const pointer = useRef('mouse');
  const cellRefs = useRef(new Map<number, SVGRectElement>());
  const moved = useRef(false);
  useEffect(() => {
    if (typeof chosen === 'number') setCursor(chosen);
  }, [chosen]);
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    cellRefs.current.get(cursor)?.focus();
  }, [cursor]);

  const zoomed = view !== WHOLE;
  const reach = new Set(reachCells ?? []);
  const place = (t: Target) => {
    setView(WHOLE);
    onPick(t);
  };

  function tap(e: MouseEvent) {
    const svg = e.currentTarget as SVGSVGElement;
    const rect = svg.getBoundingClientRect();
    const p = toDrawing(e.clientX, e.clientY, rect, view);
    const t = targetAt(p.x, p.y);
    if (t === null) return;
    if (t.kind === 'cell' && !zoomed && tapZooms(rect.width / view.w, pointer.current)) setView(zoomWindow(t.cell, zoomColumns(rect.width)));
    else place(t);
  }

  function key(e: KeyboardEvent, target: Target) {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      place(target);
    } else if (target.kind === 'cell' && KEYS[e.key]) {
      e.preventDefault();
      const next = nextCell(target.cell, KEYS[e.key]);
      if (zoomed && !showsCell(view, next)) setView(zoomWindow(next, view.w));
      moved.current = true;
      setCursor(next);
    }
  }

  const chosenRoom = typeof chosen === 'string' ? chosen : null;
  const inRoom = (room: Room) => pawns.filter((p) => p.place === room);
  return (
    <div class="board-picker" data-zoomed={String(zoomed)}>
      {/* Always one line high, so that the drawing does not move between the two taps of a zoom. */}
      <p class="picker-bar" aria-live="polite">
        <span>{zoomed ? <>Zoomed in: tap the cell for {placing}.</> : <>Tap a room or a cell for {placing}.</>}</span>
        {zoomed && <button type="button" class="zoom-out" data-action="zoom-out" onClick={() => setView(WHOLE)}>Whole board</button>}
      </p>
      <svg
        viewBox={viewBox(view)}
        data-view="board-picker"
        data-view-box={viewBox(view)}
        role="group"
        aria-label={`The board: tap a corridor cell or a room to put ${placing} there${zoomed ? ' (zoomed in)' : ''}`}
        onPointerDown={(e) => (pointer.current = (e as PointerEvent).pointerType || 'mouse')}
        onClick={tap}
      >
        <title>The classic board. Tap a cell or a room to put {placing} there.</title>
        <rect class="board-bg" x={0} y={0} width={WHOLE.w} height={WHOLE.h} />
        {STAIRS_CELLS.map((i) => {
          const b = cellBox(i);
          return <rect key={i} class="stairs" x={b.x} y={b.y} width={1} height={1} />;
        })}
        {ROOMS.map((room, r) => {
          const state = reachRooms?.has(room) ? 'reach' : '';
          return (
            <g key={room} class={['room', state, bestRoom === room ? 'best' : '', chosenRoom === room ? 'chosen' : ''].filter(Boolean).join(' ')} data-room={room}
              data-in-reach={reachRooms ? String(reachRooms.has(room)) : undefined} data-best={bestRoom === room ? 'true' : undefined} data-chosen={chosenRoom === room ? 'true' : undefined}
              role="button" tabindex={0} aria-pressed={chosenRoom === room} aria-label={`${roomNames[r]}${reachRooms?.has(room) ? ', in reach' : ''}${bestRoom === room ? ', best in reach' : ''}`}
              onKeyDown={(e) => key(e, { kind: 'room', room })}>
              {ROOM_CELLS.get(room)!.map((i) => {
                const b = cellBox(i);
                return <rect key={i} class="room-cell" x={b.x} y={b.y} width={1} height={1} />;
              })}
              <path class="outline" d={outlinePath(ROOM_CELLS.get(room)!)} />
            </g>
          );
        })}
        <g class="corridor">
          {CORRIDOR_CELLS.map((i) => {
            const b = cellBox(i);
            const door = DOOR_ROOM[i];
            const start = STARTS.find((s) => s.cell.y * WIDTH + s.cell.x === i);
            const here = pawns.find((p) => p.place === i);
            const label = `${door ? `door of the ${roomNames[ROOMS.indexOf(door)]}` : start ? `${characterNames[CHARACTERS.indexOf(start.character)]}’s start` : 'corridor'} ${cellName(i)}${here ? `, ${here.label}` : ''}${reach.has(i) ? ', in reach' : ''}`;
            return (
              <rect key={i} ref={(el) => {
                if (el) cellRefs.current.set(i, el);
                else cellRefs.current.delete(i);
              }}
                class={['cell', door ? 'door' : '', reach.has(i) ? 'reach' : '', chosen === i ? 'chosen' : ''].filter(Boolean).join(' ')}
                x={b.x} y={b.y} width={1} height={1} data-cell={i} data-reach={reachCells ? String(reach.has(i)) : undefined} data-chosen={chosen === i ? 'true' : undefined}
                role="button" tabindex={i === cursor ? 0 : -1} aria-label={label} aria-pressed={chosen === i}
                onKeyDown={(e) => key(e, { kind: 'cell', cell: i })} />
            );
          })}
        </g>
        {ROOMS.map((room, r) => {
          // Over every room and cell, so that no neighbour hides a long name.
          const centre = roomCentre(room);
          const words = roomNames[r].split(' ');
          return (
            <text key={room} class="room-name" x={centre.x} y={centre.y - (words.length - 1) * 0.35 - (inRoom(room).length ? 0.5 : 0)}>
              {words.map((w, k) => <tspan key={k} x={centre.x} dy={k === 0 ? 0 : 0.7}>{w}</tspan>)}
            </text>
          );
        })}
        {DOOR_EDGES.map((d) => <path key={d.cell} class="door-edge" d={d.path} />)}
        {PASSAGE_MOUTHS.map((m) => {
          const b = cellBox(m.cell);
          const x = b.x + 0.5;
          const y = b.y + 0.5;
          return (
            <g key={m.room} class="passage" data-passage={m.room}>
              <title>Secret passage to the {roomNames[ROOMS.indexOf(m.to)]}</title>
              <path d={`M${x - 0.4} ${y + 0.4}L${x + 0.4} ${y + 0.4}L${x} ${y - 0.4}Z`} />
            </g>
          );
        })}
        {STARTS.map((s) => {
          const b = cellBox(s.cell.y * WIDTH + s.cell.x);
          // White on the corridor's cream would not show: its ring is grey.
          return <circle key={s.character} class="start" cx={b.x + 0.5} cy={b.y + 0.5} r={0.36} stroke={s.character === 'white' ? '#8c8c8c' : PAWN_COLOURS[s.character]} />;
        })}
        {pawns.map((p) => {
          const at = pawnPoint(p, pawns);
          return (
            <g key={p.character} class={p.mine ? 'token mine' : 'token'} data-pawn={p.character} data-place={String(p.place)} data-mine={p.mine ? 'true' : undefined}>
              <title>{p.label}</title>
              <circle cx={at.x} cy={at.y} r={p.mine ? 0.42 : 0.36} fill={PAWN_COLOURS[p.character]} />
              {p.mine && <circle class="ring" cx={at.x} cy={at.y} r={0.62} />}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** Where a pawn is drawn: its cell's centre, or a slot in a row under its room's name. */
function pawnPoint(p: DrawnPawn, all: readonly DrawnPawn[]): { x: number; y: number } {
  if (typeof p.place === 'number') {
    const b = cellBox(p.place);
    return { x: b.x + 0.5, y: b.y + 0.5 };
  }
  const together = all.filter((q) => q.place === p.place);
  const k = together.indexOf(p);
  const centre = roomCentre(p.place);
  return { x: centre.x + (k - (together.length - 1) / 2) * 0.95, y: centre.y + 1.1 };
}
