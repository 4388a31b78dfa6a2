// A pool worker (Node's worker threads, under Piscina): imports task modules on first use (or at
// start-up, for the pool's preload list, calling their warmUp) and runs the named export on each
// payload. Results go back through Piscina.
//
// No top-level await here: Node 20 aborts the whole process (a V8 check, SIGTRAP) when a worker
// is terminated just as it starts evaluating a module that has one, and Piscina terminates
// workers on cancellation and on close. The start-up work is a promise of the task function
// instead, which Piscina awaits before the first task.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { taskFunction, type AnyTask, type TaskModule } from './executor.js';

const modules = new Map<string, Promise<TaskModule>>();

/**
 * Run from the TypeScript sources (task-module.ts), this worker was started with tsx's require
 * hook, which compiles what it requires: Node 20 runs no loader hooks for a worker's import().
 */
const requireSource = createRequire(import.meta.url);

function load(url: string): Promise<TaskModule> {
  let loaded = modules.get(url);
  if (!loaded) {
    loaded = url.endsWith('.ts') ? Promise.resolve().then(() => requireSource(fileURLToPath(url)) as TaskModule) : (import(url) as Promise<TaskModule>);
    modules.set(url, loaded);
  }
  return loaded;
}

async function run(task: { url: string; ref: AnyTask; payload: unknown }): Promise<unknown> {
  return taskFunction(await load(task.url), task.ref)(task.payload);
}

/** Imports and warms up the preloaded task modules, then hands Piscina the task function. */
async function start(): Promise<typeof run> {
  const preload = (workerData as { preload?: string[] } | undefined)?.preload ?? [];
  for (const module of await Promise.all(preload.map(load))) (module.warmUp as (() => void) | undefined)?.();
  return run;
}

export default start();
