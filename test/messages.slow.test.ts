/**
 * The messages the command line prints, as a person reads them, through the built command line:
 * a mistake in a JSON file names its JSON path; a mistake in answers given without JSON (the
 * options of `cluedo new` and `cluedo add`) names them by the words of the question or option; a
 * count of one is never followed by a plural, nor another count by a singular; a message set in
 * a sentence of its own never ends "?.".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseGame } from '../src/io/log.js';
import { readGameLogFile } from '../src/io/log-file.js';
import { asSentence } from '../src/model/sentence.js';
import { cluedo, type CliResult } from './support/cluedo-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cluedo-messages-'));
let files = 0;
/** A JSON file in the test's directory. */
function file(json: unknown): string {
  const path = join(dir, `${++files}.json`);
  writeFileSync(path, JSON.stringify(json));
  return path;
}
const fresh = () => join(dir, `${++files}-new.json`);

/** The one line a refused command prints, without "cluedo: " and the newline. */
function refusal(r: CliResult, code: number): string {
  expect(r.status, r.stderr).toBe(code);
  expect(r.stderr).toMatch(/^cluedo: [^\n]*\n$/);
  return r.stderr.slice('cluedo: '.length, -1);
}

const FOUR = ['Ann', 'Bob', 'Cat', 'Dan'];
const HAND = ['Miss Scarlet', 'Knife', 'Kitchen', 'Hall', 'Professor Plum'];
/** JSON keys of the log: a message about answers given without JSON names none of them. */
const JSON_KEYS = /\b(myHand|faceUp|handSizes|shownBy)\b|"shown"|(^|: )(me|players|shown|cards|by):/;

/** Starts the log `path` with flags: Ann, Bob, Cat and Dan; I am Ann, holding HAND. */
function startGame(path: string): void {
  const r = cluedo(['new', path, '--players', FOUR.join(','), '--me', 'Ann', '--hand', HAND.join(',')]);
  expect(r.status, r.stderr).toBe(0);
}

describe('a mistake in a log file names its JSON path', () => {
  it.each([
    [{ players: FOUR, me: 'Ann', myHand: HAND.slice(0, 1) }, "myHand has 1 card, but Ann's hand size is 5"],
    [{ players: FOUR, me: 'Ann', myHand: HAND.slice(0, 2) }, "myHand has 2 cards, but Ann's hand size is 5"],
    [{ players: FOUR, me: 'Zed', myHand: HAND }, 'me: unknown player "Zed"; the players are "Ann", "Bob", "Cat" and "Dan"'],
    [{ players: FOUR, me: 'Ann', myHand: HAND, events: [{ type: 'suggestion', by: 'Bob', cards: ['Scarlet', 'Rope', 'Lounge'], shownBy: 'Ann', shown: 'Rope' }] }, 'event 1 (suggestion by Bob): Ann showed "Rope", but it is not in myHand'],
  ])('analyze %j', (json, message) => {
    expect(refusal(cluedo(['analyze', file(json)]), 1)).toBe(message);
  });
});

describe("answers given without JSON are named in the user's words", () => {
  const game = join(dir, 'game.json');
  beforeAll(() => startGame(game));

  it('new: a hand of the wrong size is "your hand", its count in the singular for one card', () => {
    expect(refusal(cluedo(['new', fresh(), '--players', FOUR.join(','), '--me', 'Ann', '--hand', 'scarlet']), 2)).toBe("your hand has 1 card, but Ann's hand size is 5");
  });

  it.each([
    [['--players', FOUR.join(','), '--me', 'Zed', '--hand', 'scarlet'], /^who you are: unknown player "Zed"/],
    [['--players', FOUR.join(','), '--me', 'Ann', '--hand', 'scarlet,knife,scarlet,hall,plum'], /^your hand: "Miss Scarlet" is listed twice$/],
    [['--players', FOUR.join(','), '--me', 'Ann', '--hand', 'scarlet,knife,kitchen,hall', '--face-up', 'hall,study'], /^your hand: "Hall" is face up$/],
    [['--players', FOUR.join(','), '--me', 'Ann', '--hand', 'scarlet', '--face-up', 'bananas'], /^the face-up cards: unknown card "bananas"/],
    [['--players', 'Ann,Bob,ann', '--me', 'Ann', '--hand', 'scarlet'], /^the players: "ann" appears twice \(as "Ann"\)/],
    [['--players', 'Ann', '--me', 'Ann', '--hand', 'scarlet'], /^the players: need 2 to 10 players, got 1$/],
  ])('new %j: no JSON key, the words of the options', (args, message) => {
    const line = refusal(cluedo(['new', fresh(), ...args]), 2);
    expect(line).toMatch(message);
    expect(line).not.toMatch(JSON_KEYS);
  });

  it.each([
    [['--by', 'Bob', '--cards', 'scarlet,rope,lounge', '--shown-by', 'Ann', '--shown', 'rope'], '--shown: Ann showed "Rope", but it is not in your hand'],
    [['--by', 'Bob', '--cards', 'scarlet,rope,lounge', '--shown-by', 'Cat', '--shown', 'knife'], '--shown is given but only Cat and Bob see the card, and the observer is Ann'],
    [['--by', 'Ann', '--cards', 'green,rope,lounge', '--shown-by', 'Cat', '--shown', 'knife'], '--shown is "Knife", not one of the named cards'],
    [['--by', 'Bob', '--cards', 'scarlet,rope,lounge', '--shown-by', 'Bob'], '--shown-by is Bob, who made the suggestion'],
    [['--by', 'Bob', '--cards', 'scarlet,rope', '--shown-by', 'Cat'], '--cards: cards must name one card of each category, but "rooms" is missing'],
    [['--by', 'Bob', '--cards', 'scarlet,rope,bananas', '--shown-by', 'Cat'], /^--cards: unknown card "bananas"/],
    [['--by', 'Zed', '--cards', 'scarlet,rope,lounge', '--shown-by', 'Cat'], /^--by: unknown player "Zed"/],
    [['--by', 'Bob', '--cards', 'scarlet,rope,lounge', '--shown-by', 'Zed'], /^--shown-by: unknown player "Zed"/],
  ])('add %j: no JSON key, the words of the options', (args, message) => {
    const line = refusal(cluedo(['add', game, ...args]), 2);
    if (typeof message === 'string') expect(line).toBe(message);
    else expect(line).toMatch(message);
    expect(line).not.toMatch(JSON_KEYS);
  });
});

/** Nouns the messages count. */
const NOUNS = ['card', 'player', 'event', 'sample', 'deal', 'world', 'game', 'seat-game', 'shard', 'turn', 'agent', 'thread', 'file', 'draw', 'entry', 'category'];
const plural = (noun: string) => (noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`);
/** A count, a word or two between (as "uniform", "consistent"), and one of the nouns. */
const ONE_THEN_PLURAL = new RegExp(`(^|[^\\d.,])1 (\\w+ )?(${NOUNS.map(plural).join('|')})\\b`);
const OTHER_THEN_SINGULAR = new RegExp(`(^|[^\\d.,])(0|[2-9]|[1-9][\\d,]+) (\\w+ )?(${NOUNS.join('|')})\\b(?!-)`);

describe('counts agree with their nouns', () => {
  /** A deck small enough to count one card: A and X in the envelope, the others dealt. */
  const tiny = (who: string[], what: string[]) => ({ deck: { who, what } });
  /** A log of `n` events (suggestions nobody answered, all possible): Ann, Bob, Cat, Dan; I hold the Knife and four others. */
  const withEvents = (n: number) => ({
    players: FOUR,
    me: 'Ann',
    myHand: HAND,
    events: Array.from({ length: n }, () => ({ type: 'suggestion', by: 'Bob', cards: ['Mustard', 'Rope', 'Lounge'], shownBy: 'Cat' })),
  });

  /** Every message below is triggered for counts of 0 to 3 where the count can be any of them. */
  function messages(): string[] {
    const out: string[] = [];
    const text = (r: CliResult) => `${r.stdout}${r.stderr}`;
    for (let k = 0; k <= 3; k++) {
      out.push(text(cluedo(['analyze', file({ players: FOUR, me: 'Ann', myHand: HAND.slice(0, k) })])));
      if (k > 0) out.push(text(cluedo(['new', fresh(), '--players', FOUR.join(','), '--me', 'Ann', '--hand', HAND.slice(0, k).join(',')])));
      // A hand size of one: two cards dealt to two players.
      out.push(text(cluedo(['analyze', file({ ...tiny(['A', 'B'], ['X', 'Y']), players: ['P', 'Q'], me: 'P', myHand: ['B', 'Y', 'X'].slice(0, k) })])));
      out.push(text(cluedo(['analyze', file({ players: FOUR, handSizes: [18, 0, 0, 0].slice(0, k) })])));
      // Too many face-up cards: none left after the envelope, or one.
      out.push(text(cluedo(['analyze', file({ ...tiny(['A'], ['X']), players: ['P', 'Q'], faceUp: ['A', 'X'].slice(0, k) })])));
      out.push(text(cluedo(['analyze', file({ ...tiny(['A', 'B'], ['X']), players: ['P', 'Q'], faceUp: ['A', 'B', 'X'].slice(0, k) })])));
      // A full record whose P holds k of the four cards dealt, two to each.
      const dealt = ['B', 'C', 'Y', 'Z'];
      out.push(text(cluedo(['analyze', file({ ...tiny(['A', 'B', 'C'], ['X', 'Y', 'Z']), players: ['P', 'Q'], deal: { P: dealt.slice(0, k), Q: dealt.slice(k), envelope: ['A', 'X'] } })])));
      // Quotas of one card per hand, or two; hand sizes k and 4 - k.
      out.push(text(cluedo(['analyze', file({ ...tiny(['A', 'B', 'C'], ['X', 'Y', 'Z']), players: ['P', 'Q'], handSizes: [k, 4 - k], rules: { handQuotas: { who: 1 } } })])));
      out.push(text(cluedo(['analyze', file({ ...tiny(['A', 'B', 'C'], ['X', 'Y', 'Z']), players: ['P', 'Q'], handSizes: [k, 4 - k], rules: { handQuotas: { who: 1, what: 1 } } })])));
      const events = file(withEvents(k));
      out.push(text(cluedo(['analyze', events])));
      out.push(text(cluedo(['knows', events, '--at', String(k + 1), 'K[Ann] has(envelope, Knife)'])));
      if (k > 0) out.push(text(cluedo(['analyze', events, '--samples', String(k)])));
      if (k > 0) out.push(text(cluedo(['suggest', events, '--no-exact', '--samples', String(k), '--top', '1'])));
    }
    out.push(text(cluedo(['simulate', '--players', '2', '--agents', 'random', '--games', '1', '--max-turns', '1'])));
    // The reports of a league of two players: one other agent at every table, one game per seat.
    const report = join(dir, 'league.html');
    out.push(text(cluedo(['league', '--agents', 'random,naive', '--players', '2', '--games', '2', '--report', report])));
    out.push(readFileSync(report, 'utf8').replace(/<[^>]*>/g, '\n'));
    return out;
  }

  it('never "1 cards", never "2 card": in every message triggered', () => {
    const all = messages();
    const wrong = all.flatMap((m) => m.split('\n')).filter((line) => ONE_THEN_PLURAL.test(line) || OTHER_THEN_SINGULAR.test(line));
    expect(wrong).toEqual([]);
    // The messages the counts are about are among them.
    for (const line of ["myHand has 1 card, but Ann's hand size is 5", "your hand has 1 card, but Ann's hand size is 5", '4 players, 1 event, observer Ann', 'beyond the log, which has 1 event']) {
      expect(all.join('\n')).toContain(line);
    }
  }, 240_000);
});

describe('small ones', () => {
  const game = join(dir, 'small.json');
  beforeAll(() => startGame(game));

  it('refute with one of the named cards in my hand says to show it, the only one I hold', () => {
    const named = ['Miss Scarlet', 'Rope', 'Lounge'];
    const { myHand, deck } = parseGame(readGameLogFile(game));
    const held = named.filter((c) => myHand.some((m) => deck.cards[m] === c));
    expect(held).toEqual(['Miss Scarlet']);
    const r = cluedo(['refute', game, '--by', 'Bob', '--cards', named.join(',')]);
    expect(r.status, r.stderr).toBe(0);
    const [first] = r.stdout.split('\n');
    expect(first).toBe(`Show ${held[0]}: it is the only one of the named cards you hold (Bob suggested ${named.join(', ')})`);
    expect(r.stdout).not.toMatch(/one of Miss Scarlet \(|tells Bob least|Whichever you show/);
  });

  it('accuse and refute after the winning accusation say the game is over, who won and with what, and exit as suggest does', () => {
    const won = join(dir, 'won.json');
    const log = readGameLogFile(game) as object;
    writeFileSync(won, JSON.stringify({ ...log, events: [{ type: 'accusation', by: 'Bob', cards: ['Mr. Green', 'Rope', 'Study'], correct: true }] }));
    const accuse = cluedo(['accuse', won]);
    const suggest = cluedo(['suggest', won]);
    expect(refusal(accuse, 1)).toBe('the game is over: Bob won, accusing Mr. Green, Rope and Study correctly at event 1');
    expect(suggest.status).toBe(accuse.status);
    expect(suggest.stderr).toBe(accuse.stderr);
    const refute = cluedo(['refute', won, '--by', 'Bob', '--cards', 'scarlet,rope,study']);
    expect(refute.stdout).toBe('');
    expect([refute.status, refute.stderr]).toEqual([accuse.status, accuse.stderr]);
  });

  it('cluedo help NAME of no command suggests the nearest, as cluedo NAME does', () => {
    for (const name of ['analyse', 'sugest', 'nonsense']) {
      const helped = cluedo(['help', name]);
      const run = cluedo([name]);
      expect(refusal(helped, 2)).toBe(refusal(run, 2));
    }
    expect(refusal(cluedo(['help', 'analyse']), 2)).toMatch(/did you mean "analyze"\?/);
    const help = cluedo(['help', 'analyze']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: cluedo analyze');
  });

  it('a message set in a sentence ends with one mark: never "?." nor ".."', () => {
    for (const message of ['unknown card "Scarlett"; did you mean "Miss Scarlet"?', 'no deal is left.', 'stop!', 'myHand has 1 card, but Ann\'s hand size is 5']) {
      const sentence = asSentence(message);
      expect(sentence).toMatch(/[^.?!][.?!]$/);
      expect(sentence.startsWith(message)).toBe(true);
    }
  });
});
