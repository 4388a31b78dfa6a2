// The game log (docs/game-log.md): its JSON schema, the GameLog type derived from it, and the
// reader that checks a log's meaning and resolves its names to indices (a Game). Every mistake is
// one InputError naming the culprit: the JSON path, the event (numbered from 1), the card, the seat.
// zod/mini: the same checks as zod's full API, from functions instead of methods; building the
// schemas below takes a fraction of the time (no methods bound to every schema), and every
// command that reads a log pays it at start-up.
import * as z from 'zod/mini';
import { CLASSIC_DECK, MAX_CARDS, MAX_SEATS, MIN_SEATS, makeDeck, type Deck } from '../model/deck.js';
import { definedName, didYouMean, indistinctNames, makeNameResolver, nameKey, UnknownNameError, type NameResolver } from '../model/names.js';
import { quote, quoteList, shorten } from '../model/quote.js';
import { counted, forCount } from '../model/numbers.js';
import { InputError } from '../model/errors.js';
import { defaultHandSizes, isGame, type Game } from '../model/game.js';
import { ENVELOPE, TABLE, isReservedOwnerName, ownerInText, ownerNames, ownerResolver, type Owner } from '../model/owners.js';
import { actionsOf, DEFAULT_RULES, falsehoodAt, initialStanding, mayAct, oneRefuterAnswers, RULE_VARIANTS, seesShown, standingStep, winningAccusation, type DealMasks, type Falsehood, type Rules, type RuleVariant } from '../model/rules.js';
import type { GameEvent } from '../model/events.js';

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
function arrayOf<T extends z.ZodMiniType>(element: T, what: string): z.ZodMiniType<Array<z.output<T>>, Array<z.input<T>>> {
  const check = z.transform((items: unknown[], ctx) => {
    const out: Array<z.output<T>> = [];
    for (let i = 0; i < items.length; i++) {
      const result = element.safeParse(items[i]);
      if (!result.success) {
        const issue = result.error.issues[0];
        ctx.issues.push({ ...issue, path: [i, ...issue.path] } as (typeof ctx.issues)[number]);
        return z.NEVER;
      }
      out.push(result.data as z.output<T>);
    }
    return out;
  });
  return z.pipe(z.array(z.unknown(), expecting(what)), check) as unknown as z.ZodMiniType<Array<z.output<T>>, Array<z.input<T>>>;
}

const cardName = z.string(expecting('a card name'));
const cardNames = arrayOf(cardName, 'an array of card names');
const playerName = z.string(expecting('a player name'));
const count = z.int(expecting('a non-negative integer')).check(z.minimum(0, expecting('a non-negative integer')));

const suggestionSchema = z.strictObject({
  type: z.literal('suggestion'),
  by: playerName,
  cards: cardNames,
  shownBy: z.nullable(z.string(expecting('a player name or null'))),
  shown: z.optional(z.nullable(cardName)),
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
  shown: z.optional(z.nullable(cardName)),
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

/** A variant's values as a schema: any of them, "expected "first" or "all"" otherwise. */
function variantSchema<V extends string | boolean>(values: readonly V[]): z.ZodMiniType<V> {
  const what = values.map((v) => JSON.stringify(v)).join(' or ');
  return z.custom<V>((v) => (values as readonly unknown[]).includes(v), expecting(what));
}

/** An object whose keys are names, read by namedEntries (zod's records would drop a "__proto__" key, and it must not vanish). */
function namedObject<T>() {
  return z.custom<Record<string, T>>(() => true);
}

/** One optional key per variant of the table in model/rules.ts, which alone lists them. */
const variantSchemas = Object.fromEntries(Object.entries(RULE_VARIANTS).map(([key, values]) => [key, z.optional(variantSchema<string | boolean>(values))])) as {
  [K in RuleVariant]: z.ZodMiniOptional<z.ZodMiniType<(typeof RULE_VARIANTS)[K][number]>>;
};

const rulesSchema = z.strictObject(
  {
    ...variantSchemas,
    // Read by quotaEntries: its keys name categories.
    handQuotas: z.optional(namedObject<number>()),
  },
  expecting('an object of rule variants'),
);

const logSchema = z.strictObject(
  {
    // Read by deckEntries: its keys name categories.
    deck: z.optional(namedObject<string[]>()),
    players: arrayOf(playerName, 'an array of player names in seat order'),
    handSizes: z.optional(arrayOf(count, 'an array of hand sizes, one per player')),
    faceUp: z.optional(cardNames),
    me: z.optional(z.nullable(playerName)),
    myHand: z.optional(cardNames),
    rules: z.optional(rulesSchema),
    // Read by dealEntries: its keys name owners.
    deal: z.optional(namedObject<string[]>()),
    events: z.optional(
      arrayOf(
        z.discriminatedUnion(
          'type',
          [suggestionSchema, accusationSchema, lookSchema, suggestSchema, nocardSchema, showcardSchema, endmoveSchema],
          expecting('an event object'),
        ),
        'an array of events',
      ),
    ),
  },
  expecting('a JSON object'),
);

/** A game log as JSON (docs/game-log.md): what `parseGame` reads and `gameToLog` writes. */
export type GameLog = z.input<typeof logSchema>;

/** An event of a game log as JSON. */
export type GameLogEvent = NonNullable<GameLog['events']>[number];

/** Where something is in a log, for messages: "players[2]", "deck.suspects[0]", "event 4: cards[1]" (events numbered from 1). */
function formatPath(path: PropertyKey[]): string {
  const step = (p: PropertyKey) => (typeof p === 'symbol' ? String(p) : shorten(String(p)));
  const plain = (steps: PropertyKey[], first = true) => steps.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 && first ? step(p) : `.${step(p)}`)).join('');
  if (path[0] === 'events' && typeof path[1] === 'number') {
    const rest = plain(path.slice(2));
    return `event ${path[1] + 1}${rest === '' ? '' : `: ${rest}`}`;
  }
  return plain(path);
}

/** One line for one zod issue: where it is and what was wrong. */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  let msg = issue.message;
  if (issue.code === 'unrecognized_keys') {
    // Unknown keys are usually typos, so name the key and the nearest allowed one.
    const key = issue.keys[0];
    const allowed = allowedKeys(issue.path, input);
    const near = didYouMean(key, allowed);
    msg = `unknown key ${quote(key)}`;
    if (near !== null) {
      msg += `; ${near}`;
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
    return ownerNames(seats, true);
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
function namedEntries<T extends z.ZodMiniType>(value: unknown, path: string[], element: T, what: string): Array<[string, z.output<T>]> {
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

/** The parts of a log that a message may name by words other than their JSON path (LogWords). */
export type LogPart = 'players' | 'me' | 'myHand' | 'faceUp' | 'by' | 'cards' | 'shownBy' | 'shown';

/**
 * How the reader's messages name the parts of a log. By default by their JSON paths, as the
 * mistakes of a log file must be named (docs/game-log.md). A log made from answers the user never
 * saw as JSON (the options and questions of `cluedo new` and `cluedo add`) names a part by the
 * words of the answer that gave it instead: "your hand", "--cards". The parts of an event (by,
 * cards, shownBy, shown) are those of the log's last event, the entry just given.
 */
export type LogWords = Partial<Record<LogPart, string>>;

/**
 * Validates a game log (JSON, see docs/game-log.md) and resolves its names to indices. A mistake
 * is an InputError naming its JSON path, or, for the parts `words` names, the words given there.
 */
export function parseGame(json: unknown, options: { words?: LogWords } = {}): Game {
  const words = options.words ?? {};
  const named = (part: 'players' | 'me' | 'myHand' | 'faceUp') => words[part] ?? part;
  const log = parseShape(json);
  const deck = log.deck === undefined ? CLASSIC_DECK : checkDeck(deckEntries(log.deck));
  // A player's place: its JSON path, or its number in the answer that gave the players.
  const playerPlace = (i: number) => (words.players === undefined ? `players[${i}]` : `${words.players}: player ${i + 1}`);
  const players = checkPlayers(log.players, named('players'), playerPlace);
  const card = makeNameResolver('card', deck.cards);
  const player = makeNameResolver('player', players);

  const rules = checkRules(log.rules, deck);
  const hands = log.deal === undefined ? null : dealEntries(log.deal, json, players, card, deck);
  const faceUp = checkFaceUp(log.faceUp, hands, card, deck, named('faceUp'));
  const handSizes = checkHandSizes(log.handSizes, deck, players, faceUp.length, named('faceUp'));
  if (rules.handQuotas !== null) checkQuotas(rules.handQuotas, deck, players, handSizes, faceUp);
  const deal = hands === null ? null : checkDeal(hands, deck, players, handSizes, faceUp, rules, log.handSizes === undefined);
  const quotaProblem = (cards: number[]) => (rules.handQuotas === null ? null : quotaBreach(cards, rules.handQuotas, deck));

  const me = log.me == null ? null : player(log.me, named('me'));
  const hand = named('myHand');
  let myHand: number[] = [];
  if (me === null) {
    if (log.myHand !== undefined) throw new InputError('myHand is given but "me" is not: say whose hand it is');
  } else if (log.myHand === undefined) {
    // A full record says what every seat holds, the observer's hand too.
    if (deal === null) throw new InputError(`me is ${quote(players[me])} but myHand is missing`);
    myHand = hands!.find((h) => h.owner === me)!.cards;
  } else {
    myHand = resolveCards(log.myHand, hand, card, deck);
    const shown = myHand.find((c) => faceUp.includes(c));
    if (shown !== undefined) throw new InputError(`${hand}: ${quote(deck.cards[shown])} is face up`);
    if (myHand.length !== handSizes[me]) {
      throw new InputError(`${hand} has ${counted(myHand.length, 'card')}, but ${shorten(players[me])}'s hand size is ${handSizes[me]}`);
    }
    const elsewhere = deal === null ? undefined : myHand.find((c) => deal[c] !== me);
    if (elsewhere !== undefined) {
      throw new InputError(
        `${hand} does not agree with the deal: ${quote(deck.cards[elsewhere])} is in ${hand} but the deal gives it to ${ownerInText(deal![elsewhere], players)}`,
      );
    }
    const problem = quotaProblem(myHand);
    if (problem !== null) throw new InputError(`${hand} has ${problem}`);
  }

  const game: Game = { deck, players, handSizes, faceUp, me, myHand, events: [], rules, deal };
  checkEvents(log.events ?? [], game, card, player, words);
  return game;
}

/** The game of a log, or the game itself when it is already one: what every entry point takes. */
export function gameOf(input: GameLog | Game): Game {
  return isGame(input) ? input : parseGame(input);
}

// ---------------------------------------------------------------------------------------------
// Rules

function checkRules(given: GameLog['rules'], deck: Deck): Rules {
  const variants = Object.fromEntries(Object.entries(RULE_VARIANTS).map(([key, values]) => [key, given?.[key as keyof typeof RULE_VARIANTS] ?? values[0]]));
  return { ...(variants as Omit<Rules, 'handQuotas'>), handQuotas: given?.handQuotas === undefined ? null : quotaEntries(given.handQuotas, deck) };
}

/** Per category (in deck order), its quota or null; null when the log sets none. */
function quotaEntries(given: unknown, deck: Deck): Array<number | null> | null {
  const entries = namedEntries(given, ['rules', 'handQuotas'], count, 'mapping categories to the number of their cards in each hand');
  const names = deck.categories.map((c) => c.name);
  const category = makeNameResolver('category', names);
  const quotas: Array<number | null> = names.map(() => null);
  const keyOf: string[] = [];
  for (const [key, quota] of entries) {
    const g = category(key, 'rules.handQuotas');
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
      throw new InputError(`rules.handQuotas: every category has a quota, so each hand holds exactly ${counted(perHand, 'card')}, but ${seat}'s hand size is ${size}`);
    }
    if (size < perHand) {
      throw new InputError(`rules.handQuotas: the quotas put ${counted(perHand, 'card')} in each hand, but ${seat}'s hand size is ${size}`);
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
        `rules.handQuotas: ${players.length} hands of ${quota} ${quote(deck.categories[g].name)} hold ${counted(need, 'card')}, but ${dealt} ${forCount(dealt, 'is', 'are')} dealt ` +
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
function dealEntries(given: unknown, json: unknown, players: string[], card: NameResolver, deck: Deck): DealHand[] {
  const entries = namedEntries(given, ['deal'], cardNames, "mapping each seat, the envelope and the table to its cards");
  // A deal may name the table without faceUp: its cards are then the face-up ones.
  const owner = ownerResolver(players, true);
  const hands: DealHand[] = [];
  const keyOf = new Map<number, string>();
  for (const [key, names] of entries) {
    let slot: Owner;
    try {
      slot = owner(key, 'deal');
    } catch (e) {
      throw e instanceof UnknownNameError ? unknownKey(['deal'], key, json) : e;
    }
    const before = keyOf.get(slot);
    if (before !== undefined) {
      const whose = slot < 0 ? ownerInText(slot, players) : `${shorten(players[slot])}'s hand`;
      throw new InputError(`deal: ${quote(before)} and ${quote(key)} both give ${whose}`);
    }
    keyOf.set(slot, key);
    const where = formatPath(['deal', key]);
    hands.push({ owner: slot, where, cards: resolveCards(names, where, card, deck) });
  }
  return hands;
}

/** The face-up cards: `faceUp` (named `where` in messages), or the deal's table when faceUp is absent; both must agree. */
function checkFaceUp(given: string[] | undefined, hands: DealHand[] | null, card: NameResolver, deck: Deck, where: string): number[] {
  const faceUp = given === undefined ? null : resolveCards(given, where, card, deck);
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
        throw new InputError(`deal: ${quote(deck.cards[c])} is dealt twice (to ${ownerInText(before, players)} and to ${ownerInText(hand.owner, players)})`);
      }
      owners[c] = hand.owner;
    }
  }
  const nowhere = deck.cards.filter((_, c) => owners[c] === null);
  if (nowhere.length > 0) {
    throw new InputError(`deal: ${quoteList(nowhere, 'and')} ${forCount(nowhere.length, 'is', 'are')} in no hand, not in the envelope and not on the table`);
  }
  for (const hand of hands) {
    if (hand.owner < 0) continue;
    const seat = shorten(players[hand.owner]);
    if (hand.cards.length !== handSizes[hand.owner]) {
      const why = defaultSizes ? ' (the log gives no handSizes, so the cards are dealt evenly, the earlier seats taking the extras)' : '';
      throw new InputError(`${hand.where}: ${seat} holds ${counted(hand.cards.length, 'card')}, but ${seat}'s hand size is ${handSizes[hand.owner]}${why}`);
    }
    const problem = rules.handQuotas === null ? null : quotaBreach(hand.cards, rules.handQuotas, deck);
    if (problem !== null) throw new InputError(`${hand.where}: ${seat} holds ${problem}`);
  }
  return owners as number[];
}

// ---------------------------------------------------------------------------------------------
// The setup

/** A deck's categories and their cards, in order, checked as a log's `deck` is (every name read by definedName). */
export function checkDeck(categories: Array<[string, string[]]>): Deck {
  if (categories.length === 0) throw new InputError('deck has no categories');
  const names = categories.map(([name]) => categoryName(name));
  const total = categories.reduce((n, [, cards]) => n + cards.length, 0);
  if (total > MAX_CARDS) throw new InputError(`deck has ${total} cards; at most ${MAX_CARDS} are supported`);
  const entries = categories.map(([key, cards], g) => [names[g], cards.map((c, j) => definedName(c, formatPath(['deck', key, j])))] as const);
  const seen = new Map<string, { card: string; category: string }>();
  for (const [name, cards] of entries) {
    if (cards.length === 0) throw new InputError(`deck: category ${quote(name)} has no cards`);
    for (const c of cards) {
      if (nameKey(c) === '') throw new InputError(`deck: category ${quote(name)} has an empty card name`);
      const other = seen.get(nameKey(c));
      if (other !== undefined) {
        const place = other.category === name ? `twice in ${quote(name)}` : `in both ${quote(other.category)} and ${quote(name)}`;
        const spelled = other.card === c ? '' : ` (as ${quote(other.card)} and ${quote(c)})`;
        throw new InputError(`deck: card ${quote(c)} appears ${place}${spelled}; names are matched ignoring case, spaces, "_", "-" and "."`);
      }
      seen.set(nameKey(c), { card: c, category: name });
    }
  }
  const sameCategory = indistinctNames(entries.map(([name]) => name));
  if (sameCategory !== null) {
    throw new InputError(`deck: categories ${quote(sameCategory[0])} and ${quote(sameCategory[1])} have the same name (names are matched ignoring case, spaces, "_", "-" and ".")`);
  }
  return makeDeck(Object.fromEntries(entries.map(([name, cards]) => [name, [...cards]])));
}

/** The category a JSON key names, in messages and in the analysis (read by definedName); some keys cannot do that job. */
function categoryName(key: string): string {
  const name = definedName(key, 'deck: category');
  if (nameKey(name) === '') throw new InputError('deck: a category has an empty name');
  // JavaScript objects list keys like "7" before all others, whatever the file says, so the
  // deck's order (that of solutions and suggestions) would silently change.
  if (/^(0|[1-9]\d*)$/.test(name) && Number(name) < 2 ** 32 - 1) {
    throw new InputError(
      `deck: category ${quote(name)} is a whole number, which JSON objects move ahead of the other keys (changing the deck's order); give it a name with a letter`,
    );
  }
  return name;
}

/** The players in seat order, read as names (definedName) and checked; `where` names them in messages, `place` each one. */
function checkPlayers(names: string[], where: string, place: (i: number) => string): string[] {
  const players = names.map((p, i) => definedName(p, place(i)));
  if (players.length < MIN_SEATS || players.length > MAX_SEATS) {
    throw new InputError(`${where}: need ${MIN_SEATS} to ${MAX_SEATS} players, got ${players.length}`);
  }
  players.forEach((p, i) => {
    if (nameKey(p) === '') throw new InputError(`${where}: player ${i + 1} has an empty name`);
    if (isReservedOwnerName(p)) {
      throw new InputError(`${where}: ${quote(p)} cannot name a player: the analysis calls the owners besides the seats "envelope" and "table"`);
    }
  });
  const same = indistinctNames(players);
  if (same !== null) {
    throw new InputError(`${where}: ${quote(same[1])} appears twice${same[0] === same[1] ? '' : ` (as ${quote(same[0])})`} (names are matched ignoring case, spaces, "_", "-" and ".")`);
  }
  return players;
}

/** The hand sizes given, or the even deal's; `faceUpWhere` names the face-up cards in messages. */
function checkHandSizes(given: number[] | undefined, deck: Deck, players: string[], nFaceUp: number, faceUpWhere: string): number[] {
  const nCards = deck.cards.length;
  const nEnvelope = deck.categories.length;
  const nDealt = nCards - nEnvelope - nFaceUp;
  if (nDealt < 0) {
    const left = nCards - nEnvelope;
    throw new InputError(`${faceUpWhere}: ${counted(nFaceUp, 'card')}, but only ${left} ${forCount(left, 'is', 'are')} left after the envelope`);
  }
  if (given === undefined) return defaultHandSizes(nDealt, players.length);
  if (given.length !== players.length) {
    throw new InputError(`handSizes has ${counted(given.length, 'entry', 'entries')}, but there are ${players.length} players`);
  }
  const sum = given.reduce((a, b) => a + b, 0);
  if (sum !== nDealt) {
    throw new InputError(
      `handSizes sum to ${sum} but should sum to ${nDealt} ` +
        `(${counted(nCards, 'card')} - ${nEnvelope} in the envelope - ${nFaceUp} face up)`,
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

/**
 * What keeps `cards` from naming one card of each category, in words (`"rooms" is missing`,
 * `"weapons" is named 2 times ("Knife" and "Rope")`), at most three and how many more; empty when
 * they do.
 */
export function categoryProblems(cards: readonly number[], deck: Deck): string[] {
  const problems = deck.categories.flatMap((category, g) => {
    const named = cards.filter((c) => deck.categoryOf[c] === g);
    if (named.length === 1) return [];
    const cat = quote(category.name);
    return [named.length === 0 ? `${cat} is missing` : `${cat} is named ${named.length} times (${quoteList(named.map((c) => deck.cards[c]), 'and')})`];
  });
  const more = problems.length - 3;
  return more > 0 ? [...problems.slice(0, 3), `and ${more} more ${forCount(more, 'category', 'categories')}`] : problems;
}

/** One card of each category, returned in category order; otherwise says which category is off. */
export function oneOfEachCategory(cards: number[], deck: Deck, where: string): number[] {
  const problems = categoryProblems(cards, deck);
  if (problems.length > 0) throw new InputError(`${where}: cards must name one card of each category, but ${problems.join('; ')}`);
  return [...cards].sort((a, b) => deck.categoryOf[a] - deck.categoryOf[b]);
}

/** A full record's deal as the semantics reads it (model/rules.ts). */
function dealMasks(deal: number[], nSeats: number): DealMasks {
  const hands = new Array<number>(nSeats).fill(0);
  let envelope = 0;
  deal.forEach((owner, c) => {
    if (owner === ENVELOPE) envelope |= 1 << c;
    else if (owner >= 0) hands[owner] |= 1 << c;
  });
  return { hand: (seat) => hands[seat] >>> 0, envelope: envelope >>> 0 };
}

/** Resolves and checks the events in play order, appending them to `game.events`; `words` name the last one's parts (LogWords). */
function checkEvents(raw: GameLogEvent[], game: Game, card: NameResolver, player: NameResolver, words: LogWords): void {
  const { deck, players, me, rules, deal } = game;
  const nSeats = players.length;
  const truth = deal === null ? null : dealMasks(deal, nSeats);
  let standing = initialStanding(nSeats);
  /** The number of the event that put `seat` out. */
  const outAt = (seat: number) => game.events.findIndex((e) => e.type === 'accusation' && !e.correct && e.by === seat) + 1;
  let lookAt: number | null = null;

  const name = (seat: number) => shorten(players[seat]);
  const cardName = (c: number) => quote(deck.cards[c]);
  /** Why an event cannot have happened at the deal, in words. */
  const falsehood = (f: Falsehood): string => {
    switch (f.kind) {
      case 'holds':
        return f.why === 'passes'
          ? `${name(f.seat)} passes, but holds ${cardName(f.card)} in the deal`
          : `${name(f.seat)} names ${cardName(f.card)}, which it holds in the deal, but under rules.suggesterHoldsNone a suggester names none of its own cards`;
      case 'holdsNone':
        return `${name(f.seat)} shows a card, but holds none of the named cards in the deal`;
      case 'notHeld':
        return `${name(f.seat)} shows ${cardName(f.card)}, but the deal gives it to ${ownerInText(deal![f.card], players)}`;
      case 'envelope': {
        const envelope = deck.cards.filter((_, c) => deal![c] === ENVELOPE).map(shorten).join(', ');
        return `correct is ${f.is} but the deal's envelope is ${envelope}`;
      }
    }
  };

  raw.forEach((e, i) => {
    const n = i + 1;
    const given = i === raw.length - 1 ? words : {};
    /** Where a part of this event is, for messages: the event (its JSON path), or the words of the answer that gave the part. */
    const at = (part: 'by' | 'cards' | 'shownBy', event: string) => given[part] ?? event;
    if (e.type === 'look') {
      const where = `event ${n} (look)`;
      if (lookAt !== null) throw new InputError(`${where}: the log already has a look at event ${lookAt}; the seats look at their cards once`);
      if (i > 0) throw new InputError(`${where}: a look must come before every other event (the seats look at their cards before play begins)`);
      lookAt = n;
      game.events.push({ type: 'look' });
      return;
    }
    const by = player(e.by, at('by', `event ${n} (${e.type})`));
    const where = `event ${n} (${e.type} by ${name(by)})`;
    if (!mayAct(standing, by, e.type === 'nocard' || e.type === 'showcard' ? 'answer' : 'turn')) {
      if (standing.winner !== null) throw new InputError(`${where}: the game ended with the correct accusation at event ${winningAccusation(game.events)! + 1}`);
      const verb = e.type === 'accusation' ? 'accuses' : e.type === 'endmove' ? 'ends a turn' : 'suggests';
      throw new InputError(`${where}: ${name(by)} ${verb} but was eliminated by a wrong accusation at event ${outAt(by)}`);
    }
    if (e.type === 'suggestion' && !oneRefuterAnswers(rules)) {
      throw new InputError(
        `${where}: under rules.answers "all" every other seat answers, which one suggestion event cannot record: use suggest, nocard and showcard events`,
      );
    }
    let event: GameEvent;
    if (e.type === 'endmove') {
      event = { type: 'endmove', by };
    } else {
      const cards = oneOfEachCategory(e.cards.map((c) => card(c, at('cards', where))), deck, at('cards', where));
      if (e.type === 'accusation') {
        event = { type: 'accusation', by, cards, correct: e.correct };
      } else if (e.type === 'suggest' || e.type === 'nocard') {
        event = { type: e.type, by, cards };
      } else if (e.type === 'showcard') {
        const to = player(e.to, where);
        if (to === by) throw new InputError(`${where}: "to" is ${name(by)}, who shows the card`);
        if (!mayAct(standing, to, 'turn')) {
          throw new InputError(`${where}: ${name(to)} is shown a card but was eliminated by a wrong accusation at event ${outAt(to)} and can no longer suggest`);
        }
        event = { type: 'showcard', by, to, cards, shown: shownCard(e.shown, by, to, cards, where) };
      } else {
        const shownBy = e.shownBy === null ? null : player(e.shownBy, at('shownBy', where));
        if (shownBy === by) throw new InputError(`${given.shownBy ?? `${where}: shownBy`} is ${name(by)}, who made the suggestion`);
        if (shownBy === null && e.shown != null) throw new InputError(`${where}: "shown" is given but shownBy is null`);
        event = { type: 'suggestion', by, cards, shownBy, shown: shownBy === null ? null : shownCard(e.shown, shownBy, by, cards, where, given.shown) };
      }
    }
    if (truth !== null) {
      for (const action of actionsOf(event, nSeats, rules)) {
        const f = falsehoodAt(action, truth);
        if (f !== null) throw new InputError(`${where}: ${falsehood(f)}`);
      }
    }
    standing = standingStep(standing, event);
    game.events.push(event);
  });

  /**
   * The card `shower` showed `to` in an event, when the log gives it: only those two seats see it
   * (model/rules.ts), so only their logs and a full record name it; a full record always does.
   * `answer`: the words of the answer that gave the card, when it was not the log's JSON ("--shown").
   */
  function shownCard(given: string | null | undefined, shower: number, to: number, cards: number[], where: string, answer?: string): number | null {
    const subject = answer ?? `${where}: "shown"`;
    if (given == null) {
      if (deal !== null) throw new InputError(`${subject} is missing: a log with a deal says which card was shown`);
      return null;
    }
    if (deal === null && !seesShown({ type: 'showcard', by: shower, to, cards, shown: null }, me)) {
      const observer = me === null ? 'the log has no observer ("me") and no deal' : `the observer is ${name(me)}`;
      throw new InputError(`${subject} is given but only ${name(shower)} and ${name(to)} see the card, and ${observer}`);
    }
    const shown = card(given, answer ?? where);
    if (!cards.includes(shown)) throw new InputError(`${subject} is ${cardName(shown)}, not one of the named cards`);
    if (me === shower && !game.myHand.includes(shown)) {
      throw new InputError(`${answer ?? where}: ${name(me)} showed ${cardName(shown)}, but it is not in ${words.myHand ?? 'myHand'}`);
    }
    return shown;
  }
}
