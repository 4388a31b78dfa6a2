// suggest(): rank every legal suggestion of the observer by the expected information it brings
// about the envelope, estimated from uniform samples through the worker pool.
import { InputError } from '../model/errors.js';
import { parseGame } from '../io/log.js';
import type { Game } from '../model/game.js';
import { withExecutor, type Executor } from '../runtime/executor.js';
import { analysisPool, sampleDeals, scoreSuggestions } from './sampling.js';
import { Random } from '../model/random.js';
import { checkSamples, checkSeed, DEFAULT_SUGGEST_SAMPLES, MAX_SUGGEST_SAMPLES } from './request.js';
import { loadGame, sharedCore } from './load.js';
import { describeEvent } from '../io/describe.js';
import { combinationCards, combinationCount } from '../knowledge/tallies.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';

export type ResponseModel = 'uniform' | 'repeat';

export interface SuggestOptions {
  /** Uniform samples to estimate from (default 20,000). */
  samples?: number;
  /** Seed of the samples and of tie-breaking (default 1). */
  seed?: number;
  /** Worker threads when no pool is given (default: the machine's parallelism). */
  threads?: number;
  /** Keep only the best K suggestions (default: all). */
  top?: number;
  /** How a refuter holding several named cards chooses one (default 'uniform'). */
  responseModel?: ResponseModel;
  /** Where to run (kept open); otherwise a worker pool of `threads` is made and closed for this call. */
  executor?: Executor;
  signal?: AbortSignal;
  core?: KnowledgeCore;
}

export interface SuggestionScore {
  cards: string[];
  /** Mutual information between the envelope combination and the response, in bits. */
  expectedInformationBits: number;
  /** Probability that no other seat can refute. */
  pNoRefutation: number;
  /** Expected number of envelope combinations still possible after the response. */
  expectedSolutionsLeft: number;
}

export interface SuggestResult {
  samples: number;
  seed: number;
  /** Best first: the first is the entropy-greedy choice (exact ties broken by the seed). */
  suggestions: SuggestionScore[];
}

// In request.ts, so that a command line can state its limits without loading the worker pool.
export { DEFAULT_SUGGEST_SAMPLES, MAX_SUGGEST_SAMPLES } from './request.js';

export async function suggest(log: unknown, options: SuggestOptions = {}): Promise<SuggestResult> {
  return suggestGame(parseGame(log), options);
}

export async function suggestGame(game: Game, options: SuggestOptions = {}): Promise<SuggestResult> {
  const samples = options.samples ?? DEFAULT_SUGGEST_SAMPLES;
  const seed = options.seed ?? 1;
  checkSamples(samples, MAX_SUGGEST_SAMPLES);
  checkSeed(seed);
  const suggester = requireSuggester(game);
  const store = loadGame(options.core ?? sharedCore(), game); // names the impossible event, if any
  const shownTo = shownToSuggester(game, suggester);
  const nSuggestions = combinationCount(game.deck.categoryMasks);

  return withExecutor(options.executor, () => analysisPool(options.threads), async (executor) => {
    const deals = await sampleDeals(executor, store, samples, seed, options.signal);
    const model = options.responseModel === 'repeat' ? 1 : 0;
    const results = await scoreSuggestions(executor, store, deals, suggester, model, shownTo, nSuggestions, options.signal);
    const ranked = rank(results, nSuggestions, seed).map((q) => ({
      cards: combinationCards(game.deck.categoryMasks, q).map((c) => game.deck.cards[c]),
      expectedInformationBits: results[q * 3],
      pNoRefutation: results[q * 3 + 1],
      expectedSolutionsLeft: results[q * 3 + 2],
    }));
    return { samples, seed, suggestions: options.top === undefined ? ranked : ranked.slice(0, options.top) };
  });
}

/** The observer suggests: there must be one, still in the game, and the game must not be over. */
function requireSuggester(game: Game): number {
  if (game.me === null) {
    throw new InputError('suggest needs an observer: the log has no "me" (and "myHand"), so nobody is there to suggest');
  }
  game.events.forEach((e, i) => {
    if (e.type !== 'accusation') return;
    if (e.correct) throw new InputError(`the game is over: ${describeEvent(game, i)} was correct`);
    if (e.by === game.me) throw new InputError(`${game.players[game.me]} was eliminated at ${describeEvent(game, i)} and can no longer suggest`);
  });
  return game.me;
}

/** Per seat, the cards it has already shown the suggester (for the 'repeat' response model). */
function shownToSuggester(game: Game, suggester: number): number[] {
  const shown = new Array<number>(game.players.length).fill(0);
  for (const e of game.events) {
    if (e.type === 'suggestion' && e.by === suggester && e.shownBy !== null && e.shown !== null) {
      shown[e.shownBy] = (shown[e.shownBy] | (1 << e.shown)) >>> 0;
    }
  }
  return shown;
}

/**
 * Suggestion indices, best first. Equal scores (to 1e-12 bits) are ordered by a hash of the seed
 * and the suggestion, so ties are broken by the seed, identically on every run.
 */
function rank(results: Float64Array, n: number, seed: number): number[] {
  const score = (q: number) => Math.round(results[q * 3] * 1e12);
  const tie = Array.from({ length: n }, (_, q) => new Random(seed, q).nextU32());
  return Array.from({ length: n }, (_, q) => q).sort((a, b) => score(b) - score(a) || tie[a] - tie[b]);
}
