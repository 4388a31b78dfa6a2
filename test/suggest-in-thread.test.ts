// suggest() in this thread (no executor: the browser advisor's ranking) against suggest() on an
// executor: the same deals (all of them, or the same seeded numbered chunks), the same scores, the
// same order.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { suggest } from '../src/analysis/suggest.js';
import { parseGame, type GameLog } from '../src/io/log.js';
import { inThisThread } from '../src/analysis/sampling.js';

const example = (name: string) => JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')) as GameLog;

describe('suggest in this thread', () => {
  for (const [name, seed] of [['classic-6p-early', 1], ['classic-6p-early', 7], ['classic-6p-late', 1], ['classic-4p-faceup', 3]] as const) {
    it(`ranks ${name} (seed ${seed}) as suggest() on an executor does`, async () => {
      const log = example(name);
      const here = await suggest(parseGame(log), { seed, top: 40 });
      const pooled = await suggest(log, { seed, top: 40, executor: inThisThread(2) });
      expect(here).toEqual(pooled);
    });
  }
});
