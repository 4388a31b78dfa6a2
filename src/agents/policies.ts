// The three policies an agent is made of.
import type { Random } from '../model/random.js';
import type { SeatView } from '../game/seat-view.js';
import { SCORE_WIDTH, rankSuggestions, scoreInProcess } from '../analysis/entropy-greedy.js';
import { maskOfCards } from '../model/bits.js';
import { cardsOf, combinationsOf, type ExactKnowledge, type KnowledgeModel } from './knowledge.js';
import type { RoomValues } from './movement.js';

/** One card per category; `room`, when given (on a board), is the room card it must name. */
export type SuggestionPolicy = (view: SeatView, room?: number) => number[];
export type RefutationPolicy = (view: SeatView, suggester: number, held: number[]) => number;
/** Given the agent's knowledge, the accusation to make now, or null. */
export type AccusationPolicy = (view: SeatView, knowledge: KnowledgeModel, certain: number[] | null) => number[] | null;

/** `cards` naming `room` instead of its own room card (the room category is the one `room` is in). */
function naming(view: SeatView, cards: number[], room: number | undefined): number[] {
  if (room !== undefined) cards[view.deck.categoryOf[room]] = room;
  return cards;
}

/** Uniformly among all combinations (on a board: the other categories uniformly, in its room). */
export function suggestAnything(rng: Random): SuggestionPolicy {
  return (view, room) => naming(view, cardsOf(view, rng.below(combinationsOf(view))), room);
}

/**
 * Uniformly among the combinations that name none of the agent's own cards (nor a face-up card):
 * what its hand alone rules out, learning nothing after (the thesis's random agent). On a board,
 * its room is named whoever holds it.
 */
export function suggestUnowned(rng: Random): SuggestionPolicy {
  return (view, room) => {
    const owned = maskOfCards([...view.myHand, ...view.faceUp].filter((c) => c !== room));
    for (;;) {
      const cards = naming(view, cardsOf(view, rng.below(combinationsOf(view))), room);
      if ((maskOfCards(cards) & owned) === 0) return cards;
    }
  };
}

/** Uniformly among the combinations the agent still thinks possible (on a board: their other cards, in its room). */
export function suggestPossible(rng: Random, knowledge: KnowledgeModel): SuggestionPolicy {
  return (view, room) => naming(view, cardsOf(view, knowledge.randomPossible(view, rng)), room);
}

/** Every suggestion's expected information and their order, best first. */
export interface InformationRanking {
  scores: Float64Array;
  order: number[];
}

/**
 * The entropy-greedy ranking (analysis/entropy-greedy.ts, the advisor's): each suggestion's
 * expected information about the envelope, from `samples` uniform deals of the seat's exact
 * knowledge (every deal when there are fewer), ties broken by a seed from the agent's generator.
 * Computed once per state of its knowledge: moving and suggesting in one turn share it.
 */
export function informationRanking(rng: Random, knowledge: ExactKnowledge, samples: number): (view: SeatView) => InformationRanking {
  let known = -1;
  let ranking: InformationRanking | null = null;
  return (view) => {
    if (ranking !== null && known === view.events.length) return ranking;
    const seed = rng.nextU32();
    const { scores } = scoreInProcess(knowledge.position(view), {
      suggester: view.me,
      responseModel: 'uniform',
      shownTo: view.shownToMe(),
      samples,
      seed,
      exact: 'auto',
    });
    known = view.events.length;
    ranking = { scores, order: rankSuggestions(scores, seed).order };
    return ranking;
  };
}

/** The highest-ranked suggestion (on a board, the highest naming its room). */
export function suggestMostInformative(ranking: (view: SeatView) => InformationRanking): SuggestionPolicy {
  return (view, room) => {
    const { order } = ranking(view);
    if (room === undefined) return cardsOf(view, order[0]);
    const g = view.deck.categoryOf[room];
    for (const q of order) {
      const cards = cardsOf(view, q);
      if (cards[g] === room) return cards;
    }
    throw new Error(`no suggestion names card ${room}`);
  };
}

/** Per room, the expected information of the best suggestion naming it. */
export function informationPerRoom(ranking: (view: SeatView) => InformationRanking): RoomValues {
  return (view, board) => {
    const { scores } = ranking(view);
    const best = board.binding.roomCard.map(() => 0);
    const roomOfCard = board.binding.roomOfCard;
    const g = board.binding.roomCategory;
    for (let q = 0; q < scores.length / SCORE_WIDTH; q++) {
      const r = roomOfCard[cardsOf(view, q)[g]];
      best[r] = Math.max(best[r], scores[q * SCORE_WIDTH]);
    }
    return best;
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

