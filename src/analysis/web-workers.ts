// The library on Web Workers, as the advisor runs it: the page compiles the Wasm modules once and
// hands them to every worker; each worker serves the library's task modules (the suggestions'
// draws and scores, the knowledge computations, the opponents). The worker's script is the
// caller's own (a bundler must see it), and is one line: serveLibraryTasks().
import { WASM_PATH } from '../knowledge/wasm-core.js';
import { loadWasmModule, provideWasmModule } from '../knowledge/wasm-module.js';
import { KRIPKE_WASM_PATH } from '../epistemic/kripke-wasm.js';
import { BDD_WASM_PATH } from '../epistemic/bdd-wasm.js';
import { WebWorkerPool } from '../runtime/web-pool.js';
import { serveTasks } from '../runtime/web-worker.js';
import type { TaskModule } from '../runtime/executor.js';
import * as analysisTasks from './tasks.js';
import * as epistemicTasks from './epistemic-tasks.js';
import * as opponentTasks from './opponent-tasks.js';

/** Every task module of the library, by id: what a pool must serve for analyze, suggest, opponents and knows. */
export const LIBRARY_TASK_MODULES: Readonly<Record<string, TaskModule>> = Object.freeze({
  [analysisTasks.ANALYSIS_TASKS]: analysisTasks,
  [epistemicTasks.EPISTEMIC_TASKS]: epistemicTasks,
  [opponentTasks.OPPONENT_TASKS]: opponentTasks,
});

export interface LibraryWorkerOptions {
  /** Starts one worker whose script calls serveLibraryTasks(), e.g. `() => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`. */
  makeWorker: () => Worker;
  /** How many workers (default: the browser's hardware concurrency, at most 4). */
  threads?: number;
}

/**
 * A pool of Web Workers serving the library's tasks, for the `executor` option of suggest,
 * analyze, opponents and knows. Loads the Wasm modules in this page first (and provides them
 * here too, for what runs on the page's own thread). Close it when done.
 */
export async function libraryWorkerPool(options: LibraryWorkerOptions): Promise<WebWorkerPool> {
  // The decision diagrams too: opponents() of a log with endmoves past the explicit limit is answered symbolically.
  const urls = [WASM_PATH, KRIPKE_WASM_PATH, BDD_WASM_PATH];
  const modules = await Promise.all(urls.map((url) => loadWasmModule(url)));
  const threads = options.threads ?? Math.min(4, Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2));
  return new WebWorkerPool({ makeWorker: options.makeWorker, threads, init: urls.map((url, i) => [url.href, modules[i]] as const) });
}

/** The body of a library worker's script: serves LIBRARY_TASK_MODULES with the Wasm modules the page sends. */
export function serveLibraryTasks(): void {
  serveTasks(LIBRARY_TASK_MODULES, (init) => {
    for (const [url, module] of init as Array<[string, WebAssembly.Module]>) provideWasmModule(url, module);
  });
}
