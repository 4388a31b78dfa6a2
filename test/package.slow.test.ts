/**
 * The package as a user installs it: `npm pack`, the tarball installed into a scratch project
 * without the optional peer dependencies (bullmq, ioredis), the library examples
 * (examples/library/*.ts) compiled there under a strict tsconfig against the installed typings and
 * run, each printing exactly its NAME.out.txt. Also: every file package.json points at is in the
 * tarball; the queue, without its peers, fails in one line naming the missing package; the
 * browser entries bundle for a browser with no Node built-in (and the Node entry does not, so the
 * check can fail); the installed `cluedo bench` measures the positions it ships with, on its own pool.
 *
 * Needs `npm run build` (`npm test` builds first): the tarball packs dist/ and build/ as they
 * are. `CLUEDO_WRITE_OUTPUTS=1 npx vitest run test/package.slow.test.ts` rewrites the .out.txt files
 * from fresh runs (then `npm run docs:examples` shows them in docs/library.md). The dependencies come from npm's cache (--prefer-offline); the compiler and the bundler
 * are the project's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples', 'library');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/** Each example's name, and the arguments of its run line ("//   node NAME.js ARGS": paths from the project root). */
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .map((file) => {
    const name = file.slice(0, -3);
    const run = new RegExp(`^//\\s+node ${name}\\.js(.*)$`, 'm').exec(readFileSync(join(EXAMPLES, file), 'utf8'));
    return { name, args: run === null ? [] : run[1].trim().split(/\s+/).filter((a) => a !== '') };
  });

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete e.NODE_OPTIONS;
  delete e.CLUEDO_DEBUG;
  return e;
}

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, env: env(), encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  return r;
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, env: env(), encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
}

let dir: string;
let app: string;
let packed: string[];
let manifestBefore: string;
let installed: SpawnSyncReturns<string>;
let compiled: SpawnSyncReturns<string>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cluedo-package-'));
  app = join(dir, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  // Packed with its lifecycle scripts, as `npm publish` packs it: prepack builds what is out of
  // date (nothing, after `npm test`'s build) and sets the manifest's build script aside, postpack
  // puts it back.
  manifestBefore = readFileSync(join(ROOT, 'package.json'), 'utf8');
  const packOutput = npm(['pack', '--json', '--pack-destination', dir, ...NPM_FLAGS], ROOT);
  // The JSON follows whatever a lifecycle script printed.
  const [pack] = JSON.parse(packOutput.slice(packOutput.search(/^\[$/m))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packed = pack.files.map((f) => f.path);

  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'scratch', private: true, type: 'module' }, null, 2)}\n`);
  // npm leaves optional peer dependencies out unless asked for: the queue's are not installed.
  // Its warnings are kept: a consumer sees them.
  installed = run('npm', ['install', join(dir, pack.filename), ...NPM_FLAGS.filter((f) => !f.startsWith('--loglevel')), '--loglevel=warn'], app);
  if (installed.status !== 0) throw new Error(`npm install failed: ${installed.stderr}`);

  // A user's strict project. The default `lib` of the target, which includes the DOM library: the
  // typings name WebAssembly.Module and Worker, which TypeScript declares there. Node's types are
  // the project's own @types/node, so that nothing is downloaded for them.
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: false,
      skipLibCheck: false,
      rootDir: 'src',
      outDir: 'out',
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      types: ['node'],
    },
    include: ['src/*.ts'],
  };
  writeFileSync(join(app, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  for (const { name } of examples) copyFileSync(join(EXAMPLES, `${name}.ts`), join(app, 'src', `${name}.ts`));
  compiled = run(process.execPath, [TSC, '-p', app], app);
}, 300_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("the manifest's build script set aside for packing (scripts/pack-manifest.mjs)", () => {
  /** A scratch project with the script and `manifest`; runs `step` there. */
  function project(manifest: string) {
    const root = mkdtempSync(join(tmpdir(), 'cluedo-pack-manifest-'));
    mkdirSync(join(root, 'scripts'));
    copyFileSync(join(ROOT, 'scripts', 'pack-manifest.mjs'), join(root, 'scripts', 'pack-manifest.mjs'));
    writeFileSync(join(root, 'package.json'), manifest);
    const step = (name: string) => run(process.execPath, [join(root, 'scripts', 'pack-manifest.mjs'), name], root);
    const read = () => readFileSync(join(root, 'package.json'), 'utf8');
    return { root, step, read };
  }
  const original = `${JSON.stringify({ name: 'x', scripts: { build: 'b', prepare: 'p', test: 't' } }, null, 2)}\n`;

  it('strips prepare, then restores the manifest byte for byte; a pack that did not finish is recovered by the next', () => {
    const p = project(original);
    expect(p.step('strip').status).toBe(0);
    expect(JSON.parse(p.read()).scripts).toEqual({ build: 'b', test: 't' });
    // No postpack ran: the next pack strips from the original, not from the stripped manifest.
    expect(p.step('strip').status).toBe(0);
    expect(JSON.parse(p.read()).scripts).toEqual({ build: 'b', test: 't' });
    expect(p.step('restore').status).toBe(0);
    expect(p.read()).toBe(original);
    expect(readdirSync(p.root).sort()).toEqual(['package.json', 'scripts']);
  });

  it('never overwrites a manifest edited while it was packed: it says so, and keeps both', () => {
    const p = project(original);
    expect(p.step('strip').status).toBe(0);
    const edited = p.read().replace('"name": "x"', '"name": "y"');
    writeFileSync(join(p.root, 'package.json'), edited);
    const r = p.step('restore');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^pack-manifest: package\.json changed while it was packed: .*package\.json\.packing.*\n$/);
    expect(p.read()).toBe(edited);
    expect(readFileSync(join(p.root, 'package.json.packing'), 'utf8')).toBe(original);
  });
});

describe('the packed package', () => {
  it('holds every file package.json points at: the entries, their typings, the command, the Wasm modules', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      main: string;
      types: string;
      bin: Record<string, string>;
      exports: Record<string, string | { types: string; default: string }>;
    };
    const targets = [manifest.main, manifest.types, ...Object.values(manifest.bin), ...Object.values(manifest.exports).flatMap((e) => (typeof e === 'string' ? [e] : [e.types, e.default]))];
    const missing = [...targets.map((t) => t.replace(/^\.\//, '')), 'build/core.wasm', 'build/kripke.wasm', 'build/bdd.wasm', 'dist/runtime/worker.js'].filter((f) => !packed.includes(f));
    expect(missing).toEqual([]);
  });

  it("installs without a warning: the installed manifest has no build script, and the repository's is as it was", () => {
    // (Only what concerns this package: a dependency's deprecation notice is not ours to fix here.)
    expect(installed.stderr).not.toMatch(/install-scripts|cluedo-engine|prepare/);
    const scripts = (JSON.parse(readFileSync(join(app, 'node_modules', 'cluedo-engine', 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    expect(Object.keys(scripts).filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
    expect(readFileSync(join(ROOT, 'package.json'), 'utf8')).toBe(manifestBefore);
    expect((JSON.parse(manifestBefore) as { scripts: Record<string, string> }).scripts.prepare).toBe('wireit');
  });

  it('installs without the optional peer dependencies', () => {
    expect(existsSync(join(app, 'node_modules', 'cluedo-engine', 'package.json'))).toBe(true);
    expect(['bullmq', 'ioredis'].filter((p) => existsSync(join(app, 'node_modules', p)))).toEqual([]);
  });

  it('the library examples compile under a strict tsconfig against the installed typings', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
    expect(`${compiled.stdout}${compiled.stderr}`).toBe('');
    expect(compiled.status).toBe(0);
  });

  it.each(examples.map((e) => [e.name, e]))('examples/library/%s.ts prints its .out.txt', (_, { name, args }) => {
    expect(compiled.status).toBe(0);
    const r = run(process.execPath, [join(app, 'out', `${name}.js`), ...args], ROOT);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const expected = join(EXAMPLES, `${name}.out.txt`);
    // After a deliberate change of an example or of what it prints: CLUEDO_WRITE_OUTPUTS=1 rewrites the file.
    if (process.env.CLUEDO_WRITE_OUTPUTS === '1') writeFileSync(expected, r.stdout);
    expect(r.stdout).toBe(readFileSync(expected, 'utf8'));
  });

  it('the installed `cluedo bench` measures the positions the package ships with, in one thread and on a pool of its own workers', () => {
    expect(packed).toEqual(expect.arrayContaining(['dist/cli/cluedo-bench.mjs', 'examples/classic-6p-early.json', 'examples/classic-6p-late.json']));
    const r = run(join(app, 'node_modules', '.bin', 'cluedo'), ['bench', '--only', 'check,sample', '--time', '0.02', '--threads', '2', '--json'], app);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const bench = JSON.parse(r.stdout) as { cluedo: string; workloads: Array<{ id: string; allThreads: { threads: number } | null }> };
    expect(bench.cluedo).toBe((JSON.parse(manifestBefore) as { version: string }).version);
    expect(bench.workloads.map((w) => [w.id, w.allThreads?.threads ?? null])).toEqual([
      ['check', null],
      ['sample', Math.min(2, availableParallelism()) > 1 ? Math.min(2, availableParallelism()) : null],
    ]);
  });

  it('cluedo-engine/queue, without its peers, fails to load with a message naming the missing package', () => {
    const script = "import('cluedo-engine/queue').then(() => console.log('loaded'), (e) => console.log(`${e.code}: ${e.message}`));";
    const r = run(process.execPath, ['--input-type=module', '-e', script], app);
    expect(r.stdout).toMatch(/^ERR_MODULE_NOT_FOUND: .*'bullmq'.*\n$/);
  });

  it('the command line, asked for a queue without its peers, exits 1 with one line naming bullmq', () => {
    const r = run(join(app, 'node_modules', '.bin', 'cluedo'), ['simulate', '--games', '2', '--queue', 'redis://127.0.0.1:1'], app);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).toMatch(/^cluedo: [^\n]*\bbullmq\b[^\n]*\n$/);
    expect(r.status).toBe(1);
  });

  it('the core, epistemic and play entries bundle for a browser (no Node built-in); the Node entry does not', async () => {
    const bundle = (entry: string) =>
      build({
        stdin: { contents: `export * from '${entry}';`, resolveDir: app, loader: 'js' },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      }).then(
        (result) => ({ ok: true, bytes: result.outputFiles[0].contents.length, errors: [] as string[] }),
        (error: { errors: Array<{ text: string }> }) => ({ ok: false, bytes: 0, errors: error.errors.map((e) => e.text) }),
      );
    for (const entry of ['cluedo-engine', 'cluedo-engine/epistemic', 'cluedo-engine/play']) {
      const result = await bundle(entry);
      expect({ entry, errors: result.errors }).toEqual({ entry, errors: [] });
      expect(result.bytes).toBeGreaterThan(100_000);
    }
    const node = await bundle('cluedo-engine/node');
    expect(node.ok).toBe(false);
    expect(node.errors.some((e) => /node:(fs|os|events)/.test(e))).toBe(true);
  });
});
