// The queue on the command line: `cluedo simulate ... --queue redis://host:port [--shards N]` (or
// `--resume ID`) coordinates a tournament on BullMQ; `cluedo worker --queue redis://host:port` plays
// its shards. The coordinator stores nothing itself: the workers store each shard's file in Redis,
// and the coordinator merges them (as cluedo merge does) once all are there. A rediss:// URL is TLS,
// with the files of queue-tls.ts; messages show the URL as address.text, its credentials masked.
import { Command } from 'commander';
import type { TournamentConfig } from '../tournament/play.js';
import type { TournamentSpec } from '../queue/queue.js';
import { parseRedisUrl, type RedisAddress } from '../queue/address.js';
import { loadQueue } from '../queue/load.js';
import { addQueueTlsOptions, checkQueueTls, withQueueTls, type QueueTlsOptions } from './queue-tls.js';
import { InputError } from '../model/errors.js';
import { UsageError, printLine } from './errors.js';
import { FaultLines } from './fault-lines.js';
import { FAULT_REASONS_KEPT } from '../tournament/types.js';
import { interruptedExitCode, withCancellation } from './cancel.js';
import { noteThreads, threadCount } from './options.js';
import type { OutputPath } from './output-files.js';
import { reportMerged } from './merge-command.js';
import { forCount } from '../model/numbers.js';

/** Shards by default: about 500 games each, at most one per game. */
export function defaultShards(games: number): number {
  return Math.min(games, Math.max(1, Math.ceil(games / 500)));
}

/** The address of the URL, checked with the TLS options (usage errors). */
function addressOf(url: string, tls: QueueTlsOptions): RedisAddress {
  const address = parseRedisUrl(url);
  if (typeof address === 'string') throw new UsageError(address);
  checkQueueTls(address, tls);
  return address;
}

/** A usage check before anything runs: the URL is a Redis URL, and the TLS options fit it. */
export function checkQueueUrl(url: string, tls: QueueTlsOptions): void {
  addressOf(url, tls);
}

/** The address to connect to, its TLS files read and checked: all before the first connection. */
function queueAddress(url: string, tls: QueueTlsOptions): RedisAddress {
  return withQueueTls(addressOf(url, tls), tls);
}

/** How to start a worker on this queue: its URL (credentials masked) and the TLS options it needs too. */
function workerHint(address: RedisAddress): string {
  const tls = address.tls ?? {};
  return `cluedo worker --queue ${address.text}${tls.ca === undefined ? '' : ' --queue-ca FILE'}${tls.cert === undefined ? '' : ' --queue-cert FILE --queue-key FILE'}`;
}

const stderr = (line: string) => process.stderr.write(`${line}\n`);

/**
 * simulate --queue: enqueues the shards of the tournament (config given) or of tournament `resume`
 * that have no stored result, waits for all, merges them and reports.
 */
export async function runQueued(
  url: string,
  tls: QueueTlsOptions,
  tournament: { config: TournamentConfig; seed: number; games: number; shards: number } | { resume: string },
  outputs: OutputPath[],
): Promise<void> {
  const address = queueAddress(url, tls);
  const queue = await loadQueue('--queue');
  const { mergeShards } = await import('../tournament/shards.js');
  const redis = await queue.connectRedis(address);
  let events: ReturnType<typeof queue.queueEvents> | undefined;
  try {
    let id: string;
    let spec: TournamentSpec;
    if ('resume' in tournament) {
      id = tournament.resume;
      const stored = await queue.readSpec(redis, id);
      if (stored === undefined) throw new InputError(`no tournament ${id} in Redis at ${address.text}`);
      spec = stored;
    } else {
      spec = tournament;
      id = queue.tournamentId(spec);
      await queue.storeSpec(redis, id, spec);
    }
    const all = Array.from({ length: spec.shards }, (_, i) => i + 1);
    events = queue.queueEvents(address);
    await events.waitUntilReady();
    let stored = new Set<number>();
    let failure: string | undefined;
    // Ctrl-C is handled from before the first line: a coordinator stopped at any moment says how to resume.
    const interrupted = await withCancellation(async (signal) => {
      stored = new Set(await queue.storedShards(redis, id));
      const missing = all.filter((i) => !stored.has(i));
      stderr(
        `tournament ${id}: ${spec.games} ${forCount(spec.games, 'game')} in ${spec.shards} ${forCount(spec.shards, 'shard')} on ${address.text}; ${stored.size} stored, ${missing.length} enqueued` +
          (missing.length === 0 ? '' : ` (${workerHint(address)} plays them; resume with --resume ${id})`),
      );
      await queue.enqueueShards(address, id, missing);
      if (signal.aborted) return true;
      return new Promise<boolean>((resolve, reject) => {
        let checking = false;
        const check = () => {
          if (checking) return;
          checking = true;
          queue
            .storedShards(redis, id)
            .then((now) => {
              checking = false;
              if (now.length !== stored.size) stderr(`cluedo: progress: ${now.length} of ${spec.shards} ${forCount(spec.shards, 'shard')} stored`);
              stored = new Set(now);
              if (failure !== undefined) done(() => reject(new InputError(failure!)));
              else if (stored.size === spec.shards) done(() => resolve(false));
            })
            .catch((e) => {
              checking = false;
              done(() => reject(e));
            });
        };
        const prefix = `${id}-`;
        const onCompleted = ({ jobId }: { jobId: string }) => jobId.startsWith(prefix) && check();
        const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
          if (!jobId.startsWith(prefix)) return;
          failure = `shard ${jobId.slice(prefix.length)} of tournament ${id} failed: ${failedReason}; fix it, then resume with --resume ${id}`;
          check();
        };
        const onStalled = ({ jobId }: { jobId: string }) =>
          jobId.startsWith(prefix) && stderr(`cluedo: progress: shard ${jobId.slice(prefix.length)} stalled (its worker stopped renewing its lock): back in the queue`);
        const timer = setInterval(check, 1000); // also after a lost event (Redis restarted)
        const onAbort = () => done(() => resolve(true));
        const done = (finish: () => void) => {
          clearInterval(timer);
          events!.off('completed', onCompleted);
          events!.off('failed', onFailed);
          events!.off('stalled', onStalled);
          signal.removeEventListener('abort', onAbort);
          finish();
        };
        events!.on('completed', onCompleted);
        events!.on('failed', onFailed);
        events!.on('stalled', onStalled);
        signal.addEventListener('abort', onAbort, { once: true });
        check();
      });
    });
    if (interrupted) {
      stderr(`cluedo: stopped: ${stored.size} of ${spec.shards} ${forCount(spec.shards, 'shard')} stored, the others stay queued for the workers; resume with --resume ${id}`);
      process.exitCode = interruptedExitCode();
      return;
    }
    const merged = mergeShards(await queue.readResults(redis, id));
    await reportMerged(merged, `tournament ${id} on ${address.text}`, outputs);
  } finally {
    await events?.close();
    redis.disconnect();
  }
}

interface WorkerCommandOptions extends QueueTlsOptions {
  queue: string;
  threads?: number;
  watch?: boolean;
}

export function workerCommand(): Command {
  const command = new Command('worker')
    .description('play the shards of tournaments queued by simulate --queue, on this machine\'s threads, until the queue is empty')
    .requiredOption('--queue <url>', 'the Redis of the queue: redis://host:port, or rediss://host:port for TLS');
  return addQueueTlsOptions(command)
    .option('--threads <t>', 'worker threads (default: all cores)', threadCount)
    .option('--watch', 'keep waiting for shards when the queue is empty (until Ctrl-C or SIGTERM)')
    .action(async (opts: WorkerCommandOptions) => {
      const address = queueAddress(opts.queue, opts);
      const queue = await loadQueue('cluedo worker');
      const { tournamentPool } = await import('../tournament/pool.js');
      await noteThreads(opts.threads);
      const redis = await queue.connectRedis(address);
      const pool = tournamentPool(opts.threads);
      try {
        await withCancellation(async (signal) => {
          const started = Date.now();
          stderr(`worker on ${address.text}, ${pool.threads} ${forCount(pool.threads, 'thread')}${opts.watch ? ', watching' : ''}`);
          const faults = new FaultLines(printLine, `the coordinator's summary keeps the first ${FAULT_REASONS_KEPT} of each agent`);
          const played = await queue.runWorker(address, redis, {
            executor: pool,
            watch: opts.watch === true,
            signal,
            onShard: (job, spec, games, seconds) =>
              stderr(`tournament ${job.tournament} shard ${job.index}/${spec.shards}: ${games} ${forCount(games, 'game')}, ${seconds.toFixed(1)} s (${Math.round(games / Math.max(seconds, 0.001))} games/s)`),
            onResults: (batch) => faults.games(batch),
          });
          faults.finish();
          stderr(`worker done: ${played} ${forCount(played, 'shard')} in ${((Date.now() - started) / 1000).toFixed(1)} s${signal.aborted ? ' (stopped)' : ''}`);
          if (signal.aborted) process.exitCode = interruptedExitCode();
        });
      } finally {
        await pool.close();
        redis.disconnect();
      }
    });
}
