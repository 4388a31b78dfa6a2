// `npm run bench:mcmc`: the two methods that need no DAG, on positions the DAG cannot count —
// 10 seats, a 32-card deck, a spectator who saw 20 refutations but none of the cards:
//   - exact possible owners by search (possibleOwners), median of 5 runs;
//   - the Markov chain: steps per second of one chain, then 8 chains (50,000 steps each after a
//     burn-in of 12,500) on 1 thread and on 2 worker threads, with the estimates' quality.
// Every measurement follows a warm-up (V8 first runs Wasm on its baseline compiler).
import { Worker } from 'node:worker_threads';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { knownPlacements, possibleOwners } from '../src/knowledge/search.js';
import { chainTasks, combineChains, mcmcTallies, runChain, type ChainResult, type McmcOptions } from '../src/knowledge/mcmc.js';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { simulatePosition } from '../test/support/simulated-positions.js';

const SEEDS = [1, 2, 3, 4, 5];
const OPTIONS: Omit<McmcOptions, 'seed'> = { chains: 8, steps: 50_000, burnIn: 12_500 };
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The chains of a request spread over `threads` worker threads. */
async function onWorkers(store: ConstraintStore, options: McmcOptions, threads: number): Promise<[ReturnType<typeof combineChains>, number]> {
  // The worker is TypeScript: it loads through tsx's loader, as this script does.
  const entry = new URL('./mcmc-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  const workers = Array.from({ length: threads }, () => new Worker(boot, { eval: true }));
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
  const tasks = chainTasks(store, options);
  const t = performance.now();
  const results: ChainResult[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    workers.map(async (w) => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await new Promise<ChainResult>((resolve) => {
          w.once('message', resolve);
          w.postMessage(tasks[i]);
        });
      }
    }),
  );
  const elapsed = performance.now() - t;
  await Promise.all(workers.map((w) => w.terminate()));
  return [combineChains(store, results, tasks), elapsed];
}

async function main() {
  const core = KnowledgeCore.create();
  const warm = simulatePosition({ categories: [6, 6, 9], seats: 6, unseenRefutations: 10, seed: 99 }).store;
  for (let i = 0; i < 3; i++) possibleOwners(core, warm);
  mcmcTallies(core, warm, { seed: 1, chains: 2, steps: 20_000 });

  console.log(`10 seats, 32 cards (9 + 9 + 14), spectator, 20 unseen refutations; chains: ${OPTIONS.chains} x ${fmt(OPTIONS.steps)} steps after ${fmt(OPTIONS.burnIn!)}\n`);
  console.log('seed  clauses  possibleOwners  possible  known   1 chain: steps/s  swaps/s  blocks/s   8 chains, 1 thread  ESS (min)  max SE   R-hat   2 threads  same bytes');
  for (const seed of SEEDS) {
    const { store } = simulatePosition({ categories: [9, 9, 14], seats: 10, unseenRefutations: 20, seed });
    const searches = Array.from({ length: 5 }, () => time(() => possibleOwners(core, store)));
    const possible = searches[0][0];
    if (possible.status !== 'exact') throw new Error('the search gave up');
    const placements = possible.possible.reduce((n, m) => n + popcount(m), 0);

    const [task] = chainTasks(store, { ...OPTIONS, seed, chains: 1 });
    const [one, oneMs] = time(() => runChain(core, task));
    const perSecond = (n: number) => (n / oneMs) * 1000;
    const totalSteps = task.steps + task.burnIn;

    const [estimate, ms1] = time(() => mcmcTallies(core, store, { ...OPTIONS, seed }));
    const [onTwo, ms2] = await onWorkers(store, { ...OPTIONS, seed }, 2);
    const same = Buffer.from(onTwo.tallies.ownerCounts.buffer).equals(Buffer.from(estimate.tallies.ownerCounts.buffer)) &&
      Buffer.from(onTwo.standardErrors.buffer).equals(Buffer.from(estimate.standardErrors.buffer));
    const maxSe = Math.max(...estimate.standardErrors);
    console.log(
      [
        String(seed).padStart(4),
        String(store.clauses.length).padStart(7),
        `${fmt(median(searches.map(([, ms]) => ms)), 1)} ms`.padStart(14),
        String(placements).padStart(8),
        String(knownPlacements(possible).length).padStart(5),
        fmt(perSecond(totalSteps)).padStart(17),
        `${fmt(perSecond(one.swapProposals) / 1e6, 1)} M`.padStart(8),
        fmt(perSecond(one.blockMoves)).padStart(9),
        `${fmt(ms1 / 1000, 2)} s`.padStart(19),
        fmt(estimate.effectiveSampleSize).padStart(10),
        fmt(maxSe, 4).padStart(7),
        fmt(estimate.rHat, 3).padStart(7),
        `${fmt(ms2 / 1000, 2)} s`.padStart(11),
        String(same).padStart(11),
      ].join(' '),
    );
  }
}

function popcount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

await main();
