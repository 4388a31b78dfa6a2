/**
 * `cluedo bench` run in this process, on one thread only (the figures of worker pools are tested
 * in test/bench.slow.test.ts): the table and the JSON of a quick workload run with a tiny --time,
 * checked for their shape and against the library's own counts, never for a speed; --compare's
 * ratios from two runs written here; every refusal in one line. And the parts the figures are
 * made of: the quantiles and rates of rounds, the warm-up left out, the number format.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyze } from '../src/analysis/analyze.js';
import { parseGame } from '../src/io/log.js';
import { CancelledError } from '../src/runtime/executor.js';
import { figureOf, measure, quantile } from '../src/cli/bench-measure.js';
import { BENCH_FORMAT, BENCH_VERSION, type BenchRow, type BenchRun } from '../src/cli/bench-run.js';
import { formatRate } from '../src/cli/bench-report.js';
import { runInProcess as cluedo } from './support/run-in-process.js';
import type { CliResult } from './support/cluedo-cli.js';
import { ok, refused } from './support/cli-expect.js';

const dir = mkdtempSync(join(tmpdir(), 'cluedo-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const packageVersion = (readJson('package.json') as { version: string }).version;
/** The consistent deals of an example's first `events` events, as the library counts them. */
const dealsOf = (file: string, events?: number) => {
  const log = readJson(file) as { events: unknown[] };
  return Number(analyze(parseGame({ ...log, events: log.events.slice(0, events) }), { method: 'exact' }).consistentDeals);
};

/** A tiny budget: the tests check what is printed, never how fast. */
const QUICK = ['--time', '0.01'];

/** A figure's fields hold together: the rate lies between the slowest and the fastest round, and is the units over the seconds. */
function expectFigure(f: BenchRow['oneThread'], threads: number): void {
  expect(f.threads).toBe(threads);
  expect(f.rounds).toBeGreaterThanOrEqual(3);
  expect(f.rate).toBeCloseTo(f.units / f.seconds, 6);
  expect(f.min).toBeLessThanOrEqual(f.q1);
  expect(f.q1).toBeLessThanOrEqual(f.q3);
  expect(f.q3).toBeLessThanOrEqual(f.max);
  expect(f.min).toBeLessThanOrEqual(f.rate * (1 + 1e-12));
  expect(f.rate).toBeLessThanOrEqual(f.max * (1 + 1e-12));
}

describe('cluedo bench: a run', () => {
  it('--only check: the machine, the load, one row of deals per second in one thread, and what it measured', async () => {
    const r = ok(await cluedo(['bench', '--only', 'check', ...QUICK]));
    const lines = r.stdout.split('\n');
    expect(lines[0].startsWith(`cluedo ${packageVersion} on `)).toBe(true);
    expect(lines[0]).toContain(`${cpus().length} × `);
    expect(lines[0]).toContain(`Node ${process.version}`);
    expect(lines[1]).toMatch(/^Load average at the start: \d+\.\d\d \(\d+ cores\)/);
    const table = lines.filter((l) => /^check\s/.test(l));
    expect(table).toHaveLength(1);
    // One thread only: the check does not run on a pool, so there is no column of threads.
    expect(table[0]).toMatch(/^check\s+deals\/s\s+\S+ \[\S+–\S+\]$/);
    expect(r.stdout).not.toContain('threads');
    expect(r.stdout).toContain(`check: deals checked against classic-6p-late after 24 events (${dealsOf('examples/classic-6p-late.json')} consistent deals)`);
  });

  it('--json: the documented shape, its counts the library\'s, every figure consistent, no pool figure for one-thread work', async () => {
    const r = ok(await cluedo(['bench', '--only', 'check,analyze-late-12,decide-listed', ...QUICK, '--json']));
    const run = JSON.parse(r.stdout) as BenchRun;
    expect(Object.keys(run)).toEqual(['format', 'version', 'cluedo', 'date', 'machine', 'seconds', 'interrupted', 'workloads', 'skipped']);
    expect(run).toMatchObject({ format: BENCH_FORMAT, version: BENCH_VERSION, cluedo: packageVersion, seconds: 0.01, interrupted: false, skipped: [] });
    expect(Number.isNaN(Date.parse(run.date))).toBe(false);
    expect(run.machine).toMatchObject({ cores: cpus().length, node: process.version });
    expect(run.machine.loadAverage).toHaveLength(3);
    expect(run.workloads.map((w) => [w.id, w.kind, w.unit, w.log])).toEqual([
      ['check', 'check', 'deals/s', null],
      ['analyze-late-12', 'analyze', 'analyses/s', null],
      ['decide-listed', 'decide', 'decisions/s', null],
    ]);
    expect(run.workloads.map((w) => w.consistentDeals)).toEqual([dealsOf('examples/classic-6p-late.json'), dealsOf('examples/classic-6p-late.json', 12), dealsOf('examples/classic-6p-late.json', 14)]);
    for (const w of run.workloads) {
      expectFigure(w.oneThread, 1);
      expect(w.allThreads).toBeNull();
      expect(w.ratio).toBeNull();
    }
    // Every check round checks whole batches of 4,096 deals; every analysis is one.
    expect(run.workloads[0].oneThread.units % 4096).toBe(0);
    expect(Number.isInteger(run.workloads[1].oneThread.units)).toBe(true);
  });

  it('--threads past the cores: the run says how many threads its pool has, as every command does', async () => {
    const r = await cluedo(['bench', '--only', 'check', '--threads', '256', ...QUICK]);
    expect(r.status).toBe(0);
    const cores = availableParallelism();
    expect(r.stderr).toBe(`cluedo: using ${cores} ${cores === 1 ? 'thread, the core' : 'threads, the cores'} available\n`);
  });

  it('--only a kind: every workload of the kind', async () => {
    const run = JSON.parse(ok(await cluedo(['bench', '--only', 'analyze', ...QUICK, '--json'])).stdout) as BenchRun;
    expect(run.workloads.map((w) => w.id)).toEqual(['analyze-early-0', 'analyze-early-6', 'analyze-late-12', 'analyze-late-24']);
    expect(run.workloads.map((w) => w.consistentDeals)).toEqual([
      dealsOf('examples/classic-6p-early.json', 0),
      dealsOf('examples/classic-6p-early.json', 6),
      dealsOf('examples/classic-6p-late.json', 12),
      dealsOf('examples/classic-6p-late.json', 24),
    ]);
  });

  it('--log: the workloads of each log on its own position; a spectator has no decision to time, and the run says so', async () => {
    const observer = 'examples/classic-5p-mid.json';
    const spectator = 'examples/classic-3p-spectator.json';
    const run = JSON.parse(ok(await cluedo(['bench', '--log', observer, '--log', spectator, '--only', 'check,decide', ...QUICK, '--json'])).stdout) as BenchRun;
    expect(run.workloads.map((w) => [w.log, w.id])).toEqual([
      [observer, 'check'],
      [observer, 'decide'],
      [spectator, 'check'],
    ]);
    const deals = dealsOf(observer);
    expect(run.workloads.map((w) => w.consistentDeals)).toEqual([deals, deals, dealsOf(spectator)]);
    // Fewer deals than the entropy agent draws: it scores on every one.
    expect(run.workloads[1].what).toContain(`on every one of its ${deals} consistent deals`);
    expect(run.skipped).toEqual([{ log: spectator, kind: 'decide', why: expect.stringMatching(/no "me"/) }]);
    const text = ok(await cluedo(['bench', '--log', spectator, '--only', 'decide', ...QUICK])).stdout;
    expect(text).toContain('No workload measured.');
    expect(text).toContain(`${spectator}: no decide: `);
  });
});

describe('cluedo bench --compare', () => {
  const figure = (rate: number, threads = 1) => ({ threads, rate, q1: rate, q3: rate, min: rate, max: rate, rounds: 3, units: rate, seconds: 1 });
  const row = (id: string, kind: BenchRow['kind'], unit: string, one: number, all: [number, number] | null = null): BenchRow => ({
    id,
    kind,
    log: null,
    what: id,
    unit,
    consistentDeals: null,
    oneThread: figure(one),
    allThreads: all && figure(all[0], all[1]),
    ratio: all && all[0] / one,
  });
  const runOf = (workloads: BenchRow[]): BenchRun => ({
    format: BENCH_FORMAT,
    version: BENCH_VERSION,
    cluedo: '0.1.0',
    date: '2026-01-02T03:04:05.000Z',
    machine: { cpu: 'Test CPU', cores: 2, memoryBytes: 2 ** 33, node: 'v20.0.0', os: 'Linux 6.1.0 x64', loadAverage: [0.5, 0.4, 0.3] },
    seconds: 1,
    interrupted: false,
    workloads,
    skipped: [],
  });
  const write = (name: string, value: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };
  const oldFile = write('old.json', runOf([row('check', 'check', 'deals/s', 40e6), row('games-entropy', 'games', 'games/s', 50, [80, 2]), row('sample', 'sample', 'deals/s', 3e6, [5e6, 2])]));
  const newFile = write('new.json', runOf([row('check', 'check', 'deals/s', 50e6), row('games-entropy', 'games', 'games/s', 40, [100, 4]), row('decide-sampled', 'decide', 'decisions/s', 300)]));
  /** The table's rows, each cut at its columns. */
  const rowsOf = (text: string) =>
    text
      .split('\n')
      .slice(text.split('\n').findIndex((l) => l.startsWith('───')) + 1)
      .filter((l) => l !== '')
      .map((l) => l.split(/ {2,}/).map((cell) => cell.trim()));

  it('two files: new/old of every figure, exact; a pool of another size shown old → new; a figure of one run only named as such', async () => {
    const r = ok(await cluedo(['bench', '--compare', oldFile, newFile]));
    expect(r.stdout.split('\n')[0]).toBe(`old: ${oldFile}, cluedo 0.1.0, 2026-01-02 03:04, 2 × Test CPU, 8.0 GiB, Linux 6.1.0 x64, Node v20.0.0, load average 0.50 (2 cores)`);
    expect(r.stdout.split('\n')[1]).toMatch(new RegExp(`^new: ${newFile}, `));
    expect(rowsOf(r.stdout)).toEqual([
      ['check', '1', 'deals/s', '40.0M', '50.0M', '1.25×'],
      ['games-entropy', '1', 'games/s', '50.0', '40.0', '0.80×'],
      ['games-entropy', '2 → 4', 'games/s', '80.0', '100', '1.25×'],
      ['decide-sampled', '1', 'decisions/s', '—', '300', `not in ${oldFile}`],
      ['sample', '1', 'deals/s', '3.00M', '—', `not in ${newFile}`],
      ['sample', '2', 'deals/s', '5.00M', '—', `not in ${newFile}`],
    ]);
  });

  it('two files with --only: the figures of those workloads alone', async () => {
    const r = ok(await cluedo(['bench', '--compare', oldFile, newFile, '--only', 'games']));
    expect(rowsOf(r.stdout).map((cells) => cells[0])).toEqual(['games-entropy', 'games-entropy']);
  });

  it('one file: this run against it, its figures new', async () => {
    const r = ok(await cluedo(['bench', '--compare', oldFile, '--only', 'check', ...QUICK]));
    expect(r.stdout.split('\n')[1]).toMatch(/^new: this run, cluedo /);
    const rows = rowsOf(r.stdout);
    expect(rows.map((cells) => cells.slice(0, 4))).toEqual([['check', '1', 'deals/s', '40.0M']]);
    expect(rows[0][5]).toMatch(/^\d+\.\d\d×$/);
  });

  it.each([
    ['not JSON', '{"format": ', /bench file ".*bad\.json" is not valid JSON/],
    ['not a bench file', { players: ['A', 'B'] }, /bad\.json": not a bench file \(format: "cluedo-bench" expected/],
    ['another version', { format: BENCH_FORMAT, version: 2 }, /bad\.json": a bench file of version 2, but this cluedo reads version 1/],
    ['a figure that is no number', { ...runOf([row('check', 'check', 'deals/s', 1)]), workloads: [{ ...row('check', 'check', 'deals/s', 1), oneThread: { ...figure(1), rate: 'fast' } }] }, /bad\.json": workloads\[0\]\.oneThread\.rate: /],
    ['an unknown kind', { ...runOf([]), workloads: [{ ...row('check', 'check', 'deals/s', 1), kind: 'chek' }] }, /bad\.json": workloads\[0\]\.kind: /],
  ])('a --compare file that is %s: one line naming it (and the JSON path), exit 1', async (_, contents, culprit) => {
    const bad = write('bad.json', contents);
    refused(await cluedo(['bench', '--compare', bad, newFile]), 1, culprit);
    refused(await cluedo(['bench', '--compare', bad, ...QUICK]), 1, culprit);
  });

  it('three files: one line, exit 2', async () => {
    refused(await cluedo(['bench', '--compare', oldFile, newFile, oldFile]), 2, /--compare takes one file .* or two .*, got 3/);
  });

  it('a --compare file that cannot be read: one line naming it, exit 1', async () => {
    refused(await cluedo(['bench', '--compare', join(dir, 'none.json')]), 1, /cannot read bench file ".*none\.json": no such file/);
  });

  it.each([
    [['--time', '0.5'], /--time: nothing is measured when --compare is given two files/],
    [['--log', 'examples/classic-5p-mid.json'], /--log: nothing is measured/],
    [['--json'], /option '--json' cannot be used with option '--compare/],
    [['--only', 'chek'], /--only: no workload "chek"; did you mean "check"\?/],
  ])('two files with %j: one line, exit 2', async (args, culprit) => {
    refused(await cluedo(['bench', '--compare', oldFile, newFile, ...(args as string[])]), 2, culprit as RegExp);
  });
});

describe('cluedo bench: refusals before any work', () => {
  it.each([
    [['--only', 'chek'], /--only: no workload "chek"; did you mean "check"\? \(the workloads: check, analyze, sample, decide, games, /],
    [['--only', 'check,,games'], /--only takes names separated by commas/],
    [['--time', '0'], /--time must be a number of seconds above 0 and at most 3,600, got "0"/],
    [['--time', '-1'], /--time must be a number of seconds/],
    [['--time', '1e3'], /--time must be a number of seconds .* got "1e3"/],
    [['--time', 'soon'], /--time must be a number of seconds .* got "soon"/],
    [['--time', '3601'], /--time must be a number of seconds/],
    [['--threads', '0'], /--threads must be a whole number/],
    [['--log', ''], /--log needs a path/],
    [['--log', 'examples/classic-5p-mid.json', '--only', 'analyze-late-12'], /--only: no workload "analyze-late-12".*\(the workloads: check, analyze, sample and decide\)/],
  ])('%j: one line, exit 2', async (args, culprit) => {
    refused(await cluedo(['bench', ...(args as string[])]), 2, culprit as RegExp);
  });

  it('a --log that cannot be read, is no game log, or that no deal satisfies: one line naming the file (and the event), exit 1, whatever comes after it', async () => {
    refused(await cluedo(['bench', '--log', join(dir, 'none.json'), '--log', 'examples/classic-5p-mid.json']), 1, /cannot read game log ".*none\.json": no such file/);
    const notALog = write('not-a-log.json', { players: ['A', 'B', 'C'], evnts: [] });
    refused(await cluedo(['bench', '--log', 'examples/classic-5p-mid.json', '--log', notALog]), 1, /not-a-log\.json": invalid game log: unknown key "evnts"; did you mean "events"\?/);
    refused(await cluedo(['bench', '--log', 'examples/mistakes/conflicting.json']), 1, /^cluedo: "examples\/mistakes\/conflicting\.json": No deal is left after event 3 /);
  });

  function write(name: string, value: unknown): string {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  }
});

describe('the figures', () => {
  it('quantiles interpolate between the nearest ranks', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantile([7], 0.75)).toBe(7);
  });

  it('a figure is the units of every round over their seconds, with the spread of the rounds\' rates', () => {
    // Rates 100, 50, 200 and 100 units a second.
    const f = figureOf([
      { units: 100, seconds: 1 },
      { units: 100, seconds: 2 },
      { units: 200, seconds: 1 },
      { units: 50, seconds: 0.5 },
    ]);
    expect(f).toEqual({ rate: 450 / 4.5, q1: 87.5, q3: 125, min: 50, max: 200, rounds: 4, units: 450, seconds: 4.5 });
  });

  it('the warm-up is not timed: its calls do work the figure does not count', async () => {
    let calls = 0;
    const f = await measure(() => (calls++, 10), { seconds: 0.02 });
    expect(f.units % 10).toBe(0);
    expect(f.units / 10).toBeGreaterThanOrEqual(f.rounds);
    expect(f.units / 10).toBeLessThan(calls);
  });

  it('an aborted signal stops a measurement between rounds, with a CancelledError', async () => {
    const controller = new AbortController();
    let calls = 0;
    const measured = measure(
      () => {
        if (++calls === 3) controller.abort();
        return 1;
      },
      { seconds: 60, signal: controller.signal },
    );
    await expect(measured).rejects.toBeInstanceOf(CancelledError);
  });

  it.each([
    [46_123_456, '46.1M'],
    [2_500_000_000, '2.50G'],
    [12_345, '12.3k'],
    [9_999, '10.0k'],
    [1_040.2, '1,040'],
    [999.7, '1,000'],
    [58, '58.0'],
    [0.51234, '0.512'],
  ])('a rate of %d is written %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });
});
