// Requests to an executor: uniform deals, their tallies, and the expected information of
// suggestions. Each request is cut into tasks of fixed, numbered chunks, so the answer depends on
// the seed and never on how many threads there are or which one ran what.
import type { ConstraintStore } from '../knowledge/constraints.js';
import { chunkCount } from '../knowledge/chunks.js';
import { addTallies, emptyTallies, type Tallies } from '../knowledge/tallies.js';
import type { Executor, TaskRef } from '../runtime/executor.js';
import { WorkerPool } from '../runtime/pool.js';
import type { EigPayload, SamplePayload, TallyPayload, TallyResult } from './tasks.js';
import type { ChainResult, ChainTask } from '../knowledge/mcmc.js';

// '../analysis/' rather than './': the same file from the CLI's bundle in dist/cli/.
export const ANALYSIS_TASKS = new URL('../analysis/tasks.js', import.meta.url).href;
const task = (name: 'sample' | 'tally' | 'eig' | 'chain'): TaskRef => ({ module: ANALYSIS_TASKS, name });

/** A worker pool whose threads load the analysis tasks (and warm up their cores) at start-up. */
export function analysisPool(threads?: number): WorkerPool {
  return new WorkerPool({ threads, preload: [ANALYSIS_TASKS] });
}

/** Splits `chunks` numbered chunks into about two tasks per thread (a task keeps at least a few ms of work). */
function spans(chunks: number, threads: number): Array<[number, number]> {
  const tasks = Math.max(1, Math.min(chunks, threads * 2));
  const out: Array<[number, number]> = [];
  for (let t = 0; t < tasks; t++) {
    const first = Math.floor((t * chunks) / tasks);
    const next = Math.floor(((t + 1) * chunks) / tasks);
    if (next > first) out.push([first, next - first]);
  }
  return out;
}

/** Draws `n` uniform consistent deals into shared memory: n x (nSeats + 2) masks. */
export async function sampleDeals(executor: Executor, store: ConstraintStore, n: number, seed: number, signal?: AbortSignal): Promise<Uint32Array> {
  const width = store.nSeats + 2;
  const deals = new SharedArrayBuffer(n * width * 4);
  await Promise.all(
    spans(chunkCount(n), executor.threads).map(([firstChunk, chunks]) =>
      executor.run(task('sample'), { store, seed, total: n, firstChunk, chunks, deals } satisfies SamplePayload, { signal }),
    ),
  );
  return new Uint32Array(deals);
}

/** Card-owner and envelope tallies of `n` uniform consistent deals. */
export async function tallySamples(
  executor: Executor,
  store: ConstraintStore,
  n: number,
  seed: number,
  signal?: AbortSignal,
  onProgress?: (done: number) => void,
): Promise<Tallies> {
  const tallies = emptyTallies(store.nCards, store.nSeats, store.categoryMasks);
  // Large requests are cut into tasks of about 8 chunks, so progress can be shown and each task
  // stays well above the pool's per-task overhead.
  const chunks = chunkCount(n);
  const perTask = Math.max(1, Math.min(8, Math.ceil(chunks / executor.threads)));
  const runs: Promise<void>[] = [];
  for (let first = 0; first < chunks; first += perTask) {
    const count = Math.min(perTask, chunks - first);
    const payload: TallyPayload = { store, seed, total: n, firstChunk: first, chunks: count };
    runs.push(
      executor.run<TallyResult>(task('tally'), payload, { signal }).then((r) => {
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
export async function scoreSuggestions(
  executor: Executor,
  store: ConstraintStore,
  deals: Uint32Array,
  suggester: number,
  model: 0 | 1,
  shownTo: readonly number[],
  nSuggestions: number,
  signal?: AbortSignal,
): Promise<Float64Array> {
  if (!(deals.buffer instanceof SharedArrayBuffer)) throw new TypeError('deals must live in a SharedArrayBuffer');
  const out = new SharedArrayBuffer(nSuggestions * 3 * 8);
  const tasks = Math.min(executor.threads, nSuggestions);
  await Promise.all(
    Array.from({ length: tasks }, (_, t) => {
      const qFrom = Math.floor((t * nSuggestions) / tasks);
      const qTo = Math.floor(((t + 1) * nSuggestions) / tasks);
      const payload: EigPayload = { store, deals: deals.buffer as SharedArrayBuffer, suggester, model, shownTo: [...shownTo], qFrom, qTo, out };
      return executor.run(task('eig'), payload, { signal });
    }),
  );
  return new Float64Array(out);
}

/** Markov chains run as tasks, then combined in chain order: the same bytes whatever ran which chain. */
export async function runChains(executor: Executor, tasks: ChainTask[], signal?: AbortSignal, onProgress?: (done: number) => void): Promise<ChainResult[]> {
  let done = 0;
  return Promise.all(
    tasks.map((t) =>
      executor.run<ChainResult>(task('chain'), t, { signal }).then((r) => {
        onProgress?.((done += r.samples));
        return r;
      }),
    ),
  );
}
