// The worker pool of Node: Piscina threads that run task modules (see executor.ts). A worker
// imports a task module once and keeps it, so a module's state (a warmed-up Wasm core, the last
// position it built) serves every later task on that thread.
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { CancelledError, WorkerFailedError, type Executor, type RunOptions, type TaskRef } from './executor.js';
import { taskModuleUrl, workerExecArgv } from './task-module.js';

export interface PoolOptions {
  /** Worker threads (default: every core; never more than the machine has). */
  threads?: number;
  /** Task modules (ids) every worker imports and warms up at start-up, so that the first task does not pay for it. */
  preload?: string[];
}

/** The most threads worth starting: one per core the machine offers this process. */
export function maxThreads(): number {
  return availableParallelism();
}

function workerFile(): string {
  // The worker is a module like the tasks (runtime/worker), found the same way from here or
  // from the CLI's bundles (dist/cli/cluedo-<command>.mjs).
  return fileURLToPath(taskModuleUrl('runtime/worker'));
}


export class WorkerPool implements Executor {
  readonly threads: number;
  private readonly piscina: Piscina;
  private brokenBecause: string | null = null;

  constructor(options: PoolOptions = {}) {
    const requested = options.threads ?? maxThreads();
    if (!Number.isInteger(requested) || requested < 1) throw new RangeError(`threads must be a positive integer, got ${options.threads}`);
    this.threads = Math.min(requested, maxThreads());
    this.piscina = new Piscina({
      filename: workerFile(),
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      workerData: { preload: (options.preload ?? []).map(taskModuleUrl) },
      // Run from the TypeScript sources, workers need tsx's loader to import them (task-module.ts).
      execArgv: workerExecArgv(),
    });
    // A worker that fails outside any task (at start-up, say) must not crash the host: remember
    // why, and fail the next requests with it.
    this.piscina.on('error', (error: unknown) => {
      this.brokenBecause = error instanceof Error ? error.message : String(error);
    });
  }

  async run<P, R>(task: TaskRef<P, R>, payload: NoInfer<P>, options: RunOptions = {}): Promise<R> {
    const { signal } = options;
    const what = `running ${task.name}`;
    if (signal?.aborted) throw new CancelledError(`${what} was cancelled`);
    if (this.brokenBecause !== null) throw new WorkerFailedError(`a worker failed while ${what}: ${this.brokenBecause}`);
    // Piscina adds one abort listener per task in flight; a large request has many.
    if (signal) setMaxListeners(0, signal);
    try {
      return (await this.piscina.run({ url: taskModuleUrl(task.module), ref: task, payload }, { signal })) as R;
    } catch (error) {
      if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw new CancelledError(`${what} was cancelled`);
      const reason = error instanceof Error ? error.message : String(error);
      throw new WorkerFailedError(`a worker failed while ${what}: ${reason}`);
    }
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
