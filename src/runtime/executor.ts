// Where work runs. A task is named by the module that exports it and the export's name, so the
// runtime knows nothing of what it runs: analysis and tournaments declare their own task modules,
// and every executor (in this thread, Node's worker threads, a browser's Web Workers, a remote
// queue) runs them the same way.
//
// A task module is named by its id, its path under the package's source root without extension
// ("analysis/tasks"). Its exports are the tasks: functions of one payload (plain data, typed
// arrays included) returning a result (the same). A task module may export `warmUp`, which every
// worker that preloads the module calls once at start-up.

/** A task: export `name` of the task module `module` (its id, e.g. "analysis/tasks"). */
export interface TaskRef {
  module: string;
  name: string;
}

/** A task module's exports. */
export type TaskModule = Readonly<Record<string, unknown>>;

export interface RunOptions {
  signal?: AbortSignal;
}

export interface Executor {
  /** How many tasks run at once. */
  readonly threads: number;
  run<R>(task: TaskRef, payload: unknown, options?: RunOptions): Promise<R>;
  close(): Promise<void>;
}

/** The request was cancelled (its AbortSignal fired). */
export class CancelledError extends Error {
  override name = 'CancelledError';
}

/** A worker threw or died while serving a request. The pool replaces it and goes on serving. */
export class WorkerFailedError extends Error {
  override name = 'WorkerFailedError';
}

/** The function a task names in its module, or an error saying what is missing. */
export function taskFunction(module: TaskModule, task: TaskRef): (payload: unknown) => unknown {
  const handler = module[task.name];
  if (typeof handler !== 'function') throw new Error(`task module ${task.module} has no task "${task.name}"`);
  return handler as (payload: unknown) => unknown;
}

/**
 * Runs `work` on the caller's executor, or on one made for this call by `make` and closed after
 * it, whatever happens.
 */
export async function withExecutor<T>(given: Executor | undefined, make: () => Executor, work: (executor: Executor) => Promise<T>): Promise<T> {
  if (given) return work(given);
  const executor = make();
  try {
    return await work(executor);
  } finally {
    await executor.close();
  }
}
