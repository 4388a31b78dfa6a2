/**
 * fast-check arbitraries for small random game logs (JSON as in game-log.md), each paired with the
 * same game built independently here (a `Game` of card / seat indices, for the brute-force oracle)
 * and, for consistent logs, the hidden deal the events were simulated from.
 *
 * Generation is driven by a flat array of random choices ("choice sequence"): fast-check shrinks
 * that array towards fewer and smaller choices, and every choice is mapped so that 0 is the
 * simplest option (fewest cards, fewest players, spectator, no events...). Shrunk counterexamples
 * are therefore small logs.
 */
import fc from 'fast-check';
import { makeDeck, type Deck } from '../../src/model/deck.js';
import type { ConstraintStore } from '../../src/knowledge/constraints.js';
import { type Game } from '../../src/model/game.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';
import { type GameEvent } from '../../src/model/events.js';

/** The JSON log as game-log.md describes it. */
export interface LogJson {
  deck?: Record<string, string[]>;
  players: string[];
  handSizes?: number[];
  faceUp?: string[];
  me?: string;
  myHand?: string[];
  rules?: { answerOrder: 'previous' };
  events: Array<Record<string, unknown>>;
}

export interface GeneratedLog {
  log: LogJson;
  /** The same game, built here without src/game/log.ts. */
  game: Game;
  /** The hidden deal (nSeats + 2 masks: seats, envelope, table) the events were simulated from. */
  deal: Uint32Array;
  /** Number of events whose outcome was replaced by random noise (0 for consistent logs). */
  noisyEvents: number;
}

/** Random choices read from a fast-check generated array; past its end every choice is 0. */
export class Choices {
  private i = 0;
  constructor(private readonly values: number[]) {}
  private next(): number {
    return this.i < this.values.length ? this.values[this.i++] : (this.i++, 0);
  }
  /** Uniform-ish integer in [min, max]; choice 0 gives min. */
  int(min: number, max: number): number {
    if (max <= min) return min;
    return min + (this.next() % (max - min + 1));
  }
  /** True with probability num/den; choice 0 gives false. */
  chance(num: number, den: number): boolean {
    return this.next() % den >= den - num;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const a = [...items];
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
}

const THEMES: Array<{ categories: string[]; cards: string[][] }> = [
  {
    categories: ['who', 'what', 'where'],
    cards: [
      ['Ada', 'Bo', 'Cy', 'Di'],
      ['axe', 'bat', 'cord', 'dart'],
      ['attic', 'barn', 'cellar', 'den'],
    ],
  },
  {
    categories: ['suspects', 'weapons', 'rooms'],
    cards: [
      ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green'],
      ['Candlestick', 'Knife', 'Lead Pipe', 'Revolver'],
      ['Kitchen', 'Ballroom', 'Billiard Room', 'Dining Room'],
    ],
  },
];
const PLAYER_NAMES = ['Ann', 'Bob', 'Cat', 'Dan'];

/** Default hand sizes per game-log.md: as even as possible, earlier seats take the extra cards. */
export function defaultHandSizes(cardsToDeal: number, nPlayers: number): number[] {
  const base = Math.floor(cardsToDeal / nPlayers);
  const extra = cardsToDeal % nPlayers;
  return Array.from({ length: nPlayers }, (_, s) => base + (s < extra ? 1 : 0));
}

function maskOf(cards: number[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << c;
  return m >>> 0;
}

export interface LogOptions {
  /** Probability (num/den) that an event's outcome is replaced by a random one; 0 = consistent. */
  noise?: [number, number];
  maxCards?: number;
  maxEvents?: number;
}

/** Builds one log from the choices. */
export function buildLog(ch: Choices, opts: LogOptions = {}): GeneratedLog {
  const maxCards = opts.maxCards ?? 11;
  const maxEvents = opts.maxEvents ?? 8;
  const noise = opts.noise ?? [0, 1];

  // --- deck: 2-3 categories of 2-4 cards, at most maxCards in all
  const nCats = ch.int(2, 3);
  const sizes = Array.from({ length: nCats }, () => ch.int(2, 4));
  while (sizes.reduce((a, b) => a + b, 0) > maxCards) sizes[sizes.indexOf(Math.max(...sizes))]--;
  const theme = THEMES[ch.int(0, THEMES.length - 1)];
  const deckJson: Record<string, string[]> = {};
  sizes.forEach((k, g) => {
    deckJson[theme.categories[g]] = theme.cards[g].slice(0, k);
  });
  const deck: Deck = makeDeck(deckJson);
  const nCards = deck.cards.length;

  // --- players, face-up cards: every seat gets at least one card
  const nPlayers = Math.min(ch.int(2, 4), nCards - nCats);
  const nFaceUp = nCards - nCats - 1 >= nPlayers ? ch.int(0, 1) : 0;
  const players = PLAYER_NAMES.slice(0, nPlayers);

  // --- the hidden deal
  const envelope = deck.categories.map((_, g) => ch.pick(deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g)));
  const rest = ch.shuffle(deck.cards.map((_, c) => c).filter((c) => !envelope.includes(c)));
  const faceUp = rest.slice(0, nFaceUp);
  const toDeal = rest.slice(nFaceUp);
  let handSizes = defaultHandSizes(toDeal.length, nPlayers);
  let explicitSizes = false;
  const sizeMode = ch.int(0, 3); // 0, 1: default implicit; 2: default explicit; 3: random explicit
  if (sizeMode >= 2) explicitSizes = true;
  if (sizeMode === 3) {
    // a random composition of toDeal.length into nPlayers parts, each at least 1
    handSizes = new Array(nPlayers).fill(1);
    for (let k = nPlayers; k < toDeal.length; k++) handSizes[ch.int(0, nPlayers - 1)]++;
  }
  const hands: number[][] = [];
  let at = 0;
  for (let s = 0; s < nPlayers; s++) {
    hands.push(toDeal.slice(at, at + handSizes[s]));
    at += handSizes[s];
  }
  const handMasks = hands.map(maskOf);
  const envMask = maskOf(envelope);
  const deal = Uint32Array.from([...handMasks, envMask, maskOf(faceUp)]);

  // --- observer
  const me = ch.int(0, 2) === 0 ? null : ch.int(0, nPlayers - 1);
  const myHand = me === null ? [] : ch.shuffle(hands[me]);

  // --- who answers first: the seat after the suggester, or (in a quarter of the logs) the one before
  const answerOrder = ch.chance(1, 4) ? 'previous' : 'next';
  const answerer = (by: number, k: number) => (answerOrder === 'next' ? (by + k) % nPlayers : (by - k + nPlayers) % nPlayers);

  // --- events, simulated from the deal (or replaced by noise)
  const nEvents = ch.int(0, maxEvents);
  const events: GameEvent[] = [];
  const eventsJson: Array<Record<string, unknown>> = [];
  const eliminated = new Set<number>();
  let noisyEvents = 0;
  let turn = ch.int(0, nPlayers - 1);
  for (let e = 0; e < nEvents; e++) {
    let by = -1;
    for (let k = 0; k < nPlayers; k++) {
      const s = (turn + k) % nPlayers;
      if (!eliminated.has(s)) {
        by = s;
        break;
      }
    }
    if (by < 0) break; // everybody has accused wrongly
    turn = (by + 1) % nPlayers;
    const named = deck.categories.map((_, g) => ch.pick(deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g)));
    const namedMask = maskOf(named);
    const noisy = noise[0] > 0 && ch.chance(noise[0], noise[1]);
    if (noisy) noisyEvents++;
    if (ch.chance(1, 8)) {
      // accusation
      let correct = namedMask === envMask;
      if (noisy) correct = ch.chance(1, 4);
      events.push({ type: 'accusation', by, cards: named, correct });
      eventsJson.push({ type: 'accusation', by: players[by], cards: named.map((c) => deck.cards[c]), correct });
      if (correct) break; // the game is over
      eliminated.add(by);
      continue;
    }
    // suggestion, answered in the answer order
    let shownBy: number | null = null;
    let shown: number | null = null;
    if (noisy) {
      const who = ch.int(0, nPlayers - 1); // nPlayers - 1 others, plus "nobody"
      shownBy = who === nPlayers - 1 ? null : answerer(by, 1 + who);
      if (shownBy !== null && by === me) shown = ch.pick(named);
    } else {
      for (let k = 1; k < nPlayers; k++) {
        const s = answerer(by, k);
        const held = named.filter((c) => ((handMasks[s] >>> c) & 1) === 1);
        if (held.length > 0) {
          shownBy = s;
          shown = by === me ? ch.pick(held) : null;
          break;
        }
      }
    }
    events.push({ type: 'suggestion', by, cards: named, shownBy, shown });
    const json: Record<string, unknown> = {
      type: 'suggestion',
      by: players[by],
      cards: named.map((c) => deck.cards[c]),
      shownBy: shownBy === null ? null : players[shownBy],
    };
    if (shown !== null) json.shown = deck.cards[shown];
    eventsJson.push(json);
  }

  const log: LogJson = { deck: deckJson, players, events: [] };
  if (explicitSizes) log.handSizes = [...handSizes];
  if (nFaceUp > 0 || ch.chance(1, 4)) log.faceUp = faceUp.map((c) => deck.cards[c]);
  if (me !== null) {
    log.me = players[me];
    log.myHand = myHand.map((c) => deck.cards[c]);
  }
  log.events = eventsJson;
  if (answerOrder === 'previous') log.rules = { answerOrder };

  const game: Game = {
    deck,
    players,
    handSizes: [...handSizes],
    faceUp: [...faceUp],
    me,
    myHand: [...myHand],
    events,
    rules: { ...DEFAULT_RULES, answerOrder },
    deal: null,
  };
  const out: GeneratedLog = { log, game, deal, noisyEvents };
  // fast-check prints counterexamples with this: the log JSON is all one needs to reproduce
  Object.defineProperty(out, fc.toStringMethod, { value: () => `log ${JSON.stringify(log)}`, enumerable: false });
  return out;
}

// fixed length: shrinking then drives choices towards 0, i.e. towards the simplest options
const choiceArray = (length: number) => fc.array(fc.nat({ max: 0xffff }), { minLength: length, maxLength: length });

/** Consistent logs: every event simulated truthfully from a hidden deal. */
export function arbConsistentLog(opts: Omit<LogOptions, 'noise'> = {}): fc.Arbitrary<GeneratedLog> {
  return choiceArray(160).map((values) => buildLog(new Choices(values), { ...opts, noise: [0, 1] }));
}

/**
 * Possibly inconsistent logs: structurally valid (eliminated players never act again, `shown`
 * only for the observer's own suggestions and among the named cards, nobody refutes themself),
 * but each event's outcome is, with probability 1/3, 2/3 or 1, random instead of simulated.
 */
export function arbNoisyLog(opts: Omit<LogOptions, 'noise'> = {}): fc.Arbitrary<GeneratedLog> {
  return fc
    .tuple(fc.integer({ min: 1, max: 3 }), choiceArray(160))
    .map(([level, values]) => buildLog(new Choices(values), { ...opts, noise: [level, 3] }));
}

/** A generated log as its JSON (what fast-check prints for a counterexample). */
/**
 * The generated log with an observer: its own, or seat `pick` (mod the players) added with its hand
 * in the deal the events were simulated from. `added` says which.
 */
export function withObserver(g: GeneratedLog, pick: number): { log: LogJson; added: boolean } {
  const log: LogJson = structuredClone(g.log);
  if (log.me !== undefined) return { log, added: false };
  const seat = pick % log.players.length;
  log.me = log.players[seat];
  log.myHand = g.game.deck.cards.filter((_, c) => (g.deal[seat] >>> c) & 1);
  return { log, added: true };
}

export function logText(g: GeneratedLog): string {
  return JSON.stringify(g.log);
}

// ---------------------------------------------------------------------------------------------
// Raw constraint stores, for testing the core on constraints no log would produce.

export interface StoreOptions {
  maxCards?: number;
}

/**
 * A random ConstraintStore over a small deck: random holds / lacks (including the envelope),
 * clauses with arbitrary owner sets over seats and the envelope, face-up cards that may appear in
 * constraints. Often built around a hidden deal so that it is satisfiable, sometimes not.
 */
export function buildStore(ch: Choices, opts: StoreOptions = {}): ConstraintStore {
  const maxCards = opts.maxCards ?? 10;
  const nCats = ch.int(2, 3);
  const sizes = Array.from({ length: nCats }, () => ch.int(2, 4));
  while (sizes.reduce((a, b) => a + b, 0) > maxCards) sizes[sizes.indexOf(Math.max(...sizes))]--;
  const categoryMasks: number[] = [];
  let nCards = 0;
  for (const k of sizes) {
    categoryMasks.push((((1 << k) - 1) << nCards) >>> 0);
    nCards += k;
  }
  const nSeats = Math.min(ch.int(2, 4), nCards - nCats);
  const nFaceUp = nCards - nCats - 1 >= nSeats ? ch.int(0, 1) : 0;
  const cards = Array.from({ length: nCards }, (_, c) => c);
  const envelope = categoryMasks.map((cm) => ch.pick(cards.filter((c) => ((cm >>> c) & 1) === 1)));
  const rest = ch.shuffle(cards.filter((c) => !envelope.includes(c)));
  const faceUp = rest.slice(0, nFaceUp);
  const toDeal = rest.slice(nFaceUp);
  const handSizes = new Array(nSeats).fill(1);
  for (let k = nSeats; k < toDeal.length; k++) handSizes[ch.int(0, nSeats - 1)]++;
  const owners: number[] = [];
  let at = 0;
  for (let s = 0; s < nSeats; s++) {
    for (let i = 0; i < handSizes[s]; i++) owners[toDeal[at++]] = s;
  }
  for (const c of envelope) owners[c] = nSeats;
  for (const c of faceUp) owners[c] = nSeats + 1;

  // truthful: constraints true of the hidden deal; otherwise random
  const truthful = ch.int(0, 3) !== 3;
  const holds = new Array(nSeats + 1).fill(0);
  const lacks = new Array(nSeats + 1).fill(0);
  const nFacts = ch.int(0, 6);
  for (let k = 0; k < nFacts; k++) {
    const c = ch.int(0, nCards - 1);
    const o = ch.int(0, nSeats);
    const isHold = truthful ? owners[c] === o : ch.chance(1, 2);
    if (isHold) holds[o] |= 1 << c;
    else lacks[o] |= 1 << c;
  }
  const clauses: ConstraintStore['clauses'] = [];
  const nClauses = ch.int(0, 5);
  for (let k = 0; k < nClauses; k++) {
    let cm = 0;
    const width = ch.int(1, 3);
    for (let i = 0; i < width; i++) cm |= 1 << ch.int(0, nCards - 1);
    let om = 0;
    const owns = ch.int(1, 3);
    for (let i = 0; i < owns; i++) om |= 1 << ch.int(0, nSeats);
    if (truthful) {
      // make it true of the hidden deal: add the owner of one of its cards (if not face-up)
      const inClause = cards.filter((c) => ((cm >>> c) & 1) === 1 && owners[c] <= nSeats);
      if (inClause.length === 0) continue;
      om |= 1 << owners[ch.pick(inClause)];
    }
    clauses.push({ cards: cm >>> 0, owners: om >>> 0 });
  }
  return {
    nCards,
    nSeats,
    categoryMasks,
    faceUpMask: maskOf(faceUp),
    handSizes,
    holds: holds.map((m) => m >>> 0),
    lacks: lacks.map((m) => m >>> 0),
    clauses,
  };
}

export function arbStore(opts: StoreOptions = {}): fc.Arbitrary<ConstraintStore> {
  return choiceArray(120).map((values) => buildStore(new Choices(values), opts));
}
