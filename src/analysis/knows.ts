// knows(): `cluedo knows` as a library call (docs/epistemic.md §3). Formulas are asked of the
// first engine of the epistemic layer that supports them; the worlds drawn for the estimates are
// shared among an executor's threads when one is given: the same answer, to the byte, as in one
// thread (each chunk of worlds has its own numbered stream of the seed).
import type { Game } from '../model/game.js';
import { gameOf, type GameLog } from '../io/log.js';
import type { Executor } from '../runtime/executor.js';
import { InProcessExecutor } from '../runtime/in-process.js';
import { FullSizeEngine, chunksOf } from '../epistemic/full-size.js';
import { finishKnows, knowsInThisThread, planKnows, type FormulaQuery, type KnowsOptions, type KnowsPlan, type KnowsReport } from '../epistemic/knows.js';
import { textQueries } from '../epistemic/queries.js';
import * as epistemicTasks from './epistemic-tasks.js';
import { EPISTEMIC_TASKS, epistemicTask, type HitsPayload } from './epistemic-tasks.js';
import { threadContext } from './thread-context.js';

export interface AskOptions extends KnowsOptions {
  /** Where to draw worlds (kept open): a worker pool (`epistemicPool` of the ./node entry, a WebWorkerPool); default: this thread. */
  executor?: Executor;
  signal?: AbortSignal;
}

/**
 * Evaluates formulas against a game: each a line of text ("K[Ann] has(envelope, Knife)",
 * docs/epistemic.md §2), or a query with its id, its point of the log and its parsed formula.
 */
export async function knows(input: GameLog | Game, formulas: ReadonlyArray<string | FormulaQuery>, options: AskOptions = {}): Promise<KnowsReport> {
  const game = gameOf(input);
  const queries = formulas.map((f, i) => (typeof f === 'string' ? { ...textQueries([f], game, null)[0], id: String(i + 1) } : f));
  if (options.executor === undefined) return knowsInThisThread(game, queries, options);
  return knowsOn(options.executor, game, queries, options);
}

/** An executor that draws the worlds of knows() and opponents() in this thread, a few chunks at a time: cancellable between them. */
export function epistemicInThisThread(): Executor {
  return new InProcessExecutor({ [EPISTEMIC_TASKS]: epistemicTasks });
}

/** Chunks of worlds per task at most: a task stays short enough to stop soon after a signal, long enough to dwarf a pool's overhead. */
const MAX_CHUNKS_PER_TASK = 8;

/** knows() on an executor: the drawn worlds' chunks shared among its threads. */
export async function knowsOn(executor: Executor, game: Game, queries: FormulaQuery[], options: KnowsOptions & { signal?: AbortSignal } = {}): Promise<KnowsReport> {
  return finishOn(executor, game, planKnows(game, queries, options), queries, options.signal);
}

/** The report of a plan (planKnows), its estimates drawn on an executor. */
export async function finishOn(executor: Executor, game: Game, plan: KnowsPlan, queries: FormulaQuery[], signal?: AbortSignal): Promise<KnowsReport> {
  const estimates = await Promise.all(
    plan.pending.map(async (p) => {
      const chunks = chunksOf(plan.samples);
      // Two tasks per thread, or more to keep each within MAX_CHUNKS_PER_TASK; none empty.
      const tasks = Math.max(1, Math.min(chunks, Math.max(executor.threads * 2, Math.ceil(chunks / MAX_CHUNKS_PER_TASK))));
      const parts = await Promise.all(
        Array.from({ length: tasks }, (_, t) => {
          const first = Math.floor((t * chunks) / tasks);
          const next = Math.floor(((t + 1) * chunks) / tasks);
          const payload: HitsPayload = { game, at: p.at, formulas: p.formulas, total: plan.samples, seed: plan.seed, firstChunk: first, chunks: next - first };
          return executor.run(epistemicTask.hits, payload, { signal });
        }),
      );
      const hits = p.formulas.map((_, j) => parts.reduce((sum, part) => sum + part[j], 0));
      // The thread's engine for this position: the one the tasks just used when they ran here.
      return threadContext.engine(game, p.at).estimatesOf(p.formulas, hits, plan.samples, plan.known);
    }),
  );
  return finishKnows(plan, queries, estimates);
}
