/**
 * The Kripke model of a game log after its first N events (docs/epistemic-semantics.md §1, §5):
 * every deal, the seats' relations, and each event applied as its knowledge action. With a full
 * record (`deal`) the model is pointed at the deal; with an observer's log it carries the worlds
 * consistent with what the observer saw, weighted as docs/epistemic.md §3 says.
 */
import { maskOfCards } from '../../model/bits.js';
import { type Game } from '../../model/game.js';
import { dealtWidth, ENVELOPE, slotOf } from '../../model/owners.js';
import { InputError } from '../../model/errors.js';
import { gameActions, type NumberedAction as KnowledgeAction } from '../../model/rules.js';
import { enumerateDeals, emptyFilter, TooManyDealsError, type DealFilter, type DealFrame } from './deals.js';
import { ExplicitEvaluator } from './evaluate.js';
import { KripkeModel } from './model.js';
import * as sets from './world-set.js';
import type { WorldSet } from './world-set.js';
import { E, has, or } from '../language/formula.js';
import { counted } from '../../model/numbers.js';
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

export type { ShowcardReading } from '../announcements.js';

export interface ModelOptions {
  showcard?: ShowcardReading;
  /** The explicit engine refuses models with more worlds. */
  maxWorlds?: number;
}

export const DEFAULT_MAX_WORLDS = 10_000_000;

/** The model is beyond the explicit engine: the message says how large and what to do. */
export class ModelTooLargeError extends InputError {
  override name = 'ModelTooLargeError';
}

export interface GameModel {
  model: KripkeModel;
  evaluator: ExplicitEvaluator;
  /** The actual world of a full record, else null. */
  point: number | null;
  /** The worlds consistent with the observer's view (the spectator's: every world; a full record: the point). */
  observed: WorldSet;
  /** Events applied. */
  events: number;
}

/** The model after the first `count` events of the game. */
export function buildGameModel(game: Game, count: number, options: ModelOptions = {}): GameModel {
  const reading = options.showcard ?? 'action';
  const maxWorlds = options.maxWorlds ?? DEFAULT_MAX_WORLDS;
  const nSeats = game.players.length;
  const actions = gameActions(game, count);
  const hasLook = game.events.some((e) => e.type === 'look');

  const { early, filter } = earlyFacts(game, actions, reading);

  const frame: DealFrame = {
    nCards: game.deck.cards.length,
    categoryMasks: game.deck.categoryMasks,
    faceUpMask: maskOfCards(game.faceUp),
    handSizes: game.handSizes,
    quotas: game.rules.handQuotas,
  };
  const actual = game.deal === null ? null : dealHands(game);
  if (actual) checkEarlyFacts(game, early, actual);

  let deals;
  try {
    deals = enumerateDeals(frame, filter, maxWorlds);
  } catch (e) {
    if (e instanceof TooManyDealsError) throw tooLarge(count, maxWorlds);
    throw e;
  }
  const envelope = slotOf(ENVELOPE, nSeats);
  let model = KripkeModel.ofDeals({ deals, envelope, faceUpMask: frame.faceUpMask }, !hasLook);
  const tracked = new Tracker(game, model, actual);
  if (!hasLook) tracked.handsLearned(model);

  for (const a of actions) {
    if (isPropositional(a) && early.includes(a)) continue;
    const label = () => actionLabel(game, a);
    switch (a.kind) {
      case 'look':
        model = replaced(model, model.learnOwnHands());
        tracked.handsLearned(model);
        break;
      case 'lacks':
      case 'envelope':
      case 'endmove': {
        const ev = new ExplicitEvaluator(model);
        const s = ev.evaluate(announcementOf(a));
        model = replaced(model, tracked.restrict(model, s, label, describeAnnouncement(game, a)));
        break;
      }
      case 'showcard':
        if (actual && a.shown !== null && !(actual[a.by] & (1 << a.shown))) throw shownNotHeld(game, a);
        if (reading === 'action') {
          const worlds = model.showcardWorlds(a.by, a.cards);
          if (worlds > maxWorlds) throw tooLarge(count, maxWorlds);
          const seen = tracked.sees(a);
          const update = model.showcard(a.by, a.to, a.cards, (m) => (seen ? 1 : 1 / m));
          tracked.product(update.origin, update.shown!, a);
          model = replaced(model, update.model);
        } else {
          if (a.shown === null) throw shownCardNeeded(game, a);
          const holdsOne = or(...cardsOf(a.cards).map((k) => has(a.by, k)));
          model = replaced(model, tracked.restrict(model, new ExplicitEvaluator(model).evaluate(holdsOne), label, holdsOneOfTheCards(game, a)));
          const learned = new ExplicitEvaluator(model).evaluate(has(a.by, a.shown));
          model = replaced(model, model.refine([a.to], learned));
          tracked.privateLesson(a, learned);
          const bothKnow = or(...cardsOf(a.cards).map((k) => E([a.by, a.to], has(a.by, k))));
          model = replaced(model, tracked.restrict(model, new ExplicitEvaluator(model).evaluate(bothKnow), label, BOTH_KNOW_THE_CARD));
        }
        break;
    }
  }
  return { model, evaluator: new ExplicitEvaluator(model), point: tracked.point, observed: tracked.observed, events: count };
}

/** The next model of the chain; the previous one's Wasm memory is freed now rather than at its collection. */
function replaced(previous: KripkeModel, next: KripkeModel): KripkeModel {
  if (next !== previous) previous.dispose();
  return next;
}

function tooLarge(count: number, maxWorlds: number): ModelTooLargeError {
  return new ModelTooLargeError(
    [`the Kripke model after ${counted(count, 'event')} has more than ${maxWorlds.toLocaleString('en-US')} worlds, the explicit engine's limit (`, { option: 'maxWorlds' }, ')'],
    { code: 'max-worlds', option: 'maxWorlds', limit: maxWorlds },
  );
}

/**
 * The actions before the first epistemic announcement, and the deal filter of their public facts.
 * Those facts commute with everything before them, so the deals are enumerated with them already
 * applied: a model of the deals that remain, not of every deal of the game.
 */
export function earlyFacts(game: Game, actions: KnowledgeAction[], reading: ShowcardReading): { early: KnowledgeAction[]; filter: DealFilter } {
  const nSeats = game.players.length;
  const early = earlyActions(actions, reading);
  const filter = emptyFilter(dealtWidth(nSeats));
  for (const a of early) if (isPropositional(a)) addToFilter(filter, a, nSeats);
  return { early, filter };
}

function addToFilter(filter: DealFilter, a: KnowledgeAction, nSeats: number): void {
  if (a.kind === 'lacks') filter.lacks[a.owner] |= a.cards;
  else if (a.kind === 'envelope') {
    if (a.is) filter.holds[slotOf(ENVELOPE, nSeats)] |= a.cards;
    else filter.notEnvelope.push(a.cards);
  }
}

/**
 * Follows the point (a full record) or the observer's worlds through the updates, and refuses an
 * update that leaves them nothing.
 */
class Tracker {
  point: number | null = null;
  observed: WorldSet;
  readonly #me: number | null;
  readonly #myHand: number;

  constructor(
    readonly game: Game,
    model: KripkeModel,
    actual: Uint32Array | null,
  ) {
    this.#me = actual ? null : game.me;
    this.#myHand = maskOfCards(game.myHand);
    this.observed = sets.fullSet(model.size);
    if (actual) {
      const { masks, nOwners } = model.frame.deals;
      const dealOf = model.dealOf;
      for (let w = 0; w < model.size && this.point === null; w++) {
        let same = true;
        for (let o = 0; o < nOwners && same; o++) same = masks[dealOf[w] * nOwners + o] === actual[o];
        if (same) this.point = w;
      }
      if (this.point === null) throw dealBreaksRules();
      this.observed = sets.emptySet(model.size);
      sets.add(this.observed, this.point);
    }
  }

  /** The observer (an observer's log only) saw the card of this showcard. */
  sees(a: ShowcardAction): boolean {
    return this.#me !== null && a.shown !== null && (this.#me === a.by || this.#me === a.to);
  }

  handsLearned(model: KripkeModel): void {
    if (this.#me === null) return;
    const mine = sets.emptySet(model.size);
    for (let w = 0; w < model.size; w++) if (model.handOf(w, this.#me) === this.#myHand) sets.add(mine, w);
    this.observed = sets.intersect(this.observed, mine);
    if (sets.size(this.observed) === 0) throw handNotDealt(this.game, this.#me);
  }

  restrict(model: KripkeModel, s: WorldSet, label: () => string, what: string): KripkeModel {
    if (this.point !== null && !sets.contains(s, this.point)) {
      throw announcementFalse(label(), what);
    }
    if (sets.size(sets.intersect(this.observed, s)) === 0) {
      throw noDealLeft(label(), what);
    }
    const update = model.restrict(s);
    this.#follow(update.origin, () => true);
    return update.model;
  }

  product(origin: Uint32Array, shown: Uint8Array, a: ShowcardAction): void {
    const actualShown = this.point !== null ? a.shown : this.sees(a) ? a.shown : null;
    this.#follow(origin, (i) => actualShown === null || shown[i] === actualShown);
    if (sets.size(this.observed) === 0) throw nothingToShow(this.game, a);
  }

  privateLesson(a: ShowcardAction, learned: WorldSet): void {
    if (this.#me === a.to && this.sees(a)) this.observed = sets.intersect(this.observed, learned);
  }

  /** Carries the point and the observer's worlds to a new model whose world i came from origin[i]. */
  #follow(origin: Uint32Array, keep: (i: number) => boolean): void {
    const observed = sets.emptySet(origin.length);
    let point: number | null = null;
    for (let i = 0; i < origin.length; i++) {
      if (!sets.contains(this.observed, origin[i]) || !keep(i)) continue;
      sets.add(observed, i);
      if (this.point !== null && origin[i] === this.point) point = i;
    }
    if (this.point !== null) this.point = point;
    this.observed = observed;
  }
}
