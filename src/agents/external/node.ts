// Agents from outside, in Node: programs (one process per agent and thread, started on first use)
// and ES modules (imported once per thread). Importing this module registers both kinds for the
// thread; the tournament's worker threads preload it. Node only.
import { AgentFault, type Agent } from '../../game/agent.js';
import type { Deck } from '../../model/deck.js';
import { anyRoom, movementPolicy } from '../movement.js';
import { registerExternalAgentKind, type ExternalAgentDefinition } from './definitions.js';
import { AgentProcess } from './agent-process.js';
import { protocolAgent } from './protocol-agent.js';
import { agentMakerProblem, moduleAgent, type AgentMaker } from './module-agent.js';

/** On a board, a module agent without a movement policy of its own is walked to the nearest room, any room. */
const ENGINE_MOVEMENT = movementPolicy(anyRoom);

const processes = new Map<string, AgentProcess>();
const makers = new Map<string, AgentMaker>();

registerExternalAgentKind('command', {
  async prepare(definition) {
    if (processes.has(definition.name)) return;
    const process = new AgentProcess(definition);
    processes.set(definition.name, process);
    await process.start();
  },
  make: (seat) => protocolAgent(processes.get(seat.definition.name)!, seat),
});

registerExternalAgentKind('module', {
  async prepare(definition) {
    if (makers.has(definition.name)) return;
    makers.set(definition.name, await loadAgentModule(definition));
  },
  make(seat) {
    try {
      return moduleAgent(makers.get(seat.definition.name)!, seat, ENGINE_MOVEMENT);
    } catch (error) {
      return failed(seat.definition.name, error instanceof AgentFault ? error : new AgentFault('crash', (error as Error).message));
    }
  },
});

/** Imports an agent module and checks its default export; throws an Error saying what is wrong. */
export async function loadAgentModule(definition: ExternalAgentDefinition): Promise<AgentMaker> {
  let module: { default?: unknown };
  try {
    module = (await import(definition.module!)) as { default?: unknown };
  } catch (error) {
    throw new Error(`cannot load the module: ${(error as Error).message.split('\n')[0]}`);
  }
  const problem = agentMakerProblem(module.default);
  if (problem !== null) throw new Error(problem);
  return module.default as AgentMaker;
}

/** Starts a program and awaits its hello, then ends it: the check made before a run's first game. */
export async function checkAgentProgram(definition: ExternalAgentDefinition): Promise<void> {
  const process = new AgentProcess(definition);
  try {
    await process.start();
  } catch (error) {
    const tail = process.stderrTail();
    throw new Error(`${(error as Error).message}${tail && !(error as Error).message.includes(tail) ? `; it wrote: ${tail}` : ''}`);
  } finally {
    await process.close();
  }
}

/** Imports a module and makes one agent with it, as each game will: the check made before a run's first game. */
export async function checkAgentModule(definition: ExternalAgentDefinition, deck: Deck): Promise<void> {
  const make = await loadAgentModule(definition);
  try {
    moduleAgent(make, { definition, runSeed: 0, game: 0, seat: 0, deck, players: ['P0', 'P1'] }, ENGINE_MOVEMENT);
  } catch (error) {
    throw new Error(error instanceof AgentFault ? error.message : `its default export threw: ${(error as Error).message}`);
  }
}

/** Ends this thread's programs (their input closed; killed after a grace period). */
export async function closeAgentPrograms(): Promise<void> {
  const closing = [...processes.values()].map((p) => p.close());
  processes.clear();
  await Promise.all(closing);
}

/** A seat whose agent could not be made: every decision is the same fault. */
function failed(label: string, fault: AgentFault): Agent {
  const fail = (): never => {
    throw fault;
  };
  return { label, untrusted: true, movement: ENGINE_MOVEMENT, suggest: fail, refute: fail, decide: fail };
}
