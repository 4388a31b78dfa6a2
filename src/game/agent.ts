// What plays a seat: an agent decides from what its seat knows (a SeatView), and never sees the
// deal. The game loop (play.ts) asks it for each decision its seat faces; implementations live
// in src/agents/ (and anywhere else: this interface is all the loop knows of them).
import type { SeatView } from './seat-view.js';
import type { BoardRules, Place } from './board/movement.js';
import type { BoardBinding } from './board/binding.js';

export interface Decision {
  /** The agent knows the solution for certain (by its own reasoning). */
  certain: boolean;
  /** The accusation it makes now (one card per category), or null. */
  accusation: number[] | null;
}

export interface Agent {
  /** The label it plays under, e.g. "deductive" or "entropy:samples=5000". */
  readonly label: string;
  /** On its turn: one card per category, in category order; on a board, `room` is the room card it must name. */
  suggest(view: SeatView, room?: number): number[];
  /** How it moves on a board (required to play on one). */
  readonly movement?: MovementPolicy;
  /** Asked to refute: which of `held` (the named cards it holds, never empty) to show `suggester`. */
  refute(view: SeatView, suggester: number, held: number[]): number;
  /** After its suggestion was answered: is it certain, and does it accuse? */
  decide(view: SeatView): Decision;
  /** The game is over: free what the agent holds (its knowledge position). */
  dispose?(): void;
}

/** What a seat sees of the board when it moves (public: everybody sees every pawn). */
export interface BoardSituation {
  readonly rules: BoardRules;
  readonly binding: BoardBinding;
  /** Per character; the seat plays character `view.me`. */
  readonly pawns: readonly Place[];
  /** Its pawn was moved into its room by a suggestion since its last turn. */
  readonly summoned: boolean;
}

/** How a turn on the board opens: roll the dice, take the room's secret passage, or stay after a summons. */
export type Opening = 'roll' | 'passage' | 'stay';

export interface MovementPolicy {
  /** How to open the turn, among the legal `options`. */
  open(view: SeatView, board: BoardSituation, options: readonly Opening[]): Opening;
  /** Where to end the walk, among the roll's `destinations`. */
  walk(view: SeatView, board: BoardSituation, destinations: readonly Place[]): Place;
}
