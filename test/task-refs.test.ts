// Typed task references: each names a function its module exports, under the module's id (its path
// under src/); and the compiler refuses a call with another task's payload or result: each line
// marked to expect an error fails the type check (npm run typecheck) as soon as it compiles.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as analysisTasks from '../src/analysis/tasks.js';
import * as epistemicTasks from '../src/analysis/epistemic-tasks.js';
import * as opponentTasks from '../src/analysis/opponent-tasks.js';
import * as tournamentTasks from '../src/tournament/tasks.js';
import type { Executor, TaskModule, TaskRef } from '../src/runtime/executor.js';
import type { TallyPayload } from '../src/analysis/tasks.js';

const MODULES: Array<[TaskModule, Record<string, TaskRef<never, unknown>>]> = [
  [analysisTasks, analysisTasks.analysisTask],
  [epistemicTasks, epistemicTasks.epistemicTask],
  [opponentTasks, opponentTasks.opponentTask],
  [tournamentTasks, tournamentTasks.tournamentTask],
];

describe('task references', () => {
  it("name an exported function of their module, under the module's id", () => {
    for (const [module, refs] of MODULES) {
      expect(Object.keys(refs).length).toBeGreaterThan(0);
      for (const [key, ref] of Object.entries(refs)) {
        expect(ref.name).toBe(key);
        expect(typeof module[ref.name], `${ref.module}: ${ref.name}`).toBe('function');
        expect(existsSync(fileURLToPath(new URL(`../src/${ref.module}.ts`, import.meta.url))), ref.module).toBe(true);
      }
    }
  });

  it('type a call by the task (checked when the tests are type-checked)', () => {
    // Never run: only compiled.
    const calls = async (executor: Executor, tally: TallyPayload) => {
      const counts: Float64Array = (await executor.run(analysisTasks.analysisTask.tally, tally)).ownerCounts;
      // @ts-expect-error a tally's payload is not a chain's
      await executor.run(analysisTasks.analysisTask.chain, tally);
      // @ts-expect-error sample answers deals, not a tally
      const wrong: { deals: number } = await executor.run(analysisTasks.analysisTask.sample, tally);
      // @ts-expect-error a payload with a field too many
      await executor.run(analysisTasks.analysisTask.tally, { ...tally, extra: 1 });
      // @ts-expect-error a task reference is made by defineTask(s), not written by hand
      await executor.run({ module: 'analysis/tasks', name: 'tally' }, tally);
      return [counts, wrong];
    };
    expect(typeof calls).toBe('function');
  });
});
