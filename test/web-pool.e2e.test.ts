// The browser's worker pool on real Web Workers in headless Chromium: workers that crash while a
// task runs (an error nothing catches) fail their job alone, are replaced, and the jobs waiting
// behind them run, the library's analysis tasks giving the same deals as this thread; workers
// whose script cannot load end with every waiting job rejected, never left waiting. The page
// (test/support/web-pool-page/) is bundled here with esbuild; every wait is for a job to settle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { serveStatic, type StaticServer } from '../src/cli/static-server.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame } from '../src/io/log.js';
import { inThisThread, sampleDeals } from '../src/analysis/sampling.js';
import { opponentsInThisThread, type Opponents } from '../src/analysis/opponents.js';
import { findChromium, launch } from './support/advisor-driver.js';
import type { Outcome } from './support/web-pool-page/page.js';

const CHROMIUM = findChromium();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGE = join(ROOT, 'test/support/web-pool-page');

if (!CHROMIUM) console.warn("web-pool.e2e: SKIPPED, no Chromium found (install Debian's chromium package, or set $CHROMIUM to a Chromium binary)");

describe.skipIf(!CHROMIUM)('the browser worker pool on real Web Workers', () => {
  let site: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The library finds its Wasm modules at ../../build/ from its script: the page sits two folders down.
    site = mkdtempSync(join(tmpdir(), 'cluedo-web-pool-'));
    const here = join(site, 'pool/page');
    mkdirSync(join(site, 'build'), { recursive: true });
    for (const wasm of ['core.wasm', 'kripke.wasm', 'bdd.wasm']) copyFileSync(join(ROOT, 'build', wasm), join(site, 'build', wasm));
    await build({
      entryPoints: ['page.ts', 'worker.ts', 'broken-worker.ts'].map((f) => join(PAGE, f)),
      outdir: here,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'error',
    });
    writeFileSync(join(here, 'index.html'), '<!doctype html><meta charset="utf-8"><title>pool</title><body><script type="module" src="./page.js"></script></body>');
    server = await serveStatic(site, 0);
    browser = await launch(CHROMIUM!);
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(new URL('pool/page/index.html', server.url).href);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  const log = JSON.parse(readFileSync(join(ROOT, 'examples/classic-6p-early.json'), 'utf8'));
  const store = constraintsOf(parseGame(log));
  const N = 3000;

  const failed = (o: Outcome, pattern: RegExp) => {
    expect(o.ok, JSON.stringify(o)).toBe(false);
    if (!o.ok) {
      expect(o.name).toBe('WorkerFailedError');
      expect(o.message).toMatch(pattern);
    }
  };

  for (const crashes of [1, 2]) {
    it(`${crashes} of 2 workers crashing mid-task: their jobs fail, they are replaced, and the jobs waiting run to the same deals as this thread`, async () => {
      const want = Array.from(await sampleDeals(inThisThread(), store, N, 7));
      const doubles = [3, 5, 8, 13, 21];
      const got = await page.evaluate(({ crashes, doubles, store, n }) => window.poolTest.crashWhileOthersWait(crashes, doubles, store, n), { crashes, doubles, store, n: N });
      expect(got.crashed).toHaveLength(crashes);
      for (const o of got.crashed) failed(o, /a worker failed while running crash: .*crash \d/);
      expect(got.doubled).toEqual(doubles.map((d) => ({ ok: true, value: 2 * d })));
      expect(got.deals.ok, JSON.stringify(got.deals).slice(0, 300)).toBe(true);
      expect(got.deals.ok && (got.deals.value as number[])).toEqual(want);
      // Each crashed worker replaced once; the pool at full strength.
      expect(got.made).toBe(2 + crashes);
      expect(got.workers).toBe(2);
    }, 60_000);
  }

  for (const script of ['broken-worker.js', 'missing.js'] as const) {
    it(`workers whose script cannot load (${script === 'missing.js' ? 'no such file' : 'it throws'}): every waiting job is rejected, and the next at once`, async () => {
      // Two jobs start on the two workers, two on their replacements; the fifth waits for a worker none is left to give.
      const got = await page.evaluate(({ script }) => window.poolTest.neverStarting(script, [1, 2, 3, 4, 5]), { script });
      expect(got.doubled).toHaveLength(5);
      for (const o of got.doubled.slice(0, 4)) failed(o, /a worker failed while running double/);
      failed(got.doubled[4], /no worker is left to run double: every worker failed/);
      failed(got.after, /no worker is left to run double: every worker failed/);
      // The two workers and one replacement each, then no more.
      expect(got.made).toBe(4);
      expect(got.workers).toBe(0);
    }, 60_000);
  }

  it('answers opponents() of a log with endmoves past the explicit limit (decision diagrams, build/bdd.wasm) as Node\'s explicit model does', async () => {
    // custom-deck-3p with an endmove after each opponent's turn; maxWorlds 1 leaves only the symbolic engine.
    const small = JSON.parse(readFileSync(join(ROOT, 'examples/custom-deck-3p.json'), 'utf8'));
    const game = parseGame({ ...small, events: small.events.flatMap((e: { by: string }) => (e.by === 'P0' ? [e] : [e, { type: 'endmove', by: e.by }])) });
    const truth = opponentsInThisThread(game, { nextTurn: true })!;
    const got = await page.evaluate(({ game }) => window.poolTest.opponents(game, { maxWorlds: 1, nextTurn: true }), { game });
    expect(got.ok, JSON.stringify(got)).toBe(true);
    const seen = (got as { value: Opponents }).value;
    expect(seen.method).toBe('exact');
    for (const [k, seat] of seen.seats.entries()) {
      expect(seat.canAccuse).toBeCloseTo(truth.seats[k].canAccuse, 12);
      expect(seat.canAccuseNextTurn!).toBeCloseTo(truth.seats[k].canAccuseNextTurn!, 12);
      seat.knowsMyCards.forEach((p, c) => expect(p).toBeCloseTo(truth.seats[k].knowsMyCards[c], 12));
    }
  }, 60_000);

  it('the crashes were the workers’ own: no error reached the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

declare global {
  interface Window {
    poolTest: {
      crashWhileOthersWait(crashes: number, doubles: number[], store: unknown, n: number): Promise<{ crashed: Outcome[]; doubled: Outcome[]; deals: Outcome; made: number; workers: number }>;
      opponents(game: unknown, options: { maxWorlds?: number; nextTurn?: boolean }): Promise<Outcome>;
      neverStarting(script: string, doubles: number[]): Promise<{ doubled: Outcome[]; after: Outcome; made: number; workers: number }>;
    };
  }
}
