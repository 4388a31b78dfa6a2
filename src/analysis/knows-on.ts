// `knows` with its drawn worlds shared among an executor's threads: the same answer, to the byte,
// as in one thread (each chunk of worlds has its own numbered stream of the seed).
import type { Game } from '../model/game.js';
import type { Executor, TaskRef } from '../runtime/executor.js';
import { WorkerPool } from '../runtime/pool.js';
import { FullSizeEngine, chunksOf } from '../epistemic/full-size.js';
import { finishKnows, planKnows, type FormulaQuery, type KnowsOptions, type KnowsReport } from '../epistemic/knows.js';
import type { HitsPayload } from './epistemic-tasks.js';

// '../analysis/' rather than './': the same file from the CLI's bundle in dist/cli/.
export const EPISTEMIC_TASKS = new URL('../analysis/epistemic-tasks.js', import.meta.url).href;
const HITS: TaskRef = { module: EPISTEMIC_TASKS, name: 'hits' };

export function epistemicPool(threads?: number): WorkerPool {
  return new WorkerPool({ threads, preload: [EPISTEMIC_TASKS] });
}

export async function knowsOn(executor: Executor, game: Game, queries: FormulaQuery[], options: KnowsOptions & { signal?: AbortSignal } = {}): Promise<KnowsReport> {
  const plan = planKnows(game, queries, options);
  const estimates = await Promise.all(
    plan.pending.map(async (p) => {
      const chunks = chunksOf(plan.samples);
      const tasks = Math.max(1, Math.min(chunks, executor.threads * 2));
      const parts = await Promise.all(
        Array.from({ length: tasks }, (_, t) => {
          const first = Math.floor((t * chunks) / tasks);
          const next = Math.floor(((t + 1) * chunks) / tasks);
          const payload: HitsPayload = { game, at: p.at, formulas: p.formulas, total: plan.samples, seed: plan.seed, firstChunk: first, chunks: next - first };
          return executor.run<number[]>(HITS, payload, { signal: options.signal });
        }),
      );
      const hits = p.formulas.map((_, j) => parts.reduce((sum, part) => sum + part[j], 0));
      const engine = new FullSizeEngine(game, p.at);
      try {
        return engine.estimatesOf(p.formulas, hits, plan.samples);
      } finally {
        engine.dispose();
      }
    }),
  );
  return finishKnows(plan, queries, estimates);
}
