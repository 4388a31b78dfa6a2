import { mkdtempSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { makeNameResolver } from '../src/model/names.js';
import { InputError } from '../src/model/errors.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame } from '../src/io/log.js';
import { readGameLogFile } from '../src/io/log-file.js';
import { defaultHandSizes, type Game } from '../src/model/game.js';
import { ENVELOPE, TABLE } from '../src/model/owners.js';
import { DEFAULT_RULES } from '../src/model/rules.js';
import { describeEvent, eventLabel } from '../src/io/describe.js';
import { gameToLog } from '../src/io/write-log.js';
import { analyze } from '../src/analysis/analyze.js';
import { bruteForce, bruteForceGame, dealSatisfiesGame } from './support/brute-force.js';

const EXAMPLES = new URL('../examples/', import.meta.url);

/** A valid 4-player classic log with Ann observing; tests override what they need. */
function log(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    players: ['Ann', 'Bob', 'Cat', 'Dan'],
    me: 'Ann',
    myHand: ['Knife', 'Hall', 'Mr. Green', 'Study', 'Rope'],
    events: [],
    ...overrides,
  };
}

const suggestion = (by: string, cards: string[], shownBy: string | null, shown?: string) =>
  shown === undefined ? { type: 'suggestion', by, cards, shownBy } : { type: 'suggestion', by, cards, shownBy, shown };
const accusation = (by: string, cards: string[], correct: boolean) => ({ type: 'accusation', by, cards, correct });

/** Asserts that `f` throws an InputError whose message contains every fragment. */
function expectInputError(f: () => unknown, ...fragments: string[]): void {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InputError);
  const message = (error as Error).message;
  for (const fragment of fragments) expect(message).toContain(fragment);
}

const bad = (json: unknown, ...fragments: string[]) => expectInputError(() => parseGame(json), ...fragments);

describe('examples', () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));

  it('has examples to check', () => expect(files.length).toBeGreaterThan(0));

  it.each(files)('%s parses and yields constraints', (file) => {
    const game = parseGame(readGameLogFile(new URL(file, EXAMPLES).pathname));
    const dealt = game.handSizes.reduce((a, b) => a + b, 0);
    expect(dealt).toBe(game.deck.cards.length - game.deck.categories.length - game.faceUp.length);
    const store = constraintsOf(game);
    expect(store.nSeats).toBe(game.players.length);
    expect(store.holds).toHaveLength(game.players.length + 1);
  });
});

describe('readGameLogFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-log-'));

  it('reads JSON', () => {
    const path = join(dir, 'ok.json');
    writeFileSync(path, '\uFEFF{"players": ["A", "B"]}');
    expect(readGameLogFile(path)).toEqual({ players: ['A', 'B'] });
  });

  it('names a missing file', () => {
    expectInputError(() => readGameLogFile(join(dir, 'x.json')), 'cannot read game log', 'x.json', 'no such file');
  });

  it('names a directory', () => {
    expectInputError(() => readGameLogFile(dir), 'cannot read game log', 'directory');
  });

  it('gives the line and column of a JSON syntax error', () => {
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{\n  "players": ["A", "B"],\n  "me": "A",,\n}');
    expectInputError(() => readGameLogFile(path), 'bad.json is not valid JSON', 'line 3 column 13');
  });

  it('reports a truncated file', () => {
    const path = join(dir, 'cut.json');
    writeFileSync(path, '{\n  "players": ');
    expectInputError(() => readGameLogFile(path), 'cut.json is not valid JSON', 'unexpected end', 'line 2');
  });
});

describe('defaults', () => {
  it('uses the classic deck and no face-up cards', () => {
    const game = parseGame({ players: ['A', 'B', 'C'], events: [] });
    expect(game.deck).toEqual(CLASSIC_DECK);
    expect(game.faceUp).toEqual([]);
    expect(game.me).toBeNull();
    expect(game.myHand).toEqual([]);
  });

  it('treats missing events as none', () => {
    expect(parseGame({ players: ['A', 'B'] }).events).toEqual([]);
  });

  it('deals evenly, earlier seats taking the extras', () => {
    const sizes = (n: number, faceUp: string[] = []) =>
      parseGame({ players: Array.from({ length: n }, (_, i) => `P${i}`), faceUp }).handSizes;
    expect(sizes(6)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(sizes(4)).toEqual([5, 5, 4, 4]);
    expect(sizes(5)).toEqual([4, 4, 4, 3, 3]);
    expect(sizes(4, ['Mr. Green', 'Mrs. White'])).toEqual([4, 4, 4, 4]);
    expect(sizes(4, ['Mr. Green', 'Mrs. White', 'Rope'])).toEqual([4, 4, 4, 3]);
    expect(defaultHandSizes(7, 3)).toEqual([3, 2, 2]);
  });

  it('keeps given hand sizes', () => {
    expect(parseGame(log({ handSizes: [5, 4, 5, 4] })).handSizes).toEqual([5, 4, 5, 4]);
  });

  it('builds a custom deck in the given order', () => {
    const game = parseGame({ deck: { who: ['A', 'B'], what: [' X ', 'Y'] }, players: ['P', 'Q'] });
    expect(game.deck.cards).toEqual(['A', 'B', 'X', 'Y']);
    expect(game.deck.categoryMasks).toEqual([0b0011, 0b1100]);
    expect(game.handSizes).toEqual([1, 1]);
  });
});

describe('name resolution', () => {
  const card = makeNameResolver('card', CLASSIC_DECK.cards);
  const idx = (name: string) => CLASSIC_DECK.cards.indexOf(name);

  it('ignores case and surrounding whitespace', () => {
    expect(card('  miss SCARLET ', 'x')).toBe(idx('Miss Scarlet'));
    expect(card('lead pipe', 'x')).toBe(idx('Lead Pipe'));
  });

  it('accepts a single distinctive word', () => {
    expect(card('Scarlet', 'x')).toBe(idx('Miss Scarlet'));
    expect(card('pipe', 'x')).toBe(idx('Lead Pipe'));
    expect(card('Billiard', 'x')).toBe(idx('Billiard Room'));
    expect(card('peacock', 'x')).toBe(idx('Mrs. Peacock'));
  });

  it('ignores punctuation in full names', () => {
    expect(card('Mrs White', 'x')).toBe(idx('Mrs. White'));
  });

  it('prefers an exact full name over a word of another name', () => {
    const r = makeNameResolver('card', ['Rope Ladder', 'Rope']);
    expect(r('rope', 'x')).toBe(1);
    expect(r('ladder', 'x')).toBe(0);
  });

  it('rejects a word shared by several names', () => {
    expectInputError(() => card('Mrs', 'myHand'), 'myHand: "Mrs" is ambiguous: it could be "Mrs. White" or "Mrs. Peacock"');
    expectInputError(() => card('room', 'faceUp'), 'faceUp: "room" is ambiguous', '"Dining Room"', '"Billiard Room"');
    const player = makeNameResolver('player', ['Mr. Green', 'Mr. Plum', 'Ann']);
    expectInputError(() => player('Mr', 'myHand'), 'myHand: "Mr" is ambiguous: it could be "Mr. Green" or "Mr. Plum"');
  });

  it('suggests the nearest name for a typo', () => {
    expectInputError(
      () => card('Scarlett', 'event 3 (suggestion by Bob)'),
      'event 3 (suggestion by Bob): unknown card "Scarlett"; did you mean "Miss Scarlet"?',
    );
    expectInputError(() => card('Candelstick', 'x'), 'did you mean "Candlestick"?');
  });

  it('lists the names when nothing is close', () => {
    const player = makeNameResolver('player', ['Ann', 'Bob']);
    expectInputError(() => player('Zachary', 'me'), 'me: unknown player "Zachary"; the players are "Ann" and "Bob"');
  });

  it('resolves names in a log', () => {
    const game = parseGame(
      log({
        me: 'ann',
        myHand: ['knife', 'HALL', 'Green', 'study', 'rope'],
        events: [suggestion('ANN', ['scarlet', 'wrench', 'kitchen'], 'cat', 'WRENCH')],
      }),
    );
    expect(game.me).toBe(0);
    expect(game.myHand).toEqual(['Knife', 'Hall', 'Mr. Green', 'Study', 'Rope'].map(idx));
    expect(game.events[0]).toEqual({
      type: 'suggestion',
      by: 0,
      cards: [idx('Miss Scarlet'), idx('Wrench'), idx('Kitchen')],
      shownBy: 2,
      shown: idx('Wrench'),
    });
    expect(eventLabel(game, 0)).toBe('event 1 (suggestion by Ann)');
  });

  it('names the event of a bad card in a suggestion', () => {
    bad(
      log({ events: [suggestion('Ann', ['Scarlet', 'Rope', 'Hall'], 'Bob'), suggestion('Bob', ['Scarlett', 'Rope', 'Hall'], 'Cat')] }),
      'event 2 (suggestion by Bob): unknown card "Scarlett"; did you mean "Miss Scarlet"?',
    );
  });

  it('stores suggested cards in category order', () => {
    const game = parseGame(log({ events: [suggestion('Bob', ['Hall', 'Scarlet', 'Rope'], 'Cat')] }));
    expect(game.events[0]).toMatchObject({ cards: [idx('Miss Scarlet'), idx('Rope'), idx('Hall')] });
  });
});

describe('structure errors', () => {
  it('rejects a non-object', () => bad([1, 2], 'invalid game log', 'expected a JSON object'));

  it('names an unknown top-level key', () => {
    bad(log({ handsizes: [5, 5, 4, 4] }), 'invalid game log: unknown key "handsizes"; did you mean "handSizes"?');
    bad(log({ MYHAND: [] }), 'invalid game log: unknown key "MYHAND"; did you mean "myHand"?');
  });

  it('names a missing key', () => bad({ events: [] }, 'invalid game log: players: required'));

  it('names the path of a wrongly typed field', () => {
    const events = [
      suggestion('Ann', ['Scarlet', 'Rope', 'Hall'], 'Bob'),
      suggestion('Bob', ['Scarlet', 'Rope', 'Hall'], 'Cat'),
      { type: 'suggestion', by: 'Cat', cards: 'Scarlet', shownBy: 'Dan' },
    ];
    bad(log({ events }), 'invalid game log: event 3: cards: expected an array of card names');
  });

  it('says what shownBy should be', () => {
    bad(log({ events: [{ type: 'suggestion', by: 'Bob', cards: ['Scarlet', 'Rope', 'Hall'], shownBy: 3 }] }),
      'invalid game log: event 1: shownBy: expected a player name or null');
    bad(log({ events: [{ type: 'suggestion', by: 'Bob', cards: ['Scarlet', 'Rope', 'Hall'] }] }),
      'invalid game log: event 1: shownBy: required');
  });

  it('names a bad event type', () => {
    bad(log({ events: [{ type: 'rumour', by: 'Bob' }] }), 'event 1: type: expected "suggestion", "accusation", "look", "suggest", "nocard", "showcard" or "endmove"');
  });

  it('names an unknown event key', () => {
    bad(log({ events: [{ ...suggestion('Ann', ['Scarlet', 'Rope', 'Hall'], 'Bob'), shwon: 'Rope' }] }),
      'event 1: unknown key "shwon"; did you mean "shown"?');
  });

  it('lists the allowed keys when no key is close', () => {
    bad(log({ events: [{ ...suggestion('Ann', ['Scarlet', 'Rope', 'Hall'], 'Bob'), extra: 1 }] }),
      'event 1: unknown key "extra"; the keys are "type", "by", "cards", "shownBy" and "shown"');
  });

  it('rejects an event that is not an object', () => bad(log({ events: [5] }), 'event 1: expected an event object'));

  it('names the first bad element of a huge array (and does not gather 300,000 issues)', () => {
    const numbers = Array.from({ length: 300_000 }, (_, i) => i);
    bad(log({ events: [{ type: 'suggestion', by: 'Bob', cards: numbers, shownBy: null }] }), 'invalid game log: event 1: cards[0]: expected a card name');
    bad(log({ events: numbers }), 'invalid game log: event 1: expected an event object');
    bad({ players: numbers }, 'invalid game log: players[0]: expected a player name');
  });

  it('requires correct on an accusation', () => {
    bad(log({ events: [{ type: 'accusation', by: 'Bob', cards: ['Scarlet', 'Rope', 'Hall'], correct: 'no' }] }),
      'event 1: correct: expected true or false');
  });

  it('rejects hand sizes that are not non-negative integers', () => {
    bad(log({ handSizes: [5, 5, 4.5, 3.5] }), 'handSizes[2]: expected a non-negative integer');
    bad(log({ handSizes: [5, 5, 9, -1] }), 'handSizes[3]: expected a non-negative integer');
  });
});

describe('deck errors', () => {
  const withDeck = (deck: unknown) => ({ deck, players: ['A', 'B'] });

  it('needs a category', () => bad(withDeck({}), 'deck has no categories'));
  it('rejects an empty category', () => bad(withDeck({ who: ['A'], what: [] }), 'category "what" has no cards'));
  it('rejects an empty card name', () => bad(withDeck({ who: ['A', ' '] }), 'category "who" has an empty card name'));
  it('rejects a card twice in a category', () => bad(withDeck({ who: ['A', 'B', 'a'] }), 'card "a" appears twice in "who"'));
  it('rejects a card in two categories', () => {
    bad(withDeck({ who: ['Rope'], what: ['rope'] }), 'card "rope" appears in both "who" and "what"');
  });
  it('allows at most 32 cards', () => {
    const cards = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`);
    expect(parseGame(withDeck({ a: cards('a', 16), b: cards('b', 16) })).deck.cards).toHaveLength(32);
    bad(withDeck({ a: cards('a', 16), b: cards('b', 17) }), 'deck has 33 cards', 'at most 32');
  });
});

describe('setup errors', () => {
  it('needs 2 to 10 players', () => {
    bad({ players: ['Solo'] }, 'players', 'got 1');
    bad({ players: Array.from({ length: 11 }, (_, i) => `P${i}`) }, 'players', 'got 11');
  });
  it('rejects an empty player name', () => bad({ players: ['A', ' '] }, 'players: player 2 has an empty name'));
  it('rejects duplicate player names', () => bad({ players: ['Ann', 'Bob', 'ann'] }, 'players: "ann" appears twice'));

  it('checks the number of hand sizes', () => {
    bad(log({ handSizes: [6, 6, 6] }), 'handSizes has 3 entries, but there are 4 players');
  });
  it('checks the sum of hand sizes', () => {
    bad(log({ handSizes: [5, 5, 4, 3] }), 'handSizes sum to 17 but should sum to 18');
    bad(log({ faceUp: ['Plum', 'Wrench'], handSizes: [5, 5, 4, 4] }), 'sum to 18 but should sum to 16', '2 face up');
  });

  it('checks face-up cards', () => {
    bad(log({ faceUp: ['Scarlett'] }), 'faceUp: unknown card "Scarlett"; did you mean "Miss Scarlet"?');
    bad(log({ faceUp: ['Plum', 'professor plum'] }), 'faceUp: "Professor Plum" is listed twice');
    bad({ deck: { a: ['A', 'B'], b: ['C'] }, players: ['P', 'Q'], faceUp: ['A', 'B'] }, 'faceUp: 2 cards, but only 1 is left after the envelope');
  });

  it('checks the observer', () => {
    bad(log({ me: 'Eve' }), 'me: unknown player "Eve"');
    bad(log({ me: undefined }), 'myHand is given but "me" is not');
    bad(log({ myHand: undefined }), 'me is "Ann" but myHand is missing');
  });

  it('checks the observer\'s hand', () => {
    bad(log({ myHand: ['Knife', 'Hall', 'Green', 'Study', 'Lead Pipe', 'Pipe'] }), 'myHand: "Lead Pipe" is listed twice');
    bad(log({ myHand: ['Knife', 'Hall', 'Green', 'Stdy', 'Rope'] }), 'myHand: unknown card "Stdy"');
    bad(log({ faceUp: ['Rope', 'Plum'], myHand: ['Knife', 'Hall', 'Green', 'Rope'] }), 'myHand: "Rope" is face up');
    bad(log({ myHand: ['Knife', 'Hall', 'Green', 'Study'] }), 'myHand has 4 cards, but Ann\'s hand size is 5');
  });
});

describe('event errors', () => {
  const cards = ['Scarlet', 'Rope', 'Hall'];
  const withEvents = (...events: unknown[]) => log({ events });

  it('checks the suggester', () => {
    bad(withEvents(suggestion('Bbo', cards, 'Cat')), 'event 1 (suggestion): unknown player "Bbo"; did you mean "Bob"?');
  });

  it('needs one card of each category', () => {
    bad(withEvents(suggestion('Bob', ['Scarlet', 'Rope'], 'Cat')),
      'event 1 (suggestion by Bob): cards must name one card of each category', '"rooms" is missing');
    bad(withEvents(suggestion('Bob', ['Scarlet', 'White', 'Hall'], 'Cat')),
      '"suspects" is named 2 times ("Miss Scarlet" and "Mrs. White")', '"weapons" is missing');
    bad(withEvents(suggestion('Bob', cards, 'Cat'), accusation('Cat', ['Rope', 'Hall', 'Knife'], false)),
      'event 2 (accusation by Cat): cards must name one card of each category', '"suspects" is missing', '"weapons" is named 2 times');
  });

  it('checks the refuter', () => {
    bad(withEvents(suggestion('Bob', cards, 'Eve')), 'event 1 (suggestion by Bob): unknown player "Eve"');
    bad(withEvents(suggestion('Bob', cards, 'bob')), 'event 1 (suggestion by Bob): shownBy is Bob, who made the suggestion');
  });

  it('allows a shown card only in the log of the suggester or of the refuter', () => {
    bad({ players: ['Ann', 'Bob'], events: [suggestion('Ann', cards, 'Bob', 'Rope')] },
      'event 1 (suggestion by Ann): "shown" is given but only Bob and Ann see the card, and the log has no observer ("me") and no deal');
    bad(withEvents(suggestion('Bob', cards, 'Cat', 'Rope')),
      'event 1 (suggestion by Bob): "shown" is given but only Cat and Bob see the card, and the observer is Ann');
    bad(withEvents(suggestion('Ann', cards, null, 'Rope')), 'event 1 (suggestion by Ann): "shown" is given but shownBy is null');
    bad(withEvents(suggestion('Ann', cards, 'Bob', 'Knife')),
      'event 1 (suggestion by Ann): "shown" is "Knife", not one of the named cards');
    bad(withEvents(suggestion('Ann', cards, 'Bob', 'Rpoe')), 'event 1 (suggestion by Ann): unknown card "Rpoe"');
  });

  it('accepts the card the observer showed, when it is in their hand', () => {
    // Ann holds Rope and Hall; she refutes Dan's suggestion and records what she showed.
    const game = parseGame(withEvents(suggestion('Dan', ['Plum', 'Rope', 'Hall'], 'Ann', 'rope')));
    expect(game.events[0]).toMatchObject({ by: 3, shownBy: 0, shown: CLASSIC_DECK.cards.indexOf('Rope') });
    bad(withEvents(suggestion('Dan', ['Plum', 'Wrench', 'Hall'], 'Ann', 'Wrench')),
      'event 1 (suggestion by Dan): Ann showed "Wrench", but it is not in myHand');
    bad(withEvents(suggestion('Dan', ['Plum', 'Rope', 'Hall'], 'Ann', 'Knife')),
      'event 1 (suggestion by Dan): "shown" is "Knife", not one of the named cards');
  });

  it('stops an eliminated player', () => {
    const wrong = accusation('Dan', ['Plum', 'Wrench', 'Study'], false);
    bad(withEvents(suggestion('Bob', cards, 'Cat'), suggestion('Cat', cards, 'Dan'), suggestion('Dan', cards, 'Ann'), suggestion('Ann', cards, 'Bob'),
      wrong, suggestion('Ann', cards, 'Bob'), suggestion('Dan', cards, 'Ann')),
    'event 7 (suggestion by Dan): Dan suggests but was eliminated by a wrong accusation at event 5');
    bad(withEvents(wrong, accusation('Dan', cards, true)), 'event 2 (accusation by Dan): Dan accuses but was eliminated by a wrong accusation at event 1');
    // An eliminated player still answers suggestions.
    expect(parseGame(withEvents(wrong, suggestion('Cat', cards, 'Dan'))).events).toHaveLength(2);
  });

  it('ends the game at a correct accusation', () => {
    bad(withEvents(accusation('Bob', cards, true), suggestion('Cat', cards, 'Dan')),
      'event 2 (suggestion by Cat): the game ended with the correct accusation at event 1');
  });
});

describe('constraintsOf', () => {
  // Cards: A=0 B=1 | X=2 Y=3 | P=4 Q=5. Seats W=0 N=1 E=2 S=3, envelope = owner 4.
  const deck = { who: ['A', 'B'], what: ['X', 'Y'], where: ['P', 'Q'] };
  const players = ['W', 'N', 'E', 'S'];
  const AXP = 0b010101;
  const game = (events: unknown[], extra: Record<string, unknown> = {}) =>
    parseGame({ deck, players, events, ...extra });

  it('records the setup', () => {
    const store = constraintsOf(game([], { faceUp: ['B'], handSizes: [1, 1, 0, 0] }));
    expect(store).toMatchObject({ nCards: 6, nSeats: 4, categoryMasks: [0b11, 0b1100, 0b110000], faceUpMask: 0b10 });
    expect(store.handSizes).toEqual([1, 1, 0, 0]);
    expect(store.holds).toEqual([0, 0, 0, 0, 0]);
    expect(store.lacks).toEqual([0, 0, 0, 0, 0]);
    expect(store.clauses).toEqual([]);
  });

  it('gives the observer their hand and nothing else', () => {
    const store = constraintsOf(game([], { me: 'N', myHand: ['Y'] }));
    expect(store.holds).toEqual([0, 0b1000, 0, 0, 0]);
    expect(store.lacks).toEqual([0, 0b110111, 0, 0, 0]);
  });

  it('makes the seats between suggester and refuter lack the cards', () => {
    const store = constraintsOf(game([suggestion('N', ['A', 'X', 'P'], 'S')]));
    expect(store.lacks).toEqual([0, 0, AXP, 0, 0]);
    expect(store.clauses).toEqual([{ cards: AXP, owners: 1 << 3 }]);
  });

  it('wraps around the table', () => {
    const store = constraintsOf(game([suggestion('E', ['A', 'X', 'P'], 'N')]));
    expect(store.lacks).toEqual([AXP, 0, 0, AXP, 0]);
    expect(store.clauses).toEqual([{ cards: AXP, owners: 1 << 1 }]);
  });

  it('makes no seat lack anything when the next seat refutes', () => {
    const store = constraintsOf(game([suggestion('S', ['B', 'Y', 'Q'], 'W')]));
    expect(store.lacks).toEqual([0, 0, 0, 0, 0]);
    expect(store.clauses).toEqual([{ cards: 0b101010, owners: 1 }]);
  });

  it('makes every other seat lack the cards when nobody refutes', () => {
    const store = constraintsOf(game([suggestion('N', ['A', 'X', 'P'], null)]));
    expect(store.lacks).toEqual([AXP, 0, AXP, AXP, 0]);
    expect(store.clauses).toEqual([]);
  });

  it('records a card the observer was shown', () => {
    const store = constraintsOf(game([suggestion('W', ['A', 'X', 'P'], 'E', 'X')], { me: 'W', myHand: ['Y'] }));
    expect(store.holds).toEqual([0b1000, 0, 0b100, 0, 0]);
    expect(store.lacks).toEqual([0b110111, AXP, 0, 0, 0]);
    expect(store.clauses).toEqual([]);
  });

  it('records the card the observer showed as theirs, as their hand already says', () => {
    const store = constraintsOf(game([suggestion('S', ['A', 'X', 'P'], 'N', 'X')], { me: 'N', myHand: ['X'] }));
    expect(store.holds).toEqual([0, 0b100, 0, 0, 0]);
    // W, between S and N, lacks the cards; N's refutation is no open clause: the card is known.
    expect(store.lacks).toEqual([AXP, 0b111011, 0, 0, 0]);
    expect(store.clauses).toEqual([]);
  });

  it('records accusations', () => {
    const store = constraintsOf(game([accusation('N', ['A', 'X', 'P'], false), accusation('E', ['B', 'Y', 'Q'], true)]));
    // A wrong accusation: some accused card is with a seat (bits 0-3) or face up (table, bit 5).
    expect(store.clauses).toEqual([{ cards: AXP, owners: 0b101111 }]);
    expect(store.holds).toEqual([0, 0, 0, 0, 0b101010]);
  });

  it('stops after eventCount events', () => {
    const g = game([suggestion('N', ['A', 'X', 'P'], 'S'), suggestion('W', ['B', 'Y', 'Q'], null)]);
    expect(constraintsOf(g, 0).lacks).toEqual([0, 0, 0, 0, 0]);
    expect(constraintsOf(g, 1).lacks).toEqual([0, 0, AXP, 0, 0]);
    expect(constraintsOf(g).lacks).toEqual([0, 0b101010, AXP | 0b101010, 0b101010, 0]);
    expectInputError(() => constraintsOf(g, 3), 'the log has 2 events');
  });

  it('keeps masks unsigned for card 31', () => {
    const cards = (p: string) => Array.from({ length: 8 }, (_, i) => `${p}${i}`);
    const g = parseGame({
      deck: { a: cards('a'), b: cards('b'), c: cards('c'), d: cards('d') },
      players: ['W', 'N'],
      me: 'W',
      myHand: ['a0', ...cards('d').slice(1, 7), 'd7', ...cards('c').slice(0, 6)],
      // W cannot see which card N shows (no "shown"): N holds one of the four, card 31 (d7) included.
      events: [suggestion('W', ['a1', 'b1', 'c7', 'd7'], 'N')],
    });
    const store = constraintsOf(g);
    expect(store.categoryMasks[3]).toBe(0xff000000);
    expect(store.holds[0]).toBeGreaterThan(0);
    expect(store.holds[0] & 0x80000000).not.toBe(0);
    expect(store.holds[0] + store.lacks[0]).toBe(0xffffffff);
    expect(store.clauses).toEqual([{ cards: (1 << 1 | 1 << 9 | 1 << 23 | 1 << 31) >>> 0, owners: 2 }]);
    expect(store.clauses[0].cards).toBeGreaterThan(0);
  });
});

describe('names that could be lost or misread', () => {
  const deck = { who: ['Ada', 'Bo'], what: ['axe', 'bat'], where: ['attic', 'barn'] };

  it('refuses a player named like the other owners, "envelope" or "table", in any case', () => {
    bad({ deck, players: ['A', 'Envelope'] }, 'players: "Envelope" cannot name a player', '"envelope" and "table"');
    bad({ deck, players: [' table ', 'B'] }, 'players: "table" cannot name a player');
  });

  it('keeps a card or a category named "__proto__" (JSON.parse makes it an own key)', () => {
    const json = JSON.parse('{"deck": {"__proto__": ["__proto__", "constructor"], "what": ["axe", "bat"]}, "players": ["A", "B"]}');
    const game = parseGame(json);
    expect(game.deck.categories.map((c) => c.name)).toEqual(['__proto__', 'what']);
    expect(game.deck.cards).toEqual(['__proto__', 'constructor', 'axe', 'bat']);
  });

  it('checks the cards of every category, "__proto__" too', () => {
    bad(JSON.parse('{"deck": {"__proto__": "axe"}, "players": ["A", "B"]}'), 'invalid game log: deck.__proto__: expected an array of card names');
    bad({ deck: { who: ['A', 3] }, players: ['A', 'B'] }, 'invalid game log: deck.who[1]: expected a card name');
    bad({ deck: ['A', 'B'], players: ['A', 'B'] }, 'invalid game log: deck: expected an object mapping each category to its card names');
  });

  it('refuses a category named like a whole number, which JSON objects would move first', () => {
    bad({ deck: { who: ['A'], 7: ['B'] }, players: ['P', 'Q'] }, 'deck: category "7" is a whole number', 'order');
    expect(parseGame({ deck: { who: ['A'], '7s': ['B'], '-1': ['C'] }, players: ['P', 'Q'] }).deck.categories.map((c) => c.name)).toEqual(['who', '7s', '-1']);
  });

  it('refuses an empty category name', () => bad({ deck: { '': ['A'], ' ': ['B'] }, players: ['P', 'Q'] }, 'deck: a category has an empty name'));

  it('shortens long names in messages and keeps messages on one line', () => {
    const long = 'Z'.repeat(100_000);
    let message = '';
    try {
      parseGame({ deck, players: ['A', 'B'], me: long, myHand: [] });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^me: unknown player "Z{40}…" \(100,000 characters\); the players are "A" and "B"$/);
    bad({ deck, players: ['two\nlines', 'B'], events: [suggestion('B', ['Ada', 'axe', 'attic'], 'two\nlines', 'axe')] }, 'players[0] "two\\nlines": a name may not contain the control character U+000A');
    bad({ deck, players: ['A', 'B'], me: 'A', myHand: ['Ada', 'bat'], events: [suggestion('B', ['Ada', 'axe', 'attic'], 'A', 'new\nline')] },
      'unknown card "new\\nline"');
  });

  it('answers an unknown long name without edit distances over it', async () => {
    // Every edit distance the names' checks compute, seen by a spy that computes it: a fresh copy
    // of the log reader, loaded after the spy replaces fastest-levenshtein's (whatever this
    // worker loaded before).
    const pairs: string[][] = [];
    vi.resetModules();
    vi.doMock('fastest-levenshtein', async (original) => {
      const real = await original<typeof import('fastest-levenshtein')>();
      return { ...real, distance: (a: string, b: string) => (pairs.push([a, b]), real.distance(a, b)) };
    });
    try {
      const { parseGame: parse } = await import('../src/io/log.js');
      const refused = (json: unknown, fragment: string) => {
        expect(() => parse(json)).toThrow(expect.objectContaining({ name: expect.stringMatching(/^(InputError|UnknownNameError)$/), message: expect.stringContaining(fragment) }));
      };
      const names = ['a', 'b', 'c'].map((l) => l.repeat(200_000));
      // The edit distance of two 200,000-character names alone takes minutes: none is computed.
      refused({ deck: { x: names, y: ['Y'] }, players: ['P', 'Q'], events: [suggestion('P', ['z'.repeat(200_000), 'Y'], null)] }, '(200,000 characters)');
      refused({ deck: { x: names, y: ['Y'] }, players: ['P', 'Q'], events: [suggestion('P', ['aaaaab', 'Y'], null)] }, 'unknown card "aaaaab"');
      expect(Math.max(0, ...pairs.flat().map((s) => s.length))).toBeLessThanOrEqual(256);
      // The spy does see the distances of short names: a typo is still answered with its guess.
      refused({ deck, players: ['A', 'B'], me: 'A', myHand: ['Ada', 'bat'], events: [suggestion('B', ['Ada', 'axe', 'atic'], null)] }, 'did you mean "attic"?');
      expect(pairs.length).toBeGreaterThan(0);
    } finally {
      vi.doUnmock('fastest-levenshtein');
      vi.resetModules();
    }
  });
});

describe('reading a log file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-read-'));
  const write = (name: string, text: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('refuses what is not a regular file, saying what it is', () => {
    expectInputError(() => readGameLogFile('/dev/zero'), 'cannot read game log "/dev/zero": it is a character device, not a regular file');
  });

  it('refuses a file over 64 MiB without reading it', () => {
    const path = join(dir, 'huge.json');
    writeFileSync(path, '');
    truncateSync(path, 65 * 2 ** 20);
    expectInputError(() => readGameLogFile(path), 'it is 65 MiB, over the limit of 64 MiB');
  });

  it('names a UTF-16 file', () => {
    expectInputError(() => readGameLogFile(write('u16.json', Buffer.from('\uFEFF{}', 'utf16le'))), 'u16.json is UTF-16 text; save it as UTF-8');
  });

  it('refuses a key given twice in the deck or at the top level (JSON.parse would keep the last)', () => {
    expectInputError(() => readGameLogFile(write('dup.json', '{"deck": {"who": ["A"], "what": ["B"], "who": ["C"]}, "players": ["P", "Q"]}')),
      'invalid game log: deck: key "who" is given twice (JSON keeps only the last)');
    expectInputError(() => readGameLogFile(write('dup2.json', '{"players": ["P"], "deck": {"who": ["A"]}, "players": ["P", "Q"]}')),
      'invalid game log: key "players" is given twice');
    // equal keys in different objects, and keys spelt with escapes, are told apart correctly
    expect(readGameLogFile(write('ok.json', '{"deck": {"w\\u0068o": ["who", "{\\"who\\": 1}"], "what": ["who"]}, "players": [{"who": 1}]}'))).toBeTruthy();
    expectInputError(() => readGameLogFile(write('esc.json', '{"deck": {"w\\u0068o": ["A"], "who": ["B"]}}')), 'deck: key "who" is given twice');
  });
});

// ---------------------------------------------------------------------------------------------
// The epistemic additions (docs/epistemic.md §1): rules, a full deal, and the knowledge actions.

const cardIndex = (name: string) => CLASSIC_DECK.cards.indexOf(name);
const suggest = (by: string, cards: string[]) => ({ type: 'suggest', by, cards });
const nocard = (by: string, cards: string[]) => ({ type: 'nocard', by, cards });
const showcard = (by: string, to: string, cards: string[], shown?: string) =>
  shown === undefined ? { type: 'showcard', by, to, cards } : { type: 'showcard', by, to, cards, shown };
const endmove = (by: string) => ({ type: 'endmove', by });
const look = { type: 'look' };

/** The contract's example (docs/epistemic.md §1): a full record under the variant rules. */
const CONTRACT_EXAMPLE = {
  deck: {
    suspects: ['Professor_Plum', 'Mr_Green', 'Mrs_Peacock', 'Miss_Scarlett'],
    weapons: ['Knife', 'Candlestick', 'Pistol', 'Rope'],
  },
  players: ['a1', 'a3', 'a2'],
  rules: { answers: 'all', suggesterHoldsNone: true, handQuotas: { suspects: 1, weapons: 1 } },
  deal: {
    a1: ['Mr_Green', 'Candlestick'],
    a2: ['Mrs_Peacock', 'Pistol'],
    a3: ['Miss_Scarlett', 'Rope'],
    envelope: ['Professor_Plum', 'Knife'],
  },
  events: [
    { type: 'look' },
    { type: 'suggest', by: 'a1', cards: ['Pistol', 'Professor_Plum'] },
    { type: 'nocard', by: 'a3', cards: ['Pistol', 'Professor_Plum'] },
    { type: 'showcard', by: 'a2', to: 'a1', cards: ['Pistol', 'Professor_Plum'], shown: 'Pistol' },
    { type: 'endmove', by: 'a1' },
  ],
};

/**
 * A classic deal of the four seats of `log()` that makes every event of the positions below true:
 * Ann holds her hand of log(); the envelope is Mrs. White, Revolver, Billiard Room.
 */
const CLASSIC_DEAL = {
  Ann: ['Knife', 'Hall', 'Mr. Green', 'Study', 'Rope'],
  Bob: ['Colonel Mustard', 'Mrs. Peacock', 'Lead Pipe', 'Ballroom', 'Conservatory'],
  Cat: ['Candlestick', 'Library', 'Professor Plum', 'Dining Room'],
  Dan: ['Miss Scarlet', 'Wrench', 'Kitchen', 'Lounge'],
  envelope: ['Mrs. White', 'Revolver', 'Billiard Room'],
};

describe('rules', () => {
  const quotaDeck = { who: ['A', 'B', 'C', 'D', 'E'], what: ['X', 'Y', 'Z'], where: ['P', 'Q', 'R'] };
  // 11 cards, 3 in the envelope, 8 dealt to 2 seats of 4: 4 of "who", 2 of "what", 2 of "where".
  const quotaLog = (handQuotas: unknown, extra: Record<string, unknown> = {}) => ({ deck: quotaDeck, players: ['S', 'T'], rules: { handQuotas }, ...extra });

  it('defaults to the standard rules', () => {
    expect(parseGame(log()).rules).toEqual(DEFAULT_RULES);
    expect(parseGame(log({ rules: {} })).rules).toEqual(DEFAULT_RULES);
    expect(parseGame(log()).deal).toBeNull();
  });

  it('reads the answer rule, suggesterHoldsNone and hand quotas (in deck order, null where free)', () => {
    expect(parseGame(log({ rules: { answers: 'all', suggesterHoldsNone: true } })).rules).toEqual({ ...DEFAULT_RULES, answers: 'all', suggesterHoldsNone: true });
    expect(parseGame(quotaLog({ where: 1, who: 2 })).rules.handQuotas).toEqual([2, null, 1]);
    expect(parseGame(quotaLog({ who: 2, what: 1, where: 1 }, { handSizes: [4, 4] })).rules.handQuotas).toEqual([2, 1, 1]);
    expect(parseGame(quotaLog({})).rules.handQuotas).toBeNull();
  });

  it('resolves category names like other names, and exactly first', () => {
    expect(parseGame(quotaLog({ WHO: 2 })).rules.handQuotas).toEqual([2, null, null]);
    // (every dealt suspect face up, so that no hand holds one)
    const noSuspects = { players: ['A', 'B'], faceUp: ['Mustard', 'White', 'Green', 'Peacock', 'Plum'], rules: { handQuotas: { Suspects: 0 } } };
    expect(parseGame(noSuspects).rules.handQuotas).toEqual([0, null, null]);
    // A unique prefix of the name or of one of its words names a category, as it names a card.
    expect(parseGame(quotaLog({ wha: 1, where: 1 }, { handSizes: [4, 4] })).rules.handQuotas).toEqual([null, 1, 1]);
    // Two categories that differ only in case cannot be told apart: the deck is refused.
    const twins = { deck: { Who: ['A', 'B', 'C'], who: ['D', 'E', 'F'] }, players: ['S', 'T'] };
    bad(twins, 'deck: categories "Who" and "who" have the same name');
  });

  it('refuses what is not a rule, naming it', () => {
    bad(log({ rules: { answers: 'some' } }), 'invalid game log: rules.answers: expected "first" or "all"');
    bad(log({ rules: { suggesterHoldsNone: 'yes' } }), 'invalid game log: rules.suggesterHoldsNone: expected false or true');
    bad(log({ rules: { answerOrder: 'left' } }), 'invalid game log: rules.answerOrder: expected "next" or "previous"');
    bad(log({ rules: { answer: 'all' } }), 'invalid game log: rules: unknown key "answer"; did you mean "answers"?');
    bad(log({ rules: { speed: 1 } }), 'invalid game log: rules: unknown key "speed"; the keys are "answers", "answerOrder", "suggesterHoldsNone" and "handQuotas"');
    bad(log({ rules: 'all' }), 'invalid game log: rules: expected an object of rule variants');
  });

  it('refuses bad quotas, naming the category', () => {
    bad(quotaLog([1, 2]), 'invalid game log: rules.handQuotas: expected an object mapping categories to the number of their cards in each hand');
    bad(quotaLog({ who: -1 }), 'invalid game log: rules.handQuotas.who: expected a non-negative integer');
    bad(quotaLog({ where: 1.5 }), 'invalid game log: rules.handQuotas.where: expected a non-negative integer');
    bad(quotaLog({ wh0: 1 }), 'rules.handQuotas: unknown category "wh0"; did you mean "who"?');
    bad(quotaLog({ colour: 1 }), 'rules.handQuotas: unknown category "colour"; the categories are "who", "what" and "where"');
    bad(log({ rules: { handQuotas: { suspcts: 1 } } }), 'rules.handQuotas: unknown category "suspcts"; did you mean "suspects"?');
    bad(quotaLog({ who: 2, WHO: 2 }), 'rules.handQuotas: "who" and "WHO" both name the category "who"');
  });

  it('needs hand sizes that agree with the quotas, naming the seat', () => {
    bad(quotaLog({ who: 2, what: 1 }, { handSizes: [6, 2] }), 'rules.handQuotas: the quotas put 3 cards in each hand, but T\'s hand size is 2');
    bad(quotaLog({ who: 2, what: 1, where: 1 }, { handSizes: [5, 3] }),
      'rules.handQuotas: every category has a quota, so each hand holds exactly 4 cards, but S\'s hand size is 5');
  });

  it('needs as many dealt cards of a category as the quotas put in the hands, naming the category', () => {
    // "who" has 4 dealt cards (5, one in the envelope): 2 hands of 1 would leave 2 of them in no hand.
    bad(quotaLog({ who: 1 }), 'rules.handQuotas: 2 hands of 1 "who" hold 2 cards, but 4 are dealt (5 in the deck, 1 in the envelope)');
    bad(quotaLog({ where: 2 }), 'rules.handQuotas: 2 hands of 2 "where" hold 4 cards, but 2 are dealt (3 in the deck, 1 in the envelope)');
    // Face-up cards are dealt to nobody.
    expect(parseGame(quotaLog({ who: 1 }, { faceUp: ['A', 'B'] })).rules.handQuotas).toEqual([1, null, null]);
    bad(quotaLog({ where: 1 }, { faceUp: ['P'] }), '2 hands of 1 "where" hold 2 cards, but 1 is dealt (3 in the deck, 1 in the envelope, 1 face up)');
  });

  it("checks the observer's hand against the quotas", () => {
    expect(parseGame(quotaLog({ where: 1 }, { me: 'S', myHand: ['A', 'B', 'P', 'X'] })).myHand).toHaveLength(4);
    bad(quotaLog({ where: 1 }, { me: 'S', myHand: ['A', 'B', 'C', 'X'] }), 'myHand has 0 "where" but rules.handQuotas gives every hand 1');
  });

  it('refuses the suggestion shorthand when every seat answers', () => {
    const cards = ['Scarlet', 'Rope', 'Hall'];
    bad(log({ rules: { answers: 'all' }, events: [suggestion('Bob', cards, 'Cat')] }),
      'event 1 (suggestion by Bob): under rules.answers "all" every other seat answers', 'use suggest, nocard and showcard events');
    const game = parseGame(log({ rules: { answers: 'all' }, events: [suggest('Bob', cards), nocard('Cat', cards), showcard('Dan', 'Bob', cards), showcard('Ann', 'Bob', cards, 'Rope')] }));
    expect(game.events.map((e) => e.type)).toEqual(['suggest', 'nocard', 'showcard', 'showcard']);
  });
});

describe('deal', () => {
  const withDeal = (deal: unknown, extra: Record<string, unknown> = {}) => ({ players: ['Ann', 'Bob', 'Cat', 'Dan'], deal, ...extra });
  const dealWith = (changes: Record<string, unknown>): Record<string, unknown> => ({ ...CLASSIC_DEAL, ...changes });
  const without = (key: string) => Object.fromEntries(Object.entries(CLASSIC_DEAL).filter(([k]) => k !== key));
  const uneven = { handSizes: [5, 5, 3, 3] };

  it('records the owner of every card; "me" may be absent', () => {
    const game = parseGame(withDeal(CLASSIC_DEAL));
    expect(game.me).toBeNull();
    expect(game.deal).toHaveLength(21);
    expect(game.deal![cardIndex('Knife')]).toBe(0);
    expect(game.deal![cardIndex('Lead Pipe')]).toBe(1);
    expect(game.deal![cardIndex('Revolver')]).toBe(ENVELOPE);
    expect(game.deal![cardIndex('Wrench')]).toBe(3);
  });

  it("resolves owners like names, and gives the observer its hand from the deal when myHand is absent", () => {
    const game = parseGame(withDeal({ ann: CLASSIC_DEAL.Ann, BOB: CLASSIC_DEAL.Bob, Cat: CLASSIC_DEAL.Cat, Dan: CLASSIC_DEAL.Dan, Envelope: CLASSIC_DEAL.envelope }, { me: 'Cat' }));
    expect(game.myHand).toEqual(CLASSIC_DEAL.Cat.map(cardIndex));
    expect(parseGame(withDeal(CLASSIC_DEAL, { me: 'Ann', myHand: ['Rope', 'Study', 'Green', 'Hall', 'Knife'] })).me).toBe(0);
  });

  it('puts the face-up cards on the table: "table" gives them, or agrees with faceUp', () => {
    const deal = dealWith({ Cat: ['Candlestick', 'Library', 'Professor Plum'], Dan: ['Miss Scarlet', 'Wrench', 'Kitchen'], table: ['Dining Room', 'Lounge'] });
    const game = parseGame(withDeal(deal, uneven));
    expect(game.faceUp).toEqual(['Dining Room', 'Lounge'].map(cardIndex));
    expect(game.deal![cardIndex('Lounge')]).toBe(TABLE);
    expect(parseGame(withDeal(deal, { ...uneven, faceUp: ['Lounge', 'Dining'] })).faceUp).toEqual(['Lounge', 'Dining Room'].map(cardIndex));
    // Without "table", the face-up cards are on it.
    const { table: _, ...noTable } = deal;
    expect(parseGame(withDeal(noTable, { ...uneven, faceUp: ['Lounge', 'Dining'] })).deal![cardIndex('Lounge')]).toBe(TABLE);
    bad(withDeal(deal, { ...uneven, faceUp: ['Lounge', 'Kitchen'] }), 'deal.table: "Dining Room" is on the table but not in faceUp');
    bad(withDeal(dealWith({ table: [] }), { faceUp: ['Lounge'], handSizes: [5, 5, 4, 3] }), 'deal.table: "Lounge" is in faceUp but not on the table');
    bad(withDeal(noTable, { ...uneven, faceUp: ['Lounge', 'Kitchen'] }), 'deal: "Kitchen" is dealt twice (to Dan and to the table)');
  });

  it('names an unknown or repeated owner', () => {
    bad(withDeal(dealWith({ Eve: [] })), 'invalid game log: deal: unknown key "Eve"; the keys are "Ann", "Bob", "Cat", "Dan", "envelope" and "table"');
    bad(withDeal({ ...without('envelope'), envelpoe: CLASSIC_DEAL.envelope }), 'invalid game log: deal: unknown key "envelpoe"; did you mean "envelope"?');
    expect(parseGame(withDeal({ ...without('envelope'), env: CLASSIC_DEAL.envelope })).deal).toEqual(parseGame(withDeal(CLASSIC_DEAL)).deal);
    bad(withDeal(dealWith({ ann: [] })), 'deal: "Ann" and "ann" both give Ann\'s hand');
    bad(withDeal(dealWith({ Envelope: [] })), 'deal: "envelope" and "Envelope" both give the envelope');
  });

  it('refuses a deal that is not one, naming the culprit', () => {
    bad(withDeal(['Knife']), 'invalid game log: deal: expected an object mapping each seat, the envelope and the table to its cards');
    bad(withDeal(dealWith({ Bob: 'Knife' })), 'invalid game log: deal.Bob: expected an array of card names');
    bad(withDeal(dealWith({ Bob: ['Knfe'] })), 'deal.Bob: unknown card "Knfe"; did you mean "Knife"?');
    bad(withDeal(without('Dan')), "deal: Dan's hand is missing");
    bad(withDeal(without('envelope')), 'deal: the envelope is missing');
    bad(withDeal(dealWith({ envelope: ['Mrs. White', 'Plum', 'Billiard Room'] })), 'deal.envelope: cards must name one card of each category', '"weapons" is missing');
    bad(withDeal(dealWith({ Dan: ['Miss Scarlet', 'Wrench', 'Kitchen', 'Knife'] })), 'deal: "Knife" is dealt twice (to Ann and to Dan)');
    bad(withDeal(dealWith({ Dan: ['Miss Scarlet', 'Wrench', 'Kitchen', 'Kitchen'] })), 'deal.Dan: "Kitchen" is listed twice');
    bad(withDeal(dealWith({ Dan: ['Miss Scarlet', 'Wrench', 'Kitchen'] })), 'deal: "Lounge" is in no hand, not in the envelope and not on the table');
    bad(withDeal(dealWith({ Cat: ['Candlestick', 'Library', 'Professor Plum', 'Dining Room', 'Lounge'], Dan: ['Miss Scarlet', 'Wrench', 'Kitchen'] })),
      'deal.Cat: Cat holds 5 cards, but Cat\'s hand size is 4 (the log gives no handSizes');
    expect(parseGame(withDeal(dealWith({ Cat: ['Candlestick', 'Library', 'Professor Plum', 'Dining Room', 'Lounge'], Dan: ['Miss Scarlet', 'Wrench', 'Kitchen'] }), { handSizes: [5, 5, 5, 3] })).handSizes)
      .toEqual([5, 5, 5, 3]);
  });

  it('respects the hand quotas', () => {
    const deck = { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] };
    const rules = { handQuotas: { who: 1 } };
    expect(parseGame({ deck, players: ['S', 'T'], rules, deal: { S: ['A', 'X'], T: ['B', 'Y'], envelope: ['C', 'Z'] } }).deal).toEqual([0, 1, ENVELOPE, 0, 1, ENVELOPE]);
    bad({ deck, players: ['S', 'T'], rules, deal: { S: ['A', 'B'], T: ['X', 'Y'], envelope: ['C', 'Z'] } }, 'deal.S: S holds 2 "who" but rules.handQuotas gives every hand 1');
  });

  it('must agree with myHand', () => {
    bad(withDeal(CLASSIC_DEAL, { me: 'Bob', myHand: ['Colonel Mustard', 'Mrs. Peacock', 'Lead Pipe', 'Ballroom', 'Kitchen'] }),
      'myHand does not agree with the deal: "Kitchen" is in myHand but the deal gives it to Dan');
    bad(withDeal(CLASSIC_DEAL, { me: 'Bob', myHand: ['Colonel Mustard', 'Mrs. Peacock', 'Lead Pipe', 'Ballroom', 'Revolver'] }),
      'the deal gives it to the envelope');
  });

  it('refuses a deal, rules or quotas given twice in the file (JSON keeps only the last)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluedo-deal-'));
    const path = join(dir, 'twice.json');
    writeFileSync(path, '{"players": ["A", "B"], "deal": {"A": ["Knife"], "B": [], "A": []}}');
    expectInputError(() => readGameLogFile(path), 'invalid game log: deal: key "A" is given twice');
    writeFileSync(path, '{"players": ["A", "B"], "rules": {"handQuotas": {"rooms": 1, "rooms": 2}}}');
    expectInputError(() => readGameLogFile(path), 'invalid game log: rules.handQuotas: key "rooms" is given twice');
    writeFileSync(path, '{"players": ["A", "B"], "rules": {"answers": "all"}, "rules": {}}');
    expectInputError(() => readGameLogFile(path), 'invalid game log: key "rules" is given twice');
  });
});

describe('the knowledge actions', () => {
  const cards = ['Scarlet', 'Rope', 'Hall'];
  const withEvents = (...events: unknown[]) => log({ events });
  const withDealEvents = (...events: unknown[]) => ({ players: ['Ann', 'Bob', 'Cat', 'Dan'], deal: CLASSIC_DEAL, events });

  it('parses each event with its names resolved and cards in category order', () => {
    const game = parseGame(withEvents(look, suggest('bob', ['Hall', 'Scarlet', 'Rope']), nocard('CAT', cards), showcard('Dan', 'bob', cards), showcard('Ann', 'Dan', cards, 'rope'), endmove('Bob')));
    const named = [cardIndex('Miss Scarlet'), cardIndex('Rope'), cardIndex('Hall')];
    expect(game.events).toEqual([
      { type: 'look' },
      { type: 'suggest', by: 1, cards: named },
      { type: 'nocard', by: 2, cards: named },
      { type: 'showcard', by: 3, to: 1, cards: named, shown: null },
      { type: 'showcard', by: 0, to: 3, cards: named, shown: cardIndex('Rope') },
      { type: 'endmove', by: 1 },
    ]);
    expect(game.events.map((_, i) => eventLabel(game, i))).toEqual([
      'event 1 (look)', 'event 2 (suggest by Bob)', 'event 3 (nocard by Cat)', 'event 4 (showcard by Dan)', 'event 5 (showcard by Ann)', 'event 6 (endmove by Bob)',
    ]);
    expect(game.events.map((_, i) => describeEvent(game, i))).toEqual([
      'event 1 (look)',
      'event 2 (suggest by Bob: Miss Scarlet, Rope, Hall)',
      'event 3 (nocard by Cat: Miss Scarlet, Rope, Hall)',
      'event 4 (showcard by Dan to Bob: Miss Scarlet, Rope, Hall; showing one of them)',
      'event 5 (showcard by Ann to Dan: Miss Scarlet, Rope, Hall; showing Rope)',
      'event 6 (endmove by Bob)',
    ]);
  });

  it('checks keys strictly, hinting the nearest', () => {
    bad(withEvents({ ...nocard('Bob', cards), shown: 'Rope' }), 'invalid game log: event 1: unknown key "shown"; the keys are "type", "by" and "cards"');
    bad(withEvents({ ...showcard('Bob', 'Ann', cards), shwon: 'Rope' }), 'invalid game log: event 1: unknown key "shwon"; did you mean "shown"?');
    bad(withEvents({ ...showcard('Bob', 'Ann', cards), too: 'Ann' }), 'invalid game log: event 1: unknown key "too"; did you mean "to"?');
    bad(withEvents({ type: 'look', by: 'Ann' }), 'invalid game log: event 1: unknown key "by"; the keys are "type"');
    bad(withEvents({ ...endmove('Bob'), cards }), 'invalid game log: event 1: unknown key "cards"; the keys are "type" and "by"');
    bad(withEvents({ ...suggest('Bob', cards), shownBy: 'Cat' }), 'event 1: unknown key "shownBy"; the keys are "type", "by" and "cards"');
    bad(withEvents({ type: 'showcard', by: 'Bob', cards }), 'invalid game log: event 1: to: required');
    bad(withEvents({ type: 'nocard', cards }), 'invalid game log: event 1: by: required');
  });

  it('needs one card of each category, and known players', () => {
    bad(withEvents(nocard('Bob', ['Scarlet', 'Rope'])), 'event 1 (nocard by Bob): cards must name one card of each category', '"rooms" is missing');
    bad(withEvents(showcard('Bob', 'Ann', ['Scarlet', 'White', 'Hall'])), 'event 1 (showcard by Bob): cards must name one card of each category');
    bad(withEvents(suggest('Bob', ['Scarlett', 'Rope', 'Hall'])), 'event 1 (suggest by Bob): unknown card "Scarlett"');
    bad(withEvents(nocard('Bbo', cards)), 'event 1 (nocard): unknown player "Bbo"; did you mean "Bob"?');
    bad(withEvents(showcard('Bob', 'Eve', cards)), 'event 1 (showcard by Bob): unknown player "Eve"');
    bad(withEvents(endmove('Eve')), 'event 1 (endmove): unknown player "Eve"');
  });

  it('showcard: to another seat, a shown card among the cards, known only to the two seats', () => {
    bad(withEvents(showcard('Bob', 'bob', cards)), 'event 1 (showcard by Bob): "to" is Bob, who shows the card');
    bad(withEvents(showcard('Bob', 'Ann', cards, 'Knife')), 'event 1 (showcard by Bob): "shown" is "Knife", not one of the named cards');
    bad({ players: ['Ann', 'Bob'], events: [showcard('Bob', 'Ann', cards, 'Rope')] },
      'event 1 (showcard by Bob): "shown" is given but only Bob and Ann see the card, and the log has no observer ("me") and no deal');
    bad(withEvents(showcard('Bob', 'Cat', cards, 'Rope')), 'event 1 (showcard by Bob): "shown" is given but only Bob and Cat see the card, and the observer is Ann');
    // Shown to the observer: any of the cards; shown by the observer: one of its own.
    expect(parseGame(withEvents(showcard('Bob', 'Ann', cards, 'Scarlet'))).events[0]).toMatchObject({ shown: cardIndex('Miss Scarlet') });
    expect(parseGame(withEvents(showcard('Ann', 'Bob', cards, 'Hall'))).events[0]).toMatchObject({ shown: cardIndex('Hall') });
    bad(withEvents(showcard('Ann', 'Bob', cards, 'Scarlet')), 'event 1 (showcard by Ann): Ann showed "Miss Scarlet", but it is not in myHand');
    expect(parseGame(withEvents(showcard('Ann', 'Bob', cards, null as unknown as string))).events[0]).toMatchObject({ shown: null });
  });

  it('with a deal, every shown card is given and held by the seat that shows it', () => {
    const scarlet = ['Scarlet', 'Candlestick', 'Kitchen'];
    expect(parseGame(withDealEvents(showcard('Dan', 'Bob', scarlet, 'Kitchen'))).events[0]).toMatchObject({ shown: cardIndex('Kitchen') });
    bad(withDealEvents(showcard('Dan', 'Bob', scarlet)), 'event 1 (showcard by Dan): "shown" is missing: a log with a deal says which card was shown');
    bad(withDealEvents(showcard('Dan', 'Bob', scarlet, 'Candlestick')), 'event 1 (showcard by Dan): Dan shows "Candlestick", but the deal gives it to Cat');
    bad(withDealEvents(showcard('Bob', 'Dan', ['White', 'Knife', 'Billiard'], 'Knife')), 'event 1 (showcard by Bob): Bob shows "Knife", but the deal gives it to Ann');
  });

  it('with a deal, the suggestion shorthand gives the shown card, and the seats that pass hold none of the cards', () => {
    expect(parseGame(withDealEvents(suggestion('Bob', ['Scarlet', 'Wrench', 'Kitchen'], 'Dan', 'Wrench'))).events[0]).toMatchObject({ shownBy: 3, shown: cardIndex('Wrench') });
    bad(withDealEvents(suggestion('Bob', ['Scarlet', 'Wrench', 'Kitchen'], 'Dan')), 'event 1 (suggestion by Bob): "shown" is missing: a log with a deal says which card was shown');
    bad(withDealEvents(suggestion('Bob', ['Plum', 'Wrench', 'Kitchen'], 'Dan', 'Plum')),
      'event 1 (suggestion by Bob): Cat passes, but holds "Professor Plum" in the deal');
    bad(withDealEvents(suggestion('Bob', ['Plum', 'Wrench', 'Kitchen'], 'Dan', 'Wrench')), 'event 1 (suggestion by Bob): Cat passes, but holds "Professor Plum" in the deal');
    bad(withDealEvents(suggestion('Bob', ['White', 'Revolver', 'Hall'], null)), 'event 1 (suggestion by Bob): Ann passes, but holds "Hall" in the deal');
    expect(parseGame(withDealEvents(suggestion('Bob', ['White', 'Revolver', 'Ballroom'], null))).events).toHaveLength(1);
    // A full record may name every shown card, whoever observes.
    expect(parseGame({ ...withDealEvents(suggestion('Bob', ['Scarlet', 'Wrench', 'Kitchen'], 'Dan', 'Wrench')), me: 'Cat' }).events[0]).toMatchObject({ shown: cardIndex('Wrench') });
  });

  it('with a deal, an event false of the deal is an error naming it', () => {
    bad(withDealEvents(look, nocard('Dan', ['Scarlet', 'Knife', 'Hall'])), 'event 2 (nocard by Dan): Dan passes, but holds "Miss Scarlet" in the deal');
    expect(parseGame(withDealEvents(nocard('Dan', ['White', 'Knife', 'Hall']))).events).toHaveLength(1);
    // Suggesting one's own cards is allowed, unless the rules say otherwise.
    expect(parseGame(withDealEvents(suggest('Dan', ['Scarlet', 'Knife', 'Hall']))).events).toHaveLength(1);
    bad({ ...withDealEvents(suggest('Dan', ['Scarlet', 'Knife', 'Hall'])), rules: { suggesterHoldsNone: true } },
      'event 1 (suggest by Dan): Dan names "Miss Scarlet", which it holds in the deal, but under rules.suggesterHoldsNone a suggester names none of its own cards');
    bad({ ...withDealEvents(suggestion('Dan', ['White', 'Wrench', 'Hall'], 'Ann', 'Hall')), rules: { suggesterHoldsNone: true } },
      'event 1 (suggestion by Dan): Dan names "Wrench", which it holds in the deal, but under rules.suggesterHoldsNone');
    bad(withDealEvents(accusation('Bob', ['White', 'Revolver', 'Hall'], true)), 'event 1 (accusation by Bob): correct is true but the deal\'s envelope is Mrs. White, Revolver, Billiard Room');
    bad(withDealEvents(accusation('Bob', ['White', 'Revolver', 'Billiard'], false)), 'event 1 (accusation by Bob): correct is false but the deal\'s envelope is');
    expect(parseGame(withDealEvents(accusation('Bob', ['White', 'Revolver', 'Billiard'], true))).events).toHaveLength(1);
    // endmove is epistemic: not checked here.
    expect(parseGame(withDealEvents(endmove('Bob'))).events).toHaveLength(1);
  });

  it('look: at most one, before every other event', () => {
    expect(parseGame(withEvents(look, suggest('Bob', cards))).events[0]).toEqual({ type: 'look' });
    bad(withEvents(suggest('Bob', cards), look), 'event 2 (look): a look must come before every other event');
    bad(withEvents(look, look), 'event 2 (look): the log already has a look at event 1');
  });

  it('an eliminated seat answers but neither suggests, is shown cards nor ends turns', () => {
    const wrong = accusation('Dan', ['Plum', 'Wrench', 'Study'], false);
    bad(withEvents(wrong, suggest('Dan', cards)), 'event 2 (suggest by Dan): Dan suggests but was eliminated by a wrong accusation at event 1');
    bad(withEvents(wrong, endmove('Dan')), 'event 2 (endmove by Dan): Dan ends a turn but was eliminated by a wrong accusation at event 1');
    bad(withEvents(wrong, showcard('Bob', 'Dan', cards)), 'event 2 (showcard by Bob): Dan is shown a card but was eliminated by a wrong accusation at event 1');
    expect(parseGame(withEvents(wrong, suggest('Cat', cards), nocard('Dan', cards), showcard('Dan', 'Cat', cards))).events).toHaveLength(4);
  });

  it('nothing follows a correct accusation', () => {
    bad(withEvents(accusation('Bob', cards, true), nocard('Cat', cards)), 'event 2 (nocard by Cat): the game ended with the correct accusation at event 1');
    bad(withEvents(accusation('Bob', cards, true), endmove('Cat')), 'event 2 (endmove by Cat): the game ended');
  });

  it('parses the contract\'s example', () => {
    const game = parseGame(CONTRACT_EXAMPLE);
    expect(game.rules).toEqual({ ...DEFAULT_RULES, answers: 'all', suggesterHoldsNone: true, handQuotas: [1, 1] });
    expect(game.me).toBeNull();
    expect(game.events.map((e) => e.type)).toEqual(['look', 'suggest', 'nocard', 'showcard', 'endmove']);
  });
});

describe('what the counting core learns from the knowledge actions', () => {
  // Cards: A=0 B=1 | X=2 Y=3 | P=4 Q=5. Seats W=0 N=1 E=2 S=3, envelope = owner 4.
  const deck = { who: ['A', 'B'], what: ['X', 'Y'], where: ['P', 'Q'] };
  const players = ['W', 'N', 'E', 'S'];
  const AXP = 0b010101;
  const AXP_NAMES = ['A', 'X', 'P'];
  const game = (events: unknown[], extra: Record<string, unknown> = {}) => parseGame({ deck, players, events, ...extra });

  it('nocard: the seat lacks every card', () => {
    const store = constraintsOf(game([nocard('E', AXP_NAMES)]));
    expect(store.lacks).toEqual([0, 0, AXP, 0, 0]);
    expect(store.clauses).toEqual([]);
  });

  it('showcard out of sight: the seat holds one of the cards', () => {
    const store = constraintsOf(game([showcard('E', 'S', AXP_NAMES)], { me: 'N', myHand: ['Y'] }));
    expect(store.holds).toEqual([0, 0b1000, 0, 0, 0]);
    expect(store.clauses).toEqual([{ cards: AXP, owners: 1 << 2 }]);
  });

  it('showcard to or by the observer: the seat holds the shown card', () => {
    const shownTo = constraintsOf(game([showcard('E', 'N', AXP_NAMES, 'X')], { me: 'N', myHand: ['Y'] }));
    expect(shownTo.holds).toEqual([0, 0b1000, 0b100, 0, 0]);
    expect(shownTo.clauses).toEqual([]);
    const shownBy = constraintsOf(game([showcard('N', 'E', AXP_NAMES, 'X')], { me: 'N', myHand: ['X'] }));
    expect(shownBy.holds).toEqual([0, 0b100, 0, 0, 0]);
    expect(shownBy.clauses).toEqual([]);
  });

  it('suggest: nothing, unless a suggester holds none of the cards it names', () => {
    expect(constraintsOf(game([suggest('E', AXP_NAMES)])).lacks).toEqual([0, 0, 0, 0, 0]);
    expect(constraintsOf(game([suggest('E', AXP_NAMES)], { rules: { suggesterHoldsNone: true } })).lacks).toEqual([0, 0, AXP, 0, 0]);
    // The suggestion shorthand says it too.
    expect(constraintsOf(game([suggestion('E', AXP_NAMES, 'S')], { rules: { suggesterHoldsNone: true } })).lacks).toEqual([0, 0, AXP, 0, 0]);
  });

  it('look and endmove: nothing', () => {
    const store = constraintsOf(game([look, endmove('W'), endmove('N')]));
    expect(store.holds).toEqual([0, 0, 0, 0, 0]);
    expect(store.lacks).toEqual([0, 0, 0, 0, 0]);
    expect(store.clauses).toEqual([]);
  });

  it("a full record without an observer is analysed as the spectator's view: its shown cards are not used", () => {
    // A deck of 6 cards and 4 seats: hand sizes 1, 1, 1, 0.
    const full = { deal: { W: ['A'], N: ['X'], E: ['P'], S: [], envelope: ['B', 'Y', 'Q'] } };
    const spectator = constraintsOf(game([showcard('N', 'W', AXP_NAMES, 'X'), suggestion('W', AXP_NAMES, 'N', 'X')], full));
    expect(spectator.holds).toEqual([0, 0, 0, 0, 0]);
    expect(spectator.clauses).toEqual([{ cards: AXP, owners: 1 << 1 }]);
    // The same record seen by W: the card it was shown.
    const observer = constraintsOf(game([showcard('N', 'W', AXP_NAMES, 'X')], { ...full, me: 'W' }));
    expect(observer.holds).toEqual([0b1, 0b100, 0, 0, 0]);
    // ... and by E, who saw nothing.
    const other = constraintsOf(game([showcard('N', 'W', AXP_NAMES, 'X')], { ...full, me: 'E' }));
    expect(other.holds).toEqual([0, 0, 0b10000, 0, 0]);
    expect(other.clauses).toEqual([{ cards: AXP, owners: 1 << 1 }]);
  });

  it('hand quotas are refused by the counting core', () => {
    const quotas = parseGame({ deck: { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] }, players: ['S', 'T'], rules: { handQuotas: { who: 1 } } });
    expectInputError(() => constraintsOf(quotas), 'rules.handQuotas is supported by knows only');
    expectInputError(() => analyze(parseGame({ deck: { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] }, players: ['S', 'T'], rules: { handQuotas: { who: 1 } } })), 'rules.handQuotas is supported by knows only');
  });

  it('names the knowledge action after which no deal is left', () => {
    expectInputError(() => analyze(parseGame({ deck, players, me: 'W', myHand: ['A'], events: [look, suggest('N', AXP_NAMES), nocard('W', AXP_NAMES)] })),
      'No deal is left after event 3 (you passed on {A, X, P}), which the setup alone (your hand (A) and the hand sizes) rules out.');
    expectInputError(() => analyze(parseGame({ deck, players, me: 'W', myHand: ['B'], events: [showcard('N', 'W', AXP_NAMES, 'A')] })),
      'No deal is left after event 1 (N showed you A), which the setup alone (your hand (B) and the hand sizes) rules out.');
  });
});

describe('the same position two ways: the suggestion shorthand and the knowledge actions', () => {
  const S1 = ['Scarlet', 'Wrench', 'Kitchen'];
  const S2 = ['Plum', 'Candlestick', 'Lounge'];
  const S3 = ['White', 'Revolver', 'Library'];
  const S4 = ['Peacock', 'Rope', 'Ballroom'];
  const S6 = ['Mustard', 'Lead Pipe', 'Conservatory'];
  const wrong = accusation('Bob', ['Mustard', 'Knife', 'Hall'], false);
  // Ann observes (log()): she was shown the Candlestick and showed the Rope.
  const shorthand = [
    suggestion('Bob', S1, 'Dan'),
    suggestion('Ann', S2, 'Cat', 'Candlestick'),
    suggestion('Cat', S3, null),
    suggestion('Dan', S4, 'Ann', 'Rope'),
    wrong,
    suggestion('Dan', S6, 'Bob'),
  ];
  const actions = [
    look,
    suggest('Bob', S1), nocard('Cat', S1), showcard('Dan', 'Bob', S1), endmove('Bob'),
    suggest('Ann', S2), nocard('Bob', S2), showcard('Cat', 'Ann', S2, 'Candlestick'), endmove('Ann'),
    suggest('Cat', S3), nocard('Dan', S3), nocard('Ann', S3), nocard('Bob', S3),
    suggest('Dan', S4), showcard('Ann', 'Dan', S4, 'Rope'),
    wrong,
    suggest('Dan', S6), nocard('Ann', S6), showcard('Bob', 'Dan', S6),
  ];
  // Every shown card, for the full record.
  const shownIn = (events: Array<Record<string, unknown>>, cards: Record<string, string>) =>
    events.map((e, i) => (cards[i] === undefined ? e : { ...e, shown: cards[i] }));
  const spectatorOf = (events: Array<Record<string, unknown>>) => events.map(({ shown: _, ...e }) => e);
  const observer = { players: ['Ann', 'Bob', 'Cat', 'Dan'], me: 'Ann', myHand: CLASSIC_DEAL.Ann };
  const spectator = { players: ['Ann', 'Bob', 'Cat', 'Dan'] };
  /** analyze() of a log written here, read first (parseGame takes any JSON). */
  const analyzeLog = (json: unknown) => analyze(parseGame(json));

  it('gives the same analysis to the observer', () => {
    const want = analyzeLog({ ...observer, events: shorthand });
    expect(analyzeLog({ ...observer, events: actions })).toEqual(want);
    // ... which the events did change
    expect(analyzeLog({ ...observer, events: [] })).not.toEqual(want);
  });

  it("gives the same analysis to the spectator", () => {
    expect(analyzeLog({ ...spectator, events: spectatorOf(actions) })).toEqual(analyzeLog({ ...spectator, events: spectatorOf(shorthand) }));
  });

  it('gives the same analysis under suggesterHoldsNone (which changes it)', () => {
    const rules = { suggesterHoldsNone: true };
    const want = analyzeLog({ ...observer, rules, events: shorthand });
    expect(analyzeLog({ ...observer, rules, events: actions })).toEqual(want);
    expect(want).not.toEqual(analyzeLog({ ...observer, events: shorthand }));
    expect(analyzeLog({ ...spectator, rules, events: spectatorOf(actions) })).toEqual(analyzeLog({ ...spectator, rules, events: spectatorOf(shorthand) }));
  });

  it('a full record is analysed from its observer\'s view, or the spectator\'s without one', () => {
    const fullShorthand = shownIn(shorthand, { 0: 'Scarlet', 5: 'Mustard' });
    const fullActions = shownIn(actions, { 3: 'Kitchen', 18: 'Lead Pipe' });
    const record = { players: ['Ann', 'Bob', 'Cat', 'Dan'], deal: CLASSIC_DEAL };
    const spectatorView = analyzeLog({ ...spectator, events: spectatorOf(shorthand) });
    expect(analyzeLog({ ...record, events: fullShorthand })).toEqual(spectatorView);
    expect(analyzeLog({ ...record, events: fullActions })).toEqual(spectatorView);
    const annView = analyzeLog({ ...observer, events: shorthand });
    expect(analyzeLog({ ...record, me: 'Ann', events: fullShorthand })).toEqual(annView);
    expect(analyzeLog({ ...record, me: 'Ann', myHand: CLASSIC_DEAL.Ann, events: fullActions })).toEqual(annView);
  });
});

/** A small seeded generator (mulberry32), so that a failure is reproducible from its seed. */
function rng(seed: number): { int(n: number): number; chance(p: number): boolean; pick<T>(a: readonly T[]): T; shuffle<T>(a: readonly T[]): T[] } {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(items.length)],
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

describe('the facts of the knowledge actions against a brute-force count', () => {
  const deck = { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'], where: ['P', 'Q', 'R'] };
  const cards = Object.values(deck).flat();

  /** A random game simulated from a random deal: suggest, the answers (nocard, showcard), endmoves, wrong accusations. */
  function randomLog(seed: number): { log: Record<string, unknown>; owners: Map<string, string> } {
    const r = rng(seed);
    const nSeats = 2 + r.int(3);
    const players = Array.from({ length: nSeats }, (_, s) => `P${s}`);
    const faceUp = r.chance(0.3) ? [r.pick(cards)] : [];
    const envelope = Object.values(deck).map((cs) => r.pick(cs.filter((c) => !faceUp.includes(c))));
    const dealt = r.shuffle(cards.filter((c) => !faceUp.includes(c) && !envelope.includes(c)));
    const sizes = defaultHandSizes(dealt.length, nSeats);
    const hands: string[][] = [];
    for (let s = 0, at = 0; s < nSeats; at += sizes[s], s++) hands.push(dealt.slice(at, at + sizes[s]));
    const owners = new Map<string, string>();
    hands.forEach((h, s) => h.forEach((c) => owners.set(c, players[s])));
    envelope.forEach((c) => owners.set(c, 'envelope'));
    faceUp.forEach((c) => owners.set(c, 'table'));

    const answers = r.chance(0.5) ? 'all' : 'first';
    const suggesterHoldsNone = r.chance(0.5);
    const full = r.chance(0.25);
    const me = r.chance(0.25) ? null : r.int(nSeats);
    const sees = (a: number, b: number) => full || me === a || me === b;
    const events: Array<Record<string, unknown>> = r.chance(0.5) ? [{ type: 'look' }] : [];
    const out = new Set<number>();
    for (let turn = 0, n = 1 + r.int(6); turn < n; turn++) {
      const by = r.int(nSeats);
      if (out.has(by)) continue;
      const named = Object.values(deck).map((cs) => r.pick(suggesterHoldsNone ? cs.filter((c) => !hands[by].includes(c)) : cs));
      const shorthand = answers === 'first' && r.chance(0.3);
      if (!shorthand) events.push({ type: 'suggest', by: players[by], cards: named });
      let shownBy: number | null = null;
      let shown: string | null = null;
      for (let k = 1; k < nSeats; k++) {
        const s = (by + k) % nSeats;
        const held = hands[s].filter((c) => named.includes(c));
        if (held.length === 0) {
          if (!shorthand) events.push({ type: 'nocard', by: players[s], cards: named });
          continue;
        }
        const card = r.pick(held);
        if (shownBy === null) [shownBy, shown] = [s, card];
        if (!shorthand) events.push({ type: 'showcard', by: players[s], to: players[by], cards: named, ...(sees(s, by) ? { shown: card } : {}) });
        if (answers === 'first') break;
      }
      if (shorthand) {
        const seen = shownBy !== null && sees(shownBy, by);
        events.push({ type: 'suggestion', by: players[by], cards: named, shownBy: shownBy === null ? null : players[shownBy], ...(seen ? { shown } : {}) });
      }
      if (r.chance(0.2)) {
        const accused = Object.values(deck).map((cs) => r.pick(cs));
        if (accused.some((c) => !envelope.includes(c))) {
          events.push({ type: 'accusation', by: players[by], cards: accused, correct: false });
          out.add(by);
          continue;
        }
      }
      if (r.chance(0.5)) events.push({ type: 'endmove', by: players[by] });
    }
    const log: Record<string, unknown> = { deck, players, faceUp, rules: { answers, suggesterHoldsNone }, events };
    if (me !== null) Object.assign(log, { me: players[me], myHand: hands[me] });
    if (full) log.deal = { ...Object.fromEntries(players.map((p, s) => [p, hands[s]])), envelope, ...(faceUp.length > 0 ? { table: faceUp } : {}) };
    return { log, owners };
  }

  /** The true deal as the oracle's masks: seats, envelope, table. */
  function masksOf(game: Game, owners: Map<string, string>): Uint32Array {
    const masks = new Uint32Array(game.players.length + 2);
    for (const [card, owner] of owners) {
      const o = owner === 'envelope' ? game.players.length : owner === 'table' ? game.players.length + 1 : game.players.indexOf(owner);
      masks[o] |= 1 << game.deck.cards.indexOf(card);
    }
    return masks;
  }

  it.each(Array.from({ length: 150 }, (_, i) => i + 1))('random game %i: the facts admit exactly the deals the events allow', (seed) => {
    const { log: json, owners } = randomLog(seed);
    const game = parseGame(json);
    const want = bruteForceGame(game);
    expect(dealSatisfiesGame(game, masksOf(game, owners))).toBe(true);
    const got = bruteForce(constraintsOf(game));
    expect(got.count).toBe(want.count);
    expect(got.ownerCounts).toEqual(want.ownerCounts);
    expect(analyze(game).consistentDeals).toBe(BigInt(want.count));
  });
});

describe('gameToLog round trip', () => {
  const roundTrip = (json: unknown) => {
    const game = parseGame(json);
    // through the text too, as simulate --logs writes it
    expect(parseGame(JSON.parse(JSON.stringify(gameToLog(game))))).toEqual(game);
    return game;
  };

  it('keeps the new events, the rules and the deal', () => {
    roundTrip(CONTRACT_EXAMPLE);
    roundTrip({ ...CONTRACT_EXAMPLE, rules: { handQuotas: { weapons: 1 } }, me: 'a2' });
    roundTrip(log({ rules: { suggesterHoldsNone: true }, events: [look, suggest('Bob', ['Plum', 'Knife', 'Hall']), nocard('Cat', ['Plum', 'Knife', 'Hall']), showcard('Ann', 'Bob', ['Plum', 'Knife', 'Hall'], 'Knife'), endmove('Bob'), suggestion('Ann', ['Plum', 'Wrench', 'Lounge'], 'Bob', 'Lounge'), accusation('Cat', ['Plum', 'Wrench', 'Lounge'], false)] }));
    roundTrip({ players: ['Ann', 'Bob', 'Cat', 'Dan'], handSizes: [5, 5, 3, 3], deal: { ...CLASSIC_DEAL, Cat: ['Candlestick', 'Library', 'Professor Plum'], Dan: ['Miss Scarlet', 'Wrench', 'Kitchen'], table: ['Dining Room', 'Lounge'] }, me: 'Dan', events: [showcard('Dan', 'Bob', ['Scarlet', 'Knife', 'Hall'], 'Scarlet')] });
  });

  it('keeps every example', () => {
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))) {
      roundTrip(readGameLogFile(new URL(file, EXAMPLES).pathname));
    }
  });
});
