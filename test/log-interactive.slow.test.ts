/**
 * `cluedo new` and `cluedo add` at a terminal: the built command line run in a pseudo-terminal
 * (test/support/terminal.ts), keys typed as a person types them, each after the question it
 * answers has appeared. The answers make the very log the flags make for the same answers; a
 * mistake is its one line under the question, asked again; an impossible entry is refused with
 * the events it conflicts with; a cancel leaves the file as it was. Without a terminal the flags
 * are required as before, and nothing waits for input.
 */
import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { cluedo, MAIN, ROOT } from './support/cluedo-cli.js';
import { cluedoInTerminal, KEY, type Terminal } from './support/terminal.js';
import { parseGame } from '../src/io/log.js';
import { answerers, passers } from '../src/model/rules.js';

/** A machine shared with other builds can be slow: a test ends when its command does, this only bounds a hang. */
const SLOW = 240_000;

const dir = mkdtempSync(join(tmpdir(), 'cluedo-interactive-'));
let files = 0;
/** A fresh path in the test's directory. */
const fresh = (name: string) => join(dir, `${++files}-${name}`);
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { events: Array<Record<string, unknown>> };

/** `cluedo ...args` at a terminal; its screen is shown when the test fails, and it is ended with the test. */
function terminal(args: string[], options: { columns?: number } = {}): Terminal {
  const t = cluedoInTerminal(args, options);
  onTestFailed(() => console.log(`the terminal's screen:\n${t.screen()}`));
  onTestFinished(() => t.kill());
  return t;
}

/** Space on each of `indices` (ascending) of a list whose cursor is on its first option, then Enter. */
function pick(indices: number[]): string {
  let keys = '';
  let at = 0;
  for (const i of indices) {
    keys += KEY.down.repeat(i - at) + KEY.space;
    at = i;
  }
  return keys + KEY.enter;
}

/**
 * `message` as it shows wrapped at spaces inside the questions' border: its words in order, each
 * line break (at a space) followed by the border's bar or the indentation that keeps it inside.
 */
function wrapped(message: string): RegExp {
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(message.split(' ').map(escape).join('(?: |\\n[│└ ] *)'));
}

/** Answers a question: waits for it, then types `keys`. */
async function answer(t: Terminal, question: string, keys: string): Promise<void> {
  await t.waitFor(question);
  t.type(keys);
}

/** A log started with flags: Ann, Bob, Cat and Dan; I am Ann. */
function startedLog(): string {
  const file = fresh('game.json');
  const r = cluedo(['new', file, '--players', 'Ann,Bob,Cat,Dan', '--me', 'ann', '--hand', 'scarlet,knife,kitchen,hall,plum']);
  expect(r.status, r.stderr).toBe(0);
  return file;
}

function added(file: string, args: string[]): void {
  const r = cluedo(['add', file, ...args]);
  expect(r.status, r.stderr).toBe(0);
}

describe('cluedo new at a terminal', () => {
  it(
    'the classic deck, four players, my hand chosen with the arrows and Space: the log the flags write for the same answers',
    async () => {
      const file = fresh('game.json');
      const t = terminal(['new', file]);
      await answer(t, 'Which deck?', KEY.enter);
      await answer(t, 'The players in seat order', `Ann, Bob, Cat, Dan${KEY.enter}`);
      // 18 cards for 4 players: dealt round the table, Ann and Bob hold one more.
      await t.waitFor('round the table: Ann and Bob hold 5 cards, Cat and Dan hold 4');
      t.type(KEY.enter);
      await answer(t, 'Which player are you?', KEY.enter);
      // Miss Scarlet, Professor Plum, Knife, Kitchen, Hall: the classic deck's cards 0, 5, 7, 12 and 19.
      await answer(t, 'Your 5 cards', pick([0, 5, 7, 12, 19]));
      await t.waitFor(`${file}: 4 players, you are Ann holding Miss Scarlet, Professor Plum, Knife, Kitchen, Hall`);
      expect(await t.exit).toBe(0);

      const byFlags = fresh('flags.json');
      const r = cluedo(['new', byFlags, '--players', 'Ann,Bob,Cat,Dan', '--me', 'Ann', '--hand', 'Miss Scarlet,Professor Plum,Knife,Kitchen,Hall']);
      expect(r.status, r.stderr).toBe(0);
      expect(json(file)).toEqual(json(byFlags));
    },
    SLOW,
  );

  it(
    'a typed deck and face-up cards; a duplicate card, a duplicate player and a hand of the wrong size are each shown and asked again',
    async () => {
      const file = fresh('typed.json');
      const t = terminal(['new', file]);
      await answer(t, 'Which deck?', KEY.down + KEY.enter);
      await answer(t, 'The deck: one category a line', `who: A, B, C${KEY.enter}what: X, Y, a${KEY.enter}`);
      t.type(KEY.enter);
      await t.waitFor('deck: card "a" appears in both "who" and "what" (as "A" and "a")');
      t.type(`${KEY.backspace}Z${KEY.enter}`);
      t.type(KEY.enter);
      await answer(t, 'The players in seat order', `P, Q, p${KEY.enter}`);
      await t.waitFor('players: "p" appears twice (as "P")');
      t.type(`${KEY.backspace}R${KEY.enter}`);
      // 6 cards, 2 in the envelope: 4 dealt to 3 players. The one left over is laid face up.
      await answer(t, 'The 4 cards dealt do not share out evenly among 3 players', KEY.down + KEY.enter);
      await answer(t, 'Which cards are face up?', pick([5])); // Z
      await answer(t, 'Which player are you?', KEY.enter);
      // Without Z: A, B, C, X, Y. Two chosen, for a hand of one: refused, the choice kept, asked again.
      await answer(t, 'Your 1 card', pick([1, 3]));
      await t.waitFor("your hand has 2 cards, but P's hand size is 1");
      await answer(t, 'Your 1 card', KEY.down.repeat(3) + KEY.space + KEY.enter);
      await t.waitFor(`${file}: 3 players, you are P holding B`);
      expect(await t.exit).toBe(0);

      expect(json(file)).toMatchObject({ deck: { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] }, players: ['P', 'Q', 'R'], faceUp: ['Z'], me: 'P', myHand: ['B'] });
      const byFlags = fresh('flags.json');
      const r = cluedo(['new', byFlags, '--deck-of', file, '--players', 'P,Q,R', '--me', 'P', '--hand', 'B', '--face-up', 'Z']);
      expect(r.status, r.stderr).toBe(0);
      expect(json(file)).toEqual(json(byFlags));
    },
    SLOW,
  );

  it(
    "the deck of another log (a path that is not one is refused at the question), three players dealt evenly, and a spectator's log",
    async () => {
      const other = join('examples', 'custom-deck-3p.json'); // 12 cards in 3 categories: 9 dealt, 3 each
      const file = fresh('watch.json');
      const t = terminal(['new', file]);
      await answer(t, 'Which deck?', KEY.down.repeat(2) + KEY.enter);
      await answer(t, 'Which game log has the deck?', `examples/custom.json${KEY.enter}`);
      await t.waitFor('cannot read game log "examples/custom.json": no such file');
      t.type(`${KEY.backspace.repeat('.json'.length)}-deck-3p.json${KEY.enter}`);
      await answer(t, 'The players in seat order', `Ann, Bob, Cat${KEY.enter}`);
      await answer(t, 'Which player are you?', KEY.down.repeat(3) + KEY.enter);
      await t.waitFor(`${file}: 3 players, you watch as a spectator`);
      expect(await t.exit).toBe(0);
      const written = json(file);
      expect(written.deck).toEqual(json(other).deck);
      expect(written).not.toHaveProperty('me');
      expect(written).not.toHaveProperty('myHand');
    },
    SLOW,
  );

  it(
    'Ctrl-C: exit 130 with one line, and no file',
    async () => {
      const file = fresh('never.json');
      const t = terminal(['new', file]);
      await answer(t, 'Which deck?', KEY.enter);
      await answer(t, 'The players in seat order', `Ann, Bob${KEY.ctrlC}`);
      await t.waitFor(`cluedo: cancelled; ${file} not written`);
      expect(await t.exit).toBe(130);
      expect(existsSync(file)).toBe(false);
    },
    SLOW,
  );
});

describe('cluedo add at a terminal', () => {
  it(
    'my suggestion: who showed is chosen, the players who passed shown to be confirmed (and corrected), then the card I was shown',
    async () => {
      const file = startedLog();
      const t = terminal(['add', file]);
      await answer(t, 'Which turn?', KEY.enter);
      await answer(t, 'Who suggested?', KEY.enter); // the first turn: Ann, the first seat
      // Names complete as everywhere: a prefix of the name or of one of its words.
      await answer(t, 'Which of the suspects did you name?', `green${KEY.enter}`);
      await answer(t, 'Which of the weapons did you name?', `wren${KEY.enter}`);
      await answer(t, 'Which of the rooms did you name?', `stu${KEY.enter}`);
      // In answer order: Bob, Cat, Dan, nobody. Dan first: Bob and Cat passed, which is not what happened.
      await answer(t, 'Who showed you a card?', KEY.down.repeat(2) + KEY.enter);
      await answer(t, 'Passed: Bob, Cat. Right?', 'n');
      await answer(t, 'Who showed you a card?', KEY.up + KEY.enter);
      await answer(t, 'Passed: Bob. Right?', KEY.enter);
      await answer(t, 'Which card did Cat show you?', KEY.down + KEY.enter); // Mr. Green, Wrench, Study
      await t.waitFor(`${file}: event 1: you suggested {Mr. Green, Wrench, Study}: Bob passed, Cat showed you Wrench`);
      expect(await t.exit).toBe(0);
      expect(json(file).events).toEqual([{ type: 'suggestion', by: 'Ann', cards: ['Mr. Green', 'Wrench', 'Study'], shownBy: 'Cat', shown: 'Wrench' }]);
    },
    SLOW,
  );

  it(
    'I must show one of two cards: the advice of cluedo refute is printed before I choose, and its choice comes first',
    async () => {
      const file = startedLog();
      // Bob saw my Miss Scarlet before: showing it again tells him nothing.
      added(file, ['--by', 'Bob', '--cards', 'scarlet,rope,lounge', '--shown-by', 'Ann', '--shown', 'scarlet']);
      const refute = cluedo(['refute', file, '--by', 'Bob', '--cards', 'scarlet,knife,lounge']);
      expect(refute.status, refute.stderr).toBe(0);
      expect(refute.stdout).toContain('→ show Miss Scarlet: it tells Bob least.');

      const t = terminal(['add', file]);
      await answer(t, 'Which turn?', KEY.enter);
      await answer(t, 'Who suggested?', KEY.up + KEY.enter); // Cat plays after Bob; Bob suggests again
      await answer(t, 'Which of the suspects did Bob name?', `scar${KEY.enter}`);
      await answer(t, 'Which of the weapons did Bob name?', `knife${KEY.enter}`);
      await answer(t, 'Which of the rooms did Bob name?', `lounge${KEY.enter}`);
      await answer(t, 'Who showed Bob a card?', KEY.down.repeat(2) + KEY.enter); // Cat, Dan, Ann (you)
      await answer(t, 'Passed: Cat, Dan. Right?', KEY.enter);
      for (const line of refute.stdout.trim().split('\n').filter((l) => l.trim() !== '')) await t.waitFor(line);
      await answer(t, 'Which card did you show Bob?', KEY.enter);
      await t.waitFor(`${file}: event 2: Bob suggested {Miss Scarlet, Knife, Lounge}: Cat and Dan passed, you showed Bob Miss Scarlet`);
      expect(await t.exit).toBe(0);
      expect(json(file).events[1]).toEqual({ type: 'suggestion', by: 'Bob', cards: ['Miss Scarlet', 'Knife', 'Lounge'], shownBy: 'Ann', shown: 'Miss Scarlet' });
    },
    SLOW,
  );

  it(
    'an accusation: the cards, then whether it was right; a wrong one puts the accuser out, and later turns pass it by',
    async () => {
      const file = startedLog();
      added(file, ['--by', 'Ann', '--cards', 'green,wrench,study', '--shown-by', 'Cat', '--shown', 'wrench']);
      const accused = terminal(['add', file]);
      await answer(accused, 'Which turn?', KEY.down + KEY.enter);
      await answer(accused, 'Who accused?', KEY.enter); // Bob, after Ann
      await answer(accused, 'Which of the suspects did Bob name?', `plum${KEY.enter}`);
      await answer(accused, 'Which of the weapons did Bob name?', `rope${KEY.enter}`);
      await answer(accused, 'Which of the rooms did Bob name?', `lounge${KEY.enter}`);
      await answer(accused, 'Was it correct?', KEY.enter);
      await accused.waitFor(`${file}: event 2: Bob accused Professor Plum, Rope and Lounge wrongly`);
      expect(await accused.exit).toBe(0);
      expect(json(file).events[1]).toEqual({ type: 'accusation', by: 'Bob', cards: ['Professor Plum', 'Rope', 'Lounge'], correct: false });

      added(file, ['--by', 'Cat', '--cards', 'green,rope,lounge', '--shown-by', 'Dan']);
      added(file, ['--by', 'Dan', '--cards', 'green,rope,study', '--shown-by', 'Cat']);
      added(file, ['--by', 'Ann', '--cards', 'mustard,candlestick,library', '--shown-by', 'Cat', '--shown', 'candlestick']);
      const before = readFileSync(file, 'utf8');
      const next = terminal(['add', file]);
      await answer(next, 'Which turn?', KEY.enter);
      await next.waitFor('Who suggested?');
      await answer(next, 'Bob (out of the game: accused wrongly)', KEY.enter);
      await answer(next, 'Which of the suspects did Cat name?', KEY.ctrlC); // after Ann, Bob is out: Cat
      expect(await next.exit).toBe(130);
      expect(readFileSync(file, 'utf8')).toBe(before);
    },
    SLOW,
  );

  it(
    'I hold a named card: nobody, and every player after me in the answers, are not offered (I would have shown it)',
    async () => {
      const file = startedLog();
      const game = parseGame(json(file));
      const [me, cat] = [game.me!, game.players.indexOf('Cat')];
      const named = ['Mr. Green', 'Rope', 'Hall'].map((c) => game.deck.cards.indexOf(c));
      expect(named.filter((c) => game.myHand.includes(c))).toEqual([game.deck.cards.indexOf('Hall')]);
      // The answers go Dan, Ann (me), Bob: the last player I would let answer is me.
      const order = answerers(cat, game.players.length, game.rules);
      expect(order.map((s) => game.players[s])).toEqual(['Dan', 'Ann', 'Bob']);
      const passed = passers({ type: 'suggestion', by: cat, cards: named, shownBy: me, shown: null }, game.players.length, game.rules).map((s) => game.players[s]);

      const t = terminal(['add', file]);
      await answer(t, 'Which turn?', KEY.enter);
      await answer(t, 'Who suggested?', KEY.down.repeat(2) + KEY.enter); // Ann, Bob, Cat
      await answer(t, 'Which of the suspects did Cat name?', `green${KEY.enter}`);
      await answer(t, 'Which of the weapons did Cat name?', `rope${KEY.enter}`);
      await answer(t, 'Which of the rooms did Cat name?', `hall${KEY.enter}`);
      await t.waitFor('Who showed Cat a card?');
      await t.waitFor('Bob (you hold Hall: you would have shown it)');
      await t.waitFor('nobody: everyone passed (you hold Hall: you would have shown it)');
      // Up from the first answer goes round to the last one offered: mine.
      t.type(KEY.up + KEY.enter);
      await answer(t, `Passed: ${passed.join(', ')}. Right?`, KEY.enter);
      await answer(t, 'Which card did you show Cat?', KEY.enter); // Hall, the only one I hold: no advice
      await t.waitFor(`${file}: event 1: Cat suggested {Mr. Green, Rope, Hall}: Dan passed, you showed Cat Hall`);
      expect(await t.exit).toBe(0);
    },
    SLOW,
  );

  it(
    'answers the log already rules out are not offered: nobody past a card I saw, a card I hold shown to me, a correct accusation of it',
    async () => {
      const file = startedLog();
      added(file, ['--by', 'Ann', '--cards', 'green,wrench,study', '--shown-by', 'Cat', '--shown', 'wrench']);
      const t = terminal(['add', file]);
      await answer(t, 'Which turn?', KEY.enter);
      await answer(t, 'Who suggested?', KEY.enter); // Bob, after Ann
      await answer(t, 'Which of the suspects did Bob name?', `green${KEY.enter}`);
      await answer(t, 'Which of the weapons did Bob name?', `wrench${KEY.enter}`);
      await answer(t, 'Which of the rooms did Bob name?', `lounge${KEY.enter}`);
      // Cat holds the Wrench she showed me: she would have shown a card before Dan, or anyone after him.
      await t.waitFor('Who showed Bob a card?');
      await t.waitFor('Dan (ruled out by the log)');
      await t.waitFor('nobody: everyone passed (ruled out by the log)');
      t.type(KEY.up + KEY.enter); // round from Cat to the last answer offered: Cat again
      await answer(t, 'Passed: nobody. Right?', KEY.enter);
      await t.waitFor(`${file}: event 2: Bob suggested {Mr. Green, Wrench, Lounge}: Cat showed Bob a card of {Mr. Green, Wrench, Lounge}`);
      expect(await t.exit).toBe(0);

      // I name the Knife and Professor Plum I hold: Dan cannot have shown me either.
      const mine = terminal(['add', file]);
      await answer(mine, 'Which turn?', KEY.enter);
      await answer(mine, 'Who suggested?', KEY.up + KEY.up + KEY.enter); // Cat after Bob; Ann two up
      await answer(mine, 'Which of the suspects did you name?', `plum${KEY.enter}`);
      await answer(mine, 'Which of the weapons did you name?', `knife${KEY.enter}`);
      await answer(mine, 'Which of the rooms did you name?', `library${KEY.enter}`);
      await answer(mine, 'Who showed you a card?', KEY.down.repeat(2) + KEY.enter); // Bob, Cat, Dan
      await answer(mine, 'Passed: Bob, Cat. Right?', KEY.enter);
      await mine.waitFor('Which card did Dan show you?');
      await mine.waitFor('Knife (you hold it)');
      mine.type(KEY.enter); // the one card offered: Library
      await mine.waitFor(`${file}: event 3: you suggested {Professor Plum, Knife, Library}: Bob and Cat passed, Dan showed you Library`);
      expect(await mine.exit).toBe(0);

      // An accusation naming my Kitchen cannot be correct.
      const accused = terminal(['add', file]);
      await answer(accused, 'Which turn?', KEY.down + KEY.enter);
      await answer(accused, 'Who accused?', KEY.enter); // Bob, after Ann
      await answer(accused, 'Which of the suspects did Bob name?', `mustard${KEY.enter}`);
      await answer(accused, 'Which of the weapons did Bob name?', `rope${KEY.enter}`);
      await answer(accused, 'Which of the rooms did Bob name?', `kitchen${KEY.enter}`);
      await accused.waitFor('Was it correct?');
      await accused.waitFor('correct (ruled out by the log)');
      accused.type(KEY.up + KEY.enter);
      await accused.waitFor(`${file}: event 4: Bob accused Colonel Mustard, Rope and Kitchen wrongly`);
      expect(await accused.exit).toBe(0);
    },
    SLOW,
  );

  it(
    'a long session, who showed changed again and again: no warning is written over the questions',
    async () => {
      const file = startedLog();
      const t = terminal(['add', file]);
      await answer(t, 'Which turn?', KEY.enter);
      await answer(t, 'Who suggested?', KEY.enter);
      await answer(t, 'Which of the suspects did you name?', `green${KEY.enter}`);
      await answer(t, 'Which of the weapons did you name?', `wrench${KEY.enter}`);
      await answer(t, 'Which of the rooms did you name?', `study${KEY.enter}`);
      for (let round = 0; round < 12; round++) {
        await answer(t, 'Who showed you a card?', KEY.enter);
        await answer(t, 'Passed: nobody. Right?', 'n');
      }
      await answer(t, 'Who showed you a card?', KEY.enter);
      await answer(t, 'Passed: nobody. Right?', KEY.enter);
      await answer(t, 'Which card did Bob show you?', KEY.enter);
      await t.waitFor(`${file}: event 1: you suggested {Mr. Green, Wrench, Study}: Bob showed you Mr. Green`);
      expect(await t.exit).toBe(0);
      expect(t.screen()).not.toMatch(/Warning|listeners/);
    },
    SLOW,
  );

  it.each([60, 80])(
    'at %i columns, a long message wraps inside the border, at spaces',
    async (columns) => {
      const file = fresh('wrapped.json');
      const t = terminal(['new', file], { columns });
      await answer(t, 'Which deck?', KEY.enter);
      await answer(t, 'The players in seat order', `Ann, Bob, ann${KEY.enter}`);
      const message = 'the players: "ann" appears twice (as "Ann") (names are matched ignoring case, spaces, "_", "-" and ".")';
      expect(message.length).toBeGreaterThan(columns);
      const shown = await t.waitFor(wrapped(message));
      const lines = shown.split('\n').slice(-wrapped(message).exec(shown)![0].split('\n').length);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
      t.type(KEY.ctrlC);
      expect(await t.exit).toBe(130);

      // The advice of cluedo refute, printed beside the questions: prose and table, inside the border.
      const log = startedLog();
      added(log, ['--by', 'Bob', '--cards', 'scarlet,rope,lounge', '--shown-by', 'Ann', '--shown', 'scarlet']);
      const advised = terminal(['add', log], { columns });
      await answer(advised, 'Which turn?', KEY.enter);
      await answer(advised, 'Who suggested?', KEY.up + KEY.enter);
      await answer(advised, 'Which of the suspects did Bob name?', `scar${KEY.enter}`);
      await answer(advised, 'Which of the weapons did Bob name?', `knife${KEY.enter}`);
      await answer(advised, 'Which of the rooms did Bob name?', `lounge${KEY.enter}`);
      await answer(advised, 'Who showed Bob a card?', KEY.down.repeat(2) + KEY.enter);
      await answer(advised, 'Passed: Cat, Dan. Right?', KEY.enter);
      const news = 'News: -log2 of the chance Bob gave the card, over every deal of the public events and the cards you showed Bob before';
      const advice = await advised.waitFor(wrapped(news));
      const adviceLines = advice.slice(advice.lastIndexOf('Ann shows Bob one of')).split('\n');
      expect(adviceLines.length).toBeGreaterThan(8);
      for (const line of adviceLines) expect(line.length, line).toBeLessThanOrEqual(columns);
      for (const line of adviceLines.slice(1)) expect(line, line).toMatch(/^│/);
      await answer(advised, 'Which card did you show Bob?', KEY.ctrlC);
      expect(await advised.exit).toBe(130);
    },
    SLOW,
  );

  it(
    'cancelled with Ctrl-C at any question: exit 130 with one line, the file byte for byte as it was',
    async () => {
      const file = startedLog();
      added(file, ['--by', 'Ann', '--cards', 'green,wrench,study', '--shown-by', 'Cat', '--shown', 'wrench']);
      const before = readFileSync(file, 'utf8');

      const interrupted = terminal(['add', file]);
      await answer(interrupted, 'Which turn?', KEY.enter);
      await answer(interrupted, 'Who suggested?', KEY.enter);
      await answer(interrupted, 'Which of the suspects did Bob name?', `pl${KEY.ctrlC}`);
      await interrupted.waitFor(`cluedo: cancelled; ${file} unchanged`);
      expect(await interrupted.exit).toBe(130);
      expect(readFileSync(file, 'utf8')).toBe(before);
      expect(interrupted.screen()).not.toMatch(/\bat .*\.m?js:\d+/); // no stack trace
    },
    SLOW,
  );

  it(
    'at a terminal, flags still decide: any content flag means no questions, and a missing required one is exit 2',
    async () => {
      const file = startedLog();
      const before = readFileSync(file, 'utf8');
      const t = terminal(['add', file, '--by', 'Bob']);
      await t.waitFor(`cluedo: required option '--cards <a,b,c>' not specified (see "cluedo add --help")`);
      expect(await t.exit).toBe(2);
      expect(t.screen()).not.toContain('Which turn?');
      expect(readFileSync(file, 'utf8')).toBe(before);
    },
    SLOW,
  );
});

describe('without a terminal', () => {
  it.each([
    [['new', 'FILE'], /^cluedo: required option '--players <names>' not specified \(see "cluedo new --help"\)\n$/],
    [['add', 'LOG'], /^cluedo: required option '--by <player>' not specified \(see "cluedo add --help"\)\n$/],
    [['new', 'FILE', '--interactive'], /^cluedo: --interactive needs a terminal, and standard input or output is not one/],
    [['add', 'LOG', '-i'], /^cluedo: --interactive needs a terminal, and standard input or output is not one/],
    [['add', 'LOG', '-i', '--by', 'Bob'], /^cluedo: --interactive asks for what --by gives: give one or the other/],
  ])('%j: exit 2 at once, one line, nothing written', async (args, message) => {
    const log = startedLog();
    const before = readFileSync(log, 'utf8');
    const file = fresh('never.json');
    // Standard input is a pipe left open: a command that waited for it would never end.
    const r = await withOpenInput(args.map((a) => (a === 'FILE' ? file : a === 'LOG' ? log : a)));
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(log, 'utf8')).toBe(before);
  }, SLOW);
});

/** Runs `cluedo ...args` with its standard input a pipe that stays open, to its end. */
async function withOpenInput(args: string[]): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdin.destroy();
  return { status, stderr };
}
