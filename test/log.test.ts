import { mkdtempSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { makeNameResolver } from '../src/io/names.js';
import { InputError } from '../src/model/errors.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame, readGameLogFile } from '../src/io/log.js';
import { defaultHandSizes } from '../src/model/game.js';
import { eventLabel } from '../src/io/describe.js';

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
    bad(log({ events }), 'invalid game log: events[2].cards: expected an array of card names');
  });

  it('says what shownBy should be', () => {
    bad(log({ events: [{ type: 'suggestion', by: 'Bob', cards: ['Scarlet', 'Rope', 'Hall'], shownBy: 3 }] }),
      'invalid game log: events[0].shownBy: expected a player name or null');
    bad(log({ events: [{ type: 'suggestion', by: 'Bob', cards: ['Scarlet', 'Rope', 'Hall'] }] }),
      'invalid game log: events[0].shownBy: required');
  });

  it('names a bad event type', () => {
    bad(log({ events: [{ type: 'rumour', by: 'Bob' }] }), 'events[0].type: expected "suggestion", "accusation", "look", "suggest", "nocard", "showcard" or "endmove"');
  });

  it('names an unknown event key', () => {
    bad(log({ events: [{ ...suggestion('Ann', ['Scarlet', 'Rope', 'Hall'], 'Bob'), shwon: 'Rope' }] }),
      'events[0]: unknown key "shwon"; did you mean "shown"?');
  });

  it('lists the allowed keys when no key is close', () => {
    bad(log({ events: [{ ...suggestion('Ann', ['Scarlet', 'Rope', 'Hall'], 'Bob'), extra: 1 }] }),
      'events[0]: unknown key "extra"; the keys are "type", "by", "cards", "shownBy" and "shown"');
  });

  it('rejects an event that is not an object', () => bad(log({ events: [5] }), 'events[0]: expected an event object'));

  it('names the first bad element of a huge array (and does not gather 300,000 issues)', () => {
    const numbers = Array.from({ length: 300_000 }, (_, i) => i);
    bad(log({ events: [{ type: 'suggestion', by: 'Bob', cards: numbers, shownBy: null }] }), 'invalid game log: events[0].cards[0]: expected a card name');
    bad(log({ events: numbers }), 'invalid game log: events[0]: expected an event object');
    bad({ players: numbers }, 'invalid game log: players[0]: expected a player name');
  });

  it('requires correct on an accusation', () => {
    bad(log({ events: [{ type: 'accusation', by: 'Bob', cards: ['Scarlet', 'Rope', 'Hall'], correct: 'no' }] }),
      'events[0].correct: expected true or false');
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
    bad(log({ handSizes: [6, 6, 6] }), 'handSizes has 3 entries but there are 4 players');
  });
  it('checks the sum of hand sizes', () => {
    bad(log({ handSizes: [5, 5, 4, 3] }), 'handSizes sum to 17 but should sum to 18');
    bad(log({ faceUp: ['Plum', 'Wrench'], handSizes: [5, 5, 4, 4] }), 'sum to 18 but should sum to 16', '2 face up');
  });

  it('checks face-up cards', () => {
    bad(log({ faceUp: ['Scarlett'] }), 'faceUp: unknown card "Scarlett"; did you mean "Miss Scarlet"?');
    bad(log({ faceUp: ['Plum', 'professor plum'] }), 'faceUp: "Professor Plum" is listed twice');
    bad({ deck: { a: ['A', 'B'], b: ['C'] }, players: ['P', 'Q'], faceUp: ['A', 'B'] }, 'faceUp has 2 cards but only 1');
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
    bad(log({ myHand: ['Knife', 'Hall', 'Green', 'Study'] }), 'myHand has 4 cards but Ann\'s hand size is 5');
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
      'event 1 (suggestion by Ann): "shown" is given but the log has no observer');
    bad(withEvents(suggestion('Bob', cards, 'Cat', 'Rope')),
      'event 1 (suggestion by Bob): "shown" is given but only Bob and Cat know the card, and the observer is Ann');
    bad(withEvents(suggestion('Ann', cards, null, 'Rope')), 'event 1 (suggestion by Ann): "shown" is given but shownBy is null');
    bad(withEvents(suggestion('Ann', cards, 'Bob', 'Knife')),
      'event 1 (suggestion by Ann): shown card "Knife" is not one of the suggested cards');
    bad(withEvents(suggestion('Ann', cards, 'Bob', 'Rop')), 'event 1 (suggestion by Ann): unknown card "Rop"');
  });

  it('accepts the card the observer showed, when it is in their hand', () => {
    // Ann holds Rope and Hall; she refutes Dan's suggestion and records what she showed.
    const game = parseGame(withEvents(suggestion('Dan', ['Plum', 'Rope', 'Hall'], 'Ann', 'rope')));
    expect(game.events[0]).toMatchObject({ by: 3, shownBy: 0, shown: CLASSIC_DECK.cards.indexOf('Rope') });
    bad(withEvents(suggestion('Dan', ['Plum', 'Wrench', 'Hall'], 'Ann', 'Wrench')),
      'event 1 (suggestion by Dan): Ann showed "Wrench", but it is not in myHand');
    bad(withEvents(suggestion('Dan', ['Plum', 'Rope', 'Hall'], 'Ann', 'Knife')),
      'event 1 (suggestion by Dan): shown card "Knife" is not one of the suggested cards');
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
    bad({ deck, players: ['two\nlines', 'B'], events: [suggestion('B', ['Ada', 'axe', 'attic'], 'two\nlines', 'axe')] }, '"shown" is given but the log has no observer');
    bad({ deck, players: ['A', 'B'], me: 'A', myHand: ['Ada', 'bat'], events: [suggestion('B', ['Ada', 'axe', 'attic'], 'A', 'new\nline')] },
      'unknown card "new\\nline"');
  });

  it('answers an unknown long name at once, without edit distances over it', () => {
    const names = ['a', 'b', 'c'].map((l) => l.repeat(200_000));
    const started = Date.now();
    bad({ deck: { x: names, y: ['Y'] }, players: ['P', 'Q'], events: [suggestion('P', ['z'.repeat(200_000), 'Y'], null)] },
      'unknown card "zzzz', '(200,000 characters)');
    // the edit distance of two 200,000-character names alone takes minutes
    expect(Date.now() - started).toBeLessThan(20_000);
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
