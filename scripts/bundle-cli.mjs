// Bundles the `cluedo` command line into ES modules in dist/cli, one self-contained file per
// command, so that starting a command reads two files instead of a few hundred (zod, commander and
// our modules) and compiles only what the command imports:
// - dist/cli/cluedo.mjs (package.json's bin, src/cli/bin.ts): a few lines that import the bundle
//   the command line needs;
// - dist/cli/cluedo-<command>.mjs (src/cli/entries/<command>.ts): the program with that command
//   alone, e.g. cluedo-analyze.mjs, without the board, the queue, the web server or the tournament;
// - dist/cli/cluedo-version.mjs: the program with no command, for `cluedo --version`;
// - dist/cli/cluedo-all.mjs (src/cli/main.ts): every command, to list them (`cluedo --help`) or
//   to refuse a name that is none of them.
// The bundles share no module at run time (a run loads one of them), so every class the error
// handling tells apart (UsageError, InputError, commander's) is one class within a run.
//
// Everything sits one level under dist/, like tsc's modules, so that the URLs computed from
// import.meta.url (the Wasm cores, '../../build/core.wasm'; the pool's worker,
// '../runtime/worker.js'; the web site, '../web/'; package.json) resolve from the bundles
// unchanged. tsc writes only .js files to dist/cli, so every .mjs there is ours: they are removed
// first, and a rebuild leaves nothing of an older one behind.
//
// What stays outside the bundles, and why:
// - piscina: it starts its own worker script from its package; it is required only when a command
//   starts a worker pool (see lazyPackages below); the queue's bullmq and ioredis likewise.
// - Node's built-in modules, required when first needed (see lazyPackages and lazyChildProcess).
// - the pool's worker (dist/runtime/worker.js) and the task modules it imports
//   (dist/analysis/tasks.js, dist/tournament/tasks.js): worker threads load them by file URL, from
//   tsc's output.
//
// `node scripts/bundle-cli.mjs --single FILE` builds instead the whole command line as one file
// (what the bin was before), which bench/startup.ts compares.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const OUT = 'dist/cli';

/**
 * An import of piscina (or bullmq, ioredis), or of a Node built-in module, becomes a CommonJS
 * require inside the bundle: esbuild evaluates the importing module (the pool) only when a
 * command first imports it, and the require with it, whereas an ES import of an external module
 * would be hoisted to the bundle's start. (An ES import of node:fs also loads its streams, which
 * a require leaves unloaded until they are used.)
 */
const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    b.onResolve({ filter: /^(piscina|bullmq|ioredis|node:.*)$/ }, (args) =>
      args.namespace === 'lazy-packages' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-packages' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-packages' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

/**
 * commander requires node:child_process when it is loaded, for subcommands that are programs of
 * their own (which cluedo has none of); loading it loads Node's networking and streams too, a
 * few milliseconds of every start. Inside commander it is replaced by an object that requires it
 * on first use.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) => (/[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let loaded; module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require('node:child_process'))[key] });",
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
};

const programs = {
  ...common,
  plugins: [lazyChildProcess, lazyPackages],
  // Bundled CommonJS packages (commander, cli-progress) and the imports above call require: give
  // them Node's. Built-in modules come from process.getBuiltinModule (Node 20.16 and later):
  // createRequire would load node:module and its source maps at every start.
  banner: {
    js: [
      'let __cluedoRequire;',
      'const require = globalThis.process.getBuiltinModule',
      "  ? (id) => (id.startsWith('node:') ? globalThis.process.getBuiltinModule(id) : (__cluedoRequire ??= globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url))(id))",
      "  : (await import('node:module')).createRequire(import.meta.url);",
    ].join('\n'),
  },
  // Less to read and parse at every start; names are kept (messages and stack traces show them).
  minifyWhitespace: true,
  minifySyntax: true,
};

/** The entry of each bundle but the bin: the output's name (without .mjs) to its source. */
function programEntries() {
  const entries = { 'cluedo-all': 'src/cli/main.ts' };
  for (const file of readdirSync('src/cli/entries')) if (file.endsWith('.ts')) entries[`cluedo-${file.slice(0, -3)}`] = `src/cli/entries/${file}`;
  return entries;
}

/** esbuild's options for the bin and for the bundles of the programs (test/cli-bundles.slow.test.ts builds them too). */
export function bundleOptions() {
  return {
    bin: { ...common, entryPoints: { cluedo: 'src/cli/bin.ts' }, outdir: OUT, outExtension: { '.js': '.mjs' } },
    programs: { ...programs, entryPoints: programEntries(), outdir: OUT, outExtension: { '.js': '.mjs' } },
  };
}

async function main(argv) {
  const single = argv.indexOf('--single');
  if (single >= 0) {
    await build({ ...programs, entryPoints: ['src/cli/main.ts'], outfile: argv[single + 1] });
    return;
  }
  mkdirSync(OUT, { recursive: true });
  for (const file of readdirSync(OUT)) if (file.endsWith('.mjs')) rmSync(join(OUT, file));
  const { bin, programs: bundles } = bundleOptions();
  await Promise.all([build(bin), build(bundles)]);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
