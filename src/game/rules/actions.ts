// The moves: what the seat to move may do (legalActions) and what doing it changes (applyAction),
// chance's moves included (the deal, the dice). Every action is checked; an illegal one throws an
// IllegalActionError saying why. What a suggestion asks of the table, and what each event tells
// whom, comes from the rules' semantics (model/rules.ts): the referee applies it to the deal.
import type { Deck } from '../../model/deck.js';
import type { GameEvent } from '../../model/events.js';
import type { Random } from '../../model/random.js';
import { cardsOfMask, maskOfCards } from '../../model/bits.js';
import { actionsOf, answersTo, falsehoodAt, oneRefuterAnswers, type Answer, type DealMasks } from '../../model/rules.js';
import { dealt, evolve, startNextTurn, type BoardPlay, type GameState, type Phase, type Suggestion } from './state.js';
import { randomDeal, type Deal } from './deal.js';
import type { Room } from '../board/classic.js';
import { destinations, diceDistribution, isRoomPlace, passageOut, rollDice, roomIndex, type Place } from '../board/movement.js';

export type Action =
  /** Chance: the cards dealt. */
  | { readonly type: 'deal'; readonly deal: Deal }
  /** On a board, the turn's opening: roll the dice, take the room's secret passage, or stay in the room the pawn was summoned to. */
  | { readonly type: 'roll' }
  | { readonly type: 'passage' }
  | { readonly type: 'stay' }
  /** Chance: the dice total. */
  | { readonly type: 'dice'; readonly total: number }
  /** Where the pawn ends its walk: a room entered or a cell. */
  | { readonly type: 'walk'; readonly to: Place }
  /** One card per category, in category order. */
  | { readonly type: 'suggest'; readonly cards: readonly number[] }
  /** The refuter shows one of the named cards it holds. */
  | { readonly type: 'show'; readonly card: number }
  | { readonly type: 'accuse'; readonly cards: readonly number[] }
  /** End the turn without accusing. */
  | { readonly type: 'pass' }
  /**
   * The seat leaves the game (its agent failed: an illegal reply, a timeout, a crash): out as after
   * a wrong accusation, with no event. Asked to refute, it shows the first of its named cards in
   * deck order on the way out. Legal at any decision of a seat.
   */
  | { readonly type: 'forfeit' };

export interface Step {
  readonly state: GameState;
  /**
   * What the action made happen, in order, in full (a card shown included): each seat sees an
   * event as seenBy(event, seat) of model/rules.ts gives it.
   */
  readonly events: readonly GameEvent[];
}

export class IllegalActionError extends Error {
  override name = 'IllegalActionError';
}

/**
 * Every action the seat to move may take (none once the game is over). At a roll, chance's
 * outcomes; at the deal none are listed (every deal is an outcome, too many to list: see sampleChance).
 */
export function legalActions(state: GameState): Action[] {
  const { phase } = state;
  switch (phase.kind) {
    case 'deal':
      return [];
    case 'move':
      return openings(state.board!, phase.seat);
    case 'roll':
      return chanceOutcomes(state).map(({ total }) => ({ type: 'dice', total }));
    case 'walk':
      return phase.destinations.map((to) => ({ type: 'walk', to }));
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

/** How a turn on the board may open: rolling always; the passage from a corner room; staying when summoned. */
function openings(board: BoardPlay, seat: number): Action[] {
  const actions: Action[] = [{ type: 'roll' }];
  if (passageOut(board.pawns[seat]) !== null) actions.push({ type: 'passage' });
  if (board.summoned[seat] && isRoomPlace(board.pawns[seat])) actions.push({ type: 'stay' });
  return actions;
}

/**
 * Chance's move, drawn from `rng`: a uniformly random deal (one envelope card per category, the
 * face-up cards, then the hands), or the dice on a board.
 */
export function sampleChance(state: GameState, rng: Random): Action {
  if (state.phase.kind === 'deal') {
    const spec = { deck: state.deck, players: new Array<string>(state.seats).fill(''), handSizes: [...state.handSizes], faceUpCount: state.faceUpCount, maxTurns: 0 };
    return { type: 'deal', deal: randomDeal(spec, rng) };
  }
  if (state.phase.kind === 'roll') return { type: 'dice', total: rollDice(state.board!.rules, (n) => rng.below(n)) };
  throw new IllegalActionError(`chance does not act now: seat ${toMoveOf(state.phase)} decides`);
}

function toMoveOf(phase: Phase): string {
  return phase.kind === 'over' || phase.kind === 'deal' ? 'nobody' : String(phase.seat);
}

/** The dice totals and their probabilities, at a roll (the game's only chance event after the deal). */
export function chanceOutcomes(state: GameState): { total: number; probability: number }[] {
  if (state.phase.kind !== 'roll') return [];
  return diceDistribution(state.board!.rules)
    .map((probability, total) => ({ total, probability }))
    .filter((o) => o.probability > 0);
}

/**
 * Why the seat to move may not suggest `cards`, or null when it may: the one place suggestion
 * legality is decided. Without a board any combination goes, the suggester's own cards included;
 * on a board the room must be the one its pawn entered this turn.
 */
export function suggestionProblem(state: GameState, cards: readonly number[]): string | null {
  const problem = combinationProblem(state.deck, cards);
  if (problem !== null) return problem;
  if (state.board !== null) {
    const { binding, entered } = state.board;
    if (entered === null) return 'its pawn entered no room this turn';
    const room = binding.roomCard[roomIndex(entered)];
    if (cards[binding.roomCategory] !== room) return `on the board a suggestion names the room the pawn entered (${state.deck.cards[room]})`;
  }
  // What the suggestion itself announces (under rules.suggesterHoldsNone: that the suggester holds none of the cards) must be true.
  const seat = (state.phase as { seat: number }).seat;
  for (const action of actionsOf({ type: 'suggest', by: seat, cards: [...cards] }, state.seats, state.rules)) {
    const f = falsehoodAt(action, masksOf(state.deal!));
    if (f?.kind === 'holds') return `it holds ${state.deck.cards[f.card]}, and under rules.suggesterHoldsNone a suggester names none of its own cards`;
  }
  return null;
}

/** A deal as the rules' semantics reads it. */
function masksOf(deal: Deal): DealMasks {
  return { hand: (seat) => deal.hands[seat], envelope: maskOfCards(deal.envelope) };
}

/** The state after the seat to move takes `action`, and what happened. `state` is unchanged. */
export function applyAction(state: GameState, action: Action): Step {
  const { phase } = state;
  switch (phase.kind) {
    case 'deal':
      if (action.type === 'deal') return { state: dealt(state, action.deal), events: [] };
      throw new IllegalActionError(`the cards must be dealt first, not "${action.type}"`);
    case 'move':
      if (action.type === 'roll') return { state: evolve(state, { phase: { kind: 'roll', seat: phase.seat } }), events: [] };
      if (action.type === 'passage' || action.type === 'stay') return open(state, phase.seat, action.type);
      break;
    case 'roll':
      if (action.type === 'dice') return rolled(state, phase.seat, action.total);
      break;
    case 'walk':
      if (action.type === 'walk') return walk(state, phase, action.to);
      break;
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
  if (action.type === 'forfeit' && phase.kind !== 'roll') return forfeit(state, phase);
  throw new IllegalActionError(`seat ${phase.seat} must ${EXPECTED[phase.kind]} now, not "${action.type}"`);
}

const EXPECTED = { deal: 'be dealt', move: 'roll, take a passage or stay', roll: 'be given the dice', walk: 'walk', suggest: 'suggest', refute: 'show a card', accuse: 'accuse or pass' };

/** The passage or staying put: the pawn is (now) in a room and suggests there without rolling. */
function open(state: GameState, seat: number, how: 'passage' | 'stay'): Step {
  const board = state.board!;
  const here = board.pawns[seat];
  if (how === 'passage' && passageOut(here) === null) throw new IllegalActionError(`seat ${seat} cannot take a secret passage: its pawn is not in a corner room`);
  if (how === 'stay' && !(board.summoned[seat] && isRoomPlace(here))) throw new IllegalActionError(`seat ${seat} cannot stay: only a pawn summoned into a room by a suggestion may suggest there without moving`);
  const room = how === 'passage' ? passageOut(here)! : (here as Room);
  return { state: evolve(state, { phase: { kind: 'suggest', seat }, board: placed(board, seat, room, room) }), events: [] };
}

function rolled(state: GameState, seat: number, total: number): Step {
  if (!chanceOutcomes(state).some((o) => o.total === total)) throw new IllegalActionError(`the dice cannot total ${JSON.stringify(total)}`);
  return { state: evolve(state, { phase: { kind: 'walk', seat, roll: total, destinations: destinations(state.board!.pawns, seat, total, state.board!.rules) } }), events: [] };
}

/** Entering a room ends the walk and opens a suggestion there; stopping on a cell leaves only the accusation. */
function walk(state: GameState, phase: Extract<Phase, { kind: 'walk' }>, to: Place): Step {
  if (!phase.destinations.includes(to)) throw new IllegalActionError(`seat ${phase.seat} cannot walk to ${placeName(to)} with a roll of ${phase.roll}`);
  const entered = isRoomPlace(to) && to !== state.board!.pawns[phase.seat] ? to : null;
  const board = placed(state.board!, phase.seat, to, entered);
  const next: Phase = entered ? { kind: 'suggest', seat: phase.seat } : { kind: 'accuse', seat: phase.seat, answered: null };
  return { state: evolve(state, { phase: next, board }), events: [] };
}

/** The board with `seat`'s pawn at `to`, its summons used up, and the room it entered this turn. */
function placed(board: BoardPlay, seat: number, to: Place, entered: Room | null): BoardPlay {
  const pawns = board.pawns.slice();
  pawns[seat] = to;
  const summoned = board.summoned.slice();
  summoned[seat] = false;
  return { ...board, pawns, summoned, entered };
}

/** Classic rule (§6, flagged): the suspect named is brought into the room, and may suggest there on its next turn. */
function summon(board: BoardPlay, suspectCard: number, seats: number): BoardPlay {
  const character = board.binding.characterOfCard[suspectCard];
  if (!board.rules.summon || character < 0 || board.pawns[character] === board.entered) return board;
  const pawns = board.pawns.slice();
  pawns[character] = board.entered!;
  const summoned = board.summoned.slice();
  if (character < seats) summoned[character] = true;
  return { ...board, pawns, summoned };
}

function placeName(p: Place): string {
  return isRoomPlace(p) ? `the ${p}` : typeof p === 'number' && Number.isInteger(p) ? `cell (${p % 24}, ${Math.floor(p / 24)})` : JSON.stringify(p);
}

/**
 * The seats the rules ask (model/rules.ts answersTo, applied to the deal) answer in turn: those
 * holding no named card pass, one holding some must show one (its refute phase). Under the
 * standard rules the answers stop at the first card shown, and one `suggestion` event records the
 * whole turn; otherwise the turn is told as its knowledge actions: a `suggest`, then a `nocard` or
 * a `showcard` per answer. Nobody can refute the envelope: the finder's suggestion of it ends the game.
 */
function suggest(state: GameState, seat: number, cards: readonly number[]): Step {
  const problem = suggestionProblem(state, cards);
  if (problem !== null) throw new IllegalActionError(`seat ${seat} cannot suggest ${describe(state.deck, cards)}: ${problem}`);
  const suggestion: Suggestion = { by: seat, cards: Object.freeze([...cards]) };
  const named = maskOfCards(cards);
  const board = state.board && summon(state.board, cards[state.board.binding.suspectCategory], state.seats);
  const answers = answersTo(seat, state.seats, state.rules, (s) => (state.deal!.hands[s] & named) !== 0);
  const opening: GameEvent[] = oneRefuterAnswers(state.rules) ? [] : [frozen({ type: 'suggest', by: seat, cards: [...cards] })];
  if (seat === state.finder && named === state.envelopeMask) {
    const events = oneRefuterAnswers(state.rules) ? [frozen({ type: 'suggestion', by: seat, cards: [...cards], shownBy: null, shown: null })] : opening;
    return { state: startNextTurn(evolve(state, { winner: seat, board }), seat), events };
  }
  return answered(evolve(state, { board }), suggestion, answers, opening, false);
}

/** The answers from `answers` on, until one must show a card (its refute phase) or none is left (the suggester's accusation). */
function answered(state: GameState, suggestion: Suggestion, answers: readonly Answer[], events: GameEvent[], shown: boolean): Step {
  const { by, cards } = suggestion;
  for (let k = 0; k < answers.length; k++) {
    const { seat, shows } = answers[k];
    if (shows) {
      const held = cardsOfMask(state.deal!.hands[seat] & maskOfCards(cards));
      return { state: evolve(state, { phase: { kind: 'refute', seat, suggestion, held, rest: answers.slice(k + 1) } }), events };
    }
    if (!oneRefuterAnswers(state.rules)) events.push(frozen({ type: 'nocard', by: seat, cards: [...cards] }));
  }
  if (oneRefuterAnswers(state.rules) && !shown) events.push(frozen({ type: 'suggestion', by, cards: [...cards], shownBy: null, shown: null }));
  return { state: evolve(state, { phase: { kind: 'accuse', seat: by, answered: shown } }), events };
}

/** The card shown is seen by the suggester and the refuter; the others see only who showed (model/rules.ts seenBy). */
function show(state: GameState, phase: Extract<Phase, { kind: 'refute' }>, card: number): Step {
  const refuter = phase.seat;
  if (!phase.held.includes(card)) {
    const held = phase.held.map((c) => state.deck.cards[c]).join(', ');
    throw new IllegalActionError(`seat ${refuter} cannot show ${describe(state.deck, [card])}: it must show one of the named cards it holds (${held})`);
  }
  const { by, cards } = phase.suggestion;
  const event: GameEvent = oneRefuterAnswers(state.rules)
    ? { type: 'suggestion', by, cards: [...cards], shownBy: refuter, shown: card }
    : { type: 'showcard', by: refuter, to: by, cards: [...cards], shown: card };
  return answered(state, phase.suggestion, phase.rest, [frozen(event)], true);
}

/**
 * The turn ends without an accusation; the rules' endmove option says whether the table is told
 * (a public `endmove`: 'always', or 'unanswered' after a suggestion nobody could answer).
 */
function pass(state: GameState, phase: Extract<Phase, { kind: 'accuse' }>): Step {
  const next = startNextTurn(state, phase.seat);
  const announce = state.endmove === 'always' || (state.endmove === 'unanswered' && phase.answered === false);
  if (!announce) return { state: next, events: [] };
  return { state: next, events: [frozen({ type: 'endmove', by: phase.seat })] };
}

/** The seat to decide is out; a refuter shows its first named card in deck order first (held is in deck order). */
function forfeit(state: GameState, phase: Exclude<Phase, { kind: 'deal' | 'roll' | 'over' }>): Step {
  const seat = phase.seat;
  const out = (s: GameState) => {
    const eliminated = s.eliminated.slice();
    eliminated[seat] = true;
    return evolve(s, { eliminated });
  };
  if (phase.kind === 'refute') {
    const step = show(state, phase, phase.held[0]);
    return { state: out(step.state), events: step.events };
  }
  return { state: startNextTurn(out(state), seat), events: [] };
}

/** Right wins and ends the game; wrong puts the seat out. */
function accuse(state: GameState, seat: number, cards: readonly number[]): Step {
  const problem = combinationProblem(state.deck, cards);
  if (problem !== null) throw new IllegalActionError(`seat ${seat} cannot accuse ${describe(state.deck, cards)}: ${problem}`);
  const correct = maskOfCards(cards) === state.envelopeMask;
  const events: GameEvent[] = [frozen({ type: 'accusation', by: seat, cards: [...cards], correct })];
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
function frozen<E extends GameEvent>(event: E): E {
  if ('cards' in event) Object.freeze(event.cards);
  return Object.freeze(event);
}
