// Static shards of a tournament: shard i of N is a contiguous range of game numbers, played anywhere
// (another process, another machine, a retry), its summary kept as an accumulator of exact integer
// sums (summary.ts) in a shard file. Merging the files of all N shards, in any order, gives exactly
// the summary of the whole tournament played in one process. The file also holds the decision
// times of its games (decision-times.ts), which merge into those of the whole tournament, but
// are measured: they differ from one play of a shard to another.
//
// The split is a pure function of the number of games G and of N: with q = floor(G / N) and
// r = G mod N, the first r shards get q + 1 games and the others q, in order. Shard i (1-based, as
// on the command line, "--shard i/N") plays the game numbers [from, to) with
// from = (i − 1)·q + min(i − 1, r) and to = from + q + (i ≤ r ? 1 : 0). Game numbers are 0-based,
// as in every result (GameResult.game). N may not exceed G: every shard has at least one game.
import * as z from 'zod';
import { accumulatorSchema, configSchema, decisionTimesSchema, gameResultSchema, jsonPath, positive, whole } from './file-schemas.js';
import { decisionTimesProblem, emptyDecisionTimes, mergeDecisionTimes, type DecisionTimes } from './decision-times.js';
import { InputError, type Phrase } from '../model/errors.js';
import type { TournamentConfig } from './play.js';
import type { GameResult } from './results.js';
import { accumulate, merge, emptyAccumulator, rowLabel, type SummaryAccumulator } from './summary.js';
import { canonicalCompositions, compositionProblem } from './league.js';
import { runTournament, type TournamentRunOptions } from './run.js';
import { forCount } from '../model/numbers.js';

export const SHARD_FORMAT = 'cluedo-shard';
/** 2: faults carry their reasons, and agents say whether they report certainty (which `certain` counts); 3: decision times. */
export const SHARD_VERSION = 3;

/** Shard `index` (1-based) of `count`: the game numbers from `from` (inclusive) to `to` (exclusive). */
export interface ShardRange {
  index: number;
  count: number;
  from: number;
  to: number;
}

/** The games of shard `index` (1-based) of `count` over `games` games; throws a RangeError outside 1 ≤ index ≤ count ≤ games. */
export function shardRange(games: number, count: number, index: number): ShardRange {
  if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`a tournament has at least one game, got ${games}`);
  if (!Number.isSafeInteger(count) || count < 1 || count > games) throw new RangeError(`the number of shards must be from 1 to the games (${games}), got ${count}`);
  if (!Number.isSafeInteger(index) || index < 1 || index > count) throw new RangeError(`the shard must be from 1 to ${count}, got ${index}`);
  const q = Math.floor(games / count);
  const r = games % count;
  const i = index - 1;
  const from = i * q + Math.min(i, r);
  return { index, count, from, to: from + q + (i < r ? 1 : 0) };
}

/**
 * "i/N" as a shard of a tournament of `games` games; an InputError saying what is wrong otherwise
 * (code 'bad-option', option 'shard', `limit` the bound passed). Both are whole numbers in decimal
 * digits, 1 ≤ i ≤ N ≤ games.
 */
export function parseShardSpec(text: string, games: number): ShardRange {
  const bad = (phrase: Phrase, limit?: number) => new InputError(phrase, { code: 'bad-option', option: 'shard', value: text, limit });
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (m === null) throw bad([{ option: 'shard' }, ` takes i/N, shard i of N (1-based: 1/4 to 4/4), got "${text}"`]);
  const [index, count] = [Number(m[1]), Number(m[2])];
  const shard = { option: 'shard', value: text };
  if (!Number.isSafeInteger(count) || count < 1) throw bad([shard, ': the number of shards N must be at least 1'], 1);
  if (count > games) throw bad([shard, `: ${count} shards of ${games} ${forCount(games, 'game')} would leave some empty (N ≤ `, { option: 'games' }, ')'], games);
  if (!Number.isSafeInteger(index) || index < 1 || index > count) throw bad([shard, `: the shard must be from 1 to ${count} (1-based)`], count);
  return shardRange(games, count, index);
}

/** The rows a summary of this config lists first (finalize's agentOrder). */
export function summaryOrder(config: TournamentConfig): string[] {
  return config.solo ? [rowLabel(config.solo.agent, 'solo'), rowLabel(config.solo.field, 'field')] : config.agents;
}

/** An accumulator for the games of this config: a league's keeps its table compositions too, for the rating. */
export function accumulatorFor(config: TournamentConfig): SummaryAccumulator {
  return emptyAccumulator({ compositions: config.schedule === 'league' });
}

/** The contents of a shard file. */
export interface ShardFile {
  format: typeof SHARD_FORMAT;
  version: typeof SHARD_VERSION;
  config: TournamentConfig;
  seed: number;
  /** The tournament's games, all shards together. */
  games: number;
  shard: ShardRange;
  /** The summary sums of the shard's games (canonical order: see canonicalAccumulator). */
  accumulator: SummaryAccumulator;
  /** The decision times of the shard's games: measured, not the same bytes when the shard is played again. */
  timing: DecisionTimes;
  /** Every game's result, in game order: only when asked for (simulate --keep-games), for merge's --csv and --json games. */
  results?: GameResult[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The accumulator with its lists in a canonical order (rows by first appearance, wins by winner
 * then other) and its rows' keys in the schema's: the same games give the same bytes whatever
 * order they finished in. finalize does not depend on the order; the bytes of a shard file do.
 */
export function canonicalAccumulator(acc: SummaryAccumulator): SummaryAccumulator {
  const out = structuredClone(acc);
  // Each row's keys in the schema's order (which a shard file read back has): its optional sums
  // appear in a tally in the order the games brought them.
  out.agents = out.agents.map(({ agent, firstSeen, wins, certain, turnsToWin, turnsToCertain, wrongAccusations, faults, faultReasons, tables, turnsMoving, roomsVisited }) => ({
    agent,
    firstSeen,
    wins,
    certain,
    turnsToWin,
    turnsToCertain,
    wrongAccusations,
    ...(faults && { faults }),
    ...(faultReasons && { faultReasons }),
    tables,
    ...(turnsMoving && { turnsMoving }),
    ...(roomsVisited && { roomsVisited }),
  }));
  out.agents.sort((a, b) => a.firstSeen.game - b.firstSeen.game || a.firstSeen.seat - b.firstSeen.seat || byText(a.agent, b.agent));
  out.wins.sort((a, b) => byText(a.winner, b.winner) || byText(a.other, b.other));
  if (out.compositions) out.compositions = canonicalCompositions(out.compositions);
  return out;
}

export function shardFile(
  config: TournamentConfig,
  seed: number,
  games: number,
  shard: ShardRange,
  accumulator: SummaryAccumulator,
  timing: DecisionTimes,
  results?: GameResult[],
): ShardFile {
  return { format: SHARD_FORMAT, version: SHARD_VERSION, config, seed, games, shard, accumulator: canonicalAccumulator(accumulator), timing, ...(results && { results }) };
}

/** A shard file as written: pretty JSON ending with a newline. */
export function shardFileText(file: ShardFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

export interface ShardOutcome {
  /** The shard file, or null when the run was stopped before every game of the shard finished. */
  file: ShardFile | null;
  /** Games of the shard that finished. */
  done: number;
  interrupted: boolean;
}

/**
 * Plays the games of one shard (on the executor of `options`, as runTournament) and sums them as
 * they finish: no per-game array is kept. An interrupted shard gives no file: its job is retried.
 */
export async function playShard(
  config: TournamentConfig,
  seed: number,
  games: number,
  shard: ShardRange,
  options: Omit<TournamentRunOptions, 'games' | 'from' | 'seed' | 'timing'> = {},
): Promise<ShardOutcome> {
  const expected = shardRange(games, shard.count, shard.index);
  const accumulator = accumulatorFor(config);
  const run = await runTournament(config, {
    ...options,
    seed,
    from: expected.from,
    games: expected.to,
    keepResults: options.keepResults ?? false,
    timing: true,
    onResults: (batch) => {
      batch.forEach((game) => accumulate(accumulator, game));
      options.onResults?.(batch);
    },
  });
  const complete = !run.interrupted && run.done === expected.to - expected.from;
  const results = options.keepResults ? run.results : undefined;
  return { file: complete ? shardFile(config, seed, games, expected, accumulator, run.times!, results) : null, done: run.done, interrupted: run.interrupted };
}

// ---------------------------------------------------------------------------------------------
// Reading a shard file back: its structure checked, each problem one line with its JSON path.

const shardSchema = z.strictObject({
  format: z.literal(SHARD_FORMAT),
  version: z.literal(SHARD_VERSION),
  config: configSchema,
  seed: z.number().int().min(0),
  games: positive,
  shard: z.strictObject({ index: positive, count: positive, from: whole, to: whole }),
  accumulator: accumulatorSchema,
  timing: decisionTimesSchema,
  results: z.array(gameResultSchema).optional(),
});

/**
 * The shard file in `json` (already parsed) from `name`; an InputError naming the file and the
 * JSON path of the first problem otherwise.
 */
export function parseShardFile(json: unknown, name: string): ShardFile {
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== SHARD_FORMAT) {
    throw new InputError([`${name}: not a shard file (format: "${SHARD_FORMAT}" expected; written by `, { call: 'shardFileText' }, ')'], { code: 'not-shard-file', file: name });
  }
  const version = (json as { version?: unknown }).version;
  if (version !== SHARD_VERSION) {
    throw new InputError(`${name}: a shard file of version ${JSON.stringify(version) ?? 'none'}, but this cluedo reads version ${SHARD_VERSION}: play every shard of a tournament with the same version of cluedo`);
  }
  const result = shardSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InputError(`${name}: ${jsonPath(issue.path) || '(top level)'}: ${issue.message}`);
  }
  const file = result.data as ShardFile;
  const { index, count, from, to } = file.shard;
  let expected: ShardRange;
  try {
    expected = shardRange(file.games, count, index);
  } catch (e) {
    throw new InputError(`${name}: shard: ${(e as Error).message}`);
  }
  if (from !== expected.from || to !== expected.to) {
    throw new InputError(`${name}: shard: shard ${index}/${count} of ${file.games} ${forCount(file.games, 'game')} is games ${expected.from} to ${expected.to}, not ${from} to ${to}`);
  }
  if (file.accumulator.games !== to - from) {
    throw new InputError(`${name}: accumulator.games: ${file.accumulator.games} ${forCount(file.accumulator.games, 'game')} summed, the shard has ${to - from}`);
  }
  checkCompositions(file, name);
  const timing = decisionTimesProblem(file.timing, file.accumulator, 'timing');
  if (timing !== null) throw new InputError(`${name}: ${timing}`);
  if (file.results !== undefined) {
    const wrong = file.results.findIndex((r, k) => r.game !== from + k);
    if (wrong !== -1 || file.results.length !== to - from) {
      throw new InputError(`${name}: results${wrong === -1 ? '' : `[${wrong}].game`}: the shard's results must be its games ${from} to ${to - 1}, in order`);
    }
    let sums: string;
    try {
      sums = JSON.stringify(canonicalAccumulator(file.results.reduce(accumulate, accumulatorFor(file.config))));
    } catch (e) {
      throw new InputError(`${name}: results: ${(e as Error).message}`);
    }
    if (sums !== JSON.stringify(canonicalAccumulator(file.accumulator))) throw new InputError(`${name}: results: the games do not add up to the accumulator's sums`);
  }
  return file;
}

/** A league's shard sums its table compositions, each consistent, over all its games; another's has none. */
function checkCompositions(file: ShardFile, name: string): void {
  const compositions = file.accumulator.compositions;
  const league = file.config.schedule === 'league';
  if (league !== (compositions !== undefined)) {
    throw new InputError(`${name}: accumulator.compositions: ${league ? "a league's shard sums its table compositions, and this one has none" : 'only a league sums table compositions'}`);
  }
  if (compositions === undefined) return;
  compositions.forEach((c, i) => {
    const problem = compositionProblem(c);
    if (problem !== null) throw new InputError(`${name}: accumulator.compositions[${i}]: ${problem}`);
  });
  const games = compositions.reduce((n, c) => n + c.games, 0);
  if (games !== file.accumulator.games) throw new InputError(`${name}: accumulator.compositions: ${games} ${forCount(games, 'game')} at the tables, the shard has ${file.accumulator.games}`);
}

/** What merging the shards of one tournament gives. */
export interface MergedShards {
  config: TournamentConfig;
  seed: number;
  games: number;
  count: number;
  /** The sum of every shard's accumulator, merged in shard order, in canonical order. */
  accumulator: SummaryAccumulator;
  /** Every shard's decision times together (of a shard given twice, those of its first file). */
  timing: DecisionTimes;
  /** Shards given more than once (a retried job), with identical sums. */
  repeated: number[];
  /** Every game's result in game order, when every shard file holds them. */
  results?: GameResult[];
}

/** Ranges of shard numbers in few words: "2, 5-7". */
function ranges(numbers: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    out.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * Merges the shards of one tournament, whatever the order given. Every file must be of the same
 * tournament as the first (config, seed, games, number of shards); each shard must be there, and a
 * shard given twice must have the same sums (a retried job). InputError otherwise, in one line.
 */
export function mergeShards(files: ReadonlyArray<{ name: string; file: ShardFile }>): MergedShards {
  if (files.length === 0) throw new InputError('no shard file given');
  const first = files[0];
  const tournament = (f: ShardFile) => JSON.stringify([f.config, f.seed, f.games, f.shard.count]);
  const key = tournament(first.file);
  const byIndex = new Map<number, { name: string; file: ShardFile; sums: string }>();
  const repeated = new Set<number>();
  for (const { name, file } of files) {
    if (tournament(file) !== key) {
      const differs = (['config', 'seed', 'games'] as const).find((k) => JSON.stringify(file[k]) !== JSON.stringify(first.file[k])) ?? 'shard.count';
      throw new InputError(`${name} is of another tournament than ${first.name}: its ${differs} differs`);
    }
    const sums = JSON.stringify([canonicalAccumulator(file.accumulator), file.results ?? null]);
    const seen = byIndex.get(file.shard.index);
    if (seen === undefined) {
      byIndex.set(file.shard.index, { name, file, sums });
    } else if (seen.sums === sums) {
      repeated.add(file.shard.index);
    } else {
      throw new InputError(`shard ${file.shard.index}/${file.shard.count} is given twice with different ${file.results === undefined && seen.file.results === undefined ? 'sums' : 'sums or games'}: ${seen.name} and ${name}`);
    }
  }
  const count = first.file.shard.count;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    throw new InputError(`missing ${missing.length} of ${count} ${forCount(count, 'shard')}: ${forCount(missing.length, 'shard')} ${ranges(missing)}`);
  }
  let accumulator = accumulatorFor(first.file.config);
  let timing = emptyDecisionTimes();
  for (let i = 1; i <= count; i++) {
    accumulator = merge(accumulator, byIndex.get(i)!.file.accumulator);
    timing = mergeDecisionTimes(timing, byIndex.get(i)!.file.timing);
  }
  const shards = Array.from({ length: count }, (_, i) => byIndex.get(i + 1)!.file);
  const results = shards.every((f) => f.results !== undefined) ? shards.flatMap((f) => f.results!) : undefined;
  return {
    config: first.file.config,
    seed: first.file.seed,
    games: first.file.games,
    count,
    accumulator: canonicalAccumulator(accumulator),
    timing,
    repeated: [...repeated].sort((a, b) => a - b),
    ...(results && { results }),
  };
}
