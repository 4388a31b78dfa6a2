// The entropy-greedy decision: score every suggestion by the information its response is expected
// to bring about the envelope, then rank them. One definition for the advisor (`cluedo suggest`,
// on any executor) and the entropy agent (in process): the same position, seed and options give
// the same deals, the same scores and the same choice.
import type { Answering, Position } from '../knowledge/wasm-core.js';
import { answerers, mayName, type Rules } from '../model/rules.js';
import { maskOfCards } from '../model/bits.js';
import { SAMPLE_CHUNK, chunkCount, drawChunk } from '../knowledge/chunks.js';
import { combinationCards, combinationCount } from '../knowledge/tallies.js';
import { ownerWidth } from '../model/owners.js';
import { symmetricCards } from '../knowledge/symmetry.js';

export type ResponseModel = 'uniform' | 'repeat';

export interface ScoringOptions {
  /** The seat that suggests. */
  suggester: number;
  /** Who answers its suggestions, in what order, and how far the answers go (answeringOf). */
  answering: Answering;
  /** How a refuter holding several named cards picks one. */
  responseModel: ResponseModel;
  /** Per seat, the cards it has already shown the suggester (for the 'repeat' model). */
  shownTo: readonly number[];
  /** Uniform draws to estimate from when not exact. */
  samples: number;
  /** Seed of the draws and of tie-breaking. */
  seed: number;
  /** 'auto': every consistent deal when there are no more of them than `samples`; 'always'; 'never'. */
  exact: 'auto' | 'always' | 'never';
}

/** Who answers `suggester`'s suggestions under `rules`, for the scoring (model/rules.ts answerers). */
export function answeringOf(suggester: number, nSeats: number, rules: Rules): Answering {
  return { order: answerers(suggester, nSeats, rules), answers: rules.answers };
}

/** The suggestions (mixed-radix indices) a suggester holding `hand` (a mask) may make under `rules` (model/rules.ts mayName), for rankSuggestions. */
export function allowedSuggestions(categoryMasks: number[], hand: number, rules: Rules): (q: number) => boolean {
  if (!rules.suggesterHoldsNone) return () => true;
  return (q) => mayName(hand, maskOfCards(combinationCards(categoryMasks, q)), rules);
}

/** The deals suggestions are scored on: every consistent deal, or numbered-chunk uniform draws. */
export interface ScoringDeals {
  method: 'exact' | 'sampled';
  /** n x ownerWidth(nSeats) masks; a fresh array the caller may keep. */
  deals: Uint32Array;
}

/** The largest position scored exactly on request: every deal is held in memory. */
export const MAX_EXACT_DEALS = 5_000_000;

/** Scores 3 numbers per suggestion (expected bits, P(no refutation), expected solutions left). */
export const SCORE_WIDTH = 3;

/** n ln n, 0 at 0. */
export function xlogx(x: number): number {
  return x > 0 ? x * Math.log(x) : 0;
}

/**
 * The mutual information, in bits, between the envelope and an answer, from the sums of n ln n
 * over the joint counts, over the envelopes' totals and over the answers' totals, of `total` deals.
 */
export function mutualInformationBits(joint: number, envelopes: number, answers: number, total: number): number {
  const bits = (joint + xlogx(total) - envelopes - answers) / (total * Math.LN2);
  return bits > 0 ? bits : 0;
}

/** Every consistent deal, n x ownerWidth(nSeats) masks (at most MAX_EXACT_DEALS, else the core refuses). */
export function listDeals(position: Position): ScoringDeals {
  return { method: 'exact', deals: position.enumerate(MAX_EXACT_DEALS) };
}

/**
 * `samples` uniform deals drawn in this thread: the seed's numbered chunks, the very deals an
 * executor would draw for the same seed (see knowledge/chunks.ts), so in-process and pooled
 * scoring agree.
 */
export function drawDeals(position: Position, samples: number, seed: number): ScoringDeals {
  const width = ownerWidth(position.store.nSeats);
  const deals = new Uint32Array(samples * width);
  for (let chunk = 0; chunk < chunkCount(samples); chunk++) deals.set(drawChunk(position, seed, samples, chunk), chunk * SAMPLE_CHUNK * width);
  return { method: 'sampled', deals };
}

/**
 * The deals to score on, by `options.exact`: every consistent deal ('always', or 'auto' when
 * there are no more than `samples`), else `samples` draws (listDeals, drawDeals).
 */
export function scoringDeals(position: Position, options: ScoringOptions): ScoringDeals {
  const listed = options.exact === 'always' || (options.exact === 'auto' && position.count() <= BigInt(options.samples));
  return listed ? listDeals(position) : drawDeals(position, options.samples, options.seed);
}

/**
 * Every suggestion's scores on `deals` (scoringDeals'), computed in this thread: exact on every
 * consistent deal, estimated (with the plug-in estimate's bias corrected) on drawn deals.
 * `symmetric`: suggestions that differ only by cards the position cannot tell apart
 * (knowledge/symmetry.ts symmetricCards) are scored once, and share that one's figures:
 * equal when exact, one estimate for all of them when drawn (fewer to score: an agent's choice).
 */
export function scoreDeals(position: Position, { method, deals }: ScoringDeals, options: Pick<ScoringOptions, 'suggester' | 'answering' | 'responseModel' | 'shownTo'> & { symmetric?: boolean }): Float64Array {
  const n = combinationCount(position.store.categoryMasks);
  const model = options.responseModel === 'repeat' ? 1 : 0;
  // Cards the position cannot tell apart (the 'repeat' model also weighs who showed what: not there).
  const symmetry = options.symmetric && model === 0 ? symmetricCards(position.store) : undefined;
  return position.eig(deals, options.suggester, model, options.shownTo, 0, n, method === 'sampled', options.answering, symmetry);
}

/** Every suggestion's scores, computed in this thread, on listed or drawn deals (exact-scoring.ts' scoreInThread may also count). */
export function scoreInProcess(position: Position, options: ScoringOptions): { method: 'exact' | 'sampled'; deals: number; scores: Float64Array } {
  const deals = scoringDeals(position, options);
  return { method: deals.method, deals: deals.deals.length / ownerWidth(position.store.nSeats), scores: scoreDeals(position, deals, options) };
}

/** A hash of the seed and a suggestion (murmur3's finaliser over both): the order of equal scores. */
function tieKey(seed: number, q: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(Math.floor(seed / 2 ** 32) + 1, 0xc2b2ae35) ^ Math.imul(q + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export interface Ranking {
  /** Suggestion indices (mixed radix over the categories), best first. */
  order: number[];
  /** How many suggestions share the best score exactly (to 1e-12 bits). */
  tiedForBest: number;
}

/**
 * Suggestions best first by expected information. Equal scores (to 1e-12 bits) are ordered by a
 * hash of the seed and the suggestion: ties are broken by the seed, identically on every run.
 * `allowed`: the suggestions the rules let the suggester make (default: every one); the others are left out.
 */
export function rankSuggestions(scores: Float64Array, seed: number, allowed: (q: number) => boolean = () => true): Ranking {
  const n = scores.length / SCORE_WIDTH;
  const score = new Float64Array(n);
  const tie = new Float64Array(n);
  for (let q = 0; q < n; q++) {
    score[q] = Math.round(scores[q * SCORE_WIDTH] * 1e12);
    tie[q] = tieKey(seed, q);
  }
  // Best first; equal scores by the seed's hash, then by index (the sort is stable over ascending q).
  const order = Array.from({ length: n }, (_, q) => q)
    .filter((q) => allowed(q))
    .sort((a, b) => score[b] - score[a] || tie[a] - tie[b]);
  let tiedForBest = 0;
  while (tiedForBest < order.length && score[order[tiedForBest]] === score[order[0]]) tiedForBest++;
  return { order, tiedForBest };
}
