/**
 * An independent, exhaustive oracle for tests. It shares nothing with src/ but the types and
 * deck.ts: it enumerates every deal of a small deck (≤ 12 cards or so) by plain recursion over
 * the cards and keeps those that satisfy either
 *   - a ConstraintStore (holds / lacks / clauses, read literally), or
 *   - a Game, read directly from the rules of game-log.md (no ConstraintStore involved), so that
 *     the translation game → constraints can be checked too.
 *
 * Deal layout (as KnowledgeCore uses): nSeats + 2 u32 masks per deal: seats 0..nSeats-1, then the
 * envelope (owner nSeats), then the face-up table (owner nSeats + 1).
 *
 * Slow on purpose: no pruning, every constraint is checked on complete deals only.
 */
import type { ConstraintStore } from '../../src/knowledge/constraints.js';
import type { Game } from '../../src/model/game.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';

export interface DealShape {
  nCards: number;
  nSeats: number;
  categoryMasks: number[];
  handSizes: number[];
  faceUpMask: number;
}

export interface OracleResult {
  /** Number of consistent deals. */
  count: number;
  /** nCards × (nSeats + 2): row per card; columns seats..., envelope, table. */
  ownerCounts: Float64Array;
  /** Count per envelope combination, mixed radix over categories, first category most significant. */
  envelopeCounts: Float64Array;
  /** Every consistent deal, nSeats + 2 masks each, in enumeration order. */
  deals: Uint32Array;
}

export function popcount(x: number): number {
  let n = 0;
  x >>>= 0;
  while (x !== 0) {
    x &= x - 1;
    n++;
  }
  return n;
}

export function dealWidth(shape: { nSeats: number }): number {
  return shape.nSeats + 2;
}

/**
 * Is this a deal at all? Every card with exactly one owner, each seat holding exactly its hand
 * size, the envelope exactly one card per category, the table exactly the face-up cards.
 */
export function isWellFormedDeal(shape: DealShape, deal: ArrayLike<number>, offset = 0): boolean {
  const w = dealWidth(shape);
  const all = shape.nCards >= 32 ? 0xffffffff : (1 << shape.nCards) - 1;
  let union = 0;
  for (let o = 0; o < w; o++) {
    const m = deal[offset + o] >>> 0;
    if ((m & ~all) !== 0) return false;
    if ((union & m) !== 0) return false; // a card with two owners
    union |= m;
  }
  if (union >>> 0 !== all >>> 0) return false; // a card with no owner
  for (let s = 0; s < shape.nSeats; s++) {
    if (popcount(deal[offset + s]) !== shape.handSizes[s]) return false;
  }
  const env = deal[offset + shape.nSeats] >>> 0;
  for (const cm of shape.categoryMasks) {
    if (popcount(env & cm) !== 1) return false;
  }
  if (deal[offset + shape.nSeats + 1] >>> 0 !== shape.faceUpMask >>> 0) return false;
  return true;
}

/** Index of an envelope in the mixed-radix order: first category most significant. */
export function envelopeIndex(categoryMasks: number[], env: number): number {
  let idx = 0;
  for (const cm of categoryMasks) {
    const size = popcount(cm);
    const bit = (env & cm) >>> 0;
    // position of the envelope card among the category's cards, in card order
    const pos = popcount(cm & (bit - 1));
    idx = idx * size + pos;
  }
  return idx;
}

export function envelopeCombinationCount(categoryMasks: number[]): number {
  return categoryMasks.reduce((n, cm) => n * popcount(cm), 1);
}

/** Enumerates every well-formed deal of `shape` and keeps those `accept` agrees with. */
export function enumerateDeals(shape: DealShape, accept: (deal: Uint32Array) => boolean): OracleResult {
  const { nCards, nSeats, categoryMasks, handSizes, faceUpMask } = shape;
  const w = dealWidth(shape);
  const envOwner = nSeats;
  const tableOwner = nSeats + 1;
  const categoryOf: number[] = [];
  for (let c = 0; c < nCards; c++) {
    categoryOf.push(categoryMasks.findIndex((cm) => ((cm >>> c) & 1) === 1));
  }
  const ownerCounts = new Float64Array(nCards * w);
  const envelopeCounts = new Float64Array(envelopeCombinationCount(categoryMasks));
  const kept: number[] = [];
  let count = 0;

  const masks = new Uint32Array(w);
  const sizes = new Array<number>(w).fill(0);

  const leaf = (): void => {
    if (!isWellFormedDeal(shape, masks)) return;
    if (!accept(masks)) return;
    count++;
    for (let o = 0; o < w; o++) {
      kept.push(masks[o]);
      for (let c = 0; c < nCards; c++) {
        if ((masks[o] >>> c) & 1) ownerCounts[c * w + o] += 1;
      }
    }
    envelopeCounts[envelopeIndex(categoryMasks, masks[envOwner])] += 1;
  };

  const place = (card: number, owner: number, next: () => void): void => {
    masks[owner] = (masks[owner] | (1 << card)) >>> 0;
    sizes[owner]++;
    next();
    sizes[owner]--;
    masks[owner] = (masks[owner] & ~(1 << card)) >>> 0;
  };

  const rec = (card: number): void => {
    if (card === nCards) {
      leaf();
      return;
    }
    const next = (): void => rec(card + 1);
    if ((faceUpMask >>> card) & 1) {
      place(card, tableOwner, next);
      return;
    }
    for (let s = 0; s < nSeats; s++) {
      if (sizes[s] < handSizes[s]) place(card, s, next);
    }
    if ((masks[envOwner] & categoryMasks[categoryOf[card]]) === 0) place(card, envOwner, next);
  };
  rec(0);

  return { count, ownerCounts, envelopeCounts, deals: Uint32Array.from(kept) };
}

// ---------------------------------------------------------------------------------------------
// ConstraintStore oracle

function shapeOfStore(store: ConstraintStore): DealShape {
  return {
    nCards: store.nCards,
    nSeats: store.nSeats,
    categoryMasks: store.categoryMasks,
    handSizes: store.handSizes,
    faceUpMask: store.faceUpMask,
  };
}

/** The store's constraints, read literally, on a complete deal (not checking well-formedness). */
function satisfiesStoreConstraints(store: ConstraintStore, deal: ArrayLike<number>, offset: number): boolean {
  const w = store.nSeats + 2;
  for (let o = 0; o <= store.nSeats; o++) {
    const m = deal[offset + o] >>> 0;
    const holds = (store.holds[o] ?? 0) >>> 0;
    const lacks = (store.lacks[o] ?? 0) >>> 0;
    if ((m & holds) >>> 0 !== holds) return false;
    if ((m & lacks) !== 0) return false;
  }
  for (const clause of store.clauses) {
    let ok = false;
    for (let o = 0; o < w; o++) {
      if (((clause.owners >>> o) & 1) === 1 && (deal[offset + o] & clause.cards) !== 0) ok = true;
    }
    if (!ok) return false;
  }
  return true;
}

/** Is this (nSeats + 2)-mask deal a deal, and does it satisfy the store? */
export function dealSatisfiesStore(store: ConstraintStore, deal: ArrayLike<number>, offset = 0): boolean {
  return isWellFormedDeal(shapeOfStore(store), deal, offset) && satisfiesStoreConstraints(store, deal, offset);
}

export function bruteForce(store: ConstraintStore): OracleResult {
  return enumerateDeals(shapeOfStore(store), (deal) => satisfiesStoreConstraints(store, deal, 0));
}

// ---------------------------------------------------------------------------------------------
// Game oracle: the rules of game-log.md applied to a deal, without any ConstraintStore.

export function shapeOfGame(game: Game): DealShape {
  let faceUpMask = 0;
  for (const c of game.faceUp) faceUpMask |= 1 << c;
  return {
    nCards: game.deck.cards.length,
    nSeats: game.players.length,
    categoryMasks: game.deck.categoryMasks,
    handSizes: game.handSizes,
    faceUpMask: faceUpMask >>> 0,
  };
}

function maskOf(cards: number[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << c;
  return m >>> 0;
}

function satisfiesGameRules(game: Game, events: number, deal: ArrayLike<number>, offset: number): boolean {
  if (game.me !== null && deal[offset + game.me] >>> 0 !== maskOf(game.myHand)) return false;
  return satisfiesEvents(game, events, deal, offset);
}

/** The first `events` events, read from the observer's view, without requiring the observer's hand. */
function satisfiesEvents(game: Game, events: number, deal: ArrayLike<number>, offset: number): boolean {
  const n = game.players.length;
  const seat = (s: number): number => deal[offset + s] >>> 0;
  const holds = (s: number, card: number): boolean => ((seat(s) >>> card) & 1) === 1;
  const env = deal[offset + n] >>> 0;
  // Under suggesterHoldsNone a suggester (of a suggest or of a suggestion) holds none of its cards.
  const holdsNone = game.rules.suggesterHoldsNone;
  for (const ev of game.events.slice(0, events)) {
    if (ev.type === 'look' || ev.type === 'endmove') continue; // nothing about the deal (endmove: epistemic)
    const named = maskOf(ev.cards);
    if (ev.type === 'accusation') {
      if (ev.correct !== (env === named)) return false;
      continue;
    }
    if (ev.type === 'suggest') {
      if (holdsNone && (seat(ev.by) & named) !== 0) return false;
      continue;
    }
    if (ev.type === 'nocard') {
      if ((seat(ev.by) & named) !== 0) return false;
      continue;
    }
    if (ev.type === 'showcard') {
      if ((seat(ev.by) & named) === 0) return false;
      // the card itself is known to the observer only when it showed or was shown it
      const seen = ev.shown !== null && (game.me === ev.by || game.me === ev.to);
      if (seen && !holds(ev.by, ev.shown!)) return false;
      continue;
    }
    if (holdsNone && (seat(ev.by) & named) !== 0) return false;
    if (ev.shownBy === null) {
      // nobody but the suggester holds any named card
      for (let s = 0; s < n; s++) if (s !== ev.by && (seat(s) & named) !== 0) return false;
      continue;
    }
    // the seats strictly between `by` and `shownBy`, in the answer order, hold none of the cards
    const step = game.rules.answerOrder === 'previous' ? n - 1 : 1;
    for (let s = (ev.by + step) % n; s !== ev.shownBy; s = (s + step) % n) {
      if (s === ev.by) return false; // shownBy is not another seat: malformed
      if ((seat(s) & named) !== 0) return false;
    }
    if ((seat(ev.shownBy) & named) === 0) return false;
    const seen = ev.shown !== null && (game.me === ev.by || game.me === ev.shownBy);
    if (seen && !holds(ev.shownBy, ev.shown!)) return false;
  }
  return true;
}

/** Is this a deal, and is it consistent with the first `events` events of the game (default all)? */
export function dealSatisfiesGame(game: Game, deal: ArrayLike<number>, offset = 0, events = game.events.length): boolean {
  return isWellFormedDeal(shapeOfGame(game), deal, offset) && satisfiesGameRules(game, events, deal, offset);
}

/**
 * Is this a deal, consistent with every event of the game as its observer read them, whatever
 * the observer's hand? (For questions about which of the observer's cards a conclusion needs.)
 */
export function dealSatisfiesEventsOnly(game: Game, deal: ArrayLike<number>, offset = 0): boolean {
  return isWellFormedDeal(shapeOfGame(game), deal, offset) && satisfiesEvents(game, game.events.length, deal, offset);
}

/** Every deal consistent with the first `events` events (default: all) of the game. */
export function bruteForceGame(game: Game, events = game.events.length): OracleResult {
  return enumerateDeals(shapeOfGame(game), (deal) => satisfiesGameRules(game, events, deal, 0));
}

/**
 * The index of the first event after which no deal is left (0-based), -1 when the log is
 * consistent, or null when no deal satisfies the log before any event (the hand alone).
 */
export function firstInconsistentEvent(game: Game): number | null {
  const shape = shapeOfGame(game);
  let remaining = enumerateDeals(shape, (deal) => satisfiesGameRules(game, 0, deal, 0)).deals;
  const w = dealWidth(shape);
  if (remaining.length === 0) return null;
  for (let e = 1; e <= game.events.length; e++) {
    const next: number[] = [];
    for (let i = 0; i < remaining.length; i += w) {
      if (satisfiesGameRules(game, e, remaining, i)) for (let o = 0; o < w; o++) next.push(remaining[i + o]);
    }
    if (next.length === 0) return e - 1;
    remaining = Uint32Array.from(next);
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Derived quantities, computed the obvious way from the counts.

export interface OracleAnalysis {
  count: number;
  /** prob[card][owner], owners = seats..., envelope, table. */
  prob: number[][];
  /** envelope combination index → probability (only > 0 entries). */
  solutions: Map<number, number>;
  /** [card, owner] placements with probability exactly 1 (count equals the total). */
  known: Array<[number, number]>;
  entropyBits: number;
}

export function analyzeOracle(res: OracleResult, nCards: number, nSeats: number): OracleAnalysis {
  const w = nSeats + 2;
  const prob: number[][] = [];
  const known: Array<[number, number]> = [];
  for (let c = 0; c < nCards; c++) {
    const row: number[] = [];
    for (let o = 0; o < w; o++) {
      const k = res.ownerCounts[c * w + o];
      row.push(k / res.count);
      if (res.count > 0 && k === res.count) known.push([c, o]);
    }
    prob.push(row);
  }
  const solutions = new Map<number, number>();
  let entropyBits = 0;
  res.envelopeCounts.forEach((k, i) => {
    if (k > 0) {
      const p = k / res.count;
      solutions.set(i, p);
      entropyBits -= p * Math.log2(p);
    }
  });
  return { count: res.count, prob, solutions, known, entropyBits };
}

/** Decodes a mixed-radix envelope index into one card index per category. */
export function envelopeCards(categoryMasks: number[], index: number): number[] {
  const out: number[] = new Array(categoryMasks.length);
  for (let g = categoryMasks.length - 1; g >= 0; g--) {
    const cm = categoryMasks[g];
    const size = popcount(cm);
    let pos = index % size;
    index = Math.floor(index / size);
    for (let c = 0; c < 32; c++) {
      if ((cm >>> c) & 1) {
        if (pos === 0) {
          out[g] = c;
          break;
        }
        pos--;
      }
    }
  }
  return out;
}

/**
 * A minimal reader for test logs that spell every name exactly (up to case) and give their deck:
 * just enough to run the oracle on small example files, independently of src/game/log.ts.
 */
interface ExactLog {
  deck: Record<string, string[]>;
  players: string[];
  handSizes?: number[];
  faceUp?: string[];
  me?: string;
  myHand?: string[];
  events: Array<{ type: string; by: string; cards: string[]; shownBy?: string | null; shown?: string; correct?: boolean }>;
}

export function gameFromExactLog(log: unknown): Game {
  const json = log as ExactLog;
  const categories = Object.entries(json.deck);
  const cards = categories.flatMap(([, cs]) => cs);
  const categoryMasks: number[] = [];
  const categoryOf: number[] = [];
  let at = 0;
  categories.forEach(([, cs], g) => {
    categoryMasks.push((((1 << cs.length) - 1) << at) >>> 0);
    at += cs.length;
    for (let i = 0; i < cs.length; i++) categoryOf.push(g);
  });
  const card = (name: string): number => {
    const i = cards.findIndex((c) => c.toLowerCase() === name.toLowerCase());
    if (i < 0) throw new Error(`unknown card ${name}`);
    return i;
  };
  const seat = (name: string): number => {
    const i = json.players.findIndex((p) => p.toLowerCase() === name.toLowerCase());
    if (i < 0) throw new Error(`unknown player ${name}`);
    return i;
  };
  const faceUp = (json.faceUp ?? []).map(card);
  const n = json.players.length;
  const toDeal = cards.length - categories.length - faceUp.length;
  const handSizes =
    json.handSizes ?? Array.from({ length: n }, (_, s) => Math.floor(toDeal / n) + (s < toDeal % n ? 1 : 0));
  return {
    deck: {
      categories: categories.map(([name, cs]) => ({ name, cards: [...cs] })),
      cards,
      categoryOf,
      categoryMasks,
    },
    players: [...json.players],
    handSizes,
    faceUp,
    me: json.me === undefined ? null : seat(json.me),
    myHand: (json.myHand ?? []).map(card),
    events: json.events.map((e) =>
      e.type === 'accusation'
        ? { type: 'accusation' as const, by: seat(e.by), cards: e.cards.map(card), correct: e.correct === true }
        : {
            type: 'suggestion' as const,
            by: seat(e.by),
            cards: e.cards.map(card),
            shownBy: e.shownBy == null ? null : seat(e.shownBy),
            shown: e.shown === undefined ? null : card(e.shown),
          },
    ),
    rules: DEFAULT_RULES,
    deal: null,
  };
}
