import { emptyStore, envelopeOwner, tableOwner, type ConstraintStore } from './constraints.js';
import { InputError } from '../model/errors.js';
import type { Game } from '../model/game.js';

/** The card mask of `cards`; `>>> 0` keeps bit 31 (card 31) unsigned. */
function maskOf(cards: number[]): number {
  return cards.reduce((m, c) => (m | (1 << c)) >>> 0, 0);
}

/**
 * The constraints implied by the setup and the first `eventCount` events. Contradictions are
 * kept, not reported: the inference core finds that no deal is left and the caller names the event.
 */
export function constraintsOf(game: Game, eventCount = game.events.length): ConstraintStore {
  if (!Number.isInteger(eventCount) || eventCount < 0 || eventCount > game.events.length) {
    throw new InputError(`cannot stop after event ${eventCount}: the log has ${game.events.length} events`);
  }
  const { deck } = game;
  const nCards = deck.cards.length;
  const nSeats = game.players.length;
  const allCards = nCards === 32 ? 0xffffffff : 2 ** nCards - 1;
  const allSeats = (1 << nSeats) - 1;
  const store = emptyStore(nCards, deck.categoryMasks, game.handSizes, maskOf(game.faceUp));
  const { holds, lacks, clauses } = store;

  if (game.me !== null) {
    const hand = maskOf(game.myHand);
    holds[game.me] = hand;
    lacks[game.me] = (allCards & ~hand) >>> 0;
  }

  for (const e of game.events.slice(0, eventCount)) {
    const named = maskOf(e.cards);
    if (e.type === 'accusation') {
      const env = envelopeOwner(store);
      // Right: the envelope is exactly these. Wrong: some accused card lies outside the envelope,
      // with a seat or face up on the table.
      if (e.correct) holds[env] = (holds[env] | named) >>> 0;
      else clauses.push({ cards: named, owners: (allSeats | (1 << tableOwner(store))) >>> 0 });
      continue;
    }
    // Asked in seat order after the suggester, every seat before the refuter had none of the cards;
    // with no refuter, that is every other seat.
    const stop = e.shownBy ?? e.by;
    for (let s = (e.by + 1) % nSeats; s !== stop; s = (s + 1) % nSeats) {
      lacks[s] = (lacks[s] | named) >>> 0;
    }
    if (e.shownBy === null) continue;
    if (e.shown !== null) holds[e.shownBy] = (holds[e.shownBy] | (1 << e.shown)) >>> 0;
    else clauses.push({ cards: named, owners: 1 << e.shownBy });
  }
  return store;
}
