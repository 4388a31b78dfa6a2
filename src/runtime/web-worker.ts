// The inside of a browser pool's worker (web-pool.ts): serves the task modules it was given
// (imported by the worker's own script, so that a bundler includes them), one task at a time,
// sending results back with their typed arrays' buffers transferred rather than copied.
import { taskFunction, type TaskModule } from './executor.js';
import type { FromWorker, ToWorker } from './web-pool.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

/**
 * Serves `modules` (by id) in this worker. `init` receives the pool's init message (e.g. compiled
 * Wasm modules to provide) before any task runs; each module's warmUp, if it has one, runs after it.
 */
export function serveTasks(modules: Readonly<Record<string, TaskModule>>, init?: (data: unknown) => void | Promise<void>): void {
  const scope = globalThis as unknown as WorkerScope;
  let ready: Promise<void> = Promise.resolve();
  scope.onmessage = (event) => {
    const message = event.data;
    if (message.kind === 'init') {
      ready = ready.then(async () => {
        await init?.(message.data);
        for (const module of Object.values(modules)) (module.warmUp as (() => void) | undefined)?.();
      });
      return;
    }
    ready = ready.then(async () => {
      try {
        const module = modules[message.task.module];
        if (module === undefined) throw new Error(`this worker serves no task module ${message.task.module}`);
        const result = await taskFunction(module, message.task)(message.payload);
        scope.postMessage({ id: message.id, ok: true, result }, buffersOf(result));
      } catch (error) {
        scope.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    });
  };
}

/**
 * The buffers of the typed arrays a result holds (itself, or its own values), to transfer: only
 * buffers a view spans whole, which are its own (a view into Wasm memory must never be detached).
 */
function buffersOf(result: unknown): Transferable[] {
  const values = ArrayBuffer.isView(result) ? [result] : typeof result === 'object' && result !== null ? Object.values(result) : [];
  const buffers = new Set<ArrayBuffer>();
  for (const v of values) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) buffers.add(v.buffer);
  }
  return [...buffers];
}
