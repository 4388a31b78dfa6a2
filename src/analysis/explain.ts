// Why a cell of the notebook is certain, and why a log is impossible: the few events that force it,
// in words a player reads. A fact "follows" when no deal of the reduced log has it negated,
// decided exactly (the core's search for a consistent deal, the deal DAG when the search gives
// up), never by sampling.
import { addFact, addFacts, emptyStore, type ConstraintStore, type Fact } from '../knowledge/constraints.js';
import { factsOf } from '../knowledge/constraints-of.js';
import { EventStores } from '../knowledge/event-stores.js';
import { ownerColumns, type Owner } from '../knowledge/deduce.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { possibleOwners } from '../knowledge/search.js';
import { cardsInWords, eventSentence, placementInWords } from '../io/describe.js';
import { gameOf, type GameLog } from '../io/log.js';
import { makeNameResolver, nameOrIndex } from '../model/names.js';
import { shorten } from '../model/quote.js';
import { maskOfCards } from '../model/bits.js';
import { InputError } from '../model/errors.js';
import { type Game } from '../model/game.js';
import { ownerAt, ownerInText, ownerResolver, ownersOf, ownerWidth, slotOf, TABLE } from '../model/owners.js';
import { DEFAULT_ANALYSIS_SAMPLES, DEFAULT_SEED, worldsOf } from './analyze.js';
import { sharedCore, storeOf } from './load.js';
import { isConsistentQuickly } from './consistency.js';
import { contradiction, gameContradiction, type Contradiction, type ExplainedEvent } from './contradiction.js';

export type { Contradiction, ExplainedEvent } from './contradiction.js';
export { gameContradiction } from './contradiction.js';
import { minimalSubset, shortestPrefix, shrink } from './minimal-events.js';

export interface Explanation {
  card: number;
  /** The card's owner in the fact: a seat, ENVELOPE or TABLE. */
  owner: Owner;
  /** The fact: `owner` holds `card` (true) or cannot hold it (false). */
  holds: boolean;
  /**
   * The setup it needs, in words: the observer's cards it rests on ("you hold Knife"), the
   * face-up cards, and "hand sizes" when it rests on the deal's counts (hand sizes, one envelope
   * card per category) rather than on a placement an event or the setup states outright.
   */
  fromSetup: string[];
  /** A minimal set of events that, with the setup, force the fact: none can be left out. Ascending. */
  events: ExplainedEvent[];
  /** One paragraph a player reads. */
  text: string;
  /** The paragraph without the events' sentences, for a page that lists them after it. */
  summary: string;
}

/** What to explain: why `owner` holds `card` (or, with `holds: false`, cannot); without an owner, why the card lies with its certain owner. */
export interface Question {
  /** A card: its index in the deck, or a name (docs/game-log.md, "Names"). */
  card: number | string;
  /** A seat, ENVELOPE or TABLE, or a name ("envelope", "table" or a player's). */
  owner?: Owner | string;
  /** Default true. */
  holds?: boolean;
}

export interface ExplainOptions {
  core?: KnowledgeCore;
}

/**
 * Why a cell of the notebook is certain: a minimal set of events that force the fact. Throws
 * InputError when the fact does not follow from the log (naming the owners still possible), when
 * a name is unknown, or when the log itself leaves no deal.
 */
export function explain(input: GameLog | Game, question: Question, { core = sharedCore() }: ExplainOptions = {}): Explanation {
  const game = gameOf(input);
  const card = nameOrIndex('card', game.deck.cards, question.card, 'explain');
  if (question.owner === undefined) return explainCertainOwner(game, card, core);
  const nSeats = game.players.length;
  const table = game.faceUp.length > 0;
  const owner = typeof question.owner === 'number' ? question.owner : ownerResolver(game.players, table)(question.owner, 'explain');
  if (!ownersOf(nSeats, table).includes(owner)) {
    const others = table ? ', ENVELOPE or TABLE' : ' or ENVELOPE (no card lies face up: there is no TABLE)';
    throw new InputError(`explain: owner ${owner} is not a seat (0 to ${nSeats - 1})${others}`);
  }
  return explainPlacement(game, card, slotOf(owner, nSeats), question.holds ?? true, core);
}

/** null when some deal is consistent with the log; else the first event that leaves none, and the earlier events it conflicts with. */
export function findContradiction(input: GameLog | Game, { core = sharedCore() }: ExplainOptions = {}): Contradiction | null {
  return gameContradiction(gameOf(input), core);
}

function checkedIndex(i: number, n: number, what: string): number {
  if (!Number.isInteger(i) || i < 0 || i >= n) throw new InputError(`explain: ${what} ${i} is not one of the ${n}`);
  return i;
}

/** Why `card` lies with its certain owner; an InputError naming the owners still possible when there is none. */
function explainCertainOwner(game: Game, card: number, core: KnowledgeCore): Explanation {
  // Certainty from the search (milliseconds at any size); the worlds only for an uncertain card's odds.
  const search = possibleOwners(core, storeOf(core, game));
  const owners = search.status === 'exact' ? search.possible[card] : -1;
  if (owners > 0 && (owners & (owners - 1)) === 0) return explainPlacement(game, card, 31 - Math.clz32(owners), true, core);
  // The exact DAG whenever it fits (no envelope joint is asked for), else a Markov chain's estimate.
  using worlds = worldsOf(core, game, 'auto', DEFAULT_ANALYSIS_SAMPLES, DEFAULT_SEED, { jointBudget: Infinity });
  const possible = worlds.possibleOwners()[card];
  if ((possible & (possible - 1)) === 0) return explainPlacement(game, card, 31 - Math.clz32(possible), true, core);
  const tallies = worlds.tallies();
  const width = ownerWidth(game.players.length);
  const shares = ownerColumns(game)
    .filter((o) => (possible >>> o.column) & 1)
    .map((o) => ({ owner: o.owner, p: tallies.ownerCounts[card * width + o.column] / tallies.total }))
    .sort((a, b) => b.p - a.p);
  const about = worlds.method === 'exact' ? '' : 'about ';
  throw new InputError(
    `${shorten(game.deck.cards[card])} has no certain owner yet: it may be with ${shares.map((s) => `${ownerInWords(game, s.owner)} (${about}${percent(s.p)})`).join(', ')}`,
  );
}

/** Why the owner in core slot `owner` (model/owners.ts slotOf) holds `card` (or cannot). */
function explainPlacement(game: Game, card: number, owner: number, holds: boolean, core: KnowledgeCore): Explanation {
  const nSeats = game.players.length;
  const fact = { card, owner: ownerAt(owner, nSeats), holds };
  const statement = factInWords(game, card, owner, holds);
  if (fact.owner === TABLE) {
    // The table holds exactly the face-up cards: the setup says so, and no event can change it.
    if (game.faceUp.includes(card) !== holds) throw notForced(statement);
    const setup = `${shorten(game.deck.cards[card])} is ${holds ? '' : 'not '}face up`;
    const text = `The setup says that ${statement}.`;
    return { ...fact, fromSetup: [setup], events: [], text, summary: text };
  }
  const consistent = (store: ConstraintStore) => isConsistentQuickly(core, store);
  const negation: Fact = { kind: holds ? 'lacks' : 'holds', owner, cards: bit(card) };
  const forces = (store: ConstraintStore) => !consistent(addFact(store, negation));
  // Sets of events by position over those that teach something (stores.events).
  const stores = new EventStores(game);
  const full = stores.store();
  if (!consistent(full)) throw contradiction(core, game);
  if (!forces(full)) throw notForced(statement, possibleOwnersInWords(game, card, full, consistent));

  // The shortest prefix that forces it ends with a needed event; the earlier ones are dropped one by one.
  const k = shortestPrefix(stores.events.length, (n) => forces(stores.store({ to: n })));
  const needed = k === 0 ? [] : [...minimalSubset(k - 1, (kept, from) => forces(stores.store({ from, to: k - 1, plus: [...kept, k - 1] }))).kept, k - 1];
  const events = needed.map((p) => stores.events[p]);

  // With those events, the observer's cards it still needs (hand sizes keep the rest of the hand implied).
  const bare = emptyStore(game.deck.cards.length, game.deck.categoryMasks, game.handSizes, maskOfCards(game.faceUp));
  const eventFacts = events.flatMap((i) => factsOf(game.events[i], game.players.length, game));
  const held = (cards: readonly number[]): Fact[] => (game.me === null ? [] : cards.map((c) => ({ kind: 'holds', owner: game.me!, cards: bit(c) })));
  const myCards = game.me === null ? [] : shrink(game.myHand, (kept) => forces(addFacts(bare, [...held(kept), ...eventFacts])));
  const faceUp = game.faceUp.includes(card);
  const counts = !statedOutright(game, card, owner, holds, [...held(myCards), ...eventFacts]);
  const fromSetup = [
    ...myCards.map((c) => `you hold ${shorten(game.deck.cards[c])}`),
    ...(faceUp ? [`${shorten(game.deck.cards[card])} is face up`] : []),
    ...(counts ? ['hand sizes'] : []),
  ];
  const setupWords = [
    ...(myCards.length > 0 ? [`your ${cardsInWords(game, myCards)}`] : []),
    ...(faceUp ? [`${shorten(game.deck.cards[card])} face up`] : []),
    ...(counts ? ['the hand sizes'] : []),
  ];
  const explained = events.map((index) => ({ event: index + 1, sentence: eventSentence(game, index) }));
  return { ...fact, fromSetup, events: explained, ...explanationText(statement, setupWords, explained) };
}

/** The paragraph: the fact, the setup it needs ("your Knife", "the hand sizes"), and the events that force it. */
function explanationText(statement: string, setupWords: string[], events: ExplainedEvent[]): { text: string; summary: string } {
  const setup = setupWords.length === 0 ? '' : ` (given ${setupWords.join(', ')})`;
  if (events.length === 0) {
    const text = `It follows from the setup alone${setup} that ${statement}.`;
    return { text, summary: text };
  }
  // The statement keeps its own case (a card may be named "attic"); "in every deal" leads, so that a negation cannot read as "not in every deal".
  const head = `In every deal consistent with the log, ${statement}, and ${events.length === 1 ? 'this event forces it' : `these ${events.length} events force it`}${setup}`;
  const minimal = events.length === 1 ? '' : ' Leave out any one of them and it no longer follows.';
  return { text: `${head}: ${events.map((e) => e.sentence).join('; ')}.${minimal}`, summary: `${head}.${minimal}` };
}

/**
 * Does a kept fact say it in so many words (no counting needed)? A holding is stated by a holds
 * fact; a card lacking is stated by a lacks fact, by another owner holding it, or by its being face up.
 */
function statedOutright(game: Game, card: number, owner: number, holds: boolean, kept: readonly Fact[]): boolean {
  const about = (f: Fact) => (f.kind === 'holds' || f.kind === 'lacks') && ((f.cards >>> card) & 1) === 1;
  if (holds) return kept.some((f) => about(f) && f.kind === 'holds' && f.owner === owner);
  if (game.faceUp.includes(card)) return true;
  return kept.some((f) => about(f) && (f.kind === 'holds' ? f.owner !== owner : f.kind === 'lacks' && f.owner === owner));
}

/** The fact in words ("Bob holds Knife", "Knife is not face up"), its owner given by its core slot (model/owners.ts slotOf). */
function factInWords(game: Game, card: number, owner: number, holds: boolean): string {
  return placementInWords(game, ownerAt(owner, game.players.length), [card], holds);
}

function notForced(statement: string, possible?: string): InputError {
  return new InputError(`it does not follow from the log that ${statement}${possible === undefined ? '' : `: ${possible}`}`);
}

/** "Knife may be with Bob, Cat or the envelope": the owners some consistent deal gives the card. */
function possibleOwnersInWords(game: Game, card: number, store: ConstraintStore, consistent: (s: ConstraintStore) => boolean): string {
  // The table's cards are fixed by the setup.
  const possible = ownerColumns(game).filter((o) =>
    o.owner === TABLE ? game.faceUp.includes(card) : consistent(addFact(store, { kind: 'holds', owner: o.column, cards: bit(card) })),
  );
  return `${shorten(game.deck.cards[card])} may be with ${listInWords(possible.map((o) => ownerInWords(game, o.owner)), 'or')}`;
}

/** "you", "Bob", "the envelope" or "the table". */
function ownerInWords(game: Game, owner: Owner): string {
  return owner === game.me ? 'you' : ownerInText(owner, game.players);
}

function bit(card: number): number {
  return (1 << card) >>> 0;
}

function percent(p: number): string {
  return `${(100 * p).toFixed(1)}%`;
}

function listInWords(items: string[], conjunction = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

