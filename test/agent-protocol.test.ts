// Agents from outside: programs speaking the process protocol (docs/agent-protocol.md) and ES
// modules, played by `cluedo simulate` against the contract: the reference agents, determinism
// across threads, every fault the protocol names counted and the run finished, the checks made
// before the first game, and the command line split as a POSIX shell splits it (Python's shlex as
// the independent oracle).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandWords } from '../src/agents/external/command-words.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'dist', 'cli', 'cluedo.mjs');
const PYTHON_AGENT = 'python3 examples/agents/elimination_agent.py';
const JS_AGENT = 'node examples/agents/elimination-agent.mjs';
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
    expect(two.json).toBe(one.json);
    for (const row of one.rows) expect(row.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    expect(one.rows.map((r) => r.agent)).toEqual(['py', 'js', 'rnd', 'deductive']);
  });

  it('an agent module plays in every worker thread, the same bytes on 1 and 2 threads', () => {
    const args = ['--agent-module', 'mod=test/fixtures/agents/module-agent.mjs', '--agents', 'mod,naive', '--players', '4', '--games', '16'];
    const one = simulate([...args, '--threads', '1']);
    const two = simulate([...args, '--threads', '2']);
    expect(one.status, one.stderr).toBe(0);
    expect(two.json).toBe(one.json);
    expect(one.rows.find((r) => r.agent === 'mod')!.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
  });
});

describe('the library from an agent module', () => {
  it('examples/agents/informed-agent.mjs, reasoning with analyze and suggest, never accuses wrongly; the same bytes on 1 and 2 threads; on the board too', () => {
    const args = ['--agent-module', 'informed=examples/agents/informed-agent.mjs', '--agents', 'informed,deductive', '--players', '3', '--games', '12', '--seed', '5'];
    const one = simulate([...args, '--threads', '1']);
    const two = simulate([...args, '--threads', '2']);
    expect(one.status, one.stderr).toBe(0);
    expect(two.json).toBe(one.json);
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
    const r = simulate(['--agent-cmd', `bad=${misbehaving('sleep')}`, '--agent-timeout', '4000', '--agents', 'bad,deductive', '--players', '2', '--games', '2', '--threads', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.rows.find((row) => row.agent === 'bad')!.faults).toEqual({ illegal: 0, timeout: 2, crash: 0 });
  });

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
