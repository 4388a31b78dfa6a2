// The game loop: chance acts from the game's generator (the deal, the dice), each seat's agent
// decides from its SeatView, and every event is delivered to every seat as that seat sees it
// (model/rules.ts seenBy). The state, and so the deal, stays here. The loop knows no statistics
// and plays no seat itself: whoever wants to measure a game observes its steps, and the time its
// agents take to decide through a timer (PlayOptions.timer).
import type { Random } from '../model/random.js';
import type { GameEvent } from '../model/events.js';
import { seenBy } from '../model/rules.js';
import { cardsOfMask } from '../model/bits.js';
import { AgentFault, AgentUnavailableError, REPLY_BYTES_KEPT, type Agent, type Awaitable, type Decision, type GameOutcome, type Opening, type SyncAgent } from './agent.js';
import { utf8Head, utf8Length } from '../model/quote.js';
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
  /** The seat's untrusted agent failed this decision: the action is its forfeit. Its `reason` says why. */
  readonly fault?: AgentFault;
}

/** What times the decisions of a game's agents: a clock, and what is told each decision's time. */
export interface DecisionTimer {
  /** The time now, in milliseconds (e.g. `performance.now()`). */
  now(): number;
  /** Seat `seat`'s agent took `ms` to decide: from the call to its answer (a program's round trip), or to its failure. */
  decided(seat: number, ms: number): void;
}

export interface PlayOptions {
  /** The deal, when the caller made it (e.g. to script seats that know it); else chance draws it from the game's generator. */
  deal?: Deal;
  /** Called after every step, chance's included. */
  onStep?: (step: PlayStep) => void;
  /** Called with each event as `seat` saw it, after that seat's view has recorded it. */
  onSeen?: (seat: number, event: GameEvent) => void;
  /** Times every decision asked of an agent (absent: nothing is timed). */
  timer?: DecisionTimer;
}

export interface PlayedGame {
  /** The state at the end. */
  final: GameState;
  /** Each seat's view at the end: its knowledge, replayable as a game log. */
  views: SeatView[];
}

/**
 * Plays one game of agents that answer at once (every built-in agent), in one piece, as
 * tournaments of built-in agents do (the library exports only playGameAsync, as playGame).
 * `agents[s]` plays seat s; `rng` is chance's generator (agents have their own). A trusted
 * agent's illegal action is a bug and throws an IllegalActionError naming it.
 */
export function playGame(spec: GameSpec, agents: readonly SyncAgent[], rng: Random, options: PlayOptions = {}): PlayedGame {
  const game = playing(spec, agents, rng, options);
  let next = game.next();
  while (!next.done) {
    if (next.value instanceof Promise) throw new Error('playGame: an agent answered asynchronously; play the game with playGameAsync');
    next = game.next(next.value);
  }
  return next.value;
}

/**
 * Plays one game (the library's playGame). `agents[s]` plays seat s, answering at once (every
 * built-in agent) or asynchronously (programs, modules); `rng` is chance's generator (agents have
 * their own). A trusted agent's illegal action is a bug and rejects with an IllegalActionError
 * naming it.
 */
export async function playGameAsync(spec: GameSpec, agents: readonly Agent[], rng: Random, options: PlayOptions = {}): Promise<PlayedGame> {
  const game = playing(spec, agents, rng, options);
  let next = game.next();
  while (!next.done) {
    let answered: Answered;
    try {
      answered = await next.value;
    } catch (error) {
      next = game.throw(error);
      continue;
    }
    next = game.next(answered);
  }
  return next.value;
}

/** What a seat's agent answered, as an action (void for an end notification). */
type Answered = { action: Action; certain?: boolean } | void;

/**
 * The game as a sequence of the agents' answers: it yields each answer to wait for and is resumed
 * with it, so that one loop serves agents that answer at once and agents that answer later.
 */
function* playing(spec: GameSpec, agents: readonly Agent[], rng: Random, options: PlayOptions): Generator<Awaitable<Answered>, PlayedGame, Answered> {
  if (agents.length !== spec.players.length) throw new Error(`playGame: ${agents.length} agents for ${spec.players.length} players`);
  if (spec.board) {
    const still = agents.find((a) => a.movement === undefined);
    if (still) throw new Error(`playGame: agent ${still.label} has no movement policy, and the game is on a board`);
  }
  let state = newGame(spec);
  const writers: ViewWriter[] = [];
  let views: SeatView[] = [];
  const faulted = agents.map(() => false);
  // The full record, kept only for agents told of the game's end (the built-in ones are not).
  const record: GameEvent[] | null = agents.some((a) => a.end !== undefined) ? [] : null;
  while (!isTerminal(state)) {
    const before = state;
    let step: Step;
    let seat: number | null = null;
    let action: Action;
    let certain: boolean | undefined;
    let fault: AgentFault | undefined;
    if (isChance(state)) {
      action = state.phase.kind === 'deal' && options.deal !== undefined ? { type: 'deal', deal: options.deal } : sampleChance(state, rng);
      step = applyAction(state, action);
    } else {
      seat = (state.phase as { seat: number }).seat;
      const agent = agents[seat];
      let stepped: Step | undefined;
      action = { type: 'forfeit' };
      if (!faulted[seat]) {
        const timer = options.timer;
        const asked = timer?.now() ?? 0;
        let timed = false;
        try {
          const answer = (yield decide(agent, views[seat], state)) as { action: Action; certain?: boolean };
          timed = true;
          timer?.decided(seat, timer.now() - asked);
          stepped = applyAction(state, answer.action);
          action = answer.action;
          certain = answer.certain;
        } catch (error) {
          if (!timed) timer?.decided(seat, timer.now() - asked);
          fault = faultOf(agent, error, state.phase.kind);
        }
      }
      // A seat out by a fault is asked nothing more: it shows its first named card when it must.
      if (fault !== undefined) faulted[seat] = true;
      step = stepped ?? applyAction(state, action);
    }
    state = step.state;
    if (before.phase.kind === 'deal') {
      const deal = state.deal!;
      const table = { deck: spec.deck, players: spec.players, handSizes: [...state.handSizes], faceUp: deal.faceUp, rules: state.rules };
      views = spec.players.map((_, s) => new SeatView(table, s, cardsOfMask(deal.hands[s]), (w) => void (writers[s] = w)));
    }
    for (const event of step.events) {
      record?.push(event);
      for (let s = 0; s < spec.players.length; s++) {
        const seen = seenBy(event, s);
        writers[s](seen);
        options.onSeen?.(s, seen);
      }
    }
    options.onStep?.({ before, seat, action, after: state, events: step.events, ...(certain !== undefined && { certain }), ...(fault !== undefined && { fault }) });
  }
  const deal = state.deal!;
  const outcome: GameOutcome | null = record && { winner: state.winner, envelope: deal.envelope, hands: deal.hands.map(cardsOfMask), faceUp: deal.faceUp, events: record };
  for (let s = 0; s < agents.length; s++) {
    if (agents[s].end === undefined || outcome === null) continue;
    try {
      yield agents[s].end!(views[s], outcome);
    } catch (error) {
      faultOf(agents[s], error, 'end'); // the game is over: a failed notification changes nothing
    }
  }
  for (const agent of agents) agent.dispose?.();
  return { final: state, views };
}

/**
 * An untrusted agent's failure as a fault, with its reason (`asked`: the decision, for an agent
 * that does not say which request it was); anything else (a trusted agent's illegal move: a bug)
 * is thrown on.
 */
function faultOf(agent: Agent, error: unknown, asked: string): AgentFault {
  if (agent.untrusted && !(error instanceof AgentUnavailableError)) {
    const fault =
      error instanceof AgentFault
        ? error
        : error instanceof IllegalActionError
          ? new AgentFault('illegal', error.message)
          : new AgentFault('crash', error instanceof Error ? error.message : String(error));
    const exchange = agent.lastExchange?.() ?? null;
    const reply = fault.reply ?? exchange?.reply;
    const kept = reply === undefined ? undefined : utf8Head(reply, REPLY_BYTES_KEPT);
    fault.reason = {
      request: exchange?.request ?? { type: asked },
      ...(kept !== undefined && { reply: kept }),
      ...(kept !== undefined && kept !== reply && { replyBytes: utf8Length(reply!) }),
      problem: fault.message,
    };
    return fault;
  }
  if (error instanceof IllegalActionError) throw new IllegalActionError(`agent ${agent.label} made an illegal move: ${error.message}`, { cause: error });
  throw error;
}

/** The agent's answer to the decision its seat faces, as an action. */
function decide(agent: Agent, view: SeatView, state: GameState): Awaitable<{ action: Action; certain?: boolean }> {
  const phase = state.phase as Exclude<Phase, { kind: 'over' | 'roll' | 'deal' }>;
  switch (phase.kind) {
    case 'move': {
      const options = legalActions(state).map((a) => a.type as Opening);
      return then(agent.movement!.open(view, situationOf(state, phase.seat), options), (type) => ({ action: { type } }));
    }
    case 'walk':
      return then(agent.movement!.walk(view, situationOf(state, phase.seat), phase.destinations), (to) => ({ action: { type: 'walk', to } }));
    case 'suggest': {
      const room = state.board ? state.board.binding.roomCard[ROOMS.indexOf(state.board.entered!)] : undefined;
      return then(agent.suggest(view, room), (cards) => ({ action: { type: 'suggest', cards } }));
    }
    case 'refute':
      return then(agent.refute(view, phase.suggestion.by, [...phase.held], phase.suggestion.cards), (card) => ({ action: { type: 'show', card } }));
    case 'accuse':
      return then(agent.decide(view), (decision: Decision) => ({
        action: decision.accusation ? { type: 'accuse', cards: decision.accusation } : { type: 'pass' },
        certain: decision.certain,
      }));
  }
}

/** `f` of a value now, or of a promised value later: a synchronous agent costs no promise. */
function then<T, U>(value: Awaitable<T>, f: (v: T) => U): Awaitable<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** The board as `seat` sees it: everything on it is public. */
function situationOf(state: GameState, seat: number) {
  const board = state.board!;
  return { rules: board.rules, binding: board.binding, pawns: board.pawns, summoned: board.summoned[seat] };
}
