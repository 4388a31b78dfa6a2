// The house rule: every import runs downward. src/ is a stack of layers, each importing only from
// the layers below it (and itself); checked by test/architecture.test.ts. web (the browser
// advisor) is a top layer beside cli: it may import every layer below cli, and nothing imports it.
const LAYERS = ['model', 'knowledge', 'io', 'epistemic', 'runtime', 'analysis', 'play', 'tournament', 'cli', 'web'];

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
