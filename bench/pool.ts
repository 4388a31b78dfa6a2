// The worker pool, 1 thread vs 2, side by side: sampled deals per second on a large request,
// entropy-greedy decision latency (20,000 samples, every suggestion) on the six-player examples,
// and the pool's overhead per task.
import { readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame, type GameLog } from '../src/io/log.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { tallySamples } from '../src/analysis/sampling.js';
import { analysisPool } from '../src/analysis/pools.js';
import { tallyChunks } from '../src/knowledge/chunks.js';
import { suggest } from '../src/analysis/suggest.js';

const median = (task: { result: unknown }) => (task.result as { latency: { p50: number } }).latency.p50;

function example(name: string): GameLog {
  return JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8'));
}

export async function benchPool(time: number) {
  const pools = { 1: analysisPool(1), 2: analysisPool(2) };
  const earlyLog = example('classic-6p-early');
  const store = constraintsOf(parseGame(earlyLog));
  try {
    // Sampling throughput on a large request (tallies, so no deal crosses threads).
    const big = 2_000_000;
    const sampling = new Bench({ name: 'pool sampling', time, iterations: 3 });
    for (const t of [1, 2] as const) sampling.add(`${t}`, () => tallySamples(pools[t], store, big, 9).then(() => undefined));
    await sampling.run();
    const dealsPerSec = Object.fromEntries(sampling.tasks.map((task) => [task.name, (big / median(task)) * 1000]));

    // Decision latency: sample 20,000 deals and score all 324 suggestions.
    const decisions = new Bench({ name: 'decision', time, warmup: true, warmupIterations: 3 });
    const positions = ['classic-6p-early', 'classic-6p-late'];
    for (const name of positions) {
      const log = example(name);
      for (const t of [1, 2] as const) decisions.add(`${name}/${t}`, () => suggest(log, { executor: pools[t], samples: 20_000, seed: 1 }).then(() => undefined));
    }
    await decisions.run();
    const decisionMs = positions.map((name) => {
      const one = median(decisions.tasks.find((task) => task.name === `${name}/1`)!);
      const two = median(decisions.tasks.find((task) => task.name === `${name}/2`)!);
      return { position: name, oneThreadMs: one, twoThreadsMs: two, speedup: one / two };
    });

    // A large decision: 200,000 samples.
    const large = new Bench({ name: 'large decision', time, iterations: 3 });
    for (const t of [1, 2] as const) large.add(`${t}`, () => suggest(earlyLog, { executor: pools[t], samples: 200_000, seed: 1 }).then(() => undefined));
    await large.run();
    const [l1, l2] = large.tasks.map(median);

    // Overhead per task: one 8,192-deal tally chunk through the pool vs in process.
    const position = KnowledgeCore.create().load(store);
    const overhead = new Bench({ name: 'overhead', time, warmup: true });
    overhead.add('in process', () => void tallyChunks(position, 5, 8192, 0, 1));
    overhead.add('through the pool', () => tallySamples(pools[1], store, 8192, 5).then(() => undefined));
    await overhead.run();
    const [inProcess, viaPool] = overhead.tasks.map(median);

    return {
      samplingDealsPerSec: { oneThread: dealsPerSec['1'], twoThreads: dealsPerSec['2'], speedup: dealsPerSec['2'] / dealsPerSec['1'] },
      decision: decisionMs,
      largeDecision: { samples: 200_000, oneThreadMs: l1, twoThreadsMs: l2, speedup: l1 / l2 },
      taskOverhead: { chunkInProcessMs: inProcess, chunkThroughPoolMs: viaPool, overheadMs: viaPool - inProcess },
    };
  } finally {
    await Promise.all([pools[1].close(), pools[2].close()]);
  }
}
