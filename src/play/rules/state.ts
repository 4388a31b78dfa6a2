// The state of a game: the deal, whose decision it is and of what kind, the suggestion being
// answered, who is out, who won, the turn and round counters, and on a board where the pawns are.
// States are immutable values: applying an action (actions.ts) makes a new one, so a state can
// be kept, compared or explored without copying.
import type { Deck } from '../../model/deck.js';
import { maskOfCards, popcount } from '../../model/bits.js';
import { ENDMOVE_RULES, handSizesOf, type Deal, type EndmoveRule, type GameSpec } from './deal.js';
import type { Room } from '../board/classic.js';
import { bindClassicBoard, type BoardBinding } from '../board/binding.js';
import { startingPawns, type BoardRules, type Place } from '../board/movement.js';

export interface Suggestion {
  readonly by: number;
  /** One card per category, in category order. */
  readonly cards: readonly number[];
}

/**
 * What the game waits for. A turn of the card game is: suggest, then (when a following seat holds a
 * named card) that seat's refutation, then accuse or pass. On a board the turn opens with the
 * move (roll, take the secret passage, or stay in the room its pawn was summoned to), the dice
 * (chance), and the walk; only a pawn that entered a room suggests, and names that room.
 */
export type Phase =
  | { readonly kind: 'move'; readonly seat: number }
  /** Chance: the dice are rolled for `seat` (see chanceOutcomes in actions.ts). */
  | { readonly kind: 'roll'; readonly seat: number }
  /** `destinations`: where the roll lets the pawn end (rooms first, then cells; its own place when boxed in). */
  | { readonly kind: 'walk'; readonly seat: number; readonly roll: number; readonly destinations: readonly Place[] }
  | { readonly kind: 'suggest'; readonly seat: number }
  /** `seat` is the first seat after the suggester holding a named card; `held` those cards, in deck order. */
  | { readonly kind: 'refute'; readonly seat: number; readonly suggestion: Suggestion; readonly held: readonly number[] }
  /** `answered`: some seat showed a card of the turn's suggestion; null when the turn had none (a board). */
  | { readonly kind: 'accuse'; readonly seat: number; readonly answered: boolean | null }
  | { readonly kind: 'over' };

export interface GameState {
  readonly deck: Deck;
  readonly seats: number;
  /** The game ends unsolved once this many turns have been played. */
  readonly maxTurns: number;
  /** When a turn ended without an accusation is announced (an `endmove` event). */
  readonly endmove: EndmoveRule;
  /** The seat whose suggestion of the envelope wins at once (GameSpec.finder), or null. */
  readonly finder: number | null;
  /** The hidden truth. Never hand a state to an agent: it sees only its SeatView. */
  readonly deal: Deal;
  readonly envelopeMask: number;
  readonly phase: Phase;
  /** Seats out after a wrong accusation: they no longer take turns, but still refute. */
  readonly eliminated: readonly boolean[];
  readonly winner: number | null;
  /** Turns started so far (the current one included). */
  readonly turn: number;
  /** Rounds started so far: a round starts whenever the turn passes seat 0 (taken or skipped). */
  readonly round: number;
  /** The board and its pawns, or null for the card game. */
  readonly board: BoardPlay | null;
}

/** A game on the classic board: its rules, the deck's cards on it, and where every pawn is. */
export interface BoardPlay {
  readonly rules: BoardRules;
  readonly binding: BoardBinding;
  /** Per character (CHARACTERS order; seat s plays character s): where its pawn is. */
  readonly pawns: readonly Place[];
  /** Per seat: its pawn was moved into a room by a suggestion since its own last turn, so it may stay and suggest there. */
  readonly summoned: readonly boolean[];
  /** The room the seat to move entered this turn (its suggestion names it), or null. */
  readonly entered: Room | null;
}

const OVER: Phase = Object.freeze({ kind: 'over' });

/** What a move may change; the rest is fixed for the whole game. */
type Progress = Pick<GameState, 'phase' | 'eliminated' | 'winner' | 'turn' | 'round' | 'board'>;

/**
 * `state` with some of its progress changed, every field written out: copied by spread
 * (`{ ...state, phase }`) a state costs V8 microseconds, written out tens of nanoseconds.
 */
export function evolve(state: GameState, changes: Partial<Progress>): GameState {
  return {
    deck: state.deck,
    seats: state.seats,
    maxTurns: state.maxTurns,
    endmove: state.endmove,
    finder: state.finder,
    deal: state.deal,
    envelopeMask: state.envelopeMask,
    phase: changes.phase ?? state.phase,
    eliminated: changes.eliminated ?? state.eliminated,
    winner: changes.winner !== undefined ? changes.winner : state.winner,
    turn: changes.turn ?? state.turn,
    round: changes.round ?? state.round,
    board: changes.board ?? state.board,
  };
}

/** The first state after the deal: seat 0 to suggest (or over at once when `maxTurns` is 0). */
export function newGame(spec: GameSpec, deal: Deal): GameState {
  checkDeal(spec, deal);
  if (spec.endmove !== undefined && !ENDMOVE_RULES.includes(spec.endmove)) {
    throw new Error(`newGame: endmove must be ${ENDMOVE_RULES.join(', ')}, not ${JSON.stringify(spec.endmove)}`);
  }
  const seats = spec.players.length;
  if (spec.finder !== undefined && !(Number.isInteger(spec.finder) && spec.finder >= 0 && spec.finder < seats)) {
    throw new Error(`newGame: finder must be a seat from 0 to ${seats - 1}, not ${JSON.stringify(spec.finder)}`);
  }
  const start: GameState = {
    deck: spec.deck,
    seats,
    maxTurns: spec.maxTurns,
    endmove: spec.endmove ?? 'never',
    finder: spec.finder ?? null,
    deal,
    envelopeMask: maskOfCards(deal.envelope),
    phase: OVER,
    eliminated: new Array<boolean>(seats).fill(false),
    winner: null,
    turn: 0,
    round: 0,
    board: spec.board ? boardAtStart(spec) : null,
  };
  return startNextTurn(start, seats - 1);
}

/**
 * The turn after `seat`'s: the next seat still in suggests, a round starting whenever the turn
 * passes seat 0; or the game is over (a winner, the turn cap, or every seat out).
 */
export function startNextTurn(state: GameState, seat: number): GameState {
  if (state.winner !== null || state.turn >= state.maxTurns || !state.eliminated.includes(false)) return evolve(state, { phase: OVER });
  let round = state.round;
  let next = seat;
  do {
    next = (next + 1) % state.seats;
    if (next === 0) round++;
  } while (state.eliminated[next]);
  const board = state.board && { ...state.board, entered: null };
  const phase: Phase = board ? { kind: 'move', seat: next } : { kind: 'suggest', seat: next };
  return evolve(state, { phase, turn: state.turn + 1, round, board });
}

/** Every pawn on its start cell; the deck must fit the board (one sentence why not). */
function boardAtStart(spec: GameSpec): BoardPlay {
  const binding = bindClassicBoard(spec.deck, spec.players.length);
  if (typeof binding === 'string') throw new Error(`newGame: ${binding}`);
  return { rules: spec.board!, binding, pawns: startingPawns(), summoned: spec.players.map(() => false), entered: null };
}

/** The seat whose decision it is, or null when the game is over. */
export function toMove(state: GameState): number | null {
  return state.phase.kind === 'over' ? null : state.phase.seat;
}

export function isTerminal(state: GameState): boolean {
  return state.phase.kind === 'over';
}

/** Per seat, 1 for the winner and 0 otherwise (all 0 while playing or when nobody won). */
export function returns(state: GameState): number[] {
  return state.eliminated.map((_, s) => (s === state.winner ? 1 : 0));
}

/** A deal that does not fit the spec is a caller's bug: say which part is wrong. */
function checkDeal(spec: GameSpec, deal: Deal): void {
  const { deck } = spec;
  const sizes = handSizesOf(spec);
  const fail = (why: string) => {
    throw new Error(`newGame: the deal does not fit the game: ${why}`);
  };
  if (spec.players.length < 2) fail(`${spec.players.length} players`);
  if (deal.hands.length !== spec.players.length) fail(`${deal.hands.length} hands for ${spec.players.length} players`);
  for (const [s, hand] of deal.hands.entries()) if (popcount(hand) !== sizes[s]) fail(`seat ${s} holds ${popcount(hand)} cards, not ${sizes[s]}`);
  if (deal.envelope.length !== deck.categories.length || deal.envelope.some((c, g) => deck.categoryOf[c] !== g)) {
    fail('the envelope is not one card per category in category order');
  }
  if (deal.faceUp.length !== (spec.faceUpCount ?? 0)) fail(`${deal.faceUp.length} face-up cards, not ${spec.faceUpCount ?? 0}`);
  const owned = [...deal.hands, maskOfCards(deal.envelope), maskOfCards(deal.faceUp)];
  const all = deck.cards.length === 32 ? 0xffffffff : (1 << deck.cards.length) - 1;
  const union = owned.reduce((a, b) => a | b, 0) >>> 0;
  const total = owned.reduce((n, m) => n + popcount(m), 0);
  if (union !== all >>> 0 || total !== deck.cards.length) fail('every card must be in exactly one place');
}
