// The rules' state machine, checked against the deal: on a small hand-made deal where every
// answer is known, and along random legal playthroughs, where an independent referee recomputes
// from the deal who must refute with what, who may move and how the game ends.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLASSIC_CATEGORIES, CLASSIC_DECK, makeDeck, type Deck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { dealCards, ENDMOVE_RULES, handSizesOf, randomDeal, type Deal, type EndmoveRule, type GameSpec } from '../src/game/rules/deal.js';
import { isTerminal, newGame, returns, toMove, type GameState } from '../src/game/rules/state.js';
import { applyAction, IllegalActionError, legalActions, type Action } from '../src/game/rules/actions.js';
import { DEFAULT_RULES, nextTurn, passers, RULE_VARIANTS, seenBy, type Rules } from '../src/model/rules.js';
import { type Game } from '../src/model/game.js';
import { ENVELOPE, TABLE } from '../src/model/owners.js';
import { parseGame } from '../src/io/log.js';
import { gameToLog } from '../src/io/write-log.js';
import { analyze } from '../src/analysis/analyze.js';
import { bruteForceGame } from './support/brute-force.js';
import type { GameEvent } from '../src/model/events.js';

const mask = (cards: readonly number[]) => cards.reduce((m, c) => m | (1 << c), 0) >>> 0;
function popcount(x: number): number {
  let n = 0;
  for (let m = x >>> 0; m !== 0; m &= m - 1) n++;
  return n;
}

// A four-seat table where every answer is known. Cards: who A B C D (0-3), what e f g h (4-7),
// where i j k l (8-11). The envelope is A e i; seat 0 holds B f j, seat 1 C g, seat 2 D k, seat 3 h l.
const SMALL: Deck = makeDeck({ who: ['A', 'B', 'C', 'D'], what: ['e', 'f', 'g', 'h'], where: ['i', 'j', 'k', 'l'] });
const [A, B, C, D, e, f, g, h, i, j, k, l] = SMALL.cards.map((_, c) => c);
const SPEC: GameSpec = { deck: SMALL, players: ['P0', 'P1', 'P2', 'P3'], maxTurns: 40 };
const DEAL: Deal = { hands: [mask([B, f, j]), mask([C, g]), mask([D, k]), mask([h, l])], envelope: [A, e, i], faceUp: [] };

const suggest = (...cards: number[]): Action => ({ type: 'suggest', cards });
const show = (card: number): Action => ({ type: 'show', card });
const accuse = (...cards: number[]): Action => ({ type: 'accuse', cards });
const pass: Action = { type: 'pass' };

/** Applies the actions in turn: the last state and every event on the way. */
function run(state: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const action of actions) {
    const step = applyAction(state, action);
    events.push(...step.events);
    state = step.state;
  }
  return { state, events };
}

describe('dealing (chance)', () => {
  it('deals every card once: one envelope card per category, hands of the right sizes, face-up cards', () => {
    const deck = makeDeck(CLASSIC_CATEGORIES);
    for (let seed = 0; seed < 50; seed++) {
      const sizes = [4, 4, 4, 4];
      const deal = dealCards(deck, sizes, 2, new Random(seed));
      const owned = [...deal.hands, mask(deal.envelope), mask(deal.faceUp)];
      expect(owned.reduce((a, b) => a | b, 0)).toBe((1 << 21) - 1);
      expect(owned.reduce((n, m) => n + popcount(m), 0)).toBe(21);
      deal.hands.forEach((hand, s) => expect(popcount(hand)).toBe(sizes[s]));
      expect(deal.envelope.map((c) => deck.categoryOf[c])).toEqual([0, 1, 2]);
      expect(deal.faceUp).toHaveLength(2);
    }
  });

  it("a game's deal takes the spec's hand sizes (as even as possible by default) and face-up count", () => {
    const spec: GameSpec = { deck: CLASSIC_DECK, players: ['a', 'b', 'c', 'd'], faceUpCount: 3, maxTurns: 10 };
    expect(handSizesOf(spec)).toEqual([4, 4, 4, 3]);
    expect(randomDeal(spec, new Random(3))).toEqual(dealCards(CLASSIC_DECK, [4, 4, 4, 3], 3, new Random(3)));
  });
});

describe('a new game', () => {
  it('starts with seat 0 to suggest, in turn 1 of round 1, nobody out, no winner', () => {
    const state = newGame(SPEC, DEAL);
    expect(state.phase).toEqual({ kind: 'suggest', seat: 0 });
    expect(toMove(state)).toBe(0);
    expect(state).toMatchObject({ turn: 1, round: 1, winner: null, eliminated: [false, false, false, false], maxTurns: 40 });
    expect(isTerminal(state)).toBe(false);
  });

  it('is over at once with a turn cap of 0', () => {
    const state = newGame({ ...SPEC, maxTurns: 0 }, DEAL);
    expect(isTerminal(state)).toBe(true);
    expect(toMove(state)).toBeNull();
    expect(state).toMatchObject({ turn: 0, round: 0, winner: null });
  });

  it('refuses a deal that does not fit the spec, saying why', () => {
    const bad = (deal: Partial<Deal>) => () => newGame(SPEC, { ...DEAL, ...deal });
    expect(bad({ hands: DEAL.hands.slice(1) })).toThrow(/3 hands for 4 players/);
    expect(bad({ hands: [mask([B, f]), mask([C, g, j]), ...DEAL.hands.slice(2)] })).toThrow(/seat 0 holds 2 cards, not 3/);
    expect(bad({ envelope: [e, A, i] })).toThrow(/one card per category/);
    expect(bad({ hands: [mask([B, f, A]), ...DEAL.hands.slice(1)] })).toThrow(/exactly one place/);
    expect(bad({ faceUp: [j] })).toThrow(/1 face-up cards, not 0/);
  });
});

describe('legal actions', () => {
  it('a suggestion is any combination of one card per category, own cards included', () => {
    const classic: GameSpec = { deck: CLASSIC_DECK, players: ['a', 'b', 'c'], maxTurns: 10 };
    const actions = legalActions(newGame(classic, randomDeal(classic, new Random(1))));
    expect(actions).toHaveLength(6 * 6 * 9);
    expect(new Set(actions.map((a) => JSON.stringify(a))).size).toBe(324);
    for (const a of actions) {
      expect(a.type).toBe('suggest');
      if (a.type === 'suggest') expect(a.cards.map((c) => CLASSIC_DECK.categoryOf[c])).toEqual([0, 1, 2]);
    }
  });

  it("a refuter's legal actions are exactly the named cards it holds", () => {
    const { state } = run(newGame(SPEC, DEAL), suggest(B, f, l)); // seat 1 holds none; seat 2 none; seat 3 holds l
    expect(state.phase).toMatchObject({ kind: 'refute', seat: 3 });
    expect(legalActions(state)).toEqual([show(l)]);
    const two = run(newGame(SPEC, DEAL), suggest(C, g, k)).state; // seat 1 holds C and g
    expect(toMove(two)).toBe(1);
    expect(legalActions(two)).toEqual([show(C), show(g)]);
  });

  it('after the answer, the suggester may pass or accuse any combination', () => {
    const { state } = run(newGame(SPEC, DEAL), suggest(A, e, i));
    expect(state.phase).toEqual({ kind: 'accuse', seat: 0, answered: false });
    const actions = legalActions(state);
    expect(actions[0]).toEqual(pass);
    expect(actions.slice(1)).toHaveLength(4 * 4 * 4);
    expect(actions.slice(1).every((a) => a.type === 'accuse')).toBe(true);
  });

  it('none once the game is over', () => {
    const { state } = run(newGame(SPEC, DEAL), suggest(A, e, i), accuse(A, e, i));
    expect(legalActions(state)).toEqual([]);
  });
});

describe('refutation', () => {
  it('asks the following seats in order: seats holding no named card pass, the first holding one refutes', () => {
    expect(run(newGame(SPEC, DEAL), suggest(D, h, k)).state.phase).toMatchObject({ kind: 'refute', seat: 2, held: [D, k] });
    // Seat 3 suggests: the order wraps round to seat 0.
    const seat3 = run(newGame(SPEC, DEAL), suggest(A, e, i), pass, suggest(A, e, i), pass, suggest(A, e, i), pass).state;
    expect(toMove(seat3)).toBe(3);
    expect(run(seat3, suggest(D, f, l)).state.phase).toMatchObject({ kind: 'refute', seat: 0, held: [f] });
  });

  it("under answerOrder 'previous' the seats before the suggester answer, nearest first", () => {
    const previous = { ...SPEC, rules: { ...DEFAULT_RULES, answerOrder: 'previous' as const } };
    // Seat 0 names D, h, k: seat 3 (h) is asked before seat 2 (D, k).
    const { state } = run(newGame(previous, DEAL), suggest(D, h, k));
    expect(state.phase).toMatchObject({ kind: 'refute', seat: 3, held: [h] });
    // Named C, g, i: seats 3 and 2 pass, seat 1 shows; the event says so, and so do its actions.
    const { events } = run(newGame(previous, DEAL), suggest(C, g, i), show(g));
    expect(events).toEqual([{ type: 'suggestion', by: 0, cards: [C, g, i], shownBy: 1, shown: g }]);
    expect(passers(events[0] as Extract<GameEvent, { type: 'suggestion' }>, 4, previous.rules)).toEqual([3, 2]);
  });

  it('nobody refutes when no other seat holds a named card: a public event, and the suggester decides', () => {
    const { state, events } = run(newGame(SPEC, DEAL), suggest(B, e, j)); // only seat 0, the suggester, holds B and j
    expect(state.phase).toEqual({ kind: 'accuse', seat: 0, answered: false });
    expect(events).toEqual([{ type: 'suggestion', by: 0, cards: [B, e, j], shownBy: null, shown: null }]);
  });

  it('nothing is announced until the refuter has shown a card', () => {
    const step = applyAction(newGame(SPEC, DEAL), suggest(C, e, i));
    expect(step.events).toEqual([]);
    expect(step.state.phase).toMatchObject({ kind: 'refute', seat: 1, suggestion: { by: 0, cards: [C, e, i] } });
  });

  it('the card shown is seen by the suggester and the refuter only; the others see who refuted', () => {
    const { state, events } = run(newGame(SPEC, DEAL), suggest(C, g, i), show(g));
    expect(state.phase).toEqual({ kind: 'accuse', seat: 0, answered: true });
    expect(events).toHaveLength(1);
    const full = { type: 'suggestion', by: 0, cards: [C, g, i], shownBy: 1, shown: g };
    expect(events[0]).toEqual(full);
    expect([0, 1, 2, 3].map((s) => seenBy(events[0], s))).toEqual([full, full, { ...full, shown: null }, { ...full, shown: null }]);
  });

  it('an eliminated seat still refutes', () => {
    // Seat 0 accuses wrongly and is out; seat 3 then suggests B: seat 0 must still show it.
    const out = run(newGame(SPEC, DEAL), suggest(A, e, i), accuse(B, e, i), suggest(A, e, i), pass, suggest(A, e, i), pass).state;
    expect(out.eliminated).toEqual([true, false, false, false]);
    expect(toMove(out)).toBe(3);
    expect(run(out, suggest(B, e, i)).state.phase).toMatchObject({ kind: 'refute', seat: 0, held: [B] });
  });
});

describe('illegal actions are refused with a clear error, and the state is left as it was', () => {
  const start = newGame(SPEC, DEAL);
  const refuting = run(start, suggest(C, g, i)).state;
  const deciding = run(start, suggest(A, e, i)).state;
  const over = run(deciding, accuse(A, e, i)).state;
  const cases: Array<[string, GameState, Action, RegExp]> = [
    ['two cards of a category', start, suggest(A, B, i), /seat 0 cannot suggest \[A, B, i\]: not one card per category in category order/],
    ['categories out of order', start, suggest(e, A, i), /not one card per category/],
    ['too few cards', start, suggest(A, e), /not one card per category/],
    ['a card off the deck', start, suggest(A, e, 12), /cannot suggest \[A, e, 12\]/],
    ['not a whole number', start, suggest(A, 4.5, i), /cannot suggest \[A, 4.5, i\]/],
    ['the wrong kind of action', start, pass, /seat 0 must suggest now, not "pass"/],
    ['a card not held', refuting, show(i), /seat 1 cannot show \[i\]: it must show one of the named cards it holds \(C, g\)/],
    ['a held card not named', refuting, show(D), /cannot show \[D\]/],
    ['suggesting while refuting', refuting, suggest(A, e, i), /seat 1 must show a card now, not "suggest"/],
    ['showing while deciding', deciding, show(C), /seat 0 must accuse or pass now, not "show"/],
    ['a malformed accusation', deciding, accuse(A, e, e), /seat 0 cannot accuse \[A, e, e\]: not one card per category/],
    ['anything once over', over, pass, /the game is over/],
  ];
  it.each(cases)('%s', (_, state, action, message) => {
    const before = structuredClone(state);
    expect(() => applyAction(state, action)).toThrow(IllegalActionError);
    expect(() => applyAction(state, action)).toThrow(message);
    expect(state).toEqual(before);
  });
});

describe('the end of a game', () => {
  it('a correct accusation wins and ends the game', () => {
    const { state, events } = run(newGame(SPEC, DEAL), suggest(C, g, i), show(C), pass, suggest(B, e, i), show(B), accuse(A, e, i));
    expect(events.at(-1)).toEqual({ type: 'accusation', by: 1, cards: [A, e, i], correct: true });
    expect(isTerminal(state)).toBe(true);
    expect(state.winner).toBe(1);
    expect(returns(state)).toEqual([0, 1, 0, 0]);
  });

  it('a wrong accusation puts the seat out: it is skipped from then on', () => {
    const { state, events } = run(newGame(SPEC, DEAL), suggest(A, e, i), pass, suggest(A, e, i), accuse(A, e, j));
    expect(events.at(-1)).toEqual({ type: 'accusation', by: 1, cards: [A, e, j], correct: false });
    expect(state.eliminated).toEqual([false, true, false, false]);
    expect(toMove(state)).toBe(2);
    const next = run(state, suggest(A, e, i), pass, suggest(A, e, i), pass, suggest(A, e, i), pass).state;
    expect(next).toMatchObject({ phase: { kind: 'suggest', seat: 2 }, turn: 6, round: 2 }); // seat 1 skipped
  });

  it('ends unsolved when every seat is out', () => {
    let state = newGame(SPEC, DEAL);
    for (let s = 0; s < 4; s++) state = run(state, suggest(A, e, i), accuse(B, e, i)).state;
    expect(isTerminal(state)).toBe(true);
    expect(state).toMatchObject({ winner: null, turn: 4, round: 1, eliminated: [true, true, true, true] });
    expect(returns(state)).toEqual([0, 0, 0, 0]);
  });

  it('ends unsolved at the turn cap', () => {
    let state = newGame({ ...SPEC, maxTurns: 7 }, DEAL);
    let turns = 0;
    while (!isTerminal(state)) {
      state = run(state, suggest(A, e, i), pass).state;
      turns++;
    }
    expect(turns).toBe(7);
    expect(state).toMatchObject({ turn: 7, round: 2, winner: null });
  });
});

describe('random legal playthroughs, refereed from the deal', () => {
  /** Uniformly random legal actions, but accusing rarely (so that games last), and now and then rightly (peeking at the deal). */
  function pick(state: GameState, actions: Action[], rng: Random): Action {
    if (state.phase.kind !== 'accuse') return rng.pick(actions);
    const r = rng.below(24);
    return r < 3 ? rng.pick(actions.slice(1)) : r === 3 ? accuse(...state.deal!.envelope) : pass;
  }

  it('only the seat to move acts, with exactly the legal moves the deal allows, and the game ends by the rules', () => {
    let games = 0;
    let wins = 0;
    let everyoneOut = 0;
    let capped = 0;
    for (let seed = 0; seed < 60; seed++) {
      const rng = new Random(seed);
      const deck = seed % 3 === 0 ? SMALL : CLASSIC_DECK;
      const players = Array.from({ length: 2 + rng.below(deck === SMALL ? 3 : 5) }, (_, s) => `P${s}`);
      const spec: GameSpec = { deck, players, faceUpCount: rng.below(3), maxTurns: 1 + rng.below(60) };
      const deal = randomDeal(spec, rng);
      const n = players.length;
      let state = newGame(spec, deal);
      let turns = state.turn;
      let turnSeat = 0;
      while (state.phase.kind !== 'over') {
        const phase = state.phase;
        const actions = legalActions(state);
        if (phase.kind === 'suggest' || phase.kind === 'accuse') {
          // Only seats still in take turns; the turn belongs to one seat from suggestion to decision.
          expect(state.eliminated[phase.seat]).toBe(false);
          expect(phase.seat).toBe(turnSeat);
          expect(actions).toHaveLength((phase.kind === 'accuse' ? 1 : 0) + deck.categoryMasks.reduce((p, m) => p * popcount(m), 1));
        } else if (phase.kind === 'refute') {
          // The referee: the first seat after the suggester holding a named card, showing one of those.
          const { by, cards } = phase.suggestion;
          const first = [...Array(n - 1).keys()].map((k) => (by + 1 + k) % n).find((o) => (deal.hands[o] & mask(cards)) !== 0);
          expect(phase.seat).toBe(first);
          expect(actions.map((a) => (a.type === 'show' ? a.card : -1))).toEqual(cards.filter((c) => (deal.hands[phase.seat] >>> c) & 1).sort((x, y) => x - y));
        } else {
          throw new Error(`a card game reached the board's ${phase.kind} phase`);
        }
        const before = structuredClone(state);
        const step = applyAction(state, pick(state, actions, rng));
        expect(state).toEqual(before); // applying never changes the state it was given
        for (const event of step.events) {
          if (event.type === 'accusation') expect(event.correct).toBe(mask(event.cards) === mask(deal.envelope));
          if (event.type === 'suggestion' && event.shownBy === null) {
            for (let o = 0; o < n; o++) if (o !== event.by) expect(deal.hands[o] & mask(event.cards)).toBe(0);
          }
        }
        state = step.state;
        if (state.phase.kind === 'suggest') {
          expect(state.turn).toBe(++turns);
          turnSeat = state.phase.seat;
        }
      }
      games++;
      expect(state.turn).toBeLessThanOrEqual(spec.maxTurns);
      if (state.winner !== null) wins++;
      else if (state.eliminated.every(Boolean)) everyoneOut++;
      else {
        expect(state.turn).toBe(spec.maxTurns);
        capped++;
      }
    }
    expect(games).toBe(60);
    expect(Math.min(wins, everyoneOut, capped), JSON.stringify({ wins, everyoneOut, capped })).toBeGreaterThan(2);
  });
});

describe('every combination of the rule variants, from the table in model/rules.ts', () => {
  /** Each combination of the variants' values: a variant added to the table is played here too. */
  const combinations = Object.entries(RULE_VARIANTS).reduce<Array<Partial<Rules>>>(
    (acc, [key, values]) => acc.flatMap((rules) => values.map((value) => ({ ...rules, [key]: value }))),
    [{}],
  );
  const TINY: Deck = makeDeck({ who: ['A', 'B', 'C'], what: ['e', 'f', 'g'], where: ['i', 'j', 'k'] });

  it.each(combinations.map((rules) => [JSON.stringify(rules), rules] as const))(
    '%s: the refereed log reads back with its deal, and each seat counts exactly the deals a brute-force oracle keeps',
    (_, variants) => {
      const rules: Rules = { ...DEFAULT_RULES, ...variants };
      for (let seed = 0; seed < 12; seed++) {
        const rng = new Random(seed);
        const players = Array.from({ length: 3 + (seed % 2) }, (_, s) => `P${s}`);
        const spec: GameSpec = { deck: TINY, players, faceUpCount: seed % 3 === 0 ? 1 : 0, maxTurns: 8, rules };
        const deal = randomDeal(spec, rng);
        let state = newGame(spec, deal);
        const events: GameEvent[] = [];
        while (state.phase.kind !== 'over') {
          const actions = legalActions(state);
          // Suggest anything, show any held card, accuse now and then.
          const action = state.phase.kind === 'accuse' && rng.below(6) !== 0 ? pass : rng.pick(actions);
          const step = applyAction(state, action);
          events.push(...step.events);
          state = step.state;
        }
        // The full record: the reader checks every event against the deal under these rules.
        const owners = TINY.cards.map((_, c) => (deal.envelope.includes(c) ? ENVELOPE : deal.faceUp.includes(c) ? TABLE : deal.hands.findIndex((h) => (h >>> c) & 1)));
        const full: Game = { deck: TINY, players, handSizes: deal.hands.map(popcount), faceUp: deal.faceUp, me: null, myHand: [], events, rules, deal: owners };
        const record = parseGame(gameToLog(full));
        expect(record.rules).toEqual(rules);
        for (let me = 0; me < players.length; me++) {
          // What seat `me` saw: its hand, and the cards shown only where it showed or was shown them.
          const seen = (e: GameEvent): GameEvent =>
            e.type === 'suggestion' && me !== e.by && me !== e.shownBy ? { ...e, shown: null } : e.type === 'showcard' && me !== e.by && me !== e.to ? { ...e, shown: null } : e;
          const view: Game = { ...record, deal: null, me, myHand: TINY.cards.map((_, c) => c).filter((c) => (deal.hands[me] >>> c) & 1), events: record.events.map(seen) };
          const oracle = bruteForceGame(view);
          const analysis = analyze(view, { method: 'exact' });
          expect(analysis.consistentDeals).toBe(BigInt(oracle.count));
          const width = players.length + 2;
          analysis.owners.forEach((owner, column) => {
            const oracleColumn = owner === ENVELOPE ? players.length : owner === TABLE ? players.length + 1 : owner;
            TINY.cards.forEach((_, c) => expect(analysis.cards[c][column]).toBeCloseTo(oracle.ownerCounts[c * width + oracleColumn] / oracle.count, 12));
          });
        }
      }
    },
  );
});

describe('endmove announcements (the endmove option)', () => {
  const endmove = (by: number) => ({ type: 'endmove', by });
  const spec = (rule: EndmoveRule): GameSpec => ({ ...SPEC, endmove: rule });

  it("'never' (the default) announces nothing; 'always' announces every turn ended without an accusation", () => {
    for (const s of [SPEC, spec('never')]) {
      expect(run(newGame(s, DEAL), suggest(B, e, j), pass).events).toHaveLength(1); // the suggestion alone
      expect(run(newGame(s, DEAL), suggest(C, g, i), show(g), pass).events).toHaveLength(1);
    }
    expect(run(newGame(spec('always'), DEAL), suggest(B, e, j), pass).events[1]).toEqual(endmove(0));
    const answered = run(newGame(spec('always'), DEAL), suggest(C, g, i), show(g), pass);
    expect(answered.events[1]).toEqual(endmove(0));
    expect(seenBy(answered.events[1], 3)).toEqual({ type: 'endmove', by: 0 }); // public: every seat sees it
    expect(toMove(answered.state)).toBe(1);
  });

  it("'unanswered' announces only a turn whose suggestion nobody could answer", () => {
    expect(run(newGame(spec('unanswered'), DEAL), suggest(B, e, j), pass).events.slice(1)).toEqual([endmove(0)]);
    expect(run(newGame(spec('unanswered'), DEAL), suggest(C, g, i), show(g), pass).events).toHaveLength(1);
  });

  it('an accusation is not an endmove, right or wrong', () => {
    const wrong = run(newGame(spec('always'), DEAL), suggest(B, e, j), accuse(B, e, i));
    expect(wrong.events.map((x) => x.type)).toEqual(['suggestion', 'accusation']);
    const right = run(newGame(spec('always'), DEAL), suggest(B, e, j), accuse(A, e, i));
    expect(right.events.map((x) => x.type)).toEqual(['suggestion', 'accusation']);
  });

  it('a game refuses an unknown endmove option', () => {
    expect(() => newGame({ ...SPEC, endmove: 'sometimes' as EndmoveRule }, DEAL)).toThrow(/endmove must be never, unanswered, always/);
  });

  it('on random games, an endmove by the seat follows exactly the turns the option names', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(...ENDMOVE_RULES), (seed, rule) => {
        const rng = new Random(seed);
        const deck = seed % 2 === 0 ? SMALL : CLASSIC_DECK;
        const players = Array.from({ length: 2 + rng.below(4) }, (_, s) => `P${s}`);
        const s: GameSpec = { deck, players, faceUpCount: rng.below(3), maxTurns: 1 + rng.below(40), endmove: rule };
        let state = newGame(s, randomDeal(s, rng));
        const events: GameEvent[] = [];
        let expected = 0;
        while (state.phase.kind !== 'over') {
          const phase = state.phase;
          const actions = legalActions(state);
          // Mostly pass, sometimes accuse (rightly or not), so that turns end both ways.
          const action = phase.kind !== 'accuse' ? rng.pick(actions) : rng.below(10) === 0 ? rng.pick(actions.slice(1)) : pass;
          const step = applyAction(state, action);
          const announced = step.events.filter((x) => x.type === 'endmove');
          if (phase.kind === 'accuse') {
            const due = action.type === 'pass' && (rule === 'always' || (rule === 'unanswered' && !phase.answered));
            if (due) expected++;
            // The endmove: public, by the seat whose turn ended, and the turn's last event.
            expect(announced).toEqual(due ? [endmove(phase.seat)] : []);
            if (due) expect(step.events[step.events.length - 1]).toEqual(endmove(phase.seat));
          } else {
            expect(announced).toEqual([]);
          }
          events.push(...step.events);
          state = step.state;
        }
        // 'unanswered': each endmove follows an unanswered suggestion of the same seat.
        events.forEach((x, k) => {
          if (x.type !== 'endmove') return;
          const before = events[k - 1];
          expect(before).toMatchObject({ type: 'suggestion', by: x.by });
          if (rule === 'unanswered') expect(before).toMatchObject({ shownBy: null });
        });
        expect(events.filter((x) => x.type === 'endmove')).toHaveLength(expected);
      }),
      { numRuns: 150, seed: 11 },
    );
  });
});

describe("whose turn a form guesses from the log (nextTurn), against the referee's turn order", () => {
  it('on random games under every rule variant and endmove option: the seat the referee gives the next turn to', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(...ENDMOVE_RULES), fc.constantFrom<Rules['answers']>('first', 'all'), fc.boolean(), (seed, endmove, answers, previous) => {
        const rng = new Random(seed);
        const players = Array.from({ length: 2 + rng.below(5) }, (_, s) => `P${s}`);
        const rules: Rules = { ...DEFAULT_RULES, answers, answerOrder: previous ? 'previous' : 'next' };
        const spec: GameSpec = { deck: SMALL, players, maxTurns: 1 + rng.below(30), endmove, rules };
        let state = newGame(spec, randomDeal(spec, rng));
        const events: GameEvent[] = [];
        while (state.phase.kind !== 'over') {
          if (state.phase.kind === 'suggest') expect(nextTurn(events, players.length)).toBe(state.phase.seat);
          const actions = legalActions(state);
          // Accuse now and then (rightly or not), so that seats drop out and the turn passes them by.
          const action = state.phase.kind === 'accuse' && rng.below(4) !== 0 ? pass : rng.pick(actions);
          const step = applyAction(state, action);
          events.push(...step.events);
          state = step.state;
        }
      }),
      { numRuns: 150, seed: 12 },
    );
  });
});
