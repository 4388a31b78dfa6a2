// What suggest() decides before and after scoring, with no worker pool: who suggests, the
// accusation when the envelope is certain, the cards already shown to the suggester, and the
// whole ranking computed in the calling thread (suggestInThread). The browser's advisor ranks
// here, in a Web Worker; `cluedo suggest` ranks on the Piscina pool. Both score the same deals:
// every consistent deal, or the same seeded numbered chunks (knowledge/chunks.ts), so the same
// seed gives the same ranking.
import { InputError } from '../model/errors.js';
import type { Game } from '../model/game.js';
import { describeEvent } from '../io/describe.js';
import { cardsOfMask } from '../model/bits.js';
import type { KnowledgeCore, Position } from '../knowledge/wasm-core.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { combinationCards, combinationCount } from '../knowledge/tallies.js';
import { positionOf, sharedCore } from './load.js';
import { checkSamples, checkSeed, defaultSuggestSamples, MAX_SUGGEST_SAMPLES } from './request.js';
import { MAX_EXACT_DEALS, SCORE_WIDTH, rankSuggestions, scoringDeals, scoresExactly, type ResponseModel, type ScoringOptions } from './entropy-greedy.js';

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
  /** Uniform draws the scores are estimated from; null when they are exact. */
  samples: number | null;
  seed: number;
  /** 'exact': scored on every consistent deal (`deals` of them); 'sampled': on `samples` uniform draws. */
  method: 'exact' | 'sampled';
  /** Consistent deals, when scored exactly; else null. */
  deals: number | null;
  /** How many suggestions share the best score exactly (the first row is one of them, chosen by the seed). */
  tiedForBest: number;
  /** The solution, when the envelope is already certain: accuse it rather than suggest. */
  accuse: string[] | null;
  /** Best first: the first is the entropy-greedy choice (exact ties broken by the seed). Empty when `accuse` is set. */
  suggestions: SuggestionScore[];
}

export interface InThreadSuggestOptions {
  samples?: number;
  seed?: number;
  exact?: ScoringOptions['exact'];
  top?: number;
  responseModel?: ResponseModel;
  core?: KnowledgeCore;
}

/**
 * A ranking cut in two: the deals drawn in this thread (every consistent deal, or the seeded
 * numbered chunks), to be scored by suggestion ranges anywhere (Position.eig on the same store and
 * deals: the scores of a suggestion do not depend on which range it was scored in), then ranked.
 */
export interface SuggestionWork {
  store: ConstraintStore;
  /** n x (nSeats + 2) masks: the deals to score on (a fresh array). */
  deals: Uint32Array;
  suggester: number;
  model: 0 | 1;
  shownTo: number[];
  /** Suggestions to score: 0 .. nSuggestions - 1. */
  nSuggestions: number;
  seed: number;
  method: 'exact' | 'sampled';
  samples: number | null;
}

/** What a request decides before any deal is drawn: how to score, whether exactly, and the accusation when the envelope is certain. */
export interface SuggestionPlan {
  scoring: ScoringOptions;
  exactly: boolean;
  /** The whole answer when the envelope is already certain (no suggestion to rank), else null. */
  accuse: SuggestResult | null;
}

/**
 * The one place a suggestion request is checked, before any position is loaded (so that a log the
 * ranking does not model is refused as such, not as impossible): samples, seed, the suggester.
 */
export function suggestionRequest(game: Game, options: InThreadSuggestOptions = {}): ScoringOptions {
  const samples = options.samples ?? defaultSuggestSamples(combinationCount(game.deck.categoryMasks));
  const seed = options.seed ?? 1;
  checkSamples(samples, MAX_SUGGEST_SAMPLES);
  checkSeed(seed);
  const suggester = requireSuggester(game);
  return {
    suggester,
    responseModel: options.responseModel ?? 'uniform',
    shownTo: shownToSuggester(game, suggester),
    samples,
    seed,
    exact: options.exact ?? 'auto',
  };
}

/** The plan of a checked request on the game's position, on the pool or in a thread. */
export function planSuggestions(game: Game, position: Position, scoring: ScoringOptions): SuggestionPlan {
  const { samples, seed } = scoring;
  const exactly = scoresExactly(position, scoring);
  if (exactly && position.count() > BigInt(MAX_EXACT_DEALS)) {
    throw new InputError(`exact scoring holds every deal in memory: this position has ${position.count()}, more than ${MAX_EXACT_DEALS.toLocaleString('en-US')}; sample instead`);
  }
  const solution = certainSolution(game, position);
  const accuse =
    solution === null
      ? null
      : { samples: exactly ? null : samples, seed, method: exactly ? ('exact' as const) : ('sampled' as const), deals: exactly ? Number(position.count()) : null, tiedForBest: 0, accuse: solution, suggestions: [] };
  return { scoring, exactly, accuse };
}

/** The work of a plan once its deals are drawn (`deals`: every consistent deal, or the seed's numbered chunks). */
export function workOf(game: Game, position: Position, plan: SuggestionPlan, deals: Uint32Array): SuggestionWork {
  const { scoring, exactly } = plan;
  return {
    store: position.store,
    deals,
    suggester: scoring.suggester,
    model: scoring.responseModel === 'repeat' ? 1 : 0,
    shownTo: [...scoring.shownTo],
    nSuggestions: combinationCount(game.deck.categoryMasks),
    seed: scoring.seed,
    method: exactly ? 'exact' : 'sampled',
    samples: exactly ? null : scoring.samples,
  };
}

/**
 * The first half of suggestInThread: the accusation when the envelope is certain, else the deals
 * to score. `position` is the game's (the caller keeps and disposes of it).
 */
export function suggestionWork(game: Game, position: Position, scoring: ScoringOptions): { accuse: SuggestResult } | { work: SuggestionWork } {
  const plan = planSuggestions(game, position, scoring);
  if (plan.accuse !== null) return { accuse: plan.accuse };
  return { work: workOf(game, position, plan, scoringDeals(position, plan.scoring).deals.slice()) };
}

/** The second half: the ranking of every suggestion's scores (SCORE_WIDTH numbers each, suggestion 0 first). */
export function rankedSuggestions(game: Game, work: SuggestionWork, scores: Float64Array, top?: number): SuggestResult {
  const { order, tiedForBest } = rankSuggestions(scores, work.seed);
  const ranked = order.map((q) => ({
    cards: combinationCards(game.deck.categoryMasks, q).map((c) => game.deck.cards[c]),
    expectedInformationBits: scores[q * SCORE_WIDTH],
    pNoRefutation: scores[q * SCORE_WIDTH + 1],
    expectedSolutionsLeft: scores[q * SCORE_WIDTH + 2],
  }));
  const width = game.players.length + 2;
  return {
    samples: work.samples,
    seed: work.seed,
    method: work.method,
    deals: work.method === 'exact' ? work.deals.length / width : null,
    tiedForBest,
    accuse: null,
    suggestions: top === undefined ? ranked : ranked.slice(0, top),
  };
}

/**
 * suggest() in the calling thread: the same deals (every consistent deal, or the numbered chunks
 * of the seed), the same scores and the same ranking as on a worker pool.
 */
export function suggestInThread(game: Game, options: InThreadSuggestOptions = {}): SuggestResult {
  const scoring = suggestionRequest(game, options);
  using position = positionOf(options.core ?? sharedCore(), game);
  const prepared = suggestionWork(game, position, scoring);
  if ('accuse' in prepared) return prepared.accuse;
  const { work } = prepared;
  const scores = position.eig(work.deals, work.suggester, work.model, work.shownTo, 0, work.nSuggestions);
  return rankedSuggestions(game, work, scores, options.top);
}

/** The solution when every category has a single possible envelope card, else null. */
export function certainSolution(game: Game, position: Position): string[] | null {
  const counts = position.ownerCounts();
  const width = game.players.length + 2;
  const env = game.players.length;
  const cards = game.deck.categoryMasks.map((mask) => cardsOfMask(mask).filter((c) => counts[c * width + env] > 0));
  return cards.every((c) => c.length === 1) ? cards.map((c) => game.deck.cards[c[0]]) : null;
}

/** The observer suggests: there must be one, still in the game, and the game must not be over. */
export function requireSuggester(game: Game): number {
  if (game.me === null) {
    throw new InputError('suggest needs an observer: the log has no "me" (and "myHand"), so nobody is there to suggest');
  }
  game.events.forEach((e, i) => {
    if (e.type !== 'accusation') return;
    if (e.correct) throw new InputError(`the game is over: ${describeEvent(game, i)} was correct`);
    if (e.by === game.me) throw new InputError(`${game.players[game.me]} was eliminated at ${describeEvent(game, i)} and can no longer suggest`);
  });
  // The ranking scores the standard answers: the first seat holding a named card shows one, and
  // every combination may be suggested.
  if (game.rules.answers !== 'first' || game.rules.suggesterHoldsNone) {
    const rule = game.rules.answers !== 'first' ? 'rules.answers "all"' : 'rules.suggesterHoldsNone';
    throw new InputError(`suggest ranks suggestions under the standard rules only (the first seat holding a named card answers, a suggester may name its own cards); this log sets ${rule}`);
  }
  return game.me;
}

/** Per seat, the cards it has already shown the suggester (for the 'repeat' response model). */
export function shownToSuggester(game: Game, suggester: number): number[] {
  const shown = new Array<number>(game.players.length).fill(0);
  for (const e of game.events) {
    if (e.type === 'suggestion' && e.by === suggester && e.shownBy !== null && e.shown !== null) {
      shown[e.shownBy] = (shown[e.shownBy] | (1 << e.shown)) >>> 0;
    }
    if (e.type === 'showcard' && e.to === suggester && e.shown !== null) shown[e.by] = (shown[e.by] | (1 << e.shown)) >>> 0;
  }
  return shown;
}
