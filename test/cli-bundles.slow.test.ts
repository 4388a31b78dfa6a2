/**
 * The bundles of the command line (scripts/bundle-cli.mjs): each command's bundle holds that
 * command and what it imports, never another command's (so `cluedo analyze` does not load the
 * board, the queue, the web server, the epistemic layer, the tournament, the prompts, the CSV
 * writer or the progress bar); the bin holds no more than the choice of the bundle. Read from
 * esbuild's account of the build (its metafile, built here in memory, nothing written), and
 * checked against the built command line: each command's bundle prints the same help as the
 * whole program's.
 */
import { describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';
// @ts-expect-error: a plain ES module script, without types
import { bundleOptions } from '../scripts/bundle-cli.mjs';
import { COMMAND_NAMES } from '../src/cli/command-names.js';
import { cluedo, ROOT } from './support/cluedo-cli.js';

interface Options {
  bin: Parameters<typeof build>[0];
  programs: Parameters<typeof build>[0];
}

async function metafileOf(options: Parameters<typeof build>[0]): Promise<Metafile> {
  const result = await build({ ...options, absWorkingDir: ROOT, write: false, metafile: true, logLevel: 'silent' });
  return result.metafile!;
}

const { bin, programs } = bundleOptions() as Options;
const [binMeta, programsMeta] = await Promise.all([metafileOf(bin), metafileOf(programs)]);

const normal = (path: string) => path.replace(/^.*?(?=node_modules\/)/, '');

/** The source files a bundle holds (our modules as src/..., packages as node_modules/<name>/...), by the bundle's file name. */
function modulesOf(meta: Metafile, bundle: string): string[] {
  const output = Object.entries(meta.outputs).find(([path]) => path.endsWith(`/${bundle}`));
  if (output === undefined) throw new Error(`no bundle ${bundle}`);
  return Object.keys(output[1].inputs).map(normal);
}

/**
 * The modules a run of the bundle evaluates before its command's action: those its entry imports,
 * directly or not, by static imports. (A bundle also holds what the command imports dynamically,
 * as --opponents does the epistemic layer, evaluated only when a run needs it.)
 */
function loadedAtStart(meta: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (seen.has(path) || meta.inputs[path] === undefined) continue;
    seen.add(path);
    for (const i of meta.inputs[path].imports) if (i.kind === 'import-statement' || i.kind === 'require-call') pending.push(i.path);
  }
  return [...seen].map(normal);
}

/** What does not belong in the bundle of analyze, by where it lives. */
const NOT_FOR_ANALYZE = [
  /^src\/game\//, // the board
  /^src\/queue\//,
  /^src\/cli\/(static-server|serve-command)\.ts$/, // the web server
  /^src\/epistemic\//,
  /^src\/tournament\//,
  /^src\/agents\//,
  /^node_modules\/@clack\//,
  /^node_modules\/csv-stringify\//,
  /^node_modules\/cli-progress\//,
];

describe('the bundles of the command line', () => {
  it('has one bundle per command, and one with every command', () => {
    const bundles = Object.keys(programsMeta.outputs).map((path) => path.replace(/^.*\//, ''));
    expect(bundles.sort()).toEqual(['cluedo-all.mjs', 'cluedo-version.mjs', ...COMMAND_NAMES.map((name) => `cluedo-${name}.mjs`)].sort());
  });

  it('running analyze loads neither another command nor the board, the queue, the web server, the epistemic layer, the tournament, the prompts, csv or the progress bar', () => {
    const modules = loadedAtStart(programsMeta, 'src/cli/entries/analyze.ts');
    expect(modules).toContain('src/cli/analyze-command.ts');
    expect(modules).toContain('src/analysis/analyze.ts');
    expect(modules.filter((m) => NOT_FOR_ANALYZE.some((pattern) => pattern.test(m)))).toEqual([]);
    expect(modules.filter((m) => /^src\/cli\/.*-command\.ts$/.test(m))).toEqual(['src/cli/analyze-command.ts']);
  });

  it("each command's bundle loads its own command module and no other", () => {
    const all = loadedAtStart(programsMeta, 'src/cli/main.ts').filter((m) => /^src\/cli\/.*-command\.ts$/.test(m));
    expect(all).toHaveLength(COMMAND_NAMES.length);
    for (const name of COMMAND_NAMES) {
      const commands = loadedAtStart(programsMeta, `src/cli/entries/${name}.ts`).filter((m) => /^src\/cli\/.*-command\.ts$/.test(m));
      // league runs simulate's tournament with simulate's options; a worker reports as merge does
      const borrowed = ({ league: 1, worker: 1 } as Record<string, number>)[name] ?? 0;
      expect(commands, name).toHaveLength(1 + borrowed);
    }
    expect(modulesOf(programsMeta, 'cluedo-version.mjs').filter((m) => /-command\.ts$/.test(m))).toEqual([]);
  });

  it('the bin holds only the choice of the bundle: no commander, no command', () => {
    expect(modulesOf(binMeta, 'cluedo.mjs').sort()).toEqual(['src/cli/bin.ts', 'src/cli/command-names.ts']);
  });

  it('the commands the bin knows are those `cluedo --help` lists, in its order', () => {
    const help = cluedo(['--help']).stdout;
    const listed = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}(\w+)/gm)].map((m) => m[1]).filter((name) => name !== 'help');
    expect(listed).toEqual([...COMMAND_NAMES]);
  });

  it("each command's bundle prints the help the whole program prints for it", () => {
    for (const name of COMMAND_NAMES) {
      const own = cluedo([name, '--help']); // the command's bundle
      const whole = cluedo(['help', name]); // cluedo-all.mjs
      expect(own.status, name).toBe(0);
      expect(own.stdout, name).toBe(whole.stdout);
    }
  });
});
