// Agents from outside the engine: a program speaking the process protocol (docs/agent-protocol.md)
// or an ES module. A run's configuration names them; each thread makes their seats through the
// kinds registered in it (Node registers both: ./node.ts), so that this layer stays free of Node.
import { InputError } from '../../model/errors.js';
import { Random } from '../../model/random.js';
import { quote } from '../../model/quote.js';
import { nameKey } from '../../model/names.js';
import type { Agent } from '../../game/agent.js';
import type { Deck } from '../../model/deck.js';

/** An agent from outside, as a run's configuration carries it (plain JSON: it travels to workers and shards). */
export interface ExternalAgentDefinition {
  /** What --agents and the reports call it. */
  name: string;
  /** A program: its command's words (no shell). */
  command?: string[];
  /** An ES module: its file URL; its default export makes the agent. */
  module?: string;
  /** The longest wait for one decision, in ms. */
  timeoutMs: number;
}

/** One seat of one game played by an external agent. */
export interface ExternalSeat {
  definition: ExternalAgentDefinition;
  /** The run's seed, the game's number in the run, the seat. */
  runSeed: number;
  game: number;
  seat: number;
  deck: Deck;
  players: readonly string[];
}

export type ExternalKind = 'command' | 'module';

/** How a thread plays one kind of external agent. */
export interface ExternalAgentKind {
  /** Gets the agent ready in this thread (a module imported, a program started), before its first game. */
  prepare(definition: ExternalAgentDefinition): Promise<void>;
  /** The agent of one seat of one game. */
  make(seat: ExternalSeat): Agent;
}

const kinds: Partial<Record<ExternalKind, ExternalAgentKind>> = {};

/** Lets this thread play agents of `kind` (Node's ./node.ts registers programs and modules). */
export function registerExternalAgentKind(kind: ExternalKind, implementation: ExternalAgentKind): void {
  kinds[kind] = implementation;
}

export function kindOf(definition: ExternalAgentDefinition): ExternalKind {
  return definition.command !== undefined ? 'command' : 'module';
}

function implementationOf(definition: ExternalAgentDefinition): ExternalAgentKind {
  const kind = kindOf(definition);
  const implementation = kinds[kind];
  if (implementation === undefined) throw new Error(`agent ${definition.name}: agents run as ${kind === 'command' ? 'programs' : 'modules'} need Node (import cluedo-engine/node, or play on tournamentPool)`);
  return implementation;
}

export async function prepareExternalAgents(definitions: readonly ExternalAgentDefinition[]): Promise<void> {
  for (const definition of definitions) await implementationOf(definition).prepare(definition);
}

export function makeExternalAgent(seat: ExternalSeat): Agent {
  return implementationOf(seat.definition).make(seat);
}

/**
 * The seed of a seat's n-th decision in a game: a pure function of the run's seed, the game, the
 * seat and n, so the same on any number of threads, in shards and on the queue.
 */
export function decisionSeed(runSeed: number, game: number, seat: number, n: number): number {
  return new Random(runSeed, game, 1 + seat, 0xa9e7, n).nextU32();
}

/** The rule for an agent's name: 1 to 40 letters, digits, '-', '_', '.' (no character of the --agents syntax: ",", ":", "="). */
export const AGENT_NAME = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * Why `name` cannot name an agent from outside, or null: it breaks AGENT_NAME (whose characters
 * the name rule of model/names.ts all accepts), or the name rule cannot tell it from a built-in agent's or from
 * one defined before (`defined`): "--agents Mine" names "mine", as "mustard" names "Colonel Mustard".
 */
export function agentNameProblem(name: string, builtIn: readonly string[], defined: readonly string[] = []): string | null {
  if (!AGENT_NAME.test(name)) return `agent name ${quote(name)} must be 1 to 40 letters, digits, "-", "_" or "."`;
  const builtInSame = builtIn.find((b) => nameKey(b) === nameKey(name));
  if (builtInSame !== undefined) return `agent name ${quote(name)} is a built-in agent's${builtInSame === name ? '' : ` (${quote(builtInSame)})`}; choose another`;
  const same = defined.find((d) => nameKey(d) === nameKey(name));
  if (same !== undefined) return `agent ${quote(name)} is defined twice${same === name ? '' : ` (as ${quote(same)})`} (names are matched ignoring case, spaces, "_", "-" and ".")`;
  return null;
}

export class ExternalAgentError extends InputError {
  override name = 'ExternalAgentError';
}
