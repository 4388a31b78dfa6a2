// The advisor's layout on a phone and a desktop, measured in headless Chromium (element boxes,
// scroll widths, the viewport; never a delay): the notebook of 3 to 6 players fits a 360 px screen
// with every column readable and its cells big enough to tap; an accepted turn says what it taught
// (the facts analyze() gives after it and not before) next to the Add button, as a status; the Why
// panel opens under the cell tapped and gives the focus back to it; every select and input of the
// entry form shows its whole text. Screenshots go to /tmp/shots-advisor-layout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { analyze } from '../src/analysis/analyze.js';
import { findContradiction } from '../src/analysis/explain.js';
import { parseGame, type GameLog, type GameLogEvent } from '../src/io/log.js';
import { ENVELOPE } from '../src/model/owners.js';
import { nameKey } from '../src/model/names.js';
import { fill, findChromium, openSaved, otherShowers, settled, startAdvisor, type Advisor, type ExampleLog, type LogEvent } from './support/advisor-driver.js';

const CHROMIUM = findChromium();
const SHOTS = join(tmpdir(), 'cluedo-web-shots');
const LATE = JSON.parse(readFileSync(new URL('../examples/classic-6p-late.json', import.meta.url), 'utf8')) as GameLog & ExampleLog;

const SHORT_NAMES = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'];
/** Long names, two of them alike to the end of what a narrow column shows. */
const LONG_NAMES = ["Professor Plum's friend Bartholomew", 'Alexandra', 'Alexander', 'Mrs. Peacock', 'Dr. Orchid the Botanist', 'Bo'];
/** The classic deck's shape (6, 6, 9) with long card names. */
const LONG_DECK: Record<string, string[]> = {
  suspects: ['Professor Plum the Younger', 'Colonel Mustard of the Guard', 'Mrs. White the Housekeeper', 'Reverend Green from the Vicarage', 'Mrs. Peacock in Blue Silk', 'Miss Scarlett the Actress'],
  weapons: ['Heavy Brass Candlestick', 'Antique Ceremonial Dagger', 'Length of Lead Pipe', 'Loaded Revolver with Silencer', 'Coil of Hemp Rope', 'Adjustable Monkey Wrench'],
  rooms: ['Conservatory with the Orchids', 'Grand Ballroom', 'Billiard Room by the Stairs', 'Oak-Panelled Library', 'Study of the Late Doctor Black', 'Great Hall with the Portraits', 'Lounge by the Fire', 'Dining Room for Twelve', 'Kitchen below Stairs'],
};

/** A game with no events yet: `names` at the table, the first of them me, holding the first card of each category, then the second…; the last `faceUp` cards face up. */
function newGame(names: string[], deck: Record<string, string[]> | null, faceUpCards = 0): GameLog {
  const shape = parseGame({ ...(deck && { deck }), players: names });
  const byRank = shape.deck.categories.flatMap((c) => c.cards.map((card, rank) => ({ card, rank }))).sort((a, b) => a.rank - b.rank).map((c) => c.card);
  const faceUp = byRank.slice(byRank.length - faceUpCards);
  const game = parseGame({ ...(deck && { deck }), players: names, faceUp });
  return { ...(deck && { deck }), players: names, me: names[0], myHand: byRank.slice(0, game.handSizes[0]), faceUp, events: [] };
}

if (!CHROMIUM) console.warn('advisor-layout.e2e: SKIPPED, no Chromium found');

describe.skipIf(!CHROMIUM)('the advisor on a phone and a desktop', () => {
  let advisor: Advisor;
  let page: Page;

  /** Opens `log` as the saved game (the guide put away), at the page's current size. */
  const open = (log: GameLog) => openSaved(page, log, { guideDismissed: true });

  /**
   * The news under the form says what event `index` of `after` taught, against analyze() of the log
   * before and after it: the placements certain after and not before, the cells ruled out (but for
   * the cards just placed), and those no longer certain; in a player's words.
   */
  async function expectNews(index: number, before: GameLog, after: GameLog, verb: 'added' | 'saved'): Promise<void> {
    const where = `event ${index + 1} ${verb}`;
    const [a, b] = [analyze(before), analyze(after)];
    const game = parseGame(after);
    const owner = (o: number) => (o === ENVELOPE ? 'envelope' : game.players[o]);
    const placement = (k: { card: number; owner: number }) => `${game.deck.cards[k.card]}@${owner(k.owner)}`;
    const newlyCertain = b.known.filter((k) => !a.known.some((x) => x.card === k.card && x.owner === k.owner));
    const noLonger = a.known.filter((k) => !b.known.some((x) => x.card === k.card && x.owner === k.owner));
    const placed = new Set(newlyCertain.map((k) => k.card));
    const ruledOut = b.owners.flatMap((o, k) => game.deck.cards.flatMap((card, c) => (a.possible[c][k] && !b.possible[c][k] && !placed.has(c) ? [`${card}@${owner(o)}`] : [])));
    const shown = await page.locator(`[data-role="entry-news"][data-event="${index + 1}"]`).evaluate((n) => ({
      text: n.textContent!,
      certain: Array.from(n.querySelectorAll('[data-role="certain"] [data-card]')).map((e) => `${e.getAttribute('data-card')}@${e.getAttribute('data-owner')}`),
      noLonger: Array.from(n.querySelectorAll('[data-role="no-longer"] [data-card]')).map((e) => `${e.getAttribute('data-card')}@${e.getAttribute('data-owner')}`),
      ruledOut: Array.from(n.querySelectorAll('[data-role="ruled-out"] [data-owner]')).flatMap((e) => (JSON.parse(e.getAttribute('data-cards')!) as string[]).map((c) => `${c}@${e.getAttribute('data-owner')}`)),
    }));
    expect(shown.text, where).toMatch(new RegExp(`^Event ${index + 1} ${verb}: `));
    expect(shown.certain.sort(), where).toEqual(newlyCertain.map(placement).sort());
    expect(shown.noLonger.sort(), where).toEqual(noLonger.map(placement).sort());
    expect(shown.ruledOut.sort(), where).toEqual(ruledOut.sort());
    if (newlyCertain.length + noLonger.length + ruledOut.length === 0) expect(shown.text, where).toContain('Nothing new is certain');
    // In words: who holds what, as a player says it.
    for (const k of newlyCertain) {
      const card = game.deck.cards[k.card];
      expect(shown.text, where).toContain(k.owner === ENVELOPE ? `${card} is in the envelope` : `${game.players[k.owner]} holds ${card}`);
    }
  }

  beforeAll(async () => {
    advisor = await startAdvisor(CHROMIUM!, { width: 360, height: 780 });
    page = advisor.page;
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(() => advisor?.close());

  it('fits the notebook of 3 to 6 players to 360 and 390 px screens: every column in its box, named in full, every ✓ and ✗ a 44 px target', async () => {
    const games = [null, LONG_DECK].flatMap((deck) => [SHORT_NAMES, LONG_NAMES].flatMap((names) => [3, 4, 5, 6].map((players) => ({ deck, names, players, faceUp: 0 }))));
    // And a column for the table: five players, three cards face up.
    games.push({ deck: null, names: LONG_NAMES, players: 5, faceUp: 3 });
    for (const { deck, names, players, faceUp } of games) {
      const seats = names.slice(0, players);
      await open(newGame(seats, deck, faceUp));
      for (const width of [360, 390]) {
        const where = `${players} players (${names[0]}…), ${deck ? 'long card names' : 'classic deck'}${faceUp ? ', cards face up' : ''}, ${width} px`;
        await page.setViewportSize({ width, height: 780 });
        const m = await page.evaluate(() => {
          const section = document.querySelector('section.notebook')!;
          const table = section.querySelector('table[data-view="notebook"]')!;
          const box = table.parentElement!;
          const right = box.getBoundingClientRect().right;
          const cut = (e: Element) => e.scrollWidth > e.clientWidth + 0.5;
          return {
            page: document.documentElement.scrollWidth,
            table: table.scrollWidth,
            box: box.clientWidth,
            // A cell past the box's right edge is one the player scrolls to.
            outside: Array.from(table.querySelectorAll('th, td')).filter((c) => c.getBoundingClientRect().right > right + 0.5).length,
            // The owners' columns (the first is the cards'): what each shows, and its full name.
            headers: Array.from(table.querySelectorAll('thead th')).slice(1).map((th) => ({ shown: (th.querySelector('[aria-hidden="true"]') ?? th).textContent!, full: th.getAttribute('title') ?? th.textContent, cut: cut(th) })),
            cardsCut: Array.from(table.querySelectorAll('tbody th[scope="row"]')).filter(cut).map((th) => th.textContent),
            targets: Array.from(table.querySelectorAll('td button')).map((b) => b.getBoundingClientRect()).map((r) => [r.width, r.height]),
            key: section.querySelector('[data-role="column-names"]')?.textContent ?? '',
          };
        });
        expect(m.page, where).toBeLessThanOrEqual(width);
        expect(m.table, where).toBeLessThanOrEqual(m.box);
        expect(m.outside, where).toBe(0);
        expect(m.cardsCut, where).toEqual([]);
        // One column per seat, the envelope and the table, each named in a few letters that tell it from the others.
        const columns = players + 1 + (faceUp ? 1 : 0);
        expect(m.headers.length, where).toBe(columns);
        expect(m.headers.filter((h) => h.cut || h.shown.trim() === ''), where).toEqual([]);
        expect(new Set(m.headers.map((h) => nameKey(h.shown))).size, where).toBe(columns);
        for (const name of seats) {
          // The full name: the column header's accessible name and title, and in the key under the table when abbreviated.
          await expect(page.getByRole('columnheader', { name, exact: true }).count(), `${where}: ${name}`).resolves.toBe(1);
          const header = m.headers.find((h) => h.full === name);
          expect(header, `${where}: ${name}`).toBeDefined();
          if (header!.shown !== name) expect(m.key, where).toContain(`${header!.shown} ${name}`);
        }
        expect(m.targets.length, where).toBeGreaterThan(0);
        for (const [w, h] of m.targets) {
          expect(w, where).toBeGreaterThanOrEqual(44);
          expect(h, where).toBeGreaterThanOrEqual(44);
        }
        // Down the notebook, the columns' names stay at the top of the screen.
        await page.locator('table[data-view="notebook"] tbody:last-of-type tr:last-child').scrollIntoViewIfNeeded();
        const [head, last] = await page.evaluate(() => [document.querySelector('table[data-view="notebook"] thead')!, document.querySelector('table[data-view="notebook"] tbody:last-of-type tr:last-child')!].map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
        expect(last.bottom, where).toBeLessThanOrEqual(780);
        expect(head.top, where).toBeGreaterThanOrEqual(0);
        expect(head.bottom, where).toBeLessThanOrEqual(last.top);
        if (players === 6 && names === LONG_NAMES) {
          await page.locator('section.notebook').screenshot({ path: join(SHOTS, `notebook-6p-${deck ? 'long-deck' : 'classic'}-${width}.png`) });
        }
      }
    }
  }, 300_000);

  it('says next to the Add button, in sight and as a status, what each accepted turn taught: the certainties analyze() gives after it and not before', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open({ ...LATE, events: [] });
    // A live region is in the page before the first entry, so that the first news is read out.
    expect(await page.getAttribute('[data-role="entry-news"]', 'role')).toBe('status');
    const upTo = (events: number): GameLog => ({ ...LATE, events: LATE.events!.slice(0, events) });
    for (let i = 0; i < 12; i++) {
      // The smallest phone screen on even turns, with the Add button at its bottom edge, where the thumb tapped it.
      await page.setViewportSize(i % 2 === 0 ? { width: 360, height: 640 } : { width: 390, height: 844 });
      await fill(page, LATE.events![i] as LogEvent);
      await page.locator('button[data-action="add"]').evaluate((b) => b.scrollIntoView({ block: 'end' }));
      await page.click('button[data-action="add"]');
      await settled(page, i + 1);
      const news = page.locator(`[data-role="entry-news"][data-event="${i + 1}"]`);
      await news.waitFor();
      const box = (await news.boundingBox())!;
      const viewport = page.viewportSize()!;
      // (Within a pixel: boxes fall between pixels, scroll positions do not.)
      expect(box.y, `event ${i + 1}`).toBeGreaterThanOrEqual(-1);
      expect(box.y + box.height, `event ${i + 1}`).toBeLessThanOrEqual(viewport.height + 1);
      await expectNews(i, upTo(i), upTo(i + 1), 'added');
      if (i >= 10) await page.screenshot({ path: join(SHOTS, `entry-news-${viewport.width}.png`) });
    }
    // An edit says what it changed, what it undid included: event 7 with another seat showing me Lounge.
    const alternative = otherShowers(LATE, 6).find((alt) => alt.shownBy !== null && findContradiction(parseGame({ ...upTo(12), events: upTo(12).events!.map((e, k) => (k === 6 ? alt : e)) })) === null)!;
    const edited: GameLog = { ...upTo(12), events: upTo(12).events!.map((e, k) => (k === 6 ? (alternative as GameLogEvent) : e)) };
    await page.click('details.events-panel summary');
    await page.click('li[data-event="7"] button[data-action="edit-event"]');
    await page.waitForSelector('#app[data-editing="7"]');
    await page.selectOption('select[name="shownBy"]', alternative.shownBy!);
    await page.selectOption('select[name="shown"]', alternative.shown!);
    await page.click('button[data-action="save-edit"]');
    await page.locator('[data-role="entry-news"][data-event="7"]').waitFor();
    await expectNews(6, upTo(12), edited, 'saved');
    expect(await page.locator('[data-role="entry-news"] [data-role="no-longer"]').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'entry-news-edit-390.png') });
    // Undo: the news is of no entry any more.
    await page.click('button[data-action="undo"]');
    await page.waitForSelector('[data-role="entry-news"]:not([data-event])', { state: 'attached' });
    expect(await page.textContent('[data-role="entry-news"]')).toBe('');
  }, 180_000);

  it('says why an entry was refused next to the Add button, in sight where it was tapped', async () => {
    await page.setViewportSize({ width: 360, height: 640 });
    await open({ ...LATE, events: LATE.events!.slice(0, 12) });
    // P3 showed Miss Scarlet to P0 (event 1): P3 cannot pass on her.
    await fill(page, { type: 'suggestion', by: 'P2', cards: ['Miss Scarlet', 'Rope', 'Kitchen'], shownBy: 'P4' });
    await page.locator('button[data-action="add"]').evaluate((b) => b.scrollIntoView({ block: 'end' }));
    await page.click('button[data-action="add"]');
    await page.waitForSelector('#app[data-state="refused"]');
    const message = page.locator('[data-role="message"]');
    expect(await message.count()).toBe(1);
    expect(await message.textContent()).toMatch(/^Refused: /);
    // In the entry's own section, and on the screen.
    expect(await message.evaluate((m) => m.closest('section.entry') !== null)).toBe(true);
    const box = (await message.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(-1);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height + 1);
    await page.screenshot({ path: join(SHOTS, 'refused-360.png') });
    // A message about something else, after the refusal (a file that is not JSON), is the page's: at the top.
    await page.setInputFiles('input[data-action="load"]', { name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not JSON') });
    await page.waitForSelector('[data-role="message"]:text-matches("^notes\\.json was not loaded")');
    expect(await message.count()).toBe(1);
    expect(await message.evaluate((m) => m.closest('section.entry') === null)).toBe(true);
  }, 60_000);

  it('opens the Why panel right under the cell tapped, in sight, and gives the focus back to the cell when it closes', async () => {
    await open({ ...LATE, events: LATE.events!.slice(0, 12) });
    for (const size of [{ width: 390, height: 844 }, { width: 360, height: 640 }, { width: 1280, height: 900 }]) {
      await page.setViewportSize(size);
      // A cell near the top of the notebook, and one near its end.
      for (const [card, owner, close] of [['Miss Scarlet', 'P3', 'button'], ['Study', 'P0', 'Escape']] as const) {
        const where = `${card} / ${owner} at ${size.width} px`;
        const cell = page.locator(`td[data-card="${card}"][data-owner="${owner}"] button`);
        await cell.scrollIntoViewIfNeeded();
        await cell.click();
        const panel = page.locator('[data-view="why"][data-state="ready"]');
        await panel.waitFor();
        const [c, p] = [(await cell.boundingBox())!, (await panel.boundingBox())!];
        // Both in sight (the cell not under the columns' names, which stick to the top on a phone), the panel starting right under the cell's row.
        const header = await page.$eval('table[data-view="notebook"] thead', (h) => h.getBoundingClientRect().bottom);
        expect(c.y, where).toBeGreaterThanOrEqual(Math.max(0, header) - 1);
        expect(p.y, where).toBeGreaterThanOrEqual(c.y + c.height - 1);
        expect(p.y - (c.y + c.height), where).toBeLessThanOrEqual(12);
        expect(p.y + Math.min(p.height, 120), where).toBeLessThanOrEqual(size.height);
        expect(await page.textContent('[data-view="why"] h2'), where).toContain(card);
        if (size.width === 390 && card === 'Study') await page.screenshot({ path: join(SHOTS, 'why-390.png') });
        if (size.width === 360 && card === 'Study') await page.screenshot({ path: join(SHOTS, 'why-360.png') });
        if (close === 'button') await page.click('[data-view="why"] button[data-action="close-why"]');
        else await page.keyboard.press('Escape');
        await page.locator('[data-view="why"]').waitFor({ state: 'detached' });
        expect(await cell.evaluate((b) => b === document.activeElement), where).toBe(true);
      }
    }
  }, 120_000);

  it('shows the whole text of every select and input of the entry form, every option chosen in turn, at desktop and phone widths', async () => {
    /** The entry form's fields whose text is wider than the room inside them (the box less its padding). */
    const cutFields = () =>
      page.$$eval('form[data-form="entry"] select, form[data-form="entry"] input:not([type="radio"]):not([type="checkbox"])', (fields) =>
        fields.flatMap((f) => {
          const field = f as HTMLInputElement | HTMLSelectElement;
          const style = getComputedStyle(field);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? '') : field.value;
          const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const width = context.measureText(text).width;
          return width > room ? [`${field.name}: "${text}" is ${width.toFixed(0)} px in ${room.toFixed(0)} px`] : [];
        }),
      );
    const options = (name: string) => page.$$eval(`select[name="${name}"] option`, (os) => os.map((o) => (o as HTMLOptionElement).value));
    for (const deck of [null, LONG_DECK]) {
      const log = newGame(LONG_NAMES, deck);
      const cards = deck === null ? parseGame(log).deck.categories.map((c) => c.cards) : Object.values(deck);
      const me = log.me!;
      await open(log);
      for (const width of [1280, 390, 360]) {
        await page.setViewportSize({ width, height: 900 });
        const cut = new Set<string>();
        const check = async () => (await cutFields()).forEach((c) => cut.add(c));
        // Every suggester, then every answer to my suggestion (the placeholder and nobody included).
        for (const by of await options('by')) {
          await page.selectOption('select[name="by"]', by);
          await check();
        }
        await page.selectOption('select[name="by"]', me);
        // The card shown to me, before any card is typed: its placeholder says so.
        await page.selectOption('select[name="shownBy"]', LONG_NAMES[1]);
        await check();
        for (const shownBy of await options('shownBy')) {
          if (shownBy === '') continue; // the placeholder, not choosable: shown while none is chosen (checked below)
          await page.selectOption('select[name="shownBy"]', shownBy);
          await check();
        }
        // Every card typed in its field; with three named, every card that can have been shown to me.
        for (const [g, category] of cards.entries()) {
          for (const card of category) {
            await page.fill(`input[name="card-${g}"]`, card);
            await check();
          }
        }
        await page.selectOption('select[name="shownBy"]', LONG_NAMES[1]);
        for (const card of await options('shown')) {
          if (card === '') continue;
          await page.selectOption('select[name="shown"]', card);
          await check();
        }
        // Someone asks and I show: my cards among those named, none of them here (the placeholder says so).
        await page.selectOption('select[name="by"]', LONG_NAMES[1]);
        await page.selectOption('select[name="shownBy"]', me);
        await check();
        // An accusation's form.
        await page.check('input[name="kind"][value="accusation"]');
        await check();
        await page.check('input[name="kind"][value="suggestion"]');
        // A fresh form: the placeholders of "Shown by".
        await page.reload();
        await settled(page, 0);
        await check();
        expect([...cut], `${deck ? 'long card names' : 'classic deck'} at ${width} px`).toEqual([]);
        if (width === 1280 && deck === null) {
          await page.selectOption('select[name="by"]', LONG_NAMES[0]);
          await page.selectOption('select[name="shownBy"]', '-');
          await page.locator('section.entry').screenshot({ path: join(SHOTS, 'entry-form-1280.png') });
        }
      }
    }
  }, 300_000);
});
