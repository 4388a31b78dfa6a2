// The reports: the terminal table, the CSV, and the self-contained HTML page (escaping, colours
// by name, long names, the chart of certainty by turn reaching every agent's last value).
import { describe, expect, it } from 'vitest';
import type { GameResult } from '../src/tournament/results.js';
import { agentColours, BASE_COLOURS, OTHER_COLOURS } from '../src/tournament/colours.js';
import { toCsv } from '../src/tournament/csv.js';
import { abbreviate, formatMeanInterval, formatMedianInterval, formatRateInterval } from '../src/tournament/format.js';
import { renderHtmlReport } from '../src/tournament/html-report.js';
import { summarize } from '../src/tournament/summary.js';
import { renderSummary } from '../src/tournament/text-report.js';
import { B, GAMES, seat } from './support/games.js';
import { readPage } from './support/html.js';

/** The elements a report is made of. */
const REPORT_ELEMENTS = 'html head meta title style body main header h1 h2 h3 p dl div dt dd section figure svg desc defs pattern g rect line circle path text tspan table thead tbody tr th td span wbr br a ul li b i sub sup code footer'.split(' ');

describe('formatting', () => {
  it('prints rates, means and medians with their intervals, ∞ for an open bound', () => {
    expect(formatRateInterval({ estimate: 0.3124, low: 0.2891, high: 0.3362 })).toBe('31.2% [28.9–33.6]');
    expect(formatMeanInterval({ estimate: 3, low: 1, high: 15.706 })).toBe('3.0 [1.0–15.7]');
    expect(formatMedianInterval({ estimate: 4.5, low: 1, high: Infinity })).toBe('4.5 [1–∞]');
    expect(formatMeanInterval(null)).toBe('—');
  });

  it('abbreviates long labels in the middle, keeping both ends', () => {
    expect(abbreviate('deductive', 12)).toBe('deductive');
    expect(abbreviate('entropy:samples=2000,refute=minimal,accuse=risky:0.9', 21)).toBe('entropy:sa…=risky:0.9');
    expect([...abbreviate('x'.repeat(50), 21)]).toHaveLength(21);
  });
});

describe('renderSummary', () => {
  it('shows games, rates with intervals, head-to-head with intervals and the game count', () => {
    const summary = summarize(GAMES);
    const text = renderSummary(summary);
    expect(text).toContain(formatRateInterval(summary.agents[0].winRate));
    expect(text).toContain(`${formatRateInterval(summary.headToHead.a[B].share!)} (3)`);
    expect(text).toContain('4.5 [1–∞]');
    expect(text).toContain('Games: 4, unsolved: 1 (25.0%)');
    expect(text).toMatch(/^a\s+4\s+6\s/m);
  });
});

describe('toCsv', () => {
  it('writes one row per seat-game with empty cells for null and quoted commas', () => {
    const lines = toCsv(GAMES).trimEnd().split('\n');
    expect(lines[0]).toBe('game,seat,agent,role,won,eliminated,wrongAccusations,turnsTaken,turnsToWin,turnsToCertain,winner,unsolved,turns,rounds');
    expect(lines).toHaveLength(1 + 10);
    expect(lines[1]).toBe('0,0,a,,false,false,0,5,,,2,false,14,5');
    expect(lines[2]).toBe('0,1,"b:x=1,y",,false,true,1,4,,3,2,false,14,5');
    expect(lines[7]).toBe('2,0,a,,false,false,0,10,,,,true,20,10');
  });

  it('doubles quotes inside quoted fields, leaves : and = alone, and writes roles', () => {
    const game: GameResult = {
      game: 0,
      seats: ['q"x', 'entropy:samples=5000'],
      winner: null,
      unsolved: true,
      turns: 1,
      rounds: 1,
      seatResults: [seat(0, 'q"x', { role: 'solo' }), seat(1, 'entropy:samples=5000', { role: 'field' })],
    };
    const lines = toCsv([game]).trimEnd().split('\n');
    expect(lines[1].startsWith('0,0,"q""x",solo,')).toBe(true);
    expect(lines[2].startsWith('0,1,entropy:samples=5000,field,')).toBe(true);
  });
});

describe('agentColours', () => {
  it('gives the base agents fixed colours and other labels the same colour whatever the order', () => {
    const one = agentColours(['deductive', 'entropy:samples=500', 'naive (solo)']);
    const two = agentColours(['naive (solo)', 'random', 'deductive', 'entropy:samples=500']);
    expect(one.get('deductive')).toBe(BASE_COLOURS.deductive);
    expect(two.get('random')).toBe(BASE_COLOURS.random);
    expect(two.get('entropy:samples=500')).toBe(one.get('entropy:samples=500'));
    expect(two.get('naive (solo)')).toBe(one.get('naive (solo)'));
    expect(OTHER_COLOURS).toContain(one.get('naive (solo)'));
  });

  it('never gives two labels of one report the same colour', () => {
    const labels = [...Object.keys(BASE_COLOURS), ...Array.from({ length: 14 }, (_, i) => `agent-${i}`)];
    expect(new Set(agentColours(labels).values()).size).toBe(labels.length);
  });
});

/** The games of a solo run: the solo seat is certain by turn 60 at the latest, far beyond the field's bulk. */
function soloGames(): GameResult[] {
  return Array.from({ length: 40 }, (_, g) => {
    const seats = Array.from({ length: 4 }, (_, s) =>
      s === 0
        ? seat(0, 'naive', { role: 'solo', won: true, turnsToWin: g === 0 ? 60 : 10, turnsToCertain: g === 0 ? 60 : 10 })
        : seat(s, 'naive', { role: 'field', turnsToCertain: 3 + (g % 4) }),
    );
    return { game: g, seats: seats.map((s) => s.agent), winner: 0, unsolved: false, turns: 40, rounds: 10, seatResults: seats };
  });
}

describe('renderHtmlReport', () => {
  const evil = 'a<b&"c"';
  const games: GameResult[] = GAMES.map((g) => ({
    ...g,
    seats: g.seats.map((s) => (s === 'a' ? evil : s)),
    seatResults: g.seatResults.map((s) => (s.agent === 'a' ? { ...s, agent: evil } : s)),
  }));
  const html = renderHtmlReport(summarize(games), 'Run <1>', { Seed: '42 & <more>', Players: '3' });

  it('is one self-contained page with inline SVG', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<svg');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('http');
    expect(html).not.toMatch(/<link|@import|url\((?!#)/);
  });

  it('escapes every inserted text: the page is only tags and text, and shows each text as it is', () => {
    expect(html).not.toContain(evil);
    const { text } = readPage(html);
    expect(text).toContain(evil);
    expect(text).toContain('Run <1>');
    expect(text).toContain('42 & <more>');
  });

  it('shows hostile agent labels and fault replies as text: no element, attribute or entity of theirs gets in', () => {
    const hostile = ['<script>alert(1)</script>', 'a&amp;b & c', `"double" 'single'`, '</title><svg onload="x()">', 'x" onmouseover="y'];
    const games: GameResult[] = GAMES.map((g, k) => {
      const label = (s: string) => (s === 'a' ? hostile[k % GAMES.length] : s);
      return {
        ...g,
        seats: g.seats.map(label),
        seatResults: g.seatResults.map((s) => ({
          ...s,
          agent: label(s.agent),
          ...(s.agent === 'a' && { fault: 'illegal' as const, faultReason: { request: { type: 'suggest', id: 1 }, reply: hostile[(k + 1) % hostile.length], problem: hostile[(k + 2) % hostile.length] } }),
        })),
      };
    });
    const page = renderHtmlReport(summarize(games), hostile[0], { [hostile[3]]: hostile[4] });
    const { elements, text } = readPage(page);
    // Only the report's own elements, and no attribute a label could have brought (event handlers).
    const names = new Set(elements.map((e) => e.name));
    expect([...names].filter((n) => !REPORT_ELEMENTS.includes(n))).toEqual([]);
    expect(elements.flatMap((e) => Object.keys(e.attributes)).filter((a) => a.startsWith('on'))).toEqual([]);
    expect(elements.find((e) => e.name === 'title')).toBeDefined();
    // Every label is shown as written: in the text, and whole in its row's tooltip.
    expect(GAMES.length).toBeGreaterThanOrEqual(4);
    for (const label of hostile.slice(0, GAMES.length)) {
      expect(text).toContain(label);
      expect(elements.some((e) => e.name === 'th' && e.attributes.class === 'agent' && e.attributes.title === label)).toBe(true);
    }
    expect(text).toContain(`${hostile[3]}${hostile[4]}`);
  });

  it('explains how the intervals are computed', () => {
    expect(html).toContain('The game is the unit.');
    expect(html).toContain('Woodruff');
  });

  it('colours an agent by its name, the same in reports with other agents in other orders', () => {
    const game = (labels: string[]): GameResult => ({
      game: 0,
      seats: labels,
      winner: 0,
      unsolved: false,
      turns: 1,
      rounds: 1,
      seatResults: labels.map((l, s) => seat(s, l, { won: s === 0, turnsToWin: s === 0 ? 1 : null, turnsToCertain: s === 0 ? 1 : null })),
    });
    const swatch = (page: string, label: string) => page.match(new RegExp(`title="${label}"><div class="name"><span class="swatch" style="background:([^"]+)"`))?.[1];
    const first = renderHtmlReport(summarize([game(['deductive', 'naive'])]), 'one');
    const second = renderHtmlReport(summarize([game(['entropy', 'random', 'deductive'])]), 'two');
    expect(swatch(first, 'deductive')).toBe(BASE_COLOURS.deductive);
    expect(swatch(second, 'deductive')).toBe(BASE_COLOURS.deductive);
    expect(swatch(first, 'naive')).toBe(BASE_COLOURS.naive);
  });

  it('wraps long names in tables with the full name in a tooltip, and abbreviates them in charts', () => {
    const long = 'entropy:samples=2000,refute=minimal,accuse=risky:0.95';
    const page = renderHtmlReport(summarize(GAMES.map((g) => ({ ...g, seatResults: g.seatResults.map((s) => (s.agent === B ? { ...s, agent: long } : s)) }))), 'long');
    expect(page).toMatch(/table\.data th\.agent \{[^}]*overflow-wrap: break-word/);
    expect(page).toContain(`<th scope="row" class="agent" title="${long}">`);
    expect(page).toContain(`<title>${long}</title>${abbreviate(long, 28)}</text>`);
    expect(abbreviate(long, 28).endsWith('risky:0.95')).toBe(true);
    // Every table sits in a horizontally scrollable box.
    expect(page.match(/<div class="scroll"><table/g)).toHaveLength(2);
  });

  it('says n/a, with why, for an agent that does not report certainty, and charts only the others', () => {
    // Agent a's program does not say when it is certain: its seats carry no turn to certain.
    const silent = GAMES.map((g) => ({ ...g, seatResults: g.seatResults.map((s) => (s.agent === 'a' ? { ...s, turnsToCertain: null, reportsCertainty: false as const } : s)) }));
    const summary = summarize(silent);
    expect(summary.agents.map((a) => [a.agent, a.reportsCertainty, a.certainRate === null])).toEqual([
      ['a', false, true],
      [B, true, false],
    ]);
    const page = renderHtmlReport(summary, 'silent');
    const row = (label: string) => page.slice(page.indexOf(`<tr><th scope="row" class="agent" title="${label}">`)).split('</tr>')[0];
    expect(row('a').match(/<td class="na"[^>]*>n\/a<\/td>/g)).toHaveLength(3);
    expect(row(B)).not.toContain('n/a');
    expect(page).toContain('n/a: a does not report when it is certain of the solution');
    // The certainty charts show B alone.
    const charts = page.slice(page.indexOf('id="cert-title"'), page.indexOf('<h2>Win rates</h2>'));
    expect(charts).toContain(`<title>${B}</title>`);
    expect(charts).not.toContain('<title>a</title>');
    // The terminal table: n/a in a's three certainty cells, and the note.
    const text = renderSummary(summary);
    expect(text.split('\n').find((l) => l.startsWith('a '))!.match(/n\/a/g)).toHaveLength(3);
    expect(text).toContain('n/a: a does not report when it is certain of the solution');
    // The CSV: n/a in a's turnsToCertain cells.
    const csv = toCsv(silent).trimEnd().split('\n').map((line) => line.split(','));
    const column = csv[0].indexOf('turnsToCertain');
    for (const cells of csv.slice(1)) expect(cells[column] === 'n/a').toBe(cells[2] === 'a');
  });

  it("the certain-by-turn chart reaches every agent's last value: the solo seat's final share is 100%", () => {
    const page = renderHtmlReport(summarize(soloGames()), 'solo');
    const ends = [...page.matchAll(/class="end-label"[^>]*><title>([^<]+)<\/title>[^<]*? (\d+)%<\/text>/g)].map((m) => [m[1], m[2]]);
    expect(ends).toEqual(expect.arrayContaining([['naive (solo)', '100'], ['naive (field)', '100']]));
    // Its x axis runs to turn 60.
    const chart = page.slice(page.indexOf('id="cum-title"'));
    expect(chart.slice(0, chart.indexOf('</svg>'))).toMatch(/class="tick">60<\/text>/);
  });
});
