// The three policies an agent is made of.
import type { Random } from '../../model/random.js';
import type { SeatView } from '../seat-view.js';
import { rankSuggestions, scoreInProcess } from '../../analysis/entropy-greedy.js';
import { maskOfCards } from '../../model/bits.js';
import { cardsOf, combinationsOf, type ExactKnowledge, type KnowledgeModel } from './knowledge.js';

export type SuggestionPolicy = (view: SeatView) => number[];
export type RefutationPolicy = (view: SeatView, suggester: number, held: number[]) => number;
/** Given the agent's knowledge, the accusation to make now, or null. */
export type AccusationPolicy = (view: SeatView, knowledge: KnowledgeModel, certain: number[] | null) => number[] | null;

/** Uniformly among all combinations. */
export function suggestAnything(rng: Random): SuggestionPolicy {
  return (view) => cardsOf(view, rng.below(combinationsOf(view)));
}

/**
 * Uniformly among the combinations that name none of the agent's own cards (nor a face-up card):
 * what its hand alone rules out, learning nothing after (the thesis's random agent).
 */
export function suggestUnowned(rng: Random): SuggestionPolicy {
  return (view) => {
    const owned = maskOfCards([...view.myHand, ...view.faceUp]);
    for (;;) {
      const cards = cardsOf(view, rng.below(combinationsOf(view)));
      if ((maskOfCards(cards) & owned) === 0) return cards;
    }
  };
}

/** Uniformly among the combinations the agent still thinks possible. */
export function suggestPossible(rng: Random, knowledge: KnowledgeModel): SuggestionPolicy {
  return (view) => cardsOf(view, knowledge.randomPossible(view, rng));
}

/**
 * The entropy-greedy suggestion (analysis/entropy-greedy.ts, the advisor's ranking): the highest
 * expected information about the envelope, from `samples` uniform deals of the seat's exact
 * knowledge (every deal when there are fewer), ties broken by a seed from the agent's generator.
 */
export function suggestMostInformative(rng: Random, knowledge: ExactKnowledge, samples: number): SuggestionPolicy {
  return (view) => {
    const seed = rng.nextU32();
    const { scores } = scoreInProcess(knowledge.position(view), {
      suggester: view.me,
      responseModel: 'uniform',
      shownTo: view.shownToMe(),
      samples,
      seed,
      exact: 'auto',
    });
    return cardsOf(view, rankSuggestions(scores, seed).order[0]);
  };
}

export type RefutationName = 'random' | 'repeat' | 'minimal' | 'first';

export const REFUTATION_NAMES: readonly RefutationName[] = ['random', 'repeat', 'minimal', 'first'];

export function refutationPolicy(name: RefutationName, rng: Random): RefutationPolicy {
  switch (name) {
    case 'random':
      return (_view, _suggester, held) => rng.pick(held);
    case 'repeat':
      // Show again a card this suggester has already seen from us, when we can.
      return (view, suggester, held) => {
        const again = held.filter((c) => (view.showedTo(suggester) >>> c) & 1);
        return rng.pick(again.length > 0 ? again : held);
      };
    case 'minimal':
      // Reveal least: a card this suggester already saw from us; else the card already shown to
      // the most seats (the least news to the table); ties at random.
      return (view, suggester, held) => {
        const again = held.filter((c) => (view.showedTo(suggester) >>> c) & 1);
        if (again.length > 0) return rng.pick(again);
        const seenBy = (c: number) => view.players.reduce((k, _, s) => k + ((view.showedTo(s) >>> c) & 1), 0);
        const most = Math.max(...held.map(seenBy));
        return rng.pick(held.filter((c) => seenBy(c) === most));
      };
    case 'first':
      // The first named card in hand order, hands in deck order: the thesis's choice1 (its hands
      // are in dealt order instead). Deterministic: the generator is not drawn from.
      return (_view, _suggester, held) => Math.min(...held);
  }
}

/** Accuse when certain (the default). */
export const accuseWhenCertain: AccusationPolicy = (_view, _knowledge, certain) => certain;

/** Accuse the most likely solution once its probability reaches `threshold`. */
export function accuseWhenLikely(threshold: number): AccusationPolicy {
  return (view, knowledge, certain) => {
    if (certain) return certain;
    const belief = knowledge.belief(view);
    let best = -1;
    let bestP = -1;
    for (const q of belief.possible) {
      const p = belief.probability(q);
      if (p > bestP) {
        bestP = p;
        best = q;
      }
    }
    return best >= 0 && bestP >= threshold ? cardsOf(view, best) : null;
  };
}

/** Never accuse (the field of a solo measurement). */
export const neverAccuse: AccusationPolicy = () => null;

