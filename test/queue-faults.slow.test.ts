/**
 * The job queue when Redis fails under it (src/queue/queue.ts, src/cli/queue-command.ts), against a
 * real `redis-server` on a free loopback port, without persistence: restarted, it comes back empty,
 * as a Redis without `--appendonly yes` does. Redis is stopped or restarted when a command reports
 * a step (its first stored shard, a worker's first shard line), never after a delay:
 *
 * - restarted mid-run, the coordinator stores the tournament again and enqueues its shards again,
 *   and the merged --json is that of the same shards played apart and merged, byte for byte;
 * - stopped mid-run, the coordinator and the workers say once that the connection is lost, and a
 *   signal still ends each (130, 143), saying what is known of the queue;
 * - a worker without --watch stops once Redis has lost the queued shards;
 * - shards deleted from the queue under a waiting coordinator are enqueued again;
 * - the shard lock's figures in docs/cli/worker.md are the workers' settings.
 *
 * Skipped, with a message, when redis-server is not installed. Needs the built CLI (`npm run build`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './support/free-port.js';
import { cluedoChild, MAIN, QUEUE_ENV, until, type CliChild } from './support/cluedo-cli.js';
import { lockSettings, recoveryBound, SHARD_LOCK_MS } from '../src/queue/queue.js';
import { jsonWithoutTiming } from './support/timing.js';

const HAVE_REDIS = spawnSync('redis-server', ['--version']).status === 0;
if (!HAVE_REDIS) console.warn('test/queue-faults.slow.test.ts: redis-server is not installed (apt-get install redis-server): the tests of Redis failing under the queue are skipped');

/** A killed worker's shard comes back after about 5 s (the lock of test/queue.slow.test.ts). */
const ENV = { ...QUEUE_ENV, CLUEDO_QUEUE_LOCK_MS: '5000' };
const cluedo = (args: string[]): CliChild => cluedoChild(args, { env: ENV });

/** 6 shards of 24 games: each takes a worker a while, so that Redis fails while shards are played. */
const GAMES = ['--agents', 'deductive', '--games', '144'];
const SHARDS = 6;

const idOf = (run: CliChild) => /tournament (t[0-9a-f]{16}):/.exec(run.stderr())?.[1];
const lines = (run: CliChild, pattern: RegExp) => run.stderr().split('\n').filter((line) => pattern.test(line));
const shardLine = / shard \d+\/\d+: \d+ games?, /;

describe.skipIf(!HAVE_REDIS)('the queue when Redis restarts empty or cannot be reached', () => {
  let dir: string;
  let port: number;
  let url: string;
  /** The URL in a regular expression. */
  let at: string;
  let server: ChildProcess | undefined;
  let redis: Redis;
  let lost: RegExp;
  let back: RegExp;

  /** Starts redis-server on the port, without persistence, and waits until it answers. */
  async function startRedis(): Promise<void> {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until(async () => (await redis.ping().catch(() => '')) === 'PONG');
  }

  /** Stops redis-server (everything it held is gone) and waits until it has exited. */
  async function stopRedis(): Promise<void> {
    const stopping = server!;
    server = undefined;
    const exited = new Promise((resolve) => stopping.on('exit', resolve));
    stopping.kill('SIGTERM');
    await exited;
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-queue-faults-'));
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    at = url.replace(/[./]/g, '\\$&');
    lost = new RegExp(`^cluedo: connection to Redis at ${at} lost, retrying$`);
    back = new RegExp(`^cluedo: connection to Redis at ${at} back$`);
    redis = new Redis({ host: '127.0.0.1', port, retryStrategy: () => 50, maxRetriesPerRequest: null });
    redis.on('error', () => {});
    await startRedis();
  }, 30_000);

  afterEach(() => {
    redis.disconnect();
    server?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  /** The --json of the tournament of `seed` played as static shards and merged: no queue, no Redis. */
  function mergedApart(seed: number): string {
    const parts = Array.from({ length: SHARDS }, (_, i) => join(dir, `part-${i + 1}.json`));
    parts.forEach((out, i) => {
      const run = spawnSync(process.execPath, [MAIN, 'simulate', ...GAMES, '--seed', String(seed), '--shard', `${i + 1}/${SHARDS}`, '--out', out, '--threads', '1'], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
    });
    const json = join(dir, 'merged.json');
    const merge = spawnSync(process.execPath, [MAIN, 'merge', ...parts, '--json', json], { encoding: 'utf8' });
    expect(merge.status, merge.stderr).toBe(0);
    return readFileSync(json, 'utf8');
  }

  it('Redis restarted empty mid-run: the coordinator stores the tournament again and enqueues its shards again; the merged --json is that of the shards played apart, byte for byte', async () => {
    const json = join(dir, 'queue.json');
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '7', '--queue', url, '--shards', String(SHARDS), '--json', json]);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    const first = cluedo(['worker', '--queue', url, '--threads', '1']);
    // Restarted once a shard is stored: that result, the spec and the queued jobs are all lost.
    await until(() => coordinator.stderr().includes('cluedo: progress: '));
    await stopRedis();
    await startRedis();
    await until(() => coordinator.stderr().includes(' lost data of tournament '));
    // The first worker may have stopped for want of shards before they were enqueued again.
    const second = cluedo(['worker', '--queue', url, '--threads', '1']);
    expect(await coordinator.exit, coordinator.stderr()).toBe(0);
    for (const worker of [first, second]) {
      expect(await worker.exit, worker.stderr()).toBe(0);
      expect(worker.stderr()).toMatch(/\nworker done: \d+ shards? in \d+\.\d s\n$/);
    }
    expect(lines(coordinator, lost)).toHaveLength(1);
    expect(lines(coordinator, back)).toHaveLength(1);
    // The settings and the queued shards are lost, and the stored ones but those stored again since.
    expect(coordinator.stderr()).toMatch(
      new RegExp(
        `\ncluedo: Redis at ${at} lost data of tournament ${id} \\(restarted without persistence\\?\\): its settings(, \\d stored shards?)? and \\d queued shards?; ` +
          `stored its settings again and enqueued the \\d shards? not stored again \\(a worker without --watch may have stopped when the queue was empty: start one if none is running\\)\n`,
      ),
    );
    expect(coordinator.stderr()).toContain(`cluedo: progress: ${SHARDS} of ${SHARDS} shards stored\n`);
    expect(jsonWithoutTiming(readFileSync(json, 'utf8'))).toBe(jsonWithoutTiming(mergedApart(7)));
  }, 300_000);

  it('Redis stopped mid-run: the coordinator and the workers say once that the connection is lost, and end on SIGINT (130) and SIGTERM (143)', async () => {
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '8', '--queue', url, '--shards', String(SHARDS)]);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    const interrupted = cluedo(['worker', '--queue', url, '--threads', '1']);
    const terminated = cluedo(['worker', '--queue', url, '--threads', '1']);
    // Stopped once the coordinator has seen a shard stored, and both workers have started.
    await until(() => coordinator.stderr().includes('cluedo: progress: ') && /^worker on /.test(terminated.stderr()));
    await stopRedis();
    const all = [coordinator, interrupted, terminated];
    await until(() => all.every((run) => lines(run, lost).length > 0));
    coordinator.child.kill('SIGINT');
    interrupted.child.kill('SIGINT');
    terminated.child.kill('SIGTERM');
    expect(await coordinator.exit, coordinator.stderr()).toBe(130);
    expect(await interrupted.exit, interrupted.stderr()).toBe(130);
    expect(await terminated.exit, terminated.stderr()).toBe(143);
    for (const run of all) expect(lines(run, lost)).toHaveLength(1);
    expect(coordinator.stderr()).toMatch(
      new RegExp(`\ncluedo: stopped: Redis at ${at} cannot be reached \\([1-6] of 6 shards stored when it last answered\\); once it is back, resume with --resume ${id}\n$`),
    );
    for (const worker of [interrupted, terminated]) expect(worker.stderr()).toMatch(/\nworker done: \d shards? in \d+\.\d s \(stopped\)\n$/);
  }, 300_000);

  it('a worker without --watch stops once Redis has lost the queued shards; --resume then says the tournament is gone and how to play it', async () => {
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '9', '--queue', url, '--shards', String(SHARDS)]);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    coordinator.child.kill('SIGINT');
    expect(await coordinator.exit).toBe(130);
    expect(coordinator.stderr()).toMatch(new RegExp(`\ncluedo: stopped: 0 of 6 shards stored, the others stay queued for the workers; resume with --resume ${id}\n$`));
    const worker = cluedo(['worker', '--queue', url, '--threads', '1']);
    // Restarted while the worker plays its second shard (it takes the next one at once).
    await until(() => shardLine.test(worker.stderr()));
    await stopRedis();
    await startRedis();
    expect(await worker.exit, worker.stderr()).toBe(0);
    expect(worker.stderr()).toMatch(/\nworker done: \d shards? in \d+\.\d s\n$/);
    expect(lines(worker, lost)).toHaveLength(1);
    expect(lines(worker, back)).toHaveLength(1);
    const resumed = cluedo(['simulate', '--queue', url, '--resume', id]);
    expect(await resumed.exit).toBe(1);
    expect(resumed.stderr()).toBe(
      `cluedo: no tournament ${id} in Redis at ${url}: it was never enqueued there, or Redis lost it (restarted without persistence?); run the simulate command that enqueued it again: it plays the shards not stored\n`,
    );
  }, 300_000);

  it('shards deleted from the queue under a waiting coordinator are enqueued again, and Ctrl-C then says they stay queued', async () => {
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '10', '--queue', url, '--shards', String(SHARDS)]);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    const waiting = () => redis.llen('bull:cluedo-shards:wait');
    await until(async () => (await waiting()) === SHARDS);
    await redis.del(...(await redis.keys('bull:cluedo-shards:*')));
    await until(() => coordinator.stderr().includes(' lost data of tournament '));
    expect(coordinator.stderr()).toContain(
      `\ncluedo: Redis at ${url} lost data of tournament ${id} (restarted without persistence?): 6 queued shards; enqueued the 6 shards not stored again (a worker without --watch may have stopped when the queue was empty: start one if none is running)\n`,
    );
    expect(await waiting()).toBe(SHARDS);
    coordinator.child.kill('SIGINT');
    expect(await coordinator.exit).toBe(130);
    expect(coordinator.stderr()).toMatch(new RegExp(`\ncluedo: stopped: 0 of 6 shards stored, the others stay queued for the workers; resume with --resume ${id}\n$`));
    expect(lines(coordinator, lost)).toHaveLength(0);
  }, 120_000);
});

describe("the shard lock: a killed worker's shard is played by another within the documented time", () => {
  it("docs/cli/worker.md gives the workers' settings: the lock, how often they look for expired locks, and the bound they make", () => {
    const page = readFileSync(new URL('../docs/cli/worker.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const said = /at most (\d+) seconds after it stopped \(its lock lasts (\d+) seconds, and the workers look for expired locks every (\d+) seconds\b/.exec(page);
    expect(said, 'the sentence of "When things go wrong"').not.toBeNull();
    const settings = lockSettings(SHARD_LOCK_MS);
    expect(said!.slice(1).map(Number)).toEqual([recoveryBound(settings), settings.lockDuration, settings.stalledInterval].map((ms) => ms / 1000));
    // A check marks the jobs being played, the next moves those whose lock ran out: two checks,
    // however late, fall within one lock, so that a job is marked after its last renewal.
    expect(settings.stalledInterval * 2).toBeLessThan(settings.lockDuration);
    expect(settings.maxStalledCount).toBe(Number(/A job may stall (\d+) times before it fails/.exec(page)?.[1]));
  });
});
