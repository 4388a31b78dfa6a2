/**
 * The built command line, run as a child process from the project root through the entry users
 * run (package.json's bin: the bundle dist/cli/cluedo.mjs): outputs, agreement with the library,
 * exit codes, one-line errors, writes that fail, Ctrl-C.
 *
 * Needs `npm run build` (`npm test` builds first). Nothing here waits on a timer: a run to be
 * interrupted is sent SIGINT once its first --progress line is out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze, type AnalyzeOptions } from '../src/analysis/analyze.js';
import { explain } from '../src/analysis/explain.js';
import { rationalAnalysis } from '../src/analysis/rational.js';
import { analysisJson, explanationJson, suggestionsJson, type AnalysisJson } from '../src/analysis/json.js';
import { analysisPool } from '../src/analysis/pools.js';
import { parseGame } from '../src/io/log.js';
import { toJson } from '../src/io/json.js';
import { suggest } from '../src/analysis/suggest.js';
import { formatMedianInterval, formatRateInterval } from '../src/tournament/format.js';
import type { Summary } from '../src/tournament/types.js';
import { AGENTS, optionSyntax } from '../src/agents/registry.js';
import type { DecisionTimes } from '../src/tournament/decision-times.js';
import { htmlWithoutDecisionTimes, jsonWithoutTiming } from './support/timing.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo;

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

/** Runs the CLI with stdout on a file descriptor of ours (/dev/full, say); stderr is captured. */
function cluedoWithStdout(fd: number, ...args: string[]): Run {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', env: env(), timeout: 60_000, stdio: ['ignore', fd, 'pipe'] });
  if (r.error) throw r.error;
  return { status: r.status, signal: r.signal, stdout: '', stderr: r.stderr };
}

/**
 * Starts the CLI, sends SIGINT (or `signal`) as soon as stderr has a line matching `ready` (a
 * --progress line: the handler is installed by then), and resolves when the process has exited.
 */
function interrupted(ready: RegExp, ...args: string[]): Promise<Run & { runningAtSignal: boolean }> {
  return interruptedBy('SIGINT', ready, ...args);
}

function interruptedBy(signal: NodeJS.Signals, ready: RegExp, ...args: string[]): Promise<Run & { runningAtSignal: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: env() });
    let stdout = '';
    let stderr = '';
    let sent = false;
    let runningAtSignal = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (!sent && stderr.split('\n').some((line) => ready.test(line))) {
        sent = true;
        runningAtSignal = child.exitCode === null && child.signalCode === null;
        child.kill(signal);
      }
    });
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr, runningAtSignal }));
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const roundTrip = (x: unknown): unknown => JSON.parse(toJson(x));
/** The library's analyze() of a log file, named at the JSON boundary as `--json` prints it. */
const analysisOfFile = (path: string, options?: AnalyzeOptions) => {
  const game = parseGame(readJson(path));
  return analysisJson(game, analyze(game, options));
};

/** An error run: exit `code`, nothing on stdout, exactly one line on stderr, "cluedo: ...", no stack. */
function expectOneLineError(r: Run, code: number, pattern: RegExp): void {
  expect(r.status, `stderr: ${r.stderr}`).toBe(code);
  expect(r.stdout).toBe('');
  expect(lines(r.stderr), r.stderr).toHaveLength(1);
  expect(r.stderr.startsWith('cluedo: '), r.stderr).toBe(true);
  expect(r.stderr).not.toContain('    at ');
  expect(r.stderr).toMatch(pattern);
}

/** Every answer has every key; standardErrors is null for an exact one. */
const ANALYSIS_KEYS = ['method', 'consistentDeals', 'samples', 'owners', 'cards', 'envelope', 'solutions', 'known', 'entropyBits', 'standardErrors'];
const ESTIMATE_KEYS = ANALYSIS_KEYS;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cluedo-cli-test-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('cluedo analyze', () => {
  it('--responses: the library answer with the policy reading last; a log the policy cannot explain is one line, exit 1', () => {
    const r = cluedo('analyze', 'examples/classic-6p-late.json', '--responses', 'uniform', '--json');
    expect(r.status, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(got)).toEqual([...ANALYSIS_KEYS, 'responses']);
    expect(got).toEqual(roundTrip(analysisOfFile('examples/classic-6p-late.json', { responses: 'uniform' })));
    expect(got.responses).toEqual({ policy: 'uniform', likelihood: 0.75 });
    expect(cluedo('analyze', 'examples/classic-6p-late.json', '--responses', 'first').stdout).toContain('the first named card it holds');
    expectOneLineError(cluedo('analyze', 'examples/custom-deck-3p.json', '--responses', 'first'), 1, /^cluedo: No deal is left after event 4 \(you suggested .*\), reading the cards shown under --responses first\.$/m);
  });

  it('--why: the events that force a certain card, in words; --json the library explanation; an uncertain or unknown card is one line', () => {
    const log = parseGame(readJson('examples/classic-6p-late.json'));
    const want = explanationJson(log, explain(log, { card: 'Colonel Mustard' }));
    const r = cluedo('analyze', 'examples/classic-6p-late.json', '--why', 'mustard');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.startsWith(`${want.summary}\n`)).toBe(true);
    for (const [i, e] of want.events.entries()) expect(r.stdout).toContain(`  ${i + 1}. ${e.sentence}\n`);
    const json = cluedo('analyze', 'examples/classic-6p-late.json', '--why', 'Mustard', '--json');
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(roundTrip(want));

    const uncertain = analyze(log, { method: 'exact' });
    const card = log.deck.cards.find((_, c) => !uncertain.known.some((k) => k.card === c))!;
    // A question the log refutes, typed on the command line: exit 2.
    expectOneLineError(cluedo('analyze', 'examples/classic-6p-late.json', '--why', card), 2, new RegExp(`^cluedo: --why: ${card} has no certain owner yet: it may be with .*%\\)$`, 'm'));
    expectOneLineError(cluedo('analyze', 'examples/classic-6p-late.json', '--why', 'Mustrd'), 2, /^cluedo: --why: unknown card "Mustrd"; did you mean "Colonel Mustard"\?$/m);
    expectOneLineError(cluedo('analyze', 'examples/classic-6p-late.json', '--why', 'Mustard', '--samples', '100'), 2, /^cluedo: option '--why <card>' cannot be used with option '--samples <n>'/m);
  });

  it('prints the notebook of an example', () => {
    const r = cluedo('analyze', 'examples/custom-deck-3p.json');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Consistent deals: 6 (exact)');
    expect(r.stdout).toContain('Envelope entropy: 1.000 bits');
  });

  it('--rational --samples: the library rationalAnalysis; --rational --method: a usage error naming --method', () => {
    const file = 'examples/classic-6p-late.json';
    const r = cluedo('analyze', file, '--rational', '--samples', '300', '--seed', '4', '--json');
    expect(r.status, r.stderr).toBe(0);
    const game = parseGame(readJson(file));
    const { rational, ...analysis } = rationalAnalysis(game, { samples: 300, seed: 4 });
    expect(JSON.parse(r.stdout)).toEqual(roundTrip({ ...analysisJson(game, analysis), rational }));
    expectOneLineError(cluedo('analyze', file, '--rational', '--method', 'exact'), 2, /^cluedo: option '--rational' cannot be used with option '--method <m>'/m);
  });

  it('--json is the library analyze(), exactly', () => {
    for (const name of ['classic-6p-late', 'classic-4p-faceup']) {
      const r = cluedo('analyze', `examples/${name}.json`, '--json');
      expect(r.status, r.stderr).toBe(0);
      const got = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(Object.keys(got)).toEqual(ANALYSIS_KEYS);
      expect(got).toEqual(roundTrip(analysisOfFile(`examples/${name}.json`)));
    }
  });

  it('--samples 5000 --seed 3 --json: --threads 2 equals --threads 1 equals in-process analyze(log, { samples: 5000, seed: 3 })', () => {
    const file = 'examples/classic-6p-early.json';
    const two = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--threads', '2', '--json');
    const one = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--threads', '1', '--json');
    const none = cluedo('analyze', file, '--samples', '5000', '--seed', '3', '--json');
    for (const r of [two, one, none]) expect(r.status, r.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const want = roundTrip(analysisOfFile(file, { samples: 5000, seed: 3 })) as Record<string, unknown>;
    expect(JSON.parse(none.stdout)).toEqual(want);
    // every documented key of the pool's answer equals the in-process one
    const got = JSON.parse(two.stdout) as Record<string, unknown>;
    for (const k of ESTIMATE_KEYS) expect(got[k], k).toEqual(want[k]);
  });

  it('a position past --max-nodes is answered by Markov chains, and refused with --method exact', () => {
    const file = 'examples/classic-6p-early.json';
    const r = cluedo('analyze', file, '--max-nodes', '1000', '--samples', '20000', '--json');
    expect(r.status, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout) as { method: string; consistentDeals: null; samples: number; standardErrors: { effectiveSamples: number } };
    expect(Object.keys(got)).toEqual(ESTIMATE_KEYS);
    expect([got.method, got.consistentDeals, got.samples]).toEqual(['mcmc', null, 20000]);
    expect(got.standardErrors.effectiveSamples).toBeGreaterThan(100);
    expect(cluedo('analyze', file, '--max-nodes', '1000', '--json').stdout).toMatch(/"method": "mcmc"/);
    expectOneLineError(cluedo('analyze', file, '--max-nodes', '1000', '--method', 'exact'), 1, /too large for the exact counter \(its deal DAG would have more than [\d,]+ nodes, up to [\d.,]+( × 10\^\d+)?\): answer it with Markov chains, method mcmc \(or auto, the default\)$/m);
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
    expectOneLineError(cluedo('analyze', impossible), 1, /No deal is left after event 6 \(.*\), which conflicts with .* at event \d+/);

    // what is not a regular file, and a file too large to be a game log
    expectOneLineError(cluedo('analyze', '/dev/zero'), 1, /^cluedo: cannot read game log "\/dev\/zero": it is a character device, not a regular file$/m);
    expectOneLineError(cluedo('analyze', dir), 1, /cannot read game log ".*": it is a directory, not a regular file/);
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, `${JSON.stringify(readJson('examples/classic-6p-late.json'))}${' '.repeat(65 * 2 ** 20)}`);
    expectOneLineError(cluedo('analyze', huge), 1, /huge\.json": it is 65 MiB, over the limit of 64 MiB/);
  });

  it('a valid log padded to 52 MB is read (the limit is 64 MiB)', () => {
    const padded = join(dir, 'padded.json');
    const text = JSON.stringify(readJson('examples/classic-6p-late.json'));
    writeFileSync(padded, `${text.slice(0, -1)}${' '.repeat(52_000_000)}}`);
    const r = cluedo('analyze', padded, '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(cluedo('analyze', 'examples/classic-6p-late.json', '--json').stdout));
  });

  it('an unknown 50 MB name is answered in one short line', () => {
    const file = join(dir, 'long-name.json');
    writeFileSync(file, JSON.stringify({ players: ['A', 'B'], me: 'Z'.repeat(50 * 2 ** 20), myHand: [] }));
    const r = cluedo('analyze', file);
    expectOneLineError(r, 1, /^cluedo: me: unknown player "Z{40}…" \(52,428,800 characters\); the players are "A" and "B"$/m);
  });

  it('names that would collide with owners or vanish in plain objects', () => {
    const base = readJson('examples/custom-deck-3p.json') as { deck: Record<string, string[]>; players: string[]; events: Array<Record<string, unknown>> };
    const renamed = (from: string, to: string) => JSON.parse(JSON.stringify(base).replaceAll(`"${from}"`, JSON.stringify(to)));
    const file = (name: string, log: unknown) => {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify(log));
      return path;
    };
    expectOneLineError(cluedo('analyze', file('envelope.json', renamed('P1', 'Envelope'))), 1, /players: "Envelope" cannot name a player/);
    expectOneLineError(cluedo('analyze', file('table.json', renamed('P2', 'table'))), 1, /players: "table" cannot name a player/);
    // A card and a category named "__proto__" keep their place: the same answer as under their own names.
    const want = JSON.parse(cluedo('analyze', 'examples/custom-deck-3p.json', '--json').stdout) as AnalysisJson;
    const got = JSON.parse(cluedo('analyze', file('proto.json', renamed('tools', '__proto__')), '--json').stdout) as AnalysisJson;
    const gotCard = JSON.parse(cluedo('analyze', file('proto-card.json', renamed('axe', '__proto__')), '--json').stdout) as AnalysisJson;
    expect(got.consistentDeals).toBe(want.consistentDeals);
    expect(Object.hasOwn(got.envelope, '__proto__') && got.envelope.__proto__).toEqual(want.envelope.tools);
    expect(gotCard.consistentDeals).toBe(want.consistentDeals);
    expect(Object.hasOwn(gotCard.cards, '__proto__') && gotCard.cards.__proto__).toEqual(want.cards.axe);
    expectOneLineError(cluedo('analyze', file('int-category.json', renamed('tools', '7'))), 1, /deck: category "7" is a whole number/);
    expectOneLineError(cluedo('analyze', file('empty-category.json', renamed('tools', ''))), 1, /deck: a category has an empty name/);
    const twice = join(dir, 'twice.json');
    writeFileSync(twice, JSON.stringify(base).replace('"places"', '"culprits"'));
    expectOneLineError(cluedo('analyze', twice), 1, /deck: key "culprits" is given twice/);
  });

  it("the observer's own refutation may record the card shown", () => {
    const log = readJson('examples/custom-deck-3p.json') as { events: unknown[] };
    log.events.push({ type: 'suggestion', by: 'P2', cards: ['Bo', 'cord', 'barn'], shownBy: 'P0', shown: 'cord' });
    const ok = join(dir, 'refuted.json');
    writeFileSync(ok, JSON.stringify(log));
    expect(cluedo('analyze', ok, '--json').status).toBe(0);
    (log.events[log.events.length - 1] as { shown: string }).shown = 'Bo';
    writeFileSync(ok, JSON.stringify(log));
    expectOneLineError(cluedo('analyze', ok), 1, /event 6 \(suggestion by P2\): P0 showed "Bo", but it is not in myHand/);
  });

  it('hand quotas are refused by analyze and suggest, which count without them: exit 1, one line', () => {
    const file = join(dir, 'quotas.json');
    const deck = { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] };
    writeFileSync(file, JSON.stringify({ deck, players: ['S', 'T'], me: 'S', myHand: ['A', 'X'], rules: { handQuotas: { who: 1 } } }));
    for (const command of ['analyze', 'suggest']) {
      expectOneLineError(cluedo(command, file), 1, /^cluedo: rules\.handQuotas is supported by `cluedo knows` only/m);
    }
  });
});

describe('usage mistakes: exit 2, one line', () => {
  const log = 'examples/custom-deck-3p.json';
  it.each([
    [['analyze', log, '--samples', 'x'], /^cluedo: --samples must be a whole number from 1 to 100,000,000, got "x"$/m],
    [['analyze', log, '--samples', '0'], /--samples must be a whole number/],
    [['analyze', log, '--samples', '1e3'], /--samples must be a whole number/],
    [['analyze', log, '--samples'], /^cluedo: option '--samples <n>' argument missing \(see "cluedo analyze --help"\)$/m],
    [['analyze', log, '--no-such-option'], /^cluedo: unknown option "--no-such-option" \(see "cluedo analyze --help"\)$/m],
    [['analyze', log, '--jsno'], /unknown option "--jsno"; did you mean "--json"\?/],
    [['analyze'], /missing required argument 'log.json'/],
    [['analyze', log, log], /too many arguments/],
    [['analyze', log, '--threads', '2'], /^cluedo: --threads goes with --samples or --opponents: exact counting runs on one thread$/m],
    [['analyze', log, '--progress'], /^cluedo: --progress goes with --samples or --threads: progress is shown while samples are drawn$/m],
    [['analyze', log, '--samples', '1000', '--threads', '257'], /--threads must be a whole number from 1 to 256, got "257"/],
    [['analyze', log, '--responses', 'bogus'], /^cluedo: option '--responses <policy>' argument 'bogus' is invalid\. Allowed choices are holds, uniform, first, repeat\./m],
    [['analyze', log, '--responses', 'uniform', '--samples', '1000', '--threads', '2'], /^cluedo: option '--responses <policy>' cannot be used with option '--threads <t>'/m],
    [['analyze', log, '--method', 'exact', '--samples', '1000'], /^cluedo: --samples draws deals at random; --method exact counts every one: give one or the other$/m],
    [['suggest', log, '--responses', 'sometimes'], /--responses/],
    [['suggest', log, '--top', '-1'], /--top/],
    [['suggest', log, '--samples', '5000001'], /--samples must be a whole number from 1 to 5,000,000/],
    [['simulate', '--players', '1'], /^cluedo: --players must be a whole number from 2 to 10, got "1"$/m],
    [['simulate', '--players', '11'], /^cluedo: --players must be a whole number from 2 to 10, got "11"$/m],
    [['simulate', '--games', '0'], /--games must be a whole number/],
    [['simulate', '--agents', 'deductive,entropi'], /^cluedo: --agents: unknown agent "entropi".*did you mean "entropy"/],
    [['simulate', '--agents', 'deductive:accuse=risky:2'], /--agents: .*risky/],
    [['simulate', '--agents', ',,'], /--agents names no agent/],
    [['simulate', '--solo', 'naive'], /^cluedo: --solo goes with --field: /m],
    [['simulate', '--log-games', '3'], /^cluedo: --log-games goes with --logs: it says how many games --logs writes$/m],
    [['simulate', '--queue', 'redis://127.0.0.1:1', '--threads', '2'], /^cluedo: option '--queue <url>' cannot be used with option '--threads <t>'/m],
    [['simulate', '--endmove', 'sometimes'], /^cluedo: option '--endmove <when>' argument 'sometimes' is invalid\. Allowed choices are never, unanswered, always\./m],
    [['simulate', '--agents', 'epistemic:risk=2'], /^cluedo: --agents: agent "epistemic:risk=2": risk must be a probability from 0 to 1/m],
    [['simulate', '--json', ''], /^cluedo: --json needs a path, got ""$/m],
    [['simulate', '--json', 'same.out', '--csv', 'same.out'], /--json and --csv name the same file "same.out"/],
    [[], /^cluedo: which command\? new, add, analyze, suggest, refute, accuse, knows, simulate, league, merge, worker, board, serve or bench \(see "cluedo --help"\)$/m],
    [['analyse', log], /^cluedo: unknown command "analyse"; did you mean "analyze"\?/],
  ])('cluedo %j', (args, pattern) => {
    expectOneLineError(cluedo(...args), 2, pattern);
  });

  it('--help and --version print to stdout and exit 0', () => {
    for (const args of [['--help'], ['analyze', '--help'], ['--version']]) {
      const r = cluedo(...args);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.length).toBeGreaterThan(0);
    }
  });
});

describe('threads', () => {
  it('--threads above the cores runs on the cores and says so in one note', () => {
    const r = cluedo('analyze', 'examples/classic-6p-late.json', '--samples', '1000', '--threads', '256', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe(`cluedo: using ${availableParallelism()} thread${availableParallelism() === 1 ? '' : 's'}, the cores available\n`);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(cluedo('analyze', 'examples/classic-6p-late.json', '--samples', '1000', '--json').stdout));
  });
});

describe('writing the output', () => {
  const commands: Array<[string, string[]]> = [
    ['analyze', ['analyze', 'examples/classic-6p-late.json']],
    ['analyze --json', ['analyze', 'examples/classic-6p-late.json', '--json']],
    ['suggest', ['suggest', 'examples/classic-6p-late.json', '--samples', '2000', '--threads', '1']],
    ['simulate', ['simulate', '--games', '4', '--agents', 'random,deductive', '--threads', '1']],
  ];

  it.each(commands)('%s: a full disk on stdout is an error, exit 1, one line', (_, args) => {
    const full = openSync('/dev/full', 'w');
    try {
      expectOneLineError(cluedoWithStdout(full, ...args), 1, /^cluedo: cannot write to standard output: no space left on the device \(ENOSPC\)$/m);
    } finally {
      closeSync(full);
    }
  });

  // Started with stdout closed, Node opens /dev/null read-write in its place: what `1<>/dev/null`,
  // Python's subprocess.DEVNULL and Node's stdio 'ignore' give too, and nothing tells them apart.
  // Writes there succeed, so the command runs and its answer is discarded.
  it.each(commands)('%s: with stdout closed (>&-) or on /dev/null read-write (1<>/dev/null), it runs: exit 0, nothing on stderr', (_, args) => {
    for (const redirect of ['>&-', '1<>/dev/null']) {
      const r = spawnSync('/bin/sh', ['-c', `exec "$0" "$@" ${redirect}`, process.execPath, MAIN, ...args], { cwd: ROOT, encoding: 'utf8', env: env(), timeout: 60_000 });
      expect(r.status, `${redirect}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
    }
  });

  it("with stdout discarded by the program that starts it (Node's stdio 'ignore', Python's subprocess.DEVNULL): exit 0", () => {
    const args = ['analyze', 'examples/classic-6p-late.json'];
    const ignored = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', env: env(), timeout: 60_000, stdio: ['ignore', 'ignore', 'pipe'] });
    expect(ignored.status, ignored.stderr).toBe(0);
    expect(ignored.stderr).toBe('');
    if (spawnSync('python3', ['--version']).status !== 0) return; // no Python here: Node's case above is the same descriptor
    const python = 'import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode)';
    const r = spawnSync('python3', ['-c', python, process.execPath, MAIN, ...args], { cwd: ROOT, encoding: 'utf8', env: env(), timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });

  it.each(commands)('%s: a reader that has gone (| head) ends quietly, exit 0', async (_, args) => {
    const r = await new Promise<Run>((resolve, reject) => {
      const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: env() });
      child.stdout.destroy(); // the read end is closed before the command writes anything
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (status, signal) => resolve({ status, signal, stdout: '', stderr }));
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('cluedo suggest', () => {
  it('--json --top 5 --threads 2 --no-exact: exactly the documented keys, 5 suggestions, best first, equal to the library and to --threads 1', async () => {
    const file = 'examples/classic-6p-early.json';
    const r = cluedo('suggest', file, '--json', '--top', '5', '--threads', '2', '--samples', '20000', '--seed', '6', '--no-exact');
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
    const one = cluedo('suggest', file, '--json', '--top', '5', '--threads', '1', '--samples', '20000', '--seed', '6', '--no-exact');
    expect(one.stdout).toBe(r.stdout);
    const game = parseGame(readJson(file));
    const pool = analysisPool(1);
    try {
      expect(got).toEqual(roundTrip(suggestionsJson(game, await suggest(game, { samples: 20000, seed: 6, top: 5, executor: pool, exact: 'never' }))));
    } finally {
      await pool.close();
    }
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

  it('a spectator log is refused: one line naming the problem, nothing on stdout; exit 1, or 2 for an option it cannot serve', () => {
    expectOneLineError(cluedo('suggest', 'examples/classic-3p-spectator.json'), 1, /observer|"me"/);
    expectOneLineError(cluedo('analyze', 'examples/classic-3p-spectator.json', '--opponents'), 2, /^cluedo: --opponents needs an observer's log \("me"\): "examples\/classic-3p-spectator.json" is a spectator's/m);
  });

  it('--responses repeat is accepted', () => {
    const r = cluedo('suggest', 'examples/custom-deck-3p.json', '--json', '--samples', '2000', '--threads', '1', '--responses', 'repeat', '--top', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).suggestions).toHaveLength(1);
  });

  it('--response, the former name of --responses, gives the same answer with a one-line note', () => {
    const args = ['suggest', 'examples/custom-deck-3p.json', '--json', '--samples', '2000', '--threads', '1', '--top', '3'];
    const old = cluedo(...args, '--response', 'repeat');
    expect(old.status, old.stderr).toBe(0);
    expect(old.stderr).toBe('cluedo: --response is deprecated: use --responses (the name analyze uses)\n');
    expect(old.stdout).toBe(cluedo(...args, '--responses', 'repeat').stdout);
    expectOneLineError(cluedo(...args, '--response', 'repeat', '--responses', 'uniform'), 2, /cannot be used with option '--responses <policy>'/);
  });
});

describe('Ctrl-C', () => {
  // Each run is given far more work than it could finish before the signal (seconds of drawing and
  // scoring: --no-exact, since the early game's deals are few enough to count), which is sent once
  // its first progress line shows that it is under way with the handler installed.
  it('suggest: exit 130, "cluedo: cancelled", nothing on stdout', async () => {
    const r = await interrupted(/^cluedo: progress: /, 'suggest', 'examples/classic-6p-early.json', '--samples', '5000000', '--no-exact', '--threads', '2', '--progress');
    expect(r.runningAtSignal, 'the request finished before the signal').toBe(true);
    expect(r.signal, `killed by the signal, stderr: ${r.stderr}`).toBeNull();
    expect(r.status, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr).filter((l) => !l.startsWith('cluedo: progress: '))).toEqual(['cluedo: cancelled']);
  });

  it('analyze --samples 100000000 --threads 2: exit 130, "cluedo: cancelled", nothing on stdout', async () => {
    const r = await interrupted(/^cluedo: progress: /, 'analyze', 'examples/classic-6p-early.json', '--samples', '100000000', '--threads', '2', '--json', '--progress');
    expect(r.runningAtSignal, 'the request finished before the signal').toBe(true);
    expect(r.signal, `killed by the signal, stderr: ${r.stderr}`).toBeNull();
    expect(r.status, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    // the one line of the CLI's own; any stray warning is the subject of the "no warnings" test above
    const own = lines(r.stderr).filter((l) => !/^\(node:\d+\)|^\(Use `node --trace-warnings/.test(l) && !l.startsWith('cluedo: progress: '));
    expect(own).toEqual(['cluedo: cancelled']);
  });

  // In this thread, the samples are drawn a task at a time between turns of the event loop, where
  // Node reads the signal: the request ends as on a pool, not killed by the signal.
  it.each([
    ['SIGINT', 130, 'cluedo: cancelled'],
    ['SIGTERM', 143, 'cluedo: cancelled by SIGTERM'],
  ] as const)('analyze --samples 100000000 in this thread (no --threads): %s gives exit %i, "%s", nothing on stdout', async (signal, code, words) => {
    const r = await interruptedBy(signal, /^cluedo: progress: /, 'analyze', 'examples/classic-6p-early.json', '--samples', '100000000', '--json', '--progress');
    expect(r.runningAtSignal, 'the request finished before the signal').toBe(true);
    expect(r.signal, `killed by the signal, stderr: ${r.stderr}`).toBeNull();
    expect(r.status, r.stderr).toBe(code);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr).filter((l) => !l.startsWith('cluedo: progress: '))).toEqual([words]);
  });

  // What timeout, Slurm, Kubernetes and systemd send, and a closed terminal: a request ends as on Ctrl-C, exit 128 + the signal's number.
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('suggest: %s ends it as Ctrl-C does: exit %i, "cluedo: cancelled by" the signal', async (signal, code) => {
    const r = await interruptedBy(signal, /^cluedo: progress: /, 'suggest', 'examples/classic-6p-early.json', '--samples', '5000000', '--no-exact', '--threads', '2', '--progress');
    expect(r.runningAtSignal, 'the request finished before the signal').toBe(true);
    expect(r.signal, `killed by the signal, stderr: ${r.stderr}`).toBeNull();
    expect(r.status, r.stderr).toBe(code);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr).filter((l) => !l.startsWith('cluedo: progress: '))).toEqual([`cluedo: cancelled by ${signal}`]);
  });
});

describe('cluedo simulate', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-sim-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--help ends with every agent and each of its options with its default, as the registry has them', () => {
    const help = cluedo('simulate', '--help');
    expect(help.status).toBe(0);
    const agents = help.stdout.slice(help.stdout.indexOf('\nAgents (--agents'));
    for (const agent of AGENTS) {
      const at = agents.indexOf(`\n  ${agent.name} `);
      expect(at, agent.name).toBeGreaterThan(0);
      const next = AGENTS.map((a) => agents.indexOf(`\n  ${a.name} `)).filter((i) => i > at);
      // Its options, from its line to the next agent's, the way --agents takes them.
      const own = agents.slice(at, next.length > 0 ? Math.min(...next) : undefined).replace(/\s+/g, ' ');
      for (const [option, value] of agent.options) expect(own).toContain(`${optionSyntax(option)} (${value})`);
    }
  });

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

  it('--endmove: announced in the run line, recorded in the JSON and HTML configuration; the epistemic agent plays', () => {
    const json = join(dir, 'endmove.json');
    const report = join(dir, 'endmove.html');
    const r = cluedo('simulate', '--games', '4', '--players', '3', '--agents', 'epistemic:samples=200,draws=40,entropy:samples=200', '--endmove', 'always', '--threads', '1', '--json', json, '--report', report);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^4 of 4 games, 3 players, seed 1, max 150 turns, endmove always, /);
    expect(r.stdout).toMatch(/^epistemic:samples=200,draws=40 /m);
    const { config } = JSON.parse(readFileSync(json, 'utf8')) as { config: { endmove: string; agents: string[] } };
    expect(config).toMatchObject({ endmove: 'always', agents: ['epistemic:samples=200,draws=40', 'entropy:samples=200'] });
    expect(readFileSync(report, 'utf8')).toMatch(/endmove.*always/s);
    const plain = cluedo('simulate', '--games', '2', '--players', '3', '--agents', 'deductive', '--threads', '1', '--json', json);
    expect(plain.stdout).not.toMatch(/endmove/);
    expect((JSON.parse(readFileSync(json, 'utf8')) as { config: { endmove: string } }).config.endmove).toBe('never');
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
    expect(r.stdout).toContain(`certain in ${formatRateInterval(solo.certainRate!)} of 12 games`);
    expect(r.stdout).toContain(`median ${formatMedianInterval(solo.medianTurnsToCertain)}`);
  });

  it('output paths are checked before the first game: exit 1, one line, nothing played', () => {
    const quick = ['simulate', '--games', '40', '--agents', 'random,deductive', '--threads', '1'];
    const missing = join(dir, 'no', 'such', 'dir', 'out.json');
    expectOneLineError(cluedo(...quick, '--json', missing), 1, /^cluedo: --json ".*out\.json": there is no directory ".*dir"$/m);
    expectOneLineError(cluedo(...quick, '--csv', dir), 1, /^cluedo: --csv ".*": it is a directory$/m);
    const aFile = join(dir, 'a-file');
    writeFileSync(aFile, 'x');
    expectOneLineError(cluedo(...quick, '--logs', aFile), 1, /^cluedo: --logs ".*a-file": it is not a directory$/m);
    expectOneLineError(cluedo(...quick, '--report', join(aFile, 'r.html')), 1, /^cluedo: --report ".*r\.html": .*not a directory/m);
  });

  it('a failing --json does not stop --csv and --report: all written, each failure reported, exit 1', () => {
    const csv = join(dir, 'after-failure.csv');
    const report = join(dir, 'after-failure.html');
    const r = cluedo('simulate', '--games', '4', '--agents', 'random,deductive', '--threads', '1', '--json', '/dev/full', '--csv', csv, '--report', report);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^4 of 4 games/);
    expect(lines(r.stderr)).toEqual(['cluedo: cannot write --json "/dev/full": no space left on the device (ENOSPC)']);
    expect(readFileSync(csv, 'utf8').trim().split('\n')).toHaveLength(1 + 4 * 6);
    expect(readFileSync(report, 'utf8')).toContain('<svg');
  });

  it('a summary that cannot be printed (stdout on a full disk) does not cost the files', () => {
    const csv = join(dir, 'despite-stdout.csv');
    const full = openSync('/dev/full', 'w');
    try {
      const r = cluedoWithStdout(full, 'simulate', '--games', '4', '--agents', 'random,deductive', '--threads', '1', '--csv', csv);
      expectOneLineError(r, 1, /^cluedo: cannot write to standard output: no space left on the device \(ENOSPC\)$/m);
    } finally {
      closeSync(full);
    }
    expect(readFileSync(csv, 'utf8').trim().split('\n')).toHaveLength(1 + 4 * 6);
  });

  it('--logs makes its directory before the run', () => {
    const logs = join(dir, 'new', 'logs');
    const r = cluedo('simulate', '--games', '2', '--agents', 'random,deductive', '--threads', '1', '--logs', logs, '--log-games', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(logs, 'game-2-P5.json'))).toBe(true);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s after the first finished games keeps them: prints their summary, writes every output, exits %i', async (signal, code) => {
    const out = join(dir, `stopped-${signal}`);
    mkdirSync(out);
    const [json, csv, report] = ['json', 'csv', 'html'].map((x) => join(out, `run.${x}`));
    const r = await interruptedBy(signal, /^cluedo: progress: [1-9][\d,]* of 100,000 games/, 'simulate', '--games', '100000', '--agents', 'entropy:samples=2000',
      '--threads', '2', '--progress', '--json', json, '--csv', csv, '--report', report);
    expect(r.runningAtSignal).toBe(true);
    expect(r.signal, r.stderr).toBeNull();
    expect(r.status, r.stderr).toBe(code);
    const head = /^(\d+) of 100000 games.*interrupted/.exec(r.stdout);
    expect(head, r.stdout).not.toBeNull();
    const saved = JSON.parse(readFileSync(json, 'utf8'));
    expect(saved.interrupted).toBe(true);
    expect(saved.games.length).toBe(Number(head![1]));
    expect(saved.games.length).toBeGreaterThan(0);
    expect(saved.games.length).toBeLessThan(100000);
    expect(readFileSync(csv, 'utf8').trim().split('\n')).toHaveLength(1 + saved.games.length * 6);
    expect(existsSync(report)).toBe(true);
    expect(lines(r.stderr).every((l) => l.startsWith('cluedo: progress: ')), r.stderr).toBe(true);
  });
});

describe('cluedo simulate --resume', () => {
  // Quick games on two threads: the first progress line comes after the first few of them, long
  // before the last, and the signal is sent then.
  const RUN = ['simulate', '--games', '200', '--agents', 'random,deductive', '--seed', '7', '--threads', '2', '--progress'];
  let dir = '';
  /** What the run never stopped writes. */
  let whole: { json: string; csv: string; report: string };

  const outputsIn = (name: string) => {
    const [json, csv, report] = ['json', 'csv', 'html'].map((x) => join(dir, `${name}.${x}`));
    return { json, csv, report, args: ['--json', json, '--csv', csv, '--report', report] };
  };
  const read = (out: { json: string; csv: string; report: string }) => ({ json: readFileSync(out.json, 'utf8'), csv: readFileSync(out.csv, 'utf8'), report: readFileSync(out.report, 'utf8') });
  const savedGames = (json: string) => (JSON.parse(readFileSync(json, 'utf8')) as { interrupted: boolean; games: Array<{ game: number }> });
  /** What the run's files reproduce: all but the decision times, which are measured. */
  const reproduced = (out: { json: string; csv: string; report: string }) => ({ json: jsonWithoutTiming(out.json), csv: out.csv, report: htmlWithoutDecisionTimes(out.report) });
  /** The seat-games of the --json file's decision times. */
  const timedSeatGames = (json: string) => (JSON.parse(readFileSync(json, 'utf8')) as { timing: { sums: DecisionTimes } }).timing.sums.agents.reduce((n, row) => n + row.seatGames, 0);
  /** The file of an interrupted run that finished only `numbers`, made from the whole run's games. */
  const partialRun = async (name: string, numbers: (game: number) => boolean) => {
    const [{ accumulate }, { accumulatorFor }, { buildReport, reportJson }] = await Promise.all([
      import('../src/tournament/summary.js'),
      import('../src/tournament/shards.js'),
      import('../src/tournament/report.js'),
    ]);
    const run = JSON.parse(whole.json);
    const games = run.games.filter((g: { game: number }) => numbers(g.game));
    const accumulator = games.reduce(accumulate, accumulatorFor(run.config));
    const file = join(dir, `${name}.json`);
    writeFileSync(file, reportJson(buildReport({ config: run.config, seed: run.seed, gamesRequested: run.gamesRequested, interrupted: true, accumulator, games }, { seconds: 0 })));
    return file;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-resume-'));
    const out = outputsIn('whole');
    const r = cluedo(...RUN, ...out.args);
    expect(r.status, r.stderr).toBe(0);
    whole = read(out);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('interrupted (SIGINT), then resumed: the --json, --csv and --report of the run never stopped, byte for byte but for the decision times, which cover every game; progress counts the games played before', async () => {
    const out = outputsIn('once');
    const stopped = await interrupted(/^cluedo: progress: /, ...RUN, ...out.args);
    expect(stopped.runningAtSignal).toBe(true);
    expect(stopped.status, stopped.stderr).toBe(130);
    const kept = savedGames(out.json);
    expect(kept.interrupted).toBe(true);
    expect(kept.games.length).toBeGreaterThan(0);
    expect(kept.games.length).toBeLessThan(200);

    const resumed = cluedo(...RUN, ...out.args, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    const n = kept.games.length;
    expect(lines(resumed.stderr)[0]).toBe(`cluedo: resuming the run in ${JSON.stringify(out.json)}: ${n} of 200 games played, ${200 - n} left to play`);
    const counts = lines(resumed.stderr).slice(1).map((l) => Number(/^cluedo: progress: (\d+) of 200 games/.exec(l)![1]));
    expect(counts[0]).toBeGreaterThan(n);
    expect(counts.at(-1)).toBe(200);
    expect(resumed.stdout).toMatch(/^200 of 200 games, 6 players, seed 7, /);
    expect(reproduced(read(out))).toEqual(reproduced(whole));
    // The decision times of the games played before the stop, and of those played after.
    expect(timedSeatGames(out.json)).toBe(200 * 6);
  });

  it('resumed twice: interrupted again while resumed (SIGTERM), then resumed to the end: the bytes of the run never stopped', async () => {
    const out = outputsIn('twice');
    const first = await interrupted(/^cluedo: progress: /, ...RUN, ...out.args);
    expect(first.status, first.stderr).toBe(130);
    const once = savedGames(out.json);
    const second = await interruptedBy('SIGTERM', /^cluedo: progress: /, ...RUN, ...out.args, '--resume');
    expect(second.runningAtSignal).toBe(true);
    expect(second.status, second.stderr).toBe(143);
    const twice = savedGames(out.json);
    expect(twice.interrupted).toBe(true);
    expect(twice.games.length).toBeGreaterThan(once.games.length);
    expect(twice.games.length).toBeLessThan(200);
    expect(twice.games).toEqual(expect.arrayContaining(once.games));
    const last = cluedo(...RUN, ...out.args, '--resume');
    expect(last.status, last.stderr).toBe(0);
    expect(reproduced(read(out))).toEqual(reproduced(whole));
    expect(timedSeatGames(out.json)).toBe(200 * 6);
  });

  it('resumed from games finished out of order (a stop on several threads leaves gaps): plays the missing numbers only, the same bytes', async () => {
    const json = await partialRun('gaps', (g) => g % 3 === 0 || (g > 50 && g < 60) || g === 199);
    const csv = join(dir, 'gaps.csv');
    const r = cluedo(...RUN, '--json', json, '--csv', csv, '--resume');
    expect(r.status, r.stderr).toBe(0);
    expect(lines(r.stderr)[0]).toBe(`cluedo: resuming the run in ${JSON.stringify(json)}: 74 of 200 games played, 126 left to play`);
    expect(jsonWithoutTiming(readFileSync(json, 'utf8'))).toBe(jsonWithoutTiming(whole.json));
    expect(readFileSync(csv, 'utf8')).toBe(whole.csv);
    // The file had no decision times: those of the games played now.
    expect(timedSeatGames(json)).toBe(126 * 6);
  });

  it('a run that finished is said to be so: nothing played, the --json rewritten to the same bytes (its decision times kept), exit 0', () => {
    const json = join(dir, 'finished.json');
    writeFileSync(json, whole.json);
    const r = cluedo(...RUN, '--json', json, '--resume');
    expect(r.status, r.stderr).toBe(0);
    expect(lines(r.stderr)).toEqual([`cluedo: resuming the run in ${JSON.stringify(json)}: 200 of 200 games played, none left to play`]);
    expect(readFileSync(json, 'utf8')).toBe(whole.json);
  });

  it('another --seed, --games or --agents than the run\'s: exit 2 naming the option and both values, before any game is played, the file untouched', async () => {
    const json = await partialRun('mismatch', (g) => g < 50);
    const before = readFileSync(json, 'utf8');
    const other = (option: string, value: string) => RUN.map((arg, i) => (RUN[i - 1] === option ? value : arg));
    for (const [args, option, theirs, ours] of [
      [other('--seed', '8'), '--seed', '7', '8'],
      [other('--games', '300'), '--games', '200', '300'],
      [other('--agents', 'random,naive'), '--agents', 'random,deductive', 'random,naive'],
      [[...RUN, '--players', '4'], '--players', '6', '4'],
    ] as const) {
      const r = cluedo(...args, '--json', json, '--resume');
      expectOneLineError(r, 2, new RegExp(`^cluedo: --resume: the run in ".*mismatch\\.json" was played with ${option} ${theirs}, and this command asks with ${option} ${ours}: resume a run with the options it was started with$`, 'm'));
      expect(readFileSync(json, 'utf8')).toBe(before);
    }
    expectOneLineError(cluedo(...RUN, '--board', 'classic', '--json', json, '--resume'), 2, /^cluedo: --resume: the run in ".*" was played without --board, and this command asks with --board classic: /m);
  });

  it('--resume without --json, or with an id but no --queue: exit 2, one line', () => {
    expectOneLineError(cluedo(...RUN, '--resume'), 2, /^cluedo: --resume goes with --json or --queue: a local run continues from the games its --json file holds \(the only output with every game\)/m);
    expectOneLineError(cluedo(...RUN, '--csv', join(dir, 'x.csv'), '--resume'), 2, /^cluedo: --resume goes with --json or --queue: /m);
    expectOneLineError(cluedo(...RUN, '--json', join(dir, 'x.json'), '--resume', 't0123456789abcdef'), 2, /^cluedo: --resume "t0123456789abcdef": a tournament id goes with --queue; a local run is resumed by --resume alone/m);
    expectOneLineError(cluedo('simulate', '--queue', 'redis://127.0.0.1:1', '--resume'), 2, /^cluedo: --resume with --queue takes a tournament id as printed by simulate --queue \(t and 16 hex digits\), got none$/m);
    expectOneLineError(cluedo('simulate', '--preset', 'thesis', '--json', join(dir, 'x.json'), '--resume'), 2, /cannot be used with option '--resume \[id\]'/);
  });

  it('a --json file that is not a run\'s, or a corrupted one: exit 1 naming the file and the JSON path, nothing played, the file untouched', async () => {
    const json = await partialRun('corrupted', (g) => g < 50);
    const run = JSON.parse(readFileSync(json, 'utf8'));
    const cases: Array<[string, string, RegExp]> = [
      ['not-json', 'not JSON {', /^cluedo: --json file ".*not-json\.json" is not valid JSON: /m],
      ['analysis', readFileSync(join(ROOT, 'examples/classic-6p-early.expected.json'), 'utf8'), /^cluedo: ".*analysis\.json": not the file of a run \(with its gamesRequested and games, as cluedo simulate --json FILE writes it\)$/m],
      ['won', JSON.stringify({ ...run, games: run.games.map((g: { game: number; seatResults: object[] }) => (g.game === 5 ? { ...g, seatResults: [{ ...g.seatResults[0], won: 'yes' }, ...g.seatResults.slice(1)] } : g)) }), /^cluedo: ".*won\.json": games\[5\]\.seatResults\[0\]\.won: .*boolean/m],
      ['order', JSON.stringify({ ...run, games: [run.games[1], run.games[0], ...run.games.slice(2)] }), /^cluedo: ".*order\.json": games\[1\]\.game: the games must be numbered from 0 to 199 \(gamesRequested\), in order, each once$/m],
      ['sums', JSON.stringify({ ...run, games: run.games.slice(1) }), /^cluedo: ".*sums\.json": accumulator: the games do not add up to its sums$/m],
    ];
    for (const [name, text, message] of cases) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, text);
      expectOneLineError(cluedo(...RUN, '--json', file, '--resume'), 1, message);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
    expectOneLineError(cluedo(...RUN, '--json', join(dir, 'none.json'), '--resume'), 1, /^cluedo: cannot read --json file ".*none\.json": /m);
  });
});
