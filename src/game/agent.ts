// What plays a seat: an agent decides from what its seat knows (a SeatView), and never sees the
// deal. The game loop (play.ts) asks it for each decision its seat faces; implementations live
// in src/agents/ (and anywhere else: this interface is all the loop knows of them).
import type { SeatView } from './seat-view.js';
import type { GameEvent } from '../model/events.js';
import type { BoardRules, Place } from './board/movement.js';
import type { BoardBinding } from './board/binding.js';

export interface Decision {
  /** The agent knows the solution for certain (by its own reasoning). */
  certain: boolean;
  /** The accusation it makes now (one card per category), or null. */
  accusation: number[] | null;
}

/** A value, or a promise of it: an agent may answer at once or later (a program, over a pipe). */
export type Awaitable<T> = T | Promise<T>;

/**
 * A player. It decides from its SeatView alone; it may answer at once or asynchronously. The
 * built-in agents are SyncAgents; an agent from outside (a program, a module) is `untrusted`.
 */
export interface Agent {
  /** The label it plays under, e.g. "deductive" or "entropy:samples=5000". */
  readonly label: string;
  /**
   * An agent from outside: its illegal moves, errors and timeouts are faults (AgentFault) that put
   * its seat out of the game. A trusted agent's illegal move is a bug, and stops the game.
   */
  readonly untrusted?: boolean;
  /** On its turn: one card per category, in category order; on a board, `room` is the room card it must name. */
  suggest(view: SeatView, room?: number): Awaitable<number[]>;
  /** How it moves on a board (required to play on one). */
  readonly movement?: MovementPolicy;
  /** Asked to refute: which of `held` (the named cards it holds, never empty, deck order) to show `suggester`, who named `suggested`. */
  refute(view: SeatView, suggester: number, held: number[], suggested: readonly number[]): Awaitable<number>;
  /**
   * At the end of each of its turns (after its suggestion, answered or not; on a board also after a
   * walk that entered no room): is it certain, and does it accuse?
   */
  decide(view: SeatView): Awaitable<Decision>;
  /**
   * Whether `decide`'s `certain` says something (absent: it does). A program that cannot tell the
   * engine (docs/agent-protocol.md, the certain extension) does not report certainty: its reports
   * then say "n/a" rather than "never certain".
   */
  readonly reportsCertainty?: boolean;
  /** An untrusted agent: the last request it was asked and what it answered, for the reason of a fault. */
  lastExchange?(): Exchange | null;
  /** The game is over (told once per seat it held): its outcome, the deal included. */
  end?(view: SeatView, outcome: GameOutcome): Awaitable<void>;
  /** The game is over: free what the agent holds (its knowledge position). */
  dispose?(): void;
}

/** An agent that answers at once: every built-in agent. A game of them alone plays synchronously. */
export interface SyncAgent extends Agent {
  readonly movement?: SyncMovementPolicy;
  suggest(view: SeatView, room?: number): number[];
  refute(view: SeatView, suggester: number, held: number[], suggested: readonly number[]): number;
  decide(view: SeatView): Decision;
  end?(view: SeatView, outcome: GameOutcome): void;
}

/** How a game ended, for the seats' agents. */
export interface GameOutcome {
  readonly winner: number | null;
  /** The envelope's cards, in category order. */
  readonly envelope: readonly number[];
  /** Each seat's hand. */
  readonly hands: readonly (readonly number[])[];
  /** The face-up cards. */
  readonly faceUp: readonly number[];
  /** Every event of the game in full, the card shown at each refutation included (the seats' views lack the cards others were shown). */
  readonly events: readonly GameEvent[];
}

/** Why an untrusted agent's seat left a game. */
export type FaultKind = 'illegal' | 'timeout' | 'crash';
export const FAULT_KINDS: readonly FaultKind[] = ['illegal', 'timeout', 'crash'];

/** An agent from outside can no longer be started: not a fault of one seat, the run must stop. */
export class AgentUnavailableError extends Error {
  override name = 'AgentUnavailableError';
}

/**
 * A request put to an agent from outside and its reply: `type` is the protocol's request
 * ("suggest", "refute", "accuse", "move") or a module agent's method, `id` the request's id (the
 * number of the seat's request in the game, from 1), `reply` the reply as received.
 */
export interface Exchange {
  request: { type: string; id?: number };
  reply?: string;
}

/** Why an untrusted agent's seat left a game: what it was asked, what it answered (at most its first 200 bytes), what was wrong. */
export interface FaultReason {
  request: { type: string; id?: number };
  /** The reply, or its first REPLY_BYTES_KEPT bytes (none after a timeout or a crash). */
  reply?: string;
  /** The reply's length in bytes, when it was longer than what `reply` keeps. */
  replyBytes?: number;
  problem: string;
}

/** Of a reply, a fault's reason keeps this many bytes. */
export const REPLY_BYTES_KEPT = 200;

/** An untrusted agent failed a decision: its seat is out of the game, which goes on. */
export class AgentFault extends Error {
  override name = 'AgentFault';
  /** Why, once the game loop has added what the agent was asked (play.ts). */
  reason?: FaultReason;
  constructor(
    readonly kind: FaultKind,
    message: string,
    /** The reply at fault, as received, when the fault is the reply's (not JSON, another id). */
    readonly reply?: string,
  ) {
    super(message);
  }
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
  open(view: SeatView, board: BoardSituation, options: readonly Opening[]): Awaitable<Opening>;
  /** Where to end the walk, among the roll's `destinations`. */
  walk(view: SeatView, board: BoardSituation, destinations: readonly Place[]): Awaitable<Place>;
}

/** A movement policy that answers at once (the built-in agents'). */
export interface SyncMovementPolicy extends MovementPolicy {
  open(view: SeatView, board: BoardSituation, options: readonly Opening[]): Opening;
  walk(view: SeatView, board: BoardSituation, destinations: readonly Place[]): Place;
}
