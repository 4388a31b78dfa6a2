// The executor that runs tasks in the calling thread: no parallelism, no copies. Tests and small
// jobs use it; it answers exactly as a worker pool would, since tasks are the same functions.
import { CancelledError, type Executor, type RunOptions, type TaskRef } from './executor.js';
import { resolveTaskModule } from './task-module.js';

type TaskModule = Record<string, (payload: unknown) => unknown>;

export class InProcessExecutor implements Executor {
  private readonly modules = new Map<string, Promise<TaskModule>>();

  /** `threads` only says how many tasks a request is cut into: they still run one after another. */
  constructor(readonly threads = 1) {}

  async run<R>(task: TaskRef, payload: unknown, options: RunOptions = {}): Promise<R> {
    if (options.signal?.aborted) throw new CancelledError('the request was cancelled');
    let module = this.modules.get(task.module);
    if (!module) {
      module = import(resolveTaskModule(task.module, 'source')) as Promise<TaskModule>;
      this.modules.set(task.module, module);
    }
    const handler = (await module)[task.name];
    if (typeof handler !== 'function') throw new Error(`${task.module} has no task "${task.name}"`);
    return (await handler(payload)) as R;
  }

  async close(): Promise<void> {}
}
