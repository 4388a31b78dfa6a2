// The three policies an agent is made of.
import type { Random } from '../model/random.js';
import type { SeatView } from '../game/seat-view.js';
import { SCORE_WIDTH, allowedSuggestions, answeringOf, rankSuggestions, scoreDeals, scoringDeals, type ScoringOptions } from '../analysis/entropy-greedy.js';
import { scoreInThread } from '../analysis/exact-scoring.js';
import { maskOfCards } from '../model/bits.js';
import { cardsOf, combinationsOf, mostProbable, type ExactKnowledge, type KnowledgeModel } from './knowledge.js';
import type { RoomValues } from './movement.js';

/** One card per category; `room`, when given (on a board), is the room card it must name. */
export type SuggestionPolicy = (view: SeatView, room?: number) => number[];
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

/**
 * Per category, a card that may be in the envelope but is not known to be (the envelope card of a
 * category already solved): the Java Kripke-model implementation's "random with some knowledge".
 */
export function suggestPerCategory(rng: Random, knowledge: KnowledgeModel): SuggestionPolicy {
  return (view, room) => naming(view, knowledge.envelopeOptions(view).map((options) => rng.pick(options)), room);
}

/**
 * One card it does not know the place of, and in every other category a card nobody can show: its
 * own or a face-up card, else the category's envelope card when known (else an unknown card
 * there too). Whoever refutes must show the one card: the Java implementation's "using own cards".
 * On a board the open card is in another category than the room's, while one is open.
 */
export function suggestAroundOneUnknown(rng: Random, knowledge: KnowledgeModel): SuggestionPolicy {
  return (view, room) => {
    const options = knowledge.envelopeOptions(view);
    const fixed = room === undefined ? -1 : view.deck.categoryOf[room];
    const open = options.flatMap((o, g) => (o.length > 1 && g !== fixed ? [g] : []));
    const asked = open.length > 0 ? rng.pick(open) : rng.below(options.length);
    const unshowable = [...view.myHand, ...view.faceUp];
    const cards = options.map((o, g) => {
      if (g === asked) return rng.pick(o);
      const blockers = unshowable.filter((c) => view.deck.categoryOf[c] === g);
      return blockers.length > 0 ? rng.pick(blockers) : rng.pick(o);
    });
    return naming(view, cards, room);
  };
}

/**
 * Hansen & Hansen's bluff: in its first `suggestions` suggestions, one category (not the room on a
 * board) names a card of its own hand instead of `base`'s card, chosen at random among the
 * categories it holds cards of; later suggestions are `base`'s. One policy per seat and game (it counts).
 */
export function bluffing(base: SuggestionPolicy, rng: Random, suggestions: number): SuggestionPolicy {
  // Its suggestions so far, counted from the events it has not read yet: a decision late in a long
  // game costs what an early one does.
  let made = 0;
  let read = 0;
  return (view, room) => {
    const cards = base(view, room);
    for (; read < view.events.length; read++) {
      const e = view.events[read];
      if ((e.type === 'suggestion' || e.type === 'suggest') && e.by === view.me) made++;
    }
    if (made >= suggestions) return cards;
    const fixed = room === undefined ? -1 : view.deck.categoryOf[room];
    const own = view.myHand.filter((c) => view.deck.categoryOf[c] !== fixed);
    if (own.length === 0) return cards;
    const g = rng.pick([...new Set(own.map((c) => view.deck.categoryOf[c]))]);
    cards[g] = rng.pick(own.filter((c) => view.deck.categoryOf[c] === g));
    return cards;
  };
}

/** Every suggestion's expected information and their order, best first. */
export interface InformationRanking {
  scores: Float64Array;
  /** The suggestions the rules allow the seat (model/rules.ts mayName), best first. */
  order: number[];
  /** The deals the scores were computed on (n x ownerWidth(nSeats) masks): what a look-ahead reads. Empty unless exactness is 'off'. */
  deals: Uint32Array;
}

/**
 * How exact the entropy agent's scores are. 'off': every consistent deal when there are no more
 * than `samples`, else `samples` uniform draws; 'auto': also exact by counting the deals behind each
 * answer where that work fits the draws' budget (as `cluedo suggest` does); 'always': exact at every
 * decision, by listing or counting, whichever costs less.
 */
export const ENTROPY_EXACTNESS = ['off', 'auto', 'always'] as const;
export type EntropyExactness = (typeof ENTROPY_EXACTNESS)[number];

/**
 * The entropy-greedy ranking (analysis/entropy-greedy.ts, the advisor's): each suggestion's
 * expected information about the envelope, from `samples` uniform deals of the seat's exact
 * knowledge (every deal when there are fewer; or exactly, see EntropyExactness), ties broken by a
 * seed from the agent's generator. Computed once per state of its knowledge: moving and suggesting
 * in one turn share it. Exact scores (not 'off') come without their deals (`deals` empty).
 * `symmetric`: suggestions that differ only by cards its knowledge cannot tell apart share one
 * estimate (scoreDeals), which leaves fewer to score.
 */
export function informationRanking(rng: Random, knowledge: ExactKnowledge, samples: number, exact: EntropyExactness = 'off', symmetric = false): (view: SeatView) => InformationRanking {
  let known = -1;
  let ranking: InformationRanking | null = null;
  return (view) => {
    if (ranking !== null && known === view.events.length) return ranking;
    const seed = rng.nextU32();
    const position = knowledge.position(view);
    const answering = answeringOf(view.me, view.players.length, view.rules);
    const options: ScoringOptions = { suggester: view.me, answering, responseModel: 'uniform', shownTo: view.shownToMe(), samples, seed, exact: exact === 'off' ? 'auto' : exact };
    let deals: Uint32Array = new Uint32Array(0);
    let scores: Float64Array;
    if (exact === 'off') {
      const scoring = scoringDeals(position, options);
      deals = scoring.deals;
      scores = scoreDeals(position, scoring, { ...options, symmetric });
    } else {
      scores = scoreInThread(view.game(), position, options);
    }
    known = view.events.length;
    const allowed = allowedSuggestions(view.deck.categoryMasks, maskOfCards([...view.myHand]), view.rules);
    ranking = { scores, order: rankSuggestions(scores, seed, allowed).order, deals };
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
    const { scores, order } = ranking(view);
    const best = board.binding.roomCard.map(() => 0);
    const roomOfCard = board.binding.roomOfCard;
    const g = board.binding.roomCategory;
    for (const q of order) {
      const r = roomOfCard[cardsOf(view, q)[g]];
      best[r] = Math.max(best[r], scores[q * SCORE_WIDTH]);
    }
    return best;
  };
}

/** Accuse when certain (the default). */
export const accuseWhenCertain: AccusationPolicy = (_view, _knowledge, certain) => certain;

/** Accuse the most likely solution once its probability reaches `threshold`. */
export function accuseWhenLikely(threshold: number): AccusationPolicy {
  return (view, knowledge, certain) => {
    if (certain) return certain;
    const best = mostProbable(knowledge.belief(view));
    return best.combination >= 0 && best.probability >= threshold ? cardsOf(view, best.combination) : null;
  };
}

/**
 * The Java implementation's "risky player": certain, or down to two possible solutions, it
 * accuses the likelier of the two (the first in combination order when they are equally likely).
 */
export const accuseOnTwo: AccusationPolicy = (view, knowledge, certain) => {
  if (certain) return certain;
  const belief = knowledge.belief(view);
  if (belief.possible.length !== 2) return null;
  const [a, b] = belief.possible;
  return cardsOf(view, belief.probability(b) > belief.probability(a) ? b : a);
};

/**
 * The Java implementation's "grandparent": once certain, it lets `turns` of its own turns pass
 * before it accuses, giving the others time to catch up. One policy per seat and game (it counts).
 */
export function accuseAfterWaiting(turns: number): AccusationPolicy {
  let certainTurns = 0;
  return (_view, _knowledge, certain) => {
    if (certain === null) return null;
    certainTurns++;
    return certainTurns > turns ? certain : null;
  };
}

/** Never accuse (the field of a solo measurement). */
export const neverAccuse: AccusationPolicy = () => null;

