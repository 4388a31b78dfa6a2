// The game loop, as a driver of the rules (rules/): deal, then until the game is over ask the
// agent of the seat to move for its action, apply it, and deliver each event to every seat as
// that seat sees it. Agents see only their SeatView; the state, and so the deal, stays here.
import type { Agent } from './agents/agent.js';
import type { Random } from '../model/random.js';
import type { GameEvent } from '../model/game.js';
import { cardsOfMask, popcount } from '../model/bits.js';
import { SeatView, type ViewWriter } from './seat-view.js';
import type { GameResult, SeatResult } from './results.js';
import { handSizesOf, randomDeal, type Deal, type GameSpec } from './rules/deal.js';
import { newGame, type GameState, type Phase } from './rules/state.js';
import { applyAction, IllegalActionError, legalActions, type Action, type Step } from './rules/actions.js';
import { eventSeenBy } from './rules/events.js';
import { rollDice } from './board/movement.js';
import { ROOMS } from './board/classic.js';
import { anyRoom, movementPolicy, type BoardSituation, type Opening } from './agents/movement.js';

export interface PlayedGame {
  result: GameResult;
  /** Each seat's view at the end: its knowledge, replayable as a game log. */
  views: SeatView[];
}

/** Receives one seat's view of each event as it happens (`shown` set when that seat saw the card). */
export type SeatObserver = (event: GameEvent) => void;

export interface PlayOptions {
  /** Per seat, called after that seat's view has recorded each event. */
  observers?: ReadonlyArray<SeatObserver | undefined>;
  /** The deal, when the caller made it (e.g. to script seats that know it); else drawn from `rng`. */
  deal?: Deal;
}

/** What the driver tallies per seat beyond the rules: its own turns and when it became certain; on a board, its walks. */
interface SeatTally {
  turnsTaken: number;
  turnsToCertain: number | null;
  wrongAccusations: number;
  /** Turns that ended on a cell, with no room entered and so no suggestion. */
  turnsMoving: number;
  /** Rooms its pawn entered (board order bits). */
  roomsVisited: number;
}

/**
 * Plays one game. `agents[s]` plays seat s; `rng` deals the cards (agents have their own
 * generators). An illegal action is a bug in the agent and throws an IllegalActionError.
 */
export function playGame(spec: GameSpec, agents: Agent[], rng: Random, gameIndex = 0, options: PlayOptions = {}): PlayedGame {
  if (agents.length !== spec.players.length) throw new Error(`playGame: ${agents.length} agents for ${spec.players.length} players`);
  let state = newGame(spec, options.deal ?? randomDeal(spec, rng));
  const table = { deck: spec.deck, players: spec.players, handSizes: handSizesOf(spec), faceUp: state.deal.faceUp };
  const writers: ViewWriter[] = [];
  const views = spec.players.map((_, s) => new SeatView(table, s, cardsOfMask(state.deal.hands[s]), (w) => void (writers[s] = w)));
  const tallies: SeatTally[] = agents.map(() => ({ turnsTaken: 0, turnsToCertain: null, wrongAccusations: 0, turnsMoving: 0, roomsVisited: 0 }));
  const suggestionsByRoom = ROOMS.map(() => 0);

  /** The one place a seat learns of an event: its view records it, then its observer hears it. */
  const deliver = (seat: number, seen: GameEvent) => {
    writers[seat](seen);
    options.observers?.[seat]?.(seen);
  };

  while (state.phase.kind !== 'over') {
    const seat = state.phase.seat;
    // The dice are the driver's: chance draws from the game's generator, after the deal.
    const action: Action = state.phase.kind === 'roll' ? { type: 'dice', total: rollDice(state.board!.rules, (n) => rng.below(n)) } : askAgent(agents[seat], views[seat], state, tallies[seat]);
    const step = applyFor(agents[seat], state, action);
    if (step.state.board) tallyBoard(state, step.state, tallies[seat], suggestionsByRoom);
    for (const tableEvent of step.events) {
      for (let s = 0; s < spec.players.length; s++) deliver(s, eventSeenBy(tableEvent, s));
      const { event } = tableEvent;
      if (event.type === 'accusation' && !event.correct) tallies[event.by].wrongAccusations++;
    }
    state = step.state;
  }
  for (const agent of agents) agent.dispose?.();
  return { result: resultOf(state, agents, tallies, gameIndex, state.board ? suggestionsByRoom : null), views };
}

/** What a step on the board adds to the tallies: a walk that entered no room, a room entered, a suggestion made there. */
function tallyBoard(before: GameState, after: GameState, tally: SeatTally, suggestionsByRoom: number[]): void {
  const board = after.board!;
  if (before.phase.kind === 'walk' && after.phase.kind === 'accuse') tally.turnsMoving++;
  if (board.entered !== null && before.board!.entered === null) tally.roomsVisited |= 1 << ROOMS.indexOf(board.entered);
  if (before.phase.kind === 'suggest') suggestionsByRoom[ROOMS.indexOf(before.board!.entered!)]++;
}

/** The agent's answer to the decision its seat faces, as an action. */
function askAgent(agent: Agent, view: SeatView, state: GameState, tally: SeatTally): Action {
  const phase = state.phase as Exclude<Phase, { kind: 'over' | 'roll' }>;
  switch (phase.kind) {
    case 'move': {
      tally.turnsTaken++;
      const options = legalActions(state).map((a) => a.type as Opening);
      return { type: movementOf(agent).open(view, situationOf(state, phase.seat), options) };
    }
    case 'walk':
      return { type: 'walk', to: movementOf(agent).walk(view, situationOf(state, phase.seat), phase.destinations) };
    case 'suggest': {
      if (!state.board) {
        tally.turnsTaken++;
        return { type: 'suggest', cards: agent.suggest(view) };
      }
      const { binding, entered } = state.board;
      return { type: 'suggest', cards: agent.suggest(view, binding.roomCard[ROOMS.indexOf(entered!)]) };
    }
    case 'refute':
      return { type: 'show', card: agent.refute(view, phase.suggestion.by, [...phase.held]) };
    case 'accuse': {
      const decision = agent.decide(view);
      if (decision.certain && tally.turnsToCertain === null) tally.turnsToCertain = tally.turnsTaken;
      return decision.accusation ? { type: 'accuse', cards: decision.accusation } : { type: 'pass' };
    }
  }
}

const towardsNearestRoom = movementPolicy(anyRoom);

function movementOf(agent: Agent) {
  return agent.movement ?? towardsNearestRoom;
}

/** The board as `seat` sees it: everything on it is public. */
function situationOf(state: GameState, seat: number): BoardSituation {
  const board = state.board!;
  return { rules: board.rules, binding: board.binding, pawns: board.pawns, summoned: board.summoned[seat] };
}

function applyFor(agent: Agent, state: GameState, action: Action): Step {
  try {
    return applyAction(state, action);
  } catch (error) {
    if (error instanceof IllegalActionError) throw new IllegalActionError(`agent ${agent.label} made an illegal move: ${error.message}`, { cause: error });
    throw error;
  }
}

function resultOf(state: GameState, agents: Agent[], tallies: SeatTally[], gameIndex: number, suggestionsByRoom: number[] | null): GameResult {
  const seatResults: SeatResult[] = agents.map((agent, seat) => ({
    seat,
    agent: agent.label,
    won: state.winner === seat,
    eliminated: state.eliminated[seat],
    wrongAccusations: tallies[seat].wrongAccusations,
    turnsTaken: tallies[seat].turnsTaken,
    turnsToWin: state.winner === seat ? tallies[seat].turnsTaken : null,
    turnsToCertain: tallies[seat].turnsToCertain,
    ...(suggestionsByRoom && { turnsMoving: tallies[seat].turnsMoving, roomsVisited: popcount(tallies[seat].roomsVisited) }),
  }));
  return {
    game: gameIndex,
    seats: agents.map((a) => a.label),
    winner: state.winner,
    unsolved: state.winner === null,
    turns: state.turn,
    rounds: state.round,
    seatResults,
    ...(suggestionsByRoom && { suggestionsByRoom }),
  };
}
