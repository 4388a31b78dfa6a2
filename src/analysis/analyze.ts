// analyze(): the detective's notebook of a position, exactly or from uniform samples, in the
// shape documented in docs/analysis-output.md (the `--json` contract).
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { parseGame } from '../io/log.js';
import type { Game } from '../model/game.js';
import { deduceFromCounts, knownPlacements, ownerColumn, ownerNames, type CardDeduction, type Placement } from '../knowledge/deduce.js';
import { loadGame, sharedCore } from './load.js';
import { combinationCards, type Tallies } from '../knowledge/tallies.js';
import { checkSamples, checkSeed } from './request.js';
import { chunkCount, tallyChunks } from '../knowledge/chunks.js';

export interface AnalyzeOptions {
  /** Answer from this many uniform samples instead of exact counting. */
  samples?: number;
  /** Seed of the sampler (default 1). */
  seed?: number;
  /** Core to use (default: one shared per thread). */
  core?: KnowledgeCore;
}

export interface Solution {
  cards: string[];
  probability: number;
}

export interface Analysis {
  method: 'exact' | 'sampled';
  consistentDeals: number | null;
  samples: number | null;
  owners: string[];
  cards: Record<string, Record<string, number>>;
  envelope: Record<string, Record<string, number>>;
  solutions: Solution[];
  known: Placement[];
  entropyBits: number;
}

export const DEFAULT_SEED = 1;

/** Analyses a game log (the JSON of docs/game-log.md). Throws InputError on a bad or impossible log. */
export function analyze(log: unknown, options: AnalyzeOptions = {}): Analysis {
  return analyzeGame(parseGame(log), options);
}

export function analyzeGame(game: Game, options: AnalyzeOptions = {}): Analysis {
  const core = options.core ?? sharedCore();
  if (options.samples !== undefined) checkSamples(options.samples);
  const seed = checkSeed(options.seed ?? DEFAULT_SEED);
  const store = loadGame(core, game);
  const exactCounts = core.ownerCounts();
  // Certainty is always decided exactly: a sampled "known" would be a guess.
  const known = knownPlacements(deduceFromCounts(game, exactCounts));
  if (options.samples === undefined) {
    const tallies = { total: core.count(), ownerCounts: exactCounts, envelopeCounts: core.envelopeCounts() };
    return analysisFromTallies(game, tallies, known, 'exact');
  }
  const tallies = tallyChunks(core, store, seed, options.samples, 0, chunkCount(options.samples));
  return analysisFromTallies(game, tallies, known, 'sampled');
}

/** Turns tallies into the analysis object: every number is a count divided by the total. */
export function analysisFromTallies(game: Game, tallies: Tallies, known: Placement[], method: 'exact' | 'sampled'): Analysis {
  const width = game.players.length + 2;
  const owners = ownerNames(game);
  const { total } = tallies;
  // Keys are the log's names: built with fromEntries, since assigning a "__proto__" key would set the prototype.
  const cards: Analysis['cards'] = Object.fromEntries(
    game.deck.cards.map((card, c) => [card, Object.fromEntries(owners.map((o) => [o, tallies.ownerCounts[c * width + ownerColumn(game, o)] / total]))]),
  );
  const envelope: Analysis['envelope'] = Object.fromEntries(
    game.deck.categories.map((category) => [category.name, Object.fromEntries(category.cards.map((card) => [card, cards[card].envelope]))]),
  );
  const solutions: Solution[] = [];
  tallies.envelopeCounts.forEach((n, index) => {
    if (n > 0) solutions.push({ cards: combinationCards(game.deck.categoryMasks, index).map((c) => game.deck.cards[c]), probability: n / total });
  });
  solutions.sort((a, b) => b.probability - a.probability); // stable: ties stay in deck order
  const entropyBits = solutions.reduce((h, s) => h - s.probability * Math.log2(s.probability), 0);
  return {
    method,
    consistentDeals: method === 'exact' ? total : null,
    samples: method === 'sampled' ? total : null,
    owners,
    cards,
    envelope,
    solutions,
    known,
    entropyBits: entropyBits === 0 ? 0 : entropyBits,
  };
}

/**
 * Deduction for a game log: for every card, the owners still possible and the certain owner if
 * any. Complete: an owner is certain exactly when its exact probability is 1.
 */
export function deduce(log: unknown, options: { core?: KnowledgeCore } = {}): CardDeduction[] {
  const game = parseGame(log);
  const core = options.core ?? sharedCore();
  loadGame(core, game);
  return deduceFromCounts(game, core.ownerCounts());
}
