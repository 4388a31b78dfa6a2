import { Command } from 'commander';
import { DOORS, PASSAGES, ROOM_NAMES, ROOMS, STARTS, isBlocked, inBounds, type Room } from '../game/board/classic.js';
import { cellIndex, reachable } from '../game/board/paths.js';
import { makeNameResolver } from '../model/names.js';
import { toJson } from '../io/json.js';
import { quote } from '../model/quote.js';
import { distanceTable, renderDistances, renderMap } from './board-map.js';
import { UsageError } from './errors.js';
import { wholeNumber } from './options.js';
import { writeStdout } from './output.js';

interface BoardOptions {
  from?: string;
  roll?: number;
  json?: boolean;
}

export function boardCommand(): Command {
  return new Command('board')
    .description('print the classic board (rooms, doors, passages, start cells) and the steps between rooms; --from and --roll show where a pawn can go')
    .option('--from <place>', 'a room ("Kitchen", "ball") or a free cell "x,y" (x 0-23 left to right, y 0-24 bottom to top)')
    .option('--roll <n>', 'the dice total to move with (with --from)', wholeNumber('--roll', 12))
    .option('--json', 'print the rooms, doors, passages, start cells and the distance table as JSON')
    .action(async (opts: BoardOptions) => {
      if ((opts.from === undefined) !== (opts.roll === undefined)) throw new UsageError('--from and --roll go together: where the pawn is, and what it rolled');
      if (opts.from !== undefined && opts.json) throw new UsageError('--json prints the board and its distances; drop --from and --roll');
      if (opts.json) {
        await writeStdout(`${toJson(boardJson())}\n`);
        return;
      }
      if (opts.from === undefined) {
        await writeStdout(`${renderMap()}\n\n${renderDistances()}\n`);
        return;
      }
      const from = place(opts.from);
      const reach = reachable(from, opts.roll!);
      const start = typeof from === 'string' ? undefined : cellIndex(from);
      const rooms = reach.rooms.length === 0 ? 'none' : reach.rooms.map((r) => ROOM_NAMES[r]).join(', ');
      const where = typeof from === 'string' ? `the ${ROOM_NAMES[from]}` : `cell ${from.x},${from.y}`;
      const summary = `From ${where} with a roll of ${opts.roll}: ${reach.cells.length} cells to end on; rooms to enter: ${rooms}`;
      await writeStdout(`${renderMap({ reach: new Set(reach.cells), from: start, rooms: new Set(reach.rooms) })}\n\n${summary}\n`);
    });
}

/** A room by name (or a distinctive word of it), or a free cell "x,y". */
function place(input: string): Room | { x: number; y: number } {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(input);
  if (m) {
    const x = Number(m[1]);
    const y = Number(m[2]);
    if (!inBounds(x, y)) throw new UsageError(`--from ${quote(input)}: the board is 24 cells wide (x 0-23) and 25 high (y 0-24)`);
    if (isBlocked(x, y)) throw new UsageError(`--from ${quote(input)}: that cell is inside a room or a wall; give the room's name instead`);
    return { x, y };
  }
  try {
    return ROOMS[makeNameResolver('room', ROOMS.map((r) => ROOM_NAMES[r]))(input, '--from')];
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/** The board as data, for programs. */
export function boardJson() {
  return {
    width: 24,
    height: 25,
    rooms: ROOMS.map((r) => ROOM_NAMES[r]),
    doors: DOORS.map((d) => ({ x: d.cell.x, y: d.cell.y, room: ROOM_NAMES[d.room] })),
    passages: PASSAGES.map(([a, b]) => [ROOM_NAMES[a], ROOM_NAMES[b]]),
    starts: STARTS.map((s) => ({ character: s.character, x: s.cell.x, y: s.cell.y })),
    distances: distanceTable(),
  };
}

