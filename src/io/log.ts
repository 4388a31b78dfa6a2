import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import * as z from 'zod';
import { distance } from 'fastest-levenshtein';
import { CLASSIC_DECK, MAX_CARDS, MAX_SEATS, MIN_SEATS, makeDeck, type Deck } from '../model/deck.js';
import { makeNameResolver, UnknownNameError, type NameResolver } from './names.js';
import { quote, quoteList, shorten } from './quote.js';
import { duplicateKey } from './json-keys.js';
import { InputError } from '../model/errors.js';
import { DEFAULT_RULES, ENVELOPE, TABLE, defaultHandSizes, type Game, type GameEvent, type Rules } from '../model/game.js';

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
  // its first cards. Only logs with a deck, a deal or rules of their own are scanned (it costs as
  // much as parsing).
  const named = typeof json === 'object' && json !== null && ['deck', 'deal', 'rules'].some((k) => Object.hasOwn(json, k));
  const twice = named ? duplicateKey(text) : null;
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

const lookSchema = z.strictObject({ type: z.literal('look') });

const suggestSchema = z.strictObject({ type: z.literal('suggest'), by: playerName, cards: cardNames });

const nocardSchema = z.strictObject({ type: z.literal('nocard'), by: playerName, cards: cardNames });

const showcardSchema = z.strictObject({
  type: z.literal('showcard'),
  by: playerName,
  to: playerName,
  cards: cardNames,
  shown: cardName.nullable().optional(),
});

const endmoveSchema = z.strictObject({ type: z.literal('endmove'), by: playerName });

const EVENT_TYPES = {
  suggestion: suggestionSchema,
  accusation: accusationSchema,
  look: lookSchema,
  suggest: suggestSchema,
  nocard: nocardSchema,
  showcard: showcardSchema,
  endmove: endmoveSchema,
};

const rulesSchema = z.strictObject(
  {
    answers: z.enum(['first', 'all'], expecting('"first" or "all"')).optional(),
    suggesterHoldsNone: z.boolean(expecting('true or false')).optional(),
    // Checked by quotaEntries: its keys name categories, and a "__proto__" one must not vanish.
    handQuotas: z.unknown().optional(),
  },
  expecting('an object of rule variants'),
);

const logSchema = z.strictObject(
  {
    // Checked by deckEntries: zod's records drop a "__proto__" key, and such a category must not vanish.
    deck: z.unknown().optional(),
    players: arrayOf(playerName, 'an array of player names in seat order'),
    handSizes: arrayOf(count, 'an array of hand sizes, one per player').optional(),
    faceUp: cardNames.optional(),
    me: playerName.nullable().optional(),
    myHand: cardNames.optional(),
    rules: rulesSchema.optional(),
    // Checked by dealEntries: its keys name owners.
    deal: z.unknown().optional(),
    events: arrayOf(
      z.discriminatedUnion(
        'type',
        [suggestionSchema, accusationSchema, lookSchema, suggestSchema, nocardSchema, showcardSchema, endmoveSchema],
        expecting('an event object'),
      ),
      'an array of events',
    ).optional(),
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
  if (path.length === 1 && path[0] === 'rules') return Object.keys(rulesSchema.shape);
  if (path.length === 1 && path[0] === 'deal') {
    // The deal's keys name its owners: the seats (as the log spells them), the envelope and the table.
    const players = (input as { players?: unknown })?.players;
    const seats = Array.isArray(players) ? players.filter((p): p is string => typeof p === 'string').map((p) => p.trim()) : [];
    return [...seats, 'envelope', 'table'];
  }
  // The only other strict objects are events; their keys depend on the event's type.
  let node: unknown = input;
  for (const p of path) node = (node as Record<PropertyKey, unknown>)?.[p];
  const type = (node as { type?: unknown })?.type;
  return typeof type === 'string' && Object.hasOwn(EVENT_TYPES, type) ? Object.keys(EVENT_TYPES[type as keyof typeof EVENT_TYPES].shape) : [];
}

/** The message of an unknown key at `path` (a deal's owner, say), with the nearest allowed one. */
function unknownKey(path: PropertyKey[], key: string, input: unknown): InputError {
  const issue = { code: 'unrecognized_keys', keys: [key], path, message: '', input: undefined } as unknown as z.core.$ZodIssue;
  return new InputError(`invalid game log: ${describeIssue(issue, input)}`);
}

function parseShape(json: unknown): GameLog {
  const result = logSchema.safeParse(json);
  if (result.success) return result.data;
  // An unknown key often explains a missing one ("Players"), so report it first.
  const issues = result.error.issues;
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  throw new InputError(`invalid game log: ${describeIssue(issue, json)}`);
}

/**
 * The entries of an object whose keys are names (a deck's categories, a deal's owners, hand quotas),
 * in order, from the log's own object (so that no key is lost), each value checked by `element`.
 */
function namedEntries<T extends z.ZodType>(value: unknown, path: string[], element: T, what: string): Array<[string, z.output<T>]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InputError(`invalid game log: ${formatPath(path)}: expected an object ${what}`);
  }
  return Object.entries(value).map(([name, item]) => {
    const result = element.safeParse(item);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new InputError(`invalid game log: ${describeIssue({ ...issue, path: [...path, name, ...issue.path] }, value)}`);
    }
    return [name, result.data];
  });
}

/** The deck's categories in order. */
function deckEntries(deck: unknown): Array<[string, string[]]> {
  return namedEntries(deck, ['deck'], cardNames, 'mapping each category to its card names');
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

  const rules = checkRules(log.rules, deck);
  const hands = log.deal === undefined ? null : dealEntries(log.deal, json, players, player, card, deck);
  const faceUp = checkFaceUp(log.faceUp, hands, card, deck);
  const handSizes = checkHandSizes(log.handSizes, deck, players, faceUp.length);
  if (rules.handQuotas !== null) checkQuotas(rules.handQuotas, deck, players, handSizes, faceUp);
  const deal = hands === null ? null : checkDeal(hands, deck, players, handSizes, faceUp, rules, log.handSizes === undefined);
  const quotaProblem = (cards: number[]) => (rules.handQuotas === null ? null : quotaBreach(cards, rules.handQuotas, deck));

  const me = log.me == null ? null : player(log.me, 'me');
  let myHand: number[] = [];
  if (me === null) {
    if (log.myHand !== undefined) throw new InputError('myHand is given but "me" is not: say whose hand it is');
  } else if (log.myHand === undefined) {
    // A full record says what every seat holds, the observer's hand too.
    if (deal === null) throw new InputError(`me is ${quote(players[me])} but myHand is missing`);
    myHand = hands!.find((h) => h.owner === me)!.cards;
  } else {
    myHand = resolveCards(log.myHand, 'myHand', card, deck);
    const shown = myHand.find((c) => faceUp.includes(c));
    if (shown !== undefined) throw new InputError(`myHand: ${quote(deck.cards[shown])} is face up`);
    if (myHand.length !== handSizes[me]) {
      throw new InputError(
        `myHand has ${myHand.length} cards but ${shorten(players[me])}'s hand size is ${handSizes[me]}`,
      );
    }
    const elsewhere = deal === null ? undefined : myHand.find((c) => deal[c] !== me);
    if (elsewhere !== undefined) {
      throw new InputError(
        `myHand does not agree with the deal: ${quote(deck.cards[elsewhere])} is in myHand but the deal gives it to ${ownerName(deal![elsewhere], players)}`,
      );
    }
    const problem = quotaProblem(myHand);
    if (problem !== null) throw new InputError(`myHand has ${problem}`);
  }

  const game: Game = { deck, players, handSizes, faceUp, me, myHand, events: [], rules, deal };
  checkEvents(log.events ?? [], game, card, player);
  return game;
}

/** "Ann", "the envelope" or "the table". */
function ownerName(owner: number, players: string[]): string {
  if (owner === ENVELOPE) return 'the envelope';
  if (owner === TABLE) return 'the table';
  return shorten(players[owner]);
}

// ---------------------------------------------------------------------------------------------
// Rules

function checkRules(given: GameLog['rules'], deck: Deck): Rules {
  return {
    answers: given?.answers ?? DEFAULT_RULES.answers,
    suggesterHoldsNone: given?.suggesterHoldsNone ?? DEFAULT_RULES.suggesterHoldsNone,
    handQuotas: given?.handQuotas === undefined ? null : quotaEntries(given.handQuotas, deck),
  };
}

/** Per category (in deck order), its quota or null; null when the log sets none. */
function quotaEntries(given: unknown, deck: Deck): Array<number | null> | null {
  const entries = namedEntries(given, ['rules', 'handQuotas'], count, 'mapping categories to the number of their cards in each hand');
  const names = deck.categories.map((c) => c.name);
  const category = makeNameResolver('category', names);
  const quotas: Array<number | null> = names.map(() => null);
  const keyOf: string[] = [];
  for (const [key, quota] of entries) {
    // A category's own name first: two categories may differ only in case.
    const exact = names.indexOf(key);
    const g = exact >= 0 ? exact : category(key, 'rules.handQuotas');
    if (quotas[g] !== null) {
      throw new InputError(`rules.handQuotas: ${quote(keyOf[g])} and ${quote(key)} both name the category ${quote(names[g])}`);
    }
    quotas[g] = quota;
    keyOf[g] = key;
  }
  return quotas.every((q) => q === null) ? null : quotas;
}

/** The hand sizes and the deck must leave room for the quotas: every dealt card of a category with a quota is in some hand. */
function checkQuotas(quotas: Array<number | null>, deck: Deck, players: string[], handSizes: number[], faceUp: number[]): void {
  const perHand = quotas.reduce<number>((sum, q) => sum + (q ?? 0), 0);
  const everyCategory = quotas.every((q) => q !== null);
  handSizes.forEach((size, s) => {
    const seat = shorten(players[s]);
    if (everyCategory && size !== perHand) {
      throw new InputError(`rules.handQuotas: every category has a quota, so each hand holds exactly ${perHand} cards, but ${seat}'s hand size is ${size}`);
    }
    if (size < perHand) {
      throw new InputError(`rules.handQuotas: the quotas put ${perHand} cards in each hand, but ${seat}'s hand size is ${size}`);
    }
  });
  quotas.forEach((quota, g) => {
    if (quota === null) return;
    const inDeck = deck.categories[g].cards.length;
    const up = faceUp.filter((c) => deck.categoryOf[c] === g).length;
    const dealt = inDeck - 1 - up;
    const need = quota * players.length;
    if (dealt !== need) {
      throw new InputError(
        `rules.handQuotas: ${players.length} hands of ${quota} ${quote(deck.categories[g].name)} hold ${need} cards, but ${dealt} ${dealt === 1 ? 'is' : 'are'} dealt ` +
          `(${inDeck} in the deck, 1 in the envelope${up > 0 ? `, ${up} face up` : ''})`,
      );
    }
  });
}

/** What is wrong with a hand under the quotas ("2 \"suspects\" but ..."), or null. */
function quotaBreach(cards: number[], quotas: Array<number | null>, deck: Deck): string | null {
  for (let g = 0; g < quotas.length; g++) {
    const quota = quotas[g];
    if (quota === null) continue;
    const held = cards.filter((c) => deck.categoryOf[c] === g).length;
    if (held !== quota) return `${held} ${quote(deck.categories[g].name)} but rules.handQuotas gives every hand ${quota}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The deal

interface DealHand {
  /** A seat, ENVELOPE or TABLE. */
  owner: number;
  /** Where it is, for messages: "deal.Ann". */
  where: string;
  cards: number[];
}

/** The deal's hands, owners and cards resolved; each owner given once. */
function dealEntries(given: unknown, json: unknown, players: string[], player: NameResolver, card: NameResolver, deck: Deck): DealHand[] {
  const entries = namedEntries(given, ['deal'], cardNames, "mapping each seat, the envelope and the table to its cards");
  const hands: DealHand[] = [];
  const keyOf = new Map<number, string>();
  for (const [key, names] of entries) {
    const lower = key.trim().toLowerCase();
    let owner: number;
    if (lower === 'envelope') owner = ENVELOPE;
    else if (lower === 'table') owner = TABLE;
    else {
      try {
        owner = player(key, 'deal');
      } catch (e) {
        throw e instanceof UnknownNameError ? unknownKey(['deal'], key, json) : e;
      }
    }
    const before = keyOf.get(owner);
    if (before !== undefined) {
      const whose = owner < 0 ? ownerName(owner, players) : `${shorten(players[owner])}'s hand`;
      throw new InputError(`deal: ${quote(before)} and ${quote(key)} both give ${whose}`);
    }
    keyOf.set(owner, key);
    const where = formatPath(['deal', key]);
    hands.push({ owner, where, cards: resolveCards(names, where, card, deck) });
  }
  return hands;
}

/** The face-up cards: `faceUp`, or the deal's table when faceUp is absent; both must agree. */
function checkFaceUp(given: string[] | undefined, hands: DealHand[] | null, card: NameResolver, deck: Deck): number[] {
  const faceUp = given === undefined ? null : resolveCards(given, 'faceUp', card, deck);
  const table = hands?.find((h) => h.owner === TABLE) ?? null;
  if (table === null) return faceUp ?? [];
  if (faceUp === null) return table.cards;
  const notUp = table.cards.find((c) => !faceUp.includes(c));
  if (notUp !== undefined) throw new InputError(`${table.where}: ${quote(deck.cards[notUp])} is on the table but not in faceUp`);
  const notOnTable = faceUp.find((c) => !table.cards.includes(c));
  if (notOnTable !== undefined) throw new InputError(`${table.where}: ${quote(deck.cards[notOnTable])} is in faceUp but not on the table`);
  return faceUp;
}

/** The deal as the owner of each card: every card once, every hand its size, the envelope one card per category. */
function checkDeal(
  hands: DealHand[],
  deck: Deck,
  players: string[],
  handSizes: number[],
  faceUp: number[],
  rules: Rules,
  defaultSizes: boolean,
): number[] {
  players.forEach((p, s) => {
    if (!hands.some((h) => h.owner === s)) throw new InputError(`deal: ${shorten(p)}'s hand is missing (a deal gives every seat's hand)`);
  });
  const envelope = hands.find((h) => h.owner === ENVELOPE);
  if (envelope === undefined) throw new InputError('deal: the envelope is missing');
  oneOfEachCategory(envelope.cards, deck, envelope.where);

  const owners = new Array<number | null>(deck.cards.length).fill(null);
  // Without a table of its own, the deal leaves the face-up cards on the table.
  const all = hands.some((h) => h.owner === TABLE) ? hands : [...hands, { owner: TABLE, where: 'deal.table', cards: faceUp }];
  for (const hand of all) {
    for (const c of hand.cards) {
      const before = owners[c];
      if (before !== null) {
        throw new InputError(`deal: ${quote(deck.cards[c])} is dealt twice (to ${ownerName(before, players)} and to ${ownerName(hand.owner, players)})`);
      }
      owners[c] = hand.owner;
    }
  }
  const nowhere = deck.cards.filter((_, c) => owners[c] === null);
  if (nowhere.length > 0) {
    throw new InputError(`deal: ${quoteList(nowhere, 'and')} ${nowhere.length === 1 ? 'is' : 'are'} in no hand, not in the envelope and not on the table`);
  }
  for (const hand of hands) {
    if (hand.owner < 0) continue;
    const seat = shorten(players[hand.owner]);
    if (hand.cards.length !== handSizes[hand.owner]) {
      const why = defaultSizes ? ' (the log gives no handSizes, so the cards are dealt evenly, the earlier seats taking the extras)' : '';
      throw new InputError(`${hand.where}: ${seat} holds ${hand.cards.length} cards but ${seat}'s hand size is ${handSizes[hand.owner]}${why}`);
    }
    const problem = rules.handQuotas === null ? null : quotaBreach(hand.cards, rules.handQuotas, deck);
    if (problem !== null) throw new InputError(`${hand.where}: ${seat} holds ${problem}`);
  }
  return owners as number[];
}

// ---------------------------------------------------------------------------------------------
// The setup

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
  const { deck, players, me, rules, deal } = game;
  const nSeats = players.length;
  const eliminatedAt = new Map<number, number>(); // seat -> event number of its wrong accusation
  let solvedAt: number | null = null;
  let lookAt: number | null = null;

  const name = (seat: number) => shorten(players[seat]);
  const cardName = (c: number) => quote(deck.cards[c]);
  /** The first of `cards` that `seat` holds in the deal (none without a deal). */
  const heldBy = (seat: number, cards: number[]) => (deal === null ? undefined : cards.find((c) => deal[c] === seat));
  /** With a deal, the shown card must be the responder's. */
  const checkHeld = (where: string, seat: number, shown: number) => {
    if (deal !== null && deal[shown] !== seat) {
      throw new InputError(`${where}: ${name(seat)} shows ${cardName(shown)} but the deal gives it to ${ownerName(deal[shown], players)}`);
    }
  };
  const missingShown = (where: string) =>
    new InputError(`${where}: "shown" is missing: a log with a deal says which card was shown`);

  raw.forEach((e, i) => {
    const n = i + 1;
    if (e.type === 'look') {
      const where = `event ${n} (look)`;
      if (lookAt !== null) throw new InputError(`${where}: the log already has a look at event ${lookAt}; the seats look at their cards once`);
      if (i > 0) throw new InputError(`${where}: a look must come before every other event (the seats look at their cards before play begins)`);
      lookAt = n;
      game.events.push({ type: 'look' });
      return;
    }
    const by = player(e.by, `event ${n} (${e.type})`);
    const where = `event ${n} (${e.type} by ${name(by)})`;
    if (solvedAt !== null) {
      throw new InputError(`${where}: the game ended with the correct accusation at event ${solvedAt}`);
    }
    const out = eliminatedAt.get(by);
    // An eliminated seat still answers suggestions (nocard, showcard), and does nothing else.
    if (out !== undefined && e.type !== 'nocard' && e.type !== 'showcard') {
      const verb = e.type === 'accusation' ? 'accuses' : e.type === 'endmove' ? 'ends a turn' : 'suggests';
      throw new InputError(`${where}: ${name(by)} ${verb} but was eliminated by a wrong accusation at event ${out}`);
    }
    if (e.type === 'suggestion' && rules.answers === 'all') {
      throw new InputError(
        `${where}: under rules.answers "all" every other seat answers, which one suggestion event cannot record: use suggest, nocard and showcard events`,
      );
    }
    if (e.type === 'endmove') {
      game.events.push({ type: 'endmove', by });
      return;
    }
    const cards = oneOfEachCategory(e.cards.map((c) => card(c, where)), deck, where);
    const suggesterHolds = (e.type === 'suggestion' || e.type === 'suggest') && rules.suggesterHoldsNone ? heldBy(by, cards) : undefined;
    if (suggesterHolds !== undefined) {
      throw new InputError(
        `${where}: ${name(by)} holds ${cardName(suggesterHolds)} in the deal, but under rules.suggesterHoldsNone a suggester names none of its own cards`,
      );
    }

    let event: GameEvent;
    if (e.type === 'accusation') {
      if (deal !== null && cards.every((c) => deal[c] === ENVELOPE) !== e.correct) {
        const envelope = deck.cards.filter((_, c) => deal[c] === ENVELOPE).map(shorten).join(', ');
        throw new InputError(`${where}: correct is ${e.correct} but the deal's envelope is ${envelope}`);
      }
      event = { type: 'accusation', by, cards, correct: e.correct };
      if (e.correct) solvedAt = n;
      else eliminatedAt.set(by, n);
    } else if (e.type === 'suggest') {
      event = { type: 'suggest', by, cards };
    } else if (e.type === 'nocard') {
      const held = heldBy(by, cards);
      if (held !== undefined) throw new InputError(`${where}: ${name(by)} holds ${cardName(held)} in the deal, so it had a card to show`);
      event = { type: 'nocard', by, cards };
    } else if (e.type === 'showcard') {
      const to = player(e.to, where);
      if (to === by) throw new InputError(`${where}: "to" is ${name(by)}, who shows the card`);
      const toOut = eliminatedAt.get(to);
      if (toOut !== undefined) {
        throw new InputError(`${where}: ${name(to)} is shown a card but was eliminated by a wrong accusation at event ${toOut} and can no longer suggest`);
      }
      let shown: number | null = null;
      if (e.shown != null) {
        // Only the two seats know the card, so it is in their logs alone (and in a full record).
        if (deal === null && me === null) {
          throw new InputError(`${where}: "shown" is given but the log has no observer ("me") and no deal, and only ${name(by)} and ${name(to)} know the card`);
        }
        if (deal === null && me !== by && me !== to) {
          throw new InputError(`${where}: "shown" is given but only ${name(by)} and ${name(to)} know the card, and the observer is ${name(me!)}`);
        }
        shown = card(e.shown, where);
        if (!cards.includes(shown)) throw new InputError(`${where}: shown card ${cardName(shown)} is not one of the suggested cards`);
        if (me === by && !game.myHand.includes(shown)) {
          throw new InputError(`${where}: ${name(me)} showed ${cardName(shown)}, but it is not in myHand`);
        }
        checkHeld(where, by, shown);
      } else if (deal !== null) {
        throw missingShown(where);
      }
      event = { type: 'showcard', by, to, cards, shown };
    } else {
      const shownBy = e.shownBy === null ? null : player(e.shownBy, where);
      if (shownBy === by) throw new InputError(`${where}: shownBy is ${name(by)}, who made the suggestion`);
      let shown: number | null = null;
      if (e.shown != null) {
        // Only the suggester and the refuter know the card, so it is in their logs alone (and in a full record).
        if (me === null && deal === null) {
          throw new InputError(`${where}: "shown" is given but the log has no observer ("me"), and only the suggester and the refuter know the card`);
        }
        if (shownBy === null) throw new InputError(`${where}: "shown" is given but shownBy is null`);
        if (deal === null && me !== by && me !== shownBy) {
          throw new InputError(
            `${where}: "shown" is given but only ${name(by)} and ${name(shownBy)} know the card, and the observer is ${name(me!)}`,
          );
        }
        shown = card(e.shown, where);
        if (!cards.includes(shown)) {
          throw new InputError(`${where}: shown card ${cardName(shown)} is not one of the suggested cards`);
        }
        if (me === shownBy && !game.myHand.includes(shown)) {
          throw new InputError(`${where}: ${name(me)} showed ${cardName(shown)}, but it is not in myHand`);
        }
        checkHeld(where, shownBy, shown);
      } else if (deal !== null && shownBy !== null) {
        throw missingShown(where);
      }
      // With a deal: the seats asked before the refuter (every other seat when nobody refuted) hold none of the cards.
      for (let s = (by + 1) % nSeats; deal !== null && s !== (shownBy ?? by); s = (s + 1) % nSeats) {
        const held = heldBy(s, cards);
        if (held === undefined) continue;
        const then = shownBy === null ? 'could refute' : `is asked before ${name(shownBy)}`;
        throw new InputError(`${where}: ${name(s)} holds ${cardName(held)} in the deal and ${then}`);
      }
      event = { type: 'suggestion', by, cards, shownBy, shown };
    }
    game.events.push(event);
  });
}
