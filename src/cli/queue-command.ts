// The queue on the command line: `cluedo simulate ... --queue redis://host:port [--shards N]` (or
// `--resume ID`) coordinates a tournament on BullMQ; `cluedo worker --queue redis://host:port` plays
// its shards. The coordinator stores nothing itself: the workers store each shard's file in Redis,
// and the coordinator merges them (as cluedo merge does) once all are there (its wait:
// queue-coordinator.ts). A rediss:// URL is TLS, with the files of queue-tls.ts; messages show the
// URL as address.text, its credentials masked. Both say once when the connection to Redis is lost
// and when it is back.
import { Command } from 'commander';
import { parseRedisUrl, type RedisAddress } from '../queue/address.js';
import { loadQueue } from '../queue/load.js';
import { addQueueTlsOptions, checkQueueTls, withQueueTls, type QueueTlsOptions } from './queue-tls.js';
import { fromCommandLine, printLine } from './errors.js';
import { FaultLines } from './fault-lines.js';
import { FAULT_REASONS_KEPT } from '../tournament/types.js';
import { interruptedExitCode, withCancellation } from './cancel.js';
import { noteThreads, threadCount } from './options.js';
import type { OutputPath } from './output-files.js';
import { reportMerged } from './merge-command.js';
import { forCount } from '../model/numbers.js';
import { Coordinator, type QueuedTournament } from './queue-coordinator.js';

/** Shards by default: about 500 games each, at most one per game. */
export function defaultShards(games: number): number {
  return Math.min(games, Math.max(1, Math.ceil(games / 500)));
}

/** The address of the URL, checked with the TLS options (usage errors). */
function addressOf(url: string, tls: QueueTlsOptions): RedisAddress {
  const address = fromCommandLine(() => parseRedisUrl(url));
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

const stderr = (line: string) => process.stderr.write(`${line}\n`);

/** The line for the connection to Redis lost (once, however long it is retried) or back. */
const connectionLine = (address: RedisAddress) => (connected: boolean) =>
  stderr(`cluedo: connection to Redis at ${address.text} ${connected ? 'back' : 'lost, retrying'}`);

/**
 * simulate --queue: enqueues the shards of the tournament (config given) or of tournament `resume`
 * that have no stored result, waits for all, merges them and reports.
 */
export async function runQueued(url: string, tls: QueueTlsOptions, tournament: QueuedTournament, outputs: OutputPath[], timing = true): Promise<void> {
  const address = queueAddress(url, tls);
  const queue = await loadQueue('--queue');
  const { mergeShards } = await import('../tournament/shards.js');
  const redis = await queue.connectRedis(address);
  const stopWatching = queue.onConnectionChange(redis, connectionLine(address));
  const jobs = queue.openQueue(redis);
  const events = queue.queueEvents(redis);
  try {
    // Ctrl-C is handled from before the first line: a coordinator stopped at any moment says how to resume.
    const run = await withCancellation((signal) => new Coordinator(queue, address, redis, jobs, events).run(tournament, signal));
    if (run === undefined) {
      process.exitCode = interruptedExitCode();
      return;
    }
    await reportMerged(mergeShards(run.results), `tournament ${run.id} on ${address.text}`, outputs, timing);
  } finally {
    stopWatching();
    await queue.closeQuietly(events, jobs);
    queue.closeConnections(redis);
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
    .option('--watch', 'keep waiting for shards when the queue is empty (until Ctrl-C, SIGTERM or SIGHUP)')
    .action(async (opts: WorkerCommandOptions) => {
      const address = queueAddress(opts.queue, opts);
      const queue = await loadQueue('cluedo worker');
      const { tournamentPool } = await import('../tournament/pool.js');
      await noteThreads(opts.threads);
      const redis = await queue.connectRedis(address);
      const stopWatching = queue.onConnectionChange(redis, connectionLine(address));
      const pool = tournamentPool(opts.threads);
      try {
        await withCancellation(async (signal) => {
          const started = Date.now();
          stderr(`worker on ${address.text}, ${pool.threads} ${forCount(pool.threads, 'thread')}${opts.watch ? ', watching' : ''}`);
          const faults = new FaultLines(printLine, `the coordinator's summary keeps the first ${FAULT_REASONS_KEPT} of each agent`);
          const played = await queue.runWorker(redis, {
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
        stopWatching();
        await pool.close();
        queue.closeConnections(redis);
      }
    });
}
