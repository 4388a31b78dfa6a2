// Running a tournament: games on an executor (worker threads in parallel, or this thread), in small
// numbered batches, results kept as they finish. Stopping (an AbortSignal) keeps every game
// already finished; a run resumed from those plays only the game numbers missing (each game is
// decided by the seed and its number alone), so that its results are those of a run never stopped.
import { CancelledError, type Executor } from '../runtime/executor.js';
import { InProcessExecutor } from '../runtime/in-process.js';
import type { GameResult } from './results.js';
import type { TournamentConfig } from './play.js';
import * as tournamentTasks from './tasks.js';
import { TOURNAMENT_TASKS, tournamentTask, type GamesPayload } from './tasks.js';
import { emptyDecisionTimes, mergeDecisionTimes, type DecisionTimes } from './decision-times.js';

export interface TournamentRunOptions {
  /** Plays the game numbers from `from` (default 0) up to `games` (exclusive). */
  games: number;
  from?: number;
  seed: number;
  /** Where to play (kept open): a worker pool (`tournamentPool` of the ./node entry); default: this thread. */
  executor?: Executor;
  signal?: AbortSignal;
  /** Called after every finished batch with the number of games done. */
  onProgress?: (done: number) => void;
  /** Called with every finished batch of games, in the order they finish (not game order). */
  onResults?: (batch: readonly GameResult[]) => void;
  /** Keep the results for the outcome (default true); false keeps no per-game array. */
  keepResults?: boolean;
  /**
   * Games of this run finished before (a stopped run's, resumed): not played again, counted in
   * `done` and the progress from the start, and among the results. They need not be consecutive:
   * a run stopped on several threads leaves gaps.
   */
  finished?: readonly GameResult[];
  /** Time every decision of every agent (default true): the outcome's `times`. */
  timing?: boolean;
}

export interface TournamentOutcome {
  /** Finished games, in game order (none with keepResults: false). */
  results: GameResult[];
  /** How many games finished (with those `finished` gave). */
  done: number;
  /** True when the run was stopped before every game finished. */
  interrupted: boolean;
  /**
   * With `timing`: the decision times of the games this call played (not of those `finished`
   * gave), per summary row. Measured, so not the same from run to run, unlike the results.
   */
  times?: DecisionTimes;
}

/** A run stopped by a failure (an agent from outside that can no longer start): the games finished before it are kept. */
export class TournamentStoppedError extends Error {
  override name = 'TournamentStoppedError';
  constructor(
    message: string,
    readonly outcome: TournamentOutcome,
  ) {
    super(message);
  }
}

/** Games per task: enough work to dwarf the pool's overhead, few enough to stop quickly. */
export const GAMES_PER_TASK = 4;

export async function runTournament(config: TournamentConfig, options: TournamentRunOptions): Promise<TournamentOutcome> {
  const keep = options.keepResults ?? true;
  const finished = options.finished ?? [];
  const played = new Set(finished.map((g) => g.game));
  const results: GameResult[] = keep ? [...finished] : [];
  let next = options.from ?? 0;
  let done = finished.length;
  let interrupted = false;
  let failure: Error | null = null;
  const timing = options.timing ?? true;
  let times: DecisionTimes | undefined = timing ? emptyDecisionTimes() : undefined;
  /** The next batch: up to GAMES_PER_TASK consecutive game numbers not played yet, or null when none is left. */
  const nextBatch = (): { from: number; to: number } | null => {
    while (next < options.games && played.has(next)) next++;
    if (next >= options.games) return null;
    const from = next;
    while (next < options.games && next - from < GAMES_PER_TASK && !played.has(next)) next++;
    return { from, to: next };
  };
  // Keep two batches per thread in flight: the workers never wait, and a stop abandons little.
  const worker = (executor: Executor) => async () => {
    while (!options.signal?.aborted && failure === null) {
      const range = nextBatch();
      if (range === null) return;
      const { from, to } = range;
      try {
        const payload: GamesPayload = { config, seed: options.seed, from, to, timing };
        const { results: batch, times: batchTimes } = await executor.run(tournamentTask.games, payload, { signal: options.signal });
        if (times !== undefined && batchTimes !== undefined) times = mergeDecisionTimes(times, batchTimes);
        if (keep) results.push(...batch);
        done += batch.length;
        options.onResults?.(batch);
        options.onProgress?.(done);
      } catch (error) {
        if (error instanceof CancelledError) {
          interrupted = true;
          return;
        }
        // The other batches in flight finish; no new one starts.
        failure ??= error as Error;
        return;
      }
    }
  };
  const executor = options.executor ?? new InProcessExecutor({ [TOURNAMENT_TASKS]: tournamentTasks });
  await Promise.all(Array.from({ length: executor.threads * 2 }, worker(executor)));
  if (options.signal?.aborted) interrupted = true;
  results.sort((a, b) => a.game - b.game);
  const stopped = failure as Error | null; // set by the batches above
  if (stopped !== null) throw new TournamentStoppedError(stopped.message, { results, done, interrupted: true, ...(times && { times }) });
  return { results, done, interrupted, ...(times && { times }) };
}
