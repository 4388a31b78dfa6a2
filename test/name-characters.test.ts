// Names that are what they seem (docs/game-log.md, "Names"): a name holds no control, format,
// line- or paragraph-separator character (which would drive a terminal or hide in the name), is
// read in Unicode's composed form (NFC), and is compared without the characters that show nothing;
// and nothing a user typed or a file said reaches the terminal with such a character unescaped.
// The characters are those Unicode lists (written out here from its tables, not from the code's
// pattern); names as a person sees them come from the letters below, composed and decomposed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../src/model/errors.js';
import { makeNameResolver } from '../src/model/names.js';
import { oneLine, quote, shorten } from '../src/model/quote.js';
import { parseGame } from '../src/io/log.js';
import { deckFromText } from '../src/io/deck-text.js';
import { setupProblems } from '../src/web/game-log.js';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { runInProcess as cluedo } from './support/run-in-process.js';

/** Cc: C0, DEL and C1 (Unicode's stability policy fixes these 65). */
const CC = [...Array.from({ length: 0x20 }, (_, i) => i), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)];
/** Cf, from UnicodeData.txt: soft hyphen, Arabic signs, Mongolian vowel separator, zero-width and bidi controls, the BOM, interlinear annotations, tags. */
const CF = [
  0xad, 0x600, 0x605, 0x61c, 0x6dd, 0x70f, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2061, 0x2064,
  0x2066, 0x2067, 0x2068, 0x2069, 0x206a, 0x206f, 0xfeff, 0xfff9, 0xfffb, 0x110bd, 0x1d173, 0xe0001, 0xe0020, 0xe007f,
];
/** Zl and Zp: the line and paragraph separators. */
const ZLZP = [0x2028, 0x2029];
const BAD = [...CC, ...CF, ...ZLZP];
/** No character of BAD, raw. */
const RAW_BAD = new RegExp(`[${BAD.map((c) => `\\u{${c.toString(16)}}`).join('')}]`, 'u');
const KIND = (c: number) => (CC.includes(c) ? 'control character' : CF.includes(c) ? 'format character' : c === 0x2028 ? 'line separator' : 'paragraph separator');
const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

/** Letters with a decomposed form (é is e and U+0301), and some without, to build names from. */
const LETTERS = ['é', 'ü', 'ñ', 'Å', 'ç', 'ö', 'ő', 'ǖ', 'ḗ', 'ệ', 'Ω', 'a', 'B', 'c', 'L', 'm', 'z'];
const plainName = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 8 }).map((ls) => ls.join(''));
/** A name with at least one decomposable letter: its NFD form differs from its NFC one. */
const composedName = plainName.filter((n) => n.normalize('NFD') !== n.normalize('NFC')).map((n) => n.normalize('NFC'));
/** A name with a character no name may hold somewhere in it; the first such character. */
const badName = fc
  .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 6 }), fc.constantFrom(...BAD), fc.string({ unit: 'binary', maxLength: 6 }))
  .map(([before, c, after]) => ({ name: `${before}${String.fromCodePoint(c)}${after}`, first: c }))
  // A byte-order mark that starts a name is dropped, not refused (the test below).
  .filter(({ name }) => !name.startsWith('\ufeff'));

/** The message of the InputError `f` throws (and fails when it throws nothing or something else). */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  throw new Error('not refused');
}

const PLAYERS = ['Ann', 'Bob', 'Cat', 'Dan'];
/** `list` with `value` at `i`. */
const replaced = (list: readonly string[], i: number, value: string) => list.map((x, j) => (j === i ? value : x));

describe('a name holds no control, format or separator character', () => {
  it('a player, a card or a category with one is refused: the JSON path, the name escaped, the character by its code point', () => {
    fc.assert(
      fc.property(badName, fc.nat(3), fc.nat(5), ({ name, first }, seat, card) => {
        /** The message is `path "name": why`, the name as JSON writes it (and nothing raw), the first such character by kind and code point. */
        const expectRefusal = (message: string, path: string) => {
          const m = /^(.*?) (".*"): a name may not contain the (.*)$/.exec(message);
          expect(m, message).not.toBeNull();
          expect(m![1]).toBe(path);
          expect(JSON.parse(m![2])).toBe(name);
          expect(m![3]).toBe(`${KIND(first)} ${hex(first)}`);
          expect(message).not.toMatch(RAW_BAD);
        };
        expectRefusal(refusal(() => parseGame({ players: replaced(PLAYERS, seat, name) })), `players[${seat}]`);
        const suspects = replaced(CLASSIC_CATEGORIES.suspects, card, name);
        expectRefusal(refusal(() => parseGame({ deck: { ...CLASSIC_CATEGORIES, suspects }, players: PLAYERS })), `deck.suspects[${card}]`);
        expectRefusal(refusal(() => parseGame({ deck: { [name]: ['Ann', 'Bo'], weapons: ['Rope', 'Knife'] }, players: ['X', 'Y'] })), 'deck: category');
      }),
      { seed: 30, numRuns: 300 },
    );
  });

  it('the message names the kind of character and shows the name as JSON would', () => {
    expect(refusal(() => parseGame({ players: ['Ann', 'Bob', 'Bob\u001b[2J'] }))).toBe('players[2] "Bob\\u001b[2J": a name may not contain the control character U+001B');
    expect(refusal(() => parseGame({ players: ['Ann', 'Bo\u200bb'] }))).toBe('players[1] "Bo\\u200bb": a name may not contain the format character U+200B');
    expect(refusal(() => parseGame({ players: ['Ann\u2028', 'Bob'] }))).toBe('players[0] "Ann\\u2028": a name may not contain the line separator U+2028');
    // At the ends too: a name is checked before it is trimmed.
    expect(refusal(() => parseGame({ players: ['Ann', 'Bob\r\n'] }))).toBe('players[1] "Bob\\r\\n": a name may not contain the control character U+000D');
    // Answers given without JSON are named in their words.
    expect(refusal(() => parseGame({ players: ['Ann', 'Bo\ufeffb'] }, { words: { players: 'the players' } }))).toBe(
      'the players: player 2 "Bo\\ufeffb": a name may not contain the format character U+FEFF',
    );
    // A byte-order mark that starts a name (an editor's, pasted with it) is dropped, not refused.
    expect(parseGame({ players: ['\ufeffAnn', 'Bob'] }).players).toEqual(['Ann', 'Bob']);
    expect(refusal(() => parseGame({ players: ['\ufeffAnn', 'Ann'] }))).toMatch(/twice|same name/);
    // A deck typed as text is checked as a log's deck.
    expect(refusal(() => deckFromText('suspects: Plum, Gr\u00adeen\nweapons: Rope, Knife'))).toBe('deck.suspects[1] "Gr\\u00adeen": a name may not contain the format character U+00AD');
  });

  it("the advisor's setup says so before the game starts", () => {
    const problems = setupProblems({ deck: CLASSIC_CATEGORIES, players: ['Ann', 'Bob\u202e'], me: '', hand: [], faceUp: [], handSizes: [9, 9] });
    expect(problems).toContain('Player "Bob\\u202e": a name may not contain the format character U+202E.');
  });
});

describe('names that look the same are the same name', () => {
  it('a name and its decomposed form in one list of players, or one deck, are one name twice', () => {
    fc.assert(
      fc.property(composedName, fc.nat(2), (name, at) => {
        const players = replaced(['Xavier', 'Yolanda', 'Zed'], at, name.normalize('NFD'));
        expect(refusal(() => parseGame({ players: [name, ...players] }))).toBe(`players: ${quote(name)} appears twice (names are matched ignoring case, spaces, "_", "-" and ".")`);
        const deck = { things: ['Xx', name, 'Yy', name.normalize('NFD')], places: ['Qq', 'Ww'] };
        expect(refusal(() => parseGame({ deck, players: ['Ann', 'Bob'] }))).toContain(`deck: card ${quote(name)} appears twice in "things";`);
      }),
      { seed: 31, numRuns: 200 },
    );
  });

  it('a name read decomposed is kept composed', () => {
    fc.assert(
      fc.property(composedName, (name) => {
        const game = parseGame({ deck: { things: [name.normalize('NFD'), 'Xx'], places: ['Qq', 'Ww'] }, players: [name.normalize('NFD'), 'Bob'] });
        expect(game.deck.cards[0]).toBe(name);
        expect(game.players[0]).toBe(name);
      }),
      { seed: 32, numRuns: 100 },
    );
  });

  it('a typed name matches the card whatever its form, composed or decomposed, in any case', () => {
    fc.assert(
      fc.property(fc.uniqueArray(composedName, { minLength: 2, maxLength: 6, selector: (n) => n.toLowerCase() }), fc.nat(), fc.boolean(), (names, pick, upper) => {
        const i = pick % names.length;
        const typed = (upper ? names[i].toUpperCase() : names[i].toLowerCase()).normalize('NFD');
        expect(makeNameResolver('card', names)(typed, 'here')).toBe(i);
        const composed = names.map((n) => n.normalize('NFC'));
        const game = parseGame({ deck: { things: composed, places: ['Qq', 'Ww'] }, players: ['Ann', 'Bob'], faceUp: [typed] });
        expect(game.faceUp).toEqual([i]);
      }),
      { seed: 33, numRuns: 200 },
    );
  });

  it('characters that show nothing (a Hangul filler, a variation selector) are no part of a name as compared', () => {
    expect(refusal(() => parseGame({ players: ['Bob', 'Bo\u3164b'] }))).toBe('players: "Bo\u3164b" appears twice (as "Bob") (names are matched ignoring case, spaces, "_", "-" and ".")');
    expect(refusal(() => parseGame({ players: ['Ann', '\u3164'] }))).toBe('players: player 2 has an empty name');
    expect(makeNameResolver('card', ['Rope', 'Heart\u2764\ufe0f'])('heart\u2764', 'here')).toBe(1);
    // A typed name with a zero-width space in it still finds the name it spells.
    expect(makeNameResolver('player', ['Ann', 'Bob'])('B\u200bob', 'here')).toBe(1);
  });
});

describe('messages show every character that would act on a terminal escaped', () => {
  it('quote and shorten: nothing raw, and quote reads back as the text it shows', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom(...BAD).map((c) => String.fromCodePoint(c))), { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        expect(quote(text)).not.toMatch(RAW_BAD);
        expect(shorten(text)).not.toMatch(RAW_BAD);
        expect(oneLine(text)).not.toMatch(RAW_BAD);
        if (text.length <= 40) expect(JSON.parse(quote(text))).toBe(text);
      }),
      { seed: 34, numRuns: 500 },
    );
  });
});

describe('the command line prints no character that would act on the terminal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-name-characters-'));
  const write = (name: string, json: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  };
  const game = write('game.json', { players: ['Ann', 'Bob', 'Cat'], me: 'Ann', myHand: ['Knife', 'Hall', 'Mr. Green', 'Study', 'Rope', 'Lounge'] });

  it('a log with an escape sequence in a player\'s name: exit 1, one line, the sequence escaped', async () => {
    const log = write('esc.json', { players: ['Ann', 'Bob\u001b[2J', 'Cat'] });
    for (const command of ['analyze', 'suggest', 'accuse']) {
      const r = await cluedo([command, log]);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toBe('cluedo: players[1] "Bob\\u001b[2J": a name may not contain the control character U+001B\n');
      expect(r.stdout).toBe('');
    }
  });

  it('a typed card with an escape sequence, a C1 control or a bidi override: exit 2, one line, none of them raw', async () => {
    for (const card of ['\u001b[31mX', '\u009b31mX', 'Kn\u202eife!', 'Rope\u0085\u2028']) {
      for (const args of [
        ['refute', game, '--by', 'Bob', '--cards', `scarlet,${card},hall`],
        ['analyze', game, '--why', card],
        ['add', game, '--by', 'Bob', '--cards', `${card},rope,hall`, '--shown-by', 'Cat'],
      ]) {
        const r = await cluedo(args);
        expect(r.status, r.stderr).toBe(2);
        expect(r.stderr).toMatch(/^cluedo: [^\n]*unknown card [^\n]*\n$/);
        expect(r.stderr.slice(0, -1), JSON.stringify(r.stderr)).not.toMatch(RAW_BAD);
      }
    }
  });

  it('a path with an escape sequence, echoed on standard output, is escaped', async () => {
    const path = write('\u001b[2J\u009b2J\u202e.json', { players: ['Ann', 'Bob', 'Cat'] });
    const r = await cluedo(['analyze', path]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('\\u001b[2J\\u009b2J\\u202e.json');
    expect(r.stdout.replaceAll('\n', ''), JSON.stringify(r.stdout.slice(0, 200))).not.toMatch(RAW_BAD);
  });
});
