// A worker pool of Node (worker threads) that preloads the tournament's task: what the command
// line plays games on. Node only.
import { WorkerPool } from '../runtime/pool.js';
import { TOURNAMENT_TASKS } from './tasks.js';

/** The module that lets a thread play agents from outside (programs and modules). */
const EXTERNAL_AGENTS = 'agents/external/node';

/** A pool whose threads load the tournament task, and play agents from outside, from start-up. */
export function tournamentPool(threads?: number): WorkerPool {
  return new WorkerPool({ threads, preload: [TOURNAMENT_TASKS, EXTERNAL_AGENTS] });
}
