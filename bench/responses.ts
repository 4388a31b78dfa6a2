// The policy-aware exact analysis (`analyze --responses`) against the default one on every
// example, side by side in one tinybench run after warm-up: a policy that cannot explain an
// example's shows (first, when a responder showed a later card) has no time.
import { readFileSync, readdirSync } from 'node:fs';
import { Bench, type Task } from 'tinybench';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { parseGame } from '../src/io/log.js';
import { analyze } from '../src/analysis/analyze.js';
import { InputError } from '../src/model/errors.js';
import type { ResponsePolicy } from '../src/knowledge/responses.js';

export interface ResponsesBenchRow {
  example: string;
  defaultMs: number;
  /** Per weighted or constrained policy: its median in ms and its ratio to the default, or null when the log is impossible under it. */
  policies: Record<string, { ms: number; ratio: number } | null>;
}

const POLICIES: ResponsePolicy[] = ['uniform', 'first', 'repeat'];

export async function benchResponses(time: number): Promise<ResponsesBenchRow[]> {
  const examples = new URL('../examples/', import.meta.url);
  const names = readdirSync(examples).filter((f) => f.endsWith('.json') && !f.includes('.expected')).map((f) => f.replace(/\.json$/, '')).sort();
  const core = KnowledgeCore.create();
  const bench = new Bench({ name: 'policy-aware inference', time, warmup: true, warmupTime: 200 });
  const possible = new Set<string>();
  for (const name of names) {
    const game = parseGame(JSON.parse(readFileSync(new URL(`${name}.json`, examples), 'utf8')));
    bench.add(`${name}|default`, () => analyze(game, { core, method: 'exact' }));
    for (const responses of POLICIES) {
      try {
        analyze(game, { core, method: 'exact', responses });
      } catch (e) {
        if (e instanceof InputError) continue;
        throw e;
      }
      possible.add(`${name}|${responses}`);
      bench.add(`${name}|${responses}`, () => analyze(game, { core, method: 'exact', responses }));
    }
  }
  await bench.run();
  const median = (task: Task) => (task.result as { latency: { p50: number } }).latency.p50;
  const byName = new Map(bench.tasks.map((t) => [t.name, median(t)]));
  return names.map((example) => {
    const defaultMs = byName.get(`${example}|default`)!;
    const policies: ResponsesBenchRow['policies'] = {};
    for (const p of POLICIES) {
      const ms = byName.get(`${example}|${p}`);
      policies[p] = possible.has(`${example}|${p}`) && ms !== undefined ? { ms, ratio: ms / defaultMs } : null;
    }
    return { example, defaultMs, policies };
  });
}
