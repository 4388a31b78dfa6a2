// estimate(): card-owner and envelope probabilities from uniform samples drawn on an executor (the
// worker pool by default), with their standard errors. The same seed gives the same numbers as
// analyze(log, { samples, seed }) in process, whatever the number of threads.
import { parseGame } from '../io/log.js';
import type { Game } from '../model/game.js';
import { withExecutor, type Executor } from '../runtime/executor.js';
import { analysisPool, tallySamples } from './sampling.js';
import { checkSamples, checkSeed } from './request.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { analysisFrom, DEFAULT_SEED, type Analysis } from './analyze.js';
import { positionOf, sharedCore } from './load.js';
import { dagPossibleOwners, independentErrors } from '../knowledge/worlds.js';

export interface EstimateOptions {
  samples: number;
  seed?: number;
  threads?: number;
  /** Where to run (kept open); otherwise a worker pool of `threads` is made and closed for this call. */
  executor?: Executor;
  signal?: AbortSignal;
  core?: KnowledgeCore;
  /** Called with the number of deals drawn so far. */
  onProgress?: (done: number) => void;
}

export async function estimate(log: unknown, options: EstimateOptions): Promise<Analysis> {
  return estimateGame(parseGame(log), options);
}

export async function estimateGame(game: Game, options: EstimateOptions): Promise<Analysis> {
  const { samples } = options;
  const seed = options.seed ?? DEFAULT_SEED;
  checkSamples(samples);
  checkSeed(seed);
  // The position in this thread decides what is certain and counts the deals, exactly.
  const position = positionOf(options.core ?? sharedCore(), game);
  const count = position.count();
  const possibleOwners = dagPossibleOwners(position);
  const { store } = position;
  position.dispose();
  return withExecutor(options.executor, () => analysisPool(options.threads), async (executor) => {
    const tallies = await tallySamples(executor, store, samples, seed, options.signal, options.onProgress);
    return analysisFrom(game, { method: 'sampled', count, tallies: independentErrors(tallies), possibleOwners });
  });
}
