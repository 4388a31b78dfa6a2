// The state of a game: the deal, whose decision it is and of what kind, the suggestion being
// answered, who is out, who won, the turn and round counters, and on a board where the pawns are.
// States are immutable values: applying an action (actions.ts) makes a new one, so a state can
// be kept, compared or explored without copying.
import type { Deck } from '../../model/deck.js';
import { maskOfCards, popcount } from '../../model/bits.js';
import { DEFAULT_RULES, mayAct, type Answer, type Rules } from '../../model/rules.js';
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
 * What the game waits for. It opens with the deal (chance). A turn of the card game is: suggest,
 * then the refutations the rules ask for (model/rules.ts: under the standard rules, the first
 * following seat holding a named card shows one), then accuse or pass. On a board the turn opens
 * with the move (roll, take the secret passage, or stay in the room its pawn was summoned to), the
 * dice (chance), and the walk; only a pawn that entered a room suggests, and names that room.
 */
export type Phase =
  /** Chance: the cards are dealt (see sampleChance in actions.ts). */
  | { readonly kind: 'deal' }
  | { readonly kind: 'move'; readonly seat: number }
  /** Chance: the dice are rolled for `seat` (see chanceOutcomes in actions.ts). */
  | { readonly kind: 'roll'; readonly seat: number }
  /** `destinations`: where the roll lets the pawn end (rooms first, then cells; its own place when boxed in). */
  | { readonly kind: 'walk'; readonly seat: number; readonly roll: number; readonly destinations: readonly Place[] }
  | { readonly kind: 'suggest'; readonly seat: number }
  /** `seat` must show one of `held`, the named cards it holds (deck order); `rest`: the answers the rules still ask for after it. */
  | { readonly kind: 'refute'; readonly seat: number; readonly suggestion: Suggestion; readonly held: readonly number[]; readonly rest: readonly Answer[] }
  /** `answered`: some seat showed a card of the turn's suggestion; null when the turn had none (a board). */
  | { readonly kind: 'accuse'; readonly seat: number; readonly answered: boolean | null }
  | { readonly kind: 'over' };

export interface GameState {
  readonly deck: Deck;
  readonly seats: number;
  /** The rule variants the game is played under (model/rules.ts). */
  readonly rules: Rules;
  /** The game ends unsolved once this many turns have been played. */
  readonly maxTurns: number;
  /** When a turn ended without an accusation is announced (an `endmove` event). */
  readonly endmove: EndmoveRule;
  /** The seat whose suggestion of the envelope wins at once (GameSpec.finder), or null. */
  readonly finder: number | null;
  /** The hidden truth, null until the cards are dealt. Never hand a state to an agent: it sees only its SeatView. */
  readonly deal: Deal | null;
  /** The envelope's cards (0 before the deal). */
  readonly envelopeMask: number;
  readonly phase: Phase;
  /** Seats out after a wrong accusation: they no longer take turns, but still refute (model/rules.ts mayAct: a state is a Standing). */
  readonly eliminated: readonly boolean[];
  readonly winner: number | null;
  /** Turns started so far (the current one included). */
  readonly turn: number;
  /** Rounds started so far: a round starts whenever the turn passes seat 0 (taken or skipped). */
  readonly round: number;
  /** The board and its pawns, or null for the card game. */
  readonly board: BoardPlay | null;
  /** Cards each seat is dealt, and how many lie face up. */
  readonly handSizes: readonly number[];
  readonly faceUpCount: number;
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
const DEALING: Phase = Object.freeze({ kind: 'deal' });

/** What a move may change; the rest is fixed for the whole game. */
type Progress = Pick<GameState, 'phase' | 'eliminated' | 'winner' | 'turn' | 'round' | 'board' | 'deal' | 'envelopeMask'>;

/**
 * `state` with some of its progress changed, every field written out: copied by spread
 * (`{ ...state, phase }`) a state costs V8 microseconds, written out tens of nanoseconds.
 */
export function evolve(state: GameState, changes: Partial<Progress>): GameState {
  return {
    deck: state.deck,
    seats: state.seats,
    rules: state.rules,
    maxTurns: state.maxTurns,
    endmove: state.endmove,
    finder: state.finder,
    deal: changes.deal ?? state.deal,
    envelopeMask: changes.envelopeMask ?? state.envelopeMask,
    phase: changes.phase ?? state.phase,
    eliminated: changes.eliminated ?? state.eliminated,
    winner: changes.winner !== undefined ? changes.winner : state.winner,
    turn: changes.turn ?? state.turn,
    round: changes.round ?? state.round,
    board: changes.board ?? state.board,
    handSizes: state.handSizes,
    faceUpCount: state.faceUpCount,
  };
}

/** A new game, waiting for its deal (a chance outcome; see sampleChance), or with `deal` dealt. */
export function newGame(spec: GameSpec, deal?: Deal): GameState {
  if (spec.endmove !== undefined && !ENDMOVE_RULES.includes(spec.endmove)) {
    throw new Error(`newGame: endmove must be ${ENDMOVE_RULES.join(', ')}, not ${JSON.stringify(spec.endmove)}`);
  }
  const seats = spec.players.length;
  if (seats < 2) throw new Error(`newGame: ${seats} players`);
  if (spec.finder !== undefined && !(Number.isInteger(spec.finder) && spec.finder >= 0 && spec.finder < seats)) {
    throw new Error(`newGame: finder must be a seat from 0 to ${seats - 1}, not ${JSON.stringify(spec.finder)}`);
  }
  const start: GameState = {
    deck: spec.deck,
    seats,
    rules: spec.rules ?? DEFAULT_RULES,
    maxTurns: spec.maxTurns,
    endmove: spec.endmove ?? 'never',
    finder: spec.finder ?? null,
    deal: null,
    envelopeMask: 0,
    phase: DEALING,
    eliminated: new Array<boolean>(seats).fill(false),
    winner: null,
    turn: 0,
    round: 0,
    board: spec.board ? boardAtStart(spec) : null,
    handSizes: handSizesOf(spec),
    faceUpCount: spec.faceUpCount ?? 0,
  };
  return deal === undefined ? start : dealt(start, deal);
}

/** The state once `deal` is dealt: seat 0 to play (or over at once when `maxTurns` is 0). */
export function dealt(state: GameState, deal: Deal): GameState {
  checkDeal(state, deal);
  return startNextTurn(evolve(state, { deal, envelopeMask: maskOfCards(deal.envelope) }), state.seats - 1);
}

/**
 * The turn after `seat`'s: the next seat still in suggests, a round starting whenever the turn
 * passes seat 0; or the game is over (a winner, the turn cap, or every seat out).
 */
export function startNextTurn(state: GameState, seat: number): GameState {
  if (state.turn >= state.maxTurns || !state.eliminated.some((_, s) => mayAct(state, s, 'turn'))) return evolve(state, { phase: OVER });
  let round = state.round;
  let next = seat;
  do {
    next = (next + 1) % state.seats;
    if (next === 0) round++;
  } while (!mayAct(state, next, 'turn'));
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

/** The seat whose decision it is, or null when the game is over or chance is to act. */
export function toMove(state: GameState): number | null {
  const { phase } = state;
  return phase.kind === 'over' || phase.kind === 'deal' || phase.kind === 'roll' ? null : phase.seat;
}

/** Whether chance acts next: the deal, or a roll of the dice on a board. */
export function isChance(state: GameState): boolean {
  return state.phase.kind === 'deal' || state.phase.kind === 'roll';
}

export function isTerminal(state: GameState): boolean {
  return state.phase.kind === 'over';
}

/** Per seat, 1 for the winner and 0 otherwise (all 0 while playing or when nobody won). */
export function returns(state: GameState): number[] {
  return state.eliminated.map((_, s) => (s === state.winner ? 1 : 0));
}

/** A deal that does not fit the game is a caller's bug: say which part is wrong. */
function checkDeal(state: GameState, deal: Deal): void {
  const { deck } = state;
  const sizes = state.handSizes;
  const fail = (why: string) => {
    throw new Error(`newGame: the deal does not fit the game: ${why}`);
  };
  if (deal.hands.length !== state.seats) fail(`${deal.hands.length} hands for ${state.seats} players`);
  for (const [s, hand] of deal.hands.entries()) if (popcount(hand) !== sizes[s]) fail(`seat ${s} holds ${popcount(hand)} cards, not ${sizes[s]}`);
  if (deal.envelope.length !== deck.categories.length || deal.envelope.some((c, g) => deck.categoryOf[c] !== g)) {
    fail('the envelope is not one card per category in category order');
  }
  if (deal.faceUp.length !== state.faceUpCount) fail(`${deal.faceUp.length} face-up cards, not ${state.faceUpCount}`);
  const owned = [...deal.hands, maskOfCards(deal.envelope), maskOfCards(deal.faceUp)];
  const all = deck.cards.length === 32 ? 0xffffffff : (1 << deck.cards.length) - 1;
  const union = owned.reduce((a, b) => a | b, 0) >>> 0;
  const total = owned.reduce((n, m) => n + popcount(m), 0);
  if (union !== all >>> 0 || total !== deck.cards.length) fail('every card must be in exactly one place');
}
