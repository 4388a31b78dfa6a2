// An agent is a suggestion policy, a refutation policy and an accusation policy over what its
// seat knows (a SeatView). It never sees the deal.
import type { SeatView } from '../seat-view.js';
import type { MovementPolicy } from './movement.js';

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
  /** How it moves on a board (absent: towards the nearest room). */
  readonly movement?: MovementPolicy;
  /** Asked to refute: which of `held` (the named cards it holds, never empty) to show `suggester`. */
  refute(view: SeatView, suggester: number, held: number[]): number;
  /** After its suggestion was answered: is it certain, and does it accuse? */
  decide(view: SeatView): Decision;
  /** The game is over: free what the agent holds (its knowledge position). */
  dispose?(): void;
}
