// The explicit engine: the Kripke model of the game after a number of events (game-model.ts),
// every formula evaluated on it exactly. It answers whatever the language can say, on games small
// enough to build; beyond `maxWorlds` it says so, and the next engine is asked.
import type { Game } from '../../model/game.js';
import { maskOfCards } from '../../model/bits.js';
import { gameActions } from '../../model/rules.js';
import { applyFact, emptyStore } from '../../knowledge/constraints.js';
import { KnowledgeCore } from '../../knowledge/wasm-core.js';
import type { Formula } from '../language/formula.js';
import { libraryWords, type Phrase } from '../../model/errors.js';
import type { Probability, Semantics } from '../semantics.js';
import { buildGameModel, DEFAULT_MAX_WORLDS, earlyFacts, ModelTooLargeError, type GameModel, type ModelOptions } from './game-model.js';
import * as sets from './world-set.js';

export class ExplicitEngine implements Semantics {
  readonly name = 'explicit';
  #model: GameModel | null = null;
  #why: Phrase | null | undefined;

  constructor(
    readonly game: Game,
    readonly count: number,
    readonly options: ModelOptions = {},
  ) {
    const maxWorlds = options.maxWorlds ?? DEFAULT_MAX_WORLDS;
    // Counted first: enumerating deals only to stop at the limit can take seconds.
    if (!explicitModelMayFit(game, count, maxWorlds)) this.#why = tooLarge(maxWorlds);
  }

  /** The model, built on first use; null when it is too large (then `#why` says so). */
  #built(): GameModel | null {
    if (this.#why === undefined) {
      try {
        this.#model = buildGameModel(this.game, this.count, this.options);
        this.#why = null;
      } catch (e) {
        if (!(e instanceof ModelTooLargeError)) throw e;
        this.#why = tooLarge(this.options.maxWorlds ?? DEFAULT_MAX_WORLDS);
      }
    }
    return this.#model;
  }

  /** Every formula, when the model fits. */
  unsupported(_f: Formula): Phrase | null {
    this.#built();
    return this.#why ?? null;
  }

  /** Worlds of the model, or null when it is too large. */
  get worlds(): number | null {
    return this.#built()?.model.size ?? null;
  }

  value(f: Formula): boolean {
    const m = this.#required();
    if (m.point === null) throw new Error('value asked of a log without a deal: it has no actual world');
    return sets.contains(m.evaluator.evaluate(f), m.point);
  }

  /** The observer's probability (weights renormalised over the observer's worlds) and whether it knows f: exact. */
  probability(f: Formula): Probability {
    const m = this.#required();
    const holds = m.evaluator.evaluate(f);
    let total = 0;
    let inside = 0;
    let known = true;
    for (const w of sets.members(m.observed)) {
      total += m.model.weight[w];
      if (sets.contains(holds, w)) inside += m.model.weight[w];
      else known = false;
    }
    return { probability: inside / total, standardError: null, known };
  }

  #required(): GameModel {
    const m = this.#built();
    if (m === null) throw new Error(`the explicit engine cannot answer: ${libraryWords(this.#why ?? [])}`);
    return m;
  }

  /** Gives the model's Wasm memory back now rather than when it is collected. */
  dispose(): void {
    this.#model?.model.dispose();
    this.#model = null;
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}

function tooLarge(maxWorlds: number): Phrase {
  return [`the Kripke model is too large to build (over ${maxWorlds.toLocaleString('en-US')} worlds, `, { option: 'maxWorlds' }, ')'];
}

const dealCounts = new WeakMap<Game, Map<number, number>>();

/**
 * Whether the explicit model after `at` events may fit within `maxWorlds`: false when the deals left
 * by the public facts before the first epistemic announcement already outnumber it (a count by the
 * exact core, in milliseconds, instead of an enumeration that would stop only at the limit). With
 * hand quotas, which the core does not model, the enumeration's own limit decides.
 */
export function explicitModelMayFit(game: Game, at: number, maxWorlds = DEFAULT_MAX_WORLDS): boolean {
  if (game.rules.handQuotas !== null) return true;
  let cache = dealCounts.get(game);
  if (!cache) dealCounts.set(game, (cache = new Map()));
  let n = cache.get(at);
  if (n === undefined) {
    // The deals the explicit model would start from: those the early public facts leave.
    const { filter } = earlyFacts(game, gameActions(game, at), 'action');
    const store = emptyStore(game.deck.cards.length, game.deck.categoryMasks, game.handSizes, maskOfCards(game.faceUp));
    // The filter's owner slots are the store's: the seats, then the envelope.
    store.holds = [...filter.holds];
    store.lacks = [...filter.lacks];
    for (const cards of filter.notEnvelope) applyFact(store, { kind: 'notEnvelope', cards });
    const position = KnowledgeCore.shared().tryLoad(store);
    n = position.status === 'consistent' ? position.approximateCount() : position.status === 'too-large' ? Infinity : 0;
    position.dispose();
    cache.set(at, n);
  }
  return n <= maxWorlds;
}
