// A worker pool of Node (worker threads) that preloads the tournament's task: what the command
// line plays games on. Node only.
import { WorkerPool } from '../runtime/pool.js';
import { TOURNAMENT_TASKS } from './tasks.js';

/** A pool whose threads load the tournament task at start-up. */
export function tournamentPool(threads?: number): WorkerPool {
  return new WorkerPool({ threads, preload: [TOURNAMENT_TASKS] });
}
