// What an agent believes about the envelope, from its view.
//   naive: every combination containing no card it has seen (its hand, face-up cards, cards
//          shown to it) is possible, all equally likely; it ignores everything else.
//   exact: the knowledge core's exact inference over everything its seat observed.
import { combinationCards, combinationCount } from '../inference/tallies.js';
import { constraintsOf } from '../game/constraints-of.js';
import type { SeatView } from '../game/seat-view.js';
import type { KnowledgeCore } from '../core/wasm-core.js';
import type { Random } from '../core/random.js';
import { envelopeOwner } from '../core/constraints.js';
import { cardsOfMask, popcount } from '../core/bits.js';

export interface Belief {
  /** Combination indices (mixed radix over categories) still possible. */
  possible: number[];
  /** Probability of a possible combination. */
  probability(combination: number): number;
}

export interface KnowledgeModel {
  readonly name: 'naive' | 'exact';
  belief(view: SeatView): Belief;
  /** A combination drawn uniformly from the possible ones. */
  randomPossible(view: SeatView, rng: Random): number;
  /** The solution if known for certain (cheaper than a full belief), else null. */
  certainty(view: SeatView): number[] | null;
}

export function naiveKnowledge(): KnowledgeModel {
  const seen = (view: SeatView) => {
    let mask = 0;
    for (const c of [...view.myHand, ...view.faceUp]) mask |= 1 << c;
    for (const m of view.shownToMe()) mask |= m;
    return mask >>> 0;
  };
  const belief = (view: SeatView): Belief => {
    const masks = view.deck.categoryMasks;
    const unseen = ~seen(view);
    // Possible cards per category, then their product: no other reasoning.
    const options = masks.map((m) => cardsOfMask((m & unseen) >>> 0));
    const possible: number[] = [];
    const walk = (g: number, index: number) => {
      if (g === options.length) return void possible.push(index);
      for (const c of options[g]) walk(g + 1, index * popcount(masks[g]) + popcount(masks[g] & ((1 << c) - 1)));
    };
    walk(0, 0);
    return { possible, probability: (q) => (possible.includes(q) ? 1 / possible.length : 0) };
  };
  return {
    name: 'naive',
    belief,
    randomPossible: (view, rng) => rng.pick(belief(view).possible),
    certainty(view) {
      const unseen = ~seen(view);
      const options = view.deck.categoryMasks.map((m) => cardsOfMask((m & unseen) >>> 0));
      return options.every((o) => o.length === 1) ? options.map((o) => o[0]) : null;
    },
  };
}

export function exactKnowledge(core: KnowledgeCore): KnowledgeModel {
  const load = (view: SeatView) => {
    if (!core.load(constraintsOf(view.game()))) throw new Error(`seat ${view.me}: its view admits no deal (an engine bug)`);
  };
  return {
    name: 'exact',
    belief(view) {
      load(view);
      const counts = core.envelopeCounts();
      const total = core.count();
      const possible: number[] = [];
      counts.forEach((n, q) => n > 0 && possible.push(q));
      return { possible, probability: (q) => counts[q] / total };
    },
    randomPossible(view, rng) {
      // Uniform over the possible combinations without computing them all: draw from the product
      // of each category's possible envelope cards and keep the draw if some deal has exactly
      // that envelope (usually the first draw is).
      const store = constraintsOf(view.game());
      if (!core.load(store)) throw new Error(`seat ${view.me}: its view admits no deal (an engine bug)`);
      const counts = core.ownerCounts();
      const width = view.players.length + 2;
      const env = envelopeOwner(store);
      const options = view.deck.categoryMasks.map((m) => cardsOfMask(m).filter((c) => counts[c * width + env] > 0));
      for (;;) {
        const cards = options.map((o) => rng.pick(o));
        const forced = { ...store, holds: store.holds.map((h, o) => (o === env ? cards.reduce((m, c) => m | (1 << c), h) >>> 0 : h)) };
        if (core.load(forced)) return combinationIndex(view.deck.categoryMasks, cards);
      }
    },
    certainty(view) {
      load(view);
      const counts = core.ownerCounts();
      const width = view.players.length + 2;
      const env = view.players.length;
      const options = view.deck.categoryMasks.map((m) => cardsOfMask(m).filter((c) => counts[c * width + env] > 0));
      return options.every((o) => o.length === 1) ? options.map((o) => o[0]) : null;
    },
  };
}

export function cardsOf(view: SeatView, combination: number): number[] {
  return combinationCards(view.deck.categoryMasks, combination);
}

export function combinationsOf(view: SeatView): number {
  return combinationCount(view.deck.categoryMasks);
}

function combinationIndex(categoryMasks: number[], cards: number[]): number {
  return cards.reduce((index, c, g) => index * popcount(categoryMasks[g]) + popcount(categoryMasks[g] & ((1 << c) - 1)), 0);
}

