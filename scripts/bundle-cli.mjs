// Bundles the `cluedo` command line into one ES module, dist/cli/cluedo.mjs, so that starting it
// reads one file instead of a few hundred (zod, commander and our modules): a one-millisecond
// analysis should not wait half a second for module loading.
//
// What stays outside the bundle, and why:
// - piscina: it starts its own worker script from its package; it is required only when a command
//   starts a worker pool (see lazyPiscina below).
// - the pool's worker (dist/runtime/worker.js) and the task modules it imports
//   (dist/analysis/tasks.js, dist/tournament/tasks.js): worker threads load them by file URL, from
//   tsc's output. The bundle sits one level under dist/, like those modules, so their URLs
//   (new URL('../runtime/worker.js', import.meta.url)) and the Wasm core's
//   (new URL('../../build/core.wasm', import.meta.url)) resolve from it unchanged.
import { build } from 'esbuild';

/**
 * An import of piscina becomes a CommonJS require inside the bundle: esbuild evaluates the
 * importing module (the pool) only when a command first imports it, and the require with it,
 * whereas an ES import of an external package would be hoisted to the bundle's start.
 */
const lazyPiscina = {
  name: 'lazy-piscina',
  setup(b) {
    b.onResolve({ filter: /^(piscina|bullmq|ioredis)$/ }, (args) =>
      args.namespace === 'lazy-piscina' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-piscina' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-piscina' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

await build({
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/cli/cluedo.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [lazyPiscina],
  // Bundled CommonJS packages (commander, cli-progress) call require: give them Node's.
  banner: { js: "import { createRequire as __cluedoRequire } from 'node:module';\nconst require = __cluedoRequire(import.meta.url);" },
  logLevel: 'warning',
});
