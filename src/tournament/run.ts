// Running a tournament: games in parallel on the pool, in small numbered batches, results kept
// as they finish. Stopping (an AbortSignal) keeps every game already finished.
import { CancelledError, withPool, type InferencePool } from '../pool/pool.js';
import type { TournamentConfig } from './play.js';
import type { GameResult } from './types.js';

export interface RunOptions {
  games: number;
  seed: number;
  threads?: number;
  pool?: InferencePool;
  signal?: AbortSignal;
  /** Called after every finished batch with the number of games done. */
  onProgress?: (done: number) => void;
}

export interface RunOutcome {
  /** Finished games, in game order. */
  results: GameResult[];
  /** True when the run was stopped before every game finished. */
  interrupted: boolean;
}

/** Games per task: enough work to dwarf the pool's overhead, few enough to stop quickly. */
export const GAMES_PER_TASK = 4;

export async function runTournament(config: TournamentConfig, options: RunOptions): Promise<RunOutcome> {
  const results: GameResult[] = [];
  let next = 0;
  let interrupted = false;
  // Keep two batches per thread in flight: the workers never wait, and a stop abandons little.
  const worker = (pool: InferencePool) => async () => {
    while (next < options.games && !options.signal?.aborted) {
      const from = next;
      const to = Math.min(options.games, from + GAMES_PER_TASK);
      next = to;
      try {
        results.push(...(await pool.games(config, options.seed, from, to, options.signal)));
        options.onProgress?.(results.length);
      } catch (error) {
        if (error instanceof CancelledError) {
          interrupted = true;
          return;
        }
        throw error;
      }
    }
  };
  await withPool(options, (pool) => Promise.all(Array.from({ length: pool.threads * 2 }, worker(pool))));
  if (options.signal?.aborted) interrupted = true;
  results.sort((a, b) => a.game - b.game);
  return { results, interrupted };
}
