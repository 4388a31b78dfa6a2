// Worker threads under test run the code under test: run from its TypeScript sources (as the test
// runner runs it), the pool's workers import src/ through tsx's loader, never a dist/ that may be
// older than the sources. Proved on a real pool: a TypeScript task module loads in a worker, and
// the position an analysis task kept in that worker is the one the sources' thread context holds.
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analysisPool } from '../src/analysis/pools.js';
import { sampleDeals } from '../src/analysis/sampling.js';
import { FROM_SOURCES, taskModuleUrl } from '../src/runtime/task-module.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { cloneStore } from '../src/knowledge/constraints.js';
import { parseGame } from '../src/io/log.js';
import { probeTask } from './support/source-probe.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const pool = analysisPool(1);
afterAll(() => pool.close());

describe('worker threads under test', () => {
  it('are given the sources of the task modules, not their build', () => {
    expect(FROM_SOURCES).toBe(true);
    for (const id of ['runtime/worker', 'analysis/tasks', 'analysis/epistemic-tasks', 'tournament/tasks']) {
      expect(fileURLToPath(taskModuleUrl(id))).toBe(`${SRC}${id}.ts`);
    }
  });

  it('import a TypeScript module, the file the test reads', async () => {
    const probe = await pool.run(probeTask.whoAmI, undefined);
    const file = fileURLToPath(new URL('./support/source-probe.ts', import.meta.url));
    expect(fileURLToPath(probe.url)).toBe(file);
    expect(probe.sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
  });

  it('run the analysis tasks of src/: the position a task keeps is in the thread context of the sources', async () => {
    const log = JSON.parse(readFileSync(new URL('../examples/classic-6p-early.json', import.meta.url), 'utf8'));
    const store = constraintsOf(parseGame(log));
    const other = constraintsOf(parseGame({ ...log, events: [] }));
    expect(await pool.run(probeTask.keeps, store)).toBe(false);
    await sampleDeals(pool, store, 10, 1);
    expect(await pool.run(probeTask.keeps, cloneStore(store))).toBe(true);
    expect(await pool.run(probeTask.keeps, other)).toBe(false);
  });
});
