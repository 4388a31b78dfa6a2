// What a played game reports, and how it is measured from the game's steps: the contract between
// tournaments and their reports.
import { popcount } from '../model/bits.js';
import type { PlayStep } from '../game/play.js';
import type { GameState } from '../game/rules/state.js';
import { ROOMS } from '../game/board/classic.js';
import type { FaultKind, FaultReason } from '../game/agent.js';

/** In a solo measurement: the one seat measured, or one of the field around it. */
export type SeatRole = 'solo' | 'field';

export interface SeatResult {
  seat: number;
  /** Label of the agent in this seat, as given on the command line (e.g. "entropy:samples=5000"). */
  agent: string;
  /** Set in solo measurements only: the solo seat and the field are summarised apart, even when they are the same agent. */
  role?: SeatRole;
  won: boolean;
  /** Out after a wrong accusation, or a fault. */
  eliminated: boolean;
  /** Its agent's fault, when an untrusted agent failed a decision and its seat left the game. */
  fault?: FaultKind;
  /** With `fault`: the request, the reply and what was wrong with it. */
  faultReason?: FaultReason;
  wrongAccusations: number;
  /** Turns this seat took (suggestions it made). */
  turnsTaken: number;
  /** Its own turn count when it won, or null. */
  turnsToWin: number | null;
  /** Its own turn count when it first knew the solution for certain (by its own reasoning), or null (also when its agent does not report certainty). */
  turnsToCertain: number | null;
  /** False for an agent that does not say when it is certain (a program without the protocol's certain extension): turnsToCertain is then unknown, not "never". */
  reportsCertainty?: false;
  /** On a board: its turns that ended on a cell (no room entered, no suggestion). */
  turnsMoving?: number;
  /** On a board: how many different rooms its pawn entered. */
  roomsVisited?: number;
}

export interface GameResult {
  /** Index of the game in the run (0-based); with the run's seed it reproduces the game. */
  game: number;
  /** Agent label per seat. */
  seats: string[];
  /** Winning seat, or null when nobody won. */
  winner: number | null;
  /** True when the game hit the turn cap or every seat was out without a winner. */
  unsolved: boolean;
  /** Turns played in all (every seat's turns). */
  turns: number;
  /** Rounds started (a round is one turn of every seat still in). */
  rounds: number;
  seatResults: SeatResult[];
  /** On a board: suggestions made in each room, in board order (conservatory, ball room, kitchen, dining room, lounge, hall, study, library, billiard room). */
  suggestionsByRoom?: number[];
}

/** What the tournament tallies per seat, step by step: its own turns, when it became certain, its walks on a board. */
interface SeatTally {
  turnsTaken: number;
  turnsToCertain: number | null;
  wrongAccusations: number;
  turnsMoving: number;
  /** Rooms its pawn entered (board order bits). */
  roomsVisited: number;
  fault?: FaultKind;
  faultReason?: FaultReason;
}

/**
 * The result of a game, measured by observing its steps (game/play.ts): give `onStep` to
 * playGame, then ask `result` for the game's GameResult. `labels[s]` names seat s's agent;
 * `reportsCertainty[s]` (default true) says whether that agent says when it is certain.
 */
export function resultObserver(
  labels: readonly string[],
  reportsCertainty: readonly boolean[] = [],
): { onStep: (step: PlayStep) => void; result: (final: GameState, game: number) => GameResult } {
  const tallies: SeatTally[] = labels.map(() => ({ turnsTaken: 0, turnsToCertain: null, wrongAccusations: 0, turnsMoving: 0, roomsVisited: 0 }));
  const suggestionsByRoom = ROOMS.map(() => 0);
  const onStep = ({ before, seat, after, events, certain, fault }: PlayStep): void => {
    for (const e of events) if (e.type === 'accusation' && !e.correct) tallies[e.by].wrongAccusations++;
    if (seat === null) return;
    const tally = tallies[seat];
    if (fault !== undefined) {
      tally.fault = fault.kind;
      tally.faultReason = fault.reason;
    }
    // A turn starts with the move on a board, with the suggestion in the card game.
    if (before.phase.kind === 'move' || (before.phase.kind === 'suggest' && before.board === null)) tally.turnsTaken++;
    if (certain && tally.turnsToCertain === null) tally.turnsToCertain = tally.turnsTaken;
    const board = after.board;
    if (board === null) return;
    if (before.phase.kind === 'walk' && after.phase.kind === 'accuse') tally.turnsMoving++;
    if (board.entered !== null && before.board!.entered === null) tally.roomsVisited |= 1 << ROOMS.indexOf(board.entered);
    if (before.phase.kind === 'suggest') suggestionsByRoom[ROOMS.indexOf(before.board!.entered!)]++;
  };
  const result = (final: GameState, game: number): GameResult => {
    const onBoard = final.board !== null;
    return {
      game,
      seats: [...labels],
      winner: final.winner,
      unsolved: final.winner === null,
      turns: final.turn,
      rounds: final.round,
      seatResults: labels.map((agent, seat) => {
        const reports = reportsCertainty[seat] ?? true;
        const { fault, faultReason } = tallies[seat];
        // In the order of the shard file's schema (shards.ts), which a merge's results come back in.
        return {
          seat,
          agent,
          won: final.winner === seat,
          eliminated: final.eliminated[seat],
          ...(fault !== undefined && { fault }),
          ...(faultReason !== undefined && { faultReason }),
          wrongAccusations: tallies[seat].wrongAccusations,
          turnsTaken: tallies[seat].turnsTaken,
          turnsToWin: final.winner === seat ? tallies[seat].turnsTaken : null,
          turnsToCertain: reports ? tallies[seat].turnsToCertain : null,
          ...(!reports && { reportsCertainty: false as const }),
          ...(onBoard && { turnsMoving: tallies[seat].turnsMoving, roomsVisited: popcount(tallies[seat].roomsVisited) }),
        };
      }),
      ...(onBoard && { suggestionsByRoom: [...suggestionsByRoom] }),
    };
  };
  return { onStep, result };
}
