// Worker pools of Node (worker threads) that preload the analysis' task modules: what the command
// line runs sampling, suggestion scoring and drawn worlds on. Node only; in a browser the same
// tasks run on a WebWorkerPool (runtime/web-pool.ts).
import { WorkerPool } from '../runtime/pool.js';
import { ANALYSIS_TASKS } from './tasks.js';
import { EPISTEMIC_TASKS } from './epistemic-tasks.js';

/** A pool whose threads load the analysis tasks (and warm up their cores) at start-up. */
export function analysisPool(threads?: number): WorkerPool {
  return new WorkerPool({ threads, preload: [ANALYSIS_TASKS] });
}

/** A pool whose threads load the epistemic layer's task (drawn worlds for `knows` and the opponents). */
export function epistemicPool(threads?: number): WorkerPool {
  return new WorkerPool({ threads, preload: [EPISTEMIC_TASKS] });
}
