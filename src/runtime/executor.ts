// Where work runs. A task is named by the module that exports it and the export's name, so the
// runtime knows nothing of what it runs: analysis and tournaments register their own task modules,
// and every executor (in process, a worker pool, later a remote queue) runs them the same way.

/** A task: export `name` of the ES module at `module` (a file URL), called with one payload. */
export interface TaskRef {
  module: string;
  name: string;
}

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
