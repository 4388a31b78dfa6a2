// suggest(): rank every suggestion the observer can make by the expected information its answer
// brings about the envelope: exactly over every consistent deal when they are few, exactly by
// counting the deals behind each answer when that fits the work of the estimate, otherwise
// estimated from uniform samples; in this thread, or with the work on an executor's threads (the
// same deals, scores and ranking: the samples are the seed's numbered chunks, knowledge/chunks.ts).
// The ranking is the entropy agent's (entropy-greedy.ts).
import { InputError } from '../model/errors.js';
import type { Game } from '../model/game.js';
import { cardsOfMask, maskOfCards } from '../model/bits.js';
import { cardsShownTo, mayAct, standingAfter } from '../model/rules.js';
import { describeEvent, requireGameGoesOn } from '../io/describe.js';
import { gameOf, type GameLog } from '../io/log.js';
import type { KnowledgeCore, Position } from '../knowledge/wasm-core.js';
import { combinationCards, combinationCount } from '../knowledge/tallies.js';
import type { Executor } from '../runtime/executor.js';
import { positionOf, sharedCore } from './load.js';
import { checkSamples, checkSeed, defaultSuggestSamples, MAX_SUGGEST_SAMPLES } from './request.js';
import { SCORE_WIDTH, allowedSuggestions, answeringOf, listDeals, rankSuggestions, type ResponseModel, type ScoringDeals, type ScoringOptions } from './entropy-greedy.js';
import { countInformation, sampleDeals, scoreSuggestions } from './sampling.js';
import { countingRequest, exactScoring, scoreInThread, type ExactScoring } from './exact-scoring.js';
import { ENVELOPE, ownerWidth, slotOf } from '../model/owners.js';

export type { ResponseModel } from './entropy-greedy.js';
// In request.ts, so that a command line can state its limits without loading the ranking.
export { DEFAULT_SUGGEST_SAMPLES, MAX_SUGGEST_SAMPLES, SUGGEST_WORK, defaultSuggestSamples } from './request.js';

export interface SuggestOptions {
  /** Uniform samples to estimate from when not exact (default 20,000; fewer past 10,000 suggestions: see SUGGEST_WORK). */
  samples?: number;
  /** Seed of the samples and of tie-breaking (default 1). */
  seed?: number;
  /**
   * Score exactly: 'auto' (default) when listing every consistent deal (no more of them than
   * `samples`) or counting the deals behind each answer (countingWork at most `samples` × the
   * number of suggestions) fits, by the cheaper of the two; 'always' (listed up to 5,000,000 deals
   * when that is cheaper, else counted); or 'never'.
   */
  exact?: ScoringOptions['exact'];
  /** Keep only the best K suggestions (default: all). */
  top?: number;
  /** How a refuter holding several named cards chooses one (default 'uniform'). */
  responses?: ResponseModel;
  /** Where to score (kept open): a worker pool (`analysisPool` of the ./node entry, a WebWorkerPool); default: this thread. */
  executor?: Executor;
  signal?: AbortSignal;
  core?: KnowledgeCore;
  /** Called when the scoring starts (on an executor, once the deals are drawn). */
  onScoring?: () => void;
}

export interface SuggestionScore {
  /** One card per category, in category order. */
  cards: number[];
  /** Mutual information between the envelope combination and the response, in bits. */
  expectedInformationBits: number;
  /** Probability that no other seat can refute. */
  pNoRefutation: number;
  /** Expected number of envelope combinations still possible after the response. */
  expectedSolutionsLeft: number;
}

export interface SuggestResult {
  /** Uniform draws the scores are estimated from; null when they are exact. */
  samples: number | null;
  seed: number;
  /** 'exact': scored over every consistent deal (`deals` of them); 'sampled': on `samples` uniform draws. */
  method: 'exact' | 'sampled';
  /** Consistent deals, when scored exactly; else null. */
  deals: number | null;
  /** How many suggestions share the best score exactly (the first row is one of them, chosen by the seed). */
  tiedForBest: number;
  /** The solution (one card per category), when the envelope is already certain: accuse it rather than suggest. */
  accuse: number[] | null;
  /** Best first: the first is the entropy-greedy choice (exact ties broken by the seed). Empty when `accuse` is set. */
  suggestions: SuggestionScore[];
}

export async function suggest(input: GameLog | Game, options: SuggestOptions = {}): Promise<SuggestResult> {
  const game = gameOf(input);
  const scoring = suggestionRequest(game, options);
  using position = positionOf(options.core ?? sharedCore(), game); // names the impossible event, if any
  return await suggestAt(game, position, scoring, options); // awaited: the position lives until the ranking is done
}

/** The ranking of a checked request (suggestionRequest) at the game's position (the caller keeps it). */
export async function suggestAt(game: Game, position: Position, scoring: ScoringOptions, options: Omit<SuggestOptions, 'samples' | 'seed' | 'exact' | 'responses' | 'core'> = {}): Promise<SuggestResult> {
  const how = exactScoring(game, position, scoring);
  const basis: Omit<SuggestResult, 'tiedForBest' | 'accuse' | 'suggestions'> = {
    samples: how === null ? scoring.samples : null,
    seed: scoring.seed,
    method: how === null ? 'sampled' : 'exact',
    deals: how === null ? null : Number(position.count()),
  };
  const solution = certainSolution(game, position);
  if (solution !== null) return { ...basis, tiedForBest: 0, accuse: solution, suggestions: [] };
  return ranked(game, await scoresOf(game, position, scoring, how, options), scoring.seed, options.top, basis);
}

/** The scores the way `how` says, in this thread or on the executor (the same numbers either way). */
async function scoresOf(game: Game, position: Position, scoring: ScoringOptions, how: ExactScoring, options: Pick<SuggestOptions, 'executor' | 'signal' | 'onScoring'>): Promise<Float64Array> {
  const { executor, signal } = options;
  if (executor === undefined) {
    options.onScoring?.();
    return scoreInThread(game, position, scoring, how);
  }
  if (how === 'counted') {
    options.onScoring?.();
    return countInformation(executor, { game, store: position.store, request: countingRequest(scoring) }, signal);
  }
  // Every consistent deal (listed here), or the seed's numbered chunks (drawn on the executor: the same deals as in this thread).
  const deals: ScoringDeals = how === 'listed' ? listDeals(position) : { method: 'sampled', deals: await sampleDeals(executor, position.store, scoring.samples, scoring.seed, signal) };
  options.onScoring?.();
  const model = scoring.responseModel === 'repeat' ? 1 : 0;
  return scoreSuggestions(executor, position.store, deals, scoring.suggester, model, scoring.shownTo, scoring.answering, combinationCount(game.deck.categoryMasks), signal);
}

/** The result, the scores (SCORE_WIDTH per suggestion, mixed-radix order) ranked best first, of the suggestions the rules allow the observer. */
function ranked(game: Game, scores: Float64Array, seed: number, top: number | undefined, basis: Omit<SuggestResult, 'tiedForBest' | 'accuse' | 'suggestions'>): SuggestResult {
  const { order, tiedForBest } = rankSuggestions(scores, seed, allowedSuggestions(game.deck.categoryMasks, maskOfCards(game.myHand), game.rules));
  const rows = order.map((q) => ({
    cards: combinationCards(game.deck.categoryMasks, q),
    expectedInformationBits: scores[q * SCORE_WIDTH],
    pNoRefutation: scores[q * SCORE_WIDTH + 1],
    expectedSolutionsLeft: scores[q * SCORE_WIDTH + 2],
  }));
  return { ...basis, tiedForBest, accuse: null, suggestions: top === undefined ? rows : rows.slice(0, top) };
}

/**
 * The one place a suggestion request is checked, before any position is loaded (so that a log the
 * ranking does not model is refused as such, not as impossible): samples, seed, the suggester.
 */
export function suggestionRequest(game: Game, options: Pick<SuggestOptions, 'samples' | 'seed' | 'exact' | 'responses'> = {}): ScoringOptions {
  const samples = options.samples ?? defaultSuggestSamples(combinationCount(game.deck.categoryMasks));
  const seed = options.seed ?? 1;
  checkSamples(samples, MAX_SUGGEST_SAMPLES);
  checkSeed(seed);
  const { EIG_MAX_CATEGORIES } = sharedCore().layout;
  if (game.deck.categories.length > EIG_MAX_CATEGORIES) {
    throw new InputError(`suggest ranks suggestions on decks of at most ${EIG_MAX_CATEGORIES} categories; this deck has ${game.deck.categories.length}`);
  }
  const suggester = requireSuggester(game);
  return {
    suggester,
    answering: answeringOf(suggester, game.players.length, game.rules),
    responseModel: options.responses ?? 'uniform',
    shownTo: shownToSuggester(game, suggester),
    samples,
    seed,
    exact: options.exact ?? 'auto',
  };
}

/** The solution when every category has a single possible envelope card, else null. */
export function certainSolution(game: Game, position: Position): number[] | null {
  const counts = position.ownerCounts();
  const width = ownerWidth(game.players.length);
  const env = slotOf(ENVELOPE, game.players.length);
  const cards = game.deck.categoryMasks.map((mask) => cardsOfMask(mask).filter((c) => counts[c * width + env] > 0));
  return cards.every((c) => c.length === 1) ? cards.map((c) => c[0]) : null;
}

/** The observer suggests: there must be one, still in the game, and the game must not be over. */
export function requireSuggester(game: Game): number {
  if (game.me === null) {
    throw new InputError('suggest needs an observer: the log has no "me" (and "myHand"), so nobody is there to suggest');
  }
  requireGameGoesOn(game);
  if (!mayAct(standingAfter(game.events, game.players.length), game.me, 'turn')) {
    const i = game.events.findIndex((e) => e.type === 'accusation' && e.by === game.me);
    throw new InputError(`${game.players[game.me]} was eliminated at ${describeEvent(game, i)} and can no longer suggest`);
  }
  return game.me;
}

/** Per seat, the cards it has already shown the suggester (for the 'repeat' response model). */
export function shownToSuggester(game: Game, suggester: number): number[] {
  return cardsShownTo(game.events, suggester, game.players.length);
}
