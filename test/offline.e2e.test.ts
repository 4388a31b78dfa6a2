// The advisor offline, installable, and for a first-time user, in headless Chromium: after one
// visit its service worker holds every file of the site (listed from dist/web itself), and with
// the network gone and the server stopped a reload still starts the engine, sets up a game, takes
// a turn and computes the notebook (against analyze() on the same log), the suggestions and the
// opponents on the worker pool; the web app manifest is linked and its icons are the PNGs it
// claims; the first-use guide shows once, stays dismissed, and comes back from the header; a new
// build of the site is announced and the Reload button brings it. Every wait is for a condition
// the page sets (data-state, data-role, the service worker's registration), never a delay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { analyze } from '../src/analysis/analyze.js';
import { analysisJson } from '../src/analysis/json.js';
import { parseGame } from '../src/io/log.js';
import { serveStatic, type StaticServer } from '../src/cli/static-server.js';
import { enter, ensureSite, findChromium, launch, notebook, settled, setUp, type ExampleLog } from './support/advisor-driver.js';

const CHROMIUM = findChromium();
const EXAMPLE = JSON.parse(readFileSync(new URL('../examples/classic-6p-late.json', import.meta.url), 'utf8')) as ExampleLog;
const SHOTS = join(tmpdir(), 'cluedo-web-shots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The page's colours, as its style sheet states them: the accent and the background. */
const STYLE = readFileSync(new URL('../src/web/style.css', import.meta.url), 'utf8');
const ACCENT = /--accent:\s*(#[0-9a-f]{6})/i.exec(STYLE)![1].toLowerCase();
const BACKGROUND = /^:root\s*{[^}]*\bbackground:\s*(#[0-9a-f]{6})/im.exec(STYLE)![1].toLowerCase();

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split('\\').join('/'))
    .sort();
}

/** A PNG's width, height, colour type and first pixel, read from its bytes (the IHDR chunk; row 0's first pixel is stored as it is under every filter). */
async function png(bytes: Buffer): Promise<{ width: number; height: number; firstPixel: number[] }> {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const depth = bytes[24];
  const channels = ({ 2: 3, 6: 4 } as Record<number, number>)[bytes[25]];
  expect(depth, 'an 8-bit PNG').toBe(8);
  expect(channels, 'an RGB or RGBA PNG').toBeDefined();
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const { inflateSync } = await import('node:zlib');
  const raw = inflateSync(Buffer.concat(data));
  const firstPixel = [...raw.subarray(1, 1 + channels)];
  return { width, height, firstPixel: channels === 3 ? [...firstPixel, 255] : firstPixel };
}

const rgba = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);

/** The notebook analyze() gives the example's first `events` events, named as the page names them. */
function expectedNotebook(events: number) {
  const game = parseGame({ ...EXAMPLE, events: EXAMPLE.events.slice(0, events) });
  return analysisJson(game, analyze(game)).cards;
}

/** Waits until the page's service worker holds the site: the page said so, and the worker is active. */
async function offlineReady(page: Page): Promise<void> {
  await page.waitForSelector('[data-role="offline-ready"]');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** Screenshots of the page at phone and desktop width, from its top (the whole page when `fullPage`). */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage });
}

if (!CHROMIUM) console.warn('offline.e2e: SKIPPED, no Chromium found (install Debian\'s chromium package, or set $CHROMIUM to a Chromium binary)');

describe.skipIf(!CHROMIUM)('the advisor offline and installable, in headless Chromium', () => {
  let browser: Browser;
  const scratch = mkdtempSync(join(tmpdir(), 'cluedo-offline-'));

  beforeAll(async () => {
    ensureSite();
    browser = await launch(CHROMIUM!);
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  describe('after one visit, with no network', () => {
    let server: StaticServer;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      server = await serveStatic(ensureSite(), 0);
      context = await browser.newContext({ viewport: DESKTOP });
      page = await context.newPage();
      page.on('pageerror', (e) => console.error('page error:', e.message));
    }, 60_000);

    afterAll(async () => {
      await context?.close();
      await server?.close();
    });

    it('its service worker holds every file of the site: the page, the manifest, the icons, the Web Worker and the three Wasm modules', async () => {
      await page.goto(server.url);
      await offlineReady(page);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      });
      const site = filesUnder(ensureSite());
      // The service worker's own scripts are kept by the browser, not in its cache.
      const expected = site.filter((f) => f !== 'sw.js' && !/^workbox-[\w-]+\.js$/.test(f));
      expect(cached.map((p) => p.slice(1)).sort()).toEqual(expected);
      expect(expected.filter((f) => f.endsWith('.wasm')).length).toBe(3);
      expect(expected.some((f) => /^assets\/task-worker-[\w-]+\.js$/.test(f))).toBe(true);
      expect(expected).toContain('manifest.webmanifest');
      // The precache list the build wrote names them all too.
      const sw = readFileSync(join(ensureSite(), 'sw.js'), 'utf8');
      for (const f of expected) expect(sw, f).toContain(`url:"${f}"`);
    }, 60_000);

    it('a reload starts the engine, sets up a game, takes a turn and computes the notebook, suggestions and opponents', async () => {
      // The network is gone, and the server with it; and so is the browser's HTTP cache, which would
      // otherwise still hold the hashed assets (served as immutable) whether the worker kept them or not.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await context.setOffline(true);
      server.server.closeAllConnections();
      await server.close();
      expect(await page.evaluate((url) => fetch(url, { cache: 'no-store' }).then(() => 'reached', () => 'unreachable'), `${server.url}index.html?not-cached`)).toBe('unreachable');
      await page.reload();
      await page.waitForSelector('#app:is([data-state="setup"], [data-state="invalid"])');
      expect(await page.textContent('#app'), 'the engine started').not.toContain('The engine could not start');
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await setUp(page, EXAMPLE);
      await enter(page, EXAMPLE.events[0]);
      await settled(page, 1);
      const shown = await notebook(page);
      for (const [card, row] of Object.entries(expectedNotebook(1))) {
        for (const [owner, p] of Object.entries(row)) expect(Math.abs(shown[card][owner] - p), `${card} / ${owner}`).toBeLessThanOrEqual(1e-9);
      }
      await page.waitForSelector('#app[data-suggest-state="ready"][data-opponents-state="ready"]');
      expect((await page.$$('[data-view="suggestions"] li')).length).toBeGreaterThan(0);
      expect((await page.$$('[data-view="opponents"] tr[data-seat]')).length).toBe(EXAMPLE.players.length - 1);
      await shoot(page, 'offline-turn', true);
    }, 120_000);
  });

  it('links a web app manifest in the page\'s colours whose icons are the PNGs, at the sizes, it claims', async () => {
    const server = await serveStatic(ensureSite(), 0);
    try {
      const html = await (await fetch(server.url)).text();
      const href = (rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];
      expect(new RegExp(`<meta name="theme-color" content="${ACCENT}"`, 'i').test(html)).toBe(true);
      const manifestUrl = new URL(href('manifest')!, server.url);
      const response = await fetch(manifestUrl);
      expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> };
      expect(manifest).toMatchObject({ name: 'Cluedo advisor', display: 'standalone', start_url: './', scope: './' });
      expect(String(manifest.short_name).length).toBeLessThanOrEqual(12);
      expect(String(manifest.theme_color).toLowerCase()).toBe(ACCENT);
      expect(String(manifest.background_color).toLowerCase()).toBe(BACKGROUND);
      const sizes = new Set<string>();
      for (const icon of manifest.icons) {
        const iconResponse = await fetch(new URL(icon.src, manifestUrl));
        expect(iconResponse.status, icon.src).toBe(200);
        expect(iconResponse.headers.get('content-type')).toBe('image/png');
        const image = await png(Buffer.from(await iconResponse.arrayBuffer()));
        expect(`${image.width}x${image.height}`, icon.src).toBe(icon.sizes);
        expect(icon.type).toBe('image/png');
        sizes.add(`${icon.sizes} ${icon.purpose ?? 'any'}`);
        // A maskable icon is cut to the phone's shape: its colour must reach the corners.
        if (icon.purpose === 'maskable') expect(image.firstPixel, icon.src).toEqual(rgba(ACCENT));
      }
      expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      // iOS's home-screen icon: 180 px, with no transparency (iOS shows it black).
      const touch = await png(Buffer.from(await (await fetch(new URL(href('apple-touch-icon')!, server.url))).arrayBuffer()));
      expect([touch.width, touch.height]).toEqual([180, 180]);
      expect(touch.firstPixel).toEqual(rgba(ACCENT));
    } finally {
      await server.close();
    }
  }, 30_000);

  it('shows the guide on a first visit above the setup form, not over it; "Got it" dismisses it for good; the header brings it back', async () => {
    const server = await serveStatic(ensureSite(), 0);
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      // Both first-visit messages shown, the guide and "Ready to work offline": the most they take of the screen.
      await page.waitForSelector('#app[data-state="setup"] [data-role="offline-ready"]');
      const steps = await page.$$eval('[data-view="guide"] ol li', (lis) => lis.map((li) => li.textContent!));
      expect(steps.length).toBe(3);
      expect(steps[0]).toMatch(/seat order.*who you are.*hand/);
      expect(steps[1]).toMatch(/every turn.*suggested.*showed/);
      expect(steps[2]).toMatch(/notebook.*envelope.*best suggestion.*✓ or ✗/);
      expect(await page.getAttribute('button[data-action="guide"]', 'aria-expanded')).toBe('true');
      // On a phone: the guide ends where the form begins, and the first field is on the first screen, free to tap.
      const guide = (await page.locator('[data-view="guide"]').boundingBox())!;
      const form = (await page.locator('form.setup').boundingBox())!;
      expect(guide.y + guide.height).toBeLessThanOrEqual(form.y);
      const players = (await page.locator('input[name="players"]').boundingBox())!;
      expect(players.y + players.height).toBeLessThanOrEqual(PHONE.height);
      await page.click('input[name="players"]', { trial: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shoot(page, 'guide');
      await page.setViewportSize(PHONE);

      await page.click('button[data-action="guide-dismiss"]');
      await page.waitForSelector('[data-view="guide"]', { state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('cluedo-advisor-guide'))).toBe('dismissed');
      await page.reload();
      await page.waitForSelector('#app[data-state="setup"]');
      expect(await page.$('[data-view="guide"]')).toBeNull();
      expect(await page.getAttribute('button[data-action="guide"]', 'aria-expanded')).toBe('false');

      await page.click('button[data-action="guide"]');
      await page.waitForSelector('[data-view="guide"] ol li');
      expect(await page.getAttribute('button[data-action="guide"]', 'aria-expanded')).toBe('true');
    } finally {
      await context.close();
      await server.close();
    }
  }, 60_000);

  it('says when a new build of the site is ready, and its Reload button reloads the page under it', async () => {
    // The site, copied so that a new build can replace it while it is served.
    const site = join(scratch, 'site');
    cpSync(ensureSite(), site, { recursive: true });
    const server = await serveStatic(site, 0);
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error('page error:', e.message));
      await page.goto(server.url);
      await offlineReady(page);
      // The next visit is served by the worker; its registration is then watched for updates.
      await page.reload();
      await page.waitForSelector('html[data-service-worker="registered"] #app[data-state="setup"]');
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect(await page.$('[data-role="offline-ready"]')).toBeNull(); // said once only
      // A game in progress, which the new version must find as it was.
      await setUp(page, EXAMPLE);
      await enter(page, EXAMPLE.events[0]);
      await settled(page, 1);

      // A new build: a changed page, hence a new precache revision for it in sw.js, as the build writes it.
      const index = readFileSync(join(site, 'index.html'), 'utf8').replace('<head>', '<head>\n    <meta name="advisor-build" content="2" />');
      writeFileSync(join(site, 'index.html'), index);
      const revision = createHash('md5').update(index).digest('hex');
      const sw = readFileSync(join(site, 'sw.js'), 'utf8');
      const updated = sw.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, `$1${revision}"`);
      expect(updated).not.toBe(sw);
      writeFileSync(join(site, 'sw.js'), updated);

      // What the browser does on a visit, or the page when it comes back to the screen.
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));
      await page.waitForSelector('[data-role="update-ready"][role="status"]');
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.waiting !== null))).toBe(true);
      expect(await page.$('meta[name="advisor-build"]')).toBeNull(); // still the old page
      await shoot(page, 'update-ready');
      // A plain reload does not switch (the old version still serves the page), and says it again.
      await page.reload();
      await page.waitForSelector('[data-role="update-ready"]');
      await settled(page, 1);
      expect(await page.$('meta[name="advisor-build"]')).toBeNull();

      await page.click('[data-role="update-ready"] button[data-action="update"]');
      await page.waitForSelector('meta[name="advisor-build"][content="2"]', { state: 'attached' });
      await settled(page, 1);
      expect(await page.$('[data-role="update-ready"]')).toBeNull();
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.waiting === null && navigator.serviceWorker.controller !== null))).toBe(true);
    } finally {
      await context.close();
      await server.close();
    }
  }, 60_000);
});
