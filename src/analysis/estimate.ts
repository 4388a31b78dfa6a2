// estimate(): card-owner and envelope probabilities from uniform samples drawn on an executor (in
// this thread by default, between turns of the event loop; a worker pool to share the draws among
// threads), or from Markov chains when the position is too large for its DAG (or when asked for),
// with their standard errors. The same seed gives the same numbers as analyze(input, { method,
// samples, seed }), whatever the number of threads.
import { gameOf, type GameLog } from '../io/log.js';
import type { Game } from '../model/game.js';
import type { Executor } from '../runtime/executor.js';
import { inThisThread, runChains, tallySamples } from './sampling.js';
import { checkSamples, checkSeed } from './request.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { analysisFrom, DEFAULT_SEED, type Analysis } from './analyze.js';
import { positionOf, sharedCore, storeOf } from './load.js';
import { tooHard } from './consistency.js';
import { contradiction } from './contradiction.js';
import { possibleOwners } from '../knowledge/search.js';
import { chainSampleTallies, chainsFor } from '../knowledge/mcmc.js';
import { dagPossibleOwners, independentErrors } from '../knowledge/worlds.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { drawFromInThisThread } from './tasks.js';

export interface EstimateOptions {
  samples: number;
  seed?: number;
  /**
   * 'sampled' (the default): uniform draws from the exact DAG, or Markov chains when it is too
   * large to build; 'mcmc': Markov chains, no DAG built. As analyze's methods of those names.
   */
  method?: 'sampled' | 'mcmc';
  /** Where to run (kept open): a worker pool (`analysisPool` of the ./node entry, a WebWorkerPool); default: this thread. */
  executor?: Executor;
  signal?: AbortSignal;
  core?: KnowledgeCore;
  /** The largest deal DAG to build (default 8,000,000 nodes); past it, Markov chains answer. */
  maxNodes?: number;
  /** Called with the number of deals drawn so far. */
  onProgress?: (done: number) => void;
}

export async function estimate(input: GameLog | Game, options: EstimateOptions): Promise<Analysis> {
  const game = gameOf(input);
  const { samples } = options;
  const seed = options.seed ?? DEFAULT_SEED;
  checkSamples(samples);
  checkSeed(seed);
  const core = options.core ?? sharedCore();
  if (options.method === 'mcmc') return chainEstimate(game, core, storeOf(core, game), samples, seed, options);
  // The position in this thread decides what is certain and counts the deals, exactly; a position
  // too large for its DAG is left to the search (certainty) and to Markov chains (the estimates).
  const position = positionOf(core, game, 'tryLoad', options.maxNodes);
  const { store } = position;
  if (position.status === 'too-large') {
    position.dispose();
    return chainEstimate(game, core, store, samples, seed, options);
  }
  const count = position.count();
  const possible = dagPossibleOwners(position);
  // Drawn in this thread, the samples come from this position: a large DAG takes seconds to build again.
  if (options.executor === undefined) drawFromInThisThread(position);
  else position.dispose();
  const tallies = await tallySamples(options.executor ?? inThisThread(), store, samples, seed, options.signal, options.onProgress);
  return analysisFrom(game, { method: 'sampled', count, tallies: independentErrors(tallies), possibleOwners: possible });
}

/** The estimate of Markov chains, run as tasks; what is certain comes from the search. */
async function chainEstimate(game: Game, core: KnowledgeCore, store: ConstraintStore, samples: number, seed: number, options: EstimateOptions): Promise<Analysis> {
  const search = possibleOwners(core, store);
  if (search.status !== 'exact') throw tooHard();
  if (search.possible.every((owners) => owners === 0)) throw contradiction(core, game);
  const tasks = chainsFor(store, samples, seed);
  const results = await runChains(options.executor ?? inThisThread(), tasks, options.signal, options.onProgress);
  return analysisFrom(game, { method: 'mcmc', count: null, tallies: chainSampleTallies(results, tasks), possibleOwners: search.possible });
}
