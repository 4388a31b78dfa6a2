// A pool worker: imports task modules on first use (or at start-up, for the pool's preload list)
// and runs the named export on each payload. Results go back through Piscina or into the
// request's SharedArrayBuffers.
import { workerData } from 'node:worker_threads';

type TaskModule = Record<string, (payload: unknown) => unknown>;

const modules = new Map<string, Promise<TaskModule>>();

function load(module: string): Promise<TaskModule> {
  let loaded = modules.get(module);
  if (!loaded) {
    loaded = import(module) as Promise<TaskModule>;
    modules.set(module, loaded);
  }
  return loaded;
}

const preload = (workerData as { preload?: string[] } | undefined)?.preload ?? [];
await Promise.all(preload.map(load));

export default async function run(task: { module: string; name: string; payload: unknown }): Promise<unknown> {
  const handler = (await load(task.module))[task.name];
  if (typeof handler !== 'function') throw new Error(`${task.module} has no task "${task.name}"`);
  return handler(task.payload);
}
