// Property tests of the explicit engine: the validities of docs/epistemic-semantics.md §2.2 at every
// world of random models under both showcard readings, the consequences of a showcard listed in
// §5.4 (action reading), and the errors for announcements that are false of a full record's deal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGameModel, type GameModel, type ShowcardReading } from '../../src/epistemic/explicit/game-model.js';
import type { Formula } from '../../src/epistemic/language/formula.js';
import * as sets from '../../src/epistemic/explicit/world-set.js';
import { InputError } from '../../src/model/errors.js';
import { type Game } from '../../src/model/game.js';
import { ENVELOPE } from '../../src/model/owners.js';
import { type GameEvent } from '../../src/model/events.js';
import { bruteGameModel } from './brute-force.js';
import { buildGame, describeGame, fit, formula, gamePlan, propositional, SHAPES } from './random-games.js';
import { runs } from '../support/tier.js';

const READINGS: ShowcardReading[] = ['action', 'refinement'];
const SEED = 4_242_017;

const has = (owner: number, card: number): Formula => ({ op: 'has', owner, card });
const not = (arg: Formula): Formula => ({ op: 'not', arg });
const and = (...args: Formula[]): Formula => ({ op: 'and', args });
const or = (...args: Formula[]): Formula => ({ op: 'or', args });
const implies = (a: Formula, b: Formula): Formula => ({ op: 'implies', args: [a, b] });
const iff = (a: Formula, b: Formula): Formula => ({ op: 'iff', args: [a, b] });
const K = (agent: number, arg: Formula): Formula => ({ op: 'K', agent, arg });
const M = (agent: number, arg: Formula): Formula => ({ op: 'M', agent, arg });
const E = (group: number[], arg: Formula): Formula => ({ op: 'E', group, arg });
const D = (group: number[], arg: Formula): Formula => ({ op: 'D', group, arg });
const C = (group: number[], arg: Formula): Formula => ({ op: 'C', group, arg });

const seats = (game: Game) => game.players.map((_, s) => s);

/** f holds in every world of the model. */
function valid(m: GameModel, f: Formula): boolean {
  return sets.size(m.evaluator.evaluate(f)) === m.model.size;
}

function at(m: GameModel, f: Formula): boolean {
  return sets.contains(m.evaluator.evaluate(f), m.point!);
}

/** The propositional public facts of the log (a nocard, a suggest under suggesterHoldsNone, an accusation, a showcard's "one of them"): true in every world afterwards. */
function publicFacts(game: Game): Formula[] {
  const n = game.players.length;
  const lacks = (s: number, cards: number[]) => and(...cards.map((c) => not(has(s, c))));
  const out: Formula[] = [];
  for (const e of game.events) {
    if (e.type === 'nocard') out.push(lacks(e.by, e.cards));
    if ((e.type === 'suggest' || e.type === 'suggestion') && game.rules.suggesterHoldsNone) out.push(lacks(e.by, e.cards));
    if (e.type === 'showcard') out.push(or(...e.cards.map((k) => has(e.by, k))));
    if (e.type === 'accusation') {
      const all = and(...e.cards.map((c) => has(ENVELOPE, c)));
      out.push(e.correct ? all : not(all));
    }
    if (e.type === 'suggestion') {
      const step = game.rules.answerOrder === 'previous' ? n - 1 : 1;
      for (let s = (e.by + step) % n; s !== (e.shownBy ?? e.by); s = (s + step) % n) out.push(lacks(s, e.cards));
      if (e.shownBy !== null) out.push(or(...e.cards.map((k) => has(e.shownBy!, k))));
    }
  }
  return out;
}

describe('§2.2 validities at every world', () => {
  it('S5, the E/C/K/D chain, the fixed point of C, M as the dual of K, and "valid ⇒ common knowledge"', () => {
    fc.assert(
      fc.property(
        gamePlan(),
        formula(3),
        formula(3),
        fc.nat(3),
        fc.array(fc.nat(3), { minLength: 0, maxLength: 3 }),
        (plan, rawPhi, rawPsi, rawAgent, rawGroup) => {
          const game = buildGame(plan);
          const phi = fit(rawPhi, game);
          const psi = fit(rawPsi, game);
          const n = game.players.length;
          const a = rawAgent % n;
          const G = [...new Set([a, ...rawGroup.map((x) => x % n)])].sort((x, y) => x - y);
          const all = seats(game);
          const validities: Array<[string, Formula]> = [
            ['T: K_a φ → φ', implies(K(a, phi), phi)],
            ['4: K_a φ → K_a K_a φ', implies(K(a, phi), K(a, K(a, phi)))],
            ['5: ¬K_a φ → K_a ¬K_a φ', implies(not(K(a, phi)), K(a, not(K(a, phi))))],
            ['K: K_a(φ→ψ) → (K_a φ → K_a ψ)', implies(K(a, implies(phi, psi)), implies(K(a, phi), K(a, psi)))],
            ['C_G φ → E_G φ', implies(C(G, phi), E(G, phi))],
            ['E_G φ → K_a φ', implies(E(G, phi), K(a, phi))],
            ['K_a φ → D_G φ', implies(K(a, phi), D(G, phi))],
            ['C_G φ ↔ (φ ∧ E_G C_G φ)', iff(C(G, phi), and(phi, E(G, C(G, phi))))],
            ['M_a φ ↔ ¬K_a ¬φ', iff(M(a, phi), not(K(a, not(phi))))],
            ['E_{a} φ ↔ K_a φ', iff(E([a], phi), K(a, phi))],
            ['D_{a} φ ↔ K_a φ', iff(D([a], phi), K(a, phi))],
            ['C_{a} φ ↔ K_a φ', iff(C([a], phi), K(a, phi))],
          ];
          for (const reading of READINGS) {
            const m = buildGameModel(game, game.events.length, { showcard: reading });
            const where = (name: string, f: Formula) => `${name}, ${reading}, φ = ${JSON.stringify(f)}, ${describeGame(game)}`;
            for (const [name, v] of validities) {
              expect(valid(m, v), where(name, phi)).toBe(true);
              // and what holds in every world is common knowledge, for every group
              expect(valid(m, C(G, v)), where(`C_G (${name})`, phi)).toBe(true);
            }
            for (const f of [phi, psi, ...publicFacts(game)]) {
              if (valid(m, f)) {
                expect(valid(m, C(G, f)), where('valid ⇒ C_G', f)).toBe(true);
                expect(valid(m, C(all, f)), where('valid ⇒ C_A', f)).toBe(true);
              }
            }
            for (const f of publicFacts(game)) expect(valid(m, f), where('a public fact of the log holds in every world', f)).toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: runs(500) },
    );
  });
});

/** The plan's game with a last showcard: `by` shows `to` one of `cards` (one per category), true of the deal. */
function withShowcard(game: Game, by: number, to: number, picks: number[], choice: number): { game: Game; a: number; b: number; S: number[]; c: number } | null {
  const n = game.players.length;
  const b = by % n;
  const a = to % n === b ? (b + 1) % n : to % n;
  const deal = game.deal!;
  const hand = deal.map((o, c) => (o === b ? c : -1)).filter((c) => c >= 0);
  if (hand.length === 0) return null;
  const deck = game.deck;
  const S = deck.categories.map((_, g) => {
    const cs = deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g);
    return cs[picks[g] % cs.length];
  });
  // make sure b holds one of them
  const mine = hand[choice % hand.length];
  S[deck.categoryOf[mine]] = mine;
  const held = S.filter((k) => deal[k] === b);
  const c = held[choice % held.length];
  const event: GameEvent = { type: 'showcard', by: b, to: a, cards: S, shown: c };
  return { game: { ...game, events: [...game.events, event] }, a, b, S, c };
}

describe('§5.4 what a showcard teaches (action reading)', () => {
  it('the asker learns has(b,c); K_b K_a has(b,c); third parties learn exactly ⋁_k has(b,k); C_A ⋁_k has(b,k)', () => {
    fc.assert(
      fc.property(
        gamePlan({ maxEvents: 3 }),
        fc.record({ by: fc.nat(3), to: fc.nat(3), picks: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }), choice: fc.nat(2) }),
        fc.array(propositional(2), { minLength: 1, maxLength: 4 }),
        (plan, sc, rawPsis) => {
          const built = withShowcard(buildGame(plan, { maxEvents: 3 }), sc.by, sc.to, sc.picks, sc.choice);
          fc.pre(built !== null);
          const { game, a, b, S, c } = built!;
          const psis = rawPsis.map((f) => fit(f, game));
          const count = game.events.length;
          const before = buildGameModel(game, count - 1, { showcard: 'action' });
          const after = buildGameModel(game, count, { showcard: 'action' });
          const all = seats(game);
          const oneOf = or(...S.map((k) => has(b, k)));
          const where = (what: string) => `${what}; a=${a} b=${b} S=${S} c=${c}; ${describeGame(game)}`;

          // 1. the asker
          expect(at(after, K(a, has(b, c))), where('K_a has(b,c)')).toBe(true);
          for (const psi of psis) {
            expect(at(after, K(a, psi)), where(`K_a ψ after ⇔ K_a(has(b,c) → ψ) before, ψ = ${JSON.stringify(psi)}`)).toBe(
              at(before, K(a, implies(has(b, c), psi))),
            );
          }
          // 2. the responder: nothing about the deal, but it knows the asker knows
          expect(at(after, K(b, K(a, has(b, c)))), where('K_b K_a has(b,c)')).toBe(true);
          for (const psi of psis) expect(at(after, K(b, psi)), where(`K_b ψ unchanged, ψ = ${JSON.stringify(psi)}`)).toBe(at(before, K(b, psi)));
          // 3. third parties
          for (const h of all.filter((x) => x !== a && x !== b)) {
            for (const psi of psis) {
              expect(at(after, K(h, psi)), where(`K_h ψ after ⇔ K_h(⋁_k has(b,k) → ψ) before, h=${h}, ψ = ${JSON.stringify(psi)}`)).toBe(
                at(before, K(h, implies(oneOf, psi))),
              );
            }
            expect(at(after, K(h, or(...S.map((k) => K(a, has(b, k)))))), where(`K_h ⋁_k K_a has(b,k), h=${h}`)).toBe(true);
            for (const k of S) {
              for (const l of S) {
                if (k === l) continue;
                const both = and(has(b, k), has(b, l));
                if (at(before, M(h, both))) expect(at(after, M(h, and(both, K(a, has(b, k))))), where(`M_h(has(b,${k}) ∧ has(b,${l}) ∧ K_a has(b,${k})), h=${h}`)).toBe(true);
              }
            }
          }
          // 4. public consequences, at every world
          expect(valid(after, C(all, oneOf)), where('C_A ⋁_k has(b,k)')).toBe(true);
          expect(valid(after, C(all, or(...S.map((k) => not(has(ENVELOPE, k)))))), where('C_A ⋁_k ¬has(env,k)')).toBe(true);
          expect(valid(after, C(all, or(...S.map((k) => C([Math.min(a, b), Math.max(a, b)], has(b, k)))))), where('C_A ⋁_k C_{a,b} has(b,k)')).toBe(true);
        },
      ),
      { seed: SEED + 1, numRuns: runs(400) },
    );
  });

  it('with two-card suggestions and no endmove, every seat’s first-order knowledge is the same in both readings', () => {
    const twoCategories = SHAPES.map((s, i) => (s.length === 2 ? i : -1)).filter((i) => i >= 0);
    fc.assert(
      fc.property(gamePlan(), fc.nat(twoCategories.length - 1), fc.array(propositional(2), { minLength: 1, maxLength: 4 }), (plan, shape, rawPsis) => {
        const game = buildGame({ ...plan, shape: twoCategories[shape] });
        fc.pre(!game.events.some((e) => e.type === 'endmove'));
        const action = buildGameModel(game, game.events.length, { showcard: 'action' });
        const refinement = buildGameModel(game, game.events.length, { showcard: 'refinement' });
        for (const psi of rawPsis.map((f) => fit(f, game))) {
          for (const x of seats(game)) {
            expect(at(action, K(x, psi)), `K_${x} ${JSON.stringify(psi)}, ${describeGame(game)}`).toBe(at(refinement, K(x, psi)));
          }
        }
      }),
      { seed: SEED + 2, numRuns: runs(200) },
    );
  });
});

describe('an event false of a full record’s deal is an error naming the event', () => {
  /** A false event of the given kind, or null when this game has none of that kind. */
  function falseEvent(game: Game, prefix: number, kind: number, seat: number, pick: number): GameEvent | null {
    const n = game.players.length;
    const deal = game.deal!;
    const deck = game.deck;
    const s = seat % n;
    const hand = deal.map((o, c) => (o === s ? c : -1)).filter((c) => c >= 0);
    const category = (g: number) => deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g);
    // one card per category, including one of s's cards when it has any
    const cards = deck.categories.map((_, g) => category(g)[pick % category(g).length]);
    if (hand.length > 0) cards[deck.categoryOf[hand[pick % hand.length]]] = hand[pick % hand.length];
    const envelope = deck.cards.map((_, c) => c).filter((c) => deal[c] === ENVELOPE);
    switch (kind) {
      case 0: // a pass by a seat holding a named card
        return hand.length > 0 ? { type: 'nocard', by: s, cards } : null;
      case 1: // a suggester naming its own card under suggesterHoldsNone
        return hand.length > 0 && game.rules.suggesterHoldsNone ? { type: 'suggest', by: s, cards } : null;
      case 2: {
        // the shorthand: nobody refuted, though the next seat holds a named card
        if (game.rules.answers !== 'first' || hand.length === 0) return null;
        return { type: 'suggestion', by: (s + n - 1) % n, cards, shownBy: null, shown: null };
      }
      case 3: {
        // an accusation with the wrong verdict
        const accused = pick % 2 === 0 ? envelope : cards;
        return { type: 'accusation', by: s, cards: accused, correct: !accused.every((c) => deal[c] === ENVELOPE) };
      }
      case 4: {
        // endmove by a seat that knows the envelope (in the reference, under both readings), the first from s on
        const trial: Game = { ...game, events: game.events.slice(0, prefix) };
        const models = READINGS.map((r) => bruteGameModel(trial, prefix, r));
        for (let i = 0; i < n; i++) {
          const x = (s + i) % n;
          if (models.every((m) => m.evaluator.holds({ op: 'Kenv', agent: x }, m.point!))) return { type: 'endmove', by: x };
        }
        return null;
      }
      case 5: {
        // a showcard of a card the responder does not hold (docs/epistemic.md §1)
        const to = (s + 1) % n;
        const shown = cards.find((c) => deal[c] !== s);
        if (shown === undefined || hand.length === 0) return null;
        return { type: 'showcard', by: s, to, cards, shown };
      }
    }
    return null;
  }

  const run = (kinds: number[], readings: ShowcardReading[], numRuns = 150, maxEvents = 3, maxDeals = 2500) =>
    fc.assert(
      fc.property(gamePlan({ maxEvents, maxDeals }), fc.constantFrom(...kinds), fc.nat(3), fc.nat(5), fc.nat(5), fc.constantFrom(...readings), (plan, kind, seat, pick, where, reading) => {
        const game = buildGame(plan, { maxEvents });
        const position = where % (game.events.length + 1);
        const bad = falseEvent(game, position, kind, seat, pick);
        fc.pre(bad !== null);
        const events = [...game.events];
        events.splice(position, 0, bad!);
        const broken: Game = { ...game, events };
        const label = `event ${position + 1} (${bad!.type}`;
        let error: unknown = null;
        try {
          buildGameModel(broken, events.length, { showcard: reading });
        } catch (e) {
          error = e;
        }
        expect(error, `no error for ${JSON.stringify(bad)} at ${position + 1}, ${reading}, ${describeGame(broken)}`).toBeInstanceOf(InputError);
        expect((error as Error).message).toContain(label);
      }),
      { seed: SEED + 3, numRuns },
    );

  it('nocard, suggest under suggesterHoldsNone, an unrefuted suggestion, accusation (both readings)', () => run([0, 1, 2, 3], READINGS));

  it('an endmove by a seat that knows the envelope (both readings)', () => run([4], READINGS, 60, 4, 200));

  it('a showcard of a card the responder does not hold (both readings)', () => run([5], READINGS));
});
