// Drives the browser advisor (dist/web) in headless Chromium through Playwright's library: the
// system's Chromium (Debian's package), no browser download. Shared by the end-to-end tests and
// bench/web.ts. Every wait is for a DOM condition the app sets (data-state, data-events), never a delay.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { serveStatic, type StaticServer } from '../../src/cli/static-server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SITE = `${ROOT}dist/web`;

/** The Chromium to drive: $CHROMIUM, else the Debian package's; null when there is none. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** Builds the site when `npm run build` has not (the test suite's pretest builds it). */
export function ensureSite(): string {
  if (!existsSync(`${SITE}/index.html`) || !existsSync(`${SITE}/assets`)) {
    execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  return SITE;
}

export async function launch(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** The advisor served on a free port, open in a page of a headless Chromium; `close` ends both. */
export interface Advisor {
  server: StaticServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * Serves the built site and opens it at `viewport`; the page's errors are logged. With
 * `acceptDialogs`, every confirmation (open another game, start a new one) is answered yes;
 * otherwise a test answers those it expects.
 */
export async function startAdvisor(executablePath: string, viewport: { width: number; height: number }, options: { acceptDialogs?: boolean } = {}): Promise<Advisor> {
  const server = await serveStatic(ensureSite(), 0);
  const browser = await launch(executablePath);
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  if (options.acceptDialogs) page.on('dialog', (d) => void d.accept());
  await page.goto(server.url);
  return {
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Makes `log` the game the browser keeps (and no other), on the board or not, the first-use guide
 * put away if asked, and waits until the page shows it.
 */
export async function openSaved(page: Page, log: { events?: readonly unknown[] }, options: { board?: boolean; guideDismissed?: boolean } = {}): Promise<void> {
  await page.evaluate(
    ({ log, board, guideDismissed }) => {
      localStorage.clear();
      if (guideDismissed) localStorage.setItem('cluedo-advisor-guide', 'dismissed');
      localStorage.setItem('cluedo-advisor', JSON.stringify({ log, undo: [], redo: [], board }));
    },
    { log, board: options.board ?? false, guideDismissed: options.guideDismissed ?? false },
  );
  await page.reload();
  await settled(page, log.events?.length ?? 0);
}

export interface LogEvent {
  type: 'suggestion' | 'accusation';
  by: string;
  cards: string[];
  shownBy?: string | null;
  shown?: string;
  correct?: boolean;
}

export interface ExampleLog {
  players: string[];
  me?: string;
  myHand?: string[];
  faceUp?: string[];
  events: LogEvent[];
}

/**
 * Suggestion `i` of `log` with another shower, or nobody, as the entry form enters it: the card
 * shown to me stays the one I saw, a card I showed is the first named card of mine; an
 * alternative with no card to name is left out. (An edit's candidates: whether each keeps a deal
 * is for the caller to ask.)
 */
export function otherShowers(log: { players: string[]; me?: string | null; myHand?: string[]; events?: readonly unknown[] }, i: number): LogEvent[] {
  const e = log.events![i] as LogEvent;
  const shown = (shownBy: string | null) => (shownBy === null ? undefined : shownBy === log.me ? e.cards.find((c) => log.myHand!.includes(c)) : e.by === log.me ? (e.shown ?? undefined) : undefined);
  return [...log.players.filter((p) => p !== e.by && p !== e.shownBy), null]
    .map((shownBy): LogEvent => ({ type: 'suggestion', by: e.by, cards: e.cards, shownBy, ...(shown(shownBy) !== undefined && { shown: shown(shownBy) }) }))
    .filter((alt) => (alt.shownBy === log.me || (e.by === log.me && alt.shownBy !== null)) === (alt.shown !== undefined));
}

/** Waits until the app shows the analysis of exactly `events` events. */
export async function settled(page: Page, events: number): Promise<void> {
  await page.waitForSelector(`#app[data-state="ready"][data-events="${events}"]`);
}

/** Sets up a classic game as in `log` (players, me, my hand, face-up cards; even hand sizes), the card game unless `board`. */
export async function setUp(page: Page, log: ExampleLog, options: { board?: boolean } = {}): Promise<void> {
  await page.waitForSelector('#app[data-state="setup"]');
  await page.fill('input[name="players"]', log.players.join(', '));
  // A seat is always chosen, by its name (an option's label), or "nobody" to watch.
  await page.selectOption('select[name="me"]', log.me ?? 'nobody');
  for (const card of log.myHand ?? []) await page.check(`input[name="hand"][value="${card}"]`);
  for (const card of log.faceUp ?? []) await page.check(`input[name="faceup"][value="${card}"]`);
  await page.check(`input[name="board"][value="${options.board ? 'yes' : 'no'}"]`);
  await page.click('button[data-action="start"]');
  await settled(page, 0);
}

/** Fills the entry form with `event` without submitting it. */
export async function fill(page: Page, event: LogEvent): Promise<void> {
  await page.check(`input[name="kind"][value="${event.type}"]`);
  await page.selectOption('select[name="by"]', event.by);
  for (const [g, card] of event.cards.entries()) await page.fill(`input[name="card-${g}"]`, card);
  if (event.type === 'suggestion') {
    // Nobody showed: the choice "-" (no player can be called that).
    await page.selectOption('select[name="shownBy"]', event.shownBy ?? '-');
    // The page asks which card was shown whenever the observer saw it; a log that leaves out the
    // card the observer showed is entered with the first named card of the observer's hand.
    if (event.shown !== undefined) await page.selectOption('select[name="shown"]', event.shown);
    else if (await page.$('select[name="shown"]')) await page.selectOption('select[name="shown"]', { index: 1 });
  } else if (event.correct) await page.check('input[name="correct"]');
}

/** Fills the entry form with `event` and submits it (does not wait for the answer). */
export async function enter(page: Page, event: LogEvent): Promise<void> {
  await fill(page, event);
  await page.click('button[data-action="add"]');
}

/** The notebook as the page shows it: card -> owner -> probability (from the cells' data-p). */
export async function notebook(page: Page): Promise<Record<string, Record<string, number>>> {
  const cells = await page.$$eval('td[data-p]', (tds) => tds.map((td) => [td.getAttribute('data-card')!, td.getAttribute('data-owner')!, td.getAttribute('data-p')!] as const));
  const out: Record<string, Record<string, number>> = {};
  for (const [card, owner, p] of cells) (out[card] ??= {})[owner] = Number(p);
  return out;
}
