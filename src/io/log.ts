import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { distance } from 'fastest-levenshtein';
import { CLASSIC_DECK, MAX_CARDS, MAX_SEATS, MIN_SEATS, makeDeck, type Deck } from '../model/deck.js';
import { makeNameResolver, quoteList, type NameResolver } from './names.js';
import { InputError } from '../model/errors.js';
import { defaultHandSizes, type Game, type GameEvent } from '../model/game.js';

// ---------------------------------------------------------------------------------------------
// Reading the file

/** Reads and JSON-parses a game log file; every failure is an InputError naming the file. */
export function readGameLogFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read game log "${path}": ${describeFsError(e)}`);
  }
  text = text.replace(/^\uFEFF/, ''); // editors on Windows like to add a byte-order mark
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${path} is not valid JSON: ${describeJsonError(e, text)}`);
  }
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return e instanceof Error ? e.message : String(e);
}

/** V8 reports a character offset; people want a line and column. */
function describeJsonError(e: unknown, text: string): string {
  const msg = e instanceof Error ? e.message : String(e);
  const at = (pos: number): string => {
    const lines = text.slice(0, pos).split('\n');
    return `line ${lines.length} column ${lines[lines.length - 1].length + 1}`;
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

const cardName = z.string(expecting('a card name'));
const cardNames = z.array(cardName, expecting('an array of card names'));
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
    deck: z
      .record(z.string(), cardNames, expecting('an object mapping each category to its card names'))
      .optional(),
    players: z.array(playerName, expecting('an array of player names in seat order')),
    handSizes: z.array(count, expecting('an array of hand sizes, one per player')).optional(),
    faceUp: cardNames.optional(),
    me: playerName.nullable().optional(),
    myHand: cardNames.optional(),
    events: z
      .array(
        z.discriminatedUnion('type', [suggestionSchema, accusationSchema], expecting('an event object')),
        expecting('an array of events'),
      )
      .optional(),
  },
  expecting('a JSON object'),
);

type GameLog = z.infer<typeof logSchema>;

function formatPath(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

/** One line for one zod issue: where it is and what was wrong. */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  let msg = issue.message;
  if (issue.code === 'unrecognized_keys') {
    // Unknown keys are usually typos, so name the key and the nearest allowed one.
    const key = issue.keys[0];
    const allowed = allowedKeys(issue.path, input);
    const gap = (k: string) => distance(key.toLowerCase(), k.toLowerCase());
    const near = allowed.reduce<string | undefined>((best, k) => (best === undefined || gap(k) < gap(best) ? k : best), undefined);
    msg = `unknown key "${key}"`;
    if (near !== undefined && gap(near) <= Math.max(2, key.length / 3)) {
      msg += `; did you mean "${near}"?`;
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

// ---------------------------------------------------------------------------------------------
// Meaning

/** Validates a parsed game log (see docs/game-log.md) and resolves its names to indices. */
export function parseGame(json: unknown): Game {
  const log = parseShape(json);
  const deck = log.deck === undefined ? CLASSIC_DECK : checkDeck(log.deck);
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
    if (log.myHand === undefined) throw new InputError(`me is "${players[me]}" but myHand is missing`);
    myHand = resolveCards(log.myHand, 'myHand', card, deck);
    const shown = myHand.find((c) => faceUp.includes(c));
    if (shown !== undefined) throw new InputError(`myHand: "${deck.cards[shown]}" is face up`);
    if (myHand.length !== handSizes[me]) {
      throw new InputError(
        `myHand has ${myHand.length} cards but ${players[me]}'s hand size is ${handSizes[me]}`,
      );
    }
  }

  const game: Game = { deck, players, handSizes, faceUp, me, myHand, events: [] };
  checkEvents(log.events ?? [], game, card, player);
  return game;
}

function checkDeck(categories: Record<string, string[]>): Deck {
  const entries = Object.entries(categories).map(([name, cards]) => [name, cards.map((c) => c.trim())] as const);
  if (entries.length === 0) throw new InputError('deck has no categories');
  const seen = new Map<string, string>(); // lower-cased card -> its category
  let total = 0;
  for (const [name, cards] of entries) {
    if (cards.length === 0) throw new InputError(`deck: category "${name}" has no cards`);
    for (const c of cards) {
      if (c === '') throw new InputError(`deck: category "${name}" has an empty card name`);
      const other = seen.get(c.toLowerCase());
      if (other !== undefined) {
        const place = other === name ? `twice in "${name}"` : `in both "${other}" and "${name}"`;
        throw new InputError(`deck: card "${c}" appears ${place} (card names ignore case)`);
      }
      seen.set(c.toLowerCase(), name);
    }
    total += cards.length;
  }
  if (total > MAX_CARDS) throw new InputError(`deck has ${total} cards; at most ${MAX_CARDS} are supported`);
  return makeDeck(Object.fromEntries(entries.map(([name, cards]) => [name, [...cards]])));
}

function checkPlayers(names: string[]): string[] {
  const players = names.map((p) => p.trim());
  if (players.length < MIN_SEATS || players.length > MAX_SEATS) {
    throw new InputError(`players: need ${MIN_SEATS} to ${MAX_SEATS} players, got ${players.length}`);
  }
  players.forEach((p, i) => {
    if (p === '') throw new InputError(`players: player ${i + 1} has an empty name`);
    const j = players.findIndex((q) => q.toLowerCase() === p.toLowerCase());
    if (j !== i) throw new InputError(`players: "${p}" appears twice (player names ignore case)`);
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
  const cards = names.map((n) => card(n, where));
  cards.forEach((c, i) => {
    if (cards.indexOf(c) !== i) throw new InputError(`${where}: "${deck.cards[c]}" is listed twice`);
  });
  return cards;
}

/** One card of each category, returned in category order; otherwise says which category is off. */
function oneOfEachCategory(cards: number[], deck: Deck, where: string): number[] {
  const byCategory: number[][] = deck.categories.map(() => []);
  for (const c of cards) byCategory[deck.categoryOf[c]].push(c);
  const problems: string[] = [];
  byCategory.forEach((named, g) => {
    const cat = `"${deck.categories[g].name}"`;
    if (named.length === 0) problems.push(`${cat} is missing`);
    if (named.length > 1) problems.push(`${cat} is named ${named.length} times (${quoteList(named.map((c) => deck.cards[c]), 'and')})`);
  });
  if (problems.length > 0) {
    throw new InputError(`${where}: cards must name one card of each category, but ${problems.join('; ')}`);
  }
  return byCategory.map((named) => named[0]);
}

type RawEvent = NonNullable<GameLog['events']>[number];

/** Resolves and checks the events in play order, appending them to `game.events`. */
function checkEvents(raw: RawEvent[], game: Game, card: NameResolver, player: NameResolver): void {
  const { deck, players, me } = game;
  const eliminatedAt = new Map<number, number>(); // seat -> event number of its wrong accusation
  let solvedAt: number | null = null;

  raw.forEach((e, i) => {
    const n = i + 1;
    const by = player(e.by, `event ${n} (${e.type})`);
    const where = `event ${n} (${e.type} by ${players[by]})`;
    if (solvedAt !== null) {
      throw new InputError(`${where}: the game ended with the correct accusation at event ${solvedAt}`);
    }
    const out = eliminatedAt.get(by);
    if (out !== undefined) {
      const verb = e.type === 'suggestion' ? 'suggests' : 'accuses';
      throw new InputError(`${where}: ${players[by]} ${verb} but was eliminated by a wrong accusation at event ${out}`);
    }
    const cards = oneOfEachCategory(e.cards.map((c) => card(c, where)), deck, where);

    let event: GameEvent;
    if (e.type === 'accusation') {
      event = { type: 'accusation', by, cards, correct: e.correct };
      if (e.correct) solvedAt = n;
      else eliminatedAt.set(by, n);
    } else {
      const shownBy = e.shownBy === null ? null : player(e.shownBy, where);
      if (shownBy === by) throw new InputError(`${where}: shownBy is ${players[by]}, who made the suggestion`);
      let shown: number | null = null;
      if (e.shown != null) {
        // Only the suggester sees the card, so a shown card is known only in the suggester's own log.
        if (me === null) {
          throw new InputError(`${where}: "shown" is given but the log has no observer ("me"), and only ${players[by]} saw the card`);
        }
        if (me !== by) {
          throw new InputError(`${where}: "shown" is given but only ${players[by]} saw the card, and the observer is ${players[me]}`);
        }
        if (shownBy === null) throw new InputError(`${where}: "shown" is given but shownBy is null`);
        shown = card(e.shown, where);
        if (!cards.includes(shown)) {
          throw new InputError(`${where}: shown card "${deck.cards[shown]}" is not one of the suggested cards`);
        }
      }
      event = { type: 'suggestion', by, cards, shownBy, shown };
    }
    game.events.push(event);
  });
}
