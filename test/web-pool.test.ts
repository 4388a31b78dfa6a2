// The browser's worker pool when workers fail, driven by stand-in workers whose every message and
// failure the test decides: a failed worker is replaced and the jobs go on; workers that keep
// failing (a script that cannot load) end with every waiting job rejected, never left waiting; a
// job's abort listener is removed once it ends.
import { describe, expect, it, vi } from 'vitest';
import { WebWorkerPool, type FromWorker, type ToWorker } from '../src/runtime/web-pool.js';
import { CancelledError, WorkerFailedError, defineTask } from '../src/runtime/executor.js';

const TASK = defineTask<number, number>('test/tasks', 'double');

/** A stand-in for a Web Worker: doubles its payload, fails when told to, and says what it was sent. */
class StandInWorker {
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly received: ToWorker[] = [];
  /** Fails as soon as it is made, before any task: a script that cannot load. */
  constructor(readonly brokenAtStart: boolean) {
    if (brokenAtStart) queueMicrotask(() => this.fail('the script could not be loaded'));
  }
  postMessage(message: ToWorker): void {
    this.received.push(message);
    if (message.kind !== 'run' || this.brokenAtStart) return;
    const payload = message.payload as number;
    // A negative payload crashes the worker while it runs the task.
    queueMicrotask(() => (payload < 0 ? this.fail('out of memory') : this.onmessage?.({ data: { id: message.id, ok: true, result: payload * 2 } } as MessageEvent<FromWorker>)));
  }
  fail(message: string): void {
    if (!this.terminated) this.onerror?.({ message } as ErrorEvent);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function poolOf(threads: number, broken: (made: number) => boolean) {
  const made: StandInWorker[] = [];
  const pool = new WebWorkerPool({
    threads,
    init: { wasm: 'modules' },
    makeWorker: () => {
      const worker = new StandInWorker(broken(made.length));
      made.push(worker);
      return worker as unknown as Worker;
    },
  });
  return { pool, made };
}

describe('the browser worker pool when workers fail', () => {
  it('a worker that fails while running a job fails that job alone; it is replaced, sent init, and the next jobs run', async () => {
    const { pool, made } = poolOf(2, () => false);
    const results = await Promise.allSettled([1, -1, 2, 3, 4].map((n) => pool.run(TASK, n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).constructor.name))).toEqual([2, 'WorkerFailedError', 4, 6, 8]);
    expect(made).toHaveLength(3);
    expect(made.filter((w) => w.terminated)).toHaveLength(1);
    expect(made[2].received[0]).toEqual({ kind: 'init', data: { wasm: 'modules' } });
    expect(pool.workers).toBe(2);
    // Many failures, each after tasks that finished: the pool stays whole.
    const more = await Promise.allSettled([-1, 5, -1, 6, -1, 7].map((n) => pool.run(TASK, n)));
    expect(more.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value)).toEqual([10, 12, 14]);
    expect(pool.workers).toBe(2);
    await pool.close();
  });

  it('workers that fail before finishing any task are replaced only so often: then every waiting job is rejected, and later runs at once', async () => {
    const { pool, made } = poolOf(2, () => true);
    const waiting = [1, 2, 3].map((n) => pool.run(TASK, n));
    const settled = await Promise.allSettled(waiting);
    for (const r of settled) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WorkerFailedError);
    }
    // The 2 first and 2 replacements failed: no more were made.
    expect(made).toHaveLength(4);
    expect(pool.workers).toBe(0);
    await expect(pool.run(TASK, 1)).rejects.toThrow(/no worker is left to run double: every worker failed/);
    await pool.close();
  });

  it('a replacement that works after a failed start keeps the pool going (the job sent to the failed one failed with it)', async () => {
    const { pool, made } = poolOf(1, (n) => n === 0);
    await expect(pool.run(TASK, 20)).rejects.toBeInstanceOf(WorkerFailedError);
    await expect(pool.run(TASK, 21)).resolves.toBe(42);
    expect(made).toHaveLength(2);
    await pool.close();
  });

  it("a job's abort listener is removed when the job ends, however it ends", async () => {
    const { pool } = poolOf(2, () => false);
    const controller = new AbortController();
    const added = vi.spyOn(controller.signal, 'addEventListener');
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    await Promise.allSettled([1, -1, 2, 3].map((n) => pool.run(TASK, n, { signal: controller.signal })));
    expect(added).toHaveBeenCalledTimes(4);
    expect(removed.mock.calls.map((c) => c[1])).toEqual(expect.arrayContaining(added.mock.calls.map((c) => c[1])));
    // Cancelled while queued: rejected as cancelled, its listener gone too.
    const queued = [4, 5, 6].map((n) => pool.run(TASK, n, { signal: controller.signal }));
    controller.abort();
    const outcomes = await Promise.allSettled(queued);
    expect(outcomes.some((r) => r.status === 'rejected' && r.reason instanceof CancelledError)).toBe(true);
    expect(removed.mock.calls.map((c) => c[1])).toEqual(expect.arrayContaining(added.mock.calls.map((c) => c[1])));
    await pool.close();
  });
});
