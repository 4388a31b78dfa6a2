// The browser advisor end to end, in headless Chromium: set up a classic game, enter a dozen
// turns of an example log, and check the notebook the page shows against analyze() on the same
// log to 1e-9; undo and redo; a refused contradiction; the why-panel; the suggestions against
// suggest() on the same seed; screenshots at phone and desktop width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { analyze } from '../src/analysis/analyze.js';
import { suggest } from '../src/analysis/suggest.js';
import { opponentsInThisThread } from '../src/analysis/opponents.js';
import { analysisJson } from '../src/analysis/json.js';
import { refutationAdvice } from '../src/analysis/refute-advice.js';
import { parseGame } from '../src/io/log.js';
import * as analysisTasks from '../src/analysis/tasks.js';
import { ANALYSIS_TASKS } from '../src/analysis/tasks.js';
import { reachable } from '../src/game/board/paths.js';
import { passageFrom } from '../src/game/board/classic.js';
import { InProcessExecutor } from '../src/runtime/in-process.js';
import { enter, findChromium, notebook, settled, setUp, startAdvisor, type Advisor, type ExampleLog } from './support/advisor-driver.js';

const CHROMIUM = findChromium();
const EXAMPLE = JSON.parse(readFileSync(new URL('../examples/classic-6p-late.json', import.meta.url), 'utf8')) as ExampleLog;
const TURNS = 12;
const SHOTS = join(tmpdir(), 'cluedo-web-shots');
const logOf = (events: number) => ({ ...EXAMPLE, events: EXAMPLE.events.slice(0, events) });
/** The notebook analyze() gives a log, its cards and owners named as the page names them. */
const cardsOf = (log: unknown) => {
  const game = parseGame(log);
  return analysisJson(game, analyze(game)).cards;
};

function expectNotebook(shown: Record<string, Record<string, number>>, events: number): void {
  const expected = { cards: cardsOf(logOf(events)) };
  expect(Object.keys(shown).sort()).toEqual(Object.keys(expected.cards).sort());
  for (const [card, row] of Object.entries(expected.cards)) {
    expect(Object.keys(shown[card]).sort()).toEqual(Object.keys(row).sort());
    for (const [owner, p] of Object.entries(row)) expect(Math.abs(shown[card][owner] - p), `${card} / ${owner}`).toBeLessThanOrEqual(1e-9);
  }
}

if (!CHROMIUM) console.warn('web.e2e: SKIPPED, no Chromium found (install Debian\'s chromium package, or set $CHROMIUM to a Chromium binary)');

describe.skipIf(!CHROMIUM)('the advisor in headless Chromium', () => {
  let advisor: Advisor;
  let page: Page;

  beforeAll(async () => {
    advisor = await startAdvisor(CHROMIUM!, { width: 1280, height: 900 });
    page = advisor.page; // a browser of its own: its storage starts empty
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(() => advisor?.close());

  it('sets up a classic game and shows, after each of a dozen turns, the notebook analyze() gives', async () => {
    await page.waitForSelector('#app[data-state="setup"]');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'phone-390-setup.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await setUp(page, EXAMPLE);
    expectNotebook(await notebook(page), 0);
    for (let i = 0; i < TURNS; i++) {
      await enter(page, EXAMPLE.events[i]);
      await settled(page, i + 1);
    }
    expectNotebook(await notebook(page), TURNS);
    // The log in the browser is the CLI's log format: analyze() reads it as it is.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cluedo-advisor')!).log);
    expect(cardsOf(saved)).toEqual(cardsOf(logOf(TURNS)));
  }, 120_000);

  it('ranks suggestions as suggest() does on the worker pool, for the same seed', async () => {
    await page.waitForSelector('#app[data-suggest-state="ready"] [data-view="suggestions"] li');
    const shown = await page.$$eval('[data-view="suggestions"] li', (lis) => lis.map((li) => [li.getAttribute('data-cards'), li.getAttribute('data-bits')]));
    const game = parseGame(logOf(TURNS));
    const expected = await suggest(game, { seed: 1, top: shown.length, executor: new InProcessExecutor({ [ANALYSIS_TASKS]: analysisTasks }, 2) });
    expect(shown).toEqual(expected.suggestions.map((s) => [s.cards.map((c) => game.deck.cards[c]).join('|'), String(s.expectedInformationBits)]));
    // 20,000 draws by 324 suggestions: scored half on each of two workers, to the same bytes.
    expect(await page.getAttribute('[data-view="suggestions"]', 'data-workers')).toBe('2');
  }, 120_000);

  it("shows the opponents' knowledge opponents() gives for the same seed", async () => {
    await page.waitForSelector('#app[data-opponents-state="ready"] [data-view="opponents"] tr[data-seat]');
    const shown = await page.$$eval('[data-view="opponents"] tr[data-seat]', (trs) => trs.map((tr) => [tr.getAttribute('data-seat'), Number(tr.getAttribute('data-can-accuse'))]));
    const game = parseGame(logOf(TURNS));
    const expected = opponentsInThisThread(game, { seed: 1 })!;
    expect(shown).toEqual(expected.seats.map((s) => [game.players[s.seat], s.canAccuse]));
  }, 60_000);

  it('undoes and redoes the last turn', async () => {
    await page.click('button[data-action="undo"]');
    await settled(page, TURNS - 1);
    expectNotebook(await notebook(page), TURNS - 1);
    await page.click('button[data-action="redo"]');
    await settled(page, TURNS);
    expectNotebook(await notebook(page), TURNS);
  }, 60_000);

  it('refuses an entry that leaves no deal, says why, and keeps the form for correction', async () => {
    // P3 showed Miss Scarlet to P0 (turn 1): P3 cannot pass on her.
    await page.waitForSelector('#app[data-suggest-state="ready"]');
    await enter(page, { type: 'suggestion', by: 'P2', cards: ['Miss Scarlet', 'Rope', 'Kitchen'], shownBy: 'P4' });
    await page.waitForSelector('#app[data-state="refused"]');
    expect(await page.getAttribute('#app', 'data-events')).toBe(String(TURNS));
    await page.screenshot({ path: join(SHOTS, 'refused-1280.png') });
    const message = await page.textContent('[data-role="message"]');
    expect(message).toMatch(/^Refused: /);
    expect(message).toContain('P2');
    expect(await page.inputValue('input[name="card-0"]')).toBe('Miss Scarlet');
    expect(await page.inputValue('select[name="shownBy"]')).toBe('P4');
    expectNotebook(await notebook(page), TURNS); // nothing entered is lost
    expect(await page.getAttribute('#app', 'data-suggest-state')).toBe('ready'); // nor the suggestions
    // Corrected: P3 showed.
    await page.selectOption('select[name="shownBy"]', 'P3');
    await page.click('button[data-action="add"]');
    await settled(page, TURNS + 1);
    await page.click('button[data-action="undo"]');
    await settled(page, TURNS);
  }, 60_000);

  it('explains a certain cell', async () => {
    await page.click('td[data-card="Miss Scarlet"][data-owner="P3"] button');
    await page.waitForSelector('[data-view="why"][data-state="ready"]');
    const text = await page.textContent('[data-role="why-text"]');
    expect(text).toContain('Miss Scarlet');
    expect(await page.textContent('[data-view="why"] h2')).toContain('P3 holds Miss Scarlet');
  }, 60_000);

  it('when I must show one of several cards: what each tells the suggester, as refutationAdvice() counts it', async () => {
    const suggestion = { type: 'suggestion' as const, by: 'P3', cards: ['Miss Scarlet', 'Lead Pipe', 'Billiard Room'], shownBy: 'P0' };
    await page.selectOption('select[name="by"]', suggestion.by);
    for (const [g, card] of suggestion.cards.entries()) await page.fill(`input[name="card-${g}"]`, card);
    await page.selectOption('select[name="shownBy"]', suggestion.shownBy);
    await page.waitForSelector('[data-view="refute-advice"][data-state="ready"] li');
    const shown = await page.$$eval('[data-view="refute-advice"] li', (lis) => lis.map((li) => [li.getAttribute('data-card'), Number(li.getAttribute('data-bits')), Number(li.getAttribute('data-envelope-bits'))]));
    const game = parseGame(logOf(TURNS));
    const card = (name: string) => game.deck.cards.indexOf(name);
    const expected = refutationAdvice(game, { suggester: 3, cards: suggestion.cards.map(card) });
    expect(shown.map(([name]) => name)).toEqual(expected.options.map((o) => game.deck.cards[o.card]));
    expected.options.forEach((o, i) => {
      expect(Math.abs((shown[i][1] as number) - o.bits)).toBeLessThanOrEqual(1e-9);
      expect(Math.abs((shown[i][2] as number) - o.envelopeBits)).toBeLessThanOrEqual(1e-9);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-view="refute-advice"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'phone-390-refute-advice.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Nothing was entered: the game is as it was after a reload.
    await page.reload();
    await settled(page, TURNS);
  }, 60_000);

  it('takes screenshots at phone and desktop width', async () => {
    await page.screenshot({ path: join(SHOTS, 'desktop-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'phone-390.png'), fullPage: true });
    await page.screenshot({ path: join(SHOTS, 'phone-390-top.png') });
    await page.locator('section.notebook').screenshot({ path: join(SHOTS, 'phone-390-notebook.png') });
    // Nothing is wider than the phone's screen but the notebook's own scrolling box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    console.log(`web.e2e: screenshots in ${SHOTS}`);
  }, 60_000);

  it('downloads the game as a log analyze() reads, and loads a log from a file', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const href = (await page.getAttribute('a[download]', 'href'))!;
    const downloaded = JSON.parse(decodeURIComponent(href.slice(href.indexOf(',') + 1)));
    expect(cardsOf(downloaded)).toEqual(cardsOf(logOf(TURNS)));
    // Another game, with face-up cards and four players, loaded from its file.
    const other = readFileSync(new URL('../examples/classic-4p-faceup.json', import.meta.url));
    // The page asks before replacing the current game.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.setInputFiles('input[data-action="load"]', { name: 'classic-4p-faceup.json', mimeType: 'application/json', buffer: other });
    const otherLog = JSON.parse(other.toString('utf8'));
    // Its notebook has a column for the face-up cards ("table"), which the six-player game had not.
    await page.waitForSelector('td[data-owner="table"]');
    await settled(page, otherLog.events.length);
    const shown = await notebook(page);
    const expected = { cards: cardsOf(otherLog) };
    for (const [card, row] of Object.entries(expected.cards)) {
      for (const [owner, p] of Object.entries(row)) expect(Math.abs(shown[card][owner] - p), `${card} / ${owner}`).toBeLessThanOrEqual(1e-9);
    }
  }, 60_000);

  it('on the board: ranks the rooms from the pawn, the passage taking one turn, and marks the rooms a roll reaches', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await setUp(page, { ...EXAMPLE, events: [] }, { board: true });
    for (let i = 0; i < 4; i++) {
      await enter(page, EXAMPLE.events[i]);
      await settled(page, i + 1);
    }
    await page.waitForSelector('#app[data-suggest-state="ready"] [data-view="suggestions"] li');
    // The log put the pawn in the Conservatory (P0 suggested there at event 1); then, without the drawing, the Study.
    await page.waitForSelector('[data-view="rooms"][data-pawn="conservatory"]');
    expect(await page.textContent('[data-role="pawn-status"]')).toContain('where you suggested (event 1)');
    await page.click('details.fallback summary');
    await page.selectOption('select[name="pawn-room"]', 'study');
    const study = '[data-view="rooms"][data-pawn="study"][data-roll=""]';
    await page.waitForSelector(`${study} tr[data-room="kitchen"]`);
    expect(await page.getAttribute(`${study} tr[data-room="kitchen"]`, 'data-turns')).toBe('1');
    expect(await page.textContent(`${study} tr[data-room="kitchen"] td.turns`)).toBe('1 (passage)');
    expect(await page.textContent(`${study} tr[data-room="study"] td.turns`)).toBe('here: leave and come back');
    // Rooms by bits per turn, best first, the pawn's own room last.
    const rates = await page.$$eval(`${study} tr[data-room]`, (trs) => trs.map((tr) => [tr.getAttribute('data-room'), Number(tr.getAttribute('data-bits-per-turn'))] as const));
    expect(rates[rates.length - 1][0]).toBe('study');
    const others = rates.slice(0, -1).map(([, r]) => r);
    expect(others).toEqual([...others].sort((a, b) => b - a));
    // Each room's best suggestion is the first of the whole ranking naming it.
    const ranking = await page.$$eval('[data-view="suggestions"] li', (lis) => lis.map((li) => [li.getAttribute('data-cards')!, Number(li.getAttribute('data-bits'))] as const));
    const bests = await page.$$eval(`${study} tr[data-room]`, (trs) => trs.map((tr) => tr.getAttribute('data-cards')!));
    for (const best of bests) {
      const room = best.split('|')[2];
      const firstNaming = ranking.find(([cards]) => cards.split('|')[2] === room);
      if (firstNaming) expect(best).toBe(firstNaming[0]);
      else expect(ranking.some(([cards]) => cards === best)).toBe(false);
    }
    await page.fill('input[name="roll"]', '8');
    const rolled = '[data-view="rooms"][data-pawn="study"][data-roll="8"]';
    await page.waitForSelector(`${rolled} tr[data-in-reach]`);
    const marked = async (sel: string) => (await page.$$eval(`${sel} tr[data-in-reach="true"]`, (trs) => trs.map((tr) => tr.getAttribute('data-room')!))).sort();
    expect(await marked(rolled)).toEqual([...reachable('study', 8).rooms, passageFrom('study')!].sort());
    // The best room in reach comes first, and the line says where to go and what to suggest.
    const first = await page.getAttribute(`${rolled} tbody tr:first-child`, 'data-room');
    expect(await page.getAttribute(`${rolled} tbody tr:first-child`, 'data-in-reach')).toBe('true');
    expect(await page.textContent('[data-role="with-roll"]')).toMatch(/^With this roll: (go to|take the secret passage to) the .+ and suggest .+, .+, .+\.$/);
    await page.locator('section.suggestions').screenshot({ path: join(SHOTS, 'board-rooms-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('section.suggestions').screenshot({ path: join(SHOTS, 'board-rooms-390.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(first).not.toBeNull();
    // A corridor cell: a wall is refused with the reason; Scarlet's start with a roll of 12 marks what reachable() gives.
    await page.selectOption('select[name="pawn-room"]', '');
    await page.fill('input[name="pawn-cell"]', '2,2');
    await page.press('input[name="pawn-cell"]', 'Tab');
    await page.waitForSelector('[data-role="pawn-error"]');
    expect(await page.textContent('[data-role="pawn-error"]')).toContain('inside the conservatory');
    await page.locator('[data-role="pawn"]').screenshot({ path: join(SHOTS, 'board-pawn-error-1280.png') });
    await page.fill('input[name="pawn-cell"]', '16,24');
    await page.press('input[name="pawn-cell"]', 'Tab');
    await page.fill('input[name="roll"]', '12');
    const scarlet = `[data-view="rooms"][data-pawn="${24 * 24 + 16}"][data-roll="12"]`;
    await page.waitForSelector(`${scarlet} tr[data-in-reach]`);
    expect(await marked(scarlet)).toEqual([...reachable({ x: 16, y: 24 }, 12).rooms].sort());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('section.suggestions').screenshot({ path: join(SHOTS, 'board-corridor-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Kept with the game in localStorage, not in the log.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cluedo-advisor')!));
    expect(saved.pawn).toEqual({ room: '', cell: '16,24', roll: '12', at: 4, summoned: false });
    expect(Object.keys(saved.log)).not.toContain('pawn');
    expect(cardsOf(saved.log)).toEqual(cardsOf(logOf(4)));
  }, 120_000);
});
