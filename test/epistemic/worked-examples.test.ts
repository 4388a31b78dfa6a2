// The worked examples of docs/epistemic-semantics.md §8.2 and §9, whose answers an independent
// model checker computed, against the explicit engine.
import { describe, expect, it } from 'vitest';
import { makeDeck } from '../../src/model/deck.js';
import { type Game } from '../../src/model/game.js';
import { ENVELOPE } from '../../src/model/owners.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';
import { type GameEvent } from '../../src/model/events.js';
import { buildGameModel, type ShowcardReading } from '../../src/epistemic/explicit/game-model.js';
import { KripkeModel } from '../../src/epistemic/explicit/model.js';
import { ExplicitEvaluator } from '../../src/epistemic/explicit/evaluate.js';
import * as sets from '../../src/epistemic/explicit/world-set.js';
import { and, C, D, E, has, implies, K, Kenv, M, not, or, type Formula } from '../../src/epistemic/language/formula.js';

/** A full-record game on a custom deck; cards and players by name. */
function fullRecord(spec: {
  deck: Record<string, string[]>;
  players: string[];
  handSizes?: number[];
  deal: Record<string, string[]>;
  events?: Array<Record<string, unknown>>;
  rules?: Partial<Game['rules']>;
}): { game: Game; card: (name: string) => number; seat: (name: string) => number } {
  const deck = makeDeck(spec.deck);
  const card = (name: string) => {
    const i = deck.cards.indexOf(name);
    if (i < 0) throw new Error(`no card ${name}`);
    return i;
  };
  const seat = (name: string) => {
    if (name === 'envelope') return ENVELOPE;
    const i = spec.players.indexOf(name);
    if (i < 0) throw new Error(`no player ${name}`);
    return i;
  };
  const deal = new Array(deck.cards.length).fill(-99);
  for (const [owner, cards] of Object.entries(spec.deal)) for (const c of cards) deal[card(c)] = seat(owner);
  const handSizes = spec.handSizes ?? spec.players.map((p) => spec.deal[p].length);
  const events = (spec.events ?? []).map((e): GameEvent => {
    const cards = ((e.cards as string[]) ?? []).map(card).sort((a, b) => deck.categoryOf[a] - deck.categoryOf[b]);
    switch (e.type) {
      case 'look':
        return { type: 'look' };
      case 'suggestion':
        return { type: 'suggestion', by: seat(e.by as string), cards, shownBy: e.shownBy === null ? null : seat(e.shownBy as string), shown: e.shown ? card(e.shown as string) : null };
      case 'suggest':
        return { type: 'suggest', by: seat(e.by as string), cards };
      case 'nocard':
        return { type: 'nocard', by: seat(e.by as string), cards };
      case 'showcard':
        return { type: 'showcard', by: seat(e.by as string), to: seat(e.to as string), cards, shown: card(e.shown as string) };
      case 'endmove':
        return { type: 'endmove', by: seat(e.by as string) };
      default:
        throw new Error(`event ${String(e.type)}`);
    }
  });
  const game: Game = {
    deck,
    players: spec.players,
    handSizes,
    faceUp: [],
    me: null,
    myHand: [],
    events,
    rules: { ...DEFAULT_RULES, ...spec.rules },
    deal,
  };
  return { game, card, seat };
}

function valueAt(game: Game, at: number, f: Formula, showcard: ShowcardReading = 'action'): boolean {
  const m = buildGameModel(game, at, { showcard });
  return sets.contains(m.evaluator.evaluate(f), m.point!);
}

function distinctDeals(model: KripkeModel): number {
  return new Set(model.dealOf).size;
}

describe('§9.1 three cards (van Ditmarsch), on a model built by hand', () => {
  // Players 0,1,2 hold one card each of r=0, b=1, w=2; no envelope. Six deals.
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  const masks = new Uint32Array(perms.length * 4);
  perms.forEach((p, d) => p.forEach((c, player) => (masks[d * 4 + player] = 1 << c)));
  const model = KripkeModel.ofDeals({ deals: { nOwners: 4, count: 6, masks }, envelope: 3, faceUpMask: 0 }, true);
  const [r, b, w] = [0, 1, 2];
  const deal = (p: number[]): Formula => and(...p.map((c, player) => has(player, c)));
  const knowsDeal = (i: number): Formula => or(...perms.map((p) => K(i, deal(p))));
  const rbw = 0;
  const at = (m: KripkeModel, f: Formula, world = rbw) => sets.contains(new ExplicitEvaluator(m).evaluate(f), world);

  it('before the pass', () => {
    expect(at(model, M(0, deal([r, w, b])))).toBe(true);
    expect(at(model, or(knowsDeal(0), knowsDeal(1), knowsDeal(2)))).toBe(false);
    expect(at(model, M(2, M(0, deal([b, w, r]))))).toBe(true);
    expect(at(model, C([0, 1, 2], not(deal([w, r, b]))))).toBe(false);
  });

  it('after nocard_2({r})', () => {
    const after = model.restrict(new ExplicitEvaluator(model).evaluate(not(has(1, r))));
    const point = Array.from(after.origin).indexOf(rbw);
    expect(after.model.size).toBe(4);
    expect(at(after.model, C([0, 1, 2], not(has(1, r))), point)).toBe(true);
    expect(at(after.model, knowsDeal(2), point)).toBe(true);
    expect(at(after.model, knowsDeal(0), point)).toBe(false);
    expect(at(after.model, knowsDeal(1), point)).toBe(false);
    expect(at(after.model, K(1, or(knowsDeal(0), knowsDeal(2))), point)).toBe(true);
    expect(at(after.model, K(0, knowsDeal(2)), point)).toBe(true);
    expect(at(after.model, K(0, K(1, or(knowsDeal(0), knowsDeal(2)))), point)).toBe(true);
  });
});

describe('§9.3 the Java default game (60,480 worlds)', () => {
  const cat0 = ['c00', 'c01', 'c02', 'c03'];
  const cat1 = ['c10', 'c11', 'c12', 'c13', 'c14', 'c15'];
  const { game, card } = fullRecord({
    deck: { zero: cat0, one: cat1 },
    players: ['1', '2', '3', '4'],
    deal: { envelope: ['c00', 'c10'], '1': ['c01', 'c02'], '2': ['c03', 'c11'], '3': ['c12', 'c13'], '4': ['c14', 'c15'] },
    events: [{ type: 'look' }],
  });
  const [a1, a2, a3, a4] = [0, 1, 2, 3];
  const all = [a1, a2, a3, a4];
  const c00 = card('c00');
  const c01 = card('c01');
  const someoneHas00 = or(has(ENVELOPE, c00), ...all.map((a) => has(a, c00)));

  it('has 60,480 worlds and every value of the FormulaTester', () => {
    const m = buildGameModel(game, 1);
    expect(m.model.size).toBe(60480);
    const cases: Array<[Formula, boolean]> = [
      [or(D([a1, a3], has(ENVELOPE, c00)), E([a1, a3], has(a1, c01))), false],
      [has(ENVELOPE, c00), true],
      [has(a1, c01), true],
      [has(a1, c00), false],
      [K(a1, has(a1, c01)), true],
      [K(a1, has(ENVELOPE, c00)), false],
      [not(K(a1, has(ENVELOPE, c00))), true],
      [K(a1, not(K(a1, has(ENVELOPE, c00)))), true],
      [K(a1, has(a1, c00)), false],
      [K(a1, not(has(ENVELOPE, c01))), true],
      [not(K(a1, has(ENVELOPE, c01))), true],
      [M(a1, has(ENVELOPE, c01)), false],
      [M(a1, has(a1, c01)), true],
      [M(a1, has(ENVELOPE, c00)), true],
      [M(a1, has(a1, c00)), false],
      [someoneHas00, true],
      [E(all, someoneHas00), true],
      [E(all, has(ENVELOPE, c00)), false],
      [D(all, has(ENVELOPE, c00)), true],
      [D(all, has(a1, c01)), true],
      [C(all, someoneHas00), true],
      [C(all, has(ENVELOPE, c00)), false],
    ];
    for (const [f, expected] of cases) expect(sets.contains(m.evaluator.evaluate(f), m.point!), JSON.stringify(f)).toBe(expected);
    expect(m.model.components(all).count).toBe(1);
  });

  it('§9.4: after agent 2 shows c11 to agent 1, the proof\'s propositions hold in both readings', () => {
    const { game: shown, card: c } = fullRecord({
      deck: { zero: cat0, one: cat1 },
      players: ['1', '2', '3', '4'],
      deal: { envelope: ['c00', 'c10'], '1': ['c01', 'c02'], '2': ['c03', 'c11'], '3': ['c12', 'c13'], '4': ['c14', 'c15'] },
      events: [{ type: 'look' }, { type: 'suggestion', by: '1', cards: ['c03', 'c11'], shownBy: '2', shown: 'c11' }],
    });
    const S = [c('c03'), c('c11')];
    const notEnv = (k: number) => not(has(ENVELOPE, k));
    for (const reading of ['action', 'refinement'] as const) {
      expect(valueAt(shown, 2, C(all, or(...S.map(notEnv))), reading)).toBe(true);
      expect(valueAt(shown, 2, C([a1, a2], notEnv(c('c11'))), reading)).toBe(true);
      expect(valueAt(shown, 2, C(all, or(...S.map((k) => C([a1, a2], notEnv(k))))), reading)).toBe(true);
      for (const h of [a3, a4]) {
        for (const k of S) {
          expect(valueAt(shown, 2, M(h, has(ENVELOPE, k)), reading)).toBe(valueAt(shown, 1, M(h, has(ENVELOPE, k)), reading));
          expect(valueAt(shown, 2, not(K(h, has(a2, k))), reading)).toBe(true);
        }
      }
    }
  });
});

describe('§9.5 where the Java reading goes wrong (|S| = 3)', () => {
  const { game, card } = fullRecord({
    deck: { A: ['A0', 'A1', 'A2'], B: ['B0', 'B1', 'B2'], C: ['C0', 'C1', 'C2'] },
    players: ['p1', 'p2', 'p3'],
    deal: { envelope: ['A0', 'B0', 'C0'], p1: ['A1', 'B2'], p2: ['B1', 'C1'], p3: ['A2', 'C2'] },
    events: [{ type: 'suggestion', by: 'p1', cards: ['A2', 'B1', 'C1'], shownBy: 'p2', shown: 'B1' }],
  });
  const [p1, p2, p3] = [0, 1, 2];
  const [B1, C1] = [card('B1'), card('C1')];
  const S = [card('A2'), B1, C1];
  const rows: Array<[string, Formula, boolean, boolean]> = [
    ['K_p1 has(p2,B1)', K(p1, has(p2, B1)), true, true],
    ['K_p3 ⋁_k K_p1 has(p2,k)', K(p3, or(...S.map((k) => K(p1, has(p2, k))))), true, true],
    ['K_p3 ¬(has(p2,C1) ∧ ¬has(p2,B1))', K(p3, not(and(has(p2, C1), not(has(p2, B1))))), false, true],
    ['K_p3 has(p2,B1)', K(p3, has(p2, B1)), false, true],
    ['C(has(p2,B1) ∨ has(p2,C1))', C([p1, p2, p3], or(has(p2, B1), has(p2, C1))), false, false],
  ];
  it('model sizes: 1404 deals and 1620 worlds (action), 808 and 808 (refinement)', () => {
    const action = buildGameModel(game, 1, { showcard: 'action' });
    expect([distinctDeals(action.model), action.model.size]).toEqual([1404, 1620]);
    const refinement = buildGameModel(game, 1, { showcard: 'refinement' });
    expect([distinctDeals(refinement.model), refinement.model.size]).toEqual([808, 808]);
  });
  it.each(rows)('%s', (_, f, action, refinement) => {
    expect(valueAt(game, 1, f, 'action')).toBe(action);
    expect(valueAt(game, 1, f, 'refinement')).toBe(refinement);
  });
});

describe('§9.6 the thesis §3.2.1 example, reduced', () => {
  const { game, card } = fullRecord({
    deck: { A: ['A0', 'A1', 'A2'], B: ['B0', 'B1', 'B2'], C: ['C0', 'C1', 'C2'] },
    players: ['p1', 'p2', 'p3', 'p4'],
    deal: { envelope: ['A1', 'B1', 'C2'], p1: ['A2', 'B2'], p2: ['A0', 'B0'], p3: ['C1'], p4: ['C0'] },
    events: [
      { type: 'suggestion', by: 'p3', cards: ['A0', 'B0', 'C1'], shownBy: 'p2', shown: 'A0' },
      { type: 'suggestion', by: 'p2', cards: ['A0', 'B0', 'C0'], shownBy: 'p4', shown: 'C0' },
    ],
  });
  const [p1, p2, p3, p4] = [0, 1, 2, 3];
  const [A0, B0, C0] = [card('A0'), card('B0'), card('C0')];
  it.each(['action', 'refinement'] as const)('every claim holds (%s)', (reading) => {
    expect(valueAt(game, 2, K(p1, has(p4, C0)), reading)).toBe(true);
    expect(valueAt(game, 2, K(p1, K(p2, has(p4, C0))), reading)).toBe(true);
    expect(valueAt(game, 2, K(p1, and(not(has(p3, A0)), not(has(p3, B0)), not(has(p3, C0)))), reading)).toBe(true);
    expect(valueAt(game, 2, K(p1, not(has(ENVELOPE, C0))), reading)).toBe(true);
  });
});

describe('§9.7 endmove after an unanswered suggestion', () => {
  const { game, card } = fullRecord({
    deck: { A: ['A0', 'A1', 'A2'], B: ['B0', 'B1', 'B2'] },
    players: ['p1', 'p2', 'p3'],
    deal: { envelope: ['A1', 'B1'], p1: ['A0', 'B2'], p2: ['A2'], p3: ['B0'] },
    events: [{ type: 'suggestion', by: 'p1', cards: ['A0', 'B1'], shownBy: null }, { type: 'endmove', by: 'p1' }],
  });
  const [p1, p2] = [0, 1];
  const claim = K(p2, or(has(p1, card('A0')), has(p1, card('B1'))));
  it.each(['action', 'refinement'] as const)('p2 learns that p1 holds a named card (%s)', (reading) => {
    expect(buildGameModel(game, 1, { showcard: reading }).model.size).toBe(44);
    expect(valueAt(game, 1, claim, reading)).toBe(false);
    expect(buildGameModel(game, 2, { showcard: reading }).model.size).toBe(24);
    expect(valueAt(game, 2, claim, reading)).toBe(true);
    expect(valueAt(game, 2, K(p2, has(ENVELOPE, card('B1'))), reading)).toBe(false);
    expect(valueAt(game, 2, implies(Kenv(p1), has(ENVELOPE, card('B1'))), reading)).toBe(true);
  });
});

describe('§8.2 common knowledge is not public knowledge', () => {
  const { game, card } = fullRecord({
    deck: { A: ['A0', 'A1', 'A2'], B: ['B0', 'B1', 'B2'], C: ['C0', 'C1'] },
    players: ['p1', 'p2'],
    deal: { envelope: ['A0', 'B0', 'C0'], p1: ['A1', 'A2', 'B1'], p2: ['B2', 'C1'] },
    events: [{ type: 'look' }],
  });
  it('180 deals, a component of 36, and C ¬has(p2, A0) true', () => {
    const m = buildGameModel(game, 1);
    expect(m.model.size).toBe(180);
    const components = m.model.components([0, 1]);
    const mine = components.classMembers(m.point!);
    expect(mine.length).toBe(36);
    expect(valueAt(game, 1, C([0, 1], not(has(1, card('A0')))))).toBe(true);
    expect(sets.size(m.evaluator.evaluate(has(1, card('A0'))))).toBeGreaterThan(0);
  });
});
