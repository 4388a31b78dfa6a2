// The worker pool of a browser: Web Workers that run task modules (see executor.ts), as Node's
// pool does with worker threads. Each worker runs one task at a time; requests wait in a queue.
// A worker that fails is replaced, unless workers keep failing without finishing any task (a
// script that cannot load): then the pool gives up on them, and once none is left, every job
// waiting is rejected rather than left to wait forever.
// The workers' script serves its task modules with serveTasks (web-worker.ts): a bundler must
// see `new Worker(new URL('./script.ts', import.meta.url), { type: 'module' })` in the app's own
// code, so the app gives the pool a function that makes one.
import { CancelledError, WorkerFailedError, type AnyTask, type Executor, type RunOptions, type TaskRef } from './executor.js';

/** A message from the page to a worker: a task, or the `init` message every worker is sent first. */
export type ToWorker = { kind: 'init'; data: unknown } | { kind: 'run'; id: number; task: AnyTask; payload: unknown };
/** A message from a worker: a task's result or failure, by id. */
export type FromWorker = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

interface Job {
  id: number;
  task: AnyTask;
  payload: unknown;
  /** Settle the job's promise; each also stops listening to its signal. */
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
  readonly #options: WebPoolOptions;
  readonly #workers = new Set<Worker>();
  readonly #idle: Worker[] = [];
  readonly #queue: Job[] = [];
  readonly #running = new Map<Worker, Job>();
  #nextId = 1;
  #closed = false;
  /** Workers that failed since a task last finished: past `threads` of them, failed workers are not replaced. */
  #failuresInARow = 0;

  constructor(options: WebPoolOptions) {
    this.threads = Math.max(1, options.threads ?? (globalThis.navigator?.hardwareConcurrency || 2));
    this.#options = options;
    for (let t = 0; t < this.threads; t++) this.#startWorker();
  }

  #startWorker(): void {
    const worker = this.#options.makeWorker();
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.#finished(worker, event.data);
    worker.onerror = (event) => this.#failed(worker, event.message || 'the worker failed');
    if (this.#options.init !== undefined) worker.postMessage({ kind: 'init', data: this.#options.init } satisfies ToWorker);
    this.#workers.add(worker);
    this.#idle.push(worker);
  }

  /** Workers alive (fewer than `threads` once failed ones could not be replaced). */
  get workers(): number {
    return this.#workers.size;
  }

  run<P, R>(task: TaskRef<P, R>, payload: NoInfer<P>, options: RunOptions = {}): Promise<R> {
    const { signal } = options;
    if (this.#closed) return Promise.reject(new Error('the worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new CancelledError(`running ${task.name} was cancelled`));
    if (this.#workers.size === 0) return Promise.reject(new WorkerFailedError(`no worker is left to run ${task.name}: every worker failed`));
    return new Promise<R>((resolve, reject) => {
      // A cancelled job waiting in the queue is dropped; one running finishes, and its result is ignored.
      const onAbort = () => {
        const queued = this.#queue.indexOf(job);
        if (queued >= 0) this.#queue.splice(queued, 1);
        job.reject(new CancelledError(`running ${task.name} was cancelled`));
      };
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const job: Job = {
        id: this.#nextId++,
        task,
        payload,
        resolve: (result) => {
          settled();
          resolve(result as R);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
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
    this.#failuresInARow = 0;
    if (message.ok) job.resolve(message.result);
    else job.reject(new WorkerFailedError(`a worker failed while running ${job.task.name}: ${message.error}`));
    this.#dispatch();
  }

  /** A worker that failed is dropped with its job, and replaced while replacements do not fail in turn. */
  #failed(worker: Worker, why: string): void {
    if (!this.#workers.delete(worker)) return;
    worker.terminate();
    const idle = this.#idle.indexOf(worker);
    if (idle >= 0) this.#idle.splice(idle, 1);
    const job = this.#running.get(worker);
    this.#running.delete(worker);
    job?.reject(new WorkerFailedError(`a worker failed while running ${job.task.name}: ${why}`));
    if (this.#closed) return;
    this.#failuresInARow++;
    if (this.#failuresInARow <= this.threads) this.#startWorker();
    if (this.#workers.size === 0) {
      for (const waiting of this.#queue.splice(0)) waiting.reject(new WorkerFailedError(`no worker is left to run ${waiting.task.name}: every worker failed (${why})`));
      return;
    }
    this.#dispatch();
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const worker of this.#workers) worker.terminate();
    for (const job of this.#queue.splice(0)) job.reject(new CancelledError('the worker pool was closed'));
  }
}
