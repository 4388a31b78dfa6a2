/**
 * A game log written without JSON: `cluedo new` and `cluedo add` from flags. Every step leaves a
 * log the reader accepts and analyze() counts as it counts the same log written by hand; a
 * mistake is one line, nothing is written, and the file is as it was.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyze } from '../src/analysis/analyze.js';
import { analysisJson } from '../src/analysis/json.js';
import { parseGame } from '../src/io/log.js';
import { cluedo } from './support/cluedo-cli.js';

const counted = (log: unknown) => {
  const game = parseGame(log);
  return analysisJson(game, analyze(game)).cards;
};

describe('cluedo new and cluedo add', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-log-cli-'));
  const file = join(dir, 'game.json');
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as { events: unknown[] };

  it('write, step by step, the log a person would write by hand: names completed, each step counted as analyze counts it', () => {
    const started = cluedo(['new', file, '--players', 'Ann,Bob,Cat,Dan', '--me', 'ann', '--hand', 'scarlet,knife,kitchen,hall,plum']);
    expect(started.status, started.stderr).toBe(0);
    expect(started.stdout).toBe(`${file}: 4 players, you are Ann holding Miss Scarlet, Knife, Kitchen, Hall, Professor Plum\n`);
    const steps: [string[], unknown][] = [
      [['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--passed', 'Cat', '--shown-by', 'Dan'], { type: 'suggestion', by: 'Bob', cards: ['Professor Plum', 'Rope', 'Hall'], shownBy: 'Dan' }],
      [['--by', 'ann', '--cards', 'green,wrench,study', '--shown-by', 'bob', '--shown', 'wrench'], { type: 'suggestion', by: 'Ann', cards: ['Mr. Green', 'Wrench', 'Study'], shownBy: 'Bob', shown: 'Wrench' }],
      [['--by', 'Cat', '--cards', 'Green,Candle,Library', '--shown-by', 'nobody'], { type: 'suggestion', by: 'Cat', cards: ['Mr. Green', 'Candlestick', 'Library'], shownBy: null }],
      [['--by', 'Dan', '--cards', 'Mustard,Rope,Lounge', '--accusation'], { type: 'accusation', by: 'Dan', cards: ['Colonel Mustard', 'Rope', 'Lounge'], correct: false }],
    ];
    const byHand = { players: ['Ann', 'Bob', 'Cat', 'Dan'], me: 'Ann', myHand: ['Miss Scarlet', 'Knife', 'Kitchen', 'Hall', 'Professor Plum'], events: [] as unknown[] };
    for (const [args, event] of steps) {
      const r = cluedo(['add', file, ...args]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: event ${byHand.events.length + 1}: `));
      byHand.events.push(event);
      expect(read().events).toHaveLength(byHand.events.length);
      expect(counted(read())).toEqual(counted(byHand));
    }
    expect(readdirSync(dir)).toEqual(['game.json']); // no temporary file left
  });

  it.each([
    [['--by', 'Bob', '--cards', 'Green,Candle,Library', '--shown-by', 'Dan'], 2, /^cluedo: No deal is left after event 5 .*nobody could show a card\. Fewest entries to leave out for a deal to be left \(the likeliest mistakes\): event 3; or event 5\.\n$/s],
    [['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Dan', '--passed', 'Ann'], 2, /^cluedo: --passed says Ann, but the answers went past Cat before Dan: nothing was added\n$/],
    [['--by', 'Bob', '--cards', 'Plum,Banana,Hall', '--shown-by', 'Dan'], 2, /^cluedo: --cards: unknown card "Banana"/],
    [['--by', 'Bob', '--cards', 'Plum,Rope,Hall'], 2, /^cluedo: a suggestion needs --shown-by PLAYER/],
    [['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'nobody', '--shown', 'Rope'], 2, /^cluedo: --shown with --shown-by nobody/],
    [['--by', 'Bob', '--cards', 'Plum,,Hall', '--shown-by', 'Dan'], 2, /^cluedo: --cards takes names separated by commas/],
    [['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--accusation', '--shown-by', 'Dan'], 2, /^cluedo: --shown-by is for a suggestion/],
  ])('add %j: one line, exit %i, the file unchanged', (args, status, message) => {
    const before = readFileSync(file, 'utf8');
    const r = cluedo(['add', file, ...(args as string[])]);
    expect(r.status).toBe(status);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a game already won takes no more turns: the log is refused as a whole, before any entry (exit 1)', () => {
    const won = join(dir, 'won.json');
    // The likeliest solution, accused by me: a win the log allows.
    const game = parseGame(read());
    const [who, what, where] = analyze(game).solutions[0].cards.map((c) => game.deck.cards[c]);
    writeFileSync(won, JSON.stringify({ ...read(), events: [...read().events, { type: 'accusation', by: 'Ann', cards: [who, what, where], correct: true }] }));
    const before = readFileSync(won, 'utf8');
    const r = cluedo(['add', won, '--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Dan']);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toBe(`cluedo: the game is over: you won, accusing ${who}, ${what} and ${where} correctly at event ${read().events.length + 1}: nothing can be added\n`);
    expect(readFileSync(won, 'utf8')).toBe(before);
  });

  it('new refuses to replace a file, and a setup the log reader refuses', () => {
    const before = readFileSync(file, 'utf8');
    const again = cluedo(['new', file, '--players', 'Ann,Bob', '--me', 'Ann', '--hand', 'Scarlet']);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`cluedo: ${file} exists: pass --force to replace it, or cluedo add to go on with it\n`);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const other = join(dir, 'other.json');
    const short = cluedo(['new', other, '--players', 'Ann,Bob,Cat,Dan', '--me', 'Ann', '--hand', 'Scarlet,Knife']);
    expect(short.status).toBe(2);
    expect(short.stderr).toBe("cluedo: your hand has 2 cards, but Ann's hand size is 5\n");
    const stranger = cluedo(['new', other, '--players', 'Ann,Bob,Cat', '--me', 'Zed', '--hand', 'Scarlet']);
    expect(stranger.status).toBe(2);
    expect(stranger.stderr).toMatch(/^cluedo: who you are: unknown player "Zed"/);
    // A deck taken from another log.
    writeFileSync(join(dir, 'small.json'), JSON.stringify({ deck: { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] }, players: ['P', 'Q'], me: 'P', myHand: ['A', 'X'], events: [] }));
    const custom = cluedo(['new', other, '--deck-of', join(dir, 'small.json'), '--players', 'P,Q', '--me', 'Q', '--hand', 'B,Y']);
    expect(custom.status, custom.stderr).toBe(0);
    expect(JSON.parse(readFileSync(other, 'utf8')).deck).toEqual({ who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] });
  });
});
