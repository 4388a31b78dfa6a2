// Requests to an executor: uniform deals, their tallies, the expected information of suggestions
// (on deals, or counted), and Markov chains. Each request is cut into tasks of fixed, numbered
// chunks, so the answer depends on the seed and never on how many threads there are or which one
// ran what.
import type { ConstraintStore } from '../knowledge/constraints.js';
import type { Answering } from '../knowledge/wasm-core.js';
import { SAMPLE_CHUNK, chunkCount } from '../knowledge/chunks.js';
import { addTallies, emptyTallies, type Tallies } from '../knowledge/tallies.js';
import type { Executor } from '../runtime/executor.js';
import { InProcessExecutor } from '../runtime/in-process.js';
import * as analysisTasks from './tasks.js';
import { ANALYSIS_TASKS, analysisTask as task, type EigPayload, type InformationPayload, type TallyPayload } from './tasks.js';
import type { ChainResult, ChainTask } from '../knowledge/mcmc.js';
import { SCORE_WIDTH, type ScoringDeals } from './entropy-greedy.js';
import { ownerWidth } from '../model/owners.js';

/** An executor that runs the analysis tasks in this thread (the default of every request). */
export function inThisThread(threads = 1): Executor {
  return new InProcessExecutor({ [ANALYSIS_TASKS]: analysisTasks }, threads);
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

/** Draws `n` uniform consistent deals: n x ownerWidth(nSeats) masks, the same for any number of threads. */
export async function sampleDeals(executor: Executor, store: ConstraintStore, n: number, seed: number, signal?: AbortSignal): Promise<Uint32Array> {
  const width = ownerWidth(store.nSeats);
  const deals = new Uint32Array(n * width);
  await Promise.all(
    spans(chunkCount(n), executor.threads).map(async ([firstChunk, chunks]) => {
      const part = await executor.run(task.sample, { store, seed, total: n, firstChunk, chunks }, { signal });
      deals.set(part, firstChunk * SAMPLE_CHUNK * width);
    }),
  );
  return deals;
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
      executor.run(task.tally, payload, { signal }).then((r) => {
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
 * suggestion 0..nSuggestions-1 by `suggester`, from `deals` (listed or drawn, entropy-greedy.ts'
 * ScoringDeals): SCORE_WIDTH numbers per suggestion.
 */
export async function scoreSuggestions(
  executor: Executor,
  store: ConstraintStore,
  { method, deals }: ScoringDeals,
  suggester: number,
  model: 0 | 1,
  shownTo: readonly number[],
  answering: Answering,
  nSuggestions: number,
  signal?: AbortSignal,
): Promise<Float64Array> {
  const scores = new Float64Array(nSuggestions * SCORE_WIDTH);
  const tasks = Math.min(executor.threads, nSuggestions);
  await Promise.all(
    Array.from({ length: tasks }, async (_, t) => {
      const qFrom = Math.floor((t * nSuggestions) / tasks);
      const qTo = Math.floor(((t + 1) * nSuggestions) / tasks);
      const payload: EigPayload = { store, deals, sampled: method === 'sampled', suggester, model, shownTo: [...shownTo], answering, qFrom, qTo };
      scores.set(await executor.run(task.eig, payload, { signal }), qFrom * SCORE_WIDTH);
    }),
  );
  return scores;
}

/** Exact scores by counting (exact-information.ts), as one task: on a pool, off the calling thread. */
export async function countInformation(executor: Executor, payload: InformationPayload, signal?: AbortSignal): Promise<Float64Array> {
  return executor.run(task.information, payload, { signal });
}

/** Markov chains run as tasks, then combined in chain order: the same bytes whatever ran which chain. */
export async function runChains(executor: Executor, tasks: ChainTask[], signal?: AbortSignal, onProgress?: (done: number) => void): Promise<ChainResult[]> {
  let done = 0;
  return Promise.all(
    tasks.map((t) =>
      executor.run(task.chain, t, { signal }).then((r) => {
        onProgress?.((done += r.samples));
        return r;
      }),
    ),
  );
}
