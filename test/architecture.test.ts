// The layout is the architecture: src/ is a stack of layers (model, knowledge, io, runtime,
// analysis, play, tournament, cli) and every import runs downward. dependency-cruiser checks every
// import of every module against the rules in .dependency-cruiser.cjs.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: Array<{ name: string; comment?: string }>; options: Record<string, unknown> };
/** The layers, bottom up, as the rules state them. */
const LAYERS = /the layers, bottom up: (.*)$/.exec(config.forbidden[0].comment ?? '')![1].split(' ');

async function cruiseSrc(): Promise<ICruiseResult> {
  process.chdir(ROOT);
  const result = await cruise(['src'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } } as never);
  return result.output as ICruiseResult;
}

const describeViolation = (v: IViolation) => `${v.rule.name}: ${v.from} -> ${v.to}`;

describe('the dependency rule', () => {
  it('every folder of src/ is a layer', () => {
    const folders = readdirSync(`${ROOT}src`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual([...LAYERS].sort());
  });

  it('every import runs downward, with no cycle and nothing unresolved', async () => {
    const result = await cruiseSrc();
    expect(result.modules.filter((m) => m.source.startsWith('src/')).length).toBeGreaterThan(30);
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

  it('the rule can fail: an upward import is reported', async () => {
    const { cruise: run } = await import('dependency-cruiser');
    const result = (await run(['test/support/upward-import-fixture'], {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: [{ name: 'fixture-upward', severity: 'error', from: { path: 'model' }, to: { path: 'cli' } }] },
    } as never)).output as ICruiseResult;
    expect(result.summary.violations.map((v) => v.rule.name)).toEqual(['fixture-upward']);
  });
});
