// The game loop, as a driver of the rules (rules/): deal, then until the game is over ask the
// agent of the seat to move for its action, apply it, and deliver each event to every seat as
// that seat sees it. Agents see only their SeatView; the state, and so the deal, stays here.
import type { Agent } from './agents/agent.js';
import type { Random } from '../model/random.js';
import type { GameEvent } from '../model/game.js';
import { cardsOfMask } from '../model/bits.js';
import { SeatView, type ViewWriter } from './seat-view.js';
import type { GameResult, SeatResult } from './results.js';
import { handSizesOf, randomDeal, type Deal, type GameSpec } from './rules/deal.js';
import { newGame, type GameState, type Phase } from './rules/state.js';
import { applyAction, IllegalActionError, type Action, type Step } from './rules/actions.js';
import { eventSeenBy } from './rules/events.js';

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

/** What the driver tallies per seat beyond the rules: its own turns and when it became certain. */
interface SeatTally {
  turnsTaken: number;
  turnsToCertain: number | null;
  wrongAccusations: number;
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
  const tallies: SeatTally[] = agents.map(() => ({ turnsTaken: 0, turnsToCertain: null, wrongAccusations: 0 }));

  /** The one place a seat learns of an event: its view records it, then its observer hears it. */
  const deliver = (seat: number, seen: GameEvent) => {
    writers[seat](seen);
    options.observers?.[seat]?.(seen);
  };

  while (state.phase.kind !== 'over') {
    const seat = state.phase.seat;
    const action = askAgent(agents[seat], views[seat], state.phase, tallies[seat]);
    const step = applyFor(agents[seat], state, action);
    for (const tableEvent of step.events) {
      for (let s = 0; s < spec.players.length; s++) deliver(s, eventSeenBy(tableEvent, s));
      const { event } = tableEvent;
      if (event.type === 'accusation' && !event.correct) tallies[event.by].wrongAccusations++;
    }
    state = step.state;
  }
  for (const agent of agents) agent.dispose?.();
  return { result: resultOf(state, agents, tallies, gameIndex), views };
}

/** The agent's answer to the decision its seat faces, as an action. */
function askAgent(agent: Agent, view: SeatView, phase: Exclude<Phase, { kind: 'over' }>, tally: SeatTally): Action {
  switch (phase.kind) {
    case 'suggest':
      tally.turnsTaken++;
      return { type: 'suggest', cards: agent.suggest(view) };
    case 'refute':
      return { type: 'show', card: agent.refute(view, phase.suggestion.by, [...phase.held]) };
    case 'accuse': {
      const decision = agent.decide(view);
      if (decision.certain && tally.turnsToCertain === null) tally.turnsToCertain = tally.turnsTaken;
      return decision.accusation ? { type: 'accuse', cards: decision.accusation } : { type: 'pass' };
    }
  }
}

function applyFor(agent: Agent, state: GameState, action: Action): Step {
  try {
    return applyAction(state, action);
  } catch (error) {
    if (error instanceof IllegalActionError) throw new IllegalActionError(`agent ${agent.label} made an illegal move: ${error.message}`, { cause: error });
    throw error;
  }
}

function resultOf(state: GameState, agents: Agent[], tallies: SeatTally[], gameIndex: number): GameResult {
  const seatResults: SeatResult[] = agents.map((agent, seat) => ({
    seat,
    agent: agent.label,
    won: state.winner === seat,
    eliminated: state.eliminated[seat],
    wrongAccusations: tallies[seat].wrongAccusations,
    turnsTaken: tallies[seat].turnsTaken,
    turnsToWin: state.winner === seat ? tallies[seat].turnsTaken : null,
    turnsToCertain: tallies[seat].turnsToCertain,
  }));
  return {
    game: gameIndex,
    seats: agents.map((a) => a.label),
    winner: state.winner,
    unsolved: state.winner === null,
    turns: state.turn,
    rounds: state.round,
    seatResults,
  };
}
