// The page of test/web-pool.e2e.test.ts: the library's browser pool on real Web Workers, driven
// from the test through `window.poolTest`. Each call answers plain data (a job's outcome, the
// workers made), which page.evaluate hands back to the test.
import { libraryWorkerPool } from '../../../src/analysis/web-workers.js';
import { sampleDeals } from '../../../src/analysis/sampling.js';
import { WebWorkerPool } from '../../../src/runtime/web-pool.js';
import type { ConstraintStore } from '../../../src/knowledge/constraints.js';
import { crashTask } from './crash-tasks.js';
import { opponentTask } from '../../../src/analysis/opponent-tasks.js';
import type { Game } from '../../../src/model/game.js';

/** How a job ended: its value, or its error's name and message. */
export type Outcome = { ok: true; value: unknown } | { ok: false; name: string; message: string };

const outcome = (job: Promise<unknown>): Promise<Outcome> =>
  job.then(
    (value) => ({ ok: true as const, value: value instanceof Uint32Array ? Array.from(value) : value }),
    (e: Error) => ({ ok: false as const, name: e.name, message: e.message }),
  );

let made = 0;
const worker = () => {
  made++;
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
};

const api = {
  /**
   * On a pool of two workers: one job that crashes its worker, sent first, then `doubles` and a
   * request of `n` deals (tasks of the real analysis module) queued behind it.
   */
  async crashWhileOthersWait(crashes: number, doubles: number[], store: ConstraintStore, n: number) {
    made = 0;
    const pool = await libraryWorkerPool({ makeWorker: worker, threads: 2 });
    const crashed = Array.from({ length: crashes }, (_, i) => outcome(pool.run(crashTask.crash, `crash ${i}`)));
    const doubled = doubles.map((d) => outcome(pool.run(crashTask.double, d)));
    const deals = outcome(sampleDeals(pool, store, n, 7));
    const result = { crashed: await Promise.all(crashed), doubled: await Promise.all(doubled), deals: await deals, made, workers: pool.workers };
    await pool.close();
    return result;
  },

  /** opponents() of `game` in a worker of the library's pool, with the options given. */
  async opponents(game: Game, options: { maxWorlds?: number; nextTurn?: boolean }) {
    const pool = await libraryWorkerPool({ makeWorker: worker, threads: 1 });
    const result = await outcome(pool.run(opponentTask.opponents, { game, options }));
    await pool.close();
    return result;
  },

  /** On a pool of two workers whose script cannot load (`script`: one that throws, or none at that address): every job. */
  async neverStarting(script: 'broken-worker.js' | 'missing.js', doubles: number[]) {
    made = 0;
    const pool = new WebWorkerPool({
      threads: 2,
      makeWorker: () => {
        made++;
        return new Worker(new URL(`./${script}`, import.meta.url), { type: 'module' });
      },
    });
    const doubled = await Promise.all(doubles.map((d) => outcome(pool.run(crashTask.double, d))));
    const after = await outcome(pool.run(crashTask.double, 1));
    return { doubled, after, made, workers: pool.workers };
  },
};

(globalThis as unknown as { poolTest: typeof api }).poolTest = api;
document.body.dataset.ready = 'true';
