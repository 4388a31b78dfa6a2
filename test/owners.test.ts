// One vocabulary per concept: the owners' encodings (model/owners.ts) are inverse bijections and
// agree with the layout the Wasm core really writes; and the rules' readings of a log (who sees a
// shown card, the cards shown to a seat, who may still act: model/rules.ts) agree with a
// brute-force reading of small logs, and so do the seat's view, the log reader and the referee
// that route through them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeDeck, type Deck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import type { GameEvent } from '../src/model/events.js';
import type { Game } from '../src/model/game.js';
import { indistinctNames, nameKey, UnknownNameError } from '../src/model/names.js';
import {
  dealtWidth,
  ENVELOPE,
  isReservedOwnerName,
  ownerAt,
  ownerName,
  ownerNames,
  ownerResolver,
  ownersOf,
  ownerWidth,
  slotOf,
  TABLE,
} from '../src/model/owners.js';
import { cardsShownTo, DEFAULT_RULES, mayAct, seenBy, seesShown, shownCard, standingAfter, type Rules } from '../src/model/rules.js';
import { emptyStore } from '../src/knowledge/constraints.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { showSeen } from '../src/knowledge/responses.js';
import { factsOfAction } from '../src/knowledge/constraints-of.js';
import { actionsOf } from '../src/model/rules.js';
import { SeatView, type ViewWriter } from '../src/game/seat-view.js';
import { randomDeal, type GameSpec } from '../src/game/rules/deal.js';
import { newGame } from '../src/game/rules/state.js';
import { applyAction, legalActions } from '../src/game/rules/actions.js';
import { parseGame } from '../src/io/log.js';
import { gameToLog } from '../src/io/write-log.js';
import { shownToSuggester } from '../src/analysis/suggest.js';
import { formulaNames } from '../src/epistemic/queries.js';
import { parseFormulaText } from '../src/epistemic/language/index.js';

const seatsArb = fc.integer({ min: 2, max: 6 });

/** Player names: distinct as names compare, none taken by the other owners. */
const playersArb = (n: number) =>
  fc
    .uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,7}$/), { minLength: n, maxLength: n, selector: nameKey })
    .filter((ps) => ps.every((p) => nameKey(p) !== '' && !isReservedOwnerName(p)) && indistinctNames(ps) === null);

describe('the owners: one encoding each, inverse maps', () => {
  it('slotOf and ownerAt are inverse bijections between the owners and the slots, for 2 to 6 seats, with and without a table', () => {
    fc.assert(
      fc.property(seatsArb, fc.boolean(), (n, table) => {
        const owners = ownersOf(n, table);
        // The layout, written out: the seats in order, the envelope, then the table when there is one.
        const slots = owners.map((o) => slotOf(o, n));
        expect(slots).toEqual(Array.from({ length: dealtWidth(n) + (table ? 1 : 0) }, (_, s) => s));
        expect(owners.map((o) => ownerAt(slotOf(o, n), n))).toEqual(owners);
        expect(ownerWidth(n)).toBe(n + 2);
        expect(dealtWidth(n)).toBe(n + 1);
        for (let s = 0; s < ownerWidth(n); s++) expect(slotOf(ownerAt(s, n), n)).toBe(s);
        expect(new Set(owners.map((o) => ownerAt(slotOf(o, n), n))).size).toBe(owners.length);
        // Nothing else is an owner or a slot.
        for (const bad of [n, -3, 1.5, NaN]) expect(() => slotOf(bad, n)).toThrow(RangeError);
        for (const bad of [-1, ownerWidth(n), 0.5]) expect(() => ownerAt(bad, n)).toThrow(RangeError);
      }),
    );
  });

  it('names and the resolver are inverse bijections over the owners a game has; "table" is offered and accepted only with a table', () => {
    fc.assert(
      fc.property(
        seatsArb.chain((n) => fc.tuple(playersArb(n), fc.boolean())),
        ([players, table]) => {
          const owners = ownersOf(players.length, table);
          const names = ownerNames(players, table);
          expect(names).toEqual(owners.map((o) => ownerName(o, players)));
          expect(indistinctNames(names)).toBeNull();
          const resolve = ownerResolver(players, table);
          for (const o of owners) expect(resolve(ownerName(o, players), 'here')).toBe(o);
          expect(names.includes('table')).toBe(table);
          expect(names.includes('envelope')).toBe(true);
          if (!table) {
            let error: unknown;
            try {
              resolve('table', 'here');
            } catch (e) {
              error = e;
            }
            expect(error).toBeInstanceOf(UnknownNameError);
            expect((error as Error).message).not.toMatch(/"table"$|"table" and|, "table"/);
          }
        },
      ),
    );
  });

  it('the slots are where the Wasm core writes each owner: every deal it enumerates has hands of their sizes, one envelope card per category, the face-up cards on the table', () => {
    const core = KnowledgeCore.create();
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 2 }), (n, faceUpCount) => {
        const deck: Deck = makeDeck({ a: ['a0', 'a1', 'a2'], b: ['b0', 'b1'], c: ['c0', 'c1', 'c2'] });
        const nCards = deck.cards.length;
        const faceUp = [1, 4].slice(0, faceUpCount);
        const dealt = nCards - deck.categories.length - faceUp.length;
        const hands = Array.from({ length: n }, (_, s) => Math.floor(dealt / n) + (s < dealt % n ? 1 : 0));
        const store = emptyStore(nCards, deck.categoryMasks, hands, faceUp.reduce((m, c) => m | (1 << c), 0));
        using position = core.load(store);
        const deals = position.enumerate();
        const width = ownerWidth(n);
        expect(deals.length).toBe(Number(position.count()) * width);
        const faceUpMask = faceUp.reduce((m, c) => m | (1 << c), 0);
        for (let at = 0; at < deals.length; at += width) {
          const slot = (o: number) => deals[at + slotOf(o, n)];
          for (let s = 0; s < n; s++) expect(popcount(slot(s))).toBe(hands[s]);
          for (const m of deck.categoryMasks) expect(popcount(slot(ENVELOPE) & m)).toBe(1);
          expect(slot(TABLE)).toBe(faceUpMask);
        }
      }),
      { numRuns: 20 },
    );
  });
});

function popcount(x: number): number {
  let k = 0;
  for (let m = x >>> 0; m !== 0; m &= m - 1) k++;
  return k;
}

// ---------------------------------------------------------------------------------------------
// Small logs, read by brute force

const DECK: Deck = makeDeck({ who: ['A', 'B', 'C'], what: ['e', 'f', 'g'], where: ['i', 'j', 'k'] });

/** Any event of a small game, legal or not (the brute force reads whatever it is given). */
function eventArb(n: number): fc.Arbitrary<GameEvent> {
  const seat = fc.integer({ min: 0, max: n - 1 });
  const cards = fc.tuple(...DECK.categories.map((_, g) => fc.constantFrom(...DECK.cards.map((_, c) => c).filter((c) => DECK.categoryOf[c] === g))));
  const shownOf = (cs: number[]) => fc.option(fc.constantFrom(...cs), { nil: null });
  return fc.oneof(
    fc.record({ type: fc.constant('look' as const) }),
    fc.record({ type: fc.constant('endmove' as const), by: seat }),
    fc.record({ type: fc.constant('accusation' as const), by: seat, cards, correct: fc.boolean() }),
    fc.record({ type: fc.constantFrom('suggest' as const, 'nocard' as const), by: seat, cards }),
    fc.tuple(seat, fc.integer({ min: 1, max: n - 1 }), cards).chain(([by, k, cs]) =>
      shownOf(cs).map((shown): GameEvent => ({ type: 'showcard', by, to: (by + k) % n, cards: cs, shown })),
    ),
    fc.tuple(seat, fc.option(fc.integer({ min: 1, max: n - 1 }), { nil: null }), cards).chain(([by, k, cs]) =>
      (k === null ? fc.constant(null) : shownOf(cs)).map((shown): GameEvent => ({ type: 'suggestion', by, cards: cs, shownBy: k === null ? null : (by + k) % n, shown })),
    ),
  );
}

const logArb = fc.integer({ min: 2, max: 5 }).chain((n) => fc.tuple(fc.constant(n), fc.array(eventArb(n), { maxLength: 14 })));

/** The brute force's reading of an event: every (shower, receiver) pair it names, over all pairs of seats. */
function exchangesOf(e: GameEvent, n: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let s = 0; s < n; s++) {
    for (let t = 0; t < n; t++) {
      if (e.type === 'showcard' && e.by === s && e.to === t) pairs.push([s, t]);
      if (e.type === 'suggestion' && e.shownBy === s && e.by === t) pairs.push([s, t]);
    }
  }
  return pairs;
}

/** Per shower, the cards the events name as shown to `seat`: every (event, shower, card) tried. */
function bruteShownTo(events: readonly GameEvent[], seat: number, n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (let s = 0; s < n; s++) {
    for (let c = 0; c < DECK.cards.length; c++) {
      const named = events.some((e) => (e.type === 'showcard' || e.type === 'suggestion') && e.shown === c && exchangesOf(e, n).some(([a, b]) => a === s && b === seat));
      if (named) out[s] |= 1 << c;
    }
  }
  return out;
}

/** Whether `seat` may still act after `events`: nobody after a correct accusation; a seat after its own wrong one only answers. */
function bruteMayAct(events: readonly GameEvent[], seat: number, act: 'turn' | 'answer'): boolean {
  const won = events.some((e) => e.type === 'accusation' && e.correct);
  const out = events.some((e) => e.type === 'accusation' && !e.correct && e.by === seat);
  return !won && (act === 'answer' || !out);
}

describe('the rules read a log as the brute force does', () => {
  it('who sees a shown card: the two seats of the exchange, and nobody for the spectator (events and their knowledge actions alike)', () => {
    fc.assert(
      fc.property(logArb, ([n, events]) => {
        for (const e of events) {
          const parties = new Set(exchangesOf(e, n).flat());
          expect(seesShown(e, null)).toBe(false);
          for (let s = 0; s < n; s++) {
            expect(seesShown(e, s)).toBe(parties.has(s));
            // What the seat is told withholds the card exactly when it does not see it.
            const told = seenBy(e, s);
            if ((e.type === 'showcard' || e.type === 'suggestion') && e.shown !== null) expect((told as typeof e).shown).toBe(parties.has(s) ? e.shown : null);
            for (const a of actionsOf(e, n, DEFAULT_RULES)) if (a.kind === 'showcard') expect(seesShown(a, s)).toBe(parties.has(s));
            // The observer's facts name the card only when it sees it.
            for (const a of actionsOf(e, n, DEFAULT_RULES)) {
              if (a.kind !== 'showcard' || a.shown === null) continue;
              const [fact] = factsOfAction(a, n, s);
              expect(fact.kind === 'holds').toBe(parties.has(s));
            }
          }
        }
      }),
    );
  });

  it('the cards shown to a seat: per shower, every card an event names as shown to it; the advisors and the response policies read the same', () => {
    fc.assert(
      fc.property(logArb, ([n, events]) => {
        const game = { ...gameOf(n, events) };
        for (let t = 0; t < n; t++) {
          const truth = bruteShownTo(events, t, n);
          expect(cardsShownTo(events, t, n)).toEqual(truth);
          expect(shownToSuggester(game, t)).toEqual(truth);
          // The shows seat t saw as the one asking (its own answers aside).
          const seen = events.map((e) => showSeen(e, t)).filter((x) => x !== null);
          const fromShows = new Array<number>(n).fill(0);
          for (const x of seen) fromShows[x.by] |= 1 << x.shown;
          expect(fromShows).toEqual(truth);
          for (const e of events) {
            const s = shownCard(e);
            const pairs = exchangesOf(e, n);
            const named = (e.type === 'showcard' || e.type === 'suggestion') && e.shown !== null;
            expect(s === null ? null : [s.by, s.to, s.card]).toEqual(named && pairs.length === 1 ? [...pairs[0], e.shown] : null);
          }
        }
      }),
    );
  });

  it('who may still act: nobody once the game is won; a seat out after its wrong accusation answers suggestions only', () => {
    fc.assert(
      fc.property(logArb, ([n, events]) => {
        for (let k = 0; k <= events.length; k++) {
          const before = events.slice(0, k);
          const standing = standingAfter(before, n);
          for (let s = 0; s < n; s++) {
            for (const act of ['turn', 'answer'] as const) expect(mayAct(standing, s, act)).toBe(bruteMayAct(before, s, act));
          }
        }
      }),
    );
  });

  it("the log reader accepts a log exactly when every event's seat may act (and a seat shown a card may take a turn)", () => {
    fc.assert(
      fc.property(logArb, ([n, raw]) => {
        // Looks aside (a look must come first), and no card named as shown (the reader checks who saw it).
        const events = raw.filter((e) => e.type !== 'look').map((e) => ('shown' in e ? { ...e, shown: null } : e));
        const first = events.findIndex((e, k) => {
          const before = events.slice(0, k);
          const act = e.type === 'nocard' || e.type === 'showcard' ? 'answer' : 'turn';
          return !bruteMayAct(before, e.by, act) || (e.type === 'showcard' && !bruteMayAct(before, e.to, 'turn'));
        });
        const log = gameToLog(gameOf(n, events));
        if (first < 0) expect(parseGame(log).events).toHaveLength(events.length);
        else expect(() => parseGame(log)).toThrow(new RegExp(`^event ${first + 1} \\(.*(the game ended with the correct accusation|was eliminated by a wrong accusation)`));
      }),
    );
  });

  it("the referee gives turns only to seats that may act, ends the game when none may, and a seat's view keeps the cards shown to it as the brute force reads them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 2, max: 5 }), fc.boolean(), (seed, n, previous) => {
        const rng = new Random(seed);
        const players = Array.from({ length: n }, (_, s) => `P${s}`);
        const rules: Rules = { ...DEFAULT_RULES, answerOrder: previous ? 'previous' : 'next' };
        const spec: GameSpec = { deck: DECK, players, maxTurns: 1 + rng.below(40), rules };
        const deal = randomDeal(spec, rng);
        let state = newGame(spec, deal);
        const writers: ViewWriter[] = [];
        const views = players.map((_, s) => {
          const hand = DECK.cards.map((_, c) => c).filter((c) => (deal.hands[s] >>> c) & 1);
          return new SeatView({ deck: DECK, players, handSizes: [...state.handSizes], faceUp: deal.faceUp, rules }, s, hand, (w) => writers.push(w));
        });
        const events: GameEvent[] = [];
        while (state.phase.kind !== 'over') {
          if (state.phase.kind === 'suggest') expect(bruteMayAct(events, state.phase.seat, 'turn')).toBe(true);
          const actions = legalActions(state);
          const action = state.phase.kind === 'accuse' && rng.below(3) !== 0 ? { type: 'pass' as const } : rng.pick(actions);
          const step = applyAction(state, action);
          for (const e of step.events) {
            events.push(e);
            writers.forEach((w, s) => w(seenBy(e, s)));
          }
          state = step.state;
        }
        if (state.turn < spec.maxTurns) expect(players.some((_, s) => bruteMayAct(events, s, 'turn'))).toBe(false);
        views.forEach((view, s) => expect(view.shownToMe()).toEqual(bruteShownTo(events, s, n)));
      }),
      { numRuns: 100 },
    );
  });
});

describe('the owner names a game offers', () => {
  it('a formula may name "table" only in a game with face-up cards, and the error lists the owners this game has', () => {
    const game = (faceUp: number[]) => ({ ...gameOf(3, []), faceUp, handSizes: [2, 2, 2 - faceUp.length] });
    expect(() => parseFormulaText('has(table, A)', formulaNames(game([0])))).not.toThrow();
    expect(() => parseFormulaText('has(table, A)', formulaNames(game([])))).toThrow('unknown owner "table"; the owners are "P0", "P1", "P2" and "envelope"');
    expect(() => parseFormulaText('has(Zed, A)', formulaNames(game([0])))).toThrow('the owners are "P0", "P1", "P2", "envelope" and "table"');
  });
});

/** A spectator's game of `n` seats with these events. */
function gameOf(n: number, events: GameEvent[]): Game {
  const dealt = DECK.cards.length - DECK.categories.length;
  return {
    deck: DECK,
    players: Array.from({ length: n }, (_, s) => `P${s}`),
    handSizes: Array.from({ length: n }, (_, s) => Math.floor(dealt / n) + (s < dealt % n ? 1 : 0)),
    faceUp: [],
    me: null,
    myHand: [],
    events,
    rules: DEFAULT_RULES,
    deal: null,
  };
}
