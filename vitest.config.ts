import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests of the full tier only, by their file names: *.e2e.test.ts drive the browser advisor in
 * Chromium; *.slow.test.ts run built code in child processes (the command line as installed, the
 * documentation's examples, `npm pack`, Redis for the job queue). Every other test file is in the
 * fast tier (`npm run test:fast`); `npm test` runs both (see CONTRIBUTING.md).
 */
const SLOW = ['test/**/*.e2e.test.ts', 'test/**/*.slow.test.ts'];

export default defineConfig({
  // Settings here (a globalSetup, setupFiles) hold for both projects: they extend the root.
  test: {
    testTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW],
          // Its files share a worker's loaded modules (and Wasm compilations): they change no global
          // state a later file reads, and one that must load a module afresh does so itself
          // (vi.resetModules). Every core computes: the files are CPU-bound and start no processes.
          isolate: false,
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
        },
      },
      // Child processes and browsers of their own: one core left to them.
      { extends: true, test: { name: 'slow', include: SLOW, sequence: { groupOrder: 1 } } },
    ],
  },
});
