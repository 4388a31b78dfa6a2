// suggest(): rank every legal suggestion of the observer by the expected information it brings
// about the envelope: exactly over every consistent deal when they are few, otherwise estimated
// from uniform samples, on the worker pool. The ranking is the entropy agent's (entropy-greedy.ts).
import { parseGame } from '../io/log.js';
import type { Game } from '../model/game.js';
import { withExecutor, type Executor } from '../runtime/executor.js';
import { analysisPool, sampleDeals, scoreSuggestions } from './sampling.js';
import { positionOf, sharedCore } from './load.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { planSuggestions, rankedSuggestions, suggestionRequest, workOf, type SuggestResult } from './suggest-rules.js';
import { scoringDeals, type ResponseModel, type ScoringOptions } from './entropy-greedy.js';

export type { ResponseModel } from './entropy-greedy.js';

export interface SuggestOptions {
  /** Uniform samples to estimate from when not exact (default 20,000; fewer past 10,000 suggestions: see SUGGEST_WORK). */
  samples?: number;
  /** Seed of the samples and of tie-breaking (default 1). */
  seed?: number;
  /**
   * Score on every consistent deal: 'auto' (default) when there are no more of them than
   * `samples`, 'always' (up to 5,000,000 deals), or 'never'.
   */
  exact?: ScoringOptions['exact'];
  /** Worker threads when no executor is given (default: the machine's parallelism). */
  threads?: number;
  /** Keep only the best K suggestions (default: all). */
  top?: number;
  /** How a refuter holding several named cards chooses one (default 'uniform'). */
  responseModel?: ResponseModel;
  /** Where to run (kept open); otherwise a worker pool of `threads` is made and closed for this call. */
  executor?: Executor;
  signal?: AbortSignal;
  core?: KnowledgeCore;
  /** Called when the deals are ready and scoring starts. */
  onScoring?: () => void;
}

export type { SuggestionScore, SuggestResult } from './suggest-rules.js';

// In request.ts, so that a command line can state its limits without loading the worker pool.
export { DEFAULT_SUGGEST_SAMPLES, MAX_SUGGEST_SAMPLES, SUGGEST_WORK, defaultSuggestSamples } from './request.js';

export async function suggest(log: unknown, options: SuggestOptions = {}): Promise<SuggestResult> {
  return suggestGame(parseGame(log), options);
}

export async function suggestGame(game: Game, options: SuggestOptions = {}): Promise<SuggestResult> {
  const request = suggestionRequest(game, options);
  using position = positionOf(options.core ?? sharedCore(), game); // names the impossible event, if any
  const plan = planSuggestions(game, position, request);
  if (plan.accuse !== null) return plan.accuse;
  const { scoring, exactly } = plan;
  const width = game.players.length + 2;
  return withExecutor(options.executor, () => analysisPool(options.threads), async (executor) => {
    const deals = exactly
      ? scoringDeals(position, scoring, (n) => new Uint32Array(new SharedArrayBuffer(n * width * 4))).deals
      : await sampleDeals(executor, position.store, scoring.samples, scoring.seed, options.signal);
    options.onScoring?.();
    const work = workOf(game, position, plan, deals);
    const scores = await scoreSuggestions(executor, work.store, work.deals, work.suggester, work.model, work.shownTo, work.nSuggestions, options.signal);
    return rankedSuggestions(game, work, scores, options.top);
  });
}

