import { addFacts, applyFact, emptyStore, essentialClauses, type ConstraintStore, type Fact } from './constraints.js';
import { InputError } from '../model/errors.js';
import { maskOfCards } from '../model/bits.js';
import type { Game, GameEvent, Rules } from '../model/game.js';

/** Whose knowledge facts are drawn for: the observer (null for the spectator) and the rules of play. */
export interface Observer {
  me: number | null;
  rules: Pick<Rules, 'suggesterHoldsNone'>;
}

/**
 * What an event tells the observer, as facts. Asked in seat order after the suggester, every seat
 * before the refuter had none of the named cards (with no refuter, every other seat); the refuter
 * holds the shown card when the observer saw it, and at least one of them otherwise. A `nocard`
 * says its seat holds none of the cards; a `showcard` that its seat holds one of them, which one
 * when the observer showed or was shown it. Under `suggesterHoldsNone` a suggester holds none of
 * the cards it names. A correct accusation puts its cards in the envelope; a wrong one says they
 * are not all there. A `look` teaches nothing about the deal, and an `endmove` only something
 * about what its seat knows (an epistemic fact the counting core does not take).
 *
 * A card shown out of the observer's sight is never used, even when a full record (a log with a
 * deal) names it.
 */
export function factsOf(event: GameEvent, nSeats: number, observer: Observer): Fact[] {
  const { me, rules } = observer;
  switch (event.type) {
    case 'look':
    case 'endmove':
      return [];
    case 'accusation': {
      const named = maskOfCards(event.cards);
      return [event.correct ? { kind: 'holds', owner: nSeats, cards: named } : { kind: 'notEnvelope', cards: named }];
    }
    case 'suggest':
      return rules.suggesterHoldsNone ? [{ kind: 'lacks', owner: event.by, cards: maskOfCards(event.cards) }] : [];
    case 'nocard':
      return [{ kind: 'lacks', owner: event.by, cards: maskOfCards(event.cards) }];
    case 'showcard': {
      const seen = event.shown !== null && (me === event.by || me === event.to);
      return [
        seen
          ? { kind: 'holds', owner: event.by, cards: (1 << event.shown!) >>> 0 }
          : { kind: 'atLeastOne', owners: (1 << event.by) >>> 0, cards: maskOfCards(event.cards) },
      ];
    }
    case 'suggestion': {
      const named = maskOfCards(event.cards);
      const facts: Fact[] = rules.suggesterHoldsNone ? [{ kind: 'lacks', owner: event.by, cards: named }] : [];
      const stop = event.shownBy ?? event.by;
      for (let s = (event.by + 1) % nSeats; s !== stop; s = (s + 1) % nSeats) facts.push({ kind: 'lacks', owner: s, cards: named });
      if (event.shownBy !== null) {
        const seen = event.shown !== null && (me === event.by || me === event.shownBy);
        facts.push(
          seen
            ? { kind: 'holds', owner: event.shownBy, cards: (1 << event.shown!) >>> 0 }
            : { kind: 'atLeastOne', owners: (1 << event.shownBy) >>> 0, cards: named },
        );
      }
      return facts;
    }
  }
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
      'rules.handQuotas is supported by `cluedo knows` only: the counting core (analyze, suggest) cannot count deals with a quota per category in each hand',
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
    throw new InputError(`cannot stop after event ${eventCount}: the log has ${game.events.length} events`);
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
