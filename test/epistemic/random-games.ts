/**
 * fast-check arbitraries for the epistemic property tests: small full-record games whose events
 * are legal and true of the deal, the observer's logs derived from them, and random formulas of
 * every operator. A game is generated as a plan of small integers and then built, so that
 * shrinking works on the plan.
 */
import fc from 'fast-check';
import type { Formula } from '../../src/epistemic/language/formula.js';
import { makeDeck } from '../../src/model/deck.js';
import { defaultHandSizes, type Game } from '../../src/model/game.js';
import { ENVELOPE, TABLE } from '../../src/model/owners.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';
import { type GameEvent } from '../../src/model/events.js';
import { bruteGameModel, type Reading } from './brute-force.js';

/** Category sizes of the decks. */
export const SHAPES: number[][] = [
  [2, 2],
  [2, 3],
  [3, 3],
  [2, 2, 2],
  [3, 2, 2],
  [3, 3, 2],
  [3, 3, 3],
];

export interface EventPlan {
  kind: number;
  by: number;
  to: number;
  picks: number[];
  choice: number;
}

export interface GamePlan {
  shape: number;
  players: number;
  keys: number[];
  envelope: number[];
  look: boolean;
  suggesterHoldsNone: boolean;
  answersAll: boolean;
  answerPrevious: boolean;
  quotas: boolean;
  faceUp: boolean;
  reverseHands: boolean;
  events: EventPlan[];
}

export interface PlanOptions {
  /** Deals at most (before any event). */
  maxDeals?: number;
  maxEvents?: number;
}

const eventPlan = fc.record({
  kind: fc.nat(7),
  by: fc.nat(3),
  to: fc.nat(3),
  picks: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
  choice: fc.nat(2),
});

export function gamePlan(options: PlanOptions = {}): fc.Arbitrary<GamePlan> {
  const maxDeals = options.maxDeals ?? 2500;
  const maxEvents = options.maxEvents ?? 4;
  return fc
    .record({
      // mostly the larger decks (the small ones are quickly solved)
      shape: fc.oneof({ arbitrary: fc.constantFrom(0, 1, 3), weight: 1 }, { arbitrary: fc.constantFrom(2, 4, 5, 6), weight: 3 }),
      players: fc.integer({ min: 2, max: 4 }),
      keys: fc.array(fc.nat(99), { minLength: 9, maxLength: 9 }),
      envelope: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
      look: fc.boolean(),
      suggesterHoldsNone: fc.boolean(),
      answersAll: fc.boolean(),
      answerPrevious: fc.boolean(),
      quotas: fc.boolean(),
      faceUp: fc.boolean(),
      reverseHands: fc.boolean(),
      events: fc.array(eventPlan, { minLength: 0, maxLength: maxEvents }),
    })
    .filter((p) => dealCount(p) <= maxDeals);
}

function frameOf(p: GamePlan): { sizes: number[]; faceUp: number[]; handSizes: number[] } {
  const sizes = SHAPES[p.shape];
  const firstThree = sizes.indexOf(3);
  // a face-up card: the last card of the first category of three (never with quotas)
  const faceUp: number[] = [];
  if (p.faceUp && !p.quotas && firstThree >= 0) faceUp.push(sizes.slice(0, firstThree).reduce((a, b) => a + b, 0) + 2);
  const nCards = sizes.reduce((a, b) => a + b, 0);
  const handSizes = defaultHandSizes(nCards - sizes.length - faceUp.length, p.players);
  if (p.reverseHands) handSizes.reverse();
  return { sizes, faceUp, handSizes };
}

/** Deals of the plan's frame (quotas aside): envelopes × multinomial. */
export function dealCount(p: GamePlan): number {
  const { sizes, faceUp, handSizes } = frameOf(p);
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  let envelopes = 1;
  sizes.forEach((s) => (envelopes *= s));
  if (faceUp.length) envelopes = (envelopes / 3) * 2;
  const dealt = handSizes.reduce((a, b) => a + b, 0);
  return envelopes * (fact(dealt) / handSizes.reduce((a, h) => a * fact(h), 1));
}

/** The full-record game of a plan: legal events, each true of the deal under both readings. */
export function buildGame(p: GamePlan, options: PlanOptions = {}): Game {
  const maxEvents = options.maxEvents ?? 4;
  const { sizes, faceUp, handSizes } = frameOf(p);
  const names = ['A', 'B', 'C'];
  const deck = makeDeck(Object.fromEntries(sizes.map((s, g) => [names[g], Array.from({ length: s }, (_, i) => `${names[g]}${i}`)])));
  const nCards = deck.cards.length;
  const n = p.players;
  const catCards = sizes.map((_, g) => deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g));

  // the deal
  const deal: number[] = new Array(nCards).fill(-99);
  for (const c of faceUp) deal[c] = TABLE;
  catCards.forEach((cards, g) => {
    const free = cards.filter((c) => deal[c] !== TABLE);
    deal[free[p.envelope[g] % free.length]] = ENVELOPE;
  });
  const rest = deck.cards
    .map((_, c) => c)
    .filter((c) => deal[c] === -99)
    .sort((a, b) => p.keys[a] - p.keys[b] || a - b);
  let next = 0;
  handSizes.forEach((h, s) => {
    for (let i = 0; i < h; i++) deal[rest[next++]] = s;
  });

  // quotas read off the deal: a category whose cards the seats share equally
  let handQuotas: Array<number | null> | null = null;
  if (p.quotas) {
    handQuotas = catCards.map((cards) => {
      const counts = Array.from({ length: n }, (_, s) => cards.filter((c) => deal[c] === s).length);
      return counts.every((k) => k === counts[0]) ? counts[0] : null;
    });
    if (handQuotas.every((q) => q === null)) handQuotas = null;
  }

  const game: Game = {
    deck,
    players: Array.from({ length: n }, (_, s) => `p${s}`),
    handSizes,
    faceUp,
    me: null,
    myHand: [],
    events: p.look ? [{ type: 'look' }] : [],
    rules: { ...DEFAULT_RULES, answers: p.answersAll ? 'all' : 'first', answerOrder: p.answerPrevious ? 'previous' : 'next', suggesterHoldsNone: p.suggesterHoldsNone, handQuotas },
    deal,
  };
  const limit = maxEvents + (p.look ? 1 : 0);
  const push = (e: GameEvent): boolean => {
    if (game.events.length >= limit) return false;
    game.events.push(e);
    return true;
  };
  const held = (s: number, cards: number[]) => cards.filter((c) => deal[c] === s);
  const show = (s: number, cards: number[], choice: number) => {
    const h = held(s, cards);
    return h[choice % h.length];
  };

  // The seat answering after `s`, in the answer order.
  const answersAfter = (s: number) => (p.answerPrevious ? (s + n - 1) % n : (s + 1) % n);
  for (const e of p.events) {
    if (game.events.length >= limit) break;
    const by = e.by % n;
    let cards = catCards.map((cs, g) => cs[e.picks[g] % cs.length]);
    const kind = [0, 1, 2, 3, 4, 2, 1, 0][e.kind % 8];
    if (game.rules.suggesterHoldsNone && kind <= 1) {
      // the suggester names none of its own cards
      const fixed = catCards.map((cs, g) => (deal[cards[g]] === by ? cs.find((c) => deal[c] !== by) : cards[g]));
      if (fixed.some((c) => c === undefined)) continue;
      cards = fixed as number[];
    }
    switch (kind) {
      case 0:
        if (!p.answersAll) {
          let shownBy: number | null = null;
          for (let s = answersAfter(by); s !== by; s = answersAfter(s)) {
            if (held(s, cards).length > 0) {
              shownBy = s;
              break;
            }
          }
          push({ type: 'suggestion', by, cards, shownBy, shown: shownBy === null ? null : show(shownBy, cards, e.choice) });
          break;
        }
      // falls through: under answers "all" logs use the explicit events
      case 1: {
        push({ type: 'suggest', by, cards });
        for (let s = answersAfter(by); s !== by; s = answersAfter(s)) {
          if (held(s, cards).length === 0) {
            if (!push({ type: 'nocard', by: s, cards })) break;
          } else {
            if (!push({ type: 'showcard', by: s, to: by, cards, shown: show(s, cards, e.choice) })) break;
            if (!p.answersAll) break;
          }
        }
        break;
      }
      case 2: {
        const s = e.to % n === by ? answersAfter(by) : e.to % n;
        if (held(s, cards).length === 0) push({ type: 'nocard', by: s, cards });
        else push({ type: 'showcard', by: s, to: by, cards, shown: show(s, cards, e.choice) });
        break;
      }
      case 3: {
        // endmove only when `by` does not know the envelope at the deal, in both readings
        const endmove: GameEvent = { type: 'endmove', by };
        const trial: Game = { ...game, events: [...game.events, endmove] };
        const ok = (['action', 'refinement'] as Reading[]).every((r) => {
          const m = bruteGameModel(trial, trial.events.length - 1, r);
          return !m.evaluator.holds({ op: 'Kenv', agent: by }, m.point!);
        });
        if (ok) push(endmove);
        break;
      }
      case 4: {
        const envelope = deck.cards.map((_, c) => c).filter((c) => deal[c] === ENVELOPE);
        // now and then the right one
        const accused = e.choice === 0 && e.to === 0 ? envelope : catCards.map((cs, g) => cs[e.picks[g] % cs.length]);
        push({ type: 'accusation', by, cards: accused, correct: accused.every((c) => deal[c] === ENVELOPE) });
        break;
      }
    }
  }
  return game;
}

/** The log of the same game as seat `me` saw it: no deal, the shown cards only where `me` showed or was shown. `me` past the seats: the spectator's log. */
export function observerLog(game: Game, seat: number): Game {
  const me = seat < game.players.length ? seat : null;
  const myHand = game.deal!.map((o, c) => (o === me ? c : -1)).filter((c) => c >= 0);
  const events = game.events.map((e): GameEvent => {
    if (e.type === 'suggestion') return { ...e, shown: e.by === me || e.shownBy === me ? e.shown : null };
    if (e.type === 'showcard') return { ...e, shown: e.by === me || e.to === me ? e.shown : null };
    return e;
  });
  return { ...game, me, myHand, events, deal: null };
}

/** Whether an observer's log leaves out a card that was shown (the refinement reading then cannot read it). */
export function hidesAShownCard(game: Game): boolean {
  return game.events.some((e) => (e.type === 'suggestion' && e.shownBy !== null && e.shown === null) || (e.type === 'showcard' && e.shown === null));
}

// ------------------------------------------------------------------------------------------------
// Formulas with raw indices, fitted to a game afterwards

const leaf: fc.Arbitrary<Formula> = fc.oneof(
  { arbitrary: fc.constantFrom<Formula>({ op: 'true' }, { op: 'false' }), weight: 1 },
  { arbitrary: fc.record({ owner: fc.nat(9), card: fc.nat(8) }).map(({ owner, card }): Formula => ({ op: 'has', owner, card })), weight: 8 },
  { arbitrary: fc.nat(3).map((agent): Formula => ({ op: 'Kenv', agent })), weight: 1 },
);

const group = fc.array(fc.nat(3), { minLength: 1, maxLength: 3 });

/** Formulas of tree depth ≤ depth over every operator (indices raw: fit them to a game). */
export function formula(depth: number): fc.Arbitrary<Formula> {
  if (depth === 0) return leaf;
  const sub = formula(depth - 1);
  return fc.oneof(
    { arbitrary: leaf, weight: 3 },
    { arbitrary: sub.map((arg): Formula => ({ op: 'not', arg })), weight: 2 },
    { arbitrary: fc.array(sub, { minLength: 1, maxLength: 3 }).map((args): Formula => ({ op: 'and', args })), weight: 2 },
    { arbitrary: fc.array(sub, { minLength: 1, maxLength: 3 }).map((args): Formula => ({ op: 'or', args })), weight: 2 },
    { arbitrary: fc.tuple(sub, sub).map((args): Formula => ({ op: 'implies', args })), weight: 1 },
    { arbitrary: fc.tuple(sub, sub).map((args): Formula => ({ op: 'iff', args })), weight: 1 },
    { arbitrary: fc.tuple(fc.nat(3), sub).map(([agent, arg]): Formula => ({ op: 'K', agent, arg })), weight: 3 },
    { arbitrary: fc.tuple(fc.nat(3), sub).map(([agent, arg]): Formula => ({ op: 'M', agent, arg })), weight: 2 },
    { arbitrary: fc.tuple(group, sub).map(([group, arg]): Formula => ({ op: 'E', group, arg })), weight: 1 },
    { arbitrary: fc.tuple(group, sub).map(([group, arg]): Formula => ({ op: 'D', group, arg })), weight: 1 },
    { arbitrary: fc.tuple(group, sub).map(([group, arg]): Formula => ({ op: 'C', group, arg })), weight: 2 },
    { arbitrary: fc.tuple(sub, sub).map(([what, then]): Formula => ({ op: 'announce', what, then })), weight: 2 },
    {
      arbitrary: fc.tuple(group, sub, sub).map(([agents, what, then]): Formula => ({ op: 'learnsWhether', agents, what, then })),
      weight: 2,
    },
  );
}

/** A propositional formula (atoms and connectives) of tree depth ≤ depth. */
export function propositional(depth: number): fc.Arbitrary<Formula> {
  const atom = fc.record({ owner: fc.nat(9), card: fc.nat(8) }).map(({ owner, card }): Formula => ({ op: 'has', owner, card }));
  if (depth === 0) return atom;
  const sub = propositional(depth - 1);
  return fc.oneof(
    { arbitrary: atom, weight: 3 },
    { arbitrary: sub.map((arg): Formula => ({ op: 'not', arg })), weight: 1 },
    { arbitrary: fc.array(sub, { minLength: 1, maxLength: 3 }).map((args): Formula => ({ op: 'and', args })), weight: 1 },
    { arbitrary: fc.array(sub, { minLength: 1, maxLength: 3 }).map((args): Formula => ({ op: 'or', args })), weight: 1 },
    { arbitrary: fc.tuple(sub, sub).map((args): Formula => ({ op: 'implies', args })), weight: 1 },
  );
}

/** A raw formula with its indices fitted to the game: agents and group members mod the seats, owners a seat, the envelope or (rarely) the table, cards mod the deck. */
export function fit(f: Formula, game: Game): Formula {
  const n = game.players.length;
  const nCards = game.deck.cards.length;
  const agent = (a: number) => a % n;
  const grp = (g: number[]) => [...new Set(g.map(agent))].sort((x, y) => x - y);
  const owner = (o: number) => (o === 9 ? TABLE : o % (n + 1) === n ? ENVELOPE : o % (n + 1));
  const go = (f: Formula): Formula => {
    switch (f.op) {
      case 'true':
      case 'false':
        return f;
      case 'has':
        return { op: 'has', owner: owner(f.owner), card: f.card % nCards };
      case 'not':
        return { op: 'not', arg: go(f.arg) };
      case 'and':
      case 'or':
        return { op: f.op, args: f.args.map(go) };
      case 'implies':
      case 'iff':
        return { op: f.op, args: [go(f.args[0]), go(f.args[1])] };
      case 'K':
      case 'M':
        return { op: f.op, agent: agent(f.agent), arg: go(f.arg) };
      case 'E':
      case 'D':
      case 'C':
        return { op: f.op, group: grp(f.group), arg: go(f.arg) };
      case 'Kenv':
        return { op: 'Kenv', agent: agent(f.agent) };
      case 'announce':
        return { op: 'announce', what: go(f.what), then: go(f.then) };
      case 'learnsWhether':
        return { op: 'learnsWhether', agents: grp(f.agents), what: go(f.what), then: go(f.then) };
    }
  };
  return go(f);
}

/** A short text of a game for failure messages. */
export function describeGame(game: Game): string {
  const ownerName = (o: number) => (o === ENVELOPE ? 'env' : o === TABLE ? 'table' : game.players[o]);
  const deal = game.deal ? game.deck.cards.map((c, i) => `${c}:${ownerName(game.deal![i])}`).join(' ') : 'observer';
  return JSON.stringify({
    deck: game.deck.categories.map((c) => c.cards),
    players: game.players,
    handSizes: game.handSizes,
    faceUp: game.faceUp,
    rules: game.rules,
    me: game.me,
    myHand: game.myHand,
    deal,
    events: game.events,
  });
}
