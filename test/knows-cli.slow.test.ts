/**
 * `cluedo knows` as users run it (the built bundle): answers that agree with the library, the
 * formulas file, the full-size path, and every bad input of the contract answered with one line
 * naming the culprit and the right exit code. Needs `npm run build` (`npm test` builds first).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { refused } from './support/cli-expect.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo;
const OTTER = 'examples/epistemic/otter-course.json';
const dir = mkdtempSync(join(tmpdir(), 'cluedo-knows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cluedo(...args: string[]) {
  const env = { ...process.env };
  delete env.CLUEDO_DEBUG;
  const r = spawnSync(process.execPath, [MAIN, 'knows', ...args], { cwd: ROOT, encoding: 'utf8', env, timeout: 120_000 });
  if (r.error) throw r.error;
  return r;
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('cluedo knows', () => {
  it('answers the OTTER paper\'s claims at t = 13 from a full record, as JSON', () => {
    const r = cluedo(OTTER, 'K[a1] has(envelope, Plum) & K[a1] has(envelope, Knife)', 'K[a2] has(envelope, Plum)', 'K[a3] has(envelope, Plum)', 'Kenv[a2]', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.method).toBe('exact');
    expect(out.results.map((x: { value: boolean }) => x.value)).toEqual([true, true, true, false]);
    expect(out.results[0]).toMatchObject({ id: '1', at: 13, formula: 'K[a1] has(envelope, Professor_Plum) & K[a1] has(envelope, Knife)' });
  });

  it('reads a formulas file of JSON and text formulas, --at overriding every entry', () => {
    const formulas = file('f.json', [
      { id: 'S1', at: 4, formula: { op: 'M', agent: 'a3', arg: { op: 'and', args: [{ op: 'K', agent: 'a1', arg: { op: 'has', owner: 'a2', card: 'Plum' } }, { op: 'has', owner: 'a2', card: 'Pistol' }] } } },
      { id: 'S2', formula: 'Kenv[a1]' },
    ]);
    const action = JSON.parse(cluedo(OTTER, '--formulas', formulas, '--json').stdout);
    expect(action.results.map((x: { id: string; at: number; value: boolean }) => [x.id, x.at, x.value])).toEqual([['S1', 4, true], ['S2', 13, true]]);
    const refinement = JSON.parse(cluedo(OTTER, '--formulas', formulas, '--json', '--showcard', 'refinement').stdout);
    expect(refinement.results[0].value).toBe(false);
    const atZero = JSON.parse(cluedo(OTTER, '--formulas', formulas, '--json', '--at', '0').stdout);
    expect(atZero.results.map((x: { at: number; value: boolean }) => [x.at, x.value])).toEqual([[0, false], [0, false]]);
  });

  it('gives an observer probabilities, exact on a small game', () => {
    const r = cluedo('examples/custom-deck-3p.json', 'has(envelope, axe)', 'Kenv[P1]', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.method).toBe('exact');
    const envelopeAxe = JSON.parse(spawnSync(process.execPath, [MAIN, 'analyze', 'examples/custom-deck-3p.json', '--json'], { cwd: ROOT, encoding: 'utf8' }).stdout).cards.axe.envelope;
    expect(out.results[0].probability).toBeCloseTo(envelopeAxe, 12);
    expect(out.results[0].standardError).toBeNull();
  });

  it('estimates at full size with standard errors when the sampled engine is forced, the same bytes for the same seed', () => {
    const args = ['examples/classic-5p-mid.json', 'Kenv[P1]', 'has(envelope, Knife)', 'K[P1] has(P0, Study)', '--engine', 'sampled', '--samples', '1000', '--seed', '5', '--json'];
    const a = cluedo(...args);
    expect(a.status).toBe(0);
    const out = JSON.parse(a.stdout);
    expect(out.method).toBe('sampled');
    expect(out.worlds).toBeNull();
    expect(out.results[0].standardError).toBeGreaterThan(0);
    expect(out.results[2].standardError).toBeGreaterThan(0);
    // Without modalities, counted exactly: the same as analyze's exact answer.
    const envelopeKnife = JSON.parse(spawnSync(process.execPath, [MAIN, 'analyze', 'examples/classic-5p-mid.json', '--json'], { cwd: ROOT, encoding: 'utf8' }).stdout).cards.Knife.envelope;
    expect(out.results[1].standardError).toBeNull();
    expect(out.results[1].probability).toBeCloseTo(envelopeKnife, 12);
    expect(cluedo(...args).stdout).toBe(a.stdout);
  });

  it.each([
    ['unknown card', [OTTER, 'K[a1] has(a1, Knfe)'], 2, /column 15: unknown card "Knfe"/],
    ['unknown owner', [OTTER, 'has(Bob, Knife)'], 2, /unknown owner "Bob"; the owners are "a1", "a3", "a2" and "envelope"$/m],
    ['the table in a log without face-up cards', [OTTER, 'has(table, Knife)'], 2, /unknown owner "table"; the owners are "a1", "a3", "a2" and "envelope"$/m],
    ['unknown owner, the table among the owners with face-up cards', ['examples/classic-4p-faceup.json', 'has(Bob, Knife)'], 2, /the owners are "P0", "P1", "P2", "P3", "envelope" and "table"$/m],
    ['envelope as an agent', [OTTER, 'K[envelope] has(a1, Knife)'], 2, /"envelope" is not an agent/],
    ['empty group', [OTTER, 'C[] has(a1, Knife)'], 2, /group is empty|needs an agent|empty/],
    ['syntax', [OTTER, 'K[a1] (has(a1, Knife)'], 2, /column/],
    ['--at beyond the log', [OTTER, 'true', '--at', '14'], 2, /--at 14 is beyond the log, which has 13 events/],
    ['no formula', [OTTER], 2, /give at least one formula/],
    ['bad --showcard', [OTTER, 'true', '--showcard', 'java'], 2, /--showcard/],
    ['bad --at', [OTTER, 'true', '--at', '-1'], 2, /--at/],
    ['common knowledge at full size from the sampled engine', ['examples/classic-5p-mid.json', 'C[P1,P2] has(P0, Knife)', '--engine', 'sampled'], 1, /--engine sampled cannot answer it: common knowledge/],
  ])('refuses %s', (_, args, status, culprit) => {
    refused(cluedo(...(args as string[])), status as number, culprit as RegExp);
  });

  it('names the JSON path of a malformed formula in a formulas file', () => {
    refused(cluedo(OTTER, '--formulas', file('bad.json', [{ id: 'x', formula: { op: 'K', agent: 'a1', arg: { op: 'has', owner: 'a1' } } }])), 1, /\$\[0\]\.formula\.arg/);
    refused(cluedo(OTTER, '--formulas', file('at.json', [{ formula: 'true', at: 99 }])), 1, /\$\[0\]\.at: at 99 is beyond the log/);
    refused(cluedo(OTTER, '--formulas', file('obj.json', { formulas: [] })), 1, /expected an array/);
    refused(cluedo(OTTER, '--formulas', join(dir, 'missing.json')), 1, /cannot read formulas file .*no such file/);
  });

  it('refuses a log whose announcement is false at the deal, naming the event', () => {
    // p2 passes on {A0, B0}: p1 then knows the envelope is A0, B0, and cannot end its turn not knowing it.
    const log = {
      deck: { A: ['A0', 'A1'], B: ['B0', 'B1'] },
      players: ['p1', 'p2'],
      deal: { p1: ['A1'], p2: ['B1'], envelope: ['A0', 'B0'] },
      events: [{ type: 'suggestion', by: 'p1', cards: ['A0', 'B0'], shownBy: null }, { type: 'endmove', by: 'p1' }],
    };
    refused(cluedo(file('false-endmove.json', log), 'true'), 1, /^cluedo: event 2 \(endmove by p1\): .*p1 does not know the envelope.* false/);
    log.events.pop();
    expect(JSON.parse(cluedo(file('true.json', log), 'Kenv[p1]', '--json').stdout).results[0].value).toBe(true);
  });
});
