// The advisor's engine: the library, run as it runs in Node. The page compiles the Wasm modules
// once and opens each game on its own thread (OpenGame: the notebook and explanations take
// milliseconds); the long work goes to a pool of Web Workers, the same tasks a command line runs
// on worker threads: the suggestions' draws and scores, and the opponents' knowledge.
import { WASM_PATH } from '../knowledge/wasm-core.js';
import { loadWasmModule } from '../knowledge/wasm-module.js';
import { KRIPKE_WASM_PATH } from '../epistemic/kripke-wasm.js';
import { WebWorkerPool } from '../runtime/web-pool.js';

export interface Engine {
  pool: WebWorkerPool;
}

/** Loads the Wasm modules and starts the workers (two, or the page's ?workers=N). */
export async function startEngine(): Promise<Engine> {
  const urls = [WASM_PATH, KRIPKE_WASM_PATH];
  const modules = await Promise.all(urls.map((url) => loadWasmModule(url)));
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  const threads = Number.isInteger(asked) && asked >= 1 && asked <= 16 ? asked : Math.min(4, Math.max(2, navigator.hardwareConcurrency || 2));
  const pool = new WebWorkerPool({
    makeWorker: () => new Worker(new URL('./task-worker.ts', import.meta.url), { type: 'module' }),
    threads,
    init: urls.map((url, i) => [url.href, modules[i]] as const),
  });
  return { pool };
}
