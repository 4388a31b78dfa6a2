// What an agent believes about the envelope, from its view.
//   naive: every combination containing no card it has seen (its hand, face-up cards, cards
//          shown to it) is possible, all equally likely; it ignores everything else.
//   exact: the knowledge core's exact inference over everything its seat observed. The model keeps
//          its own position across turns and conditions it on the events it has not seen yet,
//          never re-reading the log.
// Each model first says which cards of each category may be in the envelope; certainty is read
// off that the same way for both.
import { combinationCards, combinationCount, envelopeIndex } from '../knowledge/tallies.js';
import { factsOf, setupStore } from '../knowledge/constraints-of.js';
import type { SeatView } from '../game/seat-view.js';
import type { KnowledgeCore, Position } from '../knowledge/wasm-core.js';
import type { Random } from '../model/random.js';
import { cardsOfMask, maskOfCards } from '../model/bits.js';
import { addFacts, type Fact } from '../knowledge/constraints.js';
import { firstPolicyFacts, responseEvidence, showSeen, type ResponsePolicy } from '../knowledge/responses.js';
import { DEFAULT_MAX_NODES } from '../knowledge/wasm-core.js';
import { ownerWidth } from '../model/owners.js';

export interface Belief {
  /** Combination indices (mixed radix over categories) still possible. */
  possible: number[];
  /** Probability of a possible combination. */
  probability(combination: number): number;
}

/** The most probable combination of a belief and its probability (the first of equals; -1 when none is possible). */
export function mostProbable(belief: Belief): { combination: number; probability: number } {
  let combination = -1;
  let probability = -1;
  for (const q of belief.possible) {
    const p = belief.probability(q);
    if (p > probability) [combination, probability] = [q, p];
  }
  return { combination, probability };
}

export interface KnowledgeModel {
  readonly name: 'naive' | 'exact';
  belief(view: SeatView): Belief;
  /** A combination drawn uniformly from the possible ones. */
  randomPossible(view: SeatView, rng: Random): number;
  /** The solution if known for certain (cheaper than a full belief), else null. */
  certainty(view: SeatView): number[] | null;
  /** Per category, the cards it thinks may be in the envelope. */
  envelopeOptions(view: SeatView): number[][];
  /** Frees what the model holds (its position in the core). */
  dispose(): void;
}

/** The solution when every category has a single possible envelope card. */
function certainOf(options: number[][]): number[] | null {
  return options.every((o) => o.length === 1) ? options.map((o) => o[0]) : null;
}

export function naiveKnowledge(): KnowledgeModel {
  /** Per category, the cards not seen: no other reasoning. */
  const options = (view: SeatView): number[][] => {
    let seen = maskOfCards([...view.myHand, ...view.faceUp]);
    for (const m of view.shownToMe()) seen |= m;
    return view.deck.categoryMasks.map((m) => cardsOfMask(m & ~seen));
  };
  const belief = (view: SeatView): Belief => {
    // Every combination of unseen cards, one per category.
    let combos: number[][] = [[]];
    for (const cards of options(view)) combos = combos.flatMap((partial) => cards.map((c) => [...partial, c]));
    const possible = combos.map((cards) => envelopeIndex(view.deck.categoryMasks, maskOfCards(cards)));
    return { possible, probability: (q) => (possible.includes(q) ? 1 / possible.length : 0) };
  };
  return {
    name: 'naive',
    belief,
    randomPossible: (view, rng) => rng.pick(belief(view).possible),
    certainty: (view) => certainOf(options(view)),
    envelopeOptions: options,
    dispose: () => {},
  };
}

/** The exact model's own position, brought up to date with its seat's view on demand. */
export interface ExactKnowledge extends KnowledgeModel {
  /** The seat's position after every event of its view (owned by the model: do not dispose). */
  position(view: SeatView): Position;
}

/** Facts an agent draws from event `index` of its view beyond what the event itself says (e.g. from an endmove). */
export type DerivedFacts = (view: SeatView, index: number) => Fact[];

/**
 * `derive`: facts the agent adds to each event's own (none by default: the core's first-order
 * reading). `responses`: how it reads the cards shown to it (knowledge/responses.ts): `first` adds
 * the facts a show implies; `uniform` and `repeat` weigh its deals, rebuilding its DAG with one
 * more factor after each show.
 */
export function exactKnowledge(core: KnowledgeCore, derive?: DerivedFacts, responses: ResponsePolicy = 'holds'): ExactKnowledge {
  let weighted = responses === 'uniform' || responses === 'repeat';
  let position: Position | null = null;
  let eventsSeen = 0;
  const current = (view: SeatView): Position => {
    if (position === null) {
      position = core.load(setupStore(view.game()));
      eventsSeen = 0;
    }
    if (eventsSeen < view.events.length) {
      const facts: Fact[] = [];
      let shown = false;
      for (let i = eventsSeen; i < view.events.length; i++) {
        facts.push(...factsOf(view.events[i], view.players.length, { me: view.me, rules: view.rules }));
        if (derive) facts.push(...derive(view, i));
        const show = showSeen(view.events[i], view.me);
        if (show !== null && responses === 'first') facts.push(...firstPolicyFacts(show));
        shown ||= show !== null;
      }
      let next = weighted && shown ? core.load(addFacts(position.store, facts), DEFAULT_MAX_NODES, responseEvidence(view.game(), responses).factors) : position.withAll(facts);
      if (next.consistent && next.likelihood() === 0) {
        // The opponents do not answer by the policy (repeat, shown a new card when it could have
        // repeated): read the shows as holds from now on rather than believe nothing.
        next.dispose();
        weighted = false;
        next = core.load(addFacts(position.store, facts));
      }
      position.dispose();
      position = next;
      eventsSeen = view.events.length;
    }
    if (!position.consistent) throw new Error(`seat ${view.me}: its view admits no deal (an engine bug)`);
    return position;
  };
  /** Per category, the cards with a non-zero envelope count. */
  const options = (view: SeatView): number[][] => {
    const counts = current(view).ownerCounts();
    const width = ownerWidth(view.players.length);
    const env = view.players.length;
    return view.deck.categoryMasks.map((m) => cardsOfMask(m).filter((c) => counts[c * width + env] > 0));
  };
  return {
    name: 'exact',
    position: current,
    belief(view) {
      const p = current(view);
      const counts = p.envelopeCounts();
      const total = p.approximateCount();
      const possible: number[] = [];
      counts.forEach((n, q) => n > 0 && possible.push(q));
      return { possible, probability: (q) => counts[q] / total };
    },
    randomPossible(view, rng) {
      // Uniform over the possible combinations without computing them all: draw from the product
      // of each category's possible envelope cards and keep the draw if some deal has exactly
      // that envelope (usually the first draw is), asked of the DAG with the envelope cards forced.
      const p = current(view);
      const choices = options(view);
      const envelope = 1 << view.players.length;
      const elsewhere = ((envelope << 2) - 1) & ~envelope; // any seat or the table
      for (;;) {
        const cards = choices.map((o) => rng.pick(o));
        const owners = view.deck.cards.map((_, c) => (cards.includes(c) ? envelope : elsewhere));
        if (p.restrictedCount(owners) > 0) return envelopeIndex(view.deck.categoryMasks, maskOfCards(cards));
      }
    },
    certainty(view) {
      return certainOf(options(view));
    },
    envelopeOptions: options,
    dispose() {
      position?.dispose();
      position = null;
    },
  };
}

export function cardsOf(view: SeatView, combination: number): number[] {
  return combinationCards(view.deck.categoryMasks, combination);
}

export function combinationsOf(view: SeatView): number {
  return combinationCount(view.deck.categoryMasks);
}
