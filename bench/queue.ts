// The job queue's figures (`npm run bench -- --queue-only`): games per second of one local process
// against a coordinator and two workers on the queue (BullMQ on a redis-server started on a free
// loopback port), the queue's overhead per shard (many one-game shards against one shard of the same
// games), and from those a projection of 10^6 games on 100 machines. Skipped when redis-server is
// not installed. Needs the built CLI (dist/cli/cluedo.mjs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../test/support/free-port.js';
import { openSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../dist/cli/cluedo.mjs', import.meta.url));

export interface QueueBench {
  games: number;
  cores: number;
  localSeconds: number;
  localGamesPerSecond: number;
  queueSeconds: number;
  queueGamesPerSecond: number;
  tinyShards: number;
  overheadMsPerShard: number;
  projection: { games: number; machines: number; shards: number; seconds: number };
}

// A write-only /dev/null: `stdio: 'ignore'` opens it read-write, as a closed standard output
// looks, and cluedo refuses to run without somewhere to write.
const DISCARD = openSync('/dev/null', 'w');

function run(args: string[]): { child: ChildProcess; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', DISCARD, 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error(`cluedo ${args.join(' ')} exited ${code}: ${err}`)))),
  );
  return { child, exit };
}

/** Seconds for a coordinator and `workers` workers of `threads` threads each, started together. */
async function onQueue(url: string, games: number, shards: number, seed: number, workers: number, threads: number): Promise<number> {
  const started = performance.now();
  const coordinator = run(['simulate', '--agents', 'deductive', '--games', String(games), '--seed', String(seed), '--queue', url, '--shards', String(shards)]);
  const all = Array.from({ length: workers }, () => run(['worker', '--queue', url, '--threads', String(threads)]));
  await coordinator.exit;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(all.map((w) => w.exit));
  return seconds;
}

export async function benchQueue(games = 2000): Promise<QueueBench | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    console.log('queue: skipped, redis-server is not installed (apt-get install redis-server)');
    return undefined;
  }
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  try {
    for (let i = 0; i < 100 && spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() !== 'PONG'; i++) await new Promise((r) => setTimeout(r, 50));
    const cores = cpus().length;
    let started = performance.now();
    await run(['simulate', '--agents', 'deductive', '--games', String(games), '--seed', '11', '--threads', String(Math.min(2, cores))]).exit;
    const localSeconds = (performance.now() - started) / 1000;
    const shards = Math.ceil(games / 250);
    const queueSeconds = await onQueue(url, games, shards, 12, 2, 1);
    // The overhead of a shard: N one-game shards against one shard of the same N games, one worker of one thread.
    const tiny = 200;
    const many = await onQueue(url, tiny, tiny, 13, 1, 1);
    const one = await onQueue(url, tiny, 1, 14, 1, 1);
    const overheadMsPerShard = (Math.max(0, many - one) * 1000) / (tiny - 1);
    const queueGamesPerSecond = games / queueSeconds;
    // 10^6 games on 100 machines like this one (two workers each), shards of 500 games.
    const big = 1_000_000;
    const machines = 100;
    const bigShards = big / 500;
    const perMachine = queueGamesPerSecond;
    const seconds = big / (machines * perMachine) + ((bigShards / machines) * overheadMsPerShard) / 1000;
    return {
      games,
      cores,
      localSeconds,
      localGamesPerSecond: games / localSeconds,
      queueSeconds,
      queueGamesPerSecond,
      tinyShards: tiny,
      overheadMsPerShard,
      projection: { games: big, machines, shards: bigShards, seconds },
    };
  } finally {
    server.kill('SIGTERM');
  }
}

export function printQueue(b: QueueBench | undefined): void {
  if (b === undefined) return;
  const f = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\nThe job queue (deductive, 6 players, ${b.games} games, ${b.cores} cores; wall time of the whole command, start-up included)`);
  console.log(`  1 local process, 2 threads:                 ${f(b.localSeconds)} s, ${f(b.localGamesPerSecond, 0)} games/s`);
  console.log(`  coordinator + 2 workers of 1 thread (queue): ${f(b.queueSeconds)} s, ${f(b.queueGamesPerSecond, 0)} games/s`);
  console.log(`  overhead per shard (${b.tinyShards} one-game shards vs one shard): ${f(b.overheadMsPerShard)} ms`);
  console.log(
    `  projection: ${b.projection.games.toLocaleString('en-US')} games on ${b.projection.machines} such machines, ${b.projection.shards} shards of 500: ` +
      `about ${f(b.projection.seconds, 0)} s (games / (machines × games/s) + shards per machine × overhead)`,
  );
}
