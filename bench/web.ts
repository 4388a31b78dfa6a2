// The browser advisor's speed, measured in headless Chromium (the system's, through
// playwright-core) against the built site (dist/web) served by cluedo serve's static server:
// - from an entry (the Add button) to the updated notebook, and to the updated suggestions, in
//   the classic six-player early and late positions (examples/classic-6p-early.json, -late.json:
//   every event but the last entered, then the last one entered, undone, entered again);
// - the first load of the site in a fresh browser context: bytes transferred and the time to
//   interactive (navigation start to the engine ready and the setup form shown).
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { findContradiction } from '../src/analysis/explain.js';
import { parseGame, type GameLog, type GameLogEvent } from '../src/io/log.js';
import { serveStatic } from '../src/cli/static-server.js';
import { enter, ensureSite, fill, findChromium, launch, otherShowers, settled, setUp, type ExampleLog, type LogEvent } from '../test/support/advisor-driver.js';

export interface WebEntryRow {
  example: string;
  /** Workers scoring the suggestions: 2 (the default), or 1 (?workers=1). */
  scoring: number;
  events: number;
  rounds: number;
  notebookMs: { median: number; max: number };
  suggestionsMs: { median: number; max: number };
}

export interface WebEditRow {
  example: string;
  events: number;
  rounds: number;
  /** From Save (event 1 edited) to the notebook of the edited log. */
  editMs: { median: number; max: number };
}

export interface WebBench {
  chromium: string;
  entries: WebEntryRow[];
  edits: WebEditRow[];
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

/** Clicks Save on an open edit and resolves with the ms to the notebook of the edited log. */
const TIMED_EDIT = `new Promise((resolve) => {
  const app = document.getElementById('app');
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (app.dataset.state === 'ready' && app.dataset.editing === undefined) {
      observer.disconnect();
      resolve(performance.now() - t0);
    }
  });
  observer.observe(app, { attributes: true });
  document.querySelector('button[data-action="save-edit"]').click();
})`;

/** Event 1 with another shower, else naming another room, that keeps a deal (the edit timed), or null when there is none. */
function editOfFirst(log: GameLog): LogEvent | null {
  const e = log.events![0] as unknown as LogEvent;
  if (e.type !== 'suggestion') return null;
  const room = e.cards.length - 1;
  const rooms = parseGame(log)
    .deck.categories[room].cards.filter((c) => c !== e.cards[room] && c !== e.shown)
    .map((c): LogEvent => ({ ...e, cards: e.cards.map((x, k) => (k === room ? c : x)) }));
  const candidates = [...otherShowers(log, 0), ...rooms];
  return candidates.find((edit) => findContradiction(parseGame({ ...log, events: [edit as GameLogEvent, ...log.events!.slice(1)] })) === null) ?? null;
}

/** The logs whose first event is edited: the late classic example, and a 40-turn six-player game when the bench has one. */
function editLogs(): Array<[string, GameLog]> {
  const read = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as GameLog;
  const logs: Array<[string, GameLog]> = [['classic-6p-late', read(new URL('../examples/classic-6p-late.json', import.meta.url))]];
  const forty = new URL('./fixtures/classic-6p-40turns.json', import.meta.url);
  if (existsSync(forty)) logs.push(['classic-6p-40turns', read(forty)]);
  return logs;
}

async function benchEdits(browser: Browser, url: string, rounds: number): Promise<WebEditRow[]> {
  const rows: WebEditRow[] = [];
  for (const [example, log] of editLogs()) {
    const edit = editOfFirst(log);
    if (edit === null) continue;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate((saved) => localStorage.setItem('cluedo-advisor', JSON.stringify(saved)), { log, undo: [], redo: [], board: false });
    await page.reload();
    const events = log.events!.length;
    await settled(page, events);
    await page.click('details.events-panel summary');
    const times: number[] = [];
    for (let r = 0; r < rounds + 2; r++) {
      await page.click('button[aria-label="Edit event 1"]');
      await page.waitForSelector('#app[data-editing="1"]');
      await fill(page, edit);
      const ms = (await page.evaluate(TIMED_EDIT)) as number;
      if (r >= 2) times.push(ms);
      await page.click('button[data-action="undo"]');
      await page.waitForSelector(`#app[data-state="ready"][data-events="${events}"]:not([data-editing])`);
    }
    rows.push({ example, events, rounds, editMs: { median: median(times), max: Math.max(...times) } });
    await context.close();
  }
  return rows;
}

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

    const edits = await benchEdits(browser, server.url, Math.max(5, Math.floor(rounds / 2)));

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
    return { chromium, entries, edits, firstLoad: { rounds: loads, bytes, files, interactiveMs: { median: median(interactive), max: Math.max(...interactive) } } };
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
  for (const r of web.edits) {
    console.log(`  ${r.example.padEnd(18)} edit of event 1 of ${r.events} → notebook ${fmt(r.editMs.median, 1).padStart(6)} ms (max ${fmt(r.editMs.max, 1)}; target ≤ 200 ms)`);
  }
  const f = web.firstLoad;
  console.log(`  first load (fresh context, local server): ${fmt(f.bytes / 1024, 1)} KiB in ${f.files} files, interactive after ${fmt(f.interactiveMs.median, 0)} ms median of ${f.rounds} (max ${fmt(f.interactiveMs.max, 0)})`);
}
