// The moves: what the seat to move may do (legalActions) and what doing it changes (applyAction).
// Every action is checked; an illegal one throws an IllegalActionError saying why.
import type { Deck } from '../../model/deck.js';
import type { AccusationEvent, EndmoveEvent, SuggestionEvent } from '../../model/game.js';
import { cardsOfMask, maskOfCards } from '../../model/bits.js';
import type { TableEvent } from './events.js';
import { evolve, startNextTurn, type GameState, type Phase } from './state.js';

export type Action =
  /** One card per category, in category order. */
  | { readonly type: 'suggest'; readonly cards: readonly number[] }
  /** The refuter shows one of the named cards it holds. */
  | { readonly type: 'show'; readonly card: number }
  | { readonly type: 'accuse'; readonly cards: readonly number[] }
  /** End the turn without accusing. */
  | { readonly type: 'pass' };

export interface Step {
  readonly state: GameState;
  /** What the action made happen, in order (none while a suggestion awaits its refutation). */
  readonly events: readonly TableEvent[];
}

export class IllegalActionError extends Error {
  override name = 'IllegalActionError';
}

/** Every action the seat to move may take (none once the game is over). */
export function legalActions(state: GameState): Action[] {
  const { phase } = state;
  switch (phase.kind) {
    case 'suggest':
      return combinations(state.deck)
        .filter((cards) => suggestionProblem(state, cards) === null)
        .map((cards) => ({ type: 'suggest', cards }));
    case 'refute':
      return phase.held.map((card) => ({ type: 'show', card }));
    case 'accuse':
      return [{ type: 'pass' }, ...combinations(state.deck).map((cards): Action => ({ type: 'accuse', cards }))];
    case 'over':
      return [];
  }
}

/**
 * Why the seat to move may not suggest `cards`, or null when it may: the one place suggestion
 * legality is decided. Without a board any combination goes, the suggester's own cards included;
 * a board would also require the room the suggester stands in.
 */
export function suggestionProblem(state: GameState, cards: readonly number[]): string | null {
  return combinationProblem(state.deck, cards);
}

/** The state after the seat to move takes `action`, and what happened. `state` is unchanged. */
export function applyAction(state: GameState, action: Action): Step {
  const { phase } = state;
  switch (phase.kind) {
    case 'suggest':
      if (action.type === 'suggest') return suggest(state, phase.seat, action.cards);
      break;
    case 'refute':
      if (action.type === 'show') return show(state, phase, action.card);
      break;
    case 'accuse':
      if (action.type === 'accuse') return accuse(state, phase.seat, action.cards);
      if (action.type === 'pass') return pass(state, phase);
      break;
    case 'over':
      throw new IllegalActionError(`the game is over: no action is legal, not even "${action.type}"`);
  }
  throw new IllegalActionError(`seat ${phase.seat} must ${EXPECTED[phase.kind]} now, not "${action.type}"`);
}

const EXPECTED = { suggest: 'suggest', refute: 'show a card', accuse: 'accuse or pass' };

/**
 * The following seats are asked in order: those holding no named card pass; the first holding one
 * must show one. Nobody can refute the envelope: the finder's suggestion of it ends the game.
 */
function suggest(state: GameState, seat: number, cards: readonly number[]): Step {
  const problem = suggestionProblem(state, cards);
  if (problem !== null) throw new IllegalActionError(`seat ${seat} cannot suggest ${describe(state.deck, cards)}: ${problem}`);
  const suggestion = { by: seat, cards: Object.freeze([...cards]) };
  const named = maskOfCards(cards);
  for (let k = 1; k < state.seats; k++) {
    const other = (seat + k) % state.seats;
    const held = state.deal.hands[other] & named;
    if (held !== 0) return { state: evolve(state, { phase: { kind: 'refute', seat: other, suggestion, held: cardsOfMask(held) } }), events: [] };
  }
  const event = frozen({ type: 'suggestion', by: seat, cards: suggestion.cards as number[], shownBy: null, shown: null });
  const events: TableEvent[] = [{ visibility: 'public', event }];
  if (seat === state.finder && named === state.envelopeMask) return { state: startNextTurn(evolve(state, { winner: seat }), seat), events };
  return { state: evolve(state, { phase: { kind: 'accuse', seat, answered: false } }), events };
}

/** The card shown is seen by the suggester and the refuter; the others see only who refuted. */
function show(state: GameState, phase: Extract<Phase, { kind: 'refute' }>, card: number): Step {
  const refuter = phase.seat;
  if (!phase.held.includes(card)) {
    const held = phase.held.map((c) => state.deck.cards[c]).join(', ');
    throw new IllegalActionError(`seat ${refuter} cannot show ${describe(state.deck, [card])}: it must show one of the named cards it holds (${held})`);
  }
  const { by, cards } = phase.suggestion;
  const event = frozen({ type: 'suggestion', by, cards: cards as number[], shownBy: refuter, shown: card });
  const publicPart = frozen({ type: 'suggestion', by, cards: cards as number[], shownBy: refuter, shown: null });
  return { state: evolve(state, { phase: { kind: 'accuse', seat: by, answered: true } }), events: [{ visibility: 'private', event, seenBy: [by, refuter], publicPart }] };
}

/**
 * The turn ends without an accusation; the rules' endmove option says whether the table is told
 * (a public `endmove`: 'always', or 'unanswered' after a suggestion nobody could answer).
 */
function pass(state: GameState, phase: Extract<Phase, { kind: 'accuse' }>): Step {
  const next = startNextTurn(state, phase.seat);
  const announce = state.endmove === 'always' || (state.endmove === 'unanswered' && !phase.answered);
  if (!announce) return { state: next, events: [] };
  const event: EndmoveEvent = Object.freeze({ type: 'endmove', by: phase.seat });
  return { state: next, events: [{ visibility: 'public', event }] };
}

/** Right wins and ends the game; wrong puts the seat out. */
function accuse(state: GameState, seat: number, cards: readonly number[]): Step {
  const problem = combinationProblem(state.deck, cards);
  if (problem !== null) throw new IllegalActionError(`seat ${seat} cannot accuse ${describe(state.deck, cards)}: ${problem}`);
  const correct = maskOfCards(cards) === state.envelopeMask;
  const events: TableEvent[] = [{ visibility: 'public', event: frozen({ type: 'accusation', by: seat, cards: [...cards], correct }) }];
  if (correct) return { state: startNextTurn(evolve(state, { winner: seat }), seat), events };
  const eliminated = state.eliminated.slice();
  eliminated[seat] = true;
  return { state: startNextTurn(evolve(state, { eliminated }), seat), events };
}

function combinationProblem(deck: Deck, cards: readonly number[]): string | null {
  const ok = cards.length === deck.categories.length && cards.every((c, g) => Number.isInteger(c) && deck.categoryOf[c] === g);
  return ok ? null : 'not one card per category in category order';
}

/** Every combination of one card per category, in category order. */
function combinations(deck: Deck): number[][] {
  let combos: number[][] = [[]];
  for (const mask of deck.categoryMasks) combos = combos.flatMap((partial) => cardsOfMask(mask).map((c) => [...partial, c]));
  return combos;
}

function describe(deck: Deck, cards: readonly number[]): string {
  return `[${cards.map((c) => (Number.isInteger(c) && c >= 0 && c < deck.cards.length ? deck.cards[c] : JSON.stringify(c))).join(', ')}]`;
}

/** Events go to several seats: nobody may alter what the others are told. */
function frozen<E extends SuggestionEvent | AccusationEvent>(event: E): E {
  Object.freeze(event.cards);
  return Object.freeze(event);
}
