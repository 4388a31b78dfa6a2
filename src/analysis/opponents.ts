// Opponents' knowledge, for an observer's log (docs/analysis-output.md, `opponents`): for each
// other seat, the probability that it can already accuse with certainty (Kenv), and for each of
// the observer's cards, the probability that the seat knows the observer holds it. Weighted as
// docs/epistemic.md §3 says: deals uniform over the observer's consistent ones, each showcard the
// observer did not see showing any of the responder's matching cards with equal chance. Exact from
// the Kripke model when it fits, else estimated from worlds drawn by the full-size engine, in this
// thread or with the draws shared among an executor's threads (the same bytes for any number);
// a log with endmoves, which drawn worlds cannot condition on, counted on decision diagrams.
import { type Game } from '../model/game.js';
import { ENVELOPE } from '../model/owners.js';
import { cardsOfMask } from '../model/bits.js';
import { eliminatedSeats } from '../model/rules.js';
import { gameOf, type GameLog } from '../io/log.js';
import type { Executor } from '../runtime/executor.js';
import { knowsInThisThread, type FormulaQuery, type KnowsReport } from '../epistemic/knows.js';
import type { EngineName } from '../epistemic/semantics.js';
import { and, has, K, Kenv, or, type Formula } from '../epistemic/language/formula.js';
import { knowsOn } from './knows.js';

export interface OpponentKnowledge {
  /** The other seat. */
  seat: number;
  /**
   * The seat accused wrongly and is out (model/rules.ts eliminatedSeats): it may still know the
   * envelope, but it can no longer accuse, so it is no threat.
   */
  out: boolean;
  /** P(the seat knows the whole envelope). */
  canAccuse: number;
  /**
   * With `nextTurn`: P(the seat can accuse after its next suggestion at the latest): it knows the
   * envelope, or every category but one and that one up to two cards (one suggestion of either
   * card then decides it: shown, it is the other; not shown, it is in the envelope).
   */
  canAccuseNextTurn?: number;
  /** Per card of the observer's hand (in myHand's order): P(the seat knows the observer holds it); empty when not asked (`myCards: false`). */
  knowsMyCards: number[];
  /** Standard errors in the same shape (absent when exact). */
  standardErrors?: { canAccuse: number; canAccuseNextTurn?: number; knowsMyCards: number[] };
}

export interface Opponents {
  method: 'exact' | 'sampled';
  /** Worlds drawn (sampled), else null. */
  samples: number | null;
  seats: OpponentKnowledge[];
}

export interface OpponentsOptions {
  samples?: number;
  seed?: number;
  maxWorlds?: number;
  /** Also estimate each seat's `canAccuseNextTurn`. */
  nextTurn?: boolean;
  /** Whether to ask if each seat knows each of the observer's cards (default true; false leaves `knowsMyCards` empty: an agent weighing only the threat). */
  myCards?: boolean;
  /** The engines asked, in order (default OPPONENT_ENGINES; for measurements). */
  engine?: readonly EngineName[];
  /** Where to draw worlds (kept open): a worker pool; default: this thread. */
  executor?: Executor;
  signal?: AbortSignal;
}

/** Default draws: a standard error of at most 0.01 on every probability. */
export const DEFAULT_OPPONENT_SAMPLES = 2500;

/** The largest Kripke model built for an exact answer (past it, worlds are drawn). */
export const EXACT_OPPONENT_WORLDS = 200_000;

/**
 * The engines asked, in order: the explicit model when it is small, else drawn worlds, else (a log
 * with endmoves, which drawn worlds cannot condition on) the symbolic engine, exact. Not the
 * symbolic engine before drawn worlds: on simulated six-seat games without endmoves it took 1.5 to
 * 39 s where 2,500 draws take 0.3 to 2.5 s, and the draws lay within 1.4 standard errors of it
 * (bench/exact-knowledge.ts).
 */
const OPPONENT_ENGINES = ['explicit', 'sampled', 'symbolic'] as const;

/** What the other seats know, seen from the log's observer; null for the spectator's view. */
export async function opponents(input: GameLog | Game, options: OpponentsOptions = {}): Promise<Opponents | null> {
  const game = gameOf(input);
  if (game.me === null) return null;
  if (options.executor === undefined) return opponentsInThisThread(game, options);
  const { view, queries, knowsOptions } = request(game, options);
  return fromReport(game, await knowsOn(options.executor, view, queries, { ...knowsOptions, signal: options.signal }), knowsOptions.samples, options);
}

/** opponents() in the calling thread, synchronously (what an agent asks at its decisions). */
export function opponentsInThisThread(game: Game, options: Omit<OpponentsOptions, 'executor' | 'signal'> = {}): Opponents | null {
  if (game.me === null) return null;
  const { view, queries, knowsOptions } = request(game, options);
  return fromReport(game, knowsInThisThread(view, queries, knowsOptions), knowsOptions.samples, options);
}

/** For each other seat: Kenv, then K has(me, c) for each of my cards. */
function request(game: Game, options: OpponentsOptions) {
  const me = game.me!;
  const queries: FormulaQuery[] = [];
  for (const seat of others(game)) {
    queries.push({ id: `${seat}`, at: null, formula: Kenv(seat), text: '' });
    if (options.nextTurn) queries.push({ id: `${seat}:next`, at: null, formula: nearlyKenv(seat, game.deck.categoryMasks), text: '' });
    if (options.myCards !== false) for (const c of game.myHand) queries.push({ id: `${seat}:${c}`, at: null, formula: K(seat, has(me, c)), text: '' });
  }
  // The observer's view: a full record's deal is what the observer does not know. The exact model
  // answers only when it is small: building millions of worlds takes longer than drawing a few thousand.
  // Only the probabilities are asked: whether the observer knows each is not weighed.
  const knowsOptions = { engine: options.engine ?? OPPONENT_ENGINES, samples: options.samples ?? DEFAULT_OPPONENT_SAMPLES, seed: options.seed, maxWorlds: options.maxWorlds ?? EXACT_OPPONENT_WORLDS, known: false };
  return { view: { ...game, deal: null }, queries, knowsOptions };
}

function others(game: Game): number[] {
  return game.players.map((_, s) => s).filter((s) => s !== game.me);
}

function fromReport(game: Game, report: KnowsReport, samples: number, options: OpponentsOptions): Opponents {
  const sampled = report.method === 'sampled';
  const out = eliminatedSeats(game.events, game.players.length);
  let i = 0;
  const seats = others(game).map((seat): OpponentKnowledge => {
    const accuse = report.results[i++];
    const next = options.nextTurn ? report.results[i++] : null;
    const mine = options.myCards === false ? [] : game.myHand.map(() => report.results[i++]);
    const row: OpponentKnowledge = { seat, out: out[seat], canAccuse: accuse.probability!, knowsMyCards: mine.map((r) => r.probability!) };
    if (next) row.canAccuseNextTurn = next.probability!;
    if (sampled) {
      row.standardErrors = { canAccuse: accuse.standardError ?? 0, knowsMyCards: mine.map((r) => r.standardError ?? 0) };
      if (next) row.standardErrors.canAccuseNextTurn = next.standardError ?? 0;
    }
    return row;
  });
  return { method: report.method, samples: sampled ? samples : null, seats };
}

/**
 * `seat` knows the envelope's card in every category but one at most, and of that one that it is
 * one of two cards: ⋁_g (⋀_{h≠g} ⋁_{c∈h} K has(envelope, c)) ∧ ⋁_{c<d∈g} K(has(envelope, c) ∨ has(envelope, d)).
 * Implied by Kenv (a known card pairs with any other). K of formulas without modalities only, so the
 * full-size engine answers it.
 */
export function nearlyKenv(seat: number, categoryMasks: readonly number[]): Formula {
  const cards = categoryMasks.map((m) => cardsOfMask(m));
  const knowsCategory = cards.map((cs) => or(...cs.map((c) => K(seat, has(ENVELOPE, c)))));
  const knowsPair = cards.map((cs) => or(...cs.flatMap((c, i) => cs.slice(i + 1).map((d) => K(seat, or(has(ENVELOPE, c), has(ENVELOPE, d)))))));
  return or(...cards.map((_, g) => and(...knowsCategory.filter((_, h) => h !== g), knowsPair[g])));
}
