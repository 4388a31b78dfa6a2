// Tournaments on a job queue: BullMQ on Redis. A tournament is split into shards (shards.ts); the
// coordinator (cluedo simulate --queue URL) enqueues one job per shard, with the job id
// `${tournament}-${index}` (BullMQ refuses ":" in a custom id), so a shard enqueued twice is one job
// while it waits or runs. Workers (cluedo worker --queue URL) play the shards and store each shard
// file in the Redis hash `cluedo:tournament:<id>:results`, field = the shard's index: a shard played
// twice (a stalled job retried while its first worker still ran) writes the same bytes. The results,
// not the jobs, are what counts: the coordinator waits until all N are stored, then merges them.
// Every shard is at all times stored or queued (its job waiting, delayed or being played): a shard
// that is neither was lost by Redis (restarted without its data), and the coordinator, which knows
// the tournament, enqueues it again (tournamentState says which).
//
// Redis may also go away for a while: every connection reconnects, and commands wait for it. So
// nothing that ends waits for Redis: BullMQ's objects are closed without waiting (closeQuietly),
// and every connection of a coordinator or a worker, BullMQ's own included, is dropped, never
// asked to QUIT, and never connects again (closeConnections); a wait for an answer is given up
// when the connection is lost (whileReachable).
//
// bullmq and ioredis are optional peer dependencies of the package, imported here alone
// (.dependency-cruiser.cjs): the command line loads this module only for --queue and worker
// (queue/load.ts says which package is missing when one is).
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { Queue, QueueEvents, Worker, type Job, type RedisOptions } from 'bullmq';
import { Redis, type RedisOptions as IORedisOptions } from 'ioredis';
import { InputError } from '../model/errors.js';
import type { TournamentConfig } from '../tournament/play.js';
import type { GameResult } from '../tournament/results.js';
import { playShard, shardFileText, shardRange, parseShardFile, SHARD_VERSION, type ShardFile } from '../tournament/shards.js';
import type { Executor } from '../runtime/executor.js';
import type { RedisAddress } from './address.js';
import { connectFailure } from './connect-failure.js';

export { parseRedisUrl, printableUrl, type RedisAddress, type RedisTls } from './address.js';

export const QUEUE_NAME = 'cluedo-shards';

/**
 * How long a connection may take before it is given up (ms): 3 s by default; CLUEDO_QUEUE_CONNECT_MS
 * sets it (for tests on a loaded machine, where a TLS handshake may take longer).
 */
export function connectTimeout(): number {
  const ms = Number(process.env.CLUEDO_QUEUE_CONNECT_MS);
  return Number.isSafeInteger(ms) && ms >= 500 ? ms : 3000;
}

/**
 * ioredis options for a connection that has already been reached once: it reconnects forever
 * (a restarted Redis), waiting at most 2 s between tries; commands wait for it (BullMQ needs
 * maxRetriesPerRequest null on its blocking connections). A connection closed is closed at once:
 * ioredis would otherwise keep a timer of 2 s for a socket that may be long gone, and the process
 * alive with it.
 */
export function connectionOptions(address: RedisAddress): RedisOptions {
  return {
    host: address.host,
    port: address.port,
    db: address.db,
    ...(address.password !== undefined && { password: address.password }),
    ...(address.username !== undefined && { username: address.username }),
    ...(address.tls !== undefined && { tls: tlsOptions(address) }),
    connectTimeout: connectTimeout(),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
    disconnectTimeout: 0,
  };
}

/**
 * Node's TLS options for a rediss:// address: its CA, client certificate and key, and the host name
 * sent to the server (SNI, never an IP address); Node checks the server's certificate against the host.
 */
function tlsOptions(address: RedisAddress): NonNullable<RedisOptions['tls']> {
  return { ...address.tls, ...(isIP(address.host) === 0 && { servername: address.host }) };
}

/**
 * A connection to Redis checked at once: an InputError of one line when it cannot be reached
 * within a few seconds (ioredis alone would retry forever), saying what to do when it can
 * (connect-failure.ts: TLS, credentials). The connection returned reconnects; closeConnections
 * ends it, with the connections made from it.
 */
export async function connectRedis(address: RedisAddress): Promise<Redis> {
  // The probe is thrown away: its socket is destroyed at once on disconnect (ioredis's default of 2 s
  // would also hold a failed command that long, its timer never cleared for a socket already closed).
  // It selects the database itself: ioredis, refused a database on connecting, would go on in database 0.
  const probe = new Redis({ ...(connectionOptions(address) as IORedisOptions), db: 0, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, disconnectTimeout: 0 });
  let failure: Error | undefined;
  probe.on('error', (e: Error) => (failure ??= e));
  try {
    await probe.connect();
    await probe.ping();
  } catch (e) {
    probe.disconnect();
    throw new InputError([`cannot reach Redis at ${address.text}: `, ...connectFailure(failure ?? (e as Error), address, connectTimeout())], { code: 'redis-unreachable', option: 'url', value: address.text });
  }
  try {
    await probe.select(address.db);
  } catch (e) {
    throw new InputError(`Redis at ${address.text} has no database ${address.db} (${(e as Error).message.replace(/^ERR /, '')}): use a database it has, such as /0`);
  } finally {
    probe.disconnect();
  }
  return new OwnedRedis(connectionOptions(address) as IORedisOptions, { ended: false, clients: new Set() });
}

/** The connections of one coordinator or worker: the first, from connectRedis, and its duplicates. */
interface Connections {
  ended: boolean;
  clients: Set<OwnedRedis>;
}

/**
 * A connection whose duplicates (BullMQ's connections for its blocking reads are duplicates of the
 * one it is given) belong to the same set, so that closeConnections ends them all. Once they are
 * ended, none connects again: BullMQ reconnects a connection whose blocking read it gave up on,
 * and one closed under it would otherwise come back, keeping the process alive. A connection that
 * fails only reconnects, its commands waiting: its errors are not reported.
 */
class OwnedRedis extends Redis {
  constructor(
    options: IORedisOptions,
    private readonly connections: Connections,
  ) {
    super(options);
    connections.clients.add(this);
    this.on('error', () => {});
  }

  override duplicate(override?: Partial<IORedisOptions>): OwnedRedis {
    return new OwnedRedis({ ...this.options, ...override }, this.connections);
  }

  override connect(callback?: Parameters<Redis['connect']>[0]): Promise<void> {
    // `connections` is unset while Redis's constructor connects.
    if (this.connections?.ended) return Promise.reject(new Error('Connection is closed.'));
    return super.connect(callback);
  }

  end(): void {
    this.connections.ended = true;
    for (const client of this.connections.clients) client.disconnect();
  }
}

/**
 * Ends the connection `redis` from connectRedis and every connection made from it (the queues',
 * the workers', the queue events'): each is dropped at once, without waiting for Redis, and none
 * connects again. Close the BullMQ objects made on it first (closeQuietly).
 */
export function closeConnections(redis: Redis): void {
  if (redis instanceof OwnedRedis) redis.end();
  else redis.disconnect();
}

/** What a tournament on the queue is: stored once under its id. */
export interface TournamentSpec {
  config: TournamentConfig;
  seed: number;
  games: number;
  shards: number;
}

/** A shard job's data. */
export interface ShardJob {
  tournament: string;
  index: number;
}

/**
 * The id of a tournament: a hash of what it plays (config, seed, games, shards), so the same
 * tournament enqueued again finds the shards already stored.
 */
export function tournamentId(spec: TournamentSpec): string {
  const text = JSON.stringify(['cluedo-tournament', SHARD_VERSION, spec.config, spec.seed, spec.games, spec.shards]);
  return `t${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

const specKey = (id: string) => `cluedo:tournament:${id}`;
const resultsKey = (id: string) => `cluedo:tournament:${id}:results`;
export const jobId = (id: string, index: number) => `${id}-${index}`;

/** How long a close may wait for BullMQ's loops to stop once their connections are dropped (ms). */
const CLOSE_WAIT_MS = 1000;

/** Stores the tournament's spec (the same id is the same spec: a second store changes nothing). */
export async function storeSpec(redis: Redis, id: string, spec: TournamentSpec): Promise<void> {
  await redis.set(specKey(id), JSON.stringify(spec), 'NX');
}

/** The spec of tournament `id`, or undefined when Redis holds none. */
export async function readSpec(redis: Redis, id: string): Promise<TournamentSpec | undefined> {
  const text = await redis.get(specKey(id));
  return text === null ? undefined : (JSON.parse(text) as TournamentSpec);
}

/** The indexes (1-based) of the shards whose result is stored. */
export async function storedShards(redis: Redis, id: string): Promise<number[]> {
  return (await redis.hkeys(resultsKey(id))).map(Number).sort((a, b) => a - b);
}

/** Every stored shard file of tournament `id`, each checked as cluedo merge checks a file. */
export async function readResults(redis: Redis, id: string): Promise<Array<{ name: string; file: ShardFile }>> {
  const all = await redis.hgetall(resultsKey(id));
  return Object.entries(all)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([index, text]) => {
      const name = `${id} shard ${index}`;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw new InputError(`${name} in Redis is not valid JSON: ${(e as Error).message}`);
      }
      return { name, file: parseShardFile(json, name) };
    });
}

/** Job options: removed once done (the stored result is the record), a few tries for a failing one. */
const JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true, attempts: 3, backoff: { type: 'fixed', delay: 1000 } } as const;

/** The queue of shard jobs, on the connection `redis` (from connectRedis), to add jobs and read their counts. */
export function openQueue(redis: Redis): Queue {
  const queue = new Queue(QUEUE_NAME, { connection: redis });
  queue.on('error', () => {});
  return queue;
}

/** Adds the jobs of the shards `indexes` of tournament `id`; a shard already waiting or running stays one job. */
export async function addShardJobs(queue: Queue, id: string, indexes: number[]): Promise<void> {
  if (indexes.length === 0) return;
  await queue.addBulk(indexes.map((index) => ({ name: 'shard', data: { tournament: id, index }, opts: { ...JOB_OPTIONS, jobId: jobId(id, index) } })));
}

/** Enqueues the shards `indexes` of tournament `id`; a shard already waiting or running stays one job. */
export async function enqueueShards(address: RedisAddress, id: string, indexes: number[]): Promise<void> {
  if (indexes.length === 0) return;
  const redis = await connectRedis(address);
  const queue = openQueue(redis);
  try {
    await addShardJobs(queue, id, indexes);
  } finally {
    await closeQuietly(queue);
    closeConnections(redis);
  }
}

/**
 * Events of the queue (a shard done or failed), for the coordinator's progress, on a connection of
 * their own made from `redis` (from connectRedis). Each read waits 1 s at most: BullMQ keeps a timer
 * on a read that a Redis gone never answers, which would hold a closed coordinator up to 11 s with
 * its default of 10 s.
 */
export function queueEvents(redis: Redis): QueueEvents {
  const events = new QueueEvents(QUEUE_NAME, { connection: redis, blockingTimeout: 1000 });
  events.on('error', () => {});
  return events;
}

/** What Redis holds of a tournament: its spec, the shards whose result is stored, those whose job is queued. */
export interface TournamentState {
  spec: boolean;
  stored: Set<number>;
  /** Shards whose job waits, is delayed (a retry) or is being played. */
  queued: Set<number>;
}

/**
 * What Redis holds of tournament `id`, of `shards` shards. The jobs are read before the results: a
 * worker stores a shard's result before its job is removed, so a shard found neither stored nor
 * queued was lost, unless its job failed for good (which the queue's events tell).
 */
export async function tournamentState(redis: Redis, queue: Queue, id: string, shards: number): Promise<TournamentState> {
  const indexes = Array.from({ length: shards }, (_, i) => i + 1);
  const jobs = await redis.pipeline(indexes.map((index) => ['exists', queue.toKey(jobId(id, index))])).exec();
  const [[, spec], [, stored]] = (await redis.multi().exists(specKey(id)).hkeys(resultsKey(id)).exec())!;
  return {
    spec: spec === 1,
    stored: new Set((stored as string[]).map(Number)),
    queued: new Set(indexes.filter((_, i) => jobs![i][1] === 1)),
  };
}

/**
 * Calls `change` with false when the connection to Redis is lost (once, however many times it is
 * retried) and with true when it is back. Returns the function that stops listening, to be called
 * before the connection is closed. A connection from connectRedis counts as made (Redis answered).
 */
export function onConnectionChange(redis: Redis, change: (connected: boolean) => void): () => void {
  let connected = true;
  const lost = () => connected && change((connected = false));
  const back = () => !connected && change((connected = true));
  redis.on('close', lost);
  redis.on('ready', back);
  return () => {
    redis.off('close', lost);
    redis.off('ready', back);
  };
}

/**
 * What `work` gives while Redis answers: undefined when the connection is down, or lost before the
 * answer, or after `ms` without one (a network that drops packets closes no connection).
 */
export async function whileReachable<T>(redis: Redis, work: () => Promise<T>, ms = connectTimeout()): Promise<T | undefined> {
  if (redis.status !== 'ready') return undefined;
  let giveUp!: () => void;
  const given = new Promise<undefined>((resolve) => (giveUp = () => resolve(undefined)));
  const timer = setTimeout(giveUp, ms);
  redis.once('close', giveUp);
  try {
    return await Promise.race([work(), given]);
  } finally {
    clearTimeout(timer);
    redis.off('close', giveUp);
  }
}

/**
 * Closes queues, queue events and workers without waiting for Redis, which may be gone: their own
 * connections are dropped (a worker's forced close: it leaves the job it holds), and their loops,
 * which a dropped connection ends or leaves waiting with nothing that keeps the process alive, are
 * waited for a moment at most. The connection they were made on stays open (closeConnections).
 */
export async function closeQuietly(...objects: Array<Queue | QueueEvents | Worker>): Promise<void> {
  const closing = objects.map((o) => (o instanceof Worker ? o.close(true) : o.close()));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(closing), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
  clearTimeout(timer);
}

/** Jobs waiting or being played, of every tournament. */
export async function pendingJobs(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/**
 * The lock of a shard's job (ms): a worker renews it every half of it while it plays. 20 s: a
 * worker's event loop is never held that long (the games run on its threads).
 */
export const SHARD_LOCK_MS = 20_000;

/** The lock of a shard's job (ms): SHARD_LOCK_MS, or CLUEDO_QUEUE_LOCK_MS (for tests: a few seconds). */
export function lockDuration(): number {
  const ms = Number(process.env.CLUEDO_QUEUE_LOCK_MS);
  return Number.isSafeInteger(ms) && ms >= 500 ? ms : SHARD_LOCK_MS;
}

/** BullMQ's settings of a worker for a lock of `lock` ms. */
export interface LockSettings {
  lockDuration: number;
  /** How often the workers look for jobs whose lock ran out (one worker's look serves all). */
  stalledInterval: number;
  /** How many times a job may stall (its worker gone) before it fails. */
  maxStalledCount: number;
}

/** The workers' settings: they look for expired locks four times per lock. */
export function lockSettings(lock = lockDuration()): LockSettings {
  return { lockDuration: lock, stalledInterval: lock / 4, maxStalledCount: 3 };
}

/**
 * The longest a stopped worker's shard waits before another worker takes it (ms), while some
 * worker runs: its lock runs out (at most a lock after the last renewal), then a look finds it.
 * A look marks the jobs being played and the next one takes back those no longer locked; the
 * looks are an interval apart, but two when the stopped worker made the last one (the others
 * skip a look made less than an interval ago).
 */
export function recoveryBound(settings: LockSettings): number {
  return settings.lockDuration + 2 * settings.stalledInterval;
}

export interface WorkerOptions {
  executor: Executor;
  /** Keep waiting for jobs when the queue is empty. */
  watch: boolean;
  signal?: AbortSignal;
  /** Called when a shard is stored. */
  onShard?: (job: ShardJob, spec: TournamentSpec, games: number, seconds: number) => void;
  /** Called with every finished batch of a shard's games, as they finish. */
  onResults?: (batch: readonly GameResult[]) => void;
}

/**
 * Plays shard jobs until the queue has no job waiting or being played (or, with watch, until the
 * signal): each shard on the executor, its file stored in Redis, on the connection `redis` (from
 * connectRedis, closed by the caller: closeConnections). Returns the number of shards played.
 * A shard interrupted by the signal is given back to the queue, to be played again at once by any
 * worker, when Redis answers; otherwise its lock runs out and another worker takes it (recoveryBound).
 */
export async function runWorker(redis: Redis, options: WorkerOptions): Promise<number> {
  let played = 0;
  // From the shard's start to its end, whatever becomes of its job: a job that Redis lost (restarted
  // without its data) can be neither completed nor failed, and BullMQ then says neither.
  let busy = false;
  const play = async (job: Job<ShardJob>) => {
    busy = true;
    try {
      const { tournament, index } = job.data;
      const spec = await readSpec(redis, tournament);
      if (spec === undefined) throw new Error(`tournament ${tournament} has no spec in Redis`);
      const started = Date.now();
      const outcome = await playShard(spec.config, spec.seed, spec.games, shardRange(spec.games, spec.shards, index), { executor: options.executor, signal: options.signal, onResults: options.onResults });
      if (outcome.file === null) throw new Error(`shard ${index} of ${tournament} interrupted`);
      await redis.hset(resultsKey(tournament), String(index), shardFileText(outcome.file));
      played++;
      options.onShard?.(job.data, spec, outcome.done, (Date.now() - started) / 1000);
    } finally {
      busy = false;
    }
  };
  const worker = new Worker<ShardJob>(QUEUE_NAME, play, { connection: redis, concurrency: 1, ...lockSettings(), drainDelay: 1, autorun: false });
  worker.on('error', () => {});
  const queue = openQueue(redis);
  const running = worker.run().catch(() => {});
  let ended!: () => void;
  const over = new Promise<void>((resolve) => (ended = resolve));
  let ending = false;
  const end = () => {
    if (ending) return;
    ending = true;
    void (async () => {
      if (busy) {
        // Paused, the worker takes no other job; its loop ends once BullMQ has given the interrupted
        // shard back to the queue, which needs Redis.
        worker.pause(true).catch(() => {});
        await whileReachable(redis, () => running);
      }
      await closeQuietly(worker, queue);
    })().finally(ended);
  };
  options.signal?.addEventListener('abort', end, { once: true });
  if (options.signal?.aborted) end();
  // Without --watch: stop once no job waits or runs anywhere (a job running elsewhere may yet stall
  // and come back to us). One count at a time: while Redis is away, a count waits for it.
  let counting = false;
  const idle = options.watch
    ? undefined
    : setInterval(() => {
        if (busy || counting) return;
        counting = true;
        pendingJobs(queue)
          .then((n) => n === 0 && !busy && end())
          .catch(() => {})
          .finally(() => (counting = false));
      }, 500);
  try {
    await over;
  } finally {
    if (idle) clearInterval(idle);
    options.signal?.removeEventListener('abort', end);
  }
  return played;
}
