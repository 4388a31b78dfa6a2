// Tasks for test/web-pool.e2e.test.ts that end their Web Worker the way a fault does: an error
// nothing catches, raised outside the task (which never settles), so that the page's Worker
// object gets an error event.
import { defineTasks } from '../../../src/runtime/executor.js';

export function crash(why: string): Promise<never> {
  queueMicrotask(() => {
    throw new Error(why);
  });
  return new Promise<never>(() => {});
}

export function double(n: number): number {
  return 2 * n;
}

export const CRASH_TASKS = 'test/crash-tasks';
export const crashTask = defineTasks(CRASH_TASKS, { crash, double });
