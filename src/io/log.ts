import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import * as z from 'zod';
import { distance } from 'fastest-levenshtein';
import { CLASSIC_DECK, MAX_CARDS, MAX_SEATS, MIN_SEATS, makeDeck, type Deck } from '../model/deck.js';
import { makeNameResolver, type NameResolver } from './names.js';
import { quote, quoteList, shorten } from './quote.js';
import { duplicateKey } from './json-keys.js';
import { InputError } from '../model/errors.js';
import { defaultHandSizes, type Game, type GameEvent } from '../model/game.js';

// ---------------------------------------------------------------------------------------------
// Reading the file

/** The largest game log read: far beyond any real game, small enough to refuse a runaway file early. */
export const MAX_LOG_BYTES = 64 * 1024 * 1024;

/**
 * Reads and JSON-parses a game log file; every failure is an InputError naming the file. Only a
 * regular file of at most MAX_LOG_BYTES is read (a device or a pipe could be endless).
 */
export function readGameLogFile(path: string): unknown {
  const text = decode(readRegularFile(path), path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${shorten(path)} is not valid JSON: ${describeJsonError(e, text)}`);
  }
  // JSON.parse keeps the last of two equal keys without a word: a category given twice would lose
  // its first cards. Only logs with a deck of their own are scanned (it costs as much as parsing).
  const hasDeck = typeof json === 'object' && json !== null && Object.hasOwn(json, 'deck');
  const twice = hasDeck ? duplicateKey(text) : null;
  if (twice !== null) {
    const where = twice.path === '' ? '' : `${twice.path}: `;
    throw new InputError(`invalid game log: ${where}key ${quote(twice.key)} is given twice (JSON keeps only the last)`);
  }
  return json;
}

function readRegularFile(path: string): Buffer {
  const cannot = (why: string) => new InputError(`cannot read game log ${quote(path)}: ${why}`);
  let fd: number;
  try {
    // stat before open: opening a FIFO would wait for a writer.
    const stats = statSync(path);
    if (!stats.isFile()) throw cannot(`it is ${fileKind(stats)}, not a regular file`);
    fd = openSync(path, 'r');
  } catch (e) {
    throw e instanceof InputError ? e : cannot(describeFsError(e));
  }
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_LOG_BYTES) {
      throw cannot(`it is ${(size / 2 ** 20).toFixed(0)} MiB, over the limit of ${MAX_LOG_BYTES / 2 ** 20} MiB`);
    }
    // Read at most one byte past the size seen, to notice a file that grows while being read.
    const buffer = Buffer.alloc(size + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > size) throw cannot('it grew while being read');
    return buffer.subarray(0, length);
  } catch (e) {
    throw e instanceof InputError ? e : cannot(describeFsError(e));
  } finally {
    closeSync(fd);
  }
}

function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a pipe';
  if (stats.isSocket()) return 'a socket';
  return 'not a plain file';
}

/** UTF-8 text without a byte-order mark (editors on Windows like to add one). */
function decode(bytes: Buffer, path: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new InputError(`${shorten(path)} is UTF-16 text; save it as UTF-8`);
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const known: Record<string, string> = {
    ENOENT: 'no such file',
    ENOTDIR: 'no such file (a part of the path is not a directory)',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a directory',
    ENAMETOOLONG: 'the name is too long',
    ELOOP: 'too many symbolic links (a loop?)',
    EIO: 'input/output error',
  };
  // Node's own messages repeat the path, which may be long: the code says enough.
  return (code && known[code]) ?? code ?? (e instanceof Error ? e.message : String(e));
}

/** V8 reports a character offset; people want a line and column. */
function describeJsonError(e: unknown, text: string): string {
  const msg = e instanceof Error ? e.message : String(e);
  const at = (pos: number): string => {
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return `line ${line} column ${pos - lineStart + 1}`;
  };
  const m = /\s*in JSON at position (\d+)(?: \(line \d+ column \d+\))?/.exec(msg);
  if (m) return `${msg.slice(0, m.index)} at ${at(Number(m[1]))}${msg.slice(m.index + m[0].length)}`;
  if (/Unexpected end of JSON input/.test(msg)) return `unexpected end of input at ${at(text.length)}`;
  return msg;
}

// ---------------------------------------------------------------------------------------------
// Structure (zod). Each message says what was expected, so one issue makes one readable line.

/** Zod error option: "required (...)" when the key is absent, otherwise "expected ...". */
const expecting = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `required (${what})` : `expected ${what}`),
});

/**
 * An array whose elements are checked in order up to the first bad one. zod's own arrays report
 * every bad element, and the issues of a huge array (300,000 numbers for card names) overflow the
 * stack when zod gathers them; one is all a message shows anyway.
 */
function arrayOf<T extends z.ZodType>(element: T, what: string) {
  return z.array(z.unknown(), expecting(what)).transform((items, ctx) => {
    const out: Array<z.output<T>> = [];
    for (let i = 0; i < items.length; i++) {
      const result = element.safeParse(items[i]);
      if (!result.success) {
        const issue = result.error.issues[0];
        ctx.addIssue({ ...issue, path: [i, ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
        return z.NEVER;
      }
      out.push(result.data);
    }
    return out;
  });
}

const cardName = z.string(expecting('a card name'));
const cardNames = arrayOf(cardName, 'an array of card names');
const playerName = z.string(expecting('a player name'));
const count = z
  .number(expecting('a non-negative integer'))
  .int(expecting('a non-negative integer'))
  .min(0, expecting('a non-negative integer'));

const suggestionSchema = z.strictObject({
  type: z.literal('suggestion'),
  by: playerName,
  cards: cardNames,
  shownBy: z.string(expecting('a player name or null')).nullable(),
  shown: cardName.nullable().optional(),
});

const accusationSchema = z.strictObject({
  type: z.literal('accusation'),
  by: playerName,
  cards: cardNames,
  correct: z.boolean(expecting('true or false')),
});

const EVENT_TYPES = { suggestion: suggestionSchema, accusation: accusationSchema };

const logSchema = z.strictObject(
  {
    // Checked by deckEntries: zod's records drop a "__proto__" key, and such a category must not vanish.
    deck: z.unknown().optional(),
    players: arrayOf(playerName, 'an array of player names in seat order'),
    handSizes: arrayOf(count, 'an array of hand sizes, one per player').optional(),
    faceUp: cardNames.optional(),
    me: playerName.nullable().optional(),
    myHand: cardNames.optional(),
    events: arrayOf(z.discriminatedUnion('type', [suggestionSchema, accusationSchema], expecting('an event object')), 'an array of events').optional(),
  },
  expecting('a JSON object'),
);

type GameLog = z.infer<typeof logSchema>;

function formatPath(path: PropertyKey[]): string {
  const step = (p: PropertyKey) => (typeof p === 'symbol' ? String(p) : shorten(String(p)));
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? step(p) : `.${step(p)}`)).join('');
}

/** One line for one zod issue: where it is and what was wrong. */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  let msg = issue.message;
  if (issue.code === 'unrecognized_keys') {
    // Unknown keys are usually typos, so name the key and the nearest allowed one.
    const key = issue.keys[0];
    const allowed = allowedKeys(issue.path, input);
    // Keys are short: a long unknown one is no typo of theirs (and its edit distance would be slow).
    const gap = (k: string) => (key.length > 64 ? Infinity : distance(key.toLowerCase(), k.toLowerCase()));
    const near = allowed.reduce<string | undefined>((best, k) => (best === undefined || gap(k) < gap(best) ? k : best), undefined);
    msg = `unknown key ${quote(key)}`;
    if (near !== undefined && gap(near) <= Math.max(2, key.length / 3)) {
      msg += `; did you mean ${quote(near)}?`;
    } else if (allowed.length > 0) {
      msg += `; the keys are ${quoteList(allowed, 'and')}`;
    }
  } else if (issue.code === 'invalid_union' && issue.path[issue.path.length - 1] === 'type') {
    msg = `expected ${quoteList(Object.keys(EVENT_TYPES))}`;
  }
  const where = formatPath(issue.path);
  return where === '' ? msg : `${where}: ${msg}`;
}

function allowedKeys(path: PropertyKey[], input: unknown): string[] {
  if (path.length === 0) return Object.keys(logSchema.shape);
  // The only other strict objects are events; their keys depend on the event's type.
  let node: unknown = input;
  for (const p of path) node = (node as Record<PropertyKey, unknown>)?.[p];
  const type = (node as { type?: unknown })?.type;
  return type === 'suggestion' || type === 'accusation' ? Object.keys(EVENT_TYPES[type].shape) : [];
}

function parseShape(json: unknown): GameLog {
  const result = logSchema.safeParse(json);
  if (result.success) return result.data;
  // An unknown key often explains a missing one ("Players"), so report it first.
  const issues = result.error.issues;
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  throw new InputError(`invalid game log: ${describeIssue(issue, json)}`);
}

/** The deck's categories in order, from the log's own object (so that no key is lost). */
function deckEntries(deck: unknown): Array<[string, string[]]> {
  if (typeof deck !== 'object' || deck === null || Array.isArray(deck)) {
    throw new InputError('invalid game log: deck: expected an object mapping each category to its card names');
  }
  return Object.entries(deck).map(([name, cards]) => {
    const result = cardNames.safeParse(cards);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new InputError(`invalid game log: ${describeIssue({ ...issue, path: ['deck', name, ...issue.path] }, deck)}`);
    }
    return [name, result.data];
  });
}

// ---------------------------------------------------------------------------------------------
// Meaning

/** Validates a parsed game log (see docs/game-log.md) and resolves its names to indices. */
export function parseGame(json: unknown): Game {
  const log = parseShape(json);
  const deck = log.deck === undefined ? CLASSIC_DECK : checkDeck(deckEntries(log.deck));
  const players = checkPlayers(log.players);
  const card = makeNameResolver('card', deck.cards);
  const player = makeNameResolver('player', players);

  const faceUp = resolveCards(log.faceUp ?? [], 'faceUp', card, deck);
  const handSizes = checkHandSizes(log.handSizes, deck, players, faceUp.length);

  const me = log.me == null ? null : player(log.me, 'me');
  let myHand: number[] = [];
  if (me === null) {
    if (log.myHand !== undefined) throw new InputError('myHand is given but "me" is not: say whose hand it is');
  } else {
    if (log.myHand === undefined) throw new InputError(`me is ${quote(players[me])} but myHand is missing`);
    myHand = resolveCards(log.myHand, 'myHand', card, deck);
    const shown = myHand.find((c) => faceUp.includes(c));
    if (shown !== undefined) throw new InputError(`myHand: ${quote(deck.cards[shown])} is face up`);
    if (myHand.length !== handSizes[me]) {
      throw new InputError(
        `myHand has ${myHand.length} cards but ${shorten(players[me])}'s hand size is ${handSizes[me]}`,
      );
    }
  }

  const game: Game = { deck, players, handSizes, faceUp, me, myHand, events: [] };
  checkEvents(log.events ?? [], game, card, player);
  return game;
}

function checkDeck(categories: Array<[string, string[]]>): Deck {
  if (categories.length === 0) throw new InputError('deck has no categories');
  for (const [name] of categories) checkCategoryName(name);
  const total = categories.reduce((n, [, cards]) => n + cards.length, 0);
  if (total > MAX_CARDS) throw new InputError(`deck has ${total} cards; at most ${MAX_CARDS} are supported`);
  const entries = categories.map(([name, cards]) => [name, cards.map((c) => c.trim())] as const);
  const seen = new Map<string, string>(); // lower-cased card -> its category
  for (const [name, cards] of entries) {
    if (cards.length === 0) throw new InputError(`deck: category ${quote(name)} has no cards`);
    for (const c of cards) {
      if (c === '') throw new InputError(`deck: category ${quote(name)} has an empty card name`);
      const other = seen.get(c.toLowerCase());
      if (other !== undefined) {
        const place = other === name ? `twice in ${quote(name)}` : `in both ${quote(other)} and ${quote(name)}`;
        throw new InputError(`deck: card ${quote(c)} appears ${place} (card names ignore case)`);
      }
      seen.set(c.toLowerCase(), name);
    }
  }
  return makeDeck(Object.fromEntries(entries.map(([name, cards]) => [name, [...cards]])));
}

/** The JSON key names the category in messages and in the analysis; some keys cannot do that job. */
function checkCategoryName(name: string): void {
  if (name.trim() === '') throw new InputError('deck: a category has an empty name');
  // JavaScript objects list keys like "7" before all others, whatever the file says, so the
  // deck's order (that of solutions and suggestions) would silently change.
  if (/^(0|[1-9]\d*)$/.test(name) && Number(name) < 2 ** 32 - 1) {
    throw new InputError(
      `deck: category ${quote(name)} is a whole number, which JSON objects move ahead of the other keys (changing the deck's order); give it a name with a letter`,
    );
  }
}

/** The analysis names the owners besides the seats "envelope" and "table": no seat may take those names. */
const RESERVED_OWNERS = ['envelope', 'table'];

function checkPlayers(names: string[]): string[] {
  const players = names.map((p) => p.trim());
  if (players.length < MIN_SEATS || players.length > MAX_SEATS) {
    throw new InputError(`players: need ${MIN_SEATS} to ${MAX_SEATS} players, got ${players.length}`);
  }
  const seen = new Set<string>();
  players.forEach((p, i) => {
    if (p === '') throw new InputError(`players: player ${i + 1} has an empty name`);
    const key = p.toLowerCase();
    if (RESERVED_OWNERS.includes(key)) {
      throw new InputError(`players: ${quote(p)} cannot name a player: the analysis calls the owners besides the seats "envelope" and "table"`);
    }
    if (seen.has(key)) throw new InputError(`players: ${quote(p)} appears twice (player names ignore case)`);
    seen.add(key);
  });
  return players;
}

function checkHandSizes(given: number[] | undefined, deck: Deck, players: string[], nFaceUp: number): number[] {
  const nCards = deck.cards.length;
  const nEnvelope = deck.categories.length;
  const nDealt = nCards - nEnvelope - nFaceUp;
  if (nDealt < 0) {
    throw new InputError(`faceUp has ${nFaceUp} cards but only ${nCards - nEnvelope} are left after the envelope`);
  }
  if (given === undefined) return defaultHandSizes(nDealt, players.length);
  if (given.length !== players.length) {
    throw new InputError(`handSizes has ${given.length} entries but there are ${players.length} players`);
  }
  const sum = given.reduce((a, b) => a + b, 0);
  if (sum !== nDealt) {
    throw new InputError(
      `handSizes sum to ${sum} but should sum to ${nDealt} ` +
        `(${nCards} cards - ${nEnvelope} in the envelope - ${nFaceUp} face up)`,
    );
  }
  return [...given];
}

/** Resolves a list of card names in which no card may appear twice. */
function resolveCards(names: string[], where: string, card: NameResolver, deck: Deck): number[] {
  const cards: number[] = [];
  const seen = new Set<number>();
  for (const name of names) {
    const c = card(name, where);
    if (seen.has(c)) throw new InputError(`${where}: ${quote(deck.cards[c])} is listed twice`);
    seen.add(c);
    cards.push(c);
  }
  return cards;
}

/** One card of each category, returned in category order; otherwise says which category is off. */
function oneOfEachCategory(cards: number[], deck: Deck, where: string): number[] {
  const byCategory: number[][] = deck.categories.map(() => []);
  for (const c of cards) byCategory[deck.categoryOf[c]].push(c);
  const problems: string[] = [];
  byCategory.forEach((named, g) => {
    if (named.length === 1) return;
    const cat = quote(deck.categories[g].name);
    if (named.length === 0) problems.push(`${cat} is missing`);
    else problems.push(`${cat} is named ${named.length} times (${quoteList(named.map((c) => deck.cards[c]), 'and')})`);
  });
  if (problems.length > 0) {
    const more = problems.length > 3 ? `; and ${problems.length - 3} more categories` : '';
    throw new InputError(`${where}: cards must name one card of each category, but ${problems.slice(0, 3).join('; ')}${more}`);
  }
  return byCategory.map((named) => named[0]);
}

type RawEvent = NonNullable<GameLog['events']>[number];

/** Resolves and checks the events in play order, appending them to `game.events`. */
function checkEvents(raw: RawEvent[], game: Game, card: NameResolver, player: NameResolver): void {
  const { deck, players, me } = game;
  const eliminatedAt = new Map<number, number>(); // seat -> event number of its wrong accusation
  let solvedAt: number | null = null;

  const name = (seat: number) => shorten(players[seat]);
  raw.forEach((e, i) => {
    const n = i + 1;
    const by = player(e.by, `event ${n} (${e.type})`);
    const where = `event ${n} (${e.type} by ${name(by)})`;
    if (solvedAt !== null) {
      throw new InputError(`${where}: the game ended with the correct accusation at event ${solvedAt}`);
    }
    const out = eliminatedAt.get(by);
    if (out !== undefined) {
      const verb = e.type === 'suggestion' ? 'suggests' : 'accuses';
      throw new InputError(`${where}: ${name(by)} ${verb} but was eliminated by a wrong accusation at event ${out}`);
    }
    const cards = oneOfEachCategory(e.cards.map((c) => card(c, where)), deck, where);

    let event: GameEvent;
    if (e.type === 'accusation') {
      event = { type: 'accusation', by, cards, correct: e.correct };
      if (e.correct) solvedAt = n;
      else eliminatedAt.set(by, n);
    } else {
      const shownBy = e.shownBy === null ? null : player(e.shownBy, where);
      if (shownBy === by) throw new InputError(`${where}: shownBy is ${name(by)}, who made the suggestion`);
      let shown: number | null = null;
      if (e.shown != null) {
        // Only the suggester and the refuter know the card, so it is in their logs alone.
        if (me === null) {
          throw new InputError(`${where}: "shown" is given but the log has no observer ("me"), and only the suggester and the refuter know the card`);
        }
        if (shownBy === null) throw new InputError(`${where}: "shown" is given but shownBy is null`);
        if (me !== by && me !== shownBy) {
          throw new InputError(
            `${where}: "shown" is given but only ${name(by)} and ${name(shownBy)} know the card, and the observer is ${name(me)}`,
          );
        }
        shown = card(e.shown, where);
        if (!cards.includes(shown)) {
          throw new InputError(`${where}: shown card ${quote(deck.cards[shown])} is not one of the suggested cards`);
        }
        if (me === shownBy && !game.myHand.includes(shown)) {
          throw new InputError(`${where}: ${name(me)} showed ${quote(deck.cards[shown])}, but it is not in myHand`);
        }
      }
      event = { type: 'suggestion', by, cards, shownBy, shown };
    }
    game.events.push(event);
  });
}
