// The CLI's start-up: the whole-process time of `cluedo analyze examples/classic-6p-late.json
// --json` (a sub-millisecond answer, so nearly all of it is starting Node and loading the CLI) and
// of `cluedo --version`, against `node -e 0` measured side by side in the same run: rounds
// alternate between the commands, so that a busy machine slows both alike, and the medians are
// compared. Beside them, the same analysis from the command line bundled whole into one file
// (built here for the comparison, then removed) and from tsc's unbundled output.
import { spawnSync } from 'node:child_process';
import { openSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo;
/** One level under dist/, like the bundles, so that their relative URLs (package.json, the Wasm core) resolve. */
const SINGLE_DIR = 'dist/cli-single';
const SINGLE = `${SINGLE_DIR}/cluedo.mjs`;
const ANALYZE = ['analyze', 'examples/classic-6p-late.json', '--json'];

// Output discarded through a write-only /dev/null: `stdio: 'ignore'` opens it read-write, which
// is what a closed standard output looks like, and cluedo refuses to run with one.
const DISCARD = openSync('/dev/null', 'w');

function wallMs(args: string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', DISCARD, 'inherit'] });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function benchStartup(rounds = 21) {
  const built = spawnSync(process.execPath, ['scripts/bundle-cli.mjs', '--single', SINGLE], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('bundling the command line into one file failed');
  const commands = {
    node: ['-e', '0'],
    cli: [BIN, ...ANALYZE],
    version: [BIN, '--version'],
    // what the bin was before it loaded one command's bundle: the whole command line in one file
    single: [SINGLE, ...ANALYZE],
    // tsc's output, unbundled: what bundling saves
    unbundled: ['dist/cli/main.js', ...ANALYZE],
  };
  type Name = keyof typeof commands;
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  try {
    for (const args of Object.values(commands)) wallMs(args); // file caches warm
    for (let r = 0; r < rounds; r++) {
      for (const [name, args] of Object.entries(commands)) times[name as Name].push(wallMs(args));
    }
  } finally {
    rmSync(SINGLE_DIR, { recursive: true, force: true });
  }
  const ms = Object.fromEntries(Object.keys(commands).map((name) => [name, median(times[name as Name])])) as Record<Name, number>;
  return {
    rounds,
    command: `node ${commands.cli.join(' ')}`,
    nodeMs: ms.node,
    cliMs: ms.cli,
    ratio: ms.cli / ms.node,
    versionMs: ms.version,
    versionRatio: ms.version / ms.node,
    singleMs: ms.single,
    singleRatio: ms.single / ms.node,
    unbundledMs: ms.unbundled,
    unbundledRatio: ms.unbundled / ms.node,
  };
}
