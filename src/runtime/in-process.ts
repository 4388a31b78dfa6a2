// The executor that runs tasks in the calling thread: no parallelism, no copies. It is given its
// task modules (imported by the caller), so it loads nothing itself and runs the same in Node and
// in a browser; it answers exactly as a worker pool would, since tasks are the same functions.
import { CancelledError, taskFunction, type Executor, type RunOptions, type TaskModule, type TaskRef } from './executor.js';

export class InProcessExecutor implements Executor {
  constructor(
    /** The task modules it runs, by id ("analysis/tasks"). */
    private readonly modules: Readonly<Record<string, TaskModule>>,
    /** Only how many tasks a request is cut into: they still run one after another. */
    readonly threads = 1,
  ) {}

  async run<R>(task: TaskRef, payload: unknown, options: RunOptions = {}): Promise<R> {
    // Each task waits its turn behind what the event loop has queued (a timer, a progress
    // callback's abort), so that a request's tasks can be cancelled between one and the next.
    await nextTurn();
    if (options.signal?.aborted) throw new CancelledError('the request was cancelled');
    const module = this.modules[task.module];
    if (module === undefined) throw new Error(`this executor was given no task module ${task.module}`);
    return (await taskFunction(module, task)(payload)) as R;
  }

  async close(): Promise<void> {}
}

/** Resolves after the event loop's pending work: setImmediate in Node, a message in a browser. */
function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  if (immediate !== undefined) return new Promise((resolve) => immediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
