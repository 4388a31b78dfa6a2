// The advisor's game from setup to its end, in headless Chromium: the seat chosen in the setup
// follows its player as names are typed, and a setup without one cannot start; the roll lasts one
// turn; a log loaded from a file is a card game, a saved game opens in its mode, and the game page
// switches the mode; a new game keeps the table (players, seat, deck, mode) and not the hand; an
// opponent out after a wrong accusation is shown out and left out of the threat (as the rules and
// the library say); a won game says who won and takes no more turns. Every wait is for a DOM
// condition the app sets, never a delay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { analyze } from '../src/analysis/analyze.js';
import { opponentsInThisThread } from '../src/analysis/opponents.js';
import { parseGame, type GameLog } from '../src/io/log.js';
import { deckToText } from '../src/io/deck-text.js';
import { gameToLog } from '../src/io/write-log.js';
import { eliminatedSeats } from '../src/model/rules.js';
import { enter, findChromium, openSaved, settled, startAdvisor, type Advisor, type LogEvent } from './support/advisor-driver.js';

const CHROMIUM = findChromium();
const file = (name: string) => readFileSync(new URL(`../examples/${name}.json`, import.meta.url));
const example = (name: string) => JSON.parse(file(name).toString('utf8')) as GameLog;
const SHOTS = join(tmpdir(), 'cluedo-web-shots');
const NAMES = ['Zoe', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'];
const ZOES_HAND = ['Miss Scarlet', 'Knife', 'Hall'];
/** Zoe's game at the table of six, before the first turn. */
const ZOES_GAME: GameLog = { players: NAMES, me: 'Zoe', myHand: ZOES_HAND, events: [] };

if (!CHROMIUM) console.warn('advisor-flow.e2e: SKIPPED, no Chromium found');

describe.skipIf(!CHROMIUM)('the advisor from the setup to the end of a game', () => {
  let advisor: Advisor;
  let page: Page;

  const problems = async () => ((await page.$('[data-role="setup-problems"]')) ? await page.$$eval('[data-role="setup-problems"] li', (lis) => lis.map((li) => li.textContent!)) : []);
  /** The label of the option "I am" shows. */
  const iAm = () => page.$eval('select[name="me"]', (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
  const count = (selector: string) => page.locator(selector).count();
  const startable = async () => !(await page.isDisabled('button[data-action="start"]'));
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('cluedo-advisor')!) as { log: GameLog; board: boolean });
  const savedGames = () => page.evaluate(() => JSON.parse(localStorage.getItem('cluedo-advisor-games') ?? '[]') as { id: string; log: GameLog; board: boolean }[]);
  /** Each row of Saved games: whether it is the current game, and its words. */
  async function listed(): Promise<{ current: string | null; text: string }[]> {
    await page.click('button[data-action="games"]');
    await page.waitForSelector('[data-view="games"]');
    const rows = await page.$$eval('[data-view="games"] li', (lis) => lis.map((li) => ({ current: li.getAttribute('data-current'), text: li.textContent! })));
    await page.click('button[data-action="games"]');
    return rows;
  }
  async function shoot(name: string): Promise<void> {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  /** Opens `log` as the game kept in the browser (no other game kept), on the board or not. */
  const resume = (log: GameLog, board: boolean) => openSaved(page, log, { board });
  async function loadLog(name: string, events: number): Promise<void> {
    await page.setInputFiles('input[data-action="load"]', { name: `${name}.json`, mimeType: 'application/json', buffer: file(name) });
    await settled(page, events);
  }

  beforeAll(async () => {
    advisor = await startAdvisor(CHROMIUM!, { width: 1280, height: 900 }, { acceptDialogs: true });
    page = advisor.page; // a browser of its own: its storage starts empty
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(() => advisor?.close());

  it('"I am" never changes by itself: typed names keep the seat chosen; no seat chosen, or its player removed, is a problem', async () => {
    await page.waitForSelector('#app[data-state="setup"]');
    const noSeat = 'I am: choose your seat, or "nobody (I watch)".';
    // Nothing chosen yet: said, and the game cannot start.
    expect(await problems()).toContain(noSeat);
    expect(await startable()).toBe(false);
    await page.fill('input[name="players"]', NAMES.join(', '));
    expect(await iAm()).toBe('choose your seat');
    expect(await problems()).toContain(noSeat);
    expect(await startable()).toBe(false);
    await shoot('setup-names-no-seat');
    await page.selectOption('select[name="me"]', 'Zoe');
    expect(await iAm()).toBe('Zoe');
    expect(await problems()).toEqual(['My hand: 0 of 3 cards chosen.']);
    for (const card of ZOES_HAND) await page.check(`input[name="hand"][value="${card}"]`);
    expect(await problems()).toEqual([]);
    await shoot('setup-names-seat-chosen');
    // Renamed in place, letter by letter: the same seat.
    await page.click('input[name="players"]');
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Delete');
    expect(await iAm()).toBe('choose your seat');
    await page.keyboard.type('Zed');
    expect(await iAm()).toBe('Zed');
    // A player added before it, one removed after it: the same player.
    await page.fill('input[name="players"]', 'Al, Zed, Bob, Cat, Dan, Eve, Fay');
    expect(await iAm()).toBe('Zed');
    await page.fill('input[name="players"]', 'Al, Zed, Cat, Dan, Eve, Fay');
    expect(await iAm()).toBe('Zed');
    expect(await problems()).toEqual([]);
    // Its player removed: no seat, said, and the game cannot start.
    await page.fill('input[name="players"]', 'Al, Cat, Dan, Eve, Fay');
    expect(await problems()).toContain(noSeat);
    expect(await startable()).toBe(false);
    // Watching is chosen explicitly, and kept through a rename.
    await page.selectOption('select[name="me"]', 'nobody');
    await page.fill('input[name="players"]', 'Al, Cy, Dan, Eve, Fay');
    expect(await iAm()).toMatch(/^nobody/);
    expect(await problems()).toEqual([]);
    // Back to the six players, Zoe's seat, a game on the board.
    await page.fill('input[name="players"]', NAMES.join(', '));
    await page.selectOption('select[name="me"]', 'Zoe');
    for (const card of ZOES_HAND) await page.check(`input[name="hand"][value="${card}"]`);
    await page.check('input[name="board"][value="yes"]');
    await page.click('button[data-action="start"]');
    await settled(page, 0);
    expect((await stored()).log).toMatchObject({ players: NAMES, me: 'Zoe', myHand: ZOES_HAND });
  }, 120_000);

  it('the roll is for one turn: entering the next event clears it', async () => {
    await resume(ZOES_GAME, true);
    await page.click('details.fallback summary');
    await page.selectOption('select[name="pawn-room"]', 'study');
    await page.fill('input[name="roll"]', '8');
    await page.waitForSelector('#app[data-suggest-state="ready"] [data-view="rooms"][data-pawn="study"][data-roll="8"]');
    await page.waitForSelector('p[data-role="with-roll"]');
    await enter(page, { type: 'suggestion', by: 'Zoe', cards: ['Colonel Mustard', 'Rope', 'Lounge'], shownBy: 'Bob', shown: 'Rope' });
    await settled(page, 1);
    await page.waitForSelector('#app[data-suggest-state="ready"] [data-view="rooms"]');
    expect(await page.inputValue('input[name="roll"]')).toBe('');
    expect(await page.getAttribute('[data-view="rooms"]', 'data-roll')).toBe('');
    expect(await count('[data-role="with-roll"]')).toBe(0);
    expect((await stored()).board).toBe(true);
  }, 120_000);

  it('a log loaded from a file is a card game; a saved game opens in its mode; the game page switches the mode, kept with the game', async () => {
    await resume(ZOES_GAME, true);
    await page.waitForSelector('[data-role="pawn"]');
    await loadLog('classic-6p-late', 24);
    expect(await count('[data-role="pawn"]')).toBe(0);
    expect(await page.isChecked('input[name="board"][value="no"]')).toBe(true);
    expect((await stored()).board).toBe(false);
    // Switched to the board on the game page: the board appears, and the game is kept so.
    await page.check('input[name="board"][value="yes"]');
    await page.waitForSelector('[data-role="pawn"]');
    expect((await stored()).board).toBe(true);
    expect((await listed()).find((r) => r.current === 'true')!.text).toContain('· board');
    await page.check('input[name="board"][value="no"]');
    await page.waitForFunction(() => document.querySelector('[data-role="pawn"]') === null);
    expect((await savedGames()).find((g) => g.log.players.includes('P0'))!.board).toBe(false);
    // Zoe's game, saved on the board, opens on the board.
    await page.click('button[data-action="games"]');
    await page.click('[data-view="games"] li[data-current="false"] button[data-action="open-game"]');
    await settled(page, 0);
    await page.waitForSelector('[data-role="pawn"]');
    expect(await page.isChecked('input[name="board"][value="yes"]')).toBe(true);
  }, 120_000);

  it('a new game keeps the table (players, seat, deck and its kind, mode) with an empty hand and no face-up cards', async () => {
    // As the page keeps a game it started: the log the engine writes, its deck included.
    await resume(gameToLog(parseGame({ ...ZOES_GAME, faceUp: ['Rope'], handSizes: [3, 3, 3, 3, 3, 2] })), true);
    await page.click('button[data-action="new"]');
    await page.waitForSelector('#app[data-state="setup"]');
    expect(await page.inputValue('input[name="players"]')).toBe(NAMES.join(', '));
    expect(await iAm()).toBe('Zoe');
    expect(await page.isChecked('input[name="deck-kind"][value="classic"]')).toBe(true);
    expect(await count('[data-role="deck-from-log"]')).toBe(0);
    expect(await page.$$('input[name="hand"]:checked')).toHaveLength(0);
    expect(await page.$$('input[name="faceup"]:checked')).toHaveLength(0);
    expect(await page.isChecked('input[name="board"][value="yes"]')).toBe(true);
    expect(await problems()).toEqual(['My hand: 0 of 3 cards chosen.']);
    expect(await startable()).toBe(false);
    // After a game on a deck of its own: that deck, typed, is selected.
    const custom = example('custom-deck-3p');
    await page.setInputFiles('form.setup input[type="file"] >> nth=-1', { name: 'custom-deck-3p.json', mimeType: 'application/json', buffer: file('custom-deck-3p') });
    await settled(page, custom.events!.length);
    await page.click('button[data-action="new"]');
    await page.waitForSelector('#app[data-state="setup"]');
    expect(await page.isChecked('input[name="deck-kind"][value="typed"]')).toBe(true);
    expect(await page.inputValue('textarea[name="deck"]')).toBe(deckToText(custom.deck!));
    expect(await count('[data-role="deck-from-log"]')).toBe(0);
    expect(await page.inputValue('input[name="players"]')).toBe(custom.players.join(', '));
    expect(await iAm()).toBe(custom.me);
    expect(await page.$$('input[name="hand"]:checked')).toHaveLength(0);
    // A log from a file was a card game.
    expect(await page.isChecked('input[name="board"][value="no"]')).toBe(true);
  }, 120_000);

  it('an opponent out after a wrong accusation is shown out and left out of the threat', async () => {
    const mid = example('classic-5p-mid');
    await resume(mid, false);
    const wrong: LogEvent = { type: 'accusation', by: 'P1', cards: ['Mrs. Peacock', 'Knife', 'Ballroom'], correct: false };
    await enter(page, wrong);
    await settled(page, mid.events!.length + 1);
    await page.waitForSelector('#app[data-opponents-state="ready"] [data-view="accuse-advice"][data-state="ready"]');
    const game = parseGame({ ...mid, events: [...mid.events!, wrong] });
    const out = eliminatedSeats(game.events, game.players.length);
    expect(out).toEqual([false, true, false, false, false]);
    const rows = await page.$$eval('[data-view="opponents"] tr[data-seat]', (trs) => trs.map((tr) => ({ seat: tr.getAttribute('data-seat'), out: tr.getAttribute('data-out'), warn: tr.classList.contains('warn'), accuse: tr.querySelector('td')!.textContent! })));
    expect(rows.map((r) => [r.seat, r.out])).toEqual(game.players.slice(1).map((p, k) => [p, String(out[k + 1])]));
    const p1 = rows.find((r) => r.seat === 'P1')!;
    expect(p1.accuse).toMatch(/^out/);
    expect(p1.warn).toBe(false);
    // The threat is that of the seats still in, from what opponents() says they know.
    const seen = opponentsInThisThread(game, { seed: 1, nextTurn: true })!;
    const stillIn = seen.seats.filter((s) => !out[s.seat]).map((s) => Math.max(s.canAccuse, s.canAccuseNextTurn ?? 0));
    const threat = Number(await page.getAttribute('[data-view="accuse-advice"]', 'data-threat'));
    expect(Math.abs(threat - (1 - stillIn.reduce((p, q) => p * (1 - q), 1)))).toBeLessThanOrEqual(1e-9);
  }, 120_000);

  it('a won game says who won and with what, takes no more turns, and is marked won in Saved games; undoing the win brings the form back', async () => {
    const late = example('classic-6p-late');
    await resume(late, false);
    const game = parseGame(late);
    const solution = analyze(game).solutions[0].cards.map((c) => game.deck.cards[c]);
    await enter(page, { type: 'accusation', by: 'P2', cards: solution, correct: true });
    await settled(page, 25);
    await page.waitForSelector('[data-view="game-over"][data-winner="P2"]');
    const over = (await page.textContent('[data-view="game-over"]'))!;
    expect(over).toContain('P2 won');
    for (const card of solution) expect(over).toContain(card);
    // Nothing invites another move.
    expect(await count('form[data-form="entry"]')).toBe(0);
    expect(await count('[data-view="accuse-advice"]')).toBe(0);
    expect(await count('[data-view="accuse"]')).toBe(0);
    expect(await count('[data-view="suggestions"]')).toBe(0);
    expect(await count('[data-view="opponents"]')).toBe(0);
    // Editing, deleting, undo and download stay.
    expect(await page.isDisabled('button[data-action="undo"]')).toBe(false);
    expect(await count('a[data-action="download"]')).toBe(1);
    expect(await page.$$('button[data-action="edit-event"]')).toHaveLength(25);
    expect(await page.$$('button[data-action="delete-event"]')).toHaveLength(25);
    expect((await listed()).find((r) => r.current === 'true')!.text).toContain('won by P2');
    await shoot('won-6p');
    // Undo takes the win back: the form returns; redo ends the game again.
    await page.click('button[data-action="undo"]');
    await settled(page, 24);
    await page.waitForSelector('form[data-form="entry"] button[data-action="add"]');
    expect(await count('[data-view="game-over"]')).toBe(0);
    await page.click('button[data-action="redo"]');
    await settled(page, 25);
    await page.waitForSelector('[data-view="game-over"]');
    // An edit that makes the accusation wrong brings the form back.
    await page.click('details.events-panel summary');
    await page.click('button[aria-label="Edit event 25"]');
    await page.waitForSelector('#app[data-editing="25"]');
    await page.uncheck('input[name="correct"]');
    await page.click('button[data-action="save-edit"]');
    await page.waitForSelector('#app[data-state="ready"][data-events="25"]:not([data-editing])');
    await page.waitForSelector('form[data-form="entry"] button[data-action="add"]');
    expect(await count('[data-view="game-over"]')).toBe(0);
    expect((await listed()).find((r) => r.current === 'true')!.text).not.toContain('won by');
  }, 120_000);
});
