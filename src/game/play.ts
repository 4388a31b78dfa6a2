// The game loop: chance acts from the game's generator (the deal, the dice), each seat's agent
// decides from its SeatView, and every event is delivered to every seat as that seat sees it
// (model/rules.ts seenBy). The state, and so the deal, stays here. The loop knows no statistics
// and plays no seat itself: whoever wants to measure a game observes its steps.
import type { Random } from '../model/random.js';
import type { GameEvent } from '../model/events.js';
import { seenBy } from '../model/rules.js';
import { cardsOfMask } from '../model/bits.js';
import type { Agent, Decision, Opening } from './agent.js';
import { SeatView, type ViewWriter } from './seat-view.js';
import type { Deal, GameSpec } from './rules/deal.js';
import { isChance, isTerminal, newGame, type GameState, type Phase } from './rules/state.js';
import { applyAction, IllegalActionError, legalActions, sampleChance, type Action, type Step } from './rules/actions.js';
import { ROOMS } from './board/classic.js';

/** One move of the game: chance's (seat null) or a seat's, the states around it, and what it made happen. */
export interface PlayStep {
  readonly before: GameState;
  /** The seat that decided, or null for chance. */
  readonly seat: number | null;
  readonly action: Action;
  readonly after: GameState;
  /** The events in full (each seat was told seenBy(event, seat)). */
  readonly events: readonly GameEvent[];
  /** At a seat's accusation decision: whether its agent said it knew the solution for certain. */
  readonly certain?: boolean;
}

export interface PlayOptions {
  /** The deal, when the caller made it (e.g. to script seats that know it); else chance draws it from the game's generator. */
  deal?: Deal;
  /** Called after every step, chance's included. */
  onStep?: (step: PlayStep) => void;
  /** Called with each event as `seat` saw it, after that seat's view has recorded it. */
  onSeen?: (seat: number, event: GameEvent) => void;
}

export interface PlayedGame {
  /** The state at the end. */
  final: GameState;
  /** Each seat's view at the end: its knowledge, replayable as a game log. */
  views: SeatView[];
}

/**
 * Plays one game. `agents[s]` plays seat s; `rng` is chance's generator (agents have their own).
 * An illegal action is a bug in the agent and throws an IllegalActionError naming it.
 */
export function playGame(spec: GameSpec, agents: Agent[], rng: Random, options: PlayOptions = {}): PlayedGame {
  if (agents.length !== spec.players.length) throw new Error(`playGame: ${agents.length} agents for ${spec.players.length} players`);
  if (spec.board) {
    const still = agents.find((a) => a.movement === undefined);
    if (still) throw new Error(`playGame: agent ${still.label} has no movement policy, and the game is on a board`);
  }
  let state = newGame(spec);
  const writers: ViewWriter[] = [];
  let views: SeatView[] = [];
  while (!isTerminal(state)) {
    const before = state;
    let step: Step;
    let seat: number | null = null;
    let action: Action;
    let certain: boolean | undefined;
    if (isChance(state)) {
      action = state.phase.kind === 'deal' && options.deal !== undefined ? { type: 'deal', deal: options.deal } : sampleChance(state, rng);
      step = applyAction(state, action);
    } else {
      seat = (state.phase as { seat: number }).seat;
      const answer = decide(agents[seat], views[seat], state);
      action = answer.action;
      certain = answer.certain;
      step = applyFor(agents[seat], state, action);
    }
    state = step.state;
    if (before.phase.kind === 'deal') {
      const deal = state.deal!;
      const table = { deck: spec.deck, players: spec.players, handSizes: [...state.handSizes], faceUp: deal.faceUp, rules: state.rules };
      views = spec.players.map((_, s) => new SeatView(table, s, cardsOfMask(deal.hands[s]), (w) => void (writers[s] = w)));
    }
    for (const event of step.events) {
      for (let s = 0; s < spec.players.length; s++) {
        const seen = seenBy(event, s);
        writers[s](seen);
        options.onSeen?.(s, seen);
      }
    }
    options.onStep?.({ before, seat, action, after: state, events: step.events, ...(certain !== undefined && { certain }) });
  }
  for (const agent of agents) agent.dispose?.();
  return { final: state, views };
}

/** The agent's answer to the decision its seat faces, as an action. */
function decide(agent: Agent, view: SeatView, state: GameState): { action: Action; certain?: boolean } {
  const phase = state.phase as Exclude<Phase, { kind: 'over' | 'roll' | 'deal' }>;
  switch (phase.kind) {
    case 'move': {
      const options = legalActions(state).map((a) => a.type as Opening);
      return { action: { type: agent.movement!.open(view, situationOf(state, phase.seat), options) } };
    }
    case 'walk':
      return { action: { type: 'walk', to: agent.movement!.walk(view, situationOf(state, phase.seat), phase.destinations) } };
    case 'suggest': {
      const room = state.board ? state.board.binding.roomCard[ROOMS.indexOf(state.board.entered!)] : undefined;
      return { action: { type: 'suggest', cards: agent.suggest(view, room) } };
    }
    case 'refute':
      return { action: { type: 'show', card: agent.refute(view, phase.suggestion.by, [...phase.held]) } };
    case 'accuse': {
      const decision: Decision = agent.decide(view);
      return { action: decision.accusation ? { type: 'accuse', cards: decision.accusation } : { type: 'pass' }, certain: decision.certain };
    }
  }
}

/** The board as `seat` sees it: everything on it is public. */
function situationOf(state: GameState, seat: number) {
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
