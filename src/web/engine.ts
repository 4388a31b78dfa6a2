// The advisor's engine: the library, run as it runs in Node. The page compiles the Wasm modules
// once and opens each game on its own thread (OpenGame: the notebook and explanations take
// milliseconds); the long work goes to a pool of Web Workers, the same tasks a command line runs
// on worker threads: the suggestions' draws and scores, and the opponents' knowledge.
import { libraryWorkerPool } from '../analysis/web-workers.js';
import type { WebWorkerPool } from '../runtime/web-pool.js';

export interface Engine {
  pool: WebWorkerPool;
}

/** Loads the Wasm modules and starts the workers (two to four, or the page's ?workers=N). */
export async function startEngine(): Promise<Engine> {
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  const threads = Number.isInteger(asked) && asked >= 1 && asked <= 16 ? asked : Math.min(4, Math.max(2, navigator.hardwareConcurrency || 2));
  const pool = await libraryWorkerPool({ makeWorker: () => new Worker(new URL('./task-worker.ts', import.meta.url), { type: 'module' }), threads });
  return { pool };
}
