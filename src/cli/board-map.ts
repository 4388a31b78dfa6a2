// The classic board as text: the map (rooms, doors, start cells, pawns or the cells a roll reaches)
// and the room-to-room distance table.
import { DOORS, HEIGHT, PASSAGES, ROOM_NAMES, ROOMS, STARTS, WIDTH, blockLabel, type Room } from '../game/board/classic.js';
import { cellIndex, roomDistance } from '../game/board/paths.js';

/** One letter per room on the map (and in the distance table's header). */
export const ROOM_LETTERS: Record<Room, string> = {
  conservatory: 'C',
  'ball room': 'B',
  kitchen: 'K',
  'dining room': 'D',
  lounge: 'L',
  hall: 'H',
  study: 'S',
  library: 'Y',
  'billiard room': 'R',
};

export interface MapMarks {
  /** Cells marked '*' (where a roll can end). */
  reach?: ReadonlySet<number>;
  /** The cell marked '@' (where a pawn starts). */
  from?: number;
  /** Rooms drawn in lower case (rooms a roll can enter). */
  rooms?: ReadonlySet<Room>;
}

/** The map, north (y = 24) at the top, with a legend. */
export function renderMap(marks: MapMarks = {}): string {
  const doors = new Map(DOORS.map((d) => [cellIndex(d.cell), d.room]));
  const starts = new Map(STARTS.map((s, i) => [cellIndex(s.cell), String(i + 1)]));
  const lines: string[] = [];
  for (let y = HEIGHT - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      const label = blockLabel(x, y);
      if (label === 'stairs') row += '#';
      else if (label !== null) row += marks.rooms?.has(label) ? ROOM_LETTERS[label].toLowerCase() : ROOM_LETTERS[label];
      else if (i === marks.from) row += '@';
      else if (marks.reach?.has(i)) row += '*';
      else if (doors.has(i)) row += '+';
      else row += starts.get(i) ?? '.';
    }
    lines.push(`${String(y).padStart(2)} ${row}`);
  }
  lines.push(`   ${Array.from({ length: WIDTH }, (_, x) => String(x % 10)).join('')}`);
  lines.push('');
  lines.push(`rooms: ${ROOMS.map((r) => `${ROOM_LETTERS[r]} ${ROOM_NAMES[r]}`).join(', ')}; # stairs (no room)`);
  lines.push(`+ door (a free cell beside its room: a pawn that reaches it may go in, ending its move), . corridor, 1-6 start cells (${STARTS.map((s, i) => `${i + 1} ${s.character}`).join(', ')})`);
  lines.push(`secret passages: ${PASSAGES.map(([a, b]) => `${ROOM_NAMES[a]} <-> ${ROOM_NAMES[b]}`).join(', ')}`);
  if (marks.reach) lines.push('@ the pawn, * where the roll can end, lower-case letters: rooms it can enter');
  return lines.join('\n');
}

/** Steps between the nearest doors of every two rooms, as the seed's multi-source BFS counts them (no pawns). */
export function distanceTable(): Record<string, Record<string, number>> {
  return Object.fromEntries(ROOMS.map((a) => [ROOM_NAMES[a], Object.fromEntries(ROOMS.map((b) => [ROOM_NAMES[b], roomDistance(a, b)]))]));
}

export function renderDistances(): string {
  
  const width = Math.max(...ROOMS.map((r) => ROOM_NAMES[r].length));
  const lines = ['Steps between rooms (nearest doors, no pawns; P: a secret passage, no roll needed)'];
  lines.push(`${''.padEnd(width)}  ${ROOMS.map((r) => ROOM_LETTERS[r].padStart(4)).join('')}`);
  for (const a of ROOMS) {
    const cells = ROOMS.map((b) => {
      const passage = PASSAGES.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
      return `${roomDistance(a, b)}${passage ? 'P' : ''}`.padStart(4);
    });
    lines.push(`${ROOM_NAMES[a].padEnd(width)}  ${cells.join('')}`);
  }
  return lines.join('\n');
}
