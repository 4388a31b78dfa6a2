// The worker pool of a browser: Web Workers that run task modules (see executor.ts), as Node's
// pool does with worker threads. Each worker runs one task at a time; requests wait in a queue.
// The workers' script serves its task modules with serveTasks (web-worker.ts): a bundler must
// see `new Worker(new URL('./script.ts', import.meta.url), { type: 'module' })` in the app's own
// code, so the app gives the pool a function that makes one.
import { CancelledError, WorkerFailedError, type Executor, type RunOptions, type TaskRef } from './executor.js';

/** A message from the page to a worker: a task, or the `init` message every worker is sent first. */
export type ToWorker = { kind: 'init'; data: unknown } | { kind: 'run'; id: number; task: TaskRef; payload: unknown };
/** A message from a worker: a task's result or failure, by id. */
export type FromWorker = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

interface Job {
  id: number;
  task: TaskRef;
  payload: unknown;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export interface WebPoolOptions {
  /** Makes one worker (its script calls serveTasks). */
  makeWorker: () => Worker;
  /** Workers (default: the browser's hardware concurrency). */
  threads?: number;
  /** Sent to every worker before its first task (e.g. compiled Wasm modules), given to serveTasks' `init`. */
  init?: unknown;
}

export class WebWorkerPool implements Executor {
  readonly threads: number;
  readonly #workers: Worker[] = [];
  readonly #idle: Worker[] = [];
  readonly #queue: Job[] = [];
  readonly #running = new Map<Worker, Job>();
  #nextId = 1;
  #closed = false;

  constructor(options: WebPoolOptions) {
    this.threads = Math.max(1, options.threads ?? (globalThis.navigator?.hardwareConcurrency || 2));
    for (let t = 0; t < this.threads; t++) {
      const worker = options.makeWorker();
      worker.onmessage = (event: MessageEvent<FromWorker>) => this.#finished(worker, event.data);
      worker.onerror = (event) => this.#failed(worker, event.message || 'the worker failed');
      if (options.init !== undefined) worker.postMessage({ kind: 'init', data: options.init } satisfies ToWorker);
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
  }

  run<R>(task: TaskRef, payload: unknown, options: RunOptions = {}): Promise<R> {
    const { signal } = options;
    if (this.#closed) return Promise.reject(new Error('the worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new CancelledError(`running ${task.name} was cancelled`));
    return new Promise<R>((resolve, reject) => {
      const job: Job = { id: this.#nextId++, task, payload, resolve: resolve as (r: unknown) => void, reject };
      // A cancelled job waiting in the queue is dropped; one running finishes, and its result is ignored.
      signal?.addEventListener('abort', () => {
        const queued = this.#queue.indexOf(job);
        if (queued >= 0) this.#queue.splice(queued, 1);
        reject(new CancelledError(`running ${task.name} was cancelled`));
      });
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const worker = this.#idle.pop()!;
      const job = this.#queue.shift()!;
      this.#running.set(worker, job);
      worker.postMessage({ kind: 'run', id: job.id, task: job.task, payload: job.payload } satisfies ToWorker);
    }
  }

  #finished(worker: Worker, message: FromWorker): void {
    const job = this.#running.get(worker);
    if (job === undefined || job.id !== message.id) return;
    this.#running.delete(worker);
    this.#idle.push(worker);
    if (message.ok) job.resolve(message.result);
    else job.reject(new WorkerFailedError(`a worker failed while running ${job.task.name}: ${message.error}`));
    this.#dispatch();
  }

  #failed(worker: Worker, why: string): void {
    const job = this.#running.get(worker);
    this.#running.delete(worker);
    job?.reject(new WorkerFailedError(`a worker failed while running ${job.task.name}: ${why}`));
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const worker of this.#workers) worker.terminate();
    for (const job of this.#queue.splice(0)) job.reject(new CancelledError('the worker pool was closed'));
  }
}
