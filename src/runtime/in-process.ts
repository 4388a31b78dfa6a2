// The executor that runs tasks in the calling thread: no parallelism, no copies. It is given its
// task modules (imported by the caller), so it loads nothing itself and runs the same in Node and
// in a browser; it answers exactly as a worker pool would, since tasks are the same functions.
import { CancelledError, taskFunction, type Executor, type RunOptions, type TaskModule, type TaskRef } from './executor.js';

export class InProcessExecutor implements Executor {
  /** Settled once the last task asked for has started (its synchronous part run): the next starts after it. */
  private started: Promise<void> = Promise.resolve();

  constructor(
    /** The task modules it runs, by id ("analysis/tasks"). */
    private readonly modules: Readonly<Record<string, TaskModule>>,
    /** Only how many tasks a request is cut into: they still run one after another. */
    readonly threads = 1,
  ) {}

  async run<P, R>(task: TaskRef<P, R>, payload: NoInfer<P>, options: RunOptions = {}): Promise<R> {
    // Tasks start one at a time, each a turn of the event loop after the one before it: what came
    // meanwhile (a timer, a progress callback's abort, a signal such as Ctrl-C, which Node reads in
    // the loop's poll phase) is handled between one and the next, so that a request's tasks can be
    // cancelled there. Tasks asked for together would otherwise all run in one turn.
    const turn = this.started.then(nextTurn);
    let start!: () => void;
    this.started = new Promise((resolve) => (start = resolve));
    try {
      await turn;
      if (options.signal?.aborted) throw new CancelledError('the request was cancelled');
      const module = this.modules[task.module];
      if (module === undefined) throw new Error(`this executor was given no task module ${task.module}`);
      const result = taskFunction(module, task)(payload);
      // An asynchronous task (an agent from outside awaited) lets the next one start meanwhile.
      start();
      return (await result) as R;
    } finally {
      start();
    }
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
