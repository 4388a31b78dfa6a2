/**
 * The files the commands write (simulate's and merge's outputs, a shard file, --logs, the game log
 * of new and add), through the built command line: a write that stops half way leaves the previous
 * file whole and no temporary behind; a device or a pipe is written in place, never replaced by a
 * file, and a game log must be a regular file; a symbolic link is written through, a file keeps
 * its mode (and its owner, as root), a read-only file is refused; two paths naming one file are
 * refused before any work.
 *
 * A write is stopped half way by the kernel, deterministically: under a limit on the size of the
 * files the process writes (`ulimit -f`), a write past it fails (Node ignores SIGXFSZ, so the
 * write gets EFBIG where another program would be killed), at the same point every time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cluedo, MAIN, type CliResult } from './support/cluedo-cli.js';

const asRoot = process.getuid?.() === 0;
const QUICK = ['--players', '4', '--agents', 'naive,deductive', '--threads', '1', '--seed', '3'];
/** About 1.5 kB of --json per game: 200 games are some 300 kB, far past the limit below. */
const BIG = [...QUICK, '--games', '200'];
const NEW_LOG = ['--players', 'Ann,Bob,Cat,Dan', '--me', 'ann', '--hand', 'scarlet,knife,kitchen,hall,plum'];
const TURN = ['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Dan'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cluedo-output-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh folder of its own for one test. */
function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
}

/** `cluedo ...args` in `cwd` under a limit of `blocks` (of 512 or 1024 bytes, as the shell counts) on the size of a file it writes. */
function cluedoWithSizeLimit(cwd: string, blocks: number, ...args: string[]): CliResult {
  const r = spawnSync('/bin/sh', ['-c', `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, MAIN, ...args], { cwd, encoding: 'utf8', timeout: 240_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const temporaries = (path: string) => readdirSync(path).filter((f) => f.endsWith('.tmp'));
const mode = (path: string) => statSync(path).mode & 0o7777;

function expectOneLine(r: CliResult, status: number, line: string | RegExp): void {
  expect(r.status, r.stderr).toBe(status);
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  if (typeof line === 'string') expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
}

describe('a write stopped half way leaves the previous file whole', () => {
  it('simulate --json over an existing file: the old file intact, no temporary left, the reason in one line (exit 1)', () => {
    const cwd = folder('stopped-json');
    writeFileSync(join(cwd, 'run.json'), 'the previous run\n');
    const r = cluedoWithSizeLimit(cwd, 64, 'simulate', ...BIG, '--json', 'run.json');
    expectOneLine(r, 1, 'cluedo: cannot write --json "run.json": the file is too large (EFBIG)');
    expect(readFileSync(join(cwd, 'run.json'), 'utf8')).toBe('the previous run\n');
    expect(temporaries(cwd)).toEqual([]);
    // Without the limit, the same command replaces it whole.
    expect(cluedo(['simulate', ...BIG, '--json', 'run.json'], { cwd }).status).toBe(0);
    expect((JSON.parse(readFileSync(join(cwd, 'run.json'), 'utf8')) as { games: unknown[] }).games).toHaveLength(200);
  });

  it('--logs: a game log of an earlier run intact', () => {
    const cwd = folder('stopped-logs');
    expect(cluedo(['simulate', ...QUICK, '--games', '1', '--logs', 'logs'], { cwd }).status).toBe(0);
    const log = join(cwd, 'logs', 'game-1-P0.json');
    const before = readFileSync(log, 'utf8');
    expect(before.length).toBeGreaterThan(1024);
    const r = cluedoWithSizeLimit(cwd, 1, 'simulate', ...QUICK, '--games', '1', '--logs', 'logs');
    expectOneLine(r, 1, 'cluedo: cannot write --logs "logs": the file is too large (EFBIG)');
    expect(readFileSync(log, 'utf8')).toBe(before);
    expect(temporaries(join(cwd, 'logs'))).toEqual([]);
  });

  it('merge --json over an existing file: intact', () => {
    const cwd = folder('stopped-merge');
    for (const i of [1, 2]) expect(cluedo(['simulate', ...BIG, '--shard', `${i}/2`, '--keep-games', '--out', `part-${i}.json`], { cwd }).status).toBe(0);
    writeFileSync(join(cwd, 'merged.json'), 'the previous merge\n');
    const r = cluedoWithSizeLimit(cwd, 64, 'merge', 'part-1.json', 'part-2.json', '--json', 'merged.json');
    expectOneLine(r, 1, 'cluedo: cannot write --json "merged.json": the file is too large (EFBIG)');
    expect(readFileSync(join(cwd, 'merged.json'), 'utf8')).toBe('the previous merge\n');
    expect(temporaries(cwd)).toEqual([]);
  });

  it('the temporaries of the same file left by processes that no longer run are removed at the next write; a running one and another file’s are kept', () => {
    const cwd = folder('stale');
    // A process that has ended: its pid names no running process.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const stale = `.run.json.${ended}.tmp`;
    const running = `.run.json.${process.pid}.tmp`;
    const another = `.other.json.${ended}.tmp`;
    for (const name of [stale, running, another]) writeFileSync(join(cwd, name), 'half a file');
    expect(cluedo(['simulate', ...QUICK, '--games', '2', '--json', 'run.json'], { cwd }).status).toBe(0);
    expect(temporaries(cwd).sort()).toEqual([another, running].sort());
  });
});

describe('devices and pipes', () => {
  it('new --force refuses a pipe or a device in the log’s place, in one line (exit 1), and leaves it as it was', () => {
    const cwd = folder('new-on-device');
    expect(spawnSync('mkfifo', [join(cwd, 'pipe')]).status).toBe(0);
    expectOneLine(cluedo(['new', 'pipe', '--force', ...NEW_LOG], { cwd }), 1, 'cluedo: the log "pipe": it is a pipe');
    expect(lstatSync(join(cwd, 'pipe')).isFIFO()).toBe(true);
    if (asRoot) {
      // A null device of the test's own: /dev/null itself must not be risked.
      expect(spawnSync('mknod', [join(cwd, 'null'), 'c', '1', '3']).status).toBe(0);
      expectOneLine(cluedo(['new', 'null', '--force', ...NEW_LOG], { cwd }), 1, 'cluedo: the log "null": it is a character device');
      expect(lstatSync(join(cwd, 'null')).isCharacterDevice()).toBe(true);
    }
    expect(temporaries(cwd)).toEqual([]);
  });

  it.runIf(asRoot)('an output on a block device is refused before any game (exit 1), the device left as it was', () => {
    const cwd = folder('block-device');
    // A device number no disk has: nothing is risked.
    expect(spawnSync('mknod', [join(cwd, 'disk'), 'b', '7', '250']).status).toBe(0);
    const r = cluedo(['simulate', ...QUICK, '--games', '2', '--json', 'disk'], { cwd });
    expectOneLine(r, 1, 'cluedo: --json "disk": it is a block device');
    expect(r.stdout).toBe('');
    expect(lstatSync(join(cwd, 'disk')).isBlockDevice()).toBe(true);
  });

  it('an output on /dev/null is written to it; two outputs on it are no clash', () => {
    const r = cluedo(['simulate', ...QUICK, '--games', '2', '--json', '/dev/null', '--csv', '/dev/null']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('an output on a pipe is written into the pipe, which stays a pipe', () => {
    const cwd = folder('pipe-output');
    const pipe = join(cwd, 'rows');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    // The reader reads the pipe to its end, which the writer's close makes.
    const r = spawnSync('/bin/sh', ['-c', 'cat rows > got.csv & "$0" "$@"; s=$?; wait; exit $s', process.execPath, MAIN, 'simulate', ...QUICK, '--games', '2', '--csv', 'rows'], {
      cwd,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(cwd, 'got.csv'), 'utf8').trim().split('\n')).toHaveLength(1 + 2 * 4);
    expect(lstatSync(pipe).isFIFO()).toBe(true);
  });

  it('--json /dev/stdout with standard output on a file: the JSON follows the summary in that same file', () => {
    const cwd = folder('stdout-output');
    const out = join(cwd, 'all.txt');
    const fd = openSync(out, 'w');
    const inode = statSync(out).ino;
    try {
      const r = spawnSync(process.execPath, [MAIN, 'simulate', ...QUICK, '--games', '2', '--json', '/dev/stdout'], { cwd, encoding: 'utf8', stdio: ['ignore', fd, 'pipe'], timeout: 240_000 });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      closeSync(fd);
    }
    expect(statSync(out).ino).toBe(inode);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^2 of 2 games, 4 players/);
    const json = JSON.parse(text.slice(text.indexOf('\n{') + 1)) as { games: unknown[] };
    expect(json.games).toHaveLength(2);
    expect(temporaries(cwd)).toEqual([]);
  });
});

describe('links, modes and owners of a game log', () => {
  const events = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { events: unknown[] }).events.length;

  it('add and new --force through a symbolic link write the file it leads to; the link stays a link', () => {
    const cwd = folder('links');
    mkdirSync(join(cwd, 'real'));
    expect(cluedo(['new', 'real/game.json', ...NEW_LOG], { cwd }).status).toBe(0);
    symlinkSync('real/game.json', join(cwd, 'game.json'));
    const added = cluedo(['add', 'game.json', ...TURN], { cwd });
    expect(added.status, added.stderr).toBe(0);
    expect(lstatSync(join(cwd, 'game.json')).isSymbolicLink()).toBe(true);
    expect(events(join(cwd, 'real', 'game.json'))).toBe(1);
    const again = cluedo(['new', 'game.json', '--force', ...NEW_LOG], { cwd });
    expect(again.status, again.stderr).toBe(0);
    expect(lstatSync(join(cwd, 'game.json')).isSymbolicLink()).toBe(true);
    expect(events(join(cwd, 'real', 'game.json'))).toBe(0);
    // A link to a file not yet made: new makes the file.
    symlinkSync('real/later.json', join(cwd, 'later.json'));
    expect(cluedo(['new', 'later.json', '--force', ...NEW_LOG], { cwd }).status).toBe(0);
    expect(lstatSync(join(cwd, 'later.json')).isSymbolicLink()).toBe(true);
    expect(events(join(cwd, 'real', 'later.json'))).toBe(0);
    expect([...temporaries(cwd), ...temporaries(join(cwd, 'real'))]).toEqual([]);
  });

  it.each([
    ['600', 0o600],
    ['640', 0o640],
    ['666', 0o666],
  ])('a log of mode %s keeps it through add and new --force, whatever the umask', (_, bits) => {
    const cwd = folder(`mode-${bits.toString(8)}`);
    expect(cluedo(['new', 'game.json', ...NEW_LOG], { cwd }).status).toBe(0);
    chmodSync(join(cwd, 'game.json'), bits);
    expect(cluedo(['add', 'game.json', ...TURN], { cwd }).status).toBe(0);
    expect(mode(join(cwd, 'game.json'))).toBe(bits);
    expect(cluedo(['new', 'game.json', '--force', ...NEW_LOG], { cwd }).status).toBe(0);
    expect(mode(join(cwd, 'game.json'))).toBe(bits);
  });

  it('an output of simulate keeps its mode too', () => {
    const cwd = folder('mode-output');
    writeFileSync(join(cwd, 'part.json'), 'old');
    chmodSync(join(cwd, 'part.json'), 0o600);
    expect(cluedo(['simulate', ...QUICK, '--games', '2', '--shard', '1/1', '--out', 'part.json'], { cwd }).status).toBe(0);
    expect(mode(join(cwd, 'part.json'))).toBe(0o600);
  });

  it.runIf(asRoot)('as root, a log keeps its owner and group', () => {
    const cwd = folder('owner');
    expect(cluedo(['new', 'game.json', ...NEW_LOG], { cwd }).status).toBe(0);
    chownSync(join(cwd, 'game.json'), 4321, 4322);
    expect(cluedo(['add', 'game.json', ...TURN], { cwd }).status).toBe(0);
    const stats = statSync(join(cwd, 'game.json'));
    expect([stats.uid, stats.gid]).toEqual([4321, 4322]);
  });

  it('a read-only log is refused by add and new --force, in one line (exit 1), and left as it was', () => {
    const cwd = folder('read-only');
    expect(cluedo(['new', 'game.json', ...NEW_LOG], { cwd }).status).toBe(0);
    const file = join(cwd, 'game.json');
    chmodSync(file, 0o444);
    const before = readFileSync(file, 'utf8');
    expectOneLine(cluedo(['add', 'game.json', ...TURN], { cwd }), 1, 'cluedo: the log "game.json": it is read-only');
    expectOneLine(cluedo(['new', 'game.json', '--force', ...NEW_LOG], { cwd }), 1, 'cluedo: the log "game.json": it is read-only');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(mode(file)).toBe(0o444);
    expect(temporaries(cwd)).toEqual([]);
  });
});

describe('two paths naming one file', () => {
  const run = (cwd: string, ...outputs: string[]) => cluedo(['simulate', ...QUICK, '--games', '2', ...outputs], { cwd });

  it('a symbolic link, a hard link, ./a.json and a.json: refused before any game (exit 2), naming both options', () => {
    const cwd = folder('same-file');
    writeFileSync(join(cwd, 'a.json'), 'kept');
    symlinkSync('a.json', join(cwd, 'link.json'));
    linkSync(join(cwd, 'a.json'), join(cwd, 'hard.json'));
    symlinkSync('later.json', join(cwd, 'link-to-later.json'));
    const cases: Array<[string[], string]> = [
      [['--json', 'a.json', '--csv', 'link.json'], 'cluedo: --json "a.json" and --csv "link.json" name the same file'],
      [['--json', 'a.json', '--report', 'hard.json'], 'cluedo: --json "a.json" and --report "hard.json" name the same file'],
      [['--json', './a.json', '--csv', 'a.json'], 'cluedo: --json "./a.json" and --csv "a.json" name the same file'],
      [['--json', 'later.json', '--csv', 'sub/../link-to-later.json'], 'cluedo: --json "later.json" and --csv "sub/../link-to-later.json" name the same file'],
    ];
    mkdirSync(join(cwd, 'sub'));
    for (const [outputs, line] of cases) {
      const r = run(cwd, ...outputs);
      expectOneLine(r, 2, line);
      expect(r.stdout).toBe('');
    }
    expect(readFileSync(join(cwd, 'a.json'), 'utf8')).toBe('kept');
  });

  it('merge refuses an output that is one of its shard files (exit 2), which stays as it was', () => {
    const cwd = folder('merge-same');
    for (const i of [1, 2]) expect(cluedo(['simulate', ...QUICK, '--games', '4', '--shard', `${i}/2`, '--out', `p${i}.json`], { cwd }).status).toBe(0);
    symlinkSync('p2.json', join(cwd, 'link.json'));
    const before = readFileSync(join(cwd, 'p1.json'), 'utf8');
    const r = cluedo(['merge', 'p1.json', 'p2.json', '--json', 'p1.json'], { cwd });
    expectOneLine(r, 2, 'cluedo: the shard file and --json name the same file "p1.json"');
    expect(r.stdout).toBe('');
    expectOneLine(cluedo(['merge', 'p1.json', 'p2.json', '--report', 'link.json'], { cwd }), 2, 'cluedo: the shard file "p2.json" and --report "link.json" name the same file');
    expect(readFileSync(join(cwd, 'p1.json'), 'utf8')).toBe(before);
    expect(lstatSync(join(cwd, 'link.json')).isSymbolicLink()).toBe(true);
  });
});
