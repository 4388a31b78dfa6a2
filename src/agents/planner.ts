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
//
// Every estimate is drawn with a seed from the agent's generator: the same game gives the same
// decisions on any number of threads.
import type { Random } from '../model/random.js';
import { maskOfCards } from '../model/bits.js';
import { answerers } from '../model/rules.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { combinationCount } from '../knowledge/tallies.js';
import { rankSuggestions, scoringDeals } from '../analysis/entropy-greedy.js';
import type { SeatView } from '../game/seat-view.js';
import type { SyncAgent, Decision } from '../game/agent.js';
import { cardsOf, exactKnowledge } from './knowledge.js';
import { endmoveFacts, threatBeforeMyNextTurn } from './epistemic.js';
import type { RefutationPolicy } from './refutations.js';
import { movementPolicy } from './movement.js';
import { informationPerRoom, type InformationRanking } from './policies.js';

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
  /** False: never accuse (the field of a solo measurement). */
  accuses: boolean;
}

export const DEFAULT_PLANNER_DRAWS = 200;
/** The probability of its best solution from which it suggests for the next accusation. */
export const CLOSING_FROM = 0.2;
/** Below this probability of its best solution it does not weigh accusing (it is never worth it there). */
export const ACCUSE_FLOOR = 0.2;
/** How many of the most informative suggestions a closing suggestion is chosen from. */
const CLOSING_CANDIDATES = 12;
/** The epistemic agent's thresholds, for lookahead=off. */
const EPISTEMIC_RISK = 0.5;
const EPISTEMIC_THREAT = 0.5;

interface PlannerRanking extends InformationRanking {
  /** Suggestions in ranking order that it may make (own=exclude drops those naming its cards). */
  allowed: number[];
  /** P(right at its next turn) after each suggestion's answer, computed on demand. */
  closingValue(q: number): number;
}

export function plannerAgent(label: string, options: PlannerOptions, rng: Random, core: KnowledgeCore, refute: RefutationPolicy): SyncAgent {
  const knowledge = exactKnowledge(core, endmoveFacts('announced'));
  let known = -1;
  let cached: PlannerRanking | null = null;

  const ranking = (view: SeatView): PlannerRanking => {
    if (cached !== null && known === view.events.length) return cached;
    const seed = rng.nextU32();
    const position = knowledge.position(view);
    const shownTo = view.shownToMe();
    const { deals } = scoringDeals(position, { suggester: view.me, responseModel: 'uniform', shownTo, samples: options.samples, seed, exact: 'auto' });
    const scores = position.eig(deals, view.me, 0, shownTo, 0, combinationCount(view.deck.categoryMasks));
    const order = rankSuggestions(scores, seed).order;
    const mine = maskOfCards([...view.myHand]);
    const allowed = options.own === 'exclude' ? order.filter((q) => (maskOfCards(cardsOf(view, q)) & mine) === 0) : order;
    const values = new Map<number, number>();
    const answerOrder = answerers(view.me, view.players.length, view.game().rules);
    known = view.events.length;
    cached = {
      scores,
      order,
      allowed: allowed.length > 0 ? allowed : order,
      closingValue(q) {
        let v = values.get(q);
        if (v === undefined) values.set(q, (v = rightAfterAnswer(deals, view.players.length, answerOrder, cardsOf(view, q))));
        return v;
      },
    };
    return cached;
  };

  /** The most probable solution and its probability (exact, from its knowledge). */
  const bestSolution = (view: SeatView): { cards: number[]; probability: number } => {
    const belief = knowledge.belief(view);
    let q = -1;
    let p = -1;
    for (const c of belief.possible) {
      const pc = belief.probability(c);
      if (pc > p) [q, p] = [c, pc];
    }
    return { cards: cardsOf(view, q), probability: p };
  };

  /** Its next suggestion among `candidates` (ranking order): for the next accusation once a solution is likely. */
  const choose = (view: SeatView, r: PlannerRanking, candidates: number[]): number => {
    if (!options.closing || bestSolution(view).probability < CLOSING_FROM) return candidates[0];
    let best = candidates[0];
    let value = -1;
    for (const q of candidates.slice(0, CLOSING_CANDIDATES)) {
      const v = r.closingValue(q);
      if (v > value + 1e-12) [best, value] = [q, v];
    }
    return best;
  };

  return {
    label,
    suggest(view, room) {
      const r = ranking(view);
      if (room === undefined) return cardsOf(view, choose(view, r, r.allowed));
      const g = view.deck.categoryOf[room];
      const inRoom = r.allowed.filter((q) => cardsOf(view, q)[g] === room);
      return cardsOf(view, choose(view, r, inRoom.length > 0 ? inRoom : r.order.filter((q) => cardsOf(view, q)[g] === room)));
    },
    movement: movementPolicy(informationPerRoom(ranking)),
    refute,
    decide(view): Decision {
      const certain = knowledge.certainty(view);
      if (certain) return { certain: true, accusation: options.accuses ? certain : null };
      if (!options.accuses) return { certain: false, accusation: null };
      const now = bestSolution(view);
      if (!options.lookahead) {
        if (now.probability < EPISTEMIC_RISK) return { certain: false, accusation: null };
        const threat = options.threat ? threatBeforeMyNextTurn(view, view.game(), options.draws, rng.nextU32()) : 0;
        return { certain: false, accusation: threat >= EPISTEMIC_THREAT ? now.cards : null };
      }
      if (now.probability < ACCUSE_FLOOR) return { certain: false, accusation: null };
      const r = ranking(view);
      const waiting = r.closingValue(choose(view, r, r.allowed));
      const threat = options.threat ? threatBeforeMyNextTurn(view, view.game(), options.draws, rng.nextU32()) : 0;
      return { certain: false, accusation: now.probability >= (1 - threat) * waiting ? now.cards : null };
    },
    dispose: () => knowledge.dispose(),
  };
}

/**
 * The probability of naming the envelope right after hearing the answer to suggestion `cards`:
 * over the deals (n x (nSeats + 2) masks, the envelope at nSeats), the sum over answers of the
 * largest weight of one envelope among the deals giving that answer, over the total. A refuter
 * holding several named cards shows each with equal chance.
 */
export function rightAfterAnswer(deals: Uint32Array, nSeats: number, answerOrder: readonly number[], cards: readonly number[]): number {
  const width = nSeats + 2;
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
    let held = 0;
    let rank = 0;
    for (; rank < answerOrder.length; rank++) {
      held = deals[row + answerOrder[rank]] & named;
      if (held !== 0) break;
    }
    if (held === 0) {
      add(0, envelope, 1);
      continue;
    }
    let shown = 0;
    for (let m = held >>> 0; m !== 0; m &= m - 1) shown++;
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
