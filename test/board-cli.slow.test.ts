// `cluedo board` as users run it: the map, the distance table (the seed's multi-source BFS, checked
// against the path module and its symmetry), where a roll takes a pawn, and bad options.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOMS, ROOM_NAMES, DOORS } from '../src/game/board/classic.js';
import { reachable, roomDistance } from '../src/game/board/paths.js';
import { withoutDecisionTimes } from './support/timing.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo;

function cluedo(...args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, 'board', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  return r;
}

describe('cluedo board', () => {
  it('prints the 24 × 25 map with its 17 doors and six start cells, and the distance table', () => {
    const r = cluedo();
    expect(r.status).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^[ \d]\d [A-Za-z#.+@*1-6]{24}$/.test(l));
    expect(rows).toHaveLength(25);
    const cells = rows.map((l) => l.slice(3)).join('');
    expect([...cells].filter((c) => c === '+')).toHaveLength(DOORS.length);
    for (const s of '123456') expect(cells).toContain(s);
    expect(r.stdout).toMatch(/Lounge\s+25P/);
  });

  it('--json: rooms, doors, passages, start cells, and distances equal to the path module, symmetric', () => {
    const out = JSON.parse(cluedo('--json').stdout);
    expect(out.rooms).toEqual(ROOMS.map((r) => ROOM_NAMES[r]));
    expect(out.doors).toHaveLength(17);
    expect(out.starts).toHaveLength(6);
    for (const a of ROOMS) {
      const [na] = [ROOM_NAMES[a]];
      expect(out.distances[na][na]).toBe(0);
      for (const b of ROOMS) {
        expect(out.distances[na][ROOM_NAMES[b]]).toBe(roomDistance(a, b));
        expect(out.distances[na][ROOM_NAMES[b]]).toBe(out.distances[ROOM_NAMES[b]][na]);
      }
    }
  });

  it('--from and --roll mark exactly the cells and rooms the path module finds', () => {
    const r = cluedo('--from', '0,6', '--roll', '3');
    expect(r.status).toBe(0);
    const reach = reachable({ x: 0, y: 6 }, 3);
    const rows = r.stdout.split('\n').filter((l) => /^[ \d]\d /.test(l) && l.length === 27);
    const stars = rows.flatMap((l) => [...l.slice(3)].map((c, x) => (c === '*' ? (24 - rows.indexOf(l)) * 24 + x : -1))).filter((i) => i >= 0);
    expect(stars.sort((a, b) => a - b)).toEqual(reach.cells);
    expect(r.stdout).toContain(`${reach.cells.length} cells to end on`);
    expect(cluedo('--from', 'Hall', '--roll', '4').stdout).toMatch(/rooms to enter: Study/);
  });

  it.each([
    [['--from', 'hall'], /--from goes with --roll: where the pawn is, and what it rolled/],
    [['--roll', '4'], /--roll goes with --from: where the pawn is, and what it rolled/],
    [['--from', '3,3', '--roll', '2'], /inside a room or a wall/],
    [['--from', '30,3', '--roll', '2'], /24 cells wide/],
    [['--from', 'cellar', '--roll', '2'], /unknown room "cellar"/],
    [['--from', 'hall', '--roll', '13'], /--roll must be a whole number from 1 to 12/],
    [['--from', 'hall', '--roll', '2', '--json'], /option '--json' cannot be used with option '--from <place>'/],
  ])('refuses %j with one line, exit 2', (args, message) => {
    const r = cluedo(...(args as string[]));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message as RegExp);
  });
});

describe('cluedo simulate --board classic', () => {
  const simulate = (...args: string[]) => {
    const r = spawnSync(process.execPath, [MAIN, 'simulate', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    if (r.error) throw r.error;
    return r;
  };

  it('plays on the board: the same reports, plus turns moving, rooms visited, suggestions by room, and the board in the HTML report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-board-'));
    const report = join(dir, 'r.html');
    const json = join(dir, 'r.json');
    const csv = join(dir, 'r.csv');
    const r = simulate('--board', 'classic', '--players', '3', '--agents', 'naive,deductive', '--games', '12', '--threads', '1', '--report', report, '--json', json, '--csv', csv);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/board classic \(2d6, exact roll, exit cost 0, summons\)/);
    expect(r.stdout).toMatch(/Turns moving \[95% CI\]\s+Rooms visited \[95% CI\]/);
    expect(r.stdout).toMatch(/^Suggestions by room: Conservatory \d+\.\d%, Ballroom/m);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<svg class="chart board"');
    expect(html).toContain('<h2>On the board</h2>');
    const out = JSON.parse(readFileSync(json, 'utf8'));
    expect(out.config.board).toEqual({ dice: { count: 2, sides: 6 }, steps: 'exact', exitCost: 0, summon: true });
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/,rounds,turnsMoving,roomsVisited$/);
    expect(lines).toHaveLength(1 + 12 * 3);
    const perRoom = Object.values(out.summary.suggestionsByRoom as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(perRoom).toBe(out.games.reduce((n: number, g: { suggestionsByRoom: number[] }) => n + g.suggestionsByRoom.reduce((a, b) => a + b, 0), 0));
  });

  it('the same games whatever the number of threads', () => {
    const args = ['--board', 'classic', '--players', '4', '--agents', 'random,deductive', '--games', '16', '--dice', '1d6', '--no-summon'];
    const one = simulate(...args, '--threads', '1');
    const two = simulate(...args, '--threads', '2');
    expect(one.status).toBe(0);
    const body = (s: string) => s.split('\n').slice(1).join('\n');
    expect(withoutDecisionTimes(body(two.stdout))).toBe(withoutDecisionTimes(body(one.stdout)));
    expect(one.stdout).toMatch(/1d6, exact roll, exit cost 0, no summons/);
  });

  it.each([
    [['--dice', '1d6'], /^cluedo: --dice goes with --board: it is a rule of the board$/m],
    [['--no-summon'], /^cluedo: --no-summon goes with --board: it is a rule of the board$/m],
    [['--board', 'mansion'], /argument 'mansion' is invalid\. Allowed choices are classic/],
    [['--board', 'classic', '--dice', '3d6'], /Allowed choices are 2d6, 1d6/],
    [['--board', 'classic', '--players', '7'], /^cluedo: --board classic: the classic board has 6 pawns, not enough for 7 seats \(--players 7\)$/m],
  ])('refuses %j in one line, exit 2', (args, message) => {
    const r = simulate(...(args as string[]), '--games', '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
