import { addFacts, applyFact, emptyStore, essentialClauses, type ConstraintStore, type Fact } from './constraints.js';
import { InputError } from '../model/errors.js';
import { maskOfCards } from '../model/bits.js';
import { actionsOf, seesShown, type KnowledgeAction } from '../model/rules.js';
import { ENVELOPE, slotOf } from '../model/owners.js';
import type { Game } from '../model/game.js';
import type { Rules } from '../model/rules.js';
import type { GameEvent } from '../model/events.js';
import { counted } from '../model/numbers.js';

/** Whose knowledge facts are drawn for: the observer (null for the spectator) and the rules of play. */
export interface Observer {
  me: number | null;
  rules: Rules;
}

/**
 * What a knowledge action (model/rules.ts) tells the observer, as facts: a seat that lacks cards,
 * the envelope that is or is not a combination, and a shown card: the card itself when the
 * observer showed or was shown it, else that the seat holds at least one of the cards. A `look`
 * teaches nothing about the deal, and an `endmove` only something about what its seat knows (an
 * epistemic fact the counting core does not take). A card shown out of the observer's sight is
 * never used, even when a full record (a log with a deal) names it.
 */
export function factsOfAction(action: KnowledgeAction, nSeats: number, me: number | null): Fact[] {
  switch (action.kind) {
    case 'look':
    case 'endmove':
      return [];
    case 'lacks':
      return [{ kind: 'lacks', owner: action.owner, cards: action.cards }];
    case 'envelope':
      return [action.is ? { kind: 'holds', owner: slotOf(ENVELOPE, nSeats), cards: action.cards } : { kind: 'notEnvelope', cards: action.cards }];
    case 'showcard': {
      const seen = action.shown !== null && seesShown(action, me);
      return [seen ? { kind: 'holds', owner: action.by, cards: (1 << action.shown!) >>> 0 } : { kind: 'atLeastOne', owners: (1 << action.by) >>> 0, cards: action.cards }];
    }
  }
}

/** What an event tells the observer, as facts: those of its knowledge actions. */
export function factsOf(event: GameEvent, nSeats: number, observer: Observer): Fact[] {
  return actionsOf(event, nSeats, observer.rules).flatMap((a) => factsOfAction(a, nSeats, observer.me));
}

/** The observer's own facts before any event: the hand it holds, and everything else it lacks. */
export function setupFacts(game: Game): Fact[] {
  if (game.me === null) return [];
  const nCards = game.deck.cards.length;
  const allCards = nCards === 32 ? 0xffffffff : 2 ** nCards - 1;
  const hand = maskOfCards(game.myHand);
  return [
    { kind: 'holds', owner: game.me, cards: hand },
    { kind: 'lacks', owner: game.me, cards: (allCards & ~hand) >>> 0 },
  ];
}

/** The store of the setup alone: deck, hand sizes, face-up cards and the observer's hand. */
export function setupStore(game: Game): ConstraintStore {
  if (game.rules.handQuotas !== null) {
    throw new InputError(
      ['rules.handQuotas is supported by ', { call: 'knows' }, ' only: the counting core (analyze, suggest) cannot count deals with a quota per category in each hand'],
      { code: 'knows-only' },
    );
  }
  const store = emptyStore(game.deck.cards.length, game.deck.categoryMasks, game.handSizes, maskOfCards(game.faceUp));
  return addFacts(store, setupFacts(game));
}

/**
 * The constraints implied by the setup and the first `eventCount` events. Contradictions are
 * kept, not reported: the inference core finds that no deal is left and the caller names the event.
 */
export function constraintsOf(game: Game, eventCount = game.events.length): ConstraintStore {
  if (!Number.isInteger(eventCount) || eventCount < 0 || eventCount > game.events.length) {
    throw new InputError(`cannot stop after event ${eventCount}: the log has ${counted(game.events.length, 'event')}`);
  }
  const nSeats = game.players.length;
  const store = setupStore(game);
  // Facts gathered in one pass, clauses deduplicated once at the end (a long log adds thousands).
  for (const e of game.events.slice(0, eventCount)) {
    for (const f of factsOf(e, nSeats, game)) applyFact(store, f);
  }
  store.clauses = essentialClauses(store);
  return store;
}
