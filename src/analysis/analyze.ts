// analyze(): the detective's notebook of a position: for every card the probability of each
// owner, the envelope, the most likely solutions, what is certain. Every number comes from a set
// of worlds (knowledge/worlds.ts): the exact DAG when it fits, else uniform draws from it, else a
// Markov chain; what the output calls exact is exact, and every estimate carries its standard
// error. Results are keyed by index (cards, seats); json.ts names them (docs/analysis-output.md).
import { DEFAULT_MAX_NODES, type KnowledgeCore, type Position } from '../knowledge/wasm-core.js';
import { gameOf, type GameLog } from '../io/log.js';
import { type Game } from '../model/game.js';
import { ENVELOPE, TABLE, ownerWidth } from '../model/owners.js';
import { InputError } from '../model/errors.js';
import { deduceFrom, ownerColumns, type CardDeduction, type Owner } from '../knowledge/deduce.js';
import { positionOf, sharedCore, storeOf } from './load.js';
import { tooHard } from './consistency.js';
import { contradiction } from './contradiction.js';
import { possibleOwners } from '../knowledge/search.js';
import { McmcSampler } from '../knowledge/mcmc.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { combinationCards, type Tallies } from '../knowledge/tallies.js';
import { DagSampler, DagWorlds, dagPossibleOwners, SampledWorlds, type SampleTallies, type Worlds } from '../knowledge/worlds.js';
import { checkSamples, checkSeed } from './request.js';
import { responseEvidence, unexplainedShows, type ResponsePolicy } from '../knowledge/responses.js';
import { WeightedMcmcSampler } from '../knowledge/weighted-mcmc.js';
import { roughCount } from '../model/numbers.js';

export type AnalysisMethod = 'exact' | 'sampled' | 'mcmc';

export interface AnalyzeOptions {
  /**
   * How to answer (default 'auto': exact when the position's DAG and its envelope joint fit the
   * work budget, otherwise uniform samples from the DAG, otherwise a Markov chain). 'sampled'
   * draws from the DAG, or from Markov chains when the DAG is too large to build; `samples` alone
   * means 'sampled'.
   */
  method?: 'auto' | AnalysisMethod;
  /** Draws for the sampled methods (default 200,000: standard errors of at most 0.11 points). */
  samples?: number;
  /** Seed of the sampler (default 1). */
  seed?: number;
  /** The largest deal DAG to build (default 8,000,000 nodes, a little over 1 GB); past it, Markov chains answer. */
  maxNodes?: number;
  /** Work allowed for the exact envelope distribution under 'auto', in DAG edge visits (default JOINT_BUDGET). */
  jointBudget?: number;
  /**
   * How responders choose the card they show (see knowledge/responses.ts): 'holds' (default) reads
   * a shown card only as "the responder holds it"; 'uniform', 'first' and 'repeat' weigh each deal
   * by the probability that the policy shows what the observer saw.
   */
  responses?: ResponsePolicy;
  /** Core to use (default: one shared per thread). */
  core?: KnowledgeCore;
}

/** The policy-aware reading of an analysis (present when a policy other than 'holds' was asked for). */
export interface ResponsesReading {
  policy: ResponsePolicy;
  /**
   * The probability that the responders, choosing by the policy, show what the observer saw,
   * averaged over the consistent deals (up to floating point); null for 'first', whose shows
   * become facts (the deals left explain them with probability 1), and for Markov chains.
   */
  likelihood: number | null;
}

/** An envelope combination: one card per category, in category order. */
export interface Solution {
  cards: number[];
  probability: number;
}

/** A card that lies with one owner in every consistent deal. */
export interface Placement {
  card: number;
  owner: Owner;
}

/** Standard errors of the estimated probabilities, in the shape of the probabilities themselves. */
export interface StandardErrors {
  /** Per card, per column of `owners`. */
  cards: number[][];
  /** Per solution, in the order of `solutions`. */
  solutions: number[];
  /** Independent draws the estimate is worth (the draws themselves for uniform sampling). */
  effectiveSamples: number;
}

export interface Analysis {
  method: AnalysisMethod;
  /** The exact number of consistent deals when known (always for 'exact'; for 'sampled' too, from the DAG), else null. */
  consistentDeals: bigint | null;
  /** Draws behind the estimates (null for 'exact'). */
  samples: number | null;
  /** The owner of each column: the seats in order, then TABLE when cards lie face up, then ENVELOPE. */
  owners: Owner[];
  /** Per card (deck order), the probability of each owner of `owners`. */
  cards: number[][];
  /** Every envelope combination with probability above zero, most probable first (ties in deck order). */
  solutions: Solution[];
  /** Every placement true in all consistent deals (exact, whatever the method), in deck order. */
  known: Placement[];
  /**
   * Per card, per column of `owners`: whether some consistent deal puts the card there (exact,
   * whatever the method). An estimate's 0 where this is true is a placement no draw happened to have.
   */
  possible: boolean[][];
  entropyBits: number;
  /** Present for the estimated methods only. */
  standardErrors?: StandardErrors;
  /** Present with a response policy other than 'holds'. */
  responses?: ResponsesReading;
}

/** The probability that the envelope holds `card`. */
export function envelopeProbability(analysis: Analysis, card: number): number {
  return analysis.cards[card][analysis.owners.indexOf(ENVELOPE)];
}

export const DEFAULT_SEED = 1;
export const DEFAULT_ANALYSIS_SAMPLES = 200_000;
/**
 * Work allowed for the exact envelope joint, in DAG edge visits (one masked pass per combination of
 * all categories but one): about 2 s here. Past it, the answer is drawn from the DAG instead.
 */
export const JOINT_BUDGET = 600_000_000;

/** Analyses a game (a log as JSON, docs/game-log.md, or a parsed game). Throws InputError on a bad or impossible log. */
export function analyze(input: GameLog | Game, options: AnalyzeOptions = {}): Analysis {
  const game = gameOf(input);
  const samples = options.samples === undefined ? DEFAULT_ANALYSIS_SAMPLES : checkSamples(options.samples);
  const seed = checkSeed(options.seed ?? DEFAULT_SEED);
  const method = options.method ?? (options.samples === undefined ? 'auto' : 'sampled');
  using worlds = worldsOf(options.core ?? sharedCore(), game, method, samples, seed, options);
  const analysis = analysisOf(game, worlds);
  const policy = options.responses ?? 'holds';
  if (policy !== 'holds') {
    // `first` adds facts rather than weights: its deals all explain the shows.
    const likelihood = policy === 'first' ? null : worlds instanceof DagWorlds ? worlds.position.likelihood() : worlds instanceof SampledWorlds && worlds.sampler instanceof DagSampler ? worlds.sampler.position.likelihood() : null;
    analysis.responses = { policy, likelihood };
  }
  return analysis;
}

/** The set of worlds that answers for `game` by `method`. The caller disposes of it. */
export function worldsOf(
  core: KnowledgeCore,
  game: Game,
  method: 'auto' | AnalysisMethod,
  samples: number,
  seed: number,
  {
    maxNodes = DEFAULT_MAX_NODES,
    jointBudget = JOINT_BUDGET,
    responses = 'holds',
    position: given,
  }: {
    maxNodes?: number;
    jointBudget?: number;
    responses?: ResponsePolicy;
    /** The game's position, already built (the worlds then own it); else it is built here. */
    position?: Position;
  } = {},
): Worlds {
  if (method === 'mcmc') return mcmcWorlds(core, game, storeOf(core, game, game.events.length, responses), samples, seed, responses);
  const position = given ?? positionOf(core, game, 'tryLoad', maxNodes, responses);
  if (position.status === 'too-large') {
    const { store, estimatedNodes } = position;
    position.dispose();
    // Draws from a DAG too large to build come from the chains instead.
    if (method !== 'exact') return mcmcWorlds(core, game, store, samples, seed, responses);
    throw new InputError(
      `this position is too large for the exact counter (its deal DAG would have more than ${maxNodes.toLocaleString('en-US')} nodes` +
        `${Number.isFinite(estimatedNodes) ? `, up to ${roughCount(estimatedNodes)}` : ''}): answer it with Markov chains, method mcmc (or auto, the default)`,
    );
  }
  if (method === 'exact' || (method === 'auto' && envelopeJointCost(position) <= jointBudget)) return new DagWorlds(position);
  return new SampledWorlds(new DagSampler(position), samples, seed);
}

/**
 * Worlds drawn by Markov chains, certainty from the search; no DAG is built. Under a weighted
 * response policy, the chains' uniform draws are reweighted by their likelihood.
 */
function mcmcWorlds(core: KnowledgeCore, game: Game, store: ConstraintStore, samples: number, seed: number, responses: ResponsePolicy): Worlds {
  const search = possibleOwners(core, store);
  if (search.status !== 'exact') throw tooHard();
  if (search.possible.every((owners) => owners === 0)) throw contradiction(core, game, responses);
  const { factors } = responseEvidence(game, responses);
  if (factors.length > 0) {
    const worlds = new SampledWorlds(new WeightedMcmcSampler(core, store, search.possible, factors), samples, seed);
    if (worlds.sampleTallies().total === 0) {
      throw unexplainedShows('drawn', responses);
    }
    return worlds;
  }
  return new SampledWorlds(new McmcSampler(core, store, search.possible), samples, seed);
}

/**
 * Edge visits the exact envelope joint costs: one pass over the DAG per combination of envelope
 * candidates of every category but the largest.
 */
export function envelopeJointCost(position: Position): number {
  const { store } = position;
  if (!position.consistent) return 0;
  const counts = position.ownerCounts();
  const width = ownerWidth(store.nSeats);
  const candidates = store.categoryMasks.map((mask) => {
    let n = 0;
    for (let c = 0; c < store.nCards; c++) if ((mask >>> c) & 1 && counts[c * width + store.nSeats] > 0) n++;
    return n;
  });
  const conditions = candidates.reduce((a, b) => a * b, 1) / Math.max(...candidates);
  return conditions * position.dagSize().edges;
}

/** The analysis object of a set of worlds. */
export function analysisOf(game: Game, worlds: Worlds): Analysis {
  return analysisFrom(game, {
    method: worlds.method,
    count: worlds.count(),
    tallies: worlds instanceof SampledWorlds ? worlds.sampleTallies() : worlds.tallies(),
    possibleOwners: worlds.possibleOwners(),
  });
}

/** What an analysis is made of: tallies (with standard errors when estimated) and the exact possible owners. */
export interface AnalysisParts {
  method: AnalysisMethod;
  count: bigint | null;
  tallies: Tallies | SampleTallies;
  possibleOwners: Uint32Array;
}

/** The analysis object: every probability is a tally divided by the total. */
export function analysisFrom(game: Game, parts: AnalysisParts): Analysis {
  const { tallies, method } = parts;
  const estimated = 'ownerErrors' in tallies ? tallies : null;
  const deductions = deduceFrom(game, parts.possibleOwners);
  const known = deductions.flatMap((d) => (d.owner === null ? [] : [{ card: d.card, owner: d.owner }]));
  const width = ownerWidth(game.players.length);
  const owners = ownerColumns(game);
  const possible = deductions.map((d) => owners.map((o) => d.possible.includes(o.owner)));
  const { total } = tallies;
  const byColumn = (values: Float64Array, f: (x: number) => number) => game.deck.cards.map((_, c) => owners.map((o) => f(values[c * width + o.column])));

  const solutionIndices: number[] = [];
  tallies.envelopeCounts.forEach((n, index) => n > 0 && solutionIndices.push(index));
  // Most probable first; ties stay in deck order.
  solutionIndices.sort((a, b) => tallies.envelopeCounts[b] - tallies.envelopeCounts[a] || a - b);
  const solutions = solutionIndices.map((index) => ({
    cards: combinationCards(game.deck.categoryMasks, index),
    probability: tallies.envelopeCounts[index] / total,
  }));
  const entropyBits = solutions.reduce((h, s) => h - s.probability * Math.log2(s.probability), 0);
  const analysis: Analysis = {
    method,
    consistentDeals: parts.count,
    samples: method === 'exact' ? null : total,
    owners: owners.map((o) => o.owner),
    cards: byColumn(tallies.ownerCounts, (count) => count / total),
    solutions,
    known,
    possible,
    entropyBits: entropyBits === 0 ? 0 : entropyBits,
  };
  if (estimated !== null) {
    analysis.standardErrors = {
      cards: byColumn(estimated.ownerErrors, (x) => x),
      solutions: solutionIndices.map((index) => estimated.envelopeErrors[index]),
      effectiveSamples: estimated.effectiveSamples,
    };
  }
  return analysis;
}

/**
 * Deduction for a game: for every card, the owners still possible and the certain owner if any.
 * Complete: an owner is certain exactly when no consistent deal puts the card elsewhere.
 */
export function deduce(input: GameLog | Game, options: { core?: KnowledgeCore; maxNodes?: number } = {}): CardDeduction[] {
  const game = gameOf(input);
  const core = options.core ?? sharedCore();
  using position = positionOf(core, game, 'tryLoad', options.maxNodes);
  if (position.status !== 'too-large') return deduceFrom(game, dagPossibleOwners(position));
  // Too large to count, yet which owners are possible is still exact: the search for deals says.
  const search = possibleOwners(core, position.store);
  if (search.status !== 'exact') throw tooHard();
  return deduceFrom(game, search.possible);
}
