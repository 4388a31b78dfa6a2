// cluedo board: the classic board (rooms, doors, passages, start cells) and the steps between
// rooms; with --from and --roll, where a pawn can go.
import { Command, Option } from 'commander';
import { DOORS, PASSAGES, ROOM_NAMES, ROOMS, STARTS, isBlocked, inBounds, type Room } from '../game/board/classic.js';
import { cellIndex, reachable } from '../game/board/paths.js';
import { makeNameResolver } from '../model/names.js';
import { toJson } from '../io/json.js';
import { quote } from '../model/quote.js';
import { distanceTable, renderDistances, renderMap } from './board-map.js';
import { fromCommandLine, UsageError } from './errors.js';
import { wholeNumber } from './options.js';
import { requireOptions } from './option-rules.js';
import { writeStdout } from './output.js';
import { counted } from '../model/numbers.js';

interface BoardOptions {
  from?: string;
  roll?: number;
  json?: boolean;
}

/** What one run of board prints. */
export type BoardRequest = { kind: 'map' } | { kind: 'json' } | { kind: 'reach'; from: Room | { x: number; y: number }; roll: number };

export function boardCommand(): Command {
  const command = new Command('board')
    .description('print the classic board (rooms, doors, passages, start cells) and the steps between rooms; --from and --roll show where a pawn can go')
    .option('--from <place>', 'a room ("Kitchen", "ball") or a free cell "x,y" (x 0-23 left to right, y 0-24 bottom to top)')
    .option('--roll <n>', 'the dice total to move with (with --from)', wholeNumber('--roll', 12))
    .addOption(new Option('--json', 'print the rooms, doors, passages, start cells and the distance table as JSON').conflicts(['from', 'roll']))
    .action(async (opts: BoardOptions) => runBoard(boardRequest(opts)));
  const together = { why: 'where the pawn is, and what it rolled' };
  return requireOptions(command, { '--from': { anyOf: ['--roll'], ...together }, '--roll': { anyOf: ['--from'], ...together } });
}

export function boardRequest(opts: BoardOptions): BoardRequest {
  if (opts.json) return { kind: 'json' };
  if (opts.from === undefined) return { kind: 'map' };
  return { kind: 'reach', from: place(opts.from), roll: opts.roll! };
}

async function runBoard(request: BoardRequest): Promise<void> {
  if (request.kind === 'json') return writeStdout(`${toJson(boardJson())}\n`);
  if (request.kind === 'map') return writeStdout(`${renderMap()}\n\n${renderDistances()}\n`);
  const { from, roll } = request;
  const reach = reachable(from, roll);
  const start = typeof from === 'string' ? undefined : cellIndex(from);
  const rooms = reach.rooms.length === 0 ? 'none' : reach.rooms.map((r) => ROOM_NAMES[r]).join(', ');
  const where = typeof from === 'string' ? `the ${ROOM_NAMES[from]}` : `cell ${from.x},${from.y}`;
  const summary = `From ${where} with a roll of ${roll}: ${counted(reach.cells.length, 'cell')} to end on; rooms to enter: ${rooms}`;
  await writeStdout(`${renderMap({ reach: new Set(reach.cells), from: start, rooms: new Set(reach.rooms) })}\n\n${summary}\n`);
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
  return ROOMS[fromCommandLine(() => makeNameResolver('room', ROOMS.map((r) => ROOM_NAMES[r]))(input, '--from'))];
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

