// What `cluedo simulate --queue` does between enqueueing a tournament's shards and merging them:
// it waits, saying on standard error what happens. It checks what Redis holds every second (and at
// every shard done): a shard neither stored nor queued in two checks in a row was lost by Redis (a
// job that failed for good is reported before the second check), and the coordinator, which knows
// the tournament, stores its settings and enqueues its shards again. Every wait for Redis gives way
// to Ctrl-C, SIGTERM or SIGHUP, after which one line says what is true of the queue.
import type { TournamentConfig } from '../tournament/play.js';
import type { TournamentSpec, TournamentState } from '../queue/queue.js';
import type { RedisAddress } from '../queue/address.js';
import type { QueueModule } from '../queue/load.js';
import { InputError } from '../model/errors.js';
import { counted, forCount } from '../model/numbers.js';
import { joinList } from '../model/quote.js';

/** A tournament to play on the queue, or the id of one enqueued before. */
export type QueuedTournament = { config: TournamentConfig; seed: number; games: number; shards: number } | { resume: string };

type Redis = Awaited<ReturnType<QueueModule['connectRedis']>>;
type Queue = ReturnType<QueueModule['openQueue']>;
type QueueEvents = ReturnType<QueueModule['queueEvents']>;
type StoredShards = Awaited<ReturnType<QueueModule['readResults']>>;

const stderr = (line: string) => process.stderr.write(`${line}\n`);

/** How to start a worker on this queue: its URL (credentials masked) and the TLS options it needs too. */
function workerHint(address: RedisAddress): string {
  const tls = address.tls ?? {};
  return `cluedo worker --queue ${address.text}${tls.ca === undefined ? '' : ' --queue-ca FILE'}${tls.cert === undefined ? '' : ' --queue-cert FILE --queue-key FILE'}`;
}

/** What ends a wait for Redis when the coordinator is stopped first. */
class Stopped extends Error {}

export class Coordinator {
  private id = '';
  private spec: TournamentSpec | undefined;
  /** The shards stored at the last check (none before the first answer). */
  private stored: Set<number> | undefined;
  private readonly everStored = new Set<number>();
  /** The last check's spec and shards neither stored nor queued. */
  private previous: { spec: boolean; missing: Set<number> } | undefined;
  /** The check under way, if any: one at a time (while Redis is away, a check waits for it). */
  private checking: Promise<boolean> | undefined;
  private failure: string | undefined;
  /** Set once the run is over: a check still waiting for Redis then prints nothing. */
  private over = false;

  constructor(
    private readonly queue: QueueModule,
    private readonly address: RedisAddress,
    private readonly redis: Redis,
    private readonly jobs: Queue,
    private readonly events: QueueEvents,
  ) {}

  /** The tournament's id and stored shard files once all are stored; undefined when stopped (its line printed). */
  async run(tournament: QueuedTournament, signal: AbortSignal): Promise<{ id: string; results: StoredShards } | undefined> {
    const stopped = new Promise<never>((_, reject) => {
      const stop = () => reject(new Stopped());
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    });
    stopped.catch(() => {});
    const unlessStopped = <T>(work: Promise<T>) => Promise.race([work, stopped]);
    try {
      const spec = await this.tournament(tournament, unlessStopped);
      const [, stored] = await unlessStopped(Promise.all([this.events.waitUntilReady(), this.queue.storedShards(this.redis, this.id)]));
      this.stored = new Set(stored);
      const missing = this.all().filter((i) => !stored.includes(i));
      stderr(
        `tournament ${this.id}: ${spec.games} ${forCount(spec.games, 'game')} in ${spec.shards} ${forCount(spec.shards, 'shard')} on ${this.address.text}; ${stored.length} stored, ${missing.length} enqueued` +
          (missing.length === 0 ? '' : ` (${workerHint(this.address)} plays them; resume with --resume ${this.id})`),
      );
      await unlessStopped(this.queue.addShardJobs(this.jobs, this.id, missing));
      await this.allStored(signal);
      return { id: this.id, results: await unlessStopped(this.queue.readResults(this.redis, this.id)) };
    } catch (e) {
      if (e instanceof Stopped) return await this.stop();
      throw e;
    } finally {
      this.over = true;
    }
  }

  /** The tournament's spec, stored in Redis (a new one) or read from it (--resume). */
  private async tournament(tournament: QueuedTournament, unlessStopped: <T>(work: Promise<T>) => Promise<T>): Promise<TournamentSpec> {
    if ('resume' in tournament) {
      this.id = tournament.resume;
      this.spec = await unlessStopped(this.queue.readSpec(this.redis, this.id));
      if (this.spec === undefined) {
        throw new InputError(
          `no tournament ${this.id} in Redis at ${this.address.text}: it was never enqueued there, or Redis lost it (restarted without persistence?); run the simulate command that enqueued it again: it plays the shards not stored`,
        );
      }
    } else {
      this.id = this.queue.tournamentId(tournament);
      this.spec = tournament;
      await unlessStopped(this.queue.storeSpec(this.redis, this.id, tournament));
    }
    return this.spec;
  }

  private all(): number[] {
    return Array.from({ length: this.spec!.shards }, (_, i) => i + 1);
  }

  /** Resolves once every shard is stored; rejects when one fails for good, or on the signal (Stopped). */
  private allStored(signal: AbortSignal): Promise<void> {
    const prefix = `${this.id}-`;
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        this.checking ??= this.check().finally(() => (this.checking = undefined));
        this.checking.then(
          (all) => all && finish(resolve),
          (e) => finish(() => reject(e)),
        );
      };
      const onCompleted = ({ jobId }: { jobId: string }) => jobId.startsWith(prefix) && check();
      const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
        if (!jobId.startsWith(prefix)) return;
        this.failure = `shard ${jobId.slice(prefix.length)} of tournament ${this.id} failed: ${failedReason}; fix it, then resume with --resume ${this.id}`;
        check();
      };
      const onStalled = ({ jobId }: { jobId: string }) =>
        jobId.startsWith(prefix) && stderr(`cluedo: progress: shard ${jobId.slice(prefix.length)} stalled (its worker stopped renewing its lock): back in the queue`);
      const onAbort = () => finish(() => reject(new Stopped()));
      // Also after a lost event (Redis restarted), and to see what Redis lost.
      const timer = setInterval(check, 1000);
      const finish = (settle: () => void) => {
        clearInterval(timer);
        this.events.off('completed', onCompleted);
        this.events.off('failed', onFailed);
        this.events.off('stalled', onStalled);
        signal.removeEventListener('abort', onAbort);
        settle();
      };
      this.events.on('completed', onCompleted);
      this.events.on('failed', onFailed);
      this.events.on('stalled', onStalled);
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) onAbort();
      else check();
    });
  }

  /** One look at Redis: progress, a failure, the end, or what it lost put back. True once all are stored. */
  private async check(): Promise<boolean> {
    const now = await this.queue.tournamentState(this.redis, this.jobs, this.id, this.spec!.shards);
    if (this.over) return false;
    if (now.stored.size !== this.stored!.size) stderr(`cluedo: progress: ${now.stored.size} of ${this.spec!.shards} ${forCount(this.spec!.shards, 'shard')} stored`);
    this.stored = now.stored;
    now.stored.forEach((i) => this.everStored.add(i));
    if (this.failure !== undefined) throw new InputError(this.failure);
    if (now.stored.size === this.spec!.shards) return true;
    const missing = this.missing(now);
    const before = this.previous;
    this.previous = { spec: now.spec, missing: new Set(missing) };
    const specLost = !now.spec && before?.spec === false;
    const lost = missing.filter((i) => before?.missing.has(i));
    if (specLost || lost.length > 0) await this.restore(specLost, lost);
    return false;
  }

  /** The shards neither stored nor queued. */
  private missing(state: TournamentState): number[] {
    return this.all().filter((i) => !state.stored.has(i) && !state.queued.has(i));
  }

  /** Stores the tournament's settings again (when lost) and enqueues the shards lost, and says so. */
  private async restore(specLost: boolean, shards: number[]): Promise<void> {
    if (specLost) await this.queue.storeSpec(this.redis, this.id, this.spec!);
    await this.queue.addShardJobs(this.jobs, this.id, shards);
    if (this.over) return;
    const results = shards.filter((i) => this.everStored.has(i)).length;
    const lost = [...(specLost ? ['its settings'] : []), ...(results > 0 ? [counted(results, 'stored shard')] : []), ...(shards.length > results ? [counted(shards.length - results, 'queued shard')] : [])];
    const done = [...(specLost ? ['stored its settings again'] : []), ...(shards.length > 0 ? [`enqueued the ${counted(shards.length, 'shard')} not stored again`] : [])];
    stderr(
      `cluedo: Redis at ${this.address.text} lost data of tournament ${this.id} (restarted without persistence?): ${joinList(lost)}; ${joinList(done)}` +
        (shards.length > 0 ? ' (a worker without --watch may have stopped when the queue was empty: start one if none is running)' : ''),
    );
  }

  /**
   * The line of a coordinator stopped: what Redis holds when it answers (what it lost put back
   * first, so that the others are queued and --resume finds the tournament), or that it does not.
   */
  private async stop(): Promise<undefined> {
    const spec = this.spec;
    const stored =
      spec &&
      (await this.queue.whileReachable(this.redis, async () => {
        await this.checking?.catch(() => {});
        const now = await this.queue.tournamentState(this.redis, this.jobs, this.id, spec.shards);
        const missing = this.missing(now);
        if (!now.spec || missing.length > 0) await this.restore(!now.spec, missing);
        return now.stored.size;
      }));
    this.over = true;
    const resume = `resume with --resume ${this.id}`;
    if (stored === undefined) {
      const known = spec && this.stored ? ` (${this.stored.size} of ${spec.shards} ${forCount(spec.shards, 'shard')} stored when it last answered)` : '';
      stderr(`cluedo: stopped: Redis at ${this.address.text} ${this.redis.status === 'ready' ? 'does not answer' : 'cannot be reached'}${known}; once it is back, ${resume}`);
    } else if (stored === spec!.shards) {
      stderr(`cluedo: stopped: ${stored} of ${spec!.shards} ${forCount(spec!.shards, 'shard')} stored; ${resume} to merge them`);
    } else {
      stderr(`cluedo: stopped: ${stored} of ${spec!.shards} ${forCount(spec!.shards, 'shard')} stored, the others stay queued for the workers; ${resume}`);
    }
    return undefined;
  }
}
