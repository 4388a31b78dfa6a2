// The house rule: every import runs downward. src/ is a stack of layers, each importing only from
// the layers below it (and itself); three top layers sit on the stack side by side and import
// nothing from each other: the command line (cli), the browser advisor (web) and the library's
// public entries (api). Checked by test/architecture.test.ts; docs/ARCHITECTURE.md draws it.
const LAYERS = ['model', 'game', 'io', 'knowledge', 'epistemic', 'runtime', 'analysis', 'agents', 'tournament', 'queue'];
const TOPS = ['cli', 'web', 'api'];

const upward = LAYERS.map((layer, i) => ({
  name: `layer-${i + 1}-${layer}-imports-upward`,
  comment: `src/${layer} may import only from ${LAYERS.slice(0, i + 1).join(', ')}; the layers, bottom up: ${LAYERS.join(' ')} (then ${TOPS.join(', ')} side by side)`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: `^src/(${[...LAYERS.slice(i + 1), ...TOPS].join('|')})/` },
}));

const sideways = TOPS.map((top) => ({
  name: `${top}-imports-another-top-layer`,
  comment: `src/${top} is a top layer: it imports the layers below, never ${TOPS.filter((t) => t !== top).join(' or ')}`,
  severity: 'error',
  from: { path: `^src/${top}/` },
  to: { path: `^src/(${TOPS.filter((t) => t !== top).join('|')})/` },
}));

/** Node's built-in modules, as dependency-cruiser names them ("fs"), and the packages that run only in Node. */
const NODE_ONLY = `^(${require('node:module').builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|')})$|node_modules/(piscina|bullmq|ioredis|cli-progress|commander)/`;

/** What runs in a browser as it is: the core, epistemic and play entries, and the advisor. */
const BROWSER = '^src/(api/(core|epistemic|play)\\.ts|web/)';

module.exports = {
  forbidden: [
    ...upward,
    ...sideways,
    {
      name: 'browser-reaches-node',
      comment: 'the core, epistemic and play entries and the browser advisor load in a browser without stubs: nothing they reach imports a Node built-in or a Node-only package',
      severity: 'error',
      from: { path: BROWSER },
      to: { reachable: true, path: NODE_ONLY },
    },
    {
      name: 'redis-only-in-queue',
      comment: 'bullmq and ioredis, optional peer dependencies, are imported by src/queue/queue.ts alone (and loaded only when a queue is used)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/queue/queue\\.ts$' },
      to: { path: 'node_modules/(bullmq|ioredis)/' },
    },
    {
      name: 'src-imports-outside-src',
      comment: 'the library never imports tests, benchmarks or baselines',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|baselines)/' },
    },
    {
      name: 'no-circular',
      comment: 'no module depends on itself through others',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves, but the build\'s virtual modules (virtual:pwa-register: the advisor\'s service worker), which Vite makes while bundling',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages through their "exports" (e.g. csv-stringify/sync), as Node does.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
