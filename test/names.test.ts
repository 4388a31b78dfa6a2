// The one name rule (docs/game-log.md, "Names"): the exact name, then a unique prefix of the name
// or of one of its words, ignoring case, spaces, "_", "-", "." and the characters that show nothing,
// in the composed form (NFC); an ambiguous or unknown name is an error listing the candidates. Checked against a reference written here from the rule's words,
// and through every layer that reads names: the resolver, the log reader, the formula parser, the
// advisor's completion, the board's binding and the command line.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AmbiguousNameError, didYouMean, makeNameResolver, nameOrIndex, nearMisses, typoDistance, UnknownNameError } from '../src/model/names.js';
import { InputError } from '../src/model/errors.js';
import { parseGame } from '../src/io/log.js';
import { parseFormulaText } from '../src/epistemic/language/index.js';
import { resolveCard } from '../src/web/game-log.js';
import { makeDeck, CLASSIC_DECK } from '../src/model/deck.js';
import { bindClassicBoard } from '../src/game/board/binding.js';
import { ROOM_NAMES, ROOMS } from '../src/game/board/classic.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The rule, from its words: composed, without case, the four separators and what shows nothing; exact first, then unique prefixes of the name or a word. */
function reference(names: readonly string[], input: string): number | 'ambiguous' | 'unknown' {
  const seen = (s: string) => [...s.normalize('NFC').toLowerCase()].filter((ch) => !/\p{Default_Ignorable_Code_Point}/u.test(ch)).join('');
  const strip = (s: string) => [...seen(s)].filter((ch) => !/\s/u.test(ch) && !'_-.'.includes(ch)).join('');
  const words = (s: string) => seen(s).split(/[\s_.-]+/u).filter((w) => w.length > 0);
  const key = strip(input);
  if (key === '') return 'unknown';
  const exact = names.flatMap((n, i) => (strip(n) === key ? [i] : []));
  const hits = exact.length > 0 ? exact : names.flatMap((n, i) => (strip(n).startsWith(key) || words(n).some((w) => strip(w).startsWith(key)) ? [i] : []));
  return hits.length === 1 ? hits[0] : hits.length > 1 ? 'ambiguous' : 'unknown';
}

/** What a layer said: the index it resolved, or the kind of its refusal. */
function outcome(resolve: () => number): number | 'ambiguous' | 'unknown' {
  try {
    return resolve();
  } catch (e) {
    if (e instanceof AmbiguousNameError || (e instanceof InputError && /is ambiguous: it could be/.test(e.message))) return 'ambiguous';
    if (e instanceof UnknownNameError || (e instanceof InputError && /unknown (card|player|owner)/.test(e.message))) return 'unknown';
    throw e;
  }
}

const WORDS = ['Mrs.', 'Mr', 'White', 'Green', 'Pea', 'Peacock', 'Lead', 'Pipe', 'Dining', 'Room', 'Ball', 'room', 'Con', 'servatory', 'Plum', 'Knife', 'Kn', 'Ro', 'Rope'];
const SEPARATORS = [' ', '_', '-', '.', '', '  '];
/** Card names of a few words each, distinct under the rule (as a log's deck must be). */
const deckNames = fc
  .uniqueArray(
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).chain((ws) => fc.constantFrom(...SEPARATORS.filter((s) => s !== '')).map((sep) => ws.join(sep))),
    { minLength: 2, maxLength: 8, selector: (n) => n.toLowerCase().replace(/[\s_.-]+/g, '') },
  )
  .filter((names) => names.every((n) => n.replace(/[\s_.-]+/g, '') !== ''));
/** What a person types: a name, a word or a prefix of one, in any case, with separators or invisible characters anywhere; or a stray string. */
const typed = (names: string[]) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...names), fc.nat(), fc.boolean(), fc.constantFrom(...SEPARATORS, '\u200b', '\u3164', '\ufe0f')).map(([n, cut, upper, sep]) => {
      const source = cut % 3 === 0 ? n : n.split(/[\s_.-]+/)[cut % n.split(/[\s_.-]+/).length];
      const prefix = source.slice(0, 1 + (cut % Math.max(1, source.length)));
      const cased = upper ? prefix.toUpperCase() : prefix.toLowerCase();
      return cased.length > 1 ? cased[0] + sep + cased.slice(1) : cased;
    }),
    fc.string({ maxLength: 5 }),
  );

describe('the name rule', () => {
  it('the resolver decides as the rule says', () => {
    fc.assert(
      fc.property(deckNames.chain((names) => fc.tuple(fc.constant(names), fc.array(typed(names), { minLength: 1, maxLength: 8 }))), ([names, inputs]) => {
        const resolve = makeNameResolver('card', names);
        for (const input of inputs) expect(outcome(() => resolve(input, 'here')), `${JSON.stringify(input)} among ${JSON.stringify(names)}`).toEqual(reference(names, input));
      }),
      { seed: 5, numRuns: 400 },
    );
  });

  it('every layer resolves every input the same way: the log reader, formulas, the advisor', () => {
    fc.assert(
      fc.property(deckNames.chain((names) => fc.tuple(fc.constant(names), fc.array(typed(names), { minLength: 1, maxLength: 6 }))), ([names, inputs]) => {
        const deck = { things: names, place: ['Zzyzx', 'Qwxq'] };
        const cards = makeDeck(deck).cards;
        for (const input of inputs) {
          const expected = reference(cards, input);
          const log = outcome(() => parseGame({ deck, players: ['Ann', 'Bob'], faceUp: [input] }).faceUp[0]);
          expect(log, `log reader: ${JSON.stringify(input)}`).toEqual(expected);
          const formula = outcome(() => {
            const f = parseFormulaText(`has(envelope, ${JSON.stringify(input)})`, { deck: makeDeck(deck), players: ['Ann', 'Bob'] });
            return (f as { card: number }).card;
          });
          expect(formula, `formula: ${JSON.stringify(input)}`).toEqual(expected);
          // The advisor completes a name only when it names exactly one card (otherwise it keeps what was typed).
          const advisor = resolveCard(cards, input);
          if (typeof expected === 'number') expect(advisor).toBe(cards[expected]);
          else expect(advisor).toBe(input.trim());
        }
      }),
      { seed: 9, numRuns: 150 },
    );
  });

  it('the board binds a deck by the same rule: the classic names, or a deck spelled another way', () => {
    const classic = bindClassicBoard(CLASSIC_DECK, 6);
    if (typeof classic === 'string') throw new Error(classic);
    expect(classic.roomCard.map((c) => CLASSIC_DECK.cards[c])).toEqual(ROOMS.map((r) => ROOM_NAMES[r]));
    const prolog = makeDeck({
      suspects: ['Miss_Scarlett', 'Colonel_Mustard', 'Mrs_White', 'Mr_Green', 'Mrs_Peacock', 'Professor_Plum'],
      weapons: ['Knife', 'Rope'],
      rooms: ['kitchen', 'ball room', 'conservatory', 'dining-room', 'billiard.room', 'library', 'lounge', 'hall', 'study'],
    });
    const bound = bindClassicBoard(prolog, 4);
    if (typeof bound === 'string') throw new Error(bound);
    expect(bound.roomCard.map((c) => prolog.cards[c])).toEqual(['conservatory', 'ball room', 'kitchen', 'dining-room', 'lounge', 'hall', 'study', 'library', 'billiard.room']);
    expect(prolog.cards[bound.suspectCard[0]]).toBe('Miss_Scarlett');
  });

  it('the command line: the same names in a log, after --why and after --from', () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, [`${ROOT}dist/cli/cluedo.mjs`, ...args], { cwd: ROOT, encoding: 'utf8' });
    // "con" names the Conservatory everywhere; "Ballroom" the board's ball room; "Professor_Plum" Plum.
    expect(cli('board', '--from', 'Ballroom', '--roll', '4').stdout).toMatch(/From the Ballroom with a roll of 4/);
    expect(cli('board', '--from', 'con', '--roll', '4').stdout).toMatch(/From the Conservatory with a roll of 4/);
    const why = cli('analyze', 'examples/classic-6p-late.json', '--why', 'professor_plum');
    expect(why.status, why.stderr).toBe(0);
    const mrs = cli('analyze', 'examples/classic-6p-late.json', '--why', 'mrs');
    expect(mrs.status).toBe(2);
    expect(mrs.stderr).toBe('cluedo: --why: "mrs" is ambiguous: it could be "Mrs. White" or "Mrs. Peacock"\n');
  });
});

describe('nameOrIndex: a card or player by name or by index, as the library takes them', () => {
  it('a name and its index are the same card; an index out of range or not whole is an InputError', () => {
    const cards = CLASSIC_DECK.cards;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: cards.length - 1 }), (i) => {
        expect(nameOrIndex('card', cards, i, 'here')).toBe(i);
        expect(nameOrIndex('card', cards, cards[i], 'here')).toBe(i);
        expect(nameOrIndex('card', cards, cards[i].toUpperCase(), 'here')).toBe(makeNameResolver('card', cards)(cards[i].toUpperCase(), 'here'));
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: cards.length }), fc.double({ noInteger: true })), (bad) => {
        expect(() => nameOrIndex('card', cards, bad, 'here')).toThrow(InputError);
      }),
    );
    expect(() => nameOrIndex('player', ['Ann', 'Bob'], 2, 'the suggester')).toThrow(/^the suggester: player 2 is not one of the 2 \(an index from 0 to 1, or a name\)$/);
    expect(() => nameOrIndex('player', ['Ann', 'Bob'], 'Cy', 'the suggester')).toThrow(UnknownNameError);
  });
});

/** Edit distance by its definition: the fewest insertions, deletions and substitutions of one character. */
function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** The typos the rule allows between two keys (docs/game-log.md, "Names"): by the shorter one's length. */
const allowed = (a: string, b: string) => (Math.min(a.length, b.length) <= 2 ? 1 : Math.max(2, Math.floor(Math.min(a.length, b.length) / 3)));
const keyOf = (s: string) => s.toLowerCase().replace(/[\s_.-]+/g, '');
/** How far a typed string is from a name, from the rule's words: its key against the name's key and each word, within the allowance. */
function referenceDistance(input: string, name: string): number {
  const key = keyOf(input);
  if (key === '') return Infinity;
  const parts = [keyOf(name), ...name.toLowerCase().split(/[\s_.-]+/).filter((w) => w !== '')];
  return Math.min(...parts.map((p) => (levenshtein(key, p) <= allowed(key, p) ? levenshtein(key, p) : Infinity)));
}

/** A name with up to three typos: a letter changed, dropped, added, or two swapped. */
const misspelt = (names: string[]) =>
  fc.tuple(fc.constantFrom(...names), fc.array(fc.tuple(fc.nat(3), fc.nat(), fc.constantFrom(...'aeiklnorstwx')), { maxLength: 3 })).map(([name, edits]) => {
    let s = name;
    for (const [kind, at, ch] of edits) {
      const i = at % Math.max(1, s.length);
      if (kind === 0) s = s.slice(0, i) + ch + s.slice(i + 1);
      else if (kind === 1 && s.length > 1) s = s.slice(0, i) + s.slice(i + 1);
      else if (kind === 2) s = s.slice(0, i) + ch + s.slice(i);
      else if (i + 1 < s.length) s = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
    }
    return s;
  });

describe('"did you mean": one rule for every unknown name', () => {
  it('whether two one-word names are near does not depend on which one was typed', () => {
    const word = fc.stringMatching(/^[a-z]{1,12}$/);
    // The second often a typo of the first (a few edits, lengths apart), else any word.
    const pairs = word.chain((a) => fc.tuple(fc.constant(a), fc.oneof(misspelt([a]), word)));
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        expect(typoDistance(a, b)).toBe(typoDistance(b, a));
        expect(nearMisses(a, [b]).length).toBe(nearMisses(b, [a]).length);
      }),
      { numRuns: 2000 },
    );
  });

  it('never proposes a name farther than the allowance; proposes the nearest, all of them when up to three are as near, else none', () => {
    fc.assert(
      fc.property(
        deckNames.chain((names) => fc.tuple(fc.constant(names), fc.oneof(misspelt(names), fc.string({ maxLength: 8 })))),
        ([names, input]) => {
          const proposed = nearMisses(input, names);
          const dist = names.map((n) => referenceDistance(input, n));
          for (const n of proposed) expect(referenceDistance(input, n)).toBeLessThan(Infinity);
          const best = Math.min(...dist);
          const nearest = names.filter((_, i) => dist[i] === best);
          expect(proposed).toEqual(best !== Infinity && nearest.length <= 3 ? nearest : []);
          // The unique nearest is proposed alone, and a name within the allowance never goes unproposed for a farther one.
          if (nearest.length === 1 && best !== Infinity) expect(proposed).toEqual(nearest);
          for (const n of proposed) expect(dist.every((d) => d >= referenceDistance(input, n))).toBe(true);
          const quoted = proposed.map((n) => JSON.stringify(n));
          const listed = quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
          expect(didYouMean(input, names)).toBe(proposed.length === 0 ? null : `did you mean ${listed}?`);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a typo in a card, a player, a command, an option or an agent: one line, the same "did you mean", exit 2 on the command line, 1 in a file', () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, [`${ROOT}dist/cli/cluedo.mjs`, ...args], { cwd: ROOT, encoding: 'utf8' });
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-names-'));
    const log = JSON.parse(readFileSync(join(ROOT, 'examples/mistakes/typo.json'), 'utf8')) as { events: Array<{ by: string; cards: string[] }> };
    log.events[0].cards[0] = 'Miss Scarlet';
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(log));
    log.events[0].by = 'Bbo';
    const playerTypo = join(dir, 'player.json');
    writeFileSync(playerTypo, JSON.stringify(log));
    const cases: Array<[string[], number, string, string]> = [
      [['analyze', 'examples/classic-6p-late.json', '--why', 'Mustrd'], 2, 'card "Mustrd"', '"Colonel Mustard"'],
      [['analyze', 'examples/mistakes/typo.json'], 1, 'card "Scarlett"', '"Miss Scarlet"'],
      [['analyze', playerTypo], 1, 'player "Bbo"', '"Bob"'],
      [['refute', good, '--by', 'Dab', '--cards', 'Plum,Rope,Hall'], 2, 'player "Dab"', '"Dan"'],
      [['analyse', 'examples/classic-6p-late.json'], 2, 'command "analyse"', '"analyze"'],
      [['analyze', 'examples/classic-6p-late.json', '--jsno'], 2, 'option "--jsno"', '"--json"'],
      [['simulate', '--agents', 'deductive,entropi', '--games', '1'], 2, 'agent "entropi"', '"entropy"'],
    ];
    for (const [args, status, unknown, meant] of cases) {
      const r = cli(...args);
      expect([r.status, r.stdout], r.stderr).toEqual([status, '']);
      expect(r.stderr).toMatch(/^cluedo: [^\n]*\n$/);
      expect(r.stderr).toContain(`unknown ${unknown}; did you mean ${meant}?`);
    }
  });
});
