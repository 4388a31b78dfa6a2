// A pool worker (Node's worker threads, under Piscina): imports task modules on first use (or at
// start-up, for the pool's preload list, calling their warmUp) and runs the named export on each
// payload. Results go back through Piscina.
import { workerData } from 'node:worker_threads';
import { taskFunction, type TaskModule, type TaskRef } from './executor.js';

const modules = new Map<string, Promise<TaskModule>>();

function load(url: string): Promise<TaskModule> {
  let loaded = modules.get(url);
  if (!loaded) {
    loaded = import(url) as Promise<TaskModule>;
    modules.set(url, loaded);
  }
  return loaded;
}

const preload = (workerData as { preload?: string[] } | undefined)?.preload ?? [];
for (const module of await Promise.all(preload.map(load))) (module.warmUp as (() => void) | undefined)?.();

export default async function run(task: { url: string; ref: TaskRef; payload: unknown }): Promise<unknown> {
  return taskFunction(await load(task.url), task.ref)(task.payload);
}
