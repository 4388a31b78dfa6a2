// The browser advisor's speed, measured in headless Chromium (the system's, through
// playwright-core) against the built site (dist/web) served by cluedo serve's static server:
// - from an entry (the Add button) to the updated notebook, and to the updated suggestions, in
//   the classic six-player early and late positions (examples/classic-6p-early.json, -late.json:
//   every event but the last entered, then the last one entered, undone, entered again);
// - the first load of the site in a fresh browser context: bytes transferred and the time to
//   interactive (navigation start to the engine ready and the setup form shown).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { serveStatic } from '../src/cli/static-server.js';
import { enter, ensureSite, fill, findChromium, launch, settled, setUp, type ExampleLog } from '../test/support/advisor-driver.js';

export interface WebEntryRow {
  example: string;
  /** Workers scoring the suggestions: 2 (the default), or 1 (?workers=1). */
  scoring: number;
  events: number;
  rounds: number;
  notebookMs: { median: number; max: number };
  suggestionsMs: { median: number; max: number };
}

export interface WebBench {
  chromium: string;
  entries: WebEntryRow[];
  firstLoad: { rounds: number; bytes: number; files: number; interactiveMs: { median: number; max: number } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Clicks Add and resolves with [ms to the notebook of one more event, ms to its suggestions], timed in the page. */
// A string, not a function: the benchmark runs under tsx, whose transform adds helpers (__name) a
// function passed to the page would not find there.
const TIMED_ENTRY = `new Promise((resolve) => {
  const app = document.getElementById('app');
  const target = String(Number(app.dataset.events) + 1);
  const t0 = performance.now();
  let notebook = -1;
  const observer = new MutationObserver(() => {
    if (app.dataset.events !== target) return;
    if (notebook < 0 && app.dataset.state === 'ready') notebook = performance.now() - t0;
    if (notebook >= 0 && app.dataset.suggestState === 'ready') {
      observer.disconnect();
      resolve([notebook, performance.now() - t0]);
    }
  });
  observer.observe(app, { attributes: true });
  document.querySelector('button[data-action="add"]').click();
})`;

function timedEntry(page: Page): Promise<[number, number]> {
  return page.evaluate(TIMED_ENTRY) as Promise<[number, number]>;
}

export async function benchWeb(rounds = 15): Promise<WebBench | null> {
  const chromium = findChromium();
  if (!chromium) return null;
  const server = await serveStatic(ensureSite(), 0);
  const browser = await launch(chromium);
  try {
    const entries: WebEntryRow[] = [];
    for (const [example, scoring] of [['classic-6p-early', 2], ['classic-6p-early', 1], ['classic-6p-late', 2], ['classic-6p-late', 1]] as const) {
      const log = JSON.parse(readFileSync(new URL(`../examples/${example}.json`, import.meta.url), 'utf8')) as ExampleLog;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(scoring === 1 ? `${server.url}?workers=1` : server.url);
      await setUp(page, log);
      const last = log.events.length - 1;
      for (let i = 0; i < last; i++) {
        await enter(page, log.events[i]);
        await settled(page, i + 1);
      }
      const notebook: number[] = [];
      const suggestions: number[] = [];
      for (let r = 0; r < rounds + 2; r++) {
        await fill(page, log.events[last]);
        const [n, s] = await timedEntry(page);
        if (r >= 2) {
          notebook.push(n);
          suggestions.push(s);
        }
        await page.click('button[data-action="undo"]');
        await settled(page, last);
      }
      entries.push({
        example,
        scoring,
        events: log.events.length,
        rounds,
        notebookMs: { median: median(notebook), max: Math.max(...notebook) },
        suggestionsMs: { median: median(suggestions), max: Math.max(...suggestions) },
      });
      await context.close();
    }

    // Bytes transferred: the bodies the server sent (it does not compress), counted at the server.
    const served: number[] = [];
    server.server.on('request', (_req, res) => res.on('finish', () => served.push(Number(res.getHeader('content-length') ?? 0))));
    const interactive: number[] = [];
    let bytes = 0;
    let files = 0;
    const loads = 5;
    for (let r = 0; r < loads; r++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      served.length = 0;
      await page.goto(server.url);
      await page.waitForSelector('#app[data-state="setup"]');
      await page.waitForFunction("performance.getEntriesByName('advisor-interactive').length > 0");
      interactive.push((await page.evaluate("performance.getEntriesByName('advisor-interactive')[0].startTime")) as number);
      // Interactive means the first worker has compiled both Wasm modules; the second worker's
      // copies come from the browser's cache (hashed assets are immutable).
      bytes = served.reduce((a, b) => a + b, 0);
      files = served.length;
      await context.close();
    }
    return { chromium, entries, firstLoad: { rounds: loads, bytes, files, interactiveMs: { median: median(interactive), max: Math.max(...interactive) } } };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function printWeb(web: WebBench | null): void {
  const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  if (web === null) {
    console.log('\nBrowser advisor: skipped (no Chromium: install Debian\'s chromium or set $CHROMIUM)');
    return;
  }
  console.log(`\nBrowser advisor in headless Chromium (${web.chromium}), median of ${web.entries[0]?.rounds ?? 0} entries (target: notebook ≤ 100 ms)`);
  for (const r of web.entries) {
    console.log(
      `  ${r.example.padEnd(18)} ${r.scoring} scoring worker${r.scoring === 1 ? ' ' : 's'}  entry ${r.events} → notebook ${fmt(r.notebookMs.median, 1).padStart(6)} ms (max ${fmt(r.notebookMs.max, 1)})   → suggestions ${fmt(r.suggestionsMs.median, 1).padStart(6)} ms (max ${fmt(r.suggestionsMs.max, 1)})`,
    );
  }
  const f = web.firstLoad;
  console.log(`  first load (fresh context, local server): ${fmt(f.bytes / 1024, 1)} KiB in ${f.files} files, interactive after ${fmt(f.interactiveMs.median, 0)} ms median of ${f.rounds} (max ${fmt(f.interactiveMs.max, 0)})`);
}
