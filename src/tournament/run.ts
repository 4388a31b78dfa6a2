// Running a tournament: games in parallel on an executor, in small numbered batches, results kept
// as they finish. Stopping (an AbortSignal) keeps every game already finished.
import { CancelledError, withExecutor, type Executor, type TaskRef } from '../runtime/executor.js';
import { WorkerPool } from '../runtime/pool.js';
import type { GameResult } from './results.js';
import type { TournamentConfig } from './play.js';
import type { GamesPayload } from './tasks.js';

// '../tournament/' rather than './': the same file from the CLI's bundle in dist/cli/.
export const TOURNAMENT_TASKS = new URL('../tournament/tasks.js', import.meta.url).href;
const GAMES: TaskRef = { module: TOURNAMENT_TASKS, name: 'games' };

export interface RunOptions {
  /** Plays the game numbers from `from` (default 0) up to `games` (exclusive). */
  games: number;
  from?: number;
  seed: number;
  /** Worker threads when no executor is given (default: every core). */
  threads?: number;
  /** Where to play (kept open); otherwise a worker pool of `threads` is made and closed for this run. */
  executor?: Executor;
  signal?: AbortSignal;
  /** Called after every finished batch with the number of games done. */
  onProgress?: (done: number) => void;
  /** Called with every finished batch of games, in the order they finish (not game order). */
  onResults?: (batch: readonly GameResult[]) => void;
  /** Keep the results for the outcome (default true); false keeps no per-game array. */
  keepResults?: boolean;
}

export interface RunOutcome {
  /** Finished games, in game order (none with keepResults: false). */
  results: GameResult[];
  /** How many games finished. */
  done: number;
  /** True when the run was stopped before every game finished. */
  interrupted: boolean;
}

/** Games per task: enough work to dwarf the pool's overhead, few enough to stop quickly. */
export const GAMES_PER_TASK = 4;

/** A worker pool whose threads load the tournament task at start-up. */
export function tournamentPool(threads?: number): WorkerPool {
  return new WorkerPool({ threads, preload: [TOURNAMENT_TASKS] });
}

export async function runTournament(config: TournamentConfig, options: RunOptions): Promise<RunOutcome> {
  const results: GameResult[] = [];
  const keep = options.keepResults ?? true;
  let next = options.from ?? 0;
  let done = 0;
  let interrupted = false;
  // Keep two batches per thread in flight: the workers never wait, and a stop abandons little.
  const worker = (executor: Executor) => async () => {
    while (next < options.games && !options.signal?.aborted) {
      const from = next;
      const to = Math.min(options.games, from + GAMES_PER_TASK);
      next = to;
      try {
        const payload: GamesPayload = { config, seed: options.seed, from, to };
        const batch = await executor.run<GameResult[]>(GAMES, payload, { signal: options.signal });
        if (keep) results.push(...batch);
        done += batch.length;
        options.onResults?.(batch);
        options.onProgress?.(done);
      } catch (error) {
        if (error instanceof CancelledError) {
          interrupted = true;
          return;
        }
        throw error;
      }
    }
  };
  await withExecutor(options.executor, () => tournamentPool(options.threads), (executor) =>
    Promise.all(Array.from({ length: executor.threads * 2 }, worker(executor))),
  );
  if (options.signal?.aborted) interrupted = true;
  results.sort((a, b) => a.game - b.game);
  return { results, done, interrupted };
}
