// A local run's --json file (cluedo simulate and league): its settings, seed and games asked for,
// whether it was interrupted, the summary, its sums and every game's result in game order. Read
// back, it is what --resume continues from: the games it holds are not played again, and the run
// resumed writes the bytes the run would have written had it never stopped, but for the decision
// times (its `timing`), which are measured: the resumed run's add to those the file holds. It is
// written as report.ts builds it (reportJson), and read back here.
import * as z from 'zod';
import { InputError } from '../model/errors.js';
import { forCount } from '../model/numbers.js';
import { accumulatorSchema, configSchema, decisionTimesSchema, gameResultSchema, jsonPath, positive, whole } from './file-schemas.js';
import { decisionTimesProblem, type DecisionTimeRow, type DecisionTimes } from './decision-times.js';
import { accumulatorFor, canonicalAccumulator } from './shards.js';
import { accumulate, type SummaryAccumulator } from './summary.js';
import type { TournamentConfig } from './play.js';
import type { GameResult } from './results.js';
import type { Summary } from './types.js';

export interface RunFile {
  config: TournamentConfig;
  seed: number;
  /** --games: the games of the whole run. */
  gamesRequested: number;
  /** True when the run stopped before every game finished (a signal, or an agent from outside that failed). */
  interrupted: boolean;
  summary: Summary;
  accumulator: SummaryAccumulator;
  /** The decision times of its games, in a report's words and as sums (absent from a file written before they were measured). */
  timing?: RunTiming;
  /** The finished games, in game order: every one when not interrupted. */
  games: GameResult[];
}

/** A run's decision times: its rows as the report reads them, and the sums they are read from. */
export interface RunTiming {
  agents: DecisionTimeRow[];
  sums: DecisionTimes;
}

const runSchema = z.strictObject({
  config: configSchema,
  seed: whole,
  gamesRequested: positive,
  interrupted: z.boolean(),
  // Computed from the games, as the accumulator is: written again, never read.
  summary: z.record(z.string(), z.unknown()),
  accumulator: accumulatorSchema,
  // The rows are read from the sums, as the summary from the accumulator: written again, never read.
  timing: z.strictObject({ agents: z.array(z.unknown()), sums: decisionTimesSchema }).optional(),
  games: z.array(gameResultSchema),
});

/**
 * The run file in `json` (already parsed) from `name`, as it was written (its objects' keys in
 * their order in the file); an InputError naming the file and the JSON path of the first problem
 * otherwise.
 */
export function parseRunFile(json: unknown, name: string): RunFile {
  const has = (key: string) => typeof json === 'object' && json !== null && key in json;
  if (has('preset')) {
    throw new InputError([`${name}: the file of the thesis's experiment (`, { option: 'preset', value: 'thesis' }, '), which cannot be resumed'], { code: 'not-run-file', file: name });
  }
  if (!has('gamesRequested') || !has('games')) {
    throw new InputError([`${name}: not the file of a run (with its gamesRequested and games, as `, { call: 'reportJson' }, ' writes it)'], { code: 'not-run-file', file: name });
  }
  const parsed = runSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${name}: ${jsonPath(issue.path) || '(top level)'}: ${issue.message}`);
  }
  const file = json as RunFile;
  const { gamesRequested, games } = file;
  const wrong = games.findIndex((g, k) => g.game >= gamesRequested || (k > 0 && g.game <= games[k - 1].game));
  if (wrong !== -1) {
    throw new InputError(`${name}: games[${wrong}].game: the games must be numbered from 0 to ${gamesRequested - 1} (gamesRequested), in order, each once`);
  }
  if (!file.interrupted && games.length !== gamesRequested) {
    throw new InputError(`${name}: interrupted: false, but the file holds ${games.length} of the ${gamesRequested} ${forCount(gamesRequested, 'game')} requested`);
  }
  let sums: string;
  try {
    sums = JSON.stringify(canonicalAccumulator(games.reduce(accumulate, accumulatorFor(file.config))));
  } catch (e) {
    throw new InputError(`${name}: games: ${(e as Error).message}`);
  }
  if (sums !== JSON.stringify(canonicalAccumulator(file.accumulator))) throw new InputError(`${name}: accumulator: the games do not add up to its sums`);
  const timing = file.timing && decisionTimesProblem(file.timing.sums, file.accumulator, 'timing.sums');
  if (timing) throw new InputError(`${name}: ${timing}`);
  return file;
}
