// The house rule: every import runs downward. src/ is a stack of layers, each importing only from
// the layers below it (and itself); checked by test/architecture.test.ts. web (the browser
// advisor) is a top layer beside cli: it may import every layer below cli, and nothing imports it.
const LAYERS = ['model', 'game', 'io', 'knowledge', 'epistemic', 'runtime', 'analysis', 'agents', 'tournament', 'cli', 'web'];

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${i + 1}-${layer}-imports-upward`,
  comment: `src/${layer} may import only from ${LAYERS.slice(0, i + 1).join(', ')}; the layers, bottom up: ${LAYERS.join(' ')}`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: `^src/(${LAYERS.slice(i + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'web-imports-cli',
      comment: 'the browser advisor (src/web) and the command line (src/cli) are both top layers: neither imports the other',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'queue-only-from-cli',
      comment: 'the job queue (src/tournament/queue.ts, BullMQ on Redis) is for the command line: the library index, the browser app and the rest of the tournament do not load it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/tournament/queue\\.ts$' },
    },
    {
      name: 'redis-only-in-queue',
      comment: 'bullmq and ioredis are imported by src/tournament/queue.ts alone',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/tournament/queue\\.ts$' },
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
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
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
