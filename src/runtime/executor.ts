// Where work runs. A task is named by the module that exports it and the export's name, so the
// runtime knows nothing of what it runs: analysis and tournaments declare their own task modules,
// and every executor (in this thread, Node's worker threads, a browser's Web Workers, a remote
// queue) runs them the same way.
//
// A task module is named by its id, its path under the package's source root without extension
// ("analysis/tasks"). Its exported functions are the tasks: functions of one payload (plain data,
// typed arrays included) returning a result (the same, or a promise of it). A task module may
// export `warmUp`, which every worker that preloads the module calls once at start-up. It exports
// typed references to its tasks (defineTasks), so that a call names its payload's and result's
// types once, where the task is, and the compiler checks every call.

/** Carries a task's payload and result types; never present at run time (a reference is plain data). */
declare const taskTypes: unique symbol;

/**
 * A task: export `name` of the task module `module` (its id, e.g. "analysis/tasks"), taking a
 * payload P and answering R. Made by defineTasks or defineTask; plain data, so it goes to workers as it is.
 */
export interface TaskRef<P = never, R = unknown> {
  readonly module: string;
  readonly name: string;
  readonly [taskTypes]: (payload: P) => R;
}

/** Any task, whatever its payload and result. */
export type AnyTask = TaskRef<never, unknown>;

/** A task function: one payload in, a result (or a promise of one) out. */
type TaskFunction = (payload: never) => unknown;

/** The typed references to the tasks of `tasks`, by name. */
export type TaskRefs<M extends Record<string, TaskFunction>> = {
  readonly [N in keyof M]: M[N] extends (payload: infer P) => infer R ? TaskRef<P, Awaited<R>> : never;
};

/**
 * References to the tasks of module `module` (its id), typed by the functions themselves: a task
 * module writes `export const TASKS = defineTasks(ID, { sample, tally })`, its own exports in
 * shorthand, so that each reference's name is its function's.
 */
export function defineTasks<M extends Record<string, TaskFunction>>(module: string, tasks: M): TaskRefs<M> {
  return Object.freeze(Object.fromEntries(Object.keys(tasks).map((name) => [name, defineTask(module, name)]))) as unknown as TaskRefs<M>;
}

/** A reference to one task of module `module`, typed by its caller (a module whose functions it cannot import). */
export function defineTask<P, R>(module: string, name: string): TaskRef<P, R> {
  return Object.freeze({ module, name }) as TaskRef<P, R>;
}

/** A task module's exports. */
export type TaskModule = Readonly<Record<string, unknown>>;

export interface RunOptions {
  signal?: AbortSignal;
}

export interface Executor {
  /** How many tasks run at once. */
  readonly threads: number;
  /** Runs `task` on `payload`; the task's reference gives both their types. */
  run<P, R>(task: TaskRef<P, R>, payload: NoInfer<P>, options?: RunOptions): Promise<R>;
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
export function taskFunction(module: TaskModule, task: AnyTask): (payload: unknown) => unknown {
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
