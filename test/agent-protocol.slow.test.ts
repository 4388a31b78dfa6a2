// Agents from outside: programs speaking the process protocol (docs/agent-protocol.md) and ES
// modules, played by `cluedo simulate` against the contract: the reference agents, determinism
// across threads, every fault the protocol names counted and the run finished, the checks made
// before the first game, and the command line split as a POSIX shell splits it (Python's shlex as
// the independent oracle).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { commandWords } from '../src/agents/external/command-words.js';
import { readPage } from './support/html.js';
import { until } from './support/cluedo-cli.js';
import { jsonWithoutTiming } from './support/timing.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'dist', 'cli', 'cluedo.mjs');
const PYTHON_AGENT = 'python3 examples/agents/elimination_agent.py';
const JS_AGENT = 'node examples/agents/elimination-agent.mjs';
/**
 * The --agent-timeout of the tests in which a program must never answer a request: its hello must
 * still come within it, and a program's start on a loaded machine can take seconds.
 */
const HELLO_SAFE_MS = 15_000;
const misbehaving = (mode: string) => `python3 test/fixtures/agents/misbehaving.py ${mode}`;

function cluedo(...args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Row {
  agent: string;
  seatGames: number;
  wins: number;
  wrongAccusations: number;
  faults: { illegal: number; timeout: number; crash: number };
  faultReasons?: FaultRecord[];
  reportsCertainty: boolean;
  certainRate: { estimate: number } | null;
  meanTurnsToCertain: unknown;
  medianTurnsToCertain: unknown;
  turnsToCertain: unknown[];
}

interface Reason {
  request: { type: string; id?: number };
  reply?: string;
  replyBytes?: number;
  problem: string;
}
interface FaultRecord extends Reason {
  game: number;
  seat: number;
  kind: 'illegal' | 'timeout' | 'crash';
}
interface SeatRecord {
  seat: number;
  agent: string;
  won: boolean;
  fault?: 'illegal' | 'timeout' | 'crash';
  faultReason?: Reason;
  turnsTaken: number;
  turnsToWin: number | null;
  turnsToCertain: number | null;
  reportsCertainty?: boolean;
}
interface RunJson {
  summary: { agents: Row[] };
  accumulator: unknown;
  games: { game: number; seatResults: SeatRecord[] }[];
}

/** simulate with --json (and whatever else `args` asks); the file parsed, its bytes, the streams. */
function run(args: string[]): { status: number | null; stdout: string; stderr: string; json: RunJson; bytes: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'cluedo-agents-')), 'run.json');
  const r = cluedo('simulate', '--json', file, ...args);
  expect(r.status, r.stderr).toBe(0);
  const bytes = readFileSync(file, 'utf8');
  return { ...r, json: JSON.parse(bytes) as RunJson, bytes };
}

/** Every fault of `agent` in the run's games, as the summary keeps them: by game, then seat. */
function faultRecords(json: RunJson, agent: string): FaultRecord[] {
  return json.games.flatMap((g) => g.seatResults.flatMap((s) => (s.agent === agent && s.fault !== undefined ? [{ game: g.game, seat: s.seat, kind: s.fault, ...s.faultReason! }] : [])));
}

/** simulate with --json; the summary's rows and the file's bytes. */
function simulate(args: string[]): { status: number | null; stderr: string; rows: Row[]; json: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'cluedo-agents-')), 'run.json');
  const r = cluedo('simulate', '--json', file, ...args);
  if (r.status !== 0) return { status: r.status, stderr: r.stderr, rows: [], json: '' };
  const json = readFileSync(file, 'utf8');
  return { status: r.status, stderr: r.stderr, rows: (JSON.parse(json) as { summary: { agents: Row[] } }).summary.agents, json };
}

describe('the reference agents', () => {
  it('the Python agents and the JavaScript agent play a whole run, with no fault, the same bytes on 1 and 2 threads', () => {
    const args = ['--agent-cmd', `py=${PYTHON_AGENT}`, '--agent-cmd', `js=${JS_AGENT}`, '--agent-cmd', 'rnd=python3 examples/agents/random_agent.py', '--agents', 'py,js,rnd,deductive', '--players', '4', '--games', '24', '--seed', '7'];
    const one = simulate([...args, '--threads', '1']);
    const two = simulate([...args, '--threads', '2']);
    expect(one.status, one.stderr).toBe(0);
    expect(jsonWithoutTiming(two.json)).toBe(jsonWithoutTiming(one.json));
    for (const row of one.rows) expect(row.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    expect(one.rows.map((r) => r.agent)).toEqual(['py', 'js', 'rnd', 'deductive']);
  });

  it('an agent module plays in every worker thread, the same bytes on 1 and 2 threads', () => {
    const args = ['--agent-module', 'mod=test/fixtures/agents/module-agent.mjs', '--agents', 'mod,naive', '--players', '4', '--games', '16'];
    const one = simulate([...args, '--threads', '1']);
    const two = simulate([...args, '--threads', '2']);
    expect(one.status, one.stderr).toBe(0);
    expect(jsonWithoutTiming(two.json)).toBe(jsonWithoutTiming(one.json));
    expect(one.rows.find((r) => r.agent === 'mod')!.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
  });
});

describe('the library from an agent module', () => {
  it('examples/agents/informed-agent.mjs, reasoning with analyze and suggest, never accuses wrongly; the same bytes on 1 and 2 threads; on the board too', () => {
    const args = ['--agent-module', 'informed=examples/agents/informed-agent.mjs', '--agents', 'informed,deductive', '--players', '3', '--games', '12', '--seed', '5'];
    const one = simulate([...args, '--threads', '1']);
    const two = simulate([...args, '--threads', '2']);
    expect(one.status, one.stderr).toBe(0);
    expect(jsonWithoutTiming(two.json)).toBe(jsonWithoutTiming(one.json));
    const informed = one.rows.find((r) => r.agent === 'informed')!;
    expect(informed.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    expect(informed.wins).toBeGreaterThan(0);
    expect(informed.wrongAccusations).toBe(0);
    const board = simulate([...args, '--board', 'classic', '--games', '4', '--threads', '1']);
    expect(board.status, board.stderr).toBe(0);
    expect(board.rows.find((r) => r.agent === 'informed')!.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
  });
});

describe('faults: the seat is out, the run goes on, each fault counted by kind', () => {
  // 6 games, 3 seats, agents bad and deductive in rotation: bad holds 9 seats, and fails at the
  // first suggestion of each.
  const run = (mode: string, ...extra: string[]) => simulate(['--agent-cmd', `bad=${misbehaving(mode)}`, '--agents', 'bad,deductive', '--players', '3', '--games', '6', '--threads', '1', ...extra]);
  it.each([
    ['garbage', 'illegal'],
    ['wrong-id', 'illegal'],
    ['bad-card', 'illegal'],
    ['illegal', 'illegal'],
    ['crash', 'crash'],
  ] as const)('%s: every seat of the agent ends in one %s fault', (mode, kind) => {
    const r = run(mode);
    expect(r.status, r.stderr).toBe(0);
    const bad = r.rows.find((row) => row.agent === 'bad')!;
    expect(bad.seatGames).toBe(9);
    expect(bad.faults[kind]).toBe(9);
    expect(r.rows.find((row) => row.agent === 'deductive')!.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
  });

  it('a program that never replies: a timeout fault per seat, and the run finishes', () => {
    // The limit is generous (its hello must come within it on a loaded machine); the suggestions never come.
    const r = simulate(['--agent-cmd', `bad=${misbehaving('sleep')}`, '--agent-timeout', String(HELLO_SAFE_MS), '--agents', 'bad,deductive', '--players', '2', '--games', '2', '--threads', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.rows.find((row) => row.agent === 'bad')!.faults).toEqual({ illegal: 0, timeout: 2, crash: 0 });
  }, 240_000);

  it('a program that floods its standard error does not stall the run', () => {
    const r = run('flood');
    expect(r.status, r.stderr).toBe(0);
    expect(r.rows.find((row) => row.agent === 'bad')!.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
  });

  it('a program that keeps running once its input has ended is killed before the command exits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-stubborn-'));
    const r = simulate(['--agent-cmd', `bad=${misbehaving(`stubborn ${dir}`)}`, '--agents', 'bad,deductive', '--players', '3', '--games', '4', '--threads', '2']);
    expect(r.status, r.stderr).toBe(0);
    const pids = readdirSync(dir).map(Number);
    // The check before the first game and at least one worker thread started it.
    expect(pids.length).toBeGreaterThanOrEqual(2);
    // Gone, or a zombie (exited, its status not yet collected by its new parent).
    const running = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    });
    expect(running).toEqual([]);
  });

  it('a program that cannot be started again three times in a row stops the run: exit 1, one line naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-restart-'));
    const r = cluedo('simulate', '--agent-cmd', `bad=${misbehaving(`restart-fails ${dir}`)}`, '--agents', 'bad,deductive', '--games', '20', '--threads', '1');
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^cluedo: the run stopped: .*agent bad: .*cannot start again.*3 starts in a row failed/);
  });
});

describe("the end of a run ends each program's process group", () => {
  // Each program of `forks DIR` forks a child that holds its standard output and error open and
  // sleeps for an hour; the processes started are listed in DIR (test/fixtures/agents/misbehaving.py).
  const started: ChildProcess[] = [];
  const dirs: string[] = [];
  const processes = (dir: string, kind: 'program' | 'child' | 'playing') =>
    readdirSync(dir)
      .filter((name) => name.startsWith(`${kind}-`))
      .map((name) => Number(name.slice(kind.length + 1)));
  /** Whether the process runs (a zombie has exited: only its status is left to collect). */
  const running = (pid: number) => {
    try {
      process.kill(pid, 0);
      return existsSync(`/proc/${pid}`) ? !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) : true;
    } catch {
      return false;
    }
  };
  /**
   * Those of `pids` still running once the command has exited, waited for until their ends are
   * collected: no count of tries decides, only the test's own time limit (a process left running
   * fails it), so a slow machine cannot fail it.
   */
  const survivors = async (pids: number[]) => {
    await until(() => !pids.some(running));
    return pids.filter(running);
  };
  /** simulate with a program of `forks DIR` (or another mode that forks), in a process group of its own, as a shell starts a command. */
  const start = (args: string[], mode = 'forks') => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-forks-'));
    dirs.push(dir);
    const child = spawn(process.execPath, [MAIN, 'simulate', '--agent-cmd', `f=${misbehaving(`${mode} ${dir}`)}`, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    started.push(child);
    let stderr = '';
    child.stdout!.resume();
    child.stderr!.on('data', (d) => (stderr += d));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, dir, exit, stderr: () => stderr };
  };
  afterEach(() => {
    // Whatever a failed test left behind: the command, the programs and their children.
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    for (const dir of dirs.splice(0)) for (const pid of [...processes(dir, 'program'), ...processes(dir, 'child')]) if (running(pid)) process.kill(pid, 'SIGKILL');
  });

  it('a program whose child keeps its output open: the command exits once the run is over, and the child is ended', async () => {
    const run = start(['--agents', 'f,random', '--players', '3', '--games', '4', '--threads', '2']);
    expect(await run.exit, run.stderr()).toBe(0);
    // The check before the first game and at least one worker thread started the program.
    expect(processes(run.dir, 'child').length).toBeGreaterThanOrEqual(2);
    expect(await survivors([...processes(run.dir, 'program'), ...processes(run.dir, 'child')])).toEqual([]);
  }, 120_000);

  it('a program killed after a timeout is killed with its child', async () => {
    // The limit is generous (its hello must come within it on a loaded machine); the suggestions never come.
    const run = start(['--agent-timeout', String(HELLO_SAFE_MS), '--agents', 'f,random', '--players', '2', '--games', '2', '--threads', '1'], 'forks-mute');
    expect(await run.exit, run.stderr()).toBe(0);
    // The check, and a fresh program after each timeout but the last.
    expect(processes(run.dir, 'child').length).toBeGreaterThanOrEqual(3);
    expect(await survivors([...processes(run.dir, 'program'), ...processes(run.dir, 'child')])).toEqual([]);
  }, 240_000);

  it('Ctrl-C at the terminal: passed on to the programs; the command exits 130, and every program and its child is ended', async () => {
    const run = start(['--agents', 'f,random', '--players', '3', '--games', '1000000', '--threads', '2']);
    // A worker thread's program is playing: the terminal's Ctrl-C goes to the command's process group.
    await until(() => processes(run.dir, 'playing').length > 0 || run.child.exitCode !== null);
    process.kill(-run.child.pid!, 'SIGINT');
    expect(await run.exit, run.stderr()).toBe(130);
    // Each program that was playing heard the Ctrl-C, as it would in the terminal's process group.
    for (const pid of processes(run.dir, 'playing')) expect(existsSync(join(run.dir, `interrupted-${pid}`))).toBe(true);
    expect(await survivors([...processes(run.dir, 'program'), ...processes(run.dir, 'child')])).toEqual([]);
  }, 120_000);
});

describe('every fault carries its reason: the request, the reply, what was wrong', () => {
  // 15 games, 3 seats, agents bad and deductive in rotation: bad holds 22 or 23 seats.
  const faulty = (mode: string, ...extra: string[]) => run(['--agent-cmd', `bad=${misbehaving(mode)}`, '--agents', 'bad,deductive', '--players', '3', '--games', '15', '--threads', '1', ...extra]);
  const parsed = (reply: string | undefined) => JSON.parse(reply!) as Record<string, unknown>;

  it.each([
    ['garbage', 'suggest', (r: Reason) => expect([r.reply, r.problem]).toEqual(['this is not JSON', 'the reply is not JSON'])],
    ['wrong-id', 'suggest', (r: Reason) => {
      expect(parsed(r.reply).id).toBe(r.request.id! + 1);
      expect(r.problem).toBe(`the reply's "id" is ${r.request.id! + 1}, the request's ${r.request.id}`);
    }],
    ['bad-card', 'suggest', (r: Reason) => {
      expect(parsed(r.reply)).toMatchObject({ id: r.request.id, cards: ['Miss Scarlet', 'Banana', 'Kitchen'] });
      expect(r.problem).toMatch(/^cards\[1\]: unknown card "Banana"/);
    }],
    ['illegal', 'suggest', (r: Reason) => {
      expect(parsed(r.reply)).toMatchObject({ id: r.request.id, cards: ['Miss Scarlet', 'Colonel Mustard', 'Kitchen'] });
      expect(r.problem).toMatch(/"cards" must name one card of each category: .*"Miss Scarlet".*"Colonel Mustard".*/);
    }],
    ['wrong-show', 'refute', (r: Reason) => {
      const reply = parsed(r.reply) as { id: number; show: string; options: string[] };
      expect(reply.id).toBe(r.request.id);
      expect(reply.options).not.toContain(reply.show);
      const quoted = reply.options.map((o) => JSON.stringify(o));
      const listed = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
      expect(r.problem).toBe(`"show": ${JSON.stringify(reply.show)} is not one of the options ${listed}`);
    }],
    ['crash', 'suggest', (r: Reason) => expect([r.reply, r.problem]).toEqual([undefined, 'the program exited (code 1)'])],
    ['raise', 'suggest', (r: Reason) => {
      expect(r.reply).toBeUndefined();
      // Its standard error read to the end: the traceback's last line, the same whatever the timing.
      expect(r.problem).toMatch(/^the program exited \(code 1\); it wrote: .*ZeroDivisionError: division by zero$/);
    }],
  ] as const)('%s: each faulted seat of the JSON says which %s request, what came back and why', (mode, type, check) => {
    const r = faulty(mode);
    const records = faultRecords(r.json, 'bad');
    const row = r.json.summary.agents.find((a) => a.agent === 'bad')!;
    expect(records.length).toBe(row.faults.illegal + row.faults.timeout + row.faults.crash);
    expect(records.length).toBeGreaterThan(10);
    for (const record of records) {
      expect(record.request.type).toBe(type);
      expect(Number.isInteger(record.request.id) && record.request.id! >= 1).toBe(true);
      check(record);
    }
    // The summary keeps the first ten, by game and seat, with the counts of all.
    expect(row.faultReasons).toEqual(records.slice(0, 10));
    expect(r.json.summary.agents.find((a) => a.agent === 'deductive')!.faultReasons).toBeUndefined();
  });

  it("a crash quotes what the program wrote on its standard error since the request, never an earlier game's lines", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-log-crash-'));
    const r = run(['--agent-cmd', `bad=python3 test/fixtures/agents/misbehaving.py log-crash ${dir}`, '--agents', 'bad,deductive', '--players', '3', '--games', '6', '--threads', '1']);
    const crashes = r.json.games.flatMap((g) => g.seatResults.filter((s) => s.fault === 'crash').map((s) => ({ game: g.game, problem: s.faultReason!.problem })));
    expect(crashes.length).toBeGreaterThan(0);
    // One process played games 0 to 2 before it: their lines are not the crash's.
    for (const c of crashes) expect(c).toEqual({ game: 3, problem: 'the program exited (code 1); it wrote: suggest of game 3' });
  });

  it('a reply out of step (a stray line before the reply) is an illegal fault, and the program is started afresh before its next request', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-stray-'));
    const r = run(['--agent-cmd', `bad=python3 test/fixtures/agents/misbehaving.py stray ${dir}`, '--agents', 'bad,deductive', '--players', '3', '--games', '6', '--threads', '1']);
    const records = faultRecords(r.json, 'bad');
    expect(records.length).toBe(9);
    for (const record of records) expect([record.kind, record.request.type, record.reply, record.problem]).toEqual(['illegal', 'suggest', 'thinking...', 'the reply is not JSON']);
    // The check before the first game, the thread's first process, and one more after each fault
    // but a game's last (the next start comes with the next request).
    const starts = readdirSync(dir).length;
    expect(starts).toBeGreaterThanOrEqual(records.length);
    expect(starts).toBeLessThanOrEqual(records.length + 2);
  });

  it('a reply longer than 200 bytes is kept as its first 200 bytes, with its length', () => {
    const r = faulty('flood-reply');
    const [record] = faultRecords(r.json, 'bad');
    expect(Buffer.byteLength(record.reply!)).toBeLessThanOrEqual(200);
    expect(record.replyBytes).toBe(Buffer.byteLength(`{"id": ${record.request.id}, "cards": "${'é'.repeat(150)}"}`));
    expect(`{"id": ${record.request.id}, "cards": "${'é'.repeat(150)}"}`.startsWith(record.reply!)).toBe(true);
  });

  it('the same bytes on 1 and 2 threads, reasons included, and from shards merged in any order', () => {
    const args = ['--agent-cmd', `bad=${misbehaving('sometimes')}`, '--agents', 'bad,deductive', '--players', '3', '--games', '24', '--seed', '3'];
    const one = run([...args, '--threads', '1']);
    const two = run([...args, '--threads', '2']);
    expect(jsonWithoutTiming(two.bytes)).toBe(jsonWithoutTiming(one.bytes));
    const records = faultRecords(one.json, 'bad');
    expect(records.length).toBeGreaterThan(0);
    expect(one.json.summary.agents.find((a) => a.agent === 'bad')!.faultReasons).toEqual(records.slice(0, 10));
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-fault-shards-'));
    for (const i of [1, 2, 3]) expect(cluedo('simulate', ...args, '--threads', String(1 + (i % 2)), '--shard', `${i}/3`, '--out', join(dir, `${i}.json`), '--keep-games').status).toBe(0);
    const merged = join(dir, 'merged.json');
    const m = cluedo('merge', join(dir, '3.json'), join(dir, '1.json'), join(dir, '2.json'), '--json', merged);
    expect(m.status, m.stderr).toBe(0);
    const mergedJson = JSON.parse(readFileSync(merged, 'utf8')) as RunJson;
    expect(JSON.stringify(mergedJson.summary)).toBe(JSON.stringify(one.json.summary));
    expect(JSON.stringify(mergedJson.games)).toBe(JSON.stringify(one.json.games));
  });

  it('the first five are printed on standard error as they happen, one line each, then how many more and where', () => {
    const r = faulty('garbage');
    const records = faultRecords(r.json, 'bad');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    const shown = lines.slice(0, 5).map((line) => {
      const m = /^cluedo: agent bad, game (\d+), seat P(\d+): illegal reply to request (\d+) \(suggest\): the reply is not JSON; it replied: this is not JSON$/.exec(line);
      expect(m, line).not.toBeNull();
      return records.find((f) => f.game === Number(m![1]) && f.seat === Number(m![2]) && f.request.id === Number(m![3]));
    });
    // Five different faults of the run, none lost or doubled.
    expect(new Set(shown).size).toBe(5);
    expect(shown).not.toContain(undefined);
    expect(lines[5]).toMatch(new RegExp(`^cluedo: ${records.length - 5} more faults of agents from outside, not shown: every one is in .*run\\.json`));
  });

  it('control characters in a reply are escaped on standard error and kept as they are in the JSON', () => {
    const r = faulty('escape');
    const [record] = faultRecords(r.json, 'bad');
    expect(record.reply).toBe('\u001b[31mred\u0007 alert\r');
    expect(record.problem).toBe('the reply is not JSON');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(lines[0]).toMatch(/: the reply is not JSON; it replied: \\u001b\[31mred\\u0007 alert\\r$/);
  });

  it('the HTML report lists the faults kept with their reasons', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-fault-report-'));
    const r = faulty('wrong-show', '--report', join(dir, 'report.html'));
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const row = r.json.summary.agents.find((a) => a.agent === 'bad')!;
    expect(html).toContain('<h2 id="faults">Faults of agents from outside</h2>');
    // The program's replies are shown as text (the page is only the report's tags and text).
    const { text } = readPage(html);
    for (const record of row.faultReasons!) {
      expect(text).toContain(record.problem);
      expect(text).toContain(record.reply!);
    }
  });

  it('a timeout says which request went unanswered, and how long it waited', () => {
    const r = run(['--agent-cmd', `bad=${misbehaving('sleep')}`, '--agent-timeout', String(HELLO_SAFE_MS), '--agents', 'bad,deductive', '--players', '2', '--games', '2', '--threads', '1']);
    const records = faultRecords(r.json, 'bad');
    expect(records).toHaveLength(2);
    for (const record of records) expect(record).toMatchObject({ kind: 'timeout', request: { type: 'suggest' }, problem: `no reply within ${HELLO_SAFE_MS} ms` });
    for (const record of records) expect(record.reply).toBeUndefined();
  }, 240_000);
});

describe('certainty: reported by programs with the certain extension, n/a for the others', () => {
  it('a program without the extension: the JSON, the text report and the CSV say its certainty does not apply', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-certainty-'));
    const r = run(['--agent-cmd', 'rnd=python3 examples/agents/random_agent.py', '--agents', 'rnd,deductive', '--players', '3', '--games', '6', '--threads', '1', '--csv', join(dir, 'run.csv')]);
    const rnd = r.json.summary.agents.find((a) => a.agent === 'rnd')!;
    expect(rnd).toMatchObject({ reportsCertainty: false, certainRate: null, meanTurnsToCertain: null, medianTurnsToCertain: null, turnsToCertain: [] });
    const deductive = r.json.summary.agents.find((a) => a.agent === 'deductive')!;
    expect(deductive.reportsCertainty).toBe(true);
    expect(deductive.certainRate!.estimate).toBeGreaterThan(0);
    for (const g of r.json.games) for (const s of g.seatResults) expect(s.reportsCertainty).toBe(s.agent === 'rnd' ? false : undefined);
    // The text report: n/a in each certainty column of rnd's row, and a note saying why.
    const row = r.stdout.split('\n').find((line) => line.startsWith('rnd '))!;
    expect(row.match(/n\/a/g)).toHaveLength(3);
    expect(r.stdout).toMatch(/^n\/a: rnd does not report when it is certain/m);
    expect(r.stdout.split('\n').find((line) => line.startsWith('deductive '))).not.toMatch(/n\/a/);
    // The CSV: n/a in turnsToCertain for rnd's seats, a number or nothing for deductive's.
    const rows = readFileSync(join(dir, 'run.csv'), 'utf8').trimEnd().split('\n').map((line) => line.split(','));
    const column = rows[0].indexOf('turnsToCertain');
    for (const cells of rows.slice(1)) expect(cells[column] === 'n/a').toBe(cells[2] === 'rnd');
  });

  it('a solo program without the extension: the solo line says its rounds until certain do not apply', () => {
    const r = cluedo('simulate', '--agent-cmd', 'rnd=python3 examples/agents/random_agent.py', '--solo', 'rnd', '--field', 'naive', '--players', '3', '--games', '3', '--threads', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('Solo rnd among 2 × naive (who never accuse): rounds until certain n/a (rnd does not report when it is certain)');
  });

  it('a program with the extension: its turns to certain are those of the accuse request at which it said so', () => {
    const into = mkdtempSync(join(tmpdir(), 'cluedo-certain-rec-'));
    const r = run(['--agent-cmd', `rec=python3 test/fixtures/agents/recording.py ${into} certain`, '--agents', 'rec,deductive', '--players', '3', '--games', '6', '--seed', '2', '--threads', '1']);
    const rec = r.json.summary.agents.find((a) => a.agent === 'rec')!;
    expect(rec.reportsCertainty).toBe(true);
    // What it was asked: per game and seat, the suggest requests made before its third accuse request (its turn then).
    const requests = readdirSync(into).flatMap((f) =>
      readFileSync(join(into, f), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; gameId: number; seat: number }),
    );
    let certain = 0;
    for (const g of r.json.games) {
      for (const s of g.seatResults.filter((x) => x.agent === 'rec')) {
        const mine = requests.filter((q) => q.gameId === g.game && q.seat === s.seat);
        const third = mine.map((q, i) => (q.type === 'accuse' ? i : -1)).filter((i) => i >= 0)[2];
        const expected = third === undefined ? null : mine.slice(0, third).filter((q) => q.type === 'suggest').length;
        expect(s.turnsToCertain, `game ${g.game}, seat ${s.seat}`).toBe(expected);
        if (expected !== null) certain++;
      }
    }
    expect(certain).toBeGreaterThan(0);
    expect(rec.certainRate!.estimate).toBeCloseTo(certain / rec.seatGames, 12);
  });

  it('an accusation made under the extension without "certain" counts as certain: the elimination agent is certain when it wins', () => {
    const r = run(['--agent-cmd', 'elim=python3 examples/agents/elimination_agent.py', '--agents', 'elim,random', '--players', '3', '--games', '12', '--threads', '1']);
    const elim = r.json.summary.agents.find((a) => a.agent === 'elim')!;
    expect(elim.reportsCertainty).toBe(true);
    expect(elim.wins).toBeGreaterThan(0);
    for (const g of r.json.games) for (const s of g.seatResults.filter((x) => x.agent === 'elim' && x.won)) expect(s.turnsToCertain).toBe(s.turnsToWin);
  });
});

describe('the "did you mean" of an unknown agent knows the agents the command line defines', () => {
  it.each(['simulate', 'league'])('%s: --agents nb2 with nb defined by --agent-cmd proposes nb (exit 2, one line)', (command) => {
    const r = cluedo(command, '--agent-cmd', 'nb=python3 examples/agents/random_agent.py', '--agents', 'nb2,deductive,naive', '--players', '2', '--games', '2');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^cluedo: --agents: unknown agent "nb2"; did you mean "nb"\? \(agents: random, .*, planner, nb\)\n$/);
  });

  it('and the agents of --agent-module', () => {
    const r = cluedo('simulate', '--agent-module', 'mymod=test/fixtures/agents/module-agent.mjs', '--agents', 'mymodd,deductive', '--games', '2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^cluedo: --agents: unknown agent "mymodd"; did you mean "mymod"\?/);
  });

  it('agents are matched by the name rule: --agents MYMOD seats the agent defined as mymod, under its own name', () => {
    const r = simulate(['--agent-module', 'mymod=test/fixtures/agents/module-agent.mjs', '--agents', 'MY_MOD,deductive', '--players', '2', '--games', '2']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.rows.map((a) => a.agent)).toEqual(['mymod', 'deductive']);
  });

  it.each([
    [['--agent-cmd', 'Deductive=python3 x.py'], /^cluedo: --agent-cmd: agent name "Deductive" is a built-in agent's \("deductive"\); choose another\n$/],
    [['--agent-cmd', 'my-bot=python3 x.py', '--agent-module', 'my_bot=x.mjs'], /^cluedo: --agent-module: agent "my_bot" is defined twice \(as "my-bot"\) \(names are matched ignoring case, spaces, "_", "-" and "."\)\n$/],
    [['--agent-cmd', 'bot=python3 x.py', '--agent-cmd', 'bot=python3 y.py'], /^cluedo: --agent-cmd: agent "bot" is defined twice \(names are matched/],
  ])('%j: two names the name rule cannot tell apart are refused (exit 2, one line)', (options, message) => {
    const r = cluedo('simulate', ...options, '--agents', 'deductive,naive', '--games', '2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('with no name near, no guess: the agents are listed', () => {
    const r = cluedo('simulate', '--agent-cmd', 'nb=python3 examples/agents/random_agent.py', '--agents', 'zzzzzz,deductive', '--games', '2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^cluedo: --agents: unknown agent "zzzzzz" \(agents: random, .*, planner, nb\)\n$/);
  });
});

describe('checked before the first game: one line naming the agent', () => {
  it.each([
    [['--agent-cmd', `bad=${misbehaving('no-hello')}`, '--agent-timeout', '300'], 1, /^cluedo: --agent-cmd bad: no hello within 300 ms; nothing was played$/],
    [['--agent-cmd', `bad=${misbehaving('deaf')}`, '--agent-timeout', '300'], 1, /^cluedo: --agent-cmd bad: no hello within 300 ms; nothing was played$/],
    [['--agent-cmd', `bad=${misbehaving('protocol-2')}`], 1, /^cluedo: --agent-cmd bad: it speaks protocol 2, the engine protocol 1; nothing was played$/],
    [['--agent-cmd', 'bad=no-such-program-here --x'], 1, /^cluedo: --agent-cmd bad: cannot run "no-such-program-here": no such program; nothing was played$/],
    [['--agent-module', 'bad=test/fixtures/agents/not-an-agent.mjs'], 1, /^cluedo: --agent-module bad: its default export must be a function that makes an agent, not missing; nothing was played$/],
    [['--agent-module', 'bad=test/fixtures/agents/missing.mjs'], 1, /^cluedo: --agent-module bad: no such file ".*missing\.mjs"; nothing was played$/],
    [['--agent-cmd', 'deductive=python3 x.py'], 2, /^cluedo: --agent-cmd: agent name "deductive" is a built-in agent's; choose another$/],
    [['--agent-cmd', 'bad=python3 "x.py'], 2, /^cluedo: --agent-cmd: the command of "bad" has an unterminated double quote$/],
    [['--agent-cmd', 'b/d=python3 x.py'], 2, /^cluedo: --agent-cmd: agent name "b\/d" must be 1 to 40 letters/],
  ] as const)('%j: exit %i', (options, status, message) => {
    const r = cluedo('simulate', ...options, '--agents', `${options[1].slice(0, options[1].indexOf('='))},deductive`, '--games', '2');
    expect(r.status).toBe(status);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
  });
});

describe('the command of --agent-cmd is split as a POSIX shell splits it', () => {
  const shlex = (commands: string[]): (string[] | null)[] => {
    const script = 'import json,shlex,sys\nout=[]\nfor c in json.load(sys.stdin):\n  try: out.append(shlex.split(c, posix=True))\n  except ValueError: out.append(None)\nprint(json.dumps(out))';
    const r = spawnSync('python3', ['-c', script], { input: JSON.stringify(commands), encoding: 'utf8' });
    return JSON.parse(r.stdout) as (string[] | null)[];
  };
  it('as Python\'s shlex (POSIX mode) splits it, on random commands of quotes, backslashes and blanks', () => {
    const commands = fc.sample(fc.array(fc.constantFrom('a', 'b', ' ', '\t', "'", '"', '\\', '$', '#x', '='), { maxLength: 14 }).map((parts) => parts.join('')), { numRuns: 400, seed: 16 });
    const expected = shlex(commands);
    commands.forEach((command, i) => {
      // shlex treats '#' as a comment; the engine splits it as a character, as a shell does mid-word
      if (command.includes('#')) return;
      let words: string[] | null;
      try {
        words = commandWords(command);
      } catch {
        words = null;
      }
      expect(words, JSON.stringify(command)).toEqual(expected[i]);
    });
  });
});
