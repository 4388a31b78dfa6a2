// An agent written in JavaScript or TypeScript (compiled), loaded as an ES module in each thread:
// its default export makes the Agent of one seat of one game. It is untrusted as a program is: an
// error it throws is a crash, an illegal move an illegal fault, an answer it promises and does not
// give within the timeout a timeout (a synchronous endless loop cannot be interrupted in its thread).
import { AgentFault, type Agent, type Awaitable } from '../../game/agent.js';
import type { Deck } from '../../model/deck.js';
import { Random } from '../../model/random.js';
import type { ExternalSeat } from './definitions.js';
import { forCount } from '../../model/numbers.js';

/** What a module's default export is given for one seat of one game. */
export interface AgentContext {
  /** The name it plays under. */
  label: string;
  seat: number;
  /** The game's number in the run. */
  game: number;
  players: readonly string[];
  deck: Deck;
  /** Its randomness: a generator of its own, seeded from the run's seed, the game and the seat. */
  random: Random;
}

/** The default export of an agent module. */
export type AgentMaker = (context: AgentContext) => Agent;

/** Why a module's export cannot make agents, or null. */
export function agentMakerProblem(exported: unknown): string | null {
  if (typeof exported !== 'function') return `its default export must be a function that makes an agent, not ${exported === undefined ? 'missing' : typeof exported}`;
  return null;
}

/** Why `agent` is not an Agent, or null. */
export function agentProblem(agent: unknown): string | null {
  if (agent === null || typeof agent !== 'object') return `its default export returned ${agent === null ? 'null' : typeof agent}, not an agent`;
  const missing = ['suggest', 'refute', 'decide'].filter((m) => typeof (agent as Record<string, unknown>)[m] !== 'function');
  return missing.length === 0 ? null : `the agent it made has no ${missing.join(', ')} ${forCount(missing.length, 'method')}`;
}

/** The agent of one seat, guarded: untrusted, every promised answer bounded by the timeout. */
export function moduleAgent(make: AgentMaker, seat: ExternalSeat, movement: Agent['movement']): Agent {
  const { definition } = seat;
  const context: AgentContext = { label: definition.name, seat: seat.seat, game: seat.game, players: seat.players, deck: seat.deck, random: new Random(seat.runSeed, seat.game, 1 + seat.seat) };
  const agent = make(context);
  const problem = agentProblem(agent);
  if (problem !== null) throw new AgentFault('crash', problem);
  const bounded = <T>(answer: Awaitable<T>): Awaitable<T> => {
    if (!(answer instanceof Promise)) return answer;
    let timer: ReturnType<typeof setTimeout>;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new AgentFault('timeout', `no answer within ${definition.timeoutMs} ms`)), definition.timeoutMs)));
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
  return {
    label: definition.name,
    untrusted: true,
    movement: agent.movement ?? movement,
    suggest: (view, room) => bounded(agent.suggest(view, room)),
    refute: (view, suggester, held, suggested) => bounded(agent.refute(view, suggester, held, suggested)),
    decide: (view) => bounded(agent.decide(view)),
    ...(agent.end && { end: (view, outcome) => bounded(agent.end!(view, outcome)) }),
    ...(agent.dispose && { dispose: () => agent.dispose!() }),
  };
}
