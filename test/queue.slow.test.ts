/**
 * The tournament on a job queue (src/queue/queue.ts, `cluedo simulate --queue URL`,
 * `cluedo worker --queue URL`), against a real Redis: the tests start `redis-server` on a free
 * loopback port (never anything else) and stop it after. A coordinator and two worker processes give
 * the same summary as a local run; so do a run with a worker SIGKILLed mid-run and a coordinator
 * stopped and resumed. Skipped, with a message, when redis-server is not installed (.ci/run installs
 * Debian's package).
 *
 * Needs the built CLI (`npm run build:ts && npm run build:cli`; `npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './support/free-port.js';
import { cluedoChild, MAIN, QUEUE_ENV, summaryText, until, type CliChild } from './support/cluedo-cli.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { parseRedisUrl, tournamentId } from '../src/queue/queue.js';

const HAVE_REDIS = spawnSync('redis-server', ['--version']).status === 0;
if (!HAVE_REDIS) console.warn('test/queue.slow.test.ts: redis-server is not installed (apt-get install redis-server): the queue tests against Redis are skipped');

/**
 * Lock of a shard job: a killed worker's shard goes back to the queue after about 5 s. Live
 * workers renew it every 2.5 s, a margin no loaded machine's event loop comes near, so that only the
 * killed worker ever loses a shard.
 */
const ENV = { ...QUEUE_ENV, CLUEDO_QUEUE_LOCK_MS: '5000' };

type Run = CliChild;
const cluedo = (args: string[]): Run => cluedoChild(args, { env: ENV });

const GAMES = ['--agents', 'deductive', '--games', '48'];

describe.skipIf(!HAVE_REDIS)('a tournament on the queue (BullMQ on a real redis-server)', () => {
  let dir: string;
  let port: number;
  let url: string;
  let server: ChildProcess;
  let redis: Redis;
  const localSummary = new Map<number, string>();

  /** The summary of the tournament of seed `seed` played in one local process. */
  function local(seed: number, games = GAMES): string {
    if (!localSummary.has(seed)) {
      const json = join(dir, `local-${seed}.json`);
      const run = spawnSync(process.execPath, [MAIN, 'simulate', ...games, '--seed', String(seed), '--threads', '1', '--json', json], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      localSummary.set(seed, JSON.stringify((JSON.parse(readFileSync(json, 'utf8')) as { summary: unknown }).summary));
    }
    return localSummary.get(seed)!;
  }

  const results = (id: string) => redis.hlen(`cluedo:tournament:${id}:results`);
  /** Whether a shard of tournament `id` is being played (its job active) and its result is not stored. */
  const playingUnstored = async (id: string) => {
    const active = (await redis.lrange('bull:cluedo-shards:active', 0, -1)).filter((job) => job.startsWith(`${id}-`));
    const stored = new Set(await redis.hkeys(`cluedo:tournament:${id}:results`));
    return active.some((job) => !stored.has(job.slice(id.length + 1)));
  };
  const idOf = (run: Run) => /tournament (t[0-9a-f]{16}):/.exec(run.stderr())?.[1];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-queue-'));
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redis = new Redis({ host: '127.0.0.1', port, retryStrategy: () => 50, maxRetriesPerRequest: null });
    redis.on('error', () => {});
    await until(async () => (await redis.ping().catch(() => '')) === 'PONG');
  }, 30_000);

  afterAll(async () => {
    redis?.disconnect();
    server?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a coordinator and two workers give the summary of a local run, byte for byte', async () => {
    const json = join(dir, 'queue-1.json');
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '1', '--queue', url, '--shards', '6', '--json', json]);
    await until(() => idOf(coordinator) !== undefined);
    const workers = [cluedo(['worker', '--queue', url, '--threads', '1']), cluedo(['worker', '--queue', url, '--threads', '1'])];
    expect(await coordinator.exit, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toMatch(/^48 games in 6 shards, 6 players, seed 1, .*tournament t[0-9a-f]{16} on redis:\/\/127\.0\.0\.1:\d+\n/);
    expect(coordinator.stderr()).toContain('6 of 6 shards stored');
    for (const w of workers) expect(await w.exit, w.stderr()).toBe(0);
    const played = workers.map((w) => (w.stderr().match(/ shard \d+\/6: /g) ?? []).length);
    expect(played.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6);
    expect(summaryText(json)).toBe(local(1));
    // the id is the tournament's: enqueued again, every shard is already stored
    const again = cluedo(['simulate', ...GAMES, '--seed', '1', '--queue', url, '--shards', '6', '--json', join(dir, 'queue-1b.json')]);
    expect(await again.exit, again.stderr()).toBe(0);
    expect(again.stderr()).toContain('6 stored, 0 enqueued');
    expect(summaryText(join(dir, 'queue-1b.json'))).toBe(local(1));
  }, 120_000);

  it('a worker killed with SIGKILL mid-run loses nothing: its shard is played again by another', async () => {
    // shards of 24 games: the doomed worker is well inside its second shard when killed
    const games = ['--agents', 'deductive', '--games', '144'];
    const json = join(dir, 'queue-2.json');
    const coordinator = cluedo(['simulate', ...games, '--seed', '2', '--queue', url, '--shards', '6', '--json', json]);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    const doomed = cluedo(['worker', '--queue', url, '--threads', '1']);
    // Killed while it plays a shard whose result is not stored yet (one stored before it): killed
    // between storing a result and completing its job instead, the coordinator could see every
    // result stored before the job's lock expired, and rightly finish without a stall to report.
    await until(async () => (await results(id)) >= 1 && (await playingUnstored(id)));
    doomed.child.kill('SIGKILL');
    expect(await doomed.exit).toBe(null);
    const stored = await results(id);
    expect(stored).toBeLessThan(6);
    const survivor = cluedo(['worker', '--queue', url, '--threads', '1']);
    expect(await coordinator.exit, coordinator.stderr()).toBe(0);
    expect(await survivor.exit, survivor.stderr()).toBe(0);
    // the doomed worker held a job (the next shard, or the first before its job was marked done)
    expect(coordinator.stderr()).toMatch(/cluedo: progress: shard \d stalled \(its worker stopped renewing its lock\): back in the queue\n/);
    expect(summaryText(json)).toBe(local(2, games));
  }, 120_000);

  it('a coordinator stopped (Ctrl-C) and resumed with --resume ID replays no stored shard', async () => {
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '3', '--queue', url, '--shards', '6']);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    expect(id).toBe(tournamentId({ config: JSON.parse(await redis.get(`cluedo:tournament:${id}`) ?? '{}').config, seed: 3, games: 48, shards: 6 }));
    coordinator.child.kill('SIGINT');
    expect(await coordinator.exit).toBe(130);
    expect(coordinator.stderr()).toContain(`resume with --resume ${id}`);
    const worker = cluedo(['worker', '--queue', url, '--threads', '1']);
    await until(async () => (await results(id)) >= 1);
    const json = join(dir, 'queue-3.json');
    const resumed = cluedo(['simulate', '--queue', url, '--resume', id, '--json', json]);
    expect(await resumed.exit, resumed.stderr()).toBe(0);
    expect(resumed.stderr()).toMatch(new RegExp(`tournament ${id}: 48 games in 6 shards on redis://127\\.0\\.0\\.1:${port}; [1-6] stored`));
    expect(await worker.exit, worker.stderr()).toBe(0);
    // the worker played every shard (one enqueued again in the instant between its result and its
    // job's removal would be played twice, with the same bytes)
    const shards = new Set((worker.stderr().match(/ shard (\d+)\/6: /g) ?? []).map((l) => Number(/(\d+)\//.exec(l)![1])));
    expect([...shards].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(summaryText(json)).toBe(local(3));
    // an unknown id
    const unknown = cluedo(['simulate', '--queue', url, '--resume', 't0000000000000000']);
    expect(await unknown.exit).toBe(1);
    expect(unknown.stderr()).toBe(
      `cluedo: no tournament t0000000000000000 in Redis at ${url}: it was never enqueued there, or Redis lost it (restarted without persistence?); run the simulate command that enqueued it again: it plays the shards not stored\n`,
    );
  }, 120_000);

  it('a database the server does not have is refused in one line, not played in database 0', async () => {
    for (const args of [['simulate', '--queue', `${url}/16`, '--games', '4'], ['worker', '--queue', `${url}/16`]]) {
      const run = cluedo(args);
      expect(await run.exit).toBe(1);
      expect(run.stderr()).toBe(`cluedo: Redis at ${url}/16 has no database 16 (DB index is out of range): use a database it has, such as /0\n`);
    }
  }, 60_000);
});

describe.skipIf(!HAVE_REDIS)('Redis restarted mid-run (append-only file on, as the README advises)', () => {
  it('the workers and the coordinator reconnect, and the run completes with the summary of a local run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-queue-restart-'));
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const start = () => spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'], { stdio: 'ignore' });
    let server = start();
    const redis = new Redis({ host: '127.0.0.1', port, retryStrategy: () => 50, maxRetriesPerRequest: null });
    redis.on('error', () => {});
    try {
      await until(async () => (await redis.ping().catch(() => '')) === 'PONG');
      // shards of 60 games: the restart falls well inside the run
      const games = ['--agents', 'deductive', '--games', '480'];
      const json = join(dir, 'restarted.json');
      const coordinator = cluedo(['simulate', ...games, '--seed', '4', '--queue', url, '--shards', '8', '--json', json]);
      await until(() => /tournament (t[0-9a-f]{16}):/.test(coordinator.stderr()));
      const id = /tournament (t[0-9a-f]{16}):/.exec(coordinator.stderr())![1];
      const worker = cluedo(['worker', '--queue', url, '--threads', '1']);
      await until(async () => ((await redis.hlen(`cluedo:tournament:${id}:results`).catch(() => 0)) as number) >= 1);
      expect(await redis.hlen(`cluedo:tournament:${id}:results`)).toBeLessThan(8);
      // A clean shutdown writes the append-only file; the same port comes back with the same data.
      const stopped = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
      server = start();
      expect(await coordinator.exit, coordinator.stderr()).toBe(0);
      expect(await worker.exit, worker.stderr()).toBe(0);
      const local = join(dir, 'local.json');
      const run = spawnSync(process.execPath, [MAIN, 'simulate', ...games, '--seed', '4', '--threads', '1', '--json', local], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const summary = (file: string) => JSON.stringify((JSON.parse(readFileSync(file, 'utf8')) as { summary: unknown }).summary);
      expect(summary(json)).toBe(summary(local));
    } finally {
      redis.disconnect();
      server.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('bad queue addresses: one line, a non-zero exit, within seconds', () => {
  it('refuses a URL that is not redis://host:port (exit 2)', async () => {
    for (const bad of ['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://', 'redis://127.0.0.1:6379/x']) {
      const run = cluedo(['simulate', '--games', '4', '--queue', bad]);
      expect(await run.exit).toBe(2);
      expect(run.stderr()).toMatch(/^cluedo: --queue[^\n]*\n$/);
      const worker = cluedo(['worker', '--queue', bad]);
      expect(await worker.exit).toBe(2);
      expect(worker.stderr()).toMatch(/^cluedo: --queue[^\n]*\n$/);
    }
    for (const [args, message] of [
      [['simulate', '--games', '4', '--shards', '2'], 'cluedo: --shards goes with --queue: the queue plays the shards\n'],
      [['simulate', '--games', '4', '--queue', 'redis://127.0.0.1:1', '--shards', '5'], 'cluedo: --shards 5 of 4 games would leave some empty (--shards ≤ --games)\n'],
      [['simulate', '--queue', 'redis://127.0.0.1:1', '--resume', 't0123456789abcdef', '--games', '5'], 'cluedo: --resume t0123456789abcdef cannot be used with --games: the tournament on the queue keeps the options it was started with\n'],
    ] as const) {
      const run = cluedo([...args]);
      expect(await run.exit).toBe(2);
      expect(run.stderr()).toBe(message);
    }
    expect(parseRedisUrl('redis://127.0.0.1:6380/2')).toMatchObject({ host: '127.0.0.1', port: 6380, db: 2 });
    expect(parseRedisUrl('redis://localhost')).toMatchObject({ host: 'localhost', port: 6379, db: 0 });
  }, 60_000);

  it('gives up on a Redis that cannot be reached (nothing listens on the port)', async () => {
    const port = await freePort();
    for (const args of [['simulate', '--games', '4', '--queue', `redis://127.0.0.1:${port}`], ['worker', '--queue', `redis://127.0.0.1:${port}`]]) {
      const run = cluedo(args);
      expect(await run.exit).toBe(1);
      expect(run.stderr()).toBe(`cluedo: cannot reach Redis at redis://127.0.0.1:${port}: ECONNREFUSED 127.0.0.1:${port}\n`);
    }
  }, 60_000);
});
