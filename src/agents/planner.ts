// The planner: plays to win, not only to learn. It knows what the epistemic agent knows (its exact
// knowledge, and the first-order reading of the others' endmoves) and ranks suggestions by expected
// information as the entropy agent does; then:
//
//   Look-ahead accusation. After its turn, with its best solution right with probability P, it
//   compares accusing now with waiting one turn: waiting, it accuses at its next turn with the
//   probability Q of being right after the answer to its next suggestion (the expected largest
//   posterior, over the answers), unless some seat accuses before then (the threat T, estimated
//   from the others' knowledge as it can judge it). It accuses now when P ≥ (1 − T) · Q. Certain,
//   it accuses at once.
//   Own cards. It never names a card it holds (`own=exclude`, the default): such a suggestion
//   teaches it much, but is answered in public by seats that pass, which teaches the table as much.
//   Measured against `own=include` it wins more (docs/research/planner.md).
//   Closing suggestions (`closing=on`, off by default: they lost in the measurements). Once a
//   solution is likely (P ≥ CLOSING_FROM), it suggests, among the most informative suggestions,
//   the one that leaves it most likely to be right at its next turn (Q).
//   Refutations. It shows the card the suggester already expects most (`refute=least`), the one
//   that leaks least.
//   Hiding (`hide=W`, 0 by default: it lost in the measurements). Among the most informative
//   suggestions, the one that teaches it most beyond W times what the table learns from who
//   answered (publicInformation).
//
// Every estimate is drawn with a seed from the agent's generator: the same game gives the same
// decisions on any number of threads.
import type { Random } from '../model/random.js';
import { maskOfCards, popcount } from '../model/bits.js';
import { answerers } from '../model/rules.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { SeatView } from '../game/seat-view.js';
import type { SyncAgent, Decision } from '../game/agent.js';
import { cardsOf, exactKnowledge, mostProbable } from './knowledge.js';
import { endmoveFacts, threatBeforeMyNextTurn } from './epistemic.js';
import type { RefutationPolicy } from './refutations.js';
import { movementPolicy } from './movement.js';
import { informationPerRoom, informationRanking, type InformationRanking } from './policies.js';
import { SCORE_WIDTH, mutualInformationBits, xlogx } from '../analysis/entropy-greedy.js';
import { ownerWidth } from '../model/owners.js';

export interface PlannerOptions {
  /** Draws of the information ranking (every deal when there are fewer). */
  samples: number;
  /** Worlds drawn per estimate of the others' knowledge (the threat). */
  draws: number;
  /** Accuse by comparing with waiting one turn (off: as the epistemic agent, at probability 0.5 under a threat of 0.5). */
  lookahead: boolean;
  /** Once a solution is likely, suggest for the next accusation (off, the default: always the most informative). */
  closing: boolean;
  /** Weigh the others' chance to accuse first (off: the threat is taken as 0). */
  threat: boolean;
  /** Whether its suggestions may name its own cards. */
  own: 'include' | 'exclude';
  /**
   * Weight, 0 to 1, of what the table learns from who answered (the public part of the answer)
   * against what it learns itself: it suggests, among the most informative, the one with the most
   * of I(E; answer) − hide · I(E; who answered). 0: the most informative.
   */
  hide: number;
  /** False: never accuse (the field of a solo measurement). */
  accuses: boolean;
}

/** The probability of its best solution from which it suggests for the next accusation. */
export const CLOSING_FROM = 0.2;
/** Below this probability of its best solution it does not weigh accusing (it is never worth it there). */
export const ACCUSE_FLOOR = 0.2;
/** How many of the most informative suggestions a closing or hiding suggestion is chosen from. */
const CANDIDATES = 12;
/** The epistemic agent's thresholds, for lookahead=off. */
const EPISTEMIC_RISK = 0.5;
const EPISTEMIC_THREAT = 0.5;

interface PlannerRanking extends InformationRanking {
  /** Suggestions in ranking order that it may make (own=exclude drops those naming its cards). */
  allowed: number[];
  /** P(right at its next turn) after each suggestion's answer, computed on demand. */
  closingValue(q: number): number;
  /** What the table learns from who answered it, in bits, computed on demand. */
  publicValue(q: number): number;
}

export function plannerAgent(label: string, options: PlannerOptions, rng: Random, core: KnowledgeCore, refute: RefutationPolicy): SyncAgent {
  const knowledge = exactKnowledge(core, endmoveFacts('announced'));
  const information = informationRanking(rng, knowledge, options.samples);
  let extended: PlannerRanking | null = null;

  /** The entropy agent's ranking of this view, with what the planner adds to it. */
  const ranking = (view: SeatView): PlannerRanking => {
    const base = information(view);
    if (extended !== null && extended.deals === base.deals) return extended;
    const mine = maskOfCards([...view.myHand]);
    const allowed = options.own === 'exclude' ? base.order.filter((q) => (maskOfCards(cardsOf(view, q)) & mine) === 0) : base.order;
    const answerOrder = answerers(view.me, view.players.length, view.rules);
    extended = {
      ...base,
      allowed: allowed.length > 0 ? allowed : base.order,
      closingValue: memoized((q) => rightAfterAnswer(base.deals, view.players.length, answerOrder, cardsOf(view, q))),
      publicValue: memoized((q) => publicInformation(base.deals, view.players.length, answerOrder, cardsOf(view, q))),
    };
    return extended;
  };

  /** The most probable solution and its probability (exact, from its knowledge). */
  const bestSolution = (view: SeatView): { cards: number[]; probability: number } => {
    const { combination, probability } = mostProbable(knowledge.belief(view));
    return { cards: cardsOf(view, combination), probability };
  };

  /** Its next suggestion among `candidates` (ranking order), its best solution being right with `probability`: for the next accusation once a solution is likely. */
  const choose = (r: PlannerRanking, candidates: number[], probability: number): number => {
    if (!options.closing || probability < CLOSING_FROM) return options.hide > 0 ? hiding(r, candidates) : candidates[0];
    let best = candidates[0];
    let value = -1;
    for (const q of candidates.slice(0, CANDIDATES)) {
      const v = r.closingValue(q);
      if (v > value + 1e-12) [best, value] = [q, v];
    }
    return best;
  };
  /** Among the most informative candidates, the one that teaches it most beyond what it tells the table (hide). */
  const hiding = (r: PlannerRanking, candidates: number[]): number => {
    let best = candidates[0];
    let value = -Infinity;
    for (const q of candidates.slice(0, CANDIDATES)) {
      const v = r.scores[q * SCORE_WIDTH] - options.hide * r.publicValue(q);
      if (v > value + 1e-12) [best, value] = [q, v];
    }
    return best;
  };
  /** The probability of its best solution, when closing suggestions need it (a belief costs a count). */
  const likelihood = (view: SeatView) => (options.closing ? bestSolution(view).probability : 0);

  return {
    label,
    suggest(view, room) {
      const r = ranking(view);
      if (room === undefined) return cardsOf(view, choose(r, r.allowed, likelihood(view)));
      const g = view.deck.categoryOf[room];
      const inRoom = r.allowed.filter((q) => cardsOf(view, q)[g] === room);
      return cardsOf(view, choose(r, inRoom.length > 0 ? inRoom : r.order.filter((q) => cardsOf(view, q)[g] === room), likelihood(view)));
    },
    movement: movementPolicy(informationPerRoom(ranking)),
    refute,
    decide(view): Decision {
      const certain = knowledge.certainty(view);
      if (certain) return { certain: true, accusation: options.accuses ? certain : null };
      if (!options.accuses) return { certain: false, accusation: null };
      const now = bestSolution(view);
      // Below its bar nothing is weighed: the threat's estimate is the costly part.
      if (now.probability < (options.lookahead ? ACCUSE_FLOOR : EPISTEMIC_RISK)) return { certain: false, accusation: null };
      let waiting = 0;
      if (options.lookahead) {
        const r = ranking(view);
        waiting = r.closingValue(choose(r, r.allowed, now.probability));
      }
      const threat = options.threat ? threatBeforeMyNextTurn(view.game(), options.draws, rng.nextU32()) : 0;
      const accuse = options.lookahead ? now.probability >= (1 - threat) * waiting : threat >= EPISTEMIC_THREAT;
      return { certain: false, accusation: accuse ? now.cards : null };
    },
    dispose: () => knowledge.dispose(),
  };
}

/**
 * The probability of naming the envelope right after hearing the answer to suggestion `cards`:
 * over the deals (n x ownerWidth(nSeats) masks, the envelope at nSeats), the sum over answers of the
 * largest weight of one envelope among the deals giving that answer, over the total. A refuter
 * holding several named cards shows each with equal chance.
 */
export function rightAfterAnswer(deals: Uint32Array, nSeats: number, answerOrder: readonly number[], cards: readonly number[]): number {
  const width = ownerWidth(nSeats);
  const named = maskOfCards(cards);
  const n = deals.length / width;
  const weight = new Map<number, number>(); // (answer, envelope) -> weight
  const add = (answer: number, envelope: number, w: number) => {
    const key = answer * 2 ** 32 + envelope;
    weight.set(key, (weight.get(key) ?? 0) + w);
  };
  for (let k = 0; k < n; k++) {
    const row = k * width;
    const envelope = deals[row + nSeats] >>> 0;
    const rank = answeringRank(deals, row, answerOrder, named);
    const held = rank < answerOrder.length ? deals[row + answerOrder[rank]] & named : 0;
    if (held === 0) {
      add(0, envelope, 1);
      continue;
    }
    const shown = popcount(held);
    for (let m = held >>> 0; m !== 0; m &= m - 1) add(1 + rank * 32 + (31 - Math.clz32(m & -m)), envelope, 1 / shown);
  }
  const largest = new Map<number, number>();
  for (const [key, w] of weight) {
    const answer = Math.floor(key / 2 ** 32);
    if (w > (largest.get(answer) ?? 0)) largest.set(answer, w);
  }
  let right = 0;
  for (const w of largest.values()) right += w;
  return right / n;
}

/**
 * What everyone learns about the envelope from who answers suggestion `cards` (the seat that
 * showed a card, or nobody; not the card): the mutual information, in bits, between the envelope
 * and that public answer over the deals (n x ownerWidth(nSeats) masks, the envelope at nSeats).
 */
export function publicInformation(deals: Uint32Array, nSeats: number, answerOrder: readonly number[], cards: readonly number[]): number {
  const width = ownerWidth(nSeats);
  const named = maskOfCards(cards);
  const n = deals.length / width;
  const joint = new Map<number, number>(); // (answer, envelope) -> deals
  const byAnswer = new Map<number, number>();
  const byEnvelope = new Map<number, number>();
  const bump = (m: Map<number, number>, key: number) => m.set(key, (m.get(key) ?? 0) + 1);
  for (let k = 0; k < n; k++) {
    const row = k * width;
    const envelope = deals[row + nSeats] >>> 0;
    const rank = answeringRank(deals, row, answerOrder, named);
    bump(joint, rank * 2 ** 32 + envelope);
    bump(byAnswer, rank);
    bump(byEnvelope, envelope);
  }
  const sum = (m: Map<number, number>) => [...m.values()].reduce((a, x) => a + xlogx(x), 0);
  return mutualInformationBits(sum(joint), sum(byEnvelope), sum(byAnswer), n);
}

/** f, computed once per suggestion asked for. */
function memoized(f: (q: number) => number): (q: number) => number {
  const values = new Map<number, number>();
  return (q) => {
    let v = values.get(q);
    if (v === undefined) values.set(q, (v = f(q)));
    return v;
  };
}

/** In the deal at `row`, the position in `answerOrder` of the first seat holding a `named` card (answerOrder.length: nobody). */
function answeringRank(deals: Uint32Array, row: number, answerOrder: readonly number[], named: number): number {
  let rank = 0;
  while (rank < answerOrder.length && (deals[row + answerOrder[rank]] & named) === 0) rank++;
  return rank;
}
