import { addFacts, applyFact, emptyStore, essentialClauses, type ConstraintStore, type Fact } from './constraints.js';
import { InputError } from '../model/errors.js';
import { maskOfCards } from '../model/bits.js';
import type { Game, GameEvent } from '../model/game.js';

/**
 * What an event tells the observer of `game`, as facts. Asked in seat order after the suggester,
 * every seat before the refuter had none of the named cards (with no refuter, every other seat);
 * the refuter holds the shown card when the observer saw it, and at least one of them otherwise.
 * A correct accusation puts its cards in the envelope; a wrong one says they are not all there.
 */
export function factsOf(event: GameEvent, nSeats: number): Fact[] {
  const named = maskOfCards(event.cards);
  if (event.type === 'accusation') {
    return [event.correct ? { kind: 'holds', owner: nSeats, cards: named } : { kind: 'notEnvelope', cards: named }];
  }
  const facts: Fact[] = [];
  const stop = event.shownBy ?? event.by;
  for (let s = (event.by + 1) % nSeats; s !== stop; s = (s + 1) % nSeats) facts.push({ kind: 'lacks', owner: s, cards: named });
  if (event.shownBy !== null) {
    facts.push(
      event.shown !== null
        ? { kind: 'holds', owner: event.shownBy, cards: (1 << event.shown) >>> 0 }
        : { kind: 'atLeastOne', owners: (1 << event.shownBy) >>> 0, cards: named },
    );
  }
  return facts;
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
    for (const f of factsOf(e, nSeats)) applyFact(store, f);
  }
  store.clauses = essentialClauses(store);
  return store;
}
