// estimate(): card-owner and envelope probabilities from uniform samples drawn by the worker
// pool, with their standard errors. The same seed gives the same numbers as analyze(log,
// { samples, seed }) in process, whatever the number of threads.
import { parseGame } from '../io/log.js';
import type { Game } from '../model/game.js';
import { withExecutor, type Executor } from '../runtime/executor.js';
import { analysisPool, tallySamples } from './sampling.js';
import { checkSamples, checkSeed } from './request.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { analysisFromTallies, DEFAULT_SEED, type Analysis } from './analyze.js';
import { deduceFromCounts, knownPlacements } from '../knowledge/deduce.js';
import { loadGame, sharedCore } from './load.js';

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

export interface Estimate extends Analysis {
  /** Standard error of each probability above: sqrt(p (1 - p) / samples), samples being independent. */
  standardErrors: {
    cards: Record<string, Record<string, number>>;
    envelope: Record<string, Record<string, number>>;
  };
}

export async function estimate(log: unknown, options: EstimateOptions): Promise<Estimate> {
  return estimateGame(parseGame(log), options);
}

export async function estimateGame(game: Game, options: EstimateOptions): Promise<Estimate> {
  const { samples } = options;
  const seed = options.seed ?? DEFAULT_SEED;
  checkSamples(samples);
  checkSeed(seed);
  const core = options.core ?? sharedCore();
  const store = loadGame(core, game);
  const known = knownPlacements(deduceFromCounts(game, core.ownerCounts()));
  return withExecutor(options.executor, () => analysisPool(options.threads), async (executor) => {
    const tallies = await tallySamples(executor, store, samples, seed, options.signal, options.onProgress);
    const analysis = analysisFromTallies(game, tallies, known, 'sampled');
    const se = (p: number) => Math.sqrt((p * (1 - p)) / samples);
    const mapRows = (rows: Record<string, Record<string, number>>) =>
      Object.fromEntries(Object.entries(rows).map(([k, row]) => [k, Object.fromEntries(Object.entries(row).map(([o, p]) => [o, se(p)]))]));
    return { ...analysis, standardErrors: { cards: mapRows(analysis.cards), envelope: mapRows(analysis.envelope) } };
  });
}
