// The layout is the architecture: src/ is a stack of layers (model, game, io, knowledge, epistemic,
// runtime, analysis, agents, tournament, queue) under three top layers side by side (cli, web,
// api), and every import runs downward; what loads in a browser reaches no Node built-in.
// dependency-cruiser checks every import of every module against the rules of
// .dependency-cruiser.cjs, and the same rules are shown failing on a fixture tree.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./support/layer-fixture/', import.meta.url));
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: Array<{ name: string; comment?: string }>; options: Record<string, unknown> };
/** The layers, bottom up, and the top layers, as the rules state them. */
const [, layers, tops] = /the layers, bottom up: (.*) \(then (.*) side by side\)$/.exec(config.forbidden[0].comment ?? '')!;
const LAYERS = layers.split(' ');
const TOPS = tops.split(', ');

async function cruiseSrc(baseDir: string, tsConfig = true): Promise<ICruiseResult> {
  process.chdir(ROOT);
  const options = tsConfig ? config.options : { ...config.options, tsConfig: undefined };
  const result = await cruise(['src'], { ...options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden } } as never);
  return result.output as ICruiseResult;
}

const describeViolation = (v: IViolation) => `${v.rule.name}: ${v.from} -> ${v.to}`;

describe('the dependency rule', () => {
  it('every folder of src/ is a layer or a top layer, and nothing else is there', () => {
    const entries = readdirSync(`${ROOT}src`, { withFileTypes: true });
    expect(entries.filter((d) => !d.isDirectory()).map((d) => d.name)).toEqual([]);
    expect(entries.map((d) => d.name).sort()).toEqual([...LAYERS, ...TOPS].sort());
  });

  it('every import runs downward, what loads in a browser reaches no Node built-in, with no cycle and nothing unresolved', async () => {
    const result = await cruiseSrc(ROOT);
    expect(result.modules.filter((m) => m.source.startsWith('src/')).length).toBeGreaterThan(100);
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

  it('the rules can fail: on a tree with an upward import and a browser entry reaching node:fs, both are reported', async () => {
    const result = await cruiseSrc(FIXTURE, false);
    const names = result.summary.violations.map((v) => `${v.rule.name}: ${v.from}`).sort();
    expect(names).toEqual(['browser-reaches-node: src/api/core.ts', 'layer-2-game-imports-upward: src/game/upward.ts']);
  });
});

/** The lines of the top-level awaits of a module's text (an await outside any function). */
function topLevelAwaits(text: string): number[] {
  const file = ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    const awaitUsing = ts.isVariableDeclarationList(node) && (node.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.AwaitUsing;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier) || awaitUsing) lines.push(file.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return lines;
}

describe('top-level await', () => {
  // A worker thread that is terminated just as it starts evaluating a module with a top-level
  // await aborts the whole process on Node 20 (a V8 check). Only the command line's entry points,
  // which run on the main thread alone, may have one.
  const entryPoint = (path: string) => ['src/cli/bin.ts', 'src/cli/main.ts'].includes(path) || path.startsWith('src/cli/entries/');

  it('only the command line\'s entry points have one', () => {
    const modules = (readdirSync(`${ROOT}src`, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => `src/${f.split('\\').join('/')}`);
    expect(modules.length).toBeGreaterThan(100);
    const found = modules.filter((m) => !entryPoint(m)).flatMap((m) => topLevelAwaits(readFileSync(`${ROOT}${m}`, 'utf8')).map((line) => `${m}:${line}`));
    expect(found).toEqual([]);
    // The check reads the real files: the command line's own entry point has one.
    expect(topLevelAwaits(readFileSync(`${ROOT}src/cli/bin.ts`, 'utf8')).length).toBeGreaterThan(0);
  });

  it('the check finds one in a statement, in a for await, in a declaration and in an await using, and none inside functions', () => {
    const text = ['const a = await f();', 'for await (const x of xs) g(x);', 'if (a) { await h(); }', 'await using r = open();',
      'async function k() { await f(); await using s = open(); }', 'const l = async () => { for await (const y of ys) g(y); };', 'class C { async m() { await f(); } }'].join('\n');
    expect(topLevelAwaits(text)).toEqual([1, 2, 3, 4]);
  });
});
