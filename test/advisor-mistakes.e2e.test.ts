// The advisor where a new player makes mistakes, in headless Chromium: a setup that cannot start
// says why in the player's words and is never stored; a broken saved game goes back to the setup;
// a log file is loaded only when it opens and the player agrees; every answer at the table is an
// explicit choice; the form, the panels and the targets a finger taps are what a player expects.
// Every wait is for a DOM condition the app sets, never a delay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { serveStatic, type StaticServer } from '../src/cli/static-server.js';
import { enter, ensureSite, findChromium, launch, settled, setUp, type ExampleLog } from './support/advisor-driver.js';

const CHROMIUM = findChromium();
const EXAMPLE = JSON.parse(readFileSync(new URL('../examples/classic-6p-late.json', import.meta.url), 'utf8')) as ExampleLog;

describe.skipIf(!CHROMIUM)('the advisor when a player makes mistakes', () => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await serveStatic(ensureSite(), 0);
    browser = await launch(CHROMIUM!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && consoleErrors.push(`${r.status()} ${r.url()}`));
    await page.goto(server.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const savedLog = () => page.evaluate(() => JSON.parse(localStorage.getItem('cluedo-advisor') ?? '{"log":null}').log);

  it('a setup that cannot start says why in the player\'s words, and nothing is stored', async () => {
    await page.waitForSelector('#app[data-state="setup"]');
    await page.fill('input[name="players"]', 'Ann, Bob, Cat, Dan');
    await page.selectOption('select[name="me"]', 'Ann');
    // No card chosen yet: Ann's hand holds 5 of the 18 dealt cards.
    expect(await page.textContent('[data-role="setup-problems"]')).toContain('My hand: 0 of 5 cards chosen.');
    expect(await page.isDisabled('button[data-action="start"]')).toBe(true);
    for (const card of ['Knife', 'Hall', 'Mr. Green', 'Study', 'Rope']) await page.check(`input[name="hand"][value="${card}"]`);
    expect(await page.$('[data-role="setup-problems"]')).toBeNull();
    // Hand sizes that cannot sum.
    await page.fill('input[data-seat="Dan"]', '3');
    expect(await page.textContent('[data-role="setup-problems"]')).toContain('Hand sizes: 17 of the 18 cards dealt.');
    expect(await page.isDisabled('button[data-action="start"]')).toBe(true);
    await page.fill('input[data-seat="Dan"]', '4');
    // Two players of one name.
    await page.fill('input[name="players"]', 'Ann, Bob, Cat, ann');
    expect(await page.textContent('[data-role="setup-problems"]')).toContain('Two players are called ann');
    expect(await savedLog()).toBeNull();
  }, 60_000);

  it('a saved game the engine refuses goes back to the setup, filled with it, and is not kept', async () => {
    const broken = { players: ['Ann', 'Bob', 'Cat'], handSizes: [6, 6, 6], me: 'Ann', myHand: [], events: [] };
    await page.evaluate((log) => localStorage.setItem('cluedo-advisor', JSON.stringify({ log, redo: [], board: false })), broken);
    await page.reload();
    await page.waitForSelector('#app[data-state="setup"]');
    // In the words of the form, not the log's JSON keys, which the player never saw.
    const note = await page.textContent('[data-role="message"]');
    expect(note).toContain("The saved game could not be opened: your hand has 0 cards, but Ann's hand size is 6");
    expect(note).not.toMatch(/myHand|handSizes|faceUp/);
    expect(await page.inputValue('input[name="players"]')).toBe('Ann, Bob, Cat');
    expect(await page.$eval('select[name="me"]', (s) => (s as HTMLSelectElement).selectedOptions[0].textContent)).toBe('Ann');
    expect(await savedLog()).toBeNull();
  }, 60_000);

  it('every answer at the table is chosen: who showed, and which card', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await setUp(page, EXAMPLE);
    expect(await page.inputValue('select[name="shownBy"]')).toBe('');
    // Submitting without saying who showed adds nothing.
    await page.fill('input[name="card-0"]', 'Miss Scarlet');
    await page.fill('input[name="card-1"]', 'Rope');
    await page.fill('input[name="card-2"]', 'Hall');
    await page.click('button[data-action="add"]');
    expect(await page.getAttribute('#app', 'data-events')).toBe('0');
    // I suggested and P1 showed: the card shown to me must be chosen, among the three named.
    await page.selectOption('select[name="shownBy"]', 'P1');
    expect(await page.inputValue('select[name="shown"]')).toBe('');
    const named = await page.$$eval('select[name="shown"] option:not([disabled])', (os) => os.map((o) => o.getAttribute('value')));
    expect(named).toEqual(['Miss Scarlet', 'Rope', 'Hall']);
    // P2 suggested and I showed: only the named cards of my hand are offered.
    await page.selectOption('select[name="by"]', 'P2');
    await page.fill('input[name="card-2"]', 'Kitchen');
    await page.selectOption('select[name="shownBy"]', 'P0');
    const mine = await page.$$eval('select[name="shown"] option:not([disabled])', (os) => os.map((o) => o.getAttribute('value')));
    expect(mine).toEqual(EXAMPLE.myHand!.filter((c) => ['Miss Scarlet', 'Rope', 'Kitchen'].includes(c)));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(3);
    // After the entry, nothing is pre-chosen for the next one.
    await page.selectOption('select[name="shown"]', mine[0]!);
    await page.click('button[data-action="add"]');
    await settled(page, 1);
    expect(await page.inputValue('select[name="shownBy"]')).toBe('');
  }, 60_000);

  it('after an accusation the form is back on suggestions', async () => {
    await enter(page, { type: 'accusation', by: 'P3', cards: ['Mrs. White', 'Knife', 'Hall'], correct: false });
    await settled(page, 2);
    expect(await page.isChecked('input[name="kind"][value="suggestion"]')).toBe(true);
  }, 60_000);

  it('the opponents panel says "none yet" rather than a card nobody knows', async () => {
    await page.click('button[data-action="undo"]');
    await settled(page, 1);
    await page.click('button[data-action="undo"]');
    await settled(page, 0);
    await page.waitForSelector('#app[data-opponents-state="ready"] [data-view="opponents"] tr[data-seat]');
    const cells = await page.$$eval('[data-view="opponents"] tr[data-seat] td:last-child', (tds) => tds.map((td) => td.textContent));
    expect(cells).toEqual(['none yet', 'none yet', 'none yet', 'none yet', 'none yet']);
  }, 60_000);

  it('the why panel names the owner in words and says its sentence once', async () => {
    await page.click('button[data-action="redo"]');
    await settled(page, 1);
    // P0 (me) holds Lead Pipe: so the envelope cannot.
    await page.click('td[data-card="Lead Pipe"][data-owner="envelope"] button');
    await page.waitForSelector('[data-view="why"][data-state="ready"]');
    expect(await page.textContent('[data-view="why"] h2')).toBe('Why Lead Pipe is not in the envelope');
    const text = (await page.textContent('[data-view="why"]'))!;
    const sentences = await page.$$eval('[data-view="why"] ol li', (lis) => lis.map((li) => li.textContent!));
    for (const s of sentences) expect(text.split(s).length - 1, s).toBe(1);
  }, 60_000);

  it('a log file is loaded only when it opens and the player agrees; the game is otherwise unchanged', async () => {
    const events = await page.getAttribute('#app', 'data-events');
    const impossible = readFileSync(new URL('../examples/mistakes/impossible.json', import.meta.url));
    await page.setInputFiles('input[data-action="load"]', { name: 'impossible.json', mimeType: 'application/json', buffer: impossible });
    await page.waitForSelector('[data-role="message"]');
    expect(await page.textContent('[data-role="message"]')).toMatch(/^impossible\.json was not loaded: .*Your game is unchanged\.$/);
    expect(await page.getAttribute('#app', 'data-events')).toBe(events);
    // A message that ends with a question ("did you mean ...?") ends the sentence itself: no "?.".
    const typo = readFileSync(new URL('../examples/mistakes/typo.json', import.meta.url));
    await page.setInputFiles('input[data-action="load"]', { name: 'typo.json', mimeType: 'application/json', buffer: typo });
    await page.waitForFunction(() => document.querySelector('[data-role="message"]')?.textContent?.startsWith('typo.json'));
    expect(await page.textContent('[data-role="message"]')).toBe('typo.json was not loaded: event 1 (suggestion by Bob): unknown card "Scarlett"; did you mean "Miss Scarlet"? Your game is unchanged.');
    // A good file, but the player says no: unchanged.
    const other = readFileSync(new URL('../examples/classic-4p-faceup.json', import.meta.url));
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.dismiss())));
    await page.setInputFiles('input[data-action="load"]', { name: 'classic-4p-faceup.json', mimeType: 'application/json', buffer: other });
    expect(await asked).toMatch(/^Open classic-4p-faceup\.json\? The current game \(P0, P1, P2, P3, P4, P5 · 1 turn\) stays in Saved games\.$/);
    expect(await page.getAttribute('#app', 'data-events')).toBe(events);
    expect((await savedLog()).players).toEqual(EXAMPLE.players);
  }, 60_000);

  it('a new game keeps the names already typed', async () => {
    page.once('dialog', (d) => void d.accept());
    await page.click('button[data-action="new"]');
    await page.waitForSelector('#app[data-state="setup"]');
    expect(await page.inputValue('input[name="players"]')).toBe(EXAMPLE.players.join(', '));
  }, 60_000);

  it('on a phone every ✓ and ✗ is a 44 px target; the page asks nothing it cannot find (a favicon)', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await setUp(page, EXAMPLE);
    await page.setViewportSize({ width: 390, height: 844 });
    const sizes = await page.$$eval('td button', (bs) => bs.map((b) => b.getBoundingClientRect()).map((r) => [r.width, r.height]));
    expect(sizes.length).toBeGreaterThan(20);
    for (const [w, h] of sizes) {
      expect(w).toBeGreaterThanOrEqual(44);
      expect(h).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
