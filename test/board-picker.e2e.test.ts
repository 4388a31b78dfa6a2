// The board drawn in the advisor, in headless Chromium: a tap on a cell of the drawing places the
// pawn, and with a roll the rooms and cells in reach and the advice are those boardAdvice() gives
// in Node for the same position; another pawn on the one short way changes the reach as the model
// says; a suggestion naming my suspect summons my pawn, and staying is offered; on a phone a touch
// zooms before it places. Every wait is for a data attribute the page sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { suggest } from '../src/analysis/suggest.js';
import { parseGame } from '../src/io/log.js';
import * as analysisTasks from '../src/analysis/tasks.js';
import { ANALYSIS_TASKS } from '../src/analysis/tasks.js';
import { InProcessExecutor } from '../src/runtime/in-process.js';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { WIDTH, type Room } from '../src/game/board/classic.js';
import { reachable } from '../src/game/board/paths.js';
import { DEFAULT_BOARD_RULES, type Place } from '../src/game/board/movement.js';
import { boardAdvice, roomCards, type BoardSituation, type Ranked } from '../src/web/board-advice.js';
import { cellCentreOnScreen, roomCentre, type Box } from '../src/web/board-geometry.js';
import { serveStatic, type StaticServer } from '../src/cli/static-server.js';
import { enter, ensureSite, findChromium, launch, settled, setUp, type ExampleLog, type LogEvent } from './support/advisor-driver.js';

const CHROMIUM = findChromium();
const EXAMPLE = JSON.parse(readFileSync(new URL('../examples/classic-6p-late.json', import.meta.url), 'utf8')) as ExampleLog;
const FIRST = 4;
const SHOTS = process.env.CLUEDO_SHOTS ?? join(tmpdir(), 'cluedo-web-shots');
const CARDS = roomCards(CLASSIC_CATEGORIES, EXAMPLE.players.length) as string[];
const at = (x: number, y: number) => y * WIDTH + x;
const SCARLET_START = at(16, 24);
/** The cell on the one short way from Scarlet's start to the hall's doors (11,17) and (12,17). */
const BLOCKER = at(13, 17);
/** P1 names Miss Scarlet (my suspect: P0 plays her by default) in the Hall: a summons. */
const SUMMONS: LogEvent = { type: 'suggestion', by: 'P1', cards: ['Miss Scarlet', 'Rope', 'Hall'], shownBy: 'P2' };

/** The whole ranking suggest() gives in Node for the log (seed 1, as the page asks its workers). */
async function rankingOf(events: LogEvent[]): Promise<Ranked[]> {
  const game = parseGame({ ...EXAMPLE, events });
  const result = await suggest(game, { seed: 1, executor: new InProcessExecutor({ [ANALYSIS_TASKS]: analysisTasks }, 2) });
  return result.suggestions.map((s) => ({ cards: s.cards.map((c) => game.deck.cards[c]), expectedInformationBits: s.expectedInformationBits }));
}

/** The drawing's box on screen and the part of the board it shows. */
async function drawing(page: Page): Promise<{ rect: { left: number; top: number; width: number; height: number }; view: Box }> {
  const svg = page.locator('svg[data-view="board-picker"]');
  await svg.scrollIntoViewIfNeeded();
  const box = (await svg.boundingBox())!;
  const [x, y, w, h] = (await svg.getAttribute('data-view-box'))!.split(' ').map(Number);
  return { rect: { left: box.x, top: box.y, width: box.width, height: box.height }, view: { x, y, w, h } };
}

/** A point inside a room on screen: where its name is drawn. */
async function roomOnScreen(page: Page, room: Room): Promise<{ x: number; y: number }> {
  const { rect, view } = await drawing(page);
  const c = roomCentre(room);
  return { x: rect.left + ((c.x - view.x) / view.w) * rect.width, y: rect.top + ((c.y - view.y) / view.h) * rect.height };
}

async function clickCell(page: Page, cell: number): Promise<void> {
  const { rect, view } = await drawing(page);
  const p = cellCentreOnScreen(cell, rect, view);
  await page.mouse.click(p.x, p.y);
}

/** What the page shows for the position: the drawing's marks, the table, the line for the roll. */
/**
 * Expected bits to 12 significant digits: the page scores its own position, built event by event,
 * and may reach the exact scores another way than a fresh load in Node (listing the deals or
 * counting them), which agree to about 1e-15.
 */
const digits = (bits: string | null) => String(Number(Number(bits).toPrecision(12)));

async function shown(page: Page) {
  const v = await page.evaluate(() => {
    const attr = (sel: string, name: string) => Array.from(document.querySelectorAll(sel)).map((e) => e.getAttribute(name)!);
    return {
      drawnRooms: attr('svg [data-room][data-in-reach="true"]', 'data-room').sort(),
      drawnCells: attr('svg rect[data-reach="true"]', 'data-cell').map(Number).sort((a, b) => a - b),
      best: attr('svg [data-room][data-best="true"]', 'data-room'),
      rows: Array.from(document.querySelectorAll('[data-view="rooms"] tbody tr')).map((tr) => [tr.getAttribute('data-room'), tr.getAttribute('data-bits-per-turn'), tr.getAttribute('data-in-reach')]),
      withRoll: document.querySelector('p[data-role="with-roll"]') ? [document.querySelector('p[data-role="with-roll"]')!.getAttribute('data-room'), document.querySelector('p[data-role="with-roll"]')!.getAttribute('data-cards')] : null,
    };
  });
  return { ...v, rows: v.rows.map(([room, bits, inReach]) => [room, digits(bits), inReach]) };
}

/** The same, as boardAdvice() in Node has it. */
function expected(ranking: Ranked[], place: Place, roll: number, situation: BoardSituation = {}) {
  const a = boardAdvice(ranking, CARDS, place, roll, DEFAULT_BOARD_RULES, situation);
  return {
    drawnRooms: a.rooms.filter((r) => r.inReach).map((r) => r.room).sort(),
    drawnCells: [...a.reachCells!],
    best: a.withRoll ? [a.withRoll.room] : [],
    rows: a.rooms.map((r) => [r.room, digits(String(r.bitsPerTurn)), String(r.inReach)]),
    withRoll: a.withRoll ? [a.withRoll.room, a.withRoll.best!.cards.join('|')] : null,
  };
}

if (!CHROMIUM) console.warn('board-picker.e2e: SKIPPED, no Chromium found (install Debian\'s chromium package, or set $CHROMIUM to a Chromium binary)');

describe.skipIf(!CHROMIUM)('the board picker in headless Chromium', () => {
  let server: StaticServer;
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;
  let ranking: Ranked[];
  /** The ranking after the summons. */
  let after: Ranked[];

  beforeAll(async () => {
    server = await serveStatic(ensureSite(), 0);
    browser = await launch(CHROMIUM!);
    desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await desktop.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(server.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    mkdirSync(SHOTS, { recursive: true });
    ranking = await rankingOf(EXAMPLE.events.slice(0, FIRST));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('draws the board with my pawn where the log put it, and a click on a cell puts it there', async () => {
    await setUp(page, { ...EXAMPLE, events: [] }, { board: true });
    for (let i = 0; i < FIRST; i++) {
      await enter(page, EXAMPLE.events[i]);
      await settled(page, i + 1);
    }
    await page.waitForSelector('#app[data-suggest-state="ready"] [data-view="rooms"][data-pawn="conservatory"]');
    expect(await page.getAttribute('svg[data-view="board-picker"]', 'aria-label')).toMatch(/^The board: tap a corridor cell or a room/);
    expect(await page.$$eval('svg [data-room]', (gs) => gs.map((g) => g.getAttribute('aria-label')))).toEqual(CARDS);
    expect(await page.getAttribute('svg g[data-room="conservatory"]', 'data-chosen')).toBe('true');
    expect(await page.getAttribute('svg [data-pawn="scarlet"]', 'data-place')).toBe('conservatory');
    await clickCell(page, SCARLET_START);
    await page.waitForSelector(`svg rect[data-cell="${SCARLET_START}"][data-chosen="true"]`);
    await page.waitForSelector(`[data-view="rooms"][data-pawn="${SCARLET_START}"]`);
    expect(await page.getAttribute('svg [data-pawn="scarlet"]', 'data-place')).toBe(String(SCARLET_START));
    expect(await page.textContent('[data-role="pawn-status"]')).toBe('Your pawn is on 16, 24 (x from the left, y from the bottom).');
  }, 120_000);

  it('with a roll marks the rooms and cells in reach and advises as boardAdvice() does in Node', async () => {
    await page.fill('input[name="roll"]', '11');
    await page.waitForSelector(`[data-view="rooms"][data-pawn="${SCARLET_START}"][data-roll="11"]`);
    const page11 = await shown(page);
    expect(page11).toEqual(expected(ranking, SCARLET_START, 11));
    expect(page11.drawnRooms).toEqual(['dining room', 'hall', 'lounge']);
    expect(page11.drawnCells).toEqual(reachable({ x: 16, y: 24 }, 11).cells);
    expect(await page.textContent('p[data-role="with-roll"]')).toMatch(/^With this roll: go to the (Dining Room|Hall|Lounge) and suggest .+, .+, .+\.$/);
  }, 60_000);

  it('with another pawn on the one short way to the hall, the hall is out of reach, as the model says', async () => {
    await page.click('label:has(> input[name="placing"][value="mustard"])');
    // A pawn cannot go where mine stands: one line says so, and nothing moves.
    await clickCell(page, SCARLET_START);
    expect(await page.textContent('[data-role="pawn-error"]')).toBe('(16, 24) has your pawn on it: move that pawn first.');
    await clickCell(page, BLOCKER);
    await page.waitForSelector(`svg [data-pawn="mustard"][data-place="${BLOCKER}"]`);
    expect(await page.$('[data-role="pawn-error"]')).toBeNull();
    await page.waitForSelector('svg [data-room="hall"][data-in-reach="false"]');
    const occupied = new Set([BLOCKER]);
    expect(await shown(page)).toEqual(expected(ranking, SCARLET_START, 11, { occupied }));
    expect((await shown(page)).drawnRooms).toEqual([...reachable({ x: 16, y: 24 }, 11, { occupied }).rooms].sort());
    expect((await shown(page)).drawnRooms).toEqual(['dining room', 'lounge']);
    // Two more pawns, for the pictures: Mrs. White in the Ballroom, Mr. Green in a corridor.
    await page.click('label:has(> input[name="placing"][value="white"])');
    const ball = await roomOnScreen(page, 'ball room');
    await page.mouse.click(ball.x, ball.y);
    await page.waitForSelector('svg [data-pawn="white"][data-place="ball room"]');
    await page.click('label:has(> input[name="placing"][value="green"])');
    await clickCell(page, at(7, 12));
    await page.waitForSelector(`svg [data-pawn="green"][data-place="${at(7, 12)}"]`);
    await page.click('label:has(> input[name="placing"][value="me"])');
    await page.locator('[data-role="pawn"]').screenshot({ path: join(SHOTS, 'board-picker-1280.png') });
    await page.screenshot({ path: join(SHOTS, 'board-page-1280.png'), fullPage: true });
    // Kept with the game: the marks, and when they were made.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cluedo-advisor')!).pawn);
    expect(saved.others).toEqual({ mustard: { place: BLOCKER, at: FIRST }, white: { place: 'ball room', at: FIRST }, green: { place: at(7, 12), at: FIRST } });
  }, 60_000);

  it('places by keyboard: arrows over the corridor, Enter to put the pawn', async () => {
    await page.focus(`svg rect[data-cell="${SCARLET_START}"]`);
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((cell) => document.activeElement?.getAttribute('data-cell') === cell, String(at(16, 23)));
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[data-view="rooms"][data-pawn="${at(16, 23)}"]`);
    await page.focus('svg g[data-room="lounge"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-view="rooms"][data-pawn="lounge"]');
    await clickCell(page, SCARLET_START);
    await page.waitForSelector(`[data-view="rooms"][data-pawn="${SCARLET_START}"][data-roll="11"]`);
  }, 60_000);

  it('a suggestion naming my suspect summons my pawn: staying is offered and weighed at one turn', async () => {
    await enter(page, SUMMONS);
    await settled(page, FIRST + 1);
    // The roll was for the turn the entry ended; my next turn's roll is typed again.
    await page.waitForSelector('#app[data-suggest-state="ready"] [data-view="rooms"][data-pawn="hall"][data-summoned="true"][data-roll=""]');
    await page.fill('input[name="roll"]', '11');
    await page.waitForSelector('#app[data-suggest-state="ready"] [data-view="rooms"][data-pawn="hall"][data-summoned="true"][data-roll="11"]');
    expect(await page.textContent('[data-role="pawn-status"]')).toBe('Your pawn is in the Hall: P1’s suggestion (event 5) brought it there. You may suggest there without moving.');
    expect(await page.isChecked('input[name="summoned"]')).toBe(true);
    // P1 (Colonel Mustard) suggested in the Hall: his pawn is there now, off the corridor.
    expect(await page.getAttribute('svg [data-pawn="mustard"]', 'data-place')).toBe('hall');
    after = await rankingOf([...EXAMPLE.events.slice(0, FIRST), SUMMONS]);
    const occupied = new Set([at(7, 12)]);
    expect(await shown(page)).toEqual(expected(after, 'hall', 11, { occupied, summoned: true }));
    expect(await page.getAttribute('[data-view="rooms"] tr[data-room="hall"]', 'data-stay')).toBe('true');
    expect(await page.textContent('[data-view="rooms"] tr[data-room="hall"] td.turns')).toBe('1 (stay)');
    // Not summoned (as I say): my own room is no option.
    await page.uncheck('input[name="summoned"]');
    await page.waitForSelector('[data-view="rooms"][data-pawn="hall"][data-summoned="false"]');
    expect(await shown(page)).toEqual(expected(after, 'hall', 11, { occupied, summoned: false }));
    const rows = (await shown(page)).rows;
    expect(rows[rows.length - 1]).toEqual(['hall', '0', 'false']);
    await page.check('input[name="summoned"]');
    await page.waitForSelector('[data-view="rooms"][data-pawn="hall"][data-summoned="true"]');
  }, 120_000);

  it('on a phone: a touch on a cell zooms in to cells a finger can hit, the next touch places; a room is placed at once', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, storageState: await desktop.storageState() });
    const p = await phone.newPage();
    p.on('pageerror', (e) => console.error('page error:', e.message));
    await p.goto(server.url);
    await settled(p, FIRST + 1);
    await p.waitForSelector('#app[data-suggest-state="ready"] [data-view="rooms"][data-pawn="hall"]');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const whole = await drawing(p);
    expect(whole.rect.width / 24).toBeLessThan(28);
    const first = cellCentreOnScreen(SCARLET_START, whole.rect, whole.view);
    await p.touchscreen.tap(first.x, first.y);
    await p.waitForSelector('.board-picker[data-zoomed="true"]');
    expect(await p.getAttribute('[data-view="rooms"]', 'data-pawn')).toBe('hall'); // not placed yet
    const zoomed = await drawing(p);
    expect(zoomed.rect.width / zoomed.view.w).toBeGreaterThanOrEqual(28);
    await p.locator('.board-picker').screenshot({ path: join(SHOTS, 'board-picker-390-zoomed.png') });
    const second = cellCentreOnScreen(SCARLET_START, zoomed.rect, zoomed.view);
    await p.touchscreen.tap(second.x, second.y);
    await p.waitForSelector(`.board-picker[data-zoomed="false"] svg rect[data-cell="${SCARLET_START}"][data-chosen="true"]`);
    await p.waitForSelector(`[data-view="rooms"][data-pawn="${SCARLET_START}"][data-roll="11"]`);
    const occupied = new Set([at(7, 12)]);
    expect(await shown(p)).toEqual(expected(after, SCARLET_START, 11, { occupied }));
    await p.locator('[data-role="pawn"]').screenshot({ path: join(SHOTS, 'board-picker-390.png') });
    await p.locator('section.suggestions').screenshot({ path: join(SHOTS, 'board-suggestions-390.png') });
    await p.screenshot({ path: join(SHOTS, 'board-page-390.png'), fullPage: true });
    // A room is many cells wide: placed at the first touch.
    const lounge = await roomOnScreen(p, 'lounge');
    await p.touchscreen.tap(lounge.x, lounge.y);
    await p.waitForSelector('[data-view="rooms"][data-pawn="lounge"]');
    expect(await p.getAttribute('.board-picker', 'data-zoomed')).toBe('false');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
    console.log(`board-picker.e2e: screenshots in ${SHOTS}`);
  }, 120_000);
});
