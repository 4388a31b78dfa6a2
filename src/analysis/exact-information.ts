// The expected information of every suggestion, exactly, from the counting core: no deal is
// enumerated or drawn. What the suggester sees is "nobody showed" or "seat j showed card c". Split
// by the set T of named cards j holds, "j answers holding exactly T" is the event that every seat
// answering before j lacks all the named cards, j holds each card of T and lacks the others: a
// conjunction of placements, so the core counts its deals per envelope combination on a derived
// position. When every seat asked answers (rules.answers 'all'), the suggester sees the card each
// seat holding a named card shows, and the events are the placements of the named cards: each
// with one seat asked, or with none of them. The response policy spreads each event over the cards of T; the mutual information
// between the envelope and the response follows from those joint counts. Suggestions that differ
// only by interchangeable cards are scored once; events that restrict the same cards to the same
// owners are counted once and shared between suggestions (a named card the suggester holds, or one
// face up, adds no restriction). See docs/research/exact-information.md.
import { nameOrIndex } from '../model/names.js';
import { InputError } from '../model/errors.js';
import { maskOfCards, popcount } from '../model/bits.js';
import type { Game } from '../model/game.js';
import { answerers } from '../model/rules.js';
import type { Fact } from '../knowledge/constraints.js';
import type { Answering, Position } from '../knowledge/wasm-core.js';
import { combinationCards, combinationCount, envelopeIndex } from '../knowledge/tallies.js';
import { SCORE_WIDTH, answeringOf, mutualInformationBits, xlogx, type ResponseModel } from './entropy-greedy.js';
import { ownerWidth } from '../model/owners.js';

export interface InformationRequest {
  /** The seat that suggests, by name or by index in the players (default: the log's observer). */
  suggester?: number | string;
  /** How a refuter holding several named cards picks one (default 'uniform'). */
  responses?: ResponseModel;
  /** Per seat, the cards it has already shown the suggester (read by the 'repeat' model; default none). */
  shownTo?: readonly number[];
  /** Who answers and how far (default: the game's rules for the suggester, entropy-greedy.ts answeringOf). */
  answering?: Answering;
  /** Suggestion indices (mixed radix over the categories) to score (default: every one). */
  suggestions?: readonly number[];
}

export interface InformationByCounting {
  /** SCORE_WIDTH numbers per requested suggestion, in request order: expected bits, P(nobody refutes), expected envelope combinations left. */
  scores: Float64Array;
  /** Positions the core counted (distinct events with at least one deal, or found to have none by deriving). */
  counted: number;
  /** Events answered from an earlier count. */
  shared: number;
}

/** The most envelope counts kept for sharing (64 MB). */
const MEMO_NUMBERS = 8 * 1024 * 1024;

/** The response models scored by counting; another is refused naming the option. */
const MODELS: readonly ResponseModel[] = ['uniform', 'repeat'];

/**
 * Exact expected information (mutual information between the envelope and the response the
 * suggester sees), P(nobody refutes) and the expected number of envelope combinations left, for
 * each suggestion, from the position's counts. The seats asked answer in the game's answer order
 * until one shows, or all of them under rules.answers 'all'; the suggester's own cards, the
 * envelope and face-up cards show nothing.
 */
export function informationByCounting(game: Game, position: Position, request: InformationRequest = {}): InformationByCounting {
  const plan = answersOf(game, position, request);
  const { suggestions, possible, nSeats } = plan;
  const scores = new Float64Array(suggestions.length * SCORE_WIDTH);
  const prior = position.envelopeCounts();
  const total = prior.reduce((a, b) => a + b, 0);
  const priorTerm = prior.reduce((a, n) => a + xlogx(n), 0);

  const memo = new Map<string, Float64Array | null>();
  let counted = 0;
  let shared = 0;
  /** Envelope counts of the deals where each card of `cards` lies with an owner of `owners` (parallel arrays), or null when none. */
  const countsWhere = (cards: readonly number[], owners: readonly number[]): Float64Array | null => {
    const key = eventKey(possible, cards, owners);
    if (key === null) return null;
    if (key === '') return prior;
    const known = memo.get(key);
    if (known !== undefined) {
      shared++;
      return known;
    }
    counted++;
    // Decks with thousands of suggestions would keep too many vectors: start afresh past the budget.
    if (memo.size * prior.length > MEMO_NUMBERS) memo.clear();
    const facts: Fact[] = [];
    for (let i = 0; i < cards.length; i++) {
      const card = (1 << cards[i]) >>> 0;
      const allowed = owners[i] & possible[cards[i]];
      const owner = 31 - Math.clz32(allowed);
      // A single seat: it holds the card. Otherwise only seats were taken away: each lacks it.
      if (allowed === 1 << owner && owner < nSeats) facts.push({ kind: 'holds', owner, cards: card });
      else for (let m = (possible[cards[i]] & ~allowed) >>> 0; m !== 0; m &= m - 1) facts.push({ kind: 'lacks', owner: 31 - Math.clz32(m & -m), cards: card });
    }
    using derived = position.withAll(facts);
    const counts = derived.consistent ? derived.envelopeCounts() : null;
    memo.set(key, counts);
    return counts;
  };

  const scored = new Map<number, number>(); // canonical suggestion -> where its scores are
  suggestions.forEach((q, at) => {
    const { key, cards } = plan.canonical(q);
    const done = scored.get(key);
    if (done !== undefined) {
      scores.copyWithin(at * SCORE_WIDTH, done * SCORE_WIDTH, (done + 1) * SCORE_WIDTH);
      return;
    }
    scored.set(key, at);
    // Joint counts per response cell (plan.cells numbers them, "nobody" last), summed in cell order.
    const byCell = new Map<number, Float64Array>();
    plan.answers(cards, (owners, shares) => {
      const counts = countsWhere(cards, owners);
      if (counts === null) return;
      for (const [cell, weight] of shares) {
        let into = byCell.get(cell);
        if (into === undefined) byCell.set(cell, (into = new Float64Array(counts.length)));
        for (let e = 0; e < counts.length; e++) into[e] += counts[e] * weight;
      }
    });
    const cells = [...byCell.keys()].sort((a, b) => a - b).map((c) => byCell.get(c)!);
    const nobody = byCell.get(plan.cells - 1);

    let joint = 0; // sum over cells and envelopes of n ln n
    let marginal = 0; // sum over cells of n(r) ln n(r)
    let left = 0;
    for (const cell of cells) {
      let n = 0;
      let support = 0;
      for (const x of cell) {
        if (x > 0) {
          joint += xlogx(x);
          n += x;
          support++;
        }
      }
      marginal += xlogx(n);
      left += (n / total) * support;
    }
    scores[at * SCORE_WIDTH] = mutualInformationBits(joint, priorTerm, marginal, total);
    scores[at * SCORE_WIDTH + 1] = nobody === undefined ? 0 : nobody.reduce((a, b) => a + b, 0) / total;
    scores[at * SCORE_WIDTH + 2] = left;
  });
  return { scores, counted, shared };
}

/**
 * The work informationByCounting would do, found without counting anything: the distinct
 * positions it would derive and count, and that number times the position's DAG nodes (each
 * derived position costs about as much as the position itself). Cheap: one pass over the answers.
 */
export function countingWork(game: Game, position: Position, request: InformationRequest = {}): { counts: number; work: number } {
  const plan = answersOf(game, position, request);
  const keys = new Set<string>();
  const canonical = new Set<number>();
  for (const q of plan.suggestions) {
    const { key, cards } = plan.canonical(q);
    if (canonical.has(key)) continue;
    canonical.add(key);
    plan.answers(cards, (owners) => {
      const event = eventKey(plan.possible, cards, owners);
      if (event) keys.add(event);
    });
  }
  return { counts: keys.size, work: keys.size * position.dagSize().nodes };
}

/** A checked request and how its suggestions are answered (shared by the counting and its plan). */
function answersOf(game: Game, position: Position, request: InformationRequest) {
  const model = request.responses ?? 'uniform';
  if (!MODELS.includes(model)) throw new InputError(`responses: ${JSON.stringify(model)} is not a response model scored by counting (${MODELS.join(', ')})`);
  const suggester = request.suggester === undefined ? game.me : nameOrIndex('player', game.players, request.suggester, 'informationByCounting: the suggester');
  if (suggester === null) throw new InputError('informationByCounting needs a suggester: the log has no "me"');
  const { categoryMasks } = game.deck;
  const nSeats = game.players.length;
  const nCards = game.deck.cards.length;
  const nCats = categoryMasks.length;
  const width = ownerWidth(nSeats);
  const suggestions = request.suggestions ?? Array.from({ length: combinationCount(categoryMasks) }, (_, q) => q);
  const shownTo = request.shownTo ?? [];
  const { order, answers } = request.answering ?? answeringOf(suggester, nSeats, game.rules);
  const asked = order.length;

  // Who may hold each card at all: restrictions already implied are no restriction (and share counts).
  const ownerCounts = position.ownerCounts();
  const possible = new Uint32Array(nCards);
  for (let c = 0; c < nCards; c++) {
    for (let o = 0; o < width; o++) if (ownerCounts[c * width + o] > 0) possible[c] |= 1 << o;
  }
  const everyone = (2 ** width - 1) >>> 0;
  const alike = interchangeable(position, model === 'repeat' ? shownTo : []);
  /** The cards of `held` (positions in the suggestion) a seat answering at `rank` may show by the response model. */
  const eligibleOf = (held: number, rank: number, cards: readonly number[]): number => {
    if (model !== 'repeat') return held;
    let repeats = 0;
    for (let i = 0; i < nCats; i++) if ((held >>> i) & 1 && ((shownTo[order[rank]] ?? 0) >>> cards[i]) & 1) repeats |= 1 << i;
    return repeats !== 0 ? repeats : held;
  };
  const everyAnswer = {
    /** Response cells: per named card, the answer rank of the seat that showed it (`asked`: not shown), mixed radix, "nobody" last. */
    cells: (asked + 1) ** nCats,
    /**
     * Every placement of the named cards, each with a seat asked (at rank k[i]) or with none
     * (k[i] = asked), and the cells it feeds: each seat holding several shows one by the model.
     */
    answers(cards: readonly number[], visit: (owners: readonly number[], shares: Array<[number, number]>) => void): void {
      const elsewhere = (everyone & ~order.reduce((m, seat) => m | (1 << seat), 0)) >>> 0;
      for (let index = 0; index < (asked + 1) ** nCats; index++) {
        const k = cards.map((_, i) => Math.floor(index / (asked + 1) ** i) % (asked + 1));
        const owners = k.map((r) => (r < asked ? 1 << order[r] : elsewhere));
        // Per rank, the named cards its seat holds; a seat holding several shows one of the eligible.
        const ties: number[][] = [];
        for (let r = 0; r < asked; r++) {
          let held = 0;
          for (let i = 0; i < nCats; i++) if (k[i] === r) held |= 1 << i;
          if (held === 0) continue;
          const eligible = popcount(held) === 1 ? held : eligibleOf(held, r, cards);
          ties.push(Array.from({ length: nCats }, (_, i) => i).filter((i) => (eligible >>> i) & 1));
        }
        // From "nobody" (every digit `asked`), each choice of one card per answering seat takes its card's digit to the seat's rank.
        let shares: Array<[number, number]> = [[(asked + 1) ** nCats - 1, 1]];
        for (const options of ties) {
          shares = shares.flatMap(([cell, weight]) => options.map((i): [number, number] => [cell - (asked - k[i]) * (asked + 1) ** i, weight / options.length]));
        }
        visit(owners, shares);
      }
    },
  };
  const plan = {
    suggestions,
    nSeats,
    possible,
    /** Response cells: (answering seat's position, named card's position), "nobody" last. */
    cells: order.length * nCats + 1,
    /** The suggestion's cards with each card replaced by its least interchangeable card, and their index. */
    canonical(q: number): { key: number; cards: number[] } {
      const cards = combinationCards(categoryMasks, q).map((c) => alike[c]);
      return { key: envelopeIndex(categoryMasks, maskOfCards(cards)), cards };
    },
    /**
     * Every event of the answer to `cards`: who may hold each named card (owners, parallel to
     * cards), and the response cells it feeds with their weights (the response policy's split).
     */
    answers(cards: readonly number[], visit: (owners: readonly number[], shares: Array<[number, number]>) => void): void {
      const owners = cards.map(() => everyone);
      order.forEach((seat, k) => {
        const bit = 1 << seat;
        for (let held = 1; held < 1 << nCats; held++) {
          const event = owners.map((o, i) => ((held >>> i) & 1 ? o & bit : o & ~bit));
          const eligible = eligibleOf(held, k, cards);
          const weight = 1 / popcount(eligible);
          const shares: Array<[number, number]> = [];
          for (let i = 0; i < nCats; i++) if ((eligible >>> i) & 1) shares.push([k * nCats + i, weight]);
          visit(event, shares);
        }
        // The next seat answers only when this one lacks every named card.
        for (let i = 0; i < nCats; i++) owners[i] &= ~bit;
      });
      visit(owners, [[order.length * nCats, 1]]);
    },
  };
  return answers === 'all' ? { ...plan, ...everyAnswer } : plan;
}

/** The key of an event (cards restricted to owners): null when impossible, '' when it restricts nothing. */
function eventKey(possible: Uint32Array, cards: readonly number[], owners: readonly number[]): string | null {
  let key = '';
  for (let i = 0; i < cards.length; i++) {
    const allowed = owners[i] & possible[cards[i]];
    if (allowed === 0) return null;
    if (allowed !== possible[cards[i]]) key += `${cards[i]}:${allowed >>> 0},`;
  }
  return key;
}

/**
 * Per card, the least card of its category it can be exchanged with: swapping the two maps the
 * position's constraints (and the cards already shown to the suggester, which the 'repeat' model
 * reads) onto themselves, so the consistent deals onto themselves, and a suggestion naming one
 * scores as the suggestion naming the other. Each card is its own on a weighted position.
 */
export function interchangeable(position: Position, shownTo: readonly number[]): number[] {
  const { store } = position;
  const least = Array.from({ length: store.nCards }, (_, c) => c);
  if (position.factors.length > 0) return least;
  const clauseKey = (c: { cards: number; owners: number }) => `${c.cards >>> 0}:${c.owners >>> 0}`;
  const clauses = new Set(store.clauses.map(clauseKey));
  const masks = [store.faceUpMask, ...store.holds, ...store.lacks, ...shownTo];
  const swap = (m: number, a: number, b: number) => {
    const bitA = (m >>> a) & 1;
    const bitB = (m >>> b) & 1;
    return bitA === bitB ? m >>> 0 : (m ^ ((1 << a) | (1 << b))) >>> 0;
  };
  const exchangeable = (a: number, b: number) =>
    masks.every((m) => ((m >>> a) & 1) === ((m >>> b) & 1)) && store.clauses.every((c) => clauses.has(clauseKey({ cards: swap(c.cards, a, b), owners: c.owners })));
  for (const mask of store.categoryMasks) {
    const cards = Array.from({ length: store.nCards }, (_, c) => c).filter((c) => (mask >>> c) & 1);
    // Exchangeability is an equivalence (a swap with b and b with c give a with c): each card
    // joins the class of the first earlier card it can be exchanged with.
    for (const b of cards) {
      const a = cards.find((a) => a < b && least[a] === a && exchangeable(a, b));
      if (a !== undefined) least[b] = a;
    }
  }
  return least;
}
