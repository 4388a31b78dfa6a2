// estimate(): card-owner and envelope probabilities from uniform samples drawn on an executor (in
// this thread by default, between turns of the event loop; a worker pool to share the draws among
// threads), or from Markov chains when the position is too large for its DAG (or when asked for),
// with their standard errors. The same seed gives the same numbers as analyze(input, { method,
// samples, seed }), whatever the number of threads. The library's public analyze (below) is both:
// in one piece in this thread, or as a request on an executor.
import { gameOf, type GameLog } from '../io/log.js';
import type { Game } from '../model/game.js';
import type { Executor } from '../runtime/executor.js';
import { inThisThread, runChains, tallySamples } from './sampling.js';
import { checkSamples, checkSeed } from './request.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { analysisFrom, analyze as analyzeHere, DEFAULT_ANALYSIS_SAMPLES, DEFAULT_SEED, type Analysis, type AnalyzeOptions } from './analyze.js';
import { CancelledError } from '../runtime/executor.js';
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

/** The options of analyze run as a request: on an executor, cancellable, reporting its progress. */
export interface AnalyzeRequestOptions extends AnalyzeOptions {
  /**
   * Where the draws of the sampled methods ('sampled', 'mcmc') run: a worker pool (`analysisPool` of
   * the ./node entry, `libraryWorkerPool`), or `new InProcessExecutor(LIBRARY_TASK_MODULES)` for
   * this thread, a task at a time between turns of the event loop. Kept open.
   */
  executor: Executor;
  signal?: AbortSignal;
  /** Called with the number of deals drawn so far. */
  onProgress?: (done: number) => void;
}

/**
 * Analyses a game (a log as JSON, docs/game-log.md, or a parsed game): for every card the
 * probability of each owner, the envelope's solutions, what is certain. Without an executor it
 * answers at once, in this thread; with one it returns a promise, and the draws of the sampled
 * methods are shared among the executor's threads (the same numbers, whatever the number of
 * threads); exact counting, 'auto' and a response policy other than 'holds' are then answered in
 * this thread, in one piece. Throws (rejects with) an InputError on a bad or impossible log.
 */
export function analyze(input: GameLog | Game, options?: AnalyzeOptions & { executor?: undefined }): Analysis;
export function analyze(input: GameLog | Game, options: AnalyzeRequestOptions): Promise<Analysis>;
export function analyze(input: GameLog | Game, options: AnalyzeOptions & Partial<AnalyzeRequestOptions> = {}): Analysis | Promise<Analysis> {
  const { executor } = options;
  if (executor === undefined) return analyzeHere(input, options);
  return analyzeOn(input, { ...options, executor });
}

async function analyzeOn(input: GameLog | Game, options: AnalyzeRequestOptions): Promise<Analysis> {
  const method = options.method ?? (options.samples === undefined ? 'auto' : 'sampled');
  const { executor, signal, onProgress, core, maxNodes } = options;
  if ((method === 'sampled' || method === 'mcmc') && (options.responses ?? 'holds') === 'holds') {
    return estimate(input, { samples: options.samples ?? DEFAULT_ANALYSIS_SAMPLES, seed: options.seed, method, executor, signal, core, maxNodes, onProgress });
  }
  if (signal?.aborted) throw new CancelledError('the request was cancelled');
  return analyzeHere(input, options);
}
