/**
 * The knowledge structure of a game log after its first N events (docs/epistemic-semantics.md §1,
 * §5), built as explicit/game-model.ts builds the Kripke model, each event a transformer:
 * - the deal variables and the rules of the deal (deal-variables.ts), with the early public facts;
 * - `look`: every seat observes its hand variables (from the start in a log without `look`);
 * - `lacks`, `envelope`, `endmove`: the public announcement (law ∧= the formula's states);
 * - `showcard`, action reading: fresh variables q saying which card was shown (one-hot, or its
 *   index in binary), each card requiring that the responder holds it, observed by the responder
 *   and the asker;
 * - `showcard`, refinement reading: the responder holds one of the cards; the asker privately
 *   learns whether it holds the shown one (a fresh variable v ↔ has(by, shown) it observes); then
 *   both know the same card.
 * Alongside, as the explicit model's Tracker does: the point of a full record (the deal and the
 * fresh variables' values there) and the observer's observations, with the same errors
 * (../announcements.ts). For the observer's probability (docs/epistemic.md §3), each showcard it
 * did not see gets counting-only selector variables (Tracker.#weigh) under which every (state,
 * selection) weighs the same and a shown card is uniform among the responder's m cards.
 */
import type { Game } from '../../model/game.js';
import { gameActions, type NumberedAction as KnowledgeAction } from '../../model/rules.js';
import {
  actionLabel,
  announcementFalse,
  announcementOf,
  BOTH_KNOW_THE_CARD,
  cardsOf,
  checkEarlyFacts,
  dealBreaksRules,
  dealHands,
  describeAnnouncement,
  earlyActions,
  handNotDealt,
  holdsOneOfTheCards,
  isPropositional,
  noDealLeft,
  nothingToShow,
  shownCardNeeded,
  shownNotHeld,
  type ShowcardAction,
  type ShowcardReading,
} from '../announcements.js';
import { E, has, or, type Formula } from '../language/formula.js';
import { FALSE, TRUE, type Bdd, type Diagrams } from './bdd.js';
import { DealVariables } from './deal-variables.js';
import { SymbolicEvaluator } from './evaluate.js';
import { KnowledgeStructure } from './structure.js';

/**
 * Where an event's fresh variables enter the order: below every variable, just below the block of
 * its last named card, just above the block of its first, or each beside the card it concerns
 * (a showcard's q[i] just below the block of named[i], the refinement's v below the shown card's;
 * a named card's counting-only selector variables at that card's place).
 */
export type Placement = 'bottom' | 'below' | 'above' | 'beside';

export const DEFAULT_PLACEMENT: Placement = 'beside';

/** How a showcard's variables q say which card was shown: one variable per named card, or the card's index in binary (placed as a block). */
export type ChoiceEncoding = 'one-hot' | 'binary';

export interface StructureOptions {
  showcard?: ShowcardReading;
  placement?: Placement;
  choices?: ChoiceEncoding;
  /** Record the law's nodes after each event (lawNodesAfterEvent; else it stays empty). */
  sizes?: boolean;
}

/** A showcard the observer did not see: its choice variables, and the selector variables and constraint that weigh them. */
export interface UnseenShowcard {
  choice: readonly number[];
  selectors: readonly number[];
  /** Protected. */
  weighting: Bdd;
}

export interface GameStructure {
  atoms: DealVariables;
  structure: KnowledgeStructure;
  /** A full record's actual state: the value of each variable of V; null for an observer's log. */
  point: Map<number, boolean> | null;
  /** What the observer saw (its states: law ∧ this); a full record's: the point; the spectator's: TRUE. Protected. */
  observation: Bdd;
  /** The showcards the observer did not see, each with its counting-only weighting (docs above). */
  unseen: UnseenShowcard[];
  /** Whether an epistemic announcement (an endmove) restricted the law: then the unseen choices' weights do not factor out. */
  announced: boolean;
  /** The law's nodes after each event applied (with the option `sizes`). */
  lawNodesAfterEvent: number[];
}

/** The structure after the first `count` events of the game, on the diagrams `d`. */
export function buildGameStructure(d: Diagrams, game: Game, count: number, options: StructureOptions = {}): GameStructure {
  const reading = options.showcard ?? 'action';
  const placement = options.placement ?? DEFAULT_PLACEMENT;
  const actions = gameActions(game, count);
  const hasLook = game.events.some((e) => e.type === 'look');
  const early = earlyActions(actions, reading);
  if (game.deal !== null) checkEarlyFacts(game, early, dealHands(game));

  const atoms = new DealVariables(d, game);
  const deal = atoms.all();
  let structure = new KnowledgeStructure(d, deal, atoms.rules(), game.players.map(() => []));
  const tracker = new Tracker(game, atoms);
  const fresh = freshVariables(d, atoms, placement);

  /** The structure after one transformer; the old one's diagrams may be reclaimed. */
  const replace = (next: KnowledgeStructure) => {
    structure.release();
    structure = next;
  };
  /** A formula's states in the current structure. */
  const statesOf = (f: Formula): Bdd => {
    const evaluator = new SymbolicEvaluator(structure, atoms);
    const states = evaluator.evaluate(f);
    evaluator.release();
    return states;
  };
  const handsLearned = () => {
    replace(structure.observing((a) => atoms.handOf(a)));
    tracker.handsLearned(structure);
  };

  // The early public facts narrow the deals before anything else, as in the explicit model.
  replace(structure.announced(d.andAll(early.filter(isPropositional).map((a) => statesOf(announcementOf(a))))));
  tracker.start(structure);
  if (!hasLook) handsLearned();

  const lawNodesAfterEvent: number[] = [];
  let event = 0;
  const eventDone = () => {
    if (options.sizes) lawNodesAfterEvent.push(d.size(structure.law));
    d.collect();
  };
  for (const a of actions) {
    while (event < a.event - 1) (event++, eventDone());
    if (isPropositional(a) && early.includes(a)) continue;
    const label = actionLabel(game, a);
    switch (a.kind) {
      case 'look':
        handsLearned();
        break;
      case 'lacks':
      case 'envelope':
      case 'endmove':
        replace(tracker.restrict(structure, statesOf(announcementOf(a)), label, describeAnnouncement(game, a)));
        break;
      case 'showcard': {
        if (tracker.point && a.shown !== null && !tracker.point.get(atoms.variable(a.shown, a.by))) throw shownNotHeld(game, a);
        const named = cardsOf(a.cards);
        if (reading === 'action') {
          const q = choiceVariables(d, fresh, named, options.choices ?? 'one-hot');
          const law = d.and(q.one, d.andAll(named.map((k, i) => d.implies(q.is(i), atoms.has(a.by, k)))));
          replace(structure.extended(q.variables, law, [a.by, a.to]));
          tracker.shown(structure, a, q, named, fresh);
        } else {
          if (a.shown === null) throw shownCardNeeded(game, a);
          replace(tracker.restrict(structure, statesOf(or(...named.map((k) => has(a.by, k)))), label, holdsOneOfTheCards(game, a)));
          const [v] = fresh.each([a.shown]);
          replace(structure.extended([v], d.iff(d.variable(v), atoms.has(a.by, a.shown)), [a.to]));
          tracker.learned(a, v);
          replace(tracker.restrict(structure, statesOf(or(...named.map((k) => E([a.by, a.to], has(a.by, k))))), label, BOTH_KNOW_THE_CARD));
        }
        break;
      }
    }
  }
  while (event < count) (event++, eventDone());
  const announced = actions.some((a) => a.kind === 'endmove');
  return { atoms, structure, point: tracker.point, observation: tracker.finalObservation(structure), unseen: tracker.unseen, announced, lawNodesAfterEvent };
}

/** Makes an event's fresh variables where the placement puts them. */
interface FreshVariables {
  /** One per card of `cards`. */
  each(cards: number[]): number[];
  /** `n` together, for an event naming `named`. */
  block(named: number[], n: number): number[];
}

function freshVariables(d: Diagrams, atoms: DealVariables, placement: Placement): FreshVariables {
  const block = (named: number[], n: number) => {
    const level =
      placement === 'bottom' ? d.variables : placement === 'above' ? atoms.levelAbove(Math.min(...named)) : atoms.levelBelow(Math.max(...named));
    return Array.from({ length: n }, (_, i) => d.newVar(level + i));
  };
  return {
    block,
    each: (cards) => (placement === 'beside' ? cards.map((c) => d.newVar(atoms.levelBelow(c))) : block(cards, cards.length)),
  };
}

/** Which of the named cards a showcard showed, as fresh variables. */
interface Choice {
  variables: number[];
  /** Exactly one card is chosen. */
  one: Bdd;
  /** named[i] is chosen. */
  is(i: number): Bdd;
  /** The variables' values when named[i] is chosen. */
  valuesAt(i: number): boolean[];
}

function choiceVariables(d: Diagrams, fresh: FreshVariables, named: number[], encoding: ChoiceEncoding): Choice {
  if (encoding === 'one-hot') {
    const q = fresh.each(named);
    return { variables: q, one: d.exactly(q, 1), is: (i) => d.variable(q[i]), valuesAt: (i) => q.map((_, j) => j === i) };
  }
  const bits = Math.ceil(Math.log2(named.length));
  const q = fresh.block(named, bits);
  const valuesAt = (i: number) => q.map((_, b) => ((i >> b) & 1) === 1);
  const is = (i: number) => d.andAll(valuesAt(i).map((on, b) => (on ? d.variable(q[b]) : d.nvariable(q[b]))));
  return { variables: q, one: d.orAll(named.map((_, i) => is(i))), is, valuesAt };
}

/**
 * Follows the point (a full record) or the observer's observations through the transformers, and
 * refuses one that the deal makes false or that leaves the observer nothing.
 */
class Tracker {
  point: Map<number, boolean> | null;
  /** The observer's observations (TRUE: none yet). */
  observation: Bdd = TRUE;
  readonly unseen: UnseenShowcard[] = [];
  readonly #me: number | null;
  readonly #d: Diagrams;

  constructor(
    readonly game: Game,
    readonly atoms: DealVariables,
  ) {
    this.#d = atoms.diagrams;
    this.point = game.deal === null ? null : atoms.assignmentOf(game.deal);
    this.#me = game.deal === null ? game.me : null;
    this.#d.protect(this.observation);
  }

  /** The deal of a full record must be one of the structure's. */
  start(structure: KnowledgeStructure): void {
    if (this.point && !this.#holds(structure.law)) throw dealBreaksRules();
  }

  /** The observer (an observer's log only) saw the card of this showcard. */
  sees(a: ShowcardAction): boolean {
    return this.#me !== null && a.shown !== null && (this.#me === a.by || this.#me === a.to);
  }

  handsLearned(structure: KnowledgeStructure): void {
    if (this.#me === null) return;
    const d = this.#d;
    const mine = new Set(this.game.myHand);
    const hand = d.andAll(this.atoms.dealtCards.map((c) => (mine.has(c) ? d.variable : d.nvariable).call(d, this.atoms.variable(c, this.#me!))));
    this.#observe(d.and(this.observation, hand));
    if (d.and(structure.law, this.observation) === FALSE) throw handNotDealt(this.game, this.#me);
  }

  /** The public announcement of `states`, unless the deal makes it false or it leaves the observer no state. */
  restrict(structure: KnowledgeStructure, states: Bdd, label: string, what: string): KnowledgeStructure {
    const d = this.#d;
    if (this.point) {
      if (!this.#holds(states)) throw announcementFalse(label, what);
    } else if (d.and(d.and(structure.law, this.observation), states) === FALSE) {
      throw noDealLeft(label, what);
    }
    return structure.announced(states);
  }

  /** An action-reading showcard with its variables q (which of `named` was shown). */
  shown(structure: KnowledgeStructure, a: ShowcardAction, q: Choice, named: number[], fresh: FreshVariables): void {
    const d = this.#d;
    const actual = named.indexOf(a.shown ?? -1);
    if (this.point) {
      const values = q.valuesAt(actual);
      q.variables.forEach((v, i) => this.point!.set(v, values[i]));
      return;
    }
    if (this.sees(a)) this.#observe(d.and(this.observation, q.is(actual)));
    else this.#weigh(a, q, named, fresh);
    if (d.and(structure.law, this.observation) === FALSE) throw nothingToShow(this.game, a);
  }

  /** A refinement-reading showcard: the asker learned whether the responder holds the shown card (v). */
  learned(a: ShowcardAction, v: number): void {
    if (this.point) this.point.set(v, this.point.get(this.atoms.variable(a.shown!, a.by))!);
    else if (this.#me === a.to && this.sees(a)) this.#observe(this.#d.and(this.observation, this.#d.variable(v)));
  }

  /** What the observer's states are at the end: a full record's, the point. */
  finalObservation(structure: KnowledgeStructure): Bdd {
    if (!this.point) return this.observation;
    const d = this.#d;
    this.#observe(d.andAll(structure.variables.map((v) => (this.point!.get(v) ? d.variable(v) : d.nvariable(v)))));
    return this.observation;
  }

  /**
   * Selector variables for an unseen showcard, so that counting weighs its choices uniformly: the
   * shown card as a reservoir sample of the responder's named cards. Beside each named card,
   * one of L = lcm(1..k) values; the r-th card the responder holds (in order) takes over the
   * choice on its first L/r values. The shown card must take it, and no later held card may: so
   * (deal, shown) has L^k/m selections, m the cards the responder holds, each card 1/m of them.
   * Each constraint reads the card's own variables and what the cards before it were.
   */
  #weigh(a: ShowcardAction, q: Choice, named: number[], fresh: FreshVariables): void {
    const d = this.#d;
    const L = named.reduce((l, _, i) => lcm(l, i + 1), 1);
    const holds = named.map((k) => this.atoms.has(a.by, k));
    const parts: Bdd[] = [];
    const selectors: number[] = [];
    // heldBefore[r]: exactly r of the cards so far are the responder's
    let heldBefore: Bdd[] = [TRUE];
    named.forEach((card, j) => {
      const u = fresh.block([card], L);
      selectors.push(...u);
      const below = (t: number) => d.orAll(u.slice(0, t).map((v) => d.variable(v)));
      const takes = d.orAll(heldBefore.map((exactly, r) => d.and(exactly, below(L / (r + 1)))));
      const chosenBefore = d.orAll(named.slice(0, j).map((_, i) => q.is(i)));
      parts.push(d.exactly(u, 1), d.implies(q.is(j), takes), d.implies(d.and(chosenBefore, holds[j]), d.not(takes)));
      heldBefore = [...heldBefore, FALSE].map((exactly, r) => d.or(d.and(d.not(holds[j]), exactly), r > 0 ? d.and(holds[j], heldBefore[r - 1]) : FALSE));
    });
    this.unseen.push({ choice: q.variables, selectors, weighting: d.protect(d.andAll(parts)) });
  }

  #observe(next: Bdd): void {
    this.#d.protect(next);
    this.#d.unprotect(this.observation);
    this.observation = next;
  }

  #holds(f: Bdd): boolean {
    return this.#d.evaluate(f, (v) => this.point!.get(v) ?? false);
  }
}

function lcm(a: number, b: number): number {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  return (a / gcd(a, b)) * b;
}
