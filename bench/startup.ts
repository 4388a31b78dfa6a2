// The CLI's start-up as a user meets it: the whole-process time of `cluedo analyze
// classic-6p-late.json --json` (a sub-millisecond answer, so nearly all of it is starting Node and
// loading the command line) and of `cluedo --version`, run by the package as installed: packed
// (`npm pack`, as `npm publish` packs it), its tarball installed into a scratch project outside
// the clone (`npm install`, dependencies from npm's cache), the command run as a shell runs it
// there: node_modules/.bin/cluedo, a symbolic link to the bin, through its `#!/usr/bin/env node`
// line, from the scratch project's directory, standard output to /dev/null. Each against
// `node -e 0` measured side by side in the same run: rounds alternate between the commands, so
// that a busy machine slows them alike, and the medians are compared. Beside them, the same
// analysis from the clone (`node dist/cli/cluedo.mjs`, what this benchmark measured alone before),
// from the command line bundled whole into one file (built here for the comparison, then
// removed) and from tsc's unbundled output.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo;
/** One level under dist/, like the bundles, so that their relative URLs (package.json, the Wasm core) resolve. */
const SINGLE_DIR = 'dist/cli-single';
const SINGLE = `${SINGLE_DIR}/cluedo.mjs`;
const EXAMPLE = 'examples/classic-6p-late.json';
const ANALYZE = ['analyze', EXAMPLE, '--json'];

// Output discarded through a write-only /dev/null: `stdio: 'ignore'` opens it read-write, which
// is what a closed standard output looks like, and cluedo refuses to run with one.
const DISCARD = openSync('/dev/null', 'w');

/** The environment of every run: the `node` a shell finds first is this one (the bin's `env node` finds it too); no NODE_OPTIONS. */
function environment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
  delete env.NODE_OPTIONS;
  delete env.CLUEDO_DEBUG;
  return env;
}

function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: environment(), encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`npm ${args[0]} failed: ${r.stderr.trim()}`);
  return r;
}

/**
 * The package packed and installed into a scratch project in `dir`, with the example beside it:
 * the project's directory and its `cluedo` (node_modules/.bin/cluedo).
 */
function installPackage(dir: string): { project: string; cluedo: string } {
  const packed = npm(['pack', '--json', '--pack-destination', dir], ROOT).stdout;
  const [{ filename }] = JSON.parse(packed.slice(packed.search(/^\[$/m))) as Array<{ filename: string }>;
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'scratch', private: true }, null, 2)}\n`);
  npm(['install', join(dir, filename)], project);
  mkdirSync(join(project, 'examples'));
  copyFileSync(join(ROOT, EXAMPLE), join(project, EXAMPLE));
  return { project, cluedo: join(project, 'node_modules', '.bin', 'cluedo') };
}

interface Run {
  file: string;
  args: string[];
  cwd: string;
}

function wallMs({ file, args, cwd }: Run): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(file, args, { cwd, env: environment(), stdio: ['ignore', DISCARD, 'inherit'] });
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')} exited ${r.status}${r.error ? ` (${r.error.message})` : ''}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function benchStartup(rounds = 21) {
  const scratch = mkdtempSync(join(tmpdir(), 'cluedo-startup-'));
  try {
    const { project, cluedo } = installPackage(scratch);
    const built = spawnSync(process.execPath, ['scripts/bundle-cli.mjs', '--single', SINGLE], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('bundling the command line into one file failed');
    const node = (args: string[], cwd = ROOT): Run => ({ file: process.execPath, args, cwd });
    const commands = {
      node: node(['-e', '0'], project),
      // as a user runs the installed command
      cli: { file: cluedo, args: ANALYZE, cwd: project },
      version: { file: cluedo, args: ['--version'], cwd: project },
      // the same from the clone
      clone: node([BIN, ...ANALYZE]),
      // what the bin was before it loaded one command's bundle: the whole command line in one file
      single: node([SINGLE, ...ANALYZE]),
      // tsc's output, unbundled: what bundling saves
      unbundled: node(['dist/cli/main.js', ...ANALYZE]),
    };
    type Name = keyof typeof commands;
    const times = Object.fromEntries(Object.keys(commands).map((name) => [name, [] as number[]])) as Record<Name, number[]>;
    for (const run of Object.values(commands)) wallMs(run); // file caches warm
    for (let r = 0; r < rounds; r++) {
      for (const [name, run] of Object.entries(commands)) times[name as Name].push(wallMs(run));
    }
    const ms = Object.fromEntries(Object.keys(commands).map((name) => [name, median(times[name as Name])])) as Record<Name, number>;
    return {
      rounds,
      command: 'cluedo analyze classic-6p-late.json --json (the installed package: node_modules/.bin/cluedo)',
      nodeMs: ms.node,
      cliMs: ms.cli,
      ratio: ms.cli / ms.node,
      versionMs: ms.version,
      versionRatio: ms.version / ms.node,
      cloneCommand: `node ${BIN} ${ANALYZE.join(' ')} (in the clone)`,
      cloneMs: ms.clone,
      cloneRatio: ms.clone / ms.node,
      singleMs: ms.single,
      singleRatio: ms.single / ms.node,
      unbundledMs: ms.unbundled,
      unbundledRatio: ms.unbundled / ms.node,
    };
  } finally {
    rmSync(join(ROOT, SINGLE_DIR), { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}
