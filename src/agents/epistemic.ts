// The epistemic agent: suggests like the entropy agent, and decides its accusations with what it
// infers from the other seats' knowledge (docs/epistemic-semantics.md §5.6, §8.3).
//
//   Endmoves. A seat whose turn ends without an accusation does not know the envelope, when every
//   seat accuses as soon as it knows. Which turns count: the `endmove` events the rules announce
//   ('announced'), or every other seat's turn that ended without an accusation ('inferred'). Their
//   first-order consequence is added to the agent's exact knowledge (the counting core) as a fact:
//   a seat whose suggestion nobody could answer and which then did not accuse holds one of the
//   cards it named (holding none, it would know the envelope to be exactly those cards). Where the
//   Kripke model is small enough, the endmoves are also read exactly, as the epistemic
//   announcements they are (rationalAnalysis), which may settle more.
//   Pre-emption. Once its most probable solution reaches `risk`, it estimates (opponentsInThisThread, from
//   `draws` worlds) the chance that some seat still in can accuse by the end of its next turn (it
//   knows the envelope, or all of it but a choice of two cards in one category); at `threat` or
//   above, it accuses now with that solution, conditioned on the endmoves (sampled first-order when
//   the model is too large).
//
// It accuses with certainty as soon as it knows. Every estimate is drawn with a seed from the
// agent's own generator: the same game gives the same decisions.
import type { Random } from '../model/random.js';
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { maskOfCards } from '../model/bits.js';
import type { Fact } from '../knowledge/constraints.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { explicitModelMayFit } from '../epistemic/explicit/engine.js';
import { rationalAnalysis, withEndmoves } from '../analysis/rational.js';
import { opponentsInThisThread } from '../analysis/opponents.js';
import { threatOf } from '../analysis/accuse-advice.js';
import type { Analysis } from '../analysis/analyze.js';
import type { SeatView } from '../game/seat-view.js';
import type { SyncAgent, Decision } from '../game/agent.js';
import { cardsOf, exactKnowledge, mostProbable, type DerivedFacts, type ExactKnowledge } from './knowledge.js';
import { informationPerRoom, informationRanking, suggestMostInformative } from './policies.js';
import type { RefutationPolicy } from './refutations.js';
import { movementPolicy } from './movement.js';

export type EndmoveReading = 'announced' | 'inferred';

export interface EpistemicOptions {
  /** Draws of the entropy-greedy suggestion ranking (as the entropy agent's samples). */
  samples: number;
  /** Worlds drawn per estimate of the other seats' knowledge, and to condition on endmoves when the Kripke model is too large. */
  draws: number;
  /** The least probability of its best solution with which it pre-empts. */
  risk: number;
  /** The chance that some seat can accuse by its next turn from which it pre-empts. */
  threat: number;
  endmoves: EndmoveReading;
  /** False: never accuse (the field of a solo measurement). */
  accuses: boolean;
}

export const DEFAULT_EPISTEMIC_DRAWS = 200;
export const DEFAULT_EPISTEMIC_RISK = 0.5;
export const DEFAULT_EPISTEMIC_THREAT = 0.5;
/** The largest Kripke model it builds to read endmoves and the others' knowledge exactly. */
export const EPISTEMIC_MAX_WORLDS = 20_000;

export function epistemicAgent(label: string, options: EpistemicOptions, rng: Random, core: KnowledgeCore, refute: RefutationPolicy): SyncAgent {
  const knowledge: ExactKnowledge = exactKnowledge(core, endmoveFacts(options.endmoves));
  const ranking = informationRanking(rng, knowledge, options.samples);
  const suggest = suggestMostInformative(ranking);

  /** Its log with the endmoves it reads: the announced ones, or one after every other seat's turn without an accusation. */
  const gameOf = (view: SeatView): { game: Game; endmoves: number } => {
    const game = view.game();
    if (options.endmoves === 'inferred') {
      const rational = withEndmoves(game).game;
      return { game: rational, endmoves: rational.events.filter((e) => e.type === 'endmove' && e.by !== view.me).length };
    }
    return { game, endmoves: game.events.filter((e) => e.type === 'endmove' && e.by !== view.me).length };
  };

  /** The endmoves read exactly in the Kripke model when it is small enough, else null (also when the endmoves contradict the view). */
  const exactReading = (view: SeatView, game: Game): Analysis | null => {
    if (!explicitModelMayFit(game, game.events.length, EPISTEMIC_MAX_WORLDS)) return null;
    const analysis = conditioned(game, { maxWorlds: EPISTEMIC_MAX_WORLDS, samples: 1, seed: 1 });
    return analysis?.method === 'exact' ? analysis : null;
  };

  /** The solution it would accuse, with its probability: the most probable of `analysis`, or of its exact knowledge. */
  const best = (view: SeatView, analysis: Analysis | null): { cards: number[]; probability: number } => {
    if (analysis) {
      const top = analysis.solutions[0];
      return { cards: top.cards, probability: top.probability };
    }
    const { combination, probability } = mostProbable(knowledge.belief(view));
    return { cards: cardsOf(view, combination), probability };
  };

  return {
    label,
    suggest,
    movement: movementPolicy(informationPerRoom(ranking)),
    refute,
    decide(view): Decision {
      const certain = knowledge.certainty(view);
      if (certain) return { certain: true, accusation: options.accuses ? certain : null };
      const { game, endmoves } = gameOf(view);
      let analysis = endmoves > 0 ? exactReading(view, game) : null;
      if (analysis && analysis.solutions.length === 1) {
        const cards = best(view, analysis).cards;
        return { certain: true, accusation: options.accuses ? cards : null };
      }
      if (!options.accuses || best(view, analysis).probability < options.risk) return { certain: false, accusation: null };
      if (threatBeforeMyNextTurn(game, options.draws, rng.nextU32()) < options.threat) return { certain: false, accusation: null };
      // About to pre-empt: the solution conditioned on the endmoves, sampled when the model is too large.
      if (!analysis && endmoves > 0) analysis = conditioned(view.game(), { samples: options.draws, seed: rng.nextU32(), maxWorlds: EPISTEMIC_MAX_WORLDS, infer: options.endmoves === 'inferred' });
      const choice = best(view, analysis);
      return { certain: false, accusation: choice.probability >= options.risk ? choice.cards : null };
    },
    dispose: () => knowledge.dispose(),
  };

  /** rationalAnalysis of its log, or null when the endmoves leave no world (an opponent did not play rationally). */
  function conditioned(game: Game, o: Parameters<typeof rationalAnalysis>[1]): Analysis | null {
    try {
      return rationalAnalysis(game, { infer: options.endmoves === 'inferred', ...o });
    } catch (e) {
      if (e instanceof InputError) return null;
      throw e;
    }
  }
}

/**
 * The chance that some seat still in can accuse by the end of its next turn (it knows the envelope,
 * or all of it but a choice of two cards in one category), the seats taken as independent, from
 * `draws` worlds of each seat's knowledge as `game`'s observer can judge it. Zero when the endmoves
 * in `game` contradict the observer's view (an opponent did not play rationally).
 */
export function threatBeforeMyNextTurn(game: Game, draws: number, seed: number): number {
  // At full size drawn worlds cannot carry endmoves into the seats' knowledge: read without them
  // there. Never on decision diagrams, which can: on simulated six-seat games they took 1.5 to 40 s
  // a position where 200 draws take 0.1 to 1.4 s (bench/exact-knowledge.ts), at every decision.
  const exact = explicitModelMayFit(game, game.events.length, EPISTEMIC_MAX_WORLDS);
  const log = exact ? game : { ...game, events: game.events.filter((e) => e.type !== 'endmove') };
  let opponents;
  try {
    opponents = opponentsInThisThread(log, { samples: draws, seed, maxWorlds: EPISTEMIC_MAX_WORLDS, nextTurn: true, myCards: false, engine: ['explicit', 'sampled'] });
  } catch (e) {
    if (e instanceof InputError) return 0;
    throw e;
  }
  // threatOf leaves the seats out (a wrong accusation) aside.
  return threatOf(opponents!.seats).threat;
}

/**
 * The first-order fact of each endmove the agent reads that follows an unanswered suggestion of the
 * same seat: that seat holds one of the cards it named. Every other seat lacks them (they passed),
 * so each is in the suggester's hand or in the envelope; holding none, the suggester would know
 * the envelope and, rational, would have accused. Nothing is concluded when a named card lies face
 * up (no seat holds it, and the envelope does not hold it either).
 */
export function endmoveFacts(reading: EndmoveReading): DerivedFacts {
  return (view, index) => {
    const { events } = view;
    const e = events[index];
    let by: number;
    let from: number; // where to look back for the seat's suggestion
    if (e.type === 'endmove') {
      by = e.by;
      from = index - 1;
    } else if (reading === 'inferred' && (e.type === 'suggestion' || e.type === 'suggest')) {
      // A new turn: the previous one ended without an accusation (an announced endmove already said so).
      const previous = events[index - 1];
      if (previous === undefined || previous.type !== 'suggestion' || previous.by === e.by) return [];
      by = previous.by;
      from = index - 1;
    } else {
      return [];
    }
    if (by === view.me) return [];
    const suggestion = events[from];
    if (suggestion === undefined || suggestion.type !== 'suggestion' || suggestion.by !== by || suggestion.shownBy !== null) return [];
    const named = maskOfCards(suggestion.cards);
    if ((named & maskOfCards([...view.faceUp])) !== 0) return [];
    return [{ kind: 'atLeastOne', owners: (1 << by) >>> 0, cards: named } satisfies Fact];
  };
}
