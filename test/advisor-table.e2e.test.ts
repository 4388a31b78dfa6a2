// The advisor at a real table, in headless Chromium: any earlier turn edited or deleted (the
// notebook then the analyze() of the edited log, undo and redo across edits), an edit that leaves
// no deal refused with its conflicts and the entries most likely wrong (those findContradiction
// gives), several saved games (listed, downloadable, opened without losing the current one), and
// whether to accuse (the numbers accusationAdvice gives). Every wait is for a DOM condition.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { analyze } from '../src/analysis/analyze.js';
import { analysisJson } from '../src/analysis/json.js';
import { findContradiction } from '../src/analysis/explain.js';
import { accusationAdvice } from '../src/analysis/accuse-advice.js';
import { parseGame, type GameLog, type GameLogEvent } from '../src/io/log.js';
import { enter, fill, findChromium, notebook, openSaved, otherShowers, settled, setUp, startAdvisor, type Advisor, type ExampleLog, type LogEvent } from './support/advisor-driver.js';

const CHROMIUM = findChromium();
const read = (name: string) => JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')) as GameLog & ExampleLog;
const LATE = read('classic-6p-late');
const MID = read('classic-5p-mid');
const SHOTS = join(tmpdir(), 'cluedo-web-shots');
const TURNS = 12;
const START: GameLog = { ...LATE, events: LATE.events!.slice(0, TURNS) };

/** The notebook analyze() gives a log, named as the page names it. */
const cardsOf = (log: GameLog) => {
  const game = parseGame(log);
  return analysisJson(game, analyze(game)).cards;
};

async function expectNotebookOf(page: Page, log: GameLog): Promise<void> {
  const shown = await notebook(page);
  const expected = cardsOf(log);
  expect(Object.keys(shown).sort()).toEqual(Object.keys(expected).sort());
  for (const [card, row] of Object.entries(expected)) for (const [owner, p] of Object.entries(row)) expect(Math.abs(shown[card][owner] - p), `${card} / ${owner}`).toBeLessThanOrEqual(1e-9);
}

const possible = (log: GameLog) => findContradiction(parseGame(log)) === null;

const replaced = (log: GameLog, i: number, event: LogEvent): GameLog => ({ ...log, events: log.events!.map((e, k) => (k === i ? (event as GameLogEvent) : e)) });

if (!CHROMIUM) console.warn('advisor-table.e2e: SKIPPED, no Chromium found');

describe.skipIf(!CHROMIUM)('the advisor at a real table', () => {
  let advisor: Advisor;
  let page: Page;

  const storedLog = () => page.evaluate(() => JSON.parse(localStorage.getItem('cluedo-advisor')!).log as GameLog);
  /** Until the page shows `events` events and no edit is open: a change was applied (or undone). */
  const applied = async (events: number) => page.waitForSelector(`#app[data-state="ready"][data-events="${events}"]:not([data-editing])`);

  /** Opens the list of events (a <details>) unless it is open. */
  const openEvents = async () => {
    if (!(await page.$eval('details.events-panel', (d) => (d as HTMLDetailsElement).open))) await page.click('details.events-panel summary');
  };

  beforeAll(async () => {
    advisor = await startAdvisor(CHROMIUM!, { width: 1280, height: 900 }, { acceptDialogs: true });
    page = advisor.page;
    await openSaved(page, START);
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(() => advisor?.close());

  it('edits the first turn: the notebook is the edited log\'s; undo and redo go across the edit', async () => {
    const edit = otherShowers(START, 0).find((alt) => possible(replaced(START, 0, alt)));
    expect(edit, 'some other shower of turn 1 must keep a deal').toBeDefined();
    const edited = replaced(START, 0, edit!);
    await openEvents();
    await page.click('button[aria-label="Edit event 1"]');
    await page.waitForSelector('#app[data-editing="1"]');
    expect(await page.textContent('#entry-h')).toBe('Edit event 1');
    // The form starts from the event as entered.
    expect(await page.inputValue('input[name="card-0"]')).toBe((START.events![0] as unknown as LogEvent).cards[0]);
    await fill(page, edit!);
    await page.screenshot({ path: join(SHOTS, 'edit-1280.png') });
    await page.click('button[data-action="save-edit"]');
    await applied(TURNS);
    await expectNotebookOf(page, edited);
    expect((await storedLog()).events![0]).toMatchObject({ shownBy: edit!.shownBy });
    await page.click('button[data-action="undo"]');
    await applied(TURNS);
    await expectNotebookOf(page, START);
    await page.click('button[data-action="redo"]');
    await applied(TURNS);
    await expectNotebookOf(page, edited);
    await page.click('button[data-action="undo"]');
    await applied(TURNS);
  }, 120_000);

  it('refuses an edit that leaves no deal, naming the conflicts and the entries most likely wrong; nothing is lost', async () => {
    let target: { i: number; edit: LogEvent } | null = null;
    for (let i = 1; i < TURNS && target === null; i++) {
      const edit = otherShowers(START, i).find((alt) => !possible(replaced(START, i, alt)));
      if (edit) target = { i, edit };
    }
    expect(target, 'some edit of an earlier turn must leave no deal').not.toBeNull();
    const { i, edit } = target!;
    const contradiction = findContradiction(parseGame(replaced(START, i, edit)))!;
    await openEvents();
    await page.click(`button[aria-label="Edit event ${i + 1}"]`);
    await page.waitForSelector(`#app[data-editing="${i + 1}"]`);
    await fill(page, edit);
    await page.click('button[data-action="save-edit"]');
    await page.waitForSelector('#app[data-state="refused"] [data-view="refusal"]');
    await page.screenshot({ path: join(SHOTS, 'edit-refused-1280.png') });
    expect(await page.textContent('[data-role="message"]')).toBe(`Refused: ${contradiction.text}`);
    const conflicts = await page.$$eval('[data-role="conflicts"] li', (lis) => lis.map((li) => Number(li.getAttribute('data-event'))));
    expect(conflicts).toEqual(contradiction.conflicts.map((e) => e.event));
    const sets = await page.$$eval('[data-role="corrections"] li', (lis) => lis.map((li) => li.getAttribute('data-events')));
    expect(sets).toEqual(contradiction.corrections.sets.map((s) => s.map((e) => e.event).join(',')));
    expect(sets.length).toBeGreaterThan(0);
    // Nothing is lost: the stored log, the notebook and the form's values.
    expect((await storedLog()).events).toEqual(START.events);
    await expectNotebookOf(page, START);
    expect(await page.getAttribute('#app', 'data-editing')).toBe(String(i + 1));
    // A likely mistake is one tap from its own edit.
    const other = contradiction.corrections.sets.flat().find((e) => e.event !== i + 1);
    if (other) {
      await page.click(`[data-role="corrections"] button[data-event="${other.event}"]`);
      await page.waitForSelector(`#app[data-editing="${other.event}"]`);
    }
    await page.click('button[data-action="cancel-edit"]');
    await applied(TURNS);
  }, 120_000);

  it('deletes an earlier turn, and undo brings it back', async () => {
    const without = { ...START, events: START.events!.filter((_, k) => k !== 4) };
    await openEvents();
    await page.click('button[aria-label="Delete event 5"]');
    await applied(TURNS - 1);
    await expectNotebookOf(page, without);
    expect((await storedLog()).events).toEqual(without.events);
    await page.click('button[data-action="undo"]');
    await applied(TURNS);
    await expectNotebookOf(page, START);
  }, 120_000);

  it('keeps several games: listed with date, players and turns, downloadable, opened without losing the current one', async () => {
    await page.click('button[data-action="new"]');
    await page.waitForSelector('#app[data-state="setup"]');
    const other: ExampleLog = { players: ['Ann', 'Bob', 'Cat', 'Dan'], me: 'Ann', myHand: ['Knife', 'Hall', 'Mr. Green', 'Study', 'Rope'], events: [] };
    // The setup starts from the last game's; its hand is cleared first.
    for (const box of await page.$$('input[name="hand"]:checked')) await box.uncheck();
    await setUp(page, other);
    await page.click('button[data-action="games"]');
    await page.waitForSelector('[data-view="games"]');
    const rows = await page.$$eval('[data-view="games"] li', (lis) => lis.map((li) => ({ current: li.getAttribute('data-current'), turns: li.getAttribute('data-turns'), text: li.textContent! })));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ current: 'true', turns: '0' });
    expect(rows[0].text).toContain('Ann, Bob, Cat, Dan · 0 turns');
    expect(rows[1]).toMatchObject({ current: 'false', turns: String(TURNS) });
    expect(rows[1].text).toContain(`${START.players.join(', ')} · ${TURNS} turns`);
    // Its download is its log.
    const href = await page.getAttribute('[data-view="games"] li[data-current="false"] a[data-action="download-game"]', 'href');
    const downloaded = JSON.parse(decodeURIComponent(href!.slice(href!.indexOf(',') + 1))) as GameLog;
    expect(downloaded.events).toEqual(START.events);
    expect(await page.getAttribute('[data-view="games"] li[data-current="false"] a[data-action="download-game"]', 'download')).toMatch(/^cluedo-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'saved-games-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Opening it asks (accepted here), and the game left stays in the list.
    await page.click('[data-view="games"] li[data-current="false"] button[data-action="open-game"]');
    await applied(TURNS);
    await expectNotebookOf(page, START);
    await page.click('button[data-action="games"]');
    await page.waitForSelector('[data-view="games"] li[data-current="true"][data-turns="12"]');
    expect(await page.$$('[data-view="games"] li')).toHaveLength(2);
    await page.click('[data-view="games"] li[data-current="false"] button[data-action="forget-game"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-view="games"] li').length === 1);
    await page.click('button[data-action="games"]');
  }, 120_000);

  it('says whether to accuse now, with the numbers accusationAdvice gives', async () => {
    await page.evaluate((log) => localStorage.setItem('cluedo-advisor', JSON.stringify({ log, undo: [], redo: [], board: false })), MID);
    await page.reload();
    await settled(page, MID.events!.length);
    await page.waitForSelector('[data-view="accuse-advice"][data-state="ready"]');
    const advice = accusationAdvice(MID, { seed: 1 });
    const shown = await page.$eval('[data-view="accuse-advice"]', (el) => ({ accuse: el.getAttribute('data-accuse'), p: Number(el.getAttribute('data-probability')), threat: Number(el.getAttribute('data-threat')), text: el.textContent! }));
    expect(shown.accuse).toBe(String(advice.accuse));
    expect(Math.abs(shown.p - advice.probability)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(shown.threat - advice.threat)).toBeLessThanOrEqual(1e-9);
    expect(shown.text).toContain(`${(100 * advice.probability).toFixed(1)}%`);
    // Out after a wrong accusation, the player is advised no more.
    const wrong = { type: 'accusation', by: MID.me!, cards: advice.solution.map((c) => parseGame(MID).deck.cards[c]), correct: false } as const;
    expect(possible({ ...MID, events: [...MID.events!, wrong as GameLogEvent] })).toBe(true);
    await enter(page, { ...wrong, cards: [...wrong.cards] });
    await applied(MID.events!.length + 1);
    expect(await page.$('[data-view="accuse-advice"]')).toBeNull();
  }, 120_000);

  it('starts a game on a deck typed in the setup, each mistake in the deck named by its line', async () => {
    await page.click('button[data-action="new"]');
    await page.waitForSelector('#app[data-state="setup"]');
    await page.check('input[name="deck-kind"][value="typed"]');
    await page.fill('textarea[name="deck"]', 'suspects: Ada, Bo, Cy\nweapons axe, rope');
    expect(await page.textContent('[data-role="setup-problems"]')).toContain('Deck: deck line 2 ("weapons axe, rope") has no ":"');
    expect(await page.isDisabled('button[data-action="start"]')).toBe(true);
    await page.fill('textarea[name="deck"]', 'suspects: Ada, Bo, Cy\nweapons: axe, rope, bat\nrooms: hall, den, attic');
    await page.fill('input[name="players"]', 'Ann, Bob, Cat');
    await page.selectOption('select[name="me"]', 'Ann');
    for (const box of await page.$$('input[name="hand"]:checked')) await box.uncheck();
    for (const box of await page.$$('input[name="faceup"]:checked')) await box.uncheck();
    await page.click('button:has-text("Even")');
    for (const card of ['Ada', 'axe']) await page.check(`input[name="hand"][value="${card}"]`);
    await page.check('input[name="board"][value="no"]');
    await page.click('button[data-action="start"]');
    await applied(0);
    const log = await storedLog();
    expect(log.deck).toEqual({ suspects: ['Ada', 'Bo', 'Cy'], weapons: ['axe', 'rope', 'bat'], rooms: ['hall', 'den', 'attic'] });
    expect(log).toMatchObject({ players: ['Ann', 'Bob', 'Cat'], me: 'Ann', myHand: ['Ada', 'axe'], handSizes: [2, 2, 2] });
    await expectNotebookOf(page, log);
  }, 120_000);
});
