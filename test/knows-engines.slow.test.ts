/**
 * `cluedo knows` and its engines as a user meets them (the built bundle, `npm run build`): the
 * README's formulas answered exactly at full size, an engine forced where it cannot answer, the
 * diagrams' bound, the engines agreeing on the worked small games, and Ctrl-C during a long
 * symbolic query.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cluedo, cluedoChild, until, ROOT, type CliResult } from './support/cluedo-cli.js';
import { ENGINE_NAMES } from '../src/epistemic/semantics.js';
import { CountingEngine } from '../src/epistemic/counting.js';
import { FullSizeEngine } from '../src/epistemic/full-size.js';
import { textQueries } from '../src/epistemic/queries.js';
import { parseGame } from '../src/io/log.js';
import type { ShowcardReading } from '../src/epistemic/announcements.js';
import { refused } from './support/cli-expect.js';

const LATE = 'examples/classic-6p-late.json';
const EARLY = 'examples/classic-6p-early.json';
const dir = mkdtempSync(join(tmpdir(), 'cluedo-knows-engines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const knows = (...args: string[]) => cluedo(['knows', ...args]);

interface Answer {
  id: string;
  at: number;
  engine: string;
  value?: boolean;
  probability?: number;
  standardError?: number | null;
  known?: boolean | null;
}

function answers(r: CliResult): { method: string; worlds: number | null; results: Answer[] } {
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}

describe('cluedo knows at full size', () => {
  it.each([
    [LATE, ['K[P1] has(envelope, Mustard)', 'Kenv[P0]', 'M[P0] has(P5, Library)']],
    [EARLY, ['C[P0,P1] !has(P0, Wrench)', 'K[P1] K[P2] has(P3, Ballroom)', 'E[P1,P2] !has(envelope, Knife)']],
  ])('answers the README\'s formulas on %s exactly, each naming its engine', (log, formulas) => {
    const out = answers(knows(log, ...formulas, '--json'));
    expect(out.method).toBe('exact');
    expect(out.results).toHaveLength(3);
    for (const r of out.results) {
      expect(ENGINE_NAMES).toContain(r.engine);
      expect(r.engine).not.toBe('sampled');
      expect(r.standardError).toBeNull();
      expect(r.probability).toBeGreaterThanOrEqual(0);
      expect(r.probability).toBeLessThanOrEqual(1);
      // Known means certain.
      if (r.known) expect(r.probability).toBe(1);
    }
  });

  it('gives the explicit model\'s answers on the late log, which it can build', () => {
    const formulas = ['K[P1] has(envelope, Mustard)', 'Kenv[P0]', 'M[P0] has(P5, Library)', 'K[P0] !K[P1] has(P2, Knife)'];
    const auto = answers(knows(LATE, ...formulas, '--json'));
    const explicit = answers(knows(LATE, ...formulas, '--json', '--engine', 'explicit'));
    expect(explicit.results.every((r) => r.engine === 'explicit')).toBe(true);
    expect(auto.worlds).toBe(explicit.worlds);
    expect(auto.results.map(({ probability, known }) => ({ probability, known }))).toEqual(explicit.results.map(({ probability, known }) => ({ probability, known })));
  });

  it('counts a formula without modalities without building a model of the whole log', () => {
    // Ten seats, 32 cards: no model of this spectator's log fits the diagrams' bound, and none is needed.
    const log = 'examples/large/10x32-spectator-20-refutations.json';
    const r = knows(log, 'has(H, Scarlet)', '--json', '--progress', '--max-nodes', '1000');
    expect(r.stderr).not.toMatch(/the model after/);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ method: 'exact', worlds: null });
    expect(out.results[0]).toMatchObject({ engine: 'counting', standardError: null, known: false });
    const analysis = JSON.parse(cluedo(['analyze', log, '--json']).stdout);
    expect(analysis.method).toBe('exact');
    expect(out.results[0].probability).toBeCloseTo(analysis.cards.Scarlet.H, 12);
  });

  it.each(['impossible', 'conflicting'])("refuses examples/mistakes/%s.json, whose events leave no deal, even for formulas the counting core answers", (name) => {
    refused(knows(`examples/mistakes/${name}.json`, 'has(envelope, Knife)', 'true'), 1, /^cluedo: event \d+ \(suggestion by \w+\): no deal is left consistent with the log/);
  });

  it('refuses --engine explicit where the model is too large, naming the formula, the engine and the limit', () => {
    refused(knows(EARLY, 'K[P1] K[P2] has(P3, Ballroom)', '--engine', 'explicit'), 1, /formula 1 \(K\[P1\] K\[P2\] has\(P3, Ballroom\)\)/, /--engine explicit/, /too large/, /--max-worlds/);
  });

  it('refuses --engine counting on a nested formula, naming it', () => {
    refused(knows(EARLY, 'K[P1] K[P2] has(P3, Ballroom)', '--engine', 'counting'), 1, /formula 1 \(K\[P1\] K\[P2\] has\(P3, Ballroom\)\)/, /--engine counting/);
  });

  it('refuses an unknown engine, naming the choices', () => {
    refused(knows(EARLY, 'true', '--engine', 'bogus'), 2, /bogus/, /counting/, /explicit/, /symbolic/);
  });

  it('stops at --max-nodes with one line and nothing on stdout', () => {
    refused(knows(EARLY, 'C[P0,P1] !has(P0, Wrench)', '--max-nodes', '1000', '--json'), 1, /--max-nodes/);
  });

  it.each(['0', 'abc', '-5', '1.5'])('refuses --max-nodes %s', (bad) => {
    refused(knows(EARLY, 'true', '--max-nodes', bad), 2, /--max-nodes/, new RegExp(`"${bad.replace('.', '\\.')}"`));
  });
});

describe('exact big counts', () => {
  it("prints every digit of a Master Detective spectator's worlds in --json", () => {
    const deck = { suspects: Array.from({ length: 10 }, (_, i) => `S${i}`), weapons: Array.from({ length: 8 }, (_, i) => `W${i}`), rooms: Array.from({ length: 12 }, (_, i) => `R${i}`) };
    const log = join(dir, 'master-detective.json');
    writeFileSync(log, JSON.stringify({ deck, players: ['P0', 'P1', 'P2', 'P3', 'P4', 'P5'], events: [] }));
    const r = knows(log, 'has(envelope, S0)', '--json');
    // 10 × 8 × 12 envelopes, then 27 cards dealt 5, 5, 5, 4, 4, 4: 27! / (5!^3 4!^3) each (Python: math.factorial).
    expect(r.stdout).toMatch(/"worlds": 437599241673834240000,/);
    expect(answers(r).results[0]).toMatchObject({ probability: 0.1, standardError: null, known: false });
  });
});

/** The worked small games and their formulas (examples/epistemic/NAME.formulas.json). */
const examples = readdirSync(join(ROOT, 'examples/epistemic'))
  .filter((f) => f.endsWith('.formulas.json'))
  .map((f) => f.replace('.formulas.json', ''));

describe.each(examples)('every engine gives the same answers on examples/epistemic/%s', (name) => {
  const logPath = join(ROOT, 'examples/epistemic', `${name}.json`);
  const game = parseGame(JSON.parse(readFileSync(logPath, 'utf8')));
  const claims = (JSON.parse(readFileSync(join(ROOT, 'examples/epistemic', `${name}.formulas.json`), 'utf8')) as { formulas: Array<{ id: string; at: number; formula: string }> }).formulas;
  const entries = claims.map(({ id, at, formula }) => ({ id, at, formula }));

  it.each(['action', 'refinement'])('under the %s reading', (showcard) => {
    const file = join(dir, `${name}-${showcard}.json`);
    writeFileSync(file, JSON.stringify(entries));
    const run = (engine: string, formulas = file) => answers(knows(logPath, '--formulas', formulas, '--showcard', showcard, '--engine', engine, '--json'));
    const values = (out: ReturnType<typeof answers>) => out.results.map((r) => [r.id, r.at, r.value]);
    const explicit = run('explicit');
    const symbolic = run('symbolic');
    expect(explicit.results.every((r) => r.engine === 'explicit') && symbolic.results.every((r) => r.engine === 'symbolic')).toBe(true);
    expect(values(symbolic)).toEqual(values(explicit));
    expect(symbolic.worlds).toBe(explicit.worlds);
    expect(values(run('auto'))).toEqual(values(explicit));
    // The counting core, on the formulas of its fragment.
    const countable = entries.filter((e) => {
      const [{ formula }] = textQueries([e.formula], game, e.at);
      using fullSize = new FullSizeEngine(game, e.at);
      return new CountingEngine(fullSize, showcard as ShowcardReading).unsupported(formula) === null;
    });
    if (countable.length > 0) {
      const countableFile = join(dir, `${name}-${showcard}-counting.json`);
      writeFileSync(countableFile, JSON.stringify(countable));
      const byId = new Map(values(explicit).map((v) => [v[0], v]));
      expect(values(run('counting', countableFile))).toEqual(countable.map((e) => byId.get(e.id)));
    }
  });
});

describe('Ctrl-C', () => {
  it('ends a long symbolic query at once, with nothing on stdout', async () => {
    // A spectator's classic game: three nested modalities make diagrams of tens of millions of nodes.
    const log = JSON.parse(readFileSync(join(ROOT, EARLY), 'utf8'));
    delete log.me;
    delete log.myHand;
    for (const e of log.events) delete e.shown;
    const spectator = join(dir, 'spectator.json');
    writeFileSync(spectator, JSON.stringify(log));
    const run = cluedoChild(['knows', spectator, 'K[P1] K[P2] M[P3] has(P3, Ballroom)', '--progress', '--json']);
    await until(() => /progress: formula 1 of 1/.test(run.stderr()));
    run.child.kill('SIGINT');
    const code = await run.exit;
    // By the signal (code null) or by a handler's 130; not the answer, nor running out of nodes.
    expect(String(code ?? run.child.signalCode)).toMatch(/^(SIGINT|130)$/);
    expect(run.stdout()).toBe('');
    expect(run.stderr()).not.toMatch(/max-nodes|\n\s+at /);
  }, 240_000);
});
