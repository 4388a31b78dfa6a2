// How to score every suggestion exactly, and the scores computed in this thread that way: by
// listing every consistent deal, by counting the deals behind each answer (exact-information.ts),
// or, when neither fits, from the seed's draws. One decision for the advisor (suggest.ts, on any
// executor) and the entropy agent (agents/policies.ts, in its thread).
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import type { Position } from '../knowledge/wasm-core.js';
import { combinationCount } from '../knowledge/tallies.js';
import { MAX_EXACT_DEALS, drawDeals, listDeals, scoreDeals, type ScoringOptions } from './entropy-greedy.js';
import { countingWork, informationByCounting, type InformationRequest } from './exact-information.js';

/**
 * Every suggestion's scores computed in this thread, the way `how` (exactScoring's decision, by
 * default made here) says: counted, listed over every deal, or from the seed's draws. (Unlike
 * entropy-greedy.ts' scoreInProcess, which lists or draws only.)
 */
export function scoreInThread(game: Game, position: Position, scoring: ScoringOptions, how = exactScoring(game, position, scoring)): Float64Array {
  if (how === 'counted') return informationByCounting(game, position, countingRequest(scoring)).scores;
  return scoreDeals(position, how === 'listed' ? listDeals(position) : drawDeals(position, scoring.samples, scoring.seed), scoring);
}

/** The counting's request for a scoring request. */
export function countingRequest(scoring: ScoringOptions): InformationRequest {
  return { suggester: scoring.suggester, answering: scoring.answering, responses: scoring.responseModel, shownTo: scoring.shownTo };
}

/** How suggestions are scored exactly: every deal listed, each answer's deals counted; null: estimated from draws. */
export type ExactScoring = 'listed' | 'counted' | null;

/** What a count of one position costs against scoring one deal for one suggestion, per DAG node (measured: about 30 on large DAGs, more on small ones). */
const COUNT_COST_PER_NODE = 30;
/**
 * The most counting work 'auto' takes on, whatever the draws' budget: a few seconds on the classic
 * deck, more on decks of many seats whose counts cost more per node (a 9-seat, 6-category deck's
 * first turn plans 1.9 × 10^8, minutes of counting against seconds of drawing).
 */
const AUTO_MAX_WORK = 20_000_000;
/**
 * The most answer events (over every suggestion) the counting plans: past it, planning alone takes
 * minutes. Only the answers of every seat on decks of many seats and categories come near it (9
 * seats and 6 categories: 9^6 events a suggestion, against 505 when the first card shown ends them).
 */
const MAX_PLAN_EVENTS = 100_000_000;
/** What planning one answer event of one suggestion (countingWork) costs against scoring one deal for one suggestion (measured: 60 to 200). */
const PLAN_COST_PER_EVENT = 120;

/**
 * How to score exactly, or null to estimate from draws. Listing every deal costs deals ×
 * suggestions scored pairs, counting each answer's deals (exact-information.ts) the positions it
 * derives × their DAG nodes (its work) × COUNT_COST_PER_NODE, the estimate samples × suggestions.
 * 'auto' is exact when there are no more deals than samples (listed), or when the counting's work
 * is at most the estimate's pairs and AUTO_MAX_WORK: a budget in work, not time, so the positions
 * counted stay the same as the scoring of pairs gets faster (counting costs up to about
 * COUNT_COST_PER_NODE times the estimate). Where both fit, the cheaper is taken: then the ranking
 * has no sampling error. 'always' takes the cheaper, counting past MAX_EXACT_DEALS deals. Counting
 * costs at least its plan (every answer event of every suggestion), so deals cheaper to list than
 * that plan are listed without planning: the common late-game position pays nothing for the choice.
 */
export function exactScoring(game: Game, position: Position, scoring: ScoringOptions): ExactScoring {
  if (scoring.exact === 'never') return null;
  const suggestions = combinationCount(game.deck.categoryMasks);
  const deals = position.count();
  const listing = deals <= BigInt(scoring.exact === 'always' ? MAX_EXACT_DEALS : scoring.samples) ? Number(deals) * suggestions : Infinity;
  const nCats = game.deck.categoryMasks.length;
  const asked = scoring.answering.order.length;
  const eventsPerSuggestion = scoring.answering.answers === 'all' ? (asked + 1) ** nCats : asked * (2 ** nCats - 1) + 1;
  if (listing <= PLAN_COST_PER_EVENT * eventsPerSuggestion * suggestions) return 'listed';
  if (eventsPerSuggestion * suggestions > MAX_PLAN_EVENTS) {
    if (listing < Infinity) return 'listed';
    if (scoring.exact === 'auto') return null;
    throw new InputError(
      [
        `exact scoring under rules.answers "${scoring.answering.answers}" is out of reach here: ${deals} deals are too many to list and ${eventsPerSuggestion * suggestions} answer events too many to count; score without `,
        { option: 'exact' },
        ', which then estimates from draws',
      ],
      { code: 'out-of-reach', option: 'exact', value: 'always' },
    );
  }
  const { work } = countingWork(game, position, countingRequest(scoring));
  if (scoring.exact === 'auto' && listing === Infinity && work > Math.min(scoring.samples * suggestions, AUTO_MAX_WORK)) return null;
  return listing <= COUNT_COST_PER_NODE * work ? 'listed' : 'counted';
}

