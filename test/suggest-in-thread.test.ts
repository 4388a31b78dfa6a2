// suggestInThread (the browser advisor's ranking, in one thread) against suggest() on an executor:
// the same deals (all of them, or the same seeded numbered chunks), the same scores, the same order.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { suggest } from '../src/analysis/suggest.js';
import { suggestInThread } from '../src/analysis/suggest-rules.js';
import { parseGame } from '../src/io/log.js';
import { InProcessExecutor } from '../src/runtime/in-process.js';

const example = (name: string) => JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')) as unknown;

describe('suggestInThread', () => {
  for (const [name, seed] of [['classic-6p-early', 1], ['classic-6p-early', 7], ['classic-6p-late', 1], ['classic-4p-faceup', 3]] as const) {
    it(`ranks ${name} (seed ${seed}) as suggest() does`, async () => {
      const log = example(name);
      const here = suggestInThread(parseGame(log), { seed, top: 40 });
      const pooled = await suggest(log, { seed, top: 40, executor: new InProcessExecutor(2) });
      expect(here).toEqual(pooled);
    });
  }
});
