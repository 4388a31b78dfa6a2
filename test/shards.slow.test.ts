/**
 * Static shards of a tournament (src/tournament/shards.ts, `cluedo simulate --shard i/N --out FILE`,
 * `cluedo merge`): the split covers every game once, the merged shards of a tournament give exactly
 * the summary of one run of it, in any order and with a retried shard, and every refusal is one line.
 *
 * The command-line tests need the built CLI (`npm run build:ts && npm run build:cli`; `npm test`
 * builds first).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { InProcessExecutor } from '../src/runtime/in-process.js';
import * as tournamentTasks from '../src/tournament/tasks.js';
import { TOURNAMENT_TASKS } from '../src/tournament/tasks.js';
import { playTournamentGames, type TournamentConfig } from '../src/tournament/play.js';
import { accumulate, emptyAccumulator, finalize } from '../src/tournament/summary.js';
import {
  mergeShards,
  parseShardFile,
  parseShardSpec,
  playShard,
  shardFileText,
  shardRange,
  summaryOrder,
  type ShardFile,
} from '../src/tournament/shards.js';
import { InputError } from '../src/model/errors.js';
import { readPage } from './support/html.js';
import { htmlWithoutDecisionTimes, jsonWithoutTiming, withoutDecisionTimes } from './support/timing.js';
import type { DecisionTimes } from '../src/tournament/decision-times.js';

/** The tournament's task run in this process, cut into `threads` tasks at a time. */
const inProcess = (threads: number) => new InProcessExecutor({ [TOURNAMENT_TASKS]: tournamentTasks }, threads);

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo;

describe('the split of a tournament into shards', () => {
  it('covers every game exactly once, in order, with shard sizes differing by at most one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 300 }), (games, n) => {
        const count = Math.min(n, games);
        const shards = Array.from({ length: count }, (_, i) => shardRange(games, count, i + 1));
        expect(shards[0].from).toBe(0);
        expect(shards[count - 1].to).toBe(games);
        for (let i = 1; i < count; i++) expect(shards[i].from).toBe(shards[i - 1].to);
        const sizes = shards.map((s) => s.to - s.from);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(games);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        // the larger shards come first
        for (let i = 1; i < count; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]);
      }),
      { numRuns: 300 },
    );
  });

  it('is the documented formula: 10 games in 4 shards are 3, 3, 2, 2', () => {
    expect([1, 2, 3, 4].map((i) => shardRange(10, 4, i))).toEqual([
      { index: 1, count: 4, from: 0, to: 3 },
      { index: 2, count: 4, from: 3, to: 6 },
      { index: 3, count: 4, from: 6, to: 8 },
      { index: 4, count: 4, from: 8, to: 10 },
    ]);
  });

  it('parses "i/N" (1-based) and refuses the rest with a message', () => {
    expect(parseShardSpec('3/8', 24)).toEqual(shardRange(24, 8, 3));
    expect(parseShardSpec('1/1', 1)).toEqual({ index: 1, count: 1, from: 0, to: 1 });
    for (const bad of ['0/3', '4/3', '1/0', '1/25', 'a', '3', '-1/3', '1.5/3', '1/3/4', '']) {
      expect(() => parseShardSpec(bad, 24)).toThrow(expect.objectContaining({ name: 'InputError', code: 'bad-option', option: 'shard', value: bad }));
    }
    expect(() => shardRange(10, 11, 1)).toThrow(RangeError);
    expect(() => shardRange(10, 2, 0)).toThrow(RangeError);
  });
});

const CONFIG: TournamentConfig = { deck: CLASSIC_CATEGORIES, players: 4, agents: ['naive', 'deductive'], maxTurns: 200 };
const SEED = 7;
const GAMES = 24;
const COUNT = 5;

/** The permutations used as merge orders: a fixed few, drawn from a seeded shuffle. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('merging the shards of a tournament', () => {
  let whole: string;
  let files: ShardFile[];

  beforeAll(async () => {
    const core = KnowledgeCore.create();
    const acc = playTournamentGames(CONFIG, SEED, 0, GAMES, core).reduce(accumulate, emptyAccumulator());
    whole = JSON.stringify(finalize(acc, summaryOrder(CONFIG)));
    files = [];
    for (let i = 1; i <= COUNT; i++) {
      // two "threads" in one process: batches finish interleaved, the file must not depend on it
      const outcome = await playShard(CONFIG, SEED, GAMES, shardRange(GAMES, COUNT, i), { executor: inProcess(2) });
      expect(outcome.interrupted).toBe(false);
      files.push(outcome.file!);
    }
  });

  const merged = (list: ShardFile[]) => JSON.stringify(finalize(mergeShards(list.map((file, k) => ({ name: `part-${k}.json`, file }))).accumulator, summaryOrder(CONFIG)));

  it('gives the summary of one run of the tournament, byte for byte, in any order', () => {
    expect(files.map((f) => f.accumulator.games)).toEqual([5, 5, 5, 5, 4]);
    for (let seed = 1; seed <= 8; seed++) expect(merged(shuffled(files, seed))).toBe(whole);
  });

  it('with a retried shard given twice (the same sums), still the same summary', () => {
    expect(merged([files[2], ...files, files[0]])).toBe(whole);
    expect(mergeShards([files[2], ...files].map((file) => ({ name: 'x', file }))).repeated).toEqual([3]);
  });

  it('a shard file read back is the same shard, and the merged sums do not depend on the order', () => {
    const read = files.map((f, i) => parseShardFile(JSON.parse(shardFileText(f)), `part-${i + 1}.json`));
    expect(read).toEqual(files);
    const a = mergeShards(read.map((file) => ({ name: 'a', file })));
    const b = mergeShards(shuffled(read, 3).map((file) => ({ name: 'b', file })));
    expect(JSON.stringify(b.accumulator)).toBe(JSON.stringify(a.accumulator));
  });

  it('a stopped shard gives no file (its job is retried), with the games it finished', async () => {
    const controller = new AbortController();
    const outcome = await playShard(CONFIG, SEED, GAMES, shardRange(GAMES, 1, 1), {
      executor: inProcess(1),
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(outcome).toMatchObject({ file: null, interrupted: true });
    expect(outcome.done).toBeGreaterThan(0);
    expect(outcome.done).toBeLessThan(GAMES);
  });

  it('keeps every game in the file only when asked, and merges them in game order', async () => {
    const kept = [];
    for (let i = 1; i <= 2; i++) kept.push((await playShard(CONFIG, SEED, GAMES, shardRange(GAMES, 2, i), { executor: inProcess(2), keepResults: true })).file!);
    expect(files[0].results).toBeUndefined();
    expect(kept.map((f) => f.results!.map((r) => r.game))).toEqual([[...Array(12).keys()], [...Array(12).keys()].map((g) => g + 12)]);
    const read = kept.map((f, i) => parseShardFile(JSON.parse(shardFileText(f)), `k${i}.json`));
    const merged = mergeShards([{ name: 'b', file: read[1] }, { name: 'a', file: read[0] }]);
    expect(merged.results).toEqual(playTournamentGames(CONFIG, SEED, 0, GAMES, KnowledgeCore.create()));
    expect(JSON.stringify(finalize(merged.accumulator, summaryOrder(CONFIG)))).toBe(whole);
    // only some files with games: the sums still merge, the games do not
    expect(mergeShards([{ name: 'a', file: read[0] }, { name: 'b', file: { ...read[1], results: undefined } }]).results).toBeUndefined();
    const reordered = JSON.parse(shardFileText(kept[0]));
    [reordered.results[0], reordered.results[1]] = [reordered.results[1], reordered.results[0]];
    expect(() => parseShardFile(reordered, 'r.json')).toThrow(/^r\.json: results\[0\]\.game: the shard's results must be its games 0 to 11, in order$/);
  });

  it('keeps the decision times: each file those of its games; merged, the sum of the shards\' (a shard given twice counted once)', () => {
    const seatGames = (times: DecisionTimes) => times.agents.reduce((n, row) => n + row.seatGames, 0);
    files.forEach((f) => expect(seatGames(f.timing)).toBe(f.accumulator.games * CONFIG.players));
    const merged = mergeShards([files[2], ...files].map((file, k) => ({ name: `part-${k}.json`, file }))).timing;
    expect(merged.agents.map((r) => r.agent)).toEqual(['deductive', 'naive']);
    for (const row of merged.agents) {
      const parts = files.map((f) => f.timing.agents.find((r) => r.agent === row.agent)!);
      const sum = (value: (part: (typeof parts)[number]) => number) => parts.reduce((n, part) => n + value(part), 0);
      expect(row.seatGames).toBe(sum((p) => p.seatGames));
      expect(row.decisions).toBe(sum((p) => p.decisions));
      expect(row.totalNs).toBe(sum((p) => p.totalNs));
      // Bin by bin.
      const bin = (part: { firstBin: number; counts: number[] }, k: number) => part.counts[k - part.firstBin] ?? 0;
      for (let k = 0; k < 80; k++) expect(bin(row, k), `${row.agent}, bin ${k}`).toBe(sum((p) => bin(p, k)));
    }
    expect(seatGames(merged)).toBe(GAMES * CONFIG.players);
    // Decision times that do not add up are refused, naming the JSON path.
    const bad = JSON.parse(shardFileText(files[0]));
    bad.timing.agents[0].decisions += 1;
    expect(() => parseShardFile(bad, 'x.json')).toThrow(/^x\.json: timing\.agents\[0\]\.counts: \d+ counted, and decisions says \d+$/);
    const more = JSON.parse(shardFileText(files[0]));
    more.timing.agents[1].seatGames += 100;
    expect(() => parseShardFile(more, 'x.json')).toThrow(/^x\.json: timing\.agents\[1\]\.seatGames: \d+ seat-games of "naive", and the games summed have \d+$/);
  });

  it('refuses a missing shard, a shard twice with other sums, a shard of another tournament', () => {
    const named = (list: ShardFile[]) => list.map((file, k) => ({ name: `f${k}.json`, file }));
    expect(() => mergeShards(named([files[0], files[2], files[4]]))).toThrow(/^missing 2 of 5 shards: shards 2, 4$/);
    const other = structuredClone(files[1]);
    other.accumulator.wins[0].games += 1;
    expect(() => mergeShards(named([...files, other]))).toThrow(/^shard 2\/5 is given twice with different sums: f1\.json and f5\.json$/);
    expect(() => mergeShards(named([...files.slice(0, 4), { ...files[4], seed: 8 }]))).toThrow(/^f4\.json is of another tournament than f0\.json: its seed differs$/);
    expect(() => mergeShards(named([...files.slice(0, 4), { ...files[4], config: { ...CONFIG, maxTurns: 100 } }]))).toThrow(/its config differs/);
    expect(() => mergeShards([])).toThrow(InputError);
  });

  it('refuses a file that is not a shard file, naming the JSON path of the problem', () => {
    const text = shardFileText(files[0]);
    expect(() => parseShardFile({ hello: 1 }, 'x.json')).toThrow(/^x\.json: not a shard file/);
    const bad = JSON.parse(text);
    bad.accumulator.agents[1].certain.n = 'many';
    expect(() => parseShardFile(bad, 'x.json')).toThrow(/^x\.json: accumulator\.agents\[1\]\.certain\.n: /);
    const range = JSON.parse(text);
    range.shard.to = 7;
    expect(() => parseShardFile(range, 'x.json')).toThrow(/^x\.json: shard: shard 1\/5 of 24 games is games 0 to 5, not 0 to 7$/);
    const sums = JSON.parse(text);
    sums.accumulator.games = 4;
    expect(() => parseShardFile(sums, 'x.json')).toThrow(/^x\.json: accumulator\.games: 4 games summed, the shard has 5$/);
    // A shard of an earlier version counted certainty and faults otherwise: refused by its version.
    const older = JSON.parse(text);
    older.version = 1;
    expect(() => parseShardFile(older, 'x.json')).toThrow(/^x\.json: a shard file of version 1, but this cluedo reads version 3: play every shard of a tournament with the same version of cluedo$/);
  });
});

// ---------------------------------------------------------------------------------------------
// The command line

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cluedo(cwd: string, ...args: string[]): Run {
  const env = { ...process.env };
  delete env.CLUEDO_DEBUG;
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [join(ROOT, MAIN), ...args], { cwd, encoding: 'utf8', env, timeout: 60_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One line on stderr, "cluedo: ...", matching `pattern`. */
function oneLine(r: Run, pattern: RegExp): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^cluedo: /);
  expect(lines[0]).toMatch(pattern);
}

describe('cluedo simulate --shard and cluedo merge', () => {
  let dir: string;
  const TOURNAMENT = ['--games', '24', '--players', '4', '--agents', 'naive,deductive', '--seed', '3', '--threads', '1'];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-shards-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('three shards merged in any order report what one run reports, and the files are complete', () => {
    const one = cluedo(dir, 'simulate', ...TOURNAMENT, '--json', 'whole.json', '--report', 'whole.html');
    expect(one.status).toBe(0);
    for (const i of [3, 1, 2]) {
      const r = cluedo(dir, 'simulate', ...TOURNAMENT, '--shard', `${i}/3`, '--out', `part-${i}.json`);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^shard ${i}/3: games ${(i - 1) * 8}-${i * 8 - 1} \\(8 of 24\\), seed 3, [\\d.]+ s: wrote part-${i}\\.json\\n$`));
    }
    // no temporary file is left behind
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    const merged = cluedo(dir, 'merge', 'part-2.json', 'part-3.json', 'part-1.json', 'part-2.json', '--json', 'merged.json', '--report', 'merged.html');
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    expect(merged.stdout.split('\n')[0]).toBe('24 games in 3 shards (given twice with the same sums: shard 2), 4 players, seed 3, max 200 turns, merged from 4 files');
    const whole = JSON.parse(readFileSync(join(dir, 'whole.json'), 'utf8'));
    const fromShards = JSON.parse(readFileSync(join(dir, 'merged.json'), 'utf8'));
    expect(JSON.stringify(fromShards.summary)).toBe(JSON.stringify(whole.summary));
    // the printed tables are the same as the single run's, after its first line, but for the decision times (measured)
    expect(withoutDecisionTimes(merged.stdout.split('\n').slice(1).join('\n'))).toBe(withoutDecisionTimes(one.stdout.split('\n').slice(1).join('\n')));
    // the HTML report is the run's, byte for byte but for its decision times: it says what was played, not how
    expect(readFileSync(join(dir, 'merged.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(htmlWithoutDecisionTimes(readFileSync(join(dir, 'merged.html'), 'utf8'))).toBe(htmlWithoutDecisionTimes(readFileSync(join(dir, 'whole.html'), 'utf8')));
    // the --json without the games (the shards kept none) is the run's without them
    const { games, ...withoutGames } = whole;
    expect(games).toHaveLength(24);
    expect(jsonWithoutTiming(readFileSync(join(dir, 'merged.json'), 'utf8'))).toBe(jsonWithoutTiming(`${JSON.stringify(withoutGames, null, 2)}\n`));
    // its decision times are the shards' (shard 2, given twice, counted once)
    const sums = (file: string) => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { timing: DecisionTimes | { sums: DecisionTimes } }).timing;
    const decisions = (times: DecisionTimes) => times.agents.reduce((n, row) => n + row.decisions, 0);
    const parts = [1, 2, 3].map((i) => sums(`part-${i}.json`) as DecisionTimes);
    expect(decisions((sums('merged.json') as { sums: DecisionTimes }).sums)).toBe(parts.reduce((n, p) => n + decisions(p), 0));
    expect(decisions((sums('merged.json') as { sums: DecisionTimes }).sums)).toBe(decisions((sums('whole.json') as { sums: DecisionTimes }).sums));
    // the same shard again (a retry), on two threads, writes the same bytes but for its decision times
    const before = readFileSync(join(dir, 'part-2.json'), 'utf8');
    expect(cluedo(dir, 'simulate', ...TOURNAMENT, '--threads', '2', '--shard', '2/3', '--out', 'part-2.json').status).toBe(0);
    expect(jsonWithoutTiming(readFileSync(join(dir, 'part-2.json'), 'utf8'))).toBe(jsonWithoutTiming(before));
  });

  it('with --keep-games: merge writes the CSV and the --json games of one run, byte for byte', () => {
    const one = cluedo(dir, 'simulate', ...TOURNAMENT, '--csv', 'whole.csv', '--json', 'whole-games.json', '--report', 'whole-games.html');
    expect(one.status).toBe(0);
    for (const i of [1, 2]) expect(cluedo(dir, 'simulate', ...TOURNAMENT, '--shard', `${i}/2`, '--out', `kept-${i}.json`, '--keep-games').status).toBe(0);
    const merged = cluedo(dir, 'merge', 'kept-2.json', 'kept-1.json', '--csv', 'merged.csv', '--json', 'merged-games.json', '--report', 'merged-games.html');
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    // The same games, the same files: the CSV, the JSON (which --resume could read) and the report.
    // (But for the decision times, which are measured.)
    const file = (name: string) => readFileSync(join(dir, name), 'utf8');
    expect(file('merged.csv')).toBe(file('whole.csv'));
    expect(jsonWithoutTiming(file('merged-games.json'))).toBe(jsonWithoutTiming(file('whole-games.json')));
    expect(htmlWithoutDecisionTimes(file('merged-games.html'))).toBe(htmlWithoutDecisionTimes(file('whole-games.html')));
    // and the printed tables, after the first line
    expect(withoutDecisionTimes(merged.stdout.split('\n').slice(1).join('\n'))).toBe(withoutDecisionTimes(one.stdout.split('\n').slice(1).join('\n')));
    const whole = JSON.parse(readFileSync(join(dir, 'whole-games.json'), 'utf8'));
    const fromShards = JSON.parse(readFileSync(join(dir, 'merged-games.json'), 'utf8'));
    expect(JSON.stringify(fromShards.games)).toBe(JSON.stringify(whole.games));
    expect(JSON.stringify(fromShards.summary)).toBe(JSON.stringify(whole.summary));
    // A solo run too: each seat's role stands where the shard file has it.
    const SOLO = ['--players', '3', '--solo', 'deductive', '--field', 'naive', '--games', '6', '--seed', '4'];
    expect(cluedo(dir, 'simulate', ...SOLO, '--json', 'solo-whole.json').status).toBe(0);
    for (const i of [1, 2]) expect(cluedo(dir, 'simulate', ...SOLO, '--shard', `${i}/2`, '--out', `solo-${i}.json`, '--keep-games').status).toBe(0);
    expect(cluedo(dir, 'merge', 'solo-2.json', 'solo-1.json', '--json', 'solo-merged.json').status).toBe(0);
    const soloGames = (file: string) => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { games: { seatResults: object[] }[] }).games;
    expect(Object.keys(soloGames('solo-whole.json')[0].seatResults[0]).slice(0, 3)).toEqual(['seat', 'agent', 'role']);
    expect(JSON.stringify(soloGames('solo-merged.json'))).toBe(JSON.stringify(soloGames('solo-whole.json')));
    // a tampered game no longer adds up to its shard's sums
    const tampered = JSON.parse(readFileSync(join(dir, 'kept-1.json'), 'utf8'));
    tampered.results[3].unsolved = !tampered.results[3].unsolved;
    writeFileSync(join(dir, 'tampered-1.json'), JSON.stringify(tampered));
    const r = cluedo(dir, 'merge', 'tampered-1.json', 'kept-2.json');
    expect(r.status).toBe(1);
    oneLine(r, /^cluedo: tampered-1\.json: results: the games do not add up to the accumulator's sums$/);
  });

  it('shards whose agents are labelled with markup merge into a report that shows the labels as text', () => {
    // A shard file is JSON anyone can write: its labels reach the report as they are.
    const hostile = ['<script>alert("&")</script>', `"><img src=x onerror='y'>`];
    for (const i of [1, 2]) {
      expect(cluedo(dir, 'simulate', ...TOURNAMENT, '--shard', `${i}/2`, '--out', `plain-${i}.json`).status).toBe(0);
      const text = readFileSync(join(dir, `plain-${i}.json`), 'utf8');
      writeFileSync(join(dir, `hostile-${i}.json`), text.replaceAll('"naive"', JSON.stringify(hostile[0])).replaceAll('"deductive"', JSON.stringify(hostile[1])));
    }
    const merged = cluedo(dir, 'merge', 'hostile-1.json', 'hostile-2.json', '--report', 'hostile.html');
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    const page = readFileSync(join(dir, 'hostile.html'), 'utf8');
    const { elements, text } = readPage(page);
    expect(elements.filter((e) => ['script', 'img'].includes(e.name) || Object.keys(e.attributes).some((a) => a.startsWith('on')))).toEqual([]);
    for (const label of hostile) {
      expect(page).not.toContain(label);
      expect(text).toContain(label);
      expect(elements.filter((e) => e.name === 'th' && e.attributes.title === label).length).toBeGreaterThan(0);
    }
  });

  it('on the board: the merged summary has the board section, as one run', () => {
    const board = ['--games', '4', '--players', '3', '--agents', 'deductive', '--board', 'classic', '--seed', '2', '--threads', '1'];
    const one = cluedo(dir, 'simulate', ...board);
    expect(one.status).toBe(0);
    for (const i of [1, 2]) expect(cluedo(dir, 'simulate', ...board, '--shard', `${i}/2`, '--out', `board-${i}.json`).status).toBe(0);
    const merged = cluedo(dir, 'merge', 'board-1.json', 'board-2.json');
    expect(merged.status).toBe(0);
    expect(merged.stdout.split('\n')[0]).toMatch(/^4 games in 2 shards, 3 players, seed 2, max 300 turns, board classic \(2d6, exact roll, exit cost 0, summons\), merged from 2 files$/);
    expect(withoutDecisionTimes(merged.stdout.split('\n').slice(1).join('\n'))).toBe(withoutDecisionTimes(one.stdout.split('\n').slice(1).join('\n')));
  });

  it('refuses, in one line, what does not go with --shard (exit 2)', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--shard', '1/3'], /^cluedo: --shard goes with --out: /],
      [['--out', 'p.json'], /^cluedo: --out goes with --shard: /],
      [['--shard', '0/3', '--out', 'p.json'], /the shard must be from 1 to 3 \(1-based\)/],
      [['--shard', '4/3', '--out', 'p.json'], /the shard must be from 1 to 3/],
      [['--shard', '1/25', '--out', 'p.json'], /25 shards of 24 games would leave some empty/],
      [['--shard', 'two', '--out', 'p.json'], /--shard takes i\/N/],
      [['--shard', '1/3', '--out', 'p.json', '--report', 'r.html'], /^cluedo: option '--shard <i\/N>' cannot be used with option '--report <file\.html>'/],
      [['--shard', '1/3', '--out', 'p.json', '--json', 'r.json'], /^cluedo: option '--shard <i\/N>' cannot be used with option '--json <file>'/],
      [['--shard', '1/3', '--out', 'p.json', '--csv', 'r.csv'], /^cluedo: option '--shard <i\/N>' cannot be used with option '--csv <file>'/],
      [['--shard', '1/3', '--out', 'p.json', '--logs', 'logs'], /^cluedo: option '--shard <i\/N>' cannot be used with option '--logs <dir>'/],
      [['--shard', '1/3', '--out', 'p.json', '--preset', 'thesis'], /^cluedo: option '--preset <name>' cannot be used with option '--shard <i\/N>'/],
      [['--keep-games'], /^cluedo: --keep-games goes with --shard: /],
    ];
    for (const [args, pattern] of cases) {
      const r = cluedo(dir, 'simulate', '--games', '24', ...args);
      expect(r.status, args.join(' ')).toBe(2);
      oneLine(r, pattern);
      expect(existsSync(join(dir, 'p.json'))).toBe(false);
    }
    const noDir = cluedo(dir, 'simulate', '--games', '24', '--shard', '1/3', '--out', 'missing/p.json');
    expect(noDir.status).toBe(1);
    oneLine(noDir, /--out "missing\/p\.json": there is no directory "missing"/);
  });

  it('merge refuses, in one line, files that do not make one whole tournament (exit 1), and --csv they cannot serve (exit 2)', () => {
    // part-1..3 of the first test (seed 3); another seed's shard 2
    expect(cluedo(dir, 'simulate', ...TOURNAMENT, '--seed', '4', '--shard', '2/3', '--out', 'seed4-2.json').status).toBe(0);
    const other = JSON.parse(readFileSync(join(dir, 'part-2.json'), 'utf8'));
    other.accumulator.unsolvedGames += 1;
    writeFileSync(join(dir, 'changed-2.json'), JSON.stringify(other));
    writeFileSync(join(dir, 'truncated.json'), readFileSync(join(dir, 'part-1.json'), 'utf8').slice(0, 100));
    writeFileSync(join(dir, 'log.json'), JSON.stringify({ players: ['A', 'B'], events: [] }));
    const nested = JSON.parse(readFileSync(join(dir, 'part-3.json'), 'utf8'));
    nested.accumulator.agents[0].turnsToWin.counts = 'none';
    writeFileSync(join(dir, 'nested.json'), JSON.stringify(nested));
    const cases: Array<[string[], RegExp, number]> = [
      [['part-1.json', 'part-3.json'], /^cluedo: missing 1 of 3 shards: shard 2$/, 1],
      [['part-1.json'], /^cluedo: missing 2 of 3 shards: shards 2-3$/, 1],
      [['part-1.json', 'seed4-2.json', 'part-3.json'], /^cluedo: seed4-2\.json is of another tournament than part-1\.json: its seed differs$/, 1],
      [['part-1.json', 'part-2.json', 'changed-2.json', 'part-3.json'], /^cluedo: shard 2\/3 is given twice with different sums: part-2\.json and changed-2\.json$/, 1],
      [['part-1.json', 'truncated.json'], /^cluedo: shard file "truncated\.json" is not valid JSON: /, 1],
      [['log.json'], /^cluedo: log\.json: not a shard file/, 1],
      [['part-1.json', 'nested.json'], /^cluedo: nested\.json: accumulator\.agents\[0\]\.turnsToWin\.counts: /, 1],
      [['nowhere.json'], /^cluedo: cannot read shard file "nowhere\.json": no such file$/, 1],
      [['.'], /^cluedo: cannot read shard file "\.": it is a directory, not a regular file$/, 1],
      [['part-1.json', 'part-2.json', 'part-3.json', '--csv', 'x.csv'], /^cluedo: --csv needs every game's row, and part-1\.json holds only sums: write the shards with simulate --shard i\/N --keep-games$/, 2],
      [[], /^cluedo: missing required argument 'files'/, 2],
    ];
    for (const [args, pattern, status] of cases) {
      const r = cluedo(dir, 'merge', ...args);
      expect(r.status, args.join(' ')).toBe(status);
      expect(r.stdout).toBe('');
      oneLine(r, pattern);
    }
  });
});
