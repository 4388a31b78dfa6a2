// Whether to accuse now: the chance that the most likely solution is right, against the chance
// that another player accuses first. Waiting wins at best when nobody else can accuse before the
// observer's next turn, so accusing now is the better bet when P(right) ≥ 1 − threat, where threat
// is the chance that some player still in can accuse by the end of its next turn (opponents()'s
// `canAccuse` and `canAccuseNextTurn`, seats taken as independent). Certain, it accuses.
import type { Game } from '../model/game.js';
import { gameOf, type GameLog } from '../io/log.js';
import { requireGameGoesOn } from '../io/describe.js';
import { InputError } from '../model/errors.js';
import { mayAct, standingAfter } from '../model/rules.js';
import { analyze, type Analysis } from './analyze.js';
import { opponents, opponentsInThisThread, type OpponentKnowledge } from './opponents.js';
import type { Executor } from '../runtime/executor.js';

export interface AccusationAdvice {
  /** The most likely solution, in category order. */
  solution: number[];
  /** Its probability (exact when the analysis is). */
  probability: number;
  certain: boolean;
  /** P(some player still in can accuse by the end of its next turn); 0 when the observer is certain (not computed). */
  threat: number;
  /** Its standard error when the opponents' knowledge was estimated from drawn worlds, else null. */
  threatStandardError: number | null;
  /** The other players still in, with what they may know. */
  seats: OpponentKnowledge[];
  /** Accuse now: certain, or probability ≥ 1 − threat. */
  accuse: boolean;
}

export interface AccusationAdviceOptions {
  /** Worlds drawn when the Kripke model is too large to build (default: opponents()'s). */
  samples?: number;
  seed?: number;
}

/**
 * P(at least one seat can accuse by the end of its next turn), the seats taken as independent; with
 * a delta-method standard error when estimated. A seat out (a wrong accusation) can never accuse:
 * it counts for nothing, whatever it knows.
 */
export function threatOf(seats: readonly OpponentKnowledge[]): { threat: number; standardError: number | null } {
  const stillIn = seats.filter((s) => !s.out);
  const each = stillIn.map((s) => Math.max(s.canAccuse, s.canAccuseNextTurn ?? 0));
  const none = each.reduce((p, q) => p * (1 - q), 1);
  const errors = stillIn.map((s) => (s.standardErrors ? Math.max(s.standardErrors.canAccuse, s.standardErrors.canAccuseNextTurn ?? 0) : null));
  if (errors.every((e) => e === null)) return { threat: 1 - none, standardError: null };
  // d(1 - Π(1 - q_i))/dq_i = Π_{j≠i}(1 - q_j)
  const variance = each.reduce((v, q, i) => {
    const others = each.reduce((p, r, j) => (j === i ? p : p * (1 - r)), 1);
    return v + (others * (errors[i] ?? 0)) ** 2;
  }, 0);
  return { threat: 1 - none, standardError: Math.sqrt(variance) };
}

export function accusationAdvice(input: GameLog | Game, options: AccusationAdviceOptions = {}): AccusationAdvice {
  const { game, analysis } = observersAnalysis(input);
  if (analysis.solutions.length === 1) return adviceOn(game, analysis.solutions, []);
  return adviceOn(game, analysis.solutions, opponentsInThisThread(game, opponentsOptions(options))!.seats);
}

/**
 * accusationAdvice with the opponents' worlds drawn on an executor (a pool, or one in this thread),
 * cancellable by `signal` between its tasks: the same advice.
 */
export async function accusationAdviceOn(executor: Executor, input: GameLog | Game, options: AccusationAdviceOptions & { signal?: AbortSignal } = {}): Promise<AccusationAdvice> {
  const { game, analysis } = observersAnalysis(input);
  if (analysis.solutions.length === 1) return adviceOn(game, analysis.solutions, []);
  return adviceOn(game, analysis.solutions, (await opponents(game, { ...opponentsOptions(options), executor, signal: options.signal }))!.seats);
}

/** The game and its analysis, for the observer of a game going on who is still in; an InputError otherwise. */
function observersAnalysis(input: GameLog | Game): { game: Game; analysis: Analysis } {
  const game = gameOf(input);
  if (game.me === null) throw new InputError('accusation advice is for the observer of a log ("me"); this log has none');
  requireGameGoesOn(game);
  if (!mayAct(standingAfter(game.events, game.players.length), game.me, 'turn')) throw new InputError(`${game.players[game.me]} accused wrongly and is out: no more accusations`);
  return { game, analysis: analyze(game) };
}

/** What the advice asks of opponents(): whether each seat can accuse by the end of its next turn too. */
function opponentsOptions(options: AccusationAdviceOptions) {
  return { nextTurn: true, ...(options.samples !== undefined && { samples: options.samples }), ...(options.seed !== undefined && { seed: options.seed }) };
}

/**
 * The advice from what is already known: the solutions (most likely first, as an analysis lists
 * them) and the opponents' knowledge, asked with `nextTurn` (the players out are left aside). Pure:
 * the advisor calls it with the answers its workers gave.
 */
export function adviceOn(game: Game, solutions: readonly { cards: number[]; probability: number }[], opponents: readonly OpponentKnowledge[]): AccusationAdvice {
  const best = solutions[0];
  if (solutions.length === 1) return { solution: best.cards, probability: 1, certain: true, threat: 0, threatStandardError: null, seats: [], accuse: true };
  const seats = opponents.filter((s) => !s.out);
  const { threat, standardError } = threatOf(seats);
  return { solution: best.cards, probability: best.probability, certain: false, threat, threatStandardError: standardError, seats, accuse: best.probability >= 1 - threat };
}
