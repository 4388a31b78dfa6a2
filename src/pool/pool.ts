// The inference pool: Piscina workers, each with its own Wasm core. Requests are split into
// tasks of fixed, numbered chunks, so the answer depends on the seed and never on how many
// threads there are or which one ran what.
import { setMaxListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ConstraintStore } from '../core/constraints.js';
import { addTallies, emptyTallies, type Tallies } from '../inference/tallies.js';
import { chunkCount, type Task, type TallyResult } from './tasks.js';
import type { TournamentConfig } from '../tournament/play.js';
import type { GameResult } from '../tournament/types.js';

/** The request was cancelled (its AbortSignal fired). */
export class CancelledError extends Error {
  override name = 'CancelledError';
}

/** A worker threw or died while serving a request. The pool replaces it and goes on serving. */
export class WorkerFailedError extends Error {
  override name = 'WorkerFailedError';
}

export interface PoolOptions {
  /** Worker threads (default: the machine's available parallelism). */
  threads?: number;
}

/**
 * Runs `work` on the caller's pool, or on a pool made for this call (with `threads`) and closed
 * after it, whatever happens.
 */
export async function withPool<T>(options: { pool?: InferencePool; threads?: number }, work: (pool: InferencePool) => Promise<T>): Promise<T> {
  if (options.pool) return work(options.pool);
  const pool = new InferencePool({ threads: options.threads });
  try {
    return await work(pool);
  } finally {
    await pool.close();
  }
}

// From src/ (tests) the compiled worker lives in dist/; from dist/ it sits next to this file.
function workerFile(): string {
  const beside = fileURLToPath(new URL('./worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const built = fileURLToPath(new URL('../../dist/pool/worker.js', import.meta.url));
  if (existsSync(built)) return built;
  throw new Error('the pool worker is not built: run "npm run build"');
}

export class InferencePool {
  readonly threads: number;
  private readonly piscina: Piscina;

  constructor(options: PoolOptions = {}) {
    this.threads = options.threads ?? availableParallelism();
    if (!Number.isInteger(this.threads) || this.threads < 1) throw new RangeError(`threads must be a positive integer, got ${options.threads}`);
    this.piscina = new Piscina({ filename: workerFile(), minThreads: this.threads, maxThreads: this.threads, idleTimeout: 60_000 });
    // A worker that fails outside any task (at start-up, say) must not crash the host: remember
    // why, and fail the next requests with it.
    this.piscina.on('error', (error: unknown) => {
      this.brokenBecause = error instanceof Error ? error.message : String(error);
    });
  }

  private brokenBecause: string | null = null;

  private async run<T>(task: Task, what: string, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new CancelledError(`${what} was cancelled`);
    if (this.brokenBecause !== null) throw new WorkerFailedError(`a worker failed while ${what}: ${this.brokenBecause}`);
    // Piscina adds one abort listener per task in flight; a large request has many.
    if (signal) setMaxListeners(0, signal);
    try {
      return (await this.piscina.run(task, { signal })) as T;
    } catch (error) {
      if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw new CancelledError(`${what} was cancelled`);
      const reason = error instanceof Error ? error.message : String(error);
      throw new WorkerFailedError(`a worker failed while ${what}: ${reason}`);
    }
  }

  /** Splits `chunks` numbered chunks into about two tasks per thread (a task keeps at least a few ms of work). */
  private spans(chunks: number): Array<[number, number]> {
    const tasks = Math.max(1, Math.min(chunks, this.threads * 2));
    const spans: Array<[number, number]> = [];
    for (let t = 0; t < tasks; t++) {
      const first = Math.floor((t * chunks) / tasks);
      const next = Math.floor(((t + 1) * chunks) / tasks);
      if (next > first) spans.push([first, next - first]);
    }
    return spans;
  }

  /** Draws `n` uniform consistent deals into shared memory: n x (nSeats + 2) masks. */
  async sample(store: ConstraintStore, n: number, seed: number, signal?: AbortSignal): Promise<Uint32Array> {
    const width = store.nSeats + 2;
    const deals = new SharedArrayBuffer(n * width * 4);
    await Promise.all(
      this.spans(chunkCount(n)).map(([firstChunk, chunks]) =>
        this.run({ kind: 'sample', store, seed, total: n, firstChunk, chunks, deals }, 'sampling deals', signal),
      ),
    );
    return new Uint32Array(deals);
  }

  /** Card-owner and envelope tallies of `n` uniform consistent deals. */
  async tally(store: ConstraintStore, n: number, seed: number, signal?: AbortSignal, onProgress?: (done: number) => void): Promise<Tallies> {
    const tallies = emptyTallies(store.nCards, store.nSeats, store.categoryMasks);
    // Large requests are cut into tasks of about 8 chunks, so progress can be shown and each task
    // stays well above the pool's per-task overhead.
    const chunks = chunkCount(n);
    const perTask = Math.max(1, Math.min(8, Math.ceil(chunks / this.threads)));
    const runs: Promise<void>[] = [];
    for (let first = 0; first < chunks; first += perTask) {
      const count = Math.min(perTask, chunks - first);
      runs.push(
        this.run<TallyResult>({ kind: 'tally', store, seed, total: n, firstChunk: first, chunks: count }, 'sampling deals', signal).then((r) => {
          addTallies(tallies, { total: r.deals, ownerCounts: r.ownerCounts, envelopeCounts: r.envelopeCounts });
          onProgress?.(tallies.total);
        }),
      );
    }
    await Promise.all(runs);
    return tallies;
  }

  /**
   * Expected information (bits, P(no refutation), expected envelope combinations left) of every
   * suggestion 0..nSuggestions-1 by `suggester`, from the deals in shared memory.
   */
  async eig(
    store: ConstraintStore,
    deals: Uint32Array,
    suggester: number,
    model: 0 | 1,
    shownTo: number[],
    nSuggestions: number,
    signal?: AbortSignal,
  ): Promise<Float64Array> {
    if (!(deals.buffer instanceof SharedArrayBuffer)) throw new TypeError('deals must live in a SharedArrayBuffer');
    const out = new SharedArrayBuffer(nSuggestions * 3 * 8);
    const tasks = Math.min(this.threads, nSuggestions);
    await Promise.all(
      Array.from({ length: tasks }, (_, t) => {
        const qFrom = Math.floor((t * nSuggestions) / tasks);
        const qTo = Math.floor(((t + 1) * nSuggestions) / tasks);
        return this.run({ kind: 'eig', store, deals: deals.buffer as SharedArrayBuffer, suggester, model, shownTo, qFrom, qTo, out }, 'computing expected information', signal);
      }),
    );
    return new Float64Array(out);
  }

  /** Plays games [from, to) of a tournament on a worker. */
  async games(config: TournamentConfig, seed: number, from: number, to: number, signal?: AbortSignal): Promise<GameResult[]> {
    return this.run<GameResult[]>({ kind: 'games', config, seed, from, to }, `playing games ${from + 1}-${to}`, signal);
  }

  /** For tests: a task that throws, or kills its worker. */
  async fault(how: 'throw' | 'exit'): Promise<unknown> {
    return this.run({ kind: 'fault', how }, 'running a fault task');
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}

