/**
 * The worker pool (src/pool): the same seed gives the same samples, tallies and estimates with 1,
 * 2 or 3 threads; the pool's estimates agree with in-process sampling exactly and with the
 * examples' exact answers statistically; every sampled deal is consistent; requests can be
 * cancelled; a worker that throws or dies fails one request and the pool goes on serving.
 *
 * Its workers run the sources, as this file does (src/runtime/task-module.ts): no build needed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame, type GameLog } from '../src/io/log.js';
import { analyze } from '../src/analysis/analyze.js';
import { analysisJson } from '../src/analysis/json.js';
import { analyze as analyzeRequest, estimate } from '../src/analysis/estimate.js';
import { InProcessExecutor } from '../src/runtime/in-process.js';
import { LIBRARY_TASK_MODULES } from '../src/analysis/web-workers.js';
import { emptyTallies, tallyDeals, type Tallies } from '../src/knowledge/tallies.js';
import { WorkerPool } from '../src/runtime/pool.js';
import { CancelledError, WorkerFailedError, defineTask, type Executor } from '../src/runtime/executor.js';
import { inThisThread, sampleDeals, scoreSuggestions, tallySamples } from '../src/analysis/sampling.js';
import { answeringOf } from '../src/analysis/entropy-greedy.js';
import { analysisPool } from '../src/analysis/pools.js';
import { SAMPLE_CHUNK, chunkCount, drawChunk as drawChunkOf } from '../src/knowledge/chunks.js';
import { dealSatisfiesStore } from './support/brute-force.js';

const EXAMPLES_DIR = fileURLToPath(new URL('../examples/', import.meta.url));
const EXAMPLES = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith('.expected.json'))
  .map((f) => f.slice(0, -'.expected.json'.length))
  .sort();

function readLog(name: string): GameLog {
  return JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8')) as GameLog;
}

function storeOf(name: string): ConstraintStore {
  return constraintsOf(parseGame(readLog(name)));
}

/** The samples of a request as chunks.ts defines them, drawn in process on one core. */
function inProcessSample(store: ConstraintStore, n: number, seed: number): Uint32Array {
  using position = KnowledgeCore.create().load(store);
  expect(position.consistent).toBe(true);
  const width = store.nSeats + 2;
  const out = new Uint32Array(n * width);
  for (let chunk = 0; chunk < chunkCount(n); chunk++) out.set(drawChunkOf(position, seed, n, chunk), chunk * SAMPLE_CHUNK * width);
  return out;
}

function talliesOf(store: ConstraintStore, deals: Uint32Array): Tallies {
  const t = emptyTallies(store.nCards, store.nSeats, store.categoryMasks);
  tallyDeals(store.categoryMasks, store.nSeats, deals, t);
  return t;
}

/** Identical typed arrays, reporting the first difference rather than dumping megabytes. */
function expectSameArray(got: ArrayLike<number>, want: ArrayLike<number>, what: string): void {
  expect(got.length, `${what}: length`).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    if (!Object.is(got[i], want[i])) throw new Error(`${what}: first difference at index ${i}: got ${got[i]}, want ${want[i]}`);
  }
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The task module of test/support/fault-task.js, by its id: task modules are named by their path
 * under the source root (src/), without extension.
 */
const FAULT_TASKS = '../test/support/fault-task';
/** Its task: throws, or ends its worker thread. */
const FAIL = defineTask<{ how: 'throw' | 'exit' }, never>(FAULT_TASKS, 'fail');

let pool1: WorkerPool;
let pool2: WorkerPool;
/** Requests cut into tasks for three threads, run in this thread: a third way to split the same work. */
let pool3: Executor;

beforeAll(() => {
  pool1 = analysisPool(1);
  pool2 = analysisPool(2);
  pool3 = inThisThread(3);
});

afterAll(async () => {
  await Promise.all([pool1?.close(), pool2?.close(), pool3?.close()]);
});

describe('WorkerPool: same seed, same answer, whatever the number of threads', () => {
  // Sizes that are not multiples of the chunk: a partial last chunk, fewer chunks than tasks, one deal.
  const SIZES = [1, 100, SAMPLE_CHUNK, 3 * SAMPLE_CHUNK + 123, 11 * SAMPLE_CHUNK + 5];

  it('sample(): identical deals with 1, 2 and 3 threads, equal to the in-process chunks, different for another seed', async () => {
    for (const name of ['classic-6p-early', 'custom-deck-3p', 'classic-4p-faceup']) {
      const store = storeOf(name);
      for (const n of SIZES) {
        const what = `${name}, ${n} deals`;
        const a = await sampleDeals(pool1, store, n, 7);
        const b = await sampleDeals(pool2, store, n, 7);
        const c = await sampleDeals(pool3, store, n, 7);
        expect(a.length, what).toBe(n * (store.nSeats + 2));
        expectSameArray(b, a, `${what}: 2 threads vs 1`);
        expectSameArray(c, a, `${what}: 3 threads vs 1`);
        expectSameArray(a, inProcessSample(store, n, 7), `${what}: pool vs in-process chunks`);
        if (n >= 100) {
          // (even among custom-deck-3p's 6 deals, 100 draws of two seeds do not coincide)
          expect(sameArray(await sampleDeals(pool2, store, n, 8), a), `${what}: seed 8 gave seed 7's deals`).toBe(false);
        }
      }
      const other = await sampleDeals(pool3, store, 1000, 8);
      expect(sameArray(other, await sampleDeals(pool3, store, 1000, 7)), `${name}: seed 8 vs seed 7`).toBe(false);
      // and the same seed again, on the same pool, is the same
      expectSameArray(await sampleDeals(pool3, store, 1000, 8), other, `${name}: seed 8 twice`);
    }
  });

  it('tally(): identical tallies with 1, 2 and 3 threads, equal to the tallies of sample(), different for another seed', async () => {
    for (const name of ['classic-6p-early', 'classic-5p-mid', 'custom-deck-3p']) {
      const store = storeOf(name);
      const n = 20 * SAMPLE_CHUNK + 77; // several tasks per thread
      const a = await tallySamples(pool1, store, n, 11);
      const b = await tallySamples(pool2, store, n, 11);
      const c = await tallySamples(pool3, store, n, 11);
      expect(a.total).toBe(n);
      for (const [t, threads] of [[b, 2], [c, 3]] as const) {
        expect(t.total).toBe(n);
        expectSameArray(t.ownerCounts, a.ownerCounts, `${name}: ownerCounts, ${threads} threads vs 1`);
        expectSameArray(t.envelopeCounts, a.envelopeCounts, `${name}: envelopeCounts, ${threads} threads vs 1`);
      }
      // a tally is the tally of exactly the deals sample() draws for the same request
      const fromDeals = talliesOf(store, await sampleDeals(pool2, store, n, 11));
      expectSameArray(a.ownerCounts, fromDeals.ownerCounts, `${name}: tally vs tally of sample`);
      expectSameArray(a.envelopeCounts, fromDeals.envelopeCounts, `${name}: envelope tally vs tally of sample`);

      const d = await tallySamples(pool2, store, n, 12);
      expect(d.total).toBe(n);
      expect(sameArray(d.ownerCounts, a.ownerCounts), `${name}: seed 12 gave seed 11's tallies`).toBe(false);
    }
  });

  it('tally() reports progress up to the total', async () => {
    const store = storeOf('classic-6p-late');
    const seen: number[] = [];
    const n = 30 * SAMPLE_CHUNK + 1;
    await tallySamples(pool2, store, n, 1, undefined, (done) => seen.push(done));
    expect(seen.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    expect(seen[seen.length - 1]).toBe(n);
  });

  it('eig(): identical with 1, 2 and 3 threads and equal to the in-process kernel', async () => {
    const game = parseGame(readLog('classic-5p-mid'));
    const store = constraintsOf(game);
    const deals = await sampleDeals(pool2, store, 5000, 3);
    const shownTo = [0, 0, 1 << game.deck.cards.indexOf('Library'), 1 << game.deck.cards.indexOf('Conservatory'), 0];
    using position = KnowledgeCore.create().load(store);
    expect(position.consistent).toBe(true);
    for (const model of [0, 1] as const) {
      const want = position.eig(deals, game.me!, model, shownTo, 0, 324, true);
      for (const pool of [pool1, pool2, pool3]) {
        const got = await scoreSuggestions(pool, store, { method: 'sampled', deals }, game.me!, model, shownTo, answeringOf(game.me!, game.players.length, game.rules), 324);
        expectSameArray(got, want, `model ${model}, ${pool.threads} threads vs in-process`);
      }
    }
  });
});

describe('estimate(): through the pool', () => {
  it('equals analyze(log, { samples, seed }) in process, exactly, on every example (pool of 2, and its own pool of 3)', async () => {
    for (const name of EXAMPLES) {
      const log = readLog(name);
      const want = analyze(log, { samples: 30_000, seed: 5 });
      const got = await estimate(log, { samples: 30_000, seed: 5, executor: pool2 });
      expect(got, name).toEqual(want);
    }
    // the documented call: no executor, the draws in this thread; and a pool of one thread
    const log = readLog('classic-6p-early');
    const got = await estimate(log, { samples: 50_000, seed: 9 });
    expect(got).toEqual(analyze(log, { samples: 50_000, seed: 9 }));
    const again = await estimate(log, { samples: 50_000, seed: 9, executor: pool1 });
    expect(again).toEqual(got);
  });

  it("the library's analyze: with an executor, a promise of the answer it gives without one, whatever the method", async () => {
    const log = readLog('classic-5p-mid');
    const here = new InProcessExecutor(LIBRARY_TASK_MODULES);
    const asked = [{ samples: 30_000, seed: 4 }, { method: 'mcmc', samples: 20_000, seed: 6 }, {}, { method: 'exact' }, { method: 'sampled', responses: 'uniform', samples: 10_000 }] as const;
    for (const options of asked) {
      const want = analyze(log, options);
      expect(analyzeRequest(log, options), JSON.stringify(options)).toEqual(want);
      for (const executor of [pool2, here]) expect(await analyzeRequest(log, { ...options, executor }), `${JSON.stringify(options)} on ${executor.threads} thread(s)`).toEqual(want);
    }
    const stop = new AbortController();
    stop.abort();
    for (const options of asked) await expect(analyzeRequest(log, { ...options, executor: here, signal: stop.signal })).rejects.toThrow(CancelledError);
  });

  it("with method 'mcmc': equals analyze(log, { method: 'mcmc', samples, seed }) exactly, on every example, in this thread and on a pool", async () => {
    for (const name of EXAMPLES) {
      const log = readLog(name);
      const want = analyze(log, { method: 'mcmc', samples: 20_000, seed: 6 });
      expect(want.method, name).toBe('mcmc');
      expect(await estimate(log, { method: 'mcmc', samples: 20_000, seed: 6 }), name).toEqual(want);
      expect(await estimate(log, { method: 'mcmc', samples: 20_000, seed: 6, executor: pool2 }), name).toEqual(want);
    }
  });

  const N = 40_000;
  for (const name of EXAMPLES) {
    it(`${name}: within 4 standard errors of the exact answer; exact 0 and 1 exactly`, async () => {
      const game = parseGame(readLog(name));
      const want = JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.expected.json`, 'utf8')) as {
        owners: string[];
        cards: Record<string, Record<string, number>>;
        envelope: Record<string, Record<string, number>>;
        known: Array<{ card: string; owner: string }>;
        solutions: Array<{ cards: string[]; probability: number }>;
      };
      // named at the JSON boundary, as the expected answers are
      const got = analysisJson(game, await estimate(game, { samples: N, seed: 2, executor: pool2 }));
      expect(got.method).toBe('sampled');
      expect(got.samples).toBe(N);
      expect(got.owners).toEqual(want.owners);
      expect(Object.keys(got.cards)).toEqual(Object.keys(want.cards));
      expect(Object.keys(got.standardErrors!.cards)).toEqual(Object.keys(want.cards));
      expect(Object.keys(got.envelope)).toEqual(Object.keys(want.envelope));
      expect(Object.keys(got.standardErrors!.envelope)).toEqual(Object.keys(want.envelope));

      const checkCell = (q: number, se: number, p: number, what: string) => {
        // the reported standard error is the binomial one of the estimate
        expect(Math.abs(se - Math.sqrt((q * (1 - q)) / N)), `${what}: standard error`).toBeLessThan(1e-15);
        if (p === 0 || p === 1) {
          expect(q, `${what}: exact ${p}`).toBe(p);
          return;
        }
        // floored: an estimate near 0 or 1 reports a standard error near 0
        expect(Math.abs(q - p), `${what}: got ${q} ± ${se}, exact ${p}`).toBeLessThanOrEqual(4 * Math.max(se, 1e-3));
      };
      for (const [card, row] of Object.entries(want.cards)) {
        expect(Object.keys(got.cards[card]), card).toEqual(Object.keys(row));
        for (const [owner, p] of Object.entries(row)) {
          checkCell(got.cards[card][owner], got.standardErrors!.cards[card][owner], p, `cards["${card}"]["${owner}"]`);
        }
      }
      for (const [category, row] of Object.entries(want.envelope)) {
        expect(Object.keys(got.envelope[category]), category).toEqual(Object.keys(row));
        for (const [card, p] of Object.entries(row)) {
          checkCell(got.envelope[category][card], got.standardErrors!.envelope[category][card], p, `envelope["${category}"]["${card}"]`);
        }
      }
      // only possible solutions are ever sampled; certainty is exact
      const possible = new Set(want.solutions.map((s) => JSON.stringify(s.cards)));
      for (const s of got.solutions) expect(possible.has(JSON.stringify(s.cards)), `impossible solution ${s.cards}`).toBe(true);
      const known = (k: Array<{ card: string; owner: string }>) => k.map((x) => `${x.card} -> ${x.owner}`).sort();
      expect(known(got.known)).toEqual(known(want.known));
    });
  }
});

describe('sampled deals', () => {
  it('every deal the pool draws is consistent (KnowledgeCore.check), on every example', async () => {
    for (const name of EXAMPLES) {
      const store = storeOf(name);
      const n = 2 * SAMPLE_CHUNK + 999;
      const deals = await sampleDeals(pool3, store, n, 4);
      using position = KnowledgeCore.create().load(store);
      expect(position.consistent).toBe(true);
      const ok = position.check(deals);
      expect(ok.length, name).toBe(n);
      const bad = ok.findIndex((x) => x !== 1);
      expect(bad, `${name}: deal ${bad} is not consistent`).toBe(-1);
      // and, independently of the core, the first few hundred against the store read literally
      const width = store.nSeats + 2;
      for (let k = 0; k < 300; k++) {
        expect(dealSatisfiesStore(store, deals, k * width), `${name}: deal ${k} (oracle)`).toBe(true);
      }
    }
  });
});

describe('cancellation and faults', () => {
  const store = (): ConstraintStore => storeOf('classic-6p-early');

  it('an aborted tally of 5,000,000 samples rejects with CancelledError, and the pool then answers correctly', async () => {
    const s = store();
    const reference = await tallySamples(pool1, s, 50_000, 21);
    const controller = new AbortController();
    // Cancelled as soon as the first task has reported progress: no timer involved.
    const request = tallySamples(pool2, s, 5_000_000, 21, controller.signal, () => controller.abort());
    await expect(request).rejects.toBeInstanceOf(CancelledError);
    await expect(request).rejects.toThrow(/cancelled/);

    const after = await tallySamples(pool2, s, 50_000, 21);
    expect(after.total).toBe(50_000);
    expectSameArray(after.ownerCounts, reference.ownerCounts, 'tally after cancellation');
    expectSameArray(after.envelopeCounts, reference.envelopeCounts, 'envelope tally after cancellation');
  });

  it('an aborted sample() rejects with CancelledError; an already aborted signal too; the pool goes on', async () => {
    const s = store();
    const controller = new AbortController();
    const request = sampleDeals(pool2, s, 3_000_000, 1, controller.signal);
    controller.abort(); // while its tasks are queued or running
    await expect(request).rejects.toBeInstanceOf(CancelledError);

    const aborted = AbortSignal.abort();
    await expect(tallySamples(pool2, s, 1000, 1, aborted)).rejects.toBeInstanceOf(CancelledError);
    await expect(sampleDeals(pool2, s, 1000, 1, aborted)).rejects.toBeInstanceOf(CancelledError);

    expectSameArray(await sampleDeals(pool2, s, 20_000, 1), await sampleDeals(pool1, s, 20_000, 1), 'sample after cancellation');
  });

  it('in this thread too, a request stops between two tasks: aborted from its first progress report, or from a later one', async () => {
    const s = store();
    const thread = inThisThread(2);
    const controller = new AbortController();
    let reports = 0;
    const request = tallySamples(thread, s, 5_000_000, 21, controller.signal, () => {
      reports++;
      controller.abort();
    });
    await expect(request).rejects.toBeInstanceOf(CancelledError);
    expect(reports).toBe(1); // the other tasks of the request never ran
    // An abort after some tasks have run stops the request at the next one as well.
    const later = new AbortController();
    let laterReports = 0;
    const stopped = tallySamples(thread, s, 5_000_000, 21, later.signal, () => {
      if (++laterReports === 3) later.abort();
    });
    await expect(stopped).rejects.toBeInstanceOf(CancelledError);
    expect(laterReports).toBe(3);
    expectSameArray((await tallySamples(thread, s, 50_000, 21)).ownerCounts, (await tallySamples(pool1, s, 50_000, 21)).ownerCounts, 'in this thread after cancellation');
  });

  it('in this thread, a signal the process receives (as Ctrl-C is) is handled between two tasks, and stops the request there', async () => {
    const s = store();
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once('SIGUSR2', onSignal);
    let reports = 0;
    try {
      // The first task's report sends the signal; Node reads it in the event loop's poll phase, which
      // the next task must wait for.
      const request = tallySamples(inThisThread(), s, 5_000_000, 21, controller.signal, () => {
        if (++reports === 1) process.kill(process.pid, 'SIGUSR2');
      });
      await expect(request).rejects.toBeInstanceOf(CancelledError);
      expect(reports).toBe(1);
    } finally {
      process.removeListener('SIGUSR2', onSignal);
    }
  });

  it('a worker that throws, then a worker that exits: one WorkerFailedError each, and the pool keeps serving', async () => {
    const s = store();
    const reference = await tallySamples(pool1, s, 40_000, 33);
    const referenceDeals = await sampleDeals(pool1, s, 20_000, 34);
    const serves = async (what: string) => {
      // enough tasks to need every worker, including a replacement
      const t = await tallySamples(pool2, s, 40_000, 33);
      expectSameArray(t.ownerCounts, reference.ownerCounts, `tally ${what}`);
      expectSameArray(t.envelopeCounts, reference.envelopeCounts, `envelope tally ${what}`);
      expectSameArray(await sampleDeals(pool2, s, 20_000, 34), referenceDeals, `sample ${what}`);
    };

    const thrown = await pool2.run(FAIL, { how: 'throw' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(WorkerFailedError);
    expect((thrown as Error).message).toMatch(/a worker failed/);
    await serves('after a worker threw');

    const exited = await pool2.run(FAIL, { how: 'exit' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(exited).toBeInstanceOf(WorkerFailedError);
    expect((exited as Error).message).toMatch(/a worker failed/);
    await serves('after a worker exited');

    // and both again, back to back
    await expect(pool2.run(FAIL, { how: 'exit' })).rejects.toBeInstanceOf(WorkerFailedError);
    await expect(pool2.run(FAIL, { how: 'throw' })).rejects.toBeInstanceOf(WorkerFailedError);
    await serves('after two more faults');
  });

  it('a bad thread count is refused', () => {
    expect(() => new WorkerPool({ threads: 0 })).toThrow(RangeError);
    expect(() => new WorkerPool({ threads: 1.5 })).toThrow(RangeError);
  });
});
