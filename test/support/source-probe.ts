// A task module for test/worker-sources.test.ts, written in TypeScript (a worker thread imports it
// only when it runs the sources): reports what the thread it runs in has loaded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { threadContext } from '../../src/analysis/thread-context.js';
import type { ConstraintStore } from '../../src/knowledge/constraints.js';
import { defineTasks } from '../../src/runtime/executor.js';

/** Whether this thread's context (the one the sources' modules share) keeps the position of `store`. */
export function keeps(store: ConstraintStore): boolean {
  return threadContext.positions.get(store) !== undefined;
}

/** This module's URL, and the SHA-256 of the file it was loaded from. */
export function whoAmI(): { url: string; sha256: string } {
  const url = import.meta.url;
  return { url, sha256: createHash('sha256').update(readFileSync(fileURLToPath(url))).digest('hex') };
}

export const probeTask = defineTasks('../test/support/source-probe', { keeps, whoAmI });
