// Tournaments on a job queue: BullMQ on Redis. A tournament is split into shards (shards.ts); the
// coordinator (cluedo simulate --queue URL) enqueues one job per shard, with the job id
// `${tournament}-${index}` (BullMQ refuses ":" in a custom id), so a shard enqueued twice is one job
// while it waits or runs. Workers (cluedo worker --queue URL) play the shards and store each shard
// file in the Redis hash `cluedo:tournament:<id>:results`, field = the shard's index: a shard played
// twice (a stalled job retried while its first worker still ran) writes the same bytes. The results,
// not the jobs, are what counts: the coordinator waits until all N are stored, then merges them.
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
 * maxRetriesPerRequest null on its blocking connections).
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
 * (connect-failure.ts: TLS, credentials). The connection returned reconnects.
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
    throw new InputError(`cannot reach Redis at ${address.text}: ${connectFailure(failure ?? (e as Error), address, connectTimeout())}`);
  }
  try {
    await probe.select(address.db);
  } catch (e) {
    throw new InputError(`Redis at ${address.text} has no database ${address.db} (${(e as Error).message.replace(/^ERR /, '')}): use a database it has, such as /0`);
  } finally {
    probe.disconnect();
  }
  const client = new Redis(connectionOptions(address) as IORedisOptions);
  client.on('error', () => {}); // reconnecting; commands wait
  return client;
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

/** Enqueues the shards `indexes` of tournament `id`; a shard already waiting or running stays one job. */
export async function enqueueShards(address: RedisAddress, id: string, indexes: number[]): Promise<void> {
  if (indexes.length === 0) return;
  const queue = new Queue(QUEUE_NAME, { connection: connectionOptions(address) });
  queue.on('error', () => {});
  try {
    await queue.addBulk(indexes.map((index) => ({ name: 'shard', data: { tournament: id, index }, opts: { ...JOB_OPTIONS, jobId: jobId(id, index) } })));
  } finally {
    await queue.close();
  }
}

/** Events of the queue (a shard done or failed), for the coordinator's progress. */
export function queueEvents(address: RedisAddress): QueueEvents {
  const events = new QueueEvents(QUEUE_NAME, { connection: connectionOptions(address) });
  events.on('error', () => {});
  return events;
}

/** Jobs waiting or being played, of every tournament. */
export async function pendingJobs(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/**
 * The lock of a job (ms): a worker that stops renewing it (killed) loses its shard to another
 * worker after about this long. 30 s by default; CLUEDO_QUEUE_LOCK_MS sets it (for tests: a few
 * seconds).
 */
export function lockDuration(): number {
  const ms = Number(process.env.CLUEDO_QUEUE_LOCK_MS);
  return Number.isSafeInteger(ms) && ms >= 500 ? ms : 30_000;
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
 * signal): each shard on the executor, its file stored in Redis. Returns the number of shards played.
 */
export async function runWorker(address: RedisAddress, redis: Redis, options: WorkerOptions): Promise<number> {
  let played = 0;
  const lock = lockDuration();
  const play = async (job: Job<ShardJob>) => {
    const { tournament, index } = job.data;
    const spec = await readSpec(redis, tournament);
    if (spec === undefined) throw new Error(`tournament ${tournament} has no spec in Redis`);
    const started = Date.now();
    const outcome = await playShard(spec.config, spec.seed, spec.games, shardRange(spec.games, spec.shards, index), { executor: options.executor, signal: options.signal, onResults: options.onResults });
    if (outcome.file === null) throw new Error(`shard ${index} of ${tournament} interrupted`);
    await redis.hset(resultsKey(tournament), String(index), shardFileText(outcome.file));
    played++;
    options.onShard?.(job.data, spec, outcome.done, (Date.now() - started) / 1000);
  };
  const worker = new Worker<ShardJob>(QUEUE_NAME, play, {
    connection: connectionOptions(address),
    concurrency: 1,
    lockDuration: lock,
    stalledInterval: lock,
    maxStalledCount: 3,
    drainDelay: 1,
    autorun: false,
  });
  worker.on('error', () => {});
  const queue = new Queue(QUEUE_NAME, { connection: connectionOptions(address) });
  queue.on('error', () => {});
  let busy = false;
  worker.on('active', () => (busy = true));
  worker.on('completed', () => (busy = false));
  worker.on('failed', () => (busy = false));
  const stop = () => void worker.close();
  options.signal?.addEventListener('abort', stop, { once: true });
  // Without --watch: stop once no job waits or runs anywhere (a job running elsewhere may yet stall
  // and come back to us).
  const idle = options.watch
    ? undefined
    : setInterval(() => {
        if (busy) return;
        pendingJobs(queue)
          .then((n) => n === 0 && !busy && stop())
          .catch(() => {});
      }, 500);
  try {
    await worker.run();
  } finally {
    if (idle) clearInterval(idle);
    options.signal?.removeEventListener('abort', stop);
    await worker.close();
    await queue.close();
  }
  return played;
}
