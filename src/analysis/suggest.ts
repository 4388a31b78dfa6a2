// suggest(): rank every legal suggestion of the observer by the expected information it brings
// about the envelope: exactly over every consistent deal when they are few, otherwise estimated
// from uniform samples, on the worker pool. The ranking is the entropy agent's (entropy-greedy.ts).
import { InputError } from '../model/errors.js';
import { parseGame } from '../io/log.js';
import type { Game } from '../model/game.js';
import { withExecutor, type Executor } from '../runtime/executor.js';
import { analysisPool, sampleDeals, scoreSuggestions } from './sampling.js';
import { checkSamples, checkSeed, defaultSuggestSamples, MAX_SUGGEST_SAMPLES } from './request.js';
import { positionOf, sharedCore } from './load.js';
import { combinationCards, combinationCount } from '../knowledge/tallies.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { certainSolution, requireSuggester, shownToSuggester, type SuggestResult } from './suggest-rules.js';
import { MAX_EXACT_DEALS, SCORE_WIDTH, rankSuggestions, scoresExactly, scoringDeals, type ResponseModel, type ScoringOptions } from './entropy-greedy.js';

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
  const samples = options.samples ?? defaultSuggestSamples(combinationCount(game.deck.categoryMasks));
  const seed = options.seed ?? 1;
  checkSamples(samples, MAX_SUGGEST_SAMPLES);
  checkSeed(seed);
  const suggester = requireSuggester(game);
  using position = positionOf(options.core ?? sharedCore(), game); // names the impossible event, if any
  const scoring: ScoringOptions = {
    suggester,
    responseModel: options.responseModel ?? 'uniform',
    shownTo: shownToSuggester(game, suggester),
    samples,
    seed,
    exact: options.exact ?? 'auto',
  };
  const accuse = certainSolution(game, position);
  const nSuggestions = combinationCount(game.deck.categoryMasks);
  const width = game.players.length + 2;
  const exactly = scoresExactly(position, scoring);
  if (exactly && position.count() > BigInt(MAX_EXACT_DEALS)) {
    throw new InputError(`exact scoring holds every deal in memory: this position has ${position.count()}, more than ${MAX_EXACT_DEALS.toLocaleString('en-US')}; sample instead`);
  }
  const method = exactly ? ('exact' as const) : ('sampled' as const);
  const base = { samples: exactly ? null : samples, seed, method };
  if (accuse !== null) return { ...base, deals: exactly ? Number(position.count()) : null, tiedForBest: 0, accuse, suggestions: [] };

  return withExecutor(options.executor, () => analysisPool(options.threads), async (executor) => {
    const deals = exactly
      ? scoringDeals(position, scoring, (n) => new Uint32Array(new SharedArrayBuffer(n * width * 4))).deals
      : await sampleDeals(executor, position.store, samples, seed, options.signal);
    options.onScoring?.();
    const model = scoring.responseModel === 'repeat' ? 1 : 0;
    const results = await scoreSuggestions(executor, position.store, deals, suggester, model, scoring.shownTo, nSuggestions, options.signal);
    const { order, tiedForBest } = rankSuggestions(results, seed);
    const ranked = order.map((q) => ({
      cards: combinationCards(game.deck.categoryMasks, q).map((c) => game.deck.cards[c]),
      expectedInformationBits: results[q * SCORE_WIDTH],
      pNoRefutation: results[q * SCORE_WIDTH + 1],
      expectedSolutionsLeft: results[q * SCORE_WIDTH + 2],
    }));
    return {
      ...base,
      deals: exactly ? deals.length / width : null,
      tiedForBest,
      accuse: null,
      suggestions: options.top === undefined ? ranked : ranked.slice(0, options.top),
    };
  });
}

