// A worker pool of Node (worker threads) that preloads the tournament's task: what the command
// line plays games on. Node only.
import { WorkerPool } from '../runtime/pool.js';
import { endPrograms, listenForPrograms } from '../agents/external/program-registry.js';
import { TOURNAMENT_TASKS } from './tasks.js';

/** The module that lets a thread play agents from outside (programs and modules). */
const EXTERNAL_AGENTS = 'agents/external/node';

/**
 * A pool whose threads load the tournament task, and play agents from outside, from start-up.
 * Closing it ends the programs its threads started (program-registry.ts).
 */
export function tournamentPool(threads?: number): WorkerPool {
  listenForPrograms();
  return new TournamentPool({ threads, preload: [TOURNAMENT_TASKS, EXTERNAL_AGENTS] });
}

class TournamentPool extends WorkerPool {
  override async close(): Promise<void> {
    await super.close();
    await endPrograms();
  }
}
