// The symbolic engine at full size, where nothing can enumerate the worlds: simulated classic games
// of 4 to 6 seats checked against independent truth. Knowledge of formulas without modalities
// against the counting core's exact counts (an observer's probabilities, a full record's K, M, E, D
// and Kenv of every seat); the axioms of S5, of common and distributed knowledge and the reduction
// axioms of public announcement as properties of random formulas; answers that do not depend on
// the cards' or the seats' names; and the exact number of a large deck's deals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SymbolicEngine } from '../../src/epistemic/symbolic/engine.js';
import { CountingEngine } from '../../src/epistemic/counting.js';
import { FullSizeEngine } from '../../src/epistemic/full-size.js';
import { and, announce, C, D, E, iff, implies, K, Kenv, M, not, type Formula } from '../../src/epistemic/language/formula.js';
import { makeDeck } from '../../src/model/deck.js';
import { defaultHandSizes, type Game } from '../../src/model/game.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';
import type { GameEvent } from '../../src/model/events.js';
import { ENVELOPE, TABLE } from '../../src/model/owners.js';
import { simulatePosition } from '../support/simulated-positions.js';
import { fit, formula, observerLog, propositional } from './random-games.js';
import { runs } from '../support/tier.js';

const CLASSIC = [6, 6, 9];
const SEED = 20_261_205;

/** A simulated classic game as a full record: the hidden deal, and the card each refuter showed (its first matching card). */
function fullRecord(seed: number, seats: number, unseenRefutations: number): Game {
  const { game, deal } = simulatePosition({ categories: CLASSIC, seats, unseenRefutations, seed });
  const ownerOf = (c: number): number => {
    for (let s = 0; s < seats; s++) if ((deal[s] >>> c) & 1) return s;
    return (deal[seats] >>> c) & 1 ? ENVELOPE : TABLE;
  };
  const events = game.events.map((e): GameEvent => {
    if (e.type !== 'suggestion' || e.shownBy === null) return e;
    const held = e.cards.filter((c) => ownerOf(c) === e.shownBy);
    return { ...e, shown: held[0] };
  });
  return { ...game, events, deal: game.deck.cards.map((_, c) => ownerOf(c)) };
}

const position = fc.record({
  seed: fc.integer({ min: 1, max: 1e6 }),
  seats: fc.integer({ min: 4, max: 6 }),
  unseen: fc.integer({ min: 1, max: 4 }),
});

/** Raw formulas' cards spread over the whole deck (the generators name the first nine only). */
function spread(f: Formula): Formula {
  if (f.op === 'has') return { ...f, card: (f.card * 7 + f.owner) % 21 };
  return mapChildren(f, spread);
}

function mapChildren(f: Formula, go: (g: Formula) => Formula): Formula {
  switch (f.op) {
    case 'not':
    case 'K':
    case 'M':
    case 'E':
    case 'D':
    case 'C':
      return { ...f, arg: go(f.arg) };
    case 'and':
    case 'or':
      return { ...f, args: f.args.map(go) };
    case 'implies':
    case 'iff':
      return { ...f, args: [go(f.args[0]), go(f.args[1])] };
    case 'announce':
    case 'learnsWhether':
      return { ...f, what: go(f.what), then: go(f.then) };
    default:
      return f;
  }
}

describe('formulas without modalities: the symbolic engine against the counting core', () => {
  it("an observer's probability, and its K, M, E and D of the formula", () => {
    fc.assert(
      fc.property(position, fc.nat(), fc.nat(), fc.array(propositional(2), { minLength: 1, maxLength: 4 }), ({ seed, seats, unseen }, seat, at, raw) => {
        const full = fullRecord(seed, seats, unseen);
        const game = observerLog(full, seat % seats);
        const me = game.me!;
        const count = at % (game.events.length + 1);
        using symbolic = new SymbolicEngine(game, count);
        using fullSize = new FullSizeEngine(game, count);
        const counting = new CountingEngine(fullSize);
        for (const psi of raw.map((f) => fit(spread(f), game))) {
          const where = `${JSON.stringify(psi)}, seed ${seed}, ${seats} seats, observer ${me}, at ${count}`;
          expect(counting.unsupported(psi), where).toBeNull();
          const truth = counting.probability(psi);
          expect(truth.standardError).toBeNull();
          const answer = symbolic.probability(psi);
          expect(answer.probability, where).toBeCloseTo(truth.probability, 12);
          expect(answer.known, where).toBe(truth.known);
          // The observer's knowledge holds in all of its worlds or in none.
          for (const k of [K(me, psi), E([me], psi), D([me], psi)]) expect(symbolic.probability(k), `${k.op}: ${where}`).toMatchObject({ probability: truth.known ? 1 : 0, known: truth.known });
          expect(symbolic.probability(M(me, psi)).probability, `M: ${where}`).toBe(truth.probability > 0 ? 1 : 0);
        }
      }),
      { seed: SEED, numRuns: runs(30, 3) },
    );
  }, 600_000);

  it("a full record's K, M, E, D and Kenv of every seat", () => {
    fc.assert(
      fc.property(position, fc.nat(), fc.array(propositional(2), { minLength: 1, maxLength: 3 }), fc.uniqueArray(fc.nat(5), { minLength: 2, maxLength: 3 }), ({ seed, seats, unseen }, at, raw, rawGroup) => {
        const game = fullRecord(seed, seats, unseen);
        const count = at % (game.events.length + 1);
        const group = [...new Set(rawGroup.map((a) => a % seats))].sort((x, y) => x - y);
        using symbolic = new SymbolicEngine(game, count);
        using truth = new FullSizeEngine(game, count);
        const formulas = raw.map((f) => fit(spread(f), game)).flatMap((psi) => [
          ...game.players.flatMap((_, a) => [K(a, psi), M(a, psi)]),
          E(group, psi),
          D(group, psi),
        ]);
        formulas.push(...game.players.map((_, a) => Kenv(a)));
        for (const f of formulas) expect(symbolic.value(f), `${JSON.stringify(f)}, seed ${seed}, ${seats} seats, at ${count}`).toBe(truth.value(f));
      }),
      { seed: SEED, numRuns: runs(25, 3) },
    );
  }, 600_000);
});

/** The axioms, each valid: true in every world of any model, for any formulas, agent and group. */
function axioms(phi: Formula, psi: Formula, chi: Formula, p: Formula, a: number, group: number[]): Array<[string, Formula]> {
  const withA = [...new Set([...group, a])].sort((x, y) => x - y);
  const after = (then: Formula) => announce(phi, then);
  return [
    ['T: Kφ → φ', implies(K(a, phi), phi)],
    ['4: Kφ → KKφ', implies(K(a, phi), K(a, K(a, phi)))],
    ['5: ¬Kφ → K¬Kφ', implies(not(K(a, phi)), K(a, not(K(a, phi))))],
    ['C_Gφ → E_Gφ', implies(C(group, phi), E(group, phi))],
    ['C_Gφ ↔ E_G(φ ∧ C_Gφ)', iff(C(group, phi), E(group, and(phi, C(group, phi))))],
    ['M_aφ ↔ ¬K_a¬φ', iff(M(a, phi), not(K(a, not(phi))))],
    ['K_aφ → D_Gφ for a in G', implies(K(a, phi), D(withA, phi))],
    ['[!φ]p ↔ (φ → p)', iff(after(p), implies(phi, p))],
    ['[!φ]¬ψ ↔ (φ → ¬[!φ]ψ)', iff(after(not(psi)), implies(phi, not(after(psi))))],
    ['[!φ](ψ ∧ χ) ↔ ([!φ]ψ ∧ [!φ]χ)', iff(after(and(psi, chi)), and(after(psi), after(chi)))],
    ['[!φ]K_aψ ↔ (φ → K_a[!φ]ψ)', iff(after(K(a, psi)), implies(phi, K(a, after(psi))))],
  ];
}

describe('the axioms at full size', () => {
  const arbitraries = [position, fc.nat(), formula(1), formula(1), formula(1), propositional(0), fc.nat(3), fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 })] as const;

  it("hold in every world of a spectator's model (known) and at a full record's deal (value)", () => {
    fc.assert(
      fc.property(...arbitraries, ({ seed, seats, unseen }, at, rawPhi, rawPsi, rawChi, rawP, rawA, rawGroup) => {
        const full = fullRecord(seed, seats, unseen);
        const spectator = observerLog(full, seats);
        const count = at % (full.events.length + 1);
        const [phi, psi, chi, p] = [rawPhi, rawPsi, rawChi, rawP].map((f) => fit(spread(f), full));
        const group = [...new Set(rawGroup.map((g) => g % seats))].sort((x, y) => x - y);
        using model = new SymbolicEngine(spectator, count);
        using record = new SymbolicEngine(full, count);
        for (const [name, axiom] of axioms(phi, psi, chi, p, rawA % seats, group)) {
          const where = `${name}: ${JSON.stringify(axiom)}, seed ${seed}, ${seats} seats, at ${count}`;
          expect(model.probability(axiom), where).toMatchObject({ probability: 1, known: true });
          expect(record.value(axiom), where).toBe(true);
        }
      }),
      { seed: SEED, numRuns: runs(20, 3) },
    );
  }, 600_000);
});

/** `f` with its cards renamed by `card` and its seats by `seat`. */
function renamed(f: Formula, card: (c: number) => number, seat: (s: number) => number): Formula {
  const owner = (o: number) => (o < 0 ? o : seat(o));
  const group = (g: number[]) => g.map(seat).sort((x, y) => x - y);
  const go = (g: Formula): Formula => {
    switch (g.op) {
      case 'has':
        return { ...g, owner: owner(g.owner), card: card(g.card) };
      case 'K':
      case 'M':
      case 'Kenv':
        return mapChildren({ ...g, agent: seat(g.agent) } as Formula, go);
      case 'E':
      case 'D':
      case 'C':
        return mapChildren({ ...g, group: group(g.group) } as Formula, go);
      case 'learnsWhether':
        return mapChildren({ ...g, agents: group(g.agents) }, go);
      default:
        return mapChildren(g, go);
    }
  };
  return go(f);
}

/** The same game with its cards renamed within their categories and its seats rotated (the order of the responders stays). */
function renamedGame(game: Game, card: (c: number) => number, seat: (s: number) => number): Game {
  const n = game.players.length;
  const events = game.events.map((e): GameEvent => {
    if (e.type !== 'suggestion') throw new Error(`no renaming of ${e.type} events`);
    return { ...e, by: seat(e.by), cards: e.cards.map(card), shownBy: e.shownBy === null ? null : seat(e.shownBy), shown: e.shown == null ? e.shown : card(e.shown) };
  });
  const handSizes = new Array<number>(n);
  game.handSizes.forEach((k, s) => (handSizes[seat(s)] = k));
  let deal: number[] | null = null;
  if (game.deal) {
    deal = new Array<number>(game.deal.length);
    game.deal.forEach((o, c) => (deal![card(c)] = o < 0 ? o : seat(o)));
  }
  return {
    ...game,
    handSizes,
    faceUp: game.faceUp.map(card).sort((x, y) => x - y),
    me: game.me === null ? null : seat(game.me),
    myHand: game.myHand.map(card).sort((x, y) => x - y),
    events,
    deal,
  };
}

describe('answers do not depend on names', () => {
  it('renaming the cards within each category and rotating the seats leaves value, probability, known and worlds unchanged', () => {
    const shuffles = CLASSIC.map((k) => fc.shuffledSubarray([...Array(k).keys()], { minLength: k, maxLength: k }));
    fc.assert(
      fc.property(position, fc.nat(), fc.nat(), fc.tuple(...shuffles), fc.nat(5), fc.array(formula(2), { minLength: 1, maxLength: 3 }), ({ seed, seats, unseen }, view, at, perms, shift, raw) => {
        const full = fullRecord(seed, seats, unseen);
        // A seat's log, the spectator's (view = seats) or the full record (view = seats + 1).
        const v = view % (seats + 2);
        const game = v === seats + 1 ? full : observerLog(full, v);
        const count = at % (game.events.length + 1);
        const offsets = CLASSIC.map((_, g) => CLASSIC.slice(0, g).reduce((x, y) => x + y, 0));
        const card = (c: number) => {
          const g = CLASSIC.findIndex((k, h) => c < offsets[h] + k);
          return offsets[g] + perms[g][c - offsets[g]];
        };
        const seat = (s: number) => (s + shift) % seats;
        const other = renamedGame(game, card, seat);
        const formulas = raw.map((f) => fit(spread(f), game));
        using original = new SymbolicEngine(game, count);
        using mirror = new SymbolicEngine(other, count);
        const where = `seed ${seed}, ${seats} seats, view ${v}, at ${count}, shift ${shift}, cards ${JSON.stringify(perms)}`;
        expect(mirror.worlds, where).toBe(original.worlds);
        for (const f of formulas) {
          const g = renamed(f, card, seat);
          if (game.deal) expect(mirror.value(g), `${JSON.stringify(f)}, ${where}`).toBe(original.value(f));
          else expect(mirror.probability(g), `${JSON.stringify(f)}, ${where}`).toEqual(original.probability(f));
        }
      }),
      { seed: SEED, numRuns: runs(30, 3) },
    );
  }, 600_000);
});

describe('exact big counts', () => {
  it("a Master Detective spectator's model before any event: every deal, counted as multinomials", () => {
    const sizes = [10, 8, 12];
    const deck = makeDeck(Object.fromEntries(sizes.map((k, g) => [`g${g}`, Array.from({ length: k }, (_, i) => `g${g}c${i}`)])));
    const seats = 6;
    const dealt = deck.cards.length - sizes.length;
    const handSizes = defaultHandSizes(dealt, seats);
    const game: Game = { deck, players: Array.from({ length: seats }, (_, s) => `P${s}`), handSizes, faceUp: [], me: null, myHand: [], events: [], rules: DEFAULT_RULES, deal: null };
    // The envelope: one card per category; the rest dealt: dealt! / (h_1! ⋯ h_n!).
    const factorial = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * factorial(n - 1));
    const deals = sizes.reduce((x, k) => x * BigInt(k), 1n) * (factorial(dealt) / handSizes.reduce((x, h) => x * factorial(h), 1n));
    expect(deals).toBeGreaterThan(4.3e20);
    expect(deals).toBeLessThan(4.5e20);
    using engine = new SymbolicEngine(game, 0);
    expect(engine.worlds).toBe(deals);
  });
});
