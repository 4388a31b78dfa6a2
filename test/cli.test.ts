/**
 * The built command line (dist/cli/main.js), run as a child process from the project root:
 * outputs, agreement with the library, exit codes, one-line errors, Ctrl-C.
 *
 * Needs `npm run build` (`npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze } from '../src/analysis/analyze.js';
import { toJson } from '../src/io/json.js';
import { suggest } from '../src/analysis/suggest.js';
import { formatMedianInterval, formatRateInterval } from '../src/tournament/format.js';
import type { Summary } from '../src/tournament/types.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = 'dist/cli/main.js';

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function env(): NodeJS.ProcessEnv {
  const e = { ...process.env };
  delete e.CLUEDO_DEBUG; // stack traces only when asked for
  delete e.NODE_OPTIONS;
  return e;
}

function cluedo(...args: string[]): Run {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', env: env(), timeout: 60_000 });
  if (r.error) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const SIGINT_READY = fileURLToPath(new URL('./support/sigint-ready.mjs', import.meta.url));

/**
 * Starts the CLI, sends SIGINT as soon as it handles Ctrl-C (its SIGINT handler installed, told
 * on file descriptor 3 by a preloaded test module), and resolves when it has exited.
 */
function interrupted(...args: string[]): Promise<Run & { runningAtSignal: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', SIGINT_READY, MAIN, ...args], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let runningAtSignal = false;
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    (child.stdio[3] as NodeJS.ReadableStream).once('data', () => {
      runningAtSignal = child.exitCode === null && child.signalCode === null;
      child.kill('SIGINT');
    });
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr, runningAtSignal }));
  });
}

/** Starts the CLI, sends SIGINT once its stderr satisfies `ready`, and resolves when it has exited. */
function interruptedWhen(ready: (stderr: string) => boolean, ...args: string[]): Promise<Run & { runningAtSignal: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: env() });
    let stdout = '';
    let stderr = '';
    let runningAtSignal: boolean | null = null;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (runningAtSignal === null && ready(stderr)) {
        runningAtSignal = child.exitCode === null && child.signalCode === null;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr, runningAtSignal: runningAtSignal === true }));
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const roundTrip = (x: unknown): unknown => JSON.parse(toJson(x));

/** An error run: exit `code`, nothing on stdout, exactly one line on stderr, "cluedo: ...", no stack. */
function expectOneLineError(r: Run, code: number, pattern: RegExp): void {
  expect(r.status, `stderr: ${r.stderr}`).toBe(code);
  expect(r.stdout).toBe('');
  expect(lines(r.stderr), r.stderr).toHaveLength(1);
  expect(r.stderr.startsWith('cluedo: '), r.stderr).toBe(true);
  expect(r.stderr).not.toContain('    at ');
  expect(r.stderr).toMatch(pattern);
}

const ANALYSIS_KEYS = ['method', 'consistentDeals', 'samples', 'owners', 'cards', 'envelope', 'solutions', 'known', 'entropyBits'];
/** Estimates (sampled, mcmc) also carry their standard errors, after the documented keys. */
const ESTIMATE_KEYS = [...ANALYSIS_KEYS, 'standardErrors'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cluedo-cli-test-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('cluedo analyze', () => {
  it('prints the notebook of an example', () => {
    const r = cluedo('analyze', 'examples/custom-deck-3p.json');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Consistent deals: 6 (exact)');
    expect(r.stdout).toContain('Envelope entropy: 1.000 bits');
  });

  it('--json is the library analyze(), exactly', () => {
    for (const name of ['classic-6p-late', 'classic-4p-faceup']) {
      const r = cluedo('analyze', `examples/${name}.json`, '--json');
      expect(r.status, r.stderr).toBe(0);
      const got = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(Object.keys(got)).toEqual(ANALYSIS_KEYS);
      expect(got).toEqual(roundTrip(analyze(readJson(`examples/${name}.json`))));
    }
  });

  it('--samples 5000 --seed 3 --json: --threads 2 equals --threads 1 equals in-process analyze(log, { samples: 5000, seed: 3 })', () => {
    const file = 'examples/classic-6p-early.json';
    const two = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--threads', '2', '--json');
    const one = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--threads', '1', '--json');
    const none = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--json');
    for (const r of [two, one, none]) expect(r.status, r.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const want = roundTrip(analyze(readJson(file), { samples: 5000, seed: 3 })) as Record<string, unknown>;
    expect(JSON.parse(none.stdout)).toEqual(want);
    // every documented key of the pool's answer equals the in-process one
    const got = JSON.parse(two.stdout) as Record<string, unknown>;
    for (const k of ESTIMATE_KEYS) expect(got[k], k).toEqual(want[k]);
  });

  it('--json has the documented keys only, in order (docs/analysis-output.md), with --threads too', () => {
    const file = 'examples/classic-5p-mid.json';
    const exact = cluedo('analyze', file, '--json');
    const without = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--json');
    const withThreads = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--threads', '2', '--json');
    expect(Object.keys(JSON.parse(exact.stdout))).toEqual(ANALYSIS_KEYS);
    expect(Object.keys(JSON.parse(without.stdout))).toEqual(ESTIMATE_KEYS);
    expect(Object.keys(JSON.parse(withThreads.stdout))).toEqual(ESTIMATE_KEYS);
    expect(Object.keys(JSON.parse(without.stdout).standardErrors)).toEqual(['cards', 'envelope', 'solutions', 'effectiveSamples']);
  });

  it('a large sampled request on threads writes nothing but the answer (no warnings on stderr)', () => {
    const r = cluedo('analyze', 'examples/classic-6p-late.json', '--samples', '1000000', '--threads', '2', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).samples).toBe(1_000_000);
  });

  it('bad inputs: one line "cluedo: ...", exit 1, no stack trace', () => {
    expectOneLineError(cluedo('analyze', join(dir, 'nonexistent.json')), 1, /cannot read game log ".*nonexistent\.json": no such file/);

    const malformed = join(dir, 'malformed.json');
    writeFileSync(malformed, '{\n  "players": [');
    expectOneLineError(cluedo('analyze', malformed), 1, /malformed\.json is not valid JSON/);

    const unknownCard = join(dir, 'unknown-card.json');
    writeFileSync(
      unknownCard,
      JSON.stringify({
        players: ['A', 'B', 'C'],
        events: [{ type: 'suggestion', by: 'A', cards: ['Scarlett', 'Knife', 'Hall'], shownBy: 'B' }],
      }),
    );
    expectOneLineError(cluedo('analyze', unknownCard), 1, /event 1 \(suggestion by A\): unknown card "Scarlett"; did you mean "Miss Scarlet"\?/);

    // an impossible log names the event
    const impossible = join(dir, 'impossible.json');
    const log = readJson('examples/custom-deck-3p.json') as { events: unknown[] };
    log.events.push({ type: 'suggestion', by: 'P0', cards: ['Ada', 'cord', 'attic'], shownBy: null });
    writeFileSync(impossible, JSON.stringify(log));
    expectOneLineError(cluedo('analyze', impossible), 1, /no deal is consistent with the log after event 6/);

    // --threads without --samples
    expectOneLineError(cluedo('analyze', 'examples/custom-deck-3p.json', '--threads', '2'), 1, /--threads goes with --samples/);
  });

  it('bad options exit 2', () => {
    for (const args of [
      ['analyze', 'examples/custom-deck-3p.json', '--samples', 'x'],
      ['analyze', 'examples/custom-deck-3p.json', '--samples', '0'],
      ['analyze', 'examples/custom-deck-3p.json', '--no-such-option'],
      ['suggest', 'examples/custom-deck-3p.json', '--response', 'sometimes'],
      ['suggest', 'examples/custom-deck-3p.json', '--top', '-1'],
    ]) {
      const r = cluedo(...args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toContain('    at ');
    }
  });
});

describe('cluedo suggest', () => {
  it('--json --top 5 --threads 2: exactly the documented keys, 5 suggestions, best first, equal to the library and to --threads 1', async () => {
    const file = 'examples/classic-6p-early.json';
    const r = cluedo('suggest', file, '--json', '--top', '5', '--threads', '2', '--samples', '20000', '--seed', '6');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const got = JSON.parse(r.stdout) as { samples: number; seed: number; suggestions: Array<Record<string, unknown>> };
    expect(Object.keys(got)).toEqual(['samples', 'seed', 'method', 'deals', 'tiedForBest', 'accuse', 'suggestions']);
    expect(got.samples).toBe(20000);
    expect(got.seed).toBe(6);
    expect(got.suggestions).toHaveLength(5);
    got.suggestions.forEach((s, i) => {
      expect(Object.keys(s).sort()).toEqual(['cards', 'expectedInformationBits', 'expectedSolutionsLeft', 'pNoRefutation']);
      expect(s.cards).toHaveLength(3);
      if (i > 0) expect(s.expectedInformationBits as number).toBeLessThanOrEqual(got.suggestions[i - 1].expectedInformationBits as number);
    });
    const one = cluedo('suggest', file, '--json', '--top', '5', '--threads', '1', '--samples', '20000', '--seed', '6');
    expect(one.stdout).toBe(r.stdout);
    expect(got).toEqual(roundTrip(await suggest(readJson(file), { samples: 20000, seed: 6, top: 5, threads: 1 })));
  });

  it('without --top: every legal suggestion (324 in the classic deck); the default text output names the choice', () => {
    const r = cluedo('suggest', 'examples/classic-6p-late.json', '--json', '--samples', '2000', '--threads', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).suggestions).toHaveLength(324);
    const text = cluedo('suggest', 'examples/classic-6p-late.json', '--samples', '2000', '--threads', '1', '--top', '3');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('Suggestions for P0');
    expect(text.stdout).toContain('→  1 ');
  });

  it('a spectator log is refused: exit 1, one line naming the problem, nothing on stdout', () => {
    expectOneLineError(cluedo('suggest', 'examples/classic-3p-spectator.json'), 1, /observer|"me"/);
  });

  it('--response repeat is accepted', () => {
    const r = cluedo('suggest', 'examples/custom-deck-3p.json', '--json', '--samples', '2000', '--threads', '1', '--response', 'repeat', '--top', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).suggestions).toHaveLength(1);
  });
});

describe('Ctrl-C', () => {
  // The requests below take several seconds; SIGINT arrives as soon as the CLI handles it (however
  // slowly it starts). Cancelling mid-computation is tested on the pool (suggest.test.ts, pool.test.ts).
  it('suggest: exit 130, "cluedo: cancelled", nothing on stdout', async () => {
    const r = await interrupted('suggest', 'examples/classic-6p-early.json', '--samples', '5000000', '--threads', '2');
    expect(r.runningAtSignal, 'the request finished before the signal').toBe(true);
    expect(r.signal, `killed by the signal, stderr: ${r.stderr}`).toBeNull();
    expect(r.status, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('cluedo: cancelled\n');
  });

  it('analyze --samples 20000000 --threads 2: exit 130, "cluedo: cancelled", nothing on stdout', async () => {
    const r = await interrupted('analyze', 'examples/classic-6p-early.json', '--samples', '20000000', '--threads', '2', '--json');
    expect(r.runningAtSignal, 'the request finished before the signal').toBe(true);
    expect(r.signal, `killed by the signal, stderr: ${r.stderr}`).toBeNull();
    expect(r.status, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    // the one line of the CLI's own; any stray warning is the subject of the "no warnings" test above
    expect(lines(r.stderr).filter((l) => !/^\(node:\d+\)|^\(Use `node --trace-warnings/.test(l))).toEqual(['cluedo: cancelled']);
  });
});

describe('cluedo simulate', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-sim-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs, prints a summary, and writes JSON, CSV, an HTML report and replayable logs; the same with 1 and 2 threads', () => {
    const json1 = join(dir, 'one.json');
    const json2 = join(dir, 'two.json');
    const args = ['simulate', '--games', '12', '--agents', 'naive,deductive,entropy:samples=300', '--seed', '5'];
    const one = cluedo(...args, '--threads', '1', '--json', json1);
    const two = cluedo(...args, '--threads', '2', '--json', json2, '--csv', join(dir, 'g.csv'), '--report', join(dir, 'r.html'), '--logs', join(dir, 'logs'));
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(one.stdout).toMatch(/Win rate/);
    const a = JSON.parse(readFileSync(json1, 'utf8'));
    const b = JSON.parse(readFileSync(json2, 'utf8'));
    expect(b.games).toEqual(a.games);
    expect(b.summary).toEqual(a.summary);
    expect(a.games).toHaveLength(12);
    expect(a.interrupted).toBe(false);
    const csv = readFileSync(join(dir, 'g.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(1 + 12 * 6);
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain('<svg');
    const log = join(dir, 'logs', 'game-1-P0.json');
    const replay = cluedo('analyze', log, '--json');
    expect(replay.status, replay.stderr).toBe(0);
    expect((JSON.parse(replay.stdout) as { consistentDeals: number }).consistentDeals).toBeGreaterThan(0);
    // The game ended with a correct accusation: suggest from the position just before it.
    const before = join(dir, 'before-the-end.json');
    const full = JSON.parse(readFileSync(log, 'utf8')) as { events: unknown[] };
    writeFileSync(before, JSON.stringify({ ...full, events: full.events.slice(0, -1) }));
    expectOneLineError(cluedo('suggest', log), 1, /the game is over/);
    const suggestion = cluedo('suggest', before, '--json', '--top', '1', '--samples', '2000', '--threads', '1');
    expect(suggestion.status, suggestion.stderr).toBe(0);
  });

  it('solo: reports rounds until the solo agent is certain, from its own row', () => {
    const r = cluedo('simulate', '--solo', 'deductive', '--field', 'random', '--games', '12', '--threads', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Solo deductive among 5 × random .*rounds until certain mean \d/);
  });

  it('solo with the same agent in the field: the solo seat and the field are rows apart; the solo line is the solo row', () => {
    const json = join(dir, 'solo.json');
    const r = cluedo('simulate', '--solo', 'naive', '--field', 'naive', '--games', '12', '--threads', '2', '--json', json);
    expect(r.status, r.stderr).toBe(0);
    // An interval open above is written as "high": null.
    const { summary } = JSON.parse(readFileSync(json, 'utf8'), (key, value) => (key === 'high' && value === null ? Infinity : value)) as { summary: Summary };
    expect(summary.agents.map((a) => [a.agent, a.games, a.seatGames])).toEqual([
      ['naive (solo)', 12, 12],
      ['naive (field)', 12, 60],
    ]);
    const solo = summary.agents[0];
    // The field never accuses: every win is the solo seat's, and it wins once certain.
    expect(solo.wins).toBe(12 - summary.unsolvedGames);
    expect(r.stdout).toMatch(/^naive \(solo\) /m);
    expect(r.stdout).toMatch(/^naive \(field\) /m);
    expect(r.stdout).toContain(`certain in ${formatRateInterval(solo.certainRate)} of 12 games`);
    expect(r.stdout).toContain(`median ${formatMedianInterval(solo.medianTurnsToCertain)}`);
  });

  it('bad agents and options: one line, exit 1 or 2', () => {
    expectOneLineError(cluedo('simulate', '--agents', 'deductive,entropi', '--games', '2'), 1, /unknown agent "entropi".*did you mean "entropy"/);
    expectOneLineError(cluedo('simulate', '--agents', 'deductive:accuse=risky:2', '--games', '2'), 1, /risky/);
    expectOneLineError(cluedo('simulate', '--solo', 'naive', '--games', '2'), 1, /--solo and --field go together/);
    expectOneLineError(cluedo('simulate', '--players', '1', '--games', '2'), 1, /--players must be from 2 to 10/);
    expect(cluedo('simulate', '--players', '11').status).toBe(2);
    expect(cluedo('simulate', '--games', '0').status).toBe(2);
  });

  it('Ctrl-C keeps the finished games: prints their summary, writes the JSON, exits 130', async () => {
    const json = join(dir, 'stopped.json');
    // The signal goes once --progress has reported finished games, however long that takes.
    const r = await interruptedWhen(
      (stderr) => /[1-9]\d*\/100000 \|/.test(stderr),
      'simulate', '--games', '100000', '--agents', 'deductive', '--threads', '2', '--json', json, '--progress',
    );
    expect(r.runningAtSignal).toBe(true);
    expect(r.status).toBe(130);
    expect(r.stdout).toMatch(/of 100000 games.*interrupted/);
    const saved = JSON.parse(readFileSync(json, 'utf8'));
    expect(saved.interrupted).toBe(true);
    const reported = Math.max(...[...r.stderr.matchAll(/(\d+)\/100000 \|/g)].map((m) => Number(m[1])));
    expect(saved.games.length).toBeGreaterThanOrEqual(reported);
    expect(saved.games.length).toBeGreaterThan(0);
    expect(saved.games.length).toBeLessThan(100000);
  });
});
