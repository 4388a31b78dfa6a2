// An agent written in JavaScript or TypeScript (compiled), loaded as an ES module in each thread:
// its default export makes the Agent of one seat of one game. It is untrusted as a program is: an
// error it throws is a crash, an illegal move an illegal fault, an answer it promises and does not
// give within the timeout a timeout (a synchronous endless loop cannot be interrupted in its thread).
// Each call is numbered in the seat's game and its answer kept, for the reason of a fault.
import { AgentFault, type Agent, type Awaitable, type Exchange, type MovementPolicy } from '../../game/agent.js';
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
  let calls = 0;
  let last: Exchange | null = null;
  /** Calls the agent's `method`, numbered, its answer bounded by the timeout and kept as the exchange's reply. */
  const call = <T>(method: string, answer: () => Awaitable<T>): Awaitable<T> => {
    const exchange: Exchange = { request: { type: method, id: ++calls } };
    last = exchange;
    const keep = (value: T): T => {
      exchange.reply = shown(value);
      return value;
    };
    const given = bounded(answer());
    return given instanceof Promise ? given.then(keep) : keep(given);
  };
  const own: MovementPolicy | undefined = agent.movement && {
    open: (view, board, options) => call('movement.open', () => agent.movement!.open(view, board, options)),
    walk: (view, board, destinations) => call('movement.walk', () => agent.movement!.walk(view, board, destinations)),
  };
  return {
    label: definition.name,
    untrusted: true,
    reportsCertainty: agent.reportsCertainty !== false,
    lastExchange: () => last,
    movement: own ?? movement,
    suggest: (view, room) => call('suggest', () => agent.suggest(view, room)),
    refute: (view, suggester, held, suggested) => call('refute', () => agent.refute(view, suggester, held, suggested)),
    decide: (view) => call('decide', () => agent.decide(view)),
    ...(agent.end && { end: (view, outcome) => bounded(agent.end!(view, outcome)) }),
    ...(agent.dispose && { dispose: () => agent.dispose!() }),
  };
}

/** An answer as a reason quotes it: its JSON (card indices as numbers), or its text when it has none. */
function shown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
