// The two exact counters measured against each other on every example: the card-by-card deal DAG
// (assembly/dag.ts, the production counter) and the seat-by-seat programme over the set of cards
// dealt so far (assembly/baselines/seat-dp.ts). Prints nothing: the caller prints the rows.
import { readFileSync, readdirSync } from 'node:fs';
import { Bench, type Task } from 'tinybench';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { BaselineCore } from '../baselines/baseline-core.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame } from '../src/io/log.js';

const EXAMPLES = new URL('../examples/', import.meta.url);

export interface CountingApproachesRow {
  example: string;
  /** Median latency of core.load(store) + core.count(): writing the store, building the DAG, counting. */
  cardByCardMs: number;
  /** Median latency of the seat-by-seat count of the same store (already written into memory). */
  seatBySeatMs: number;
  /** seatBySeatMs / cardByCardMs: above 1, the card-by-card DAG is faster. */
  ratio: number;
  /** Consistent deals (both counters agree, or this throws). */
  count: number;
}

function median(task: Task): number {
  const r = task.result as { latency?: { p50: number } } | undefined;
  if (!r?.latency) throw new Error(`benchmark task ${task.name} did not run`);
  return r.latency.p50; // milliseconds
}

/**
 * Median latency, after warm-up, of both counters on every example (examples/*.json), `time` ms
 * per task. Throws if the two counts differ on any example.
 */
export async function benchCountingApproaches(time: number): Promise<CountingApproachesRow[]> {
  const names = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
  const stores = new Map<string, ConstraintStore>(
    names.map((name) => [name, constraintsOf(parseGame(JSON.parse(readFileSync(new URL(`${name}.json`, EXAMPLES), 'utf8'))))]),
  );
  const core = KnowledgeCore.create();
  const baselines = new BaselineCore();

  // Same store, both counters: they must agree before anything is timed.
  const counts = new Map<string, number>();
  for (const [name, store] of stores) {
    const cardByCard = Number(core.load(store).count());
    const seatBySeat = baselines.load(store).seatBySeatCount();
    if (seatBySeat !== cardByCard) {
      throw new Error(`${name}: the seat-by-seat count ${seatBySeat} differs from the card-by-card count ${cardByCard}`);
    }
    counts.set(name, cardByCard);
  }

  // The seat-by-seat task times only the Wasm call: its store is written once per task phase
  // (beforeAll), since the store write is part of core.load, which also builds the DAG.
  const bench = new Bench({ name: 'counting approaches', time, warmup: true, warmupTime: Math.min(200, time) });
  for (const [name, store] of stores) {
    bench.add(`${name}\tcard-by-card`, () => {
      using position = core.load(store);
      position.count();
    });
    bench.add(`${name}\tseat-by-seat`, () => {
      baselines.seatBySeatCount();
    }, { beforeAll: () => void baselines.load(store) });
  }
  await bench.run();

  return names.map((name) => {
    const cardByCardMs = median(bench.getTask(`${name}\tcard-by-card`)!);
    const seatBySeatMs = median(bench.getTask(`${name}\tseat-by-seat`)!);
    return { example: name, cardByCardMs, seatBySeatMs, ratio: seatBySeatMs / cardByCardMs, count: counts.get(name)! };
  });
}
