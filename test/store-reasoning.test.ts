// What is read off a constraint store without its DAG, against the brute-force oracle on small
// decks: whether a whole deal meets the store (dealMeets), the placements propagation forces
// (propagate: sound, and never loses a deal), and the cards a position cannot tell apart
// (symmetricCards: the exact figures of the two cards are the same, and scoring suggestions once
// per class gives the exact scores of every suggestion).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dealMeets, type ConstraintStore } from '../src/knowledge/constraints.js';
import { propagate } from '../src/knowledge/propagate.js';
import { symmetricCards } from '../src/knowledge/symmetry.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { parseGame } from '../src/io/log.js';
import { answeringOf, listDeals, scoreDeals } from '../src/analysis/entropy-greedy.js';
import { bruteForce, dealSatisfiesStore, dealWidth, enumerateDeals } from './support/brute-force.js';
import { arbConsistentLog, arbStore } from './support/random-logs.js';

const core = KnowledgeCore.create();

/** Every well-formed deal of the store's deck and seats, whatever its constraints. */
function everyDeal(store: ConstraintStore) {
  return enumerateDeals(store, () => true);
}

describe('dealMeets', () => {
  it('accepts exactly the deals the oracle finds consistent', () => {
    fc.assert(
      fc.property(arbStore({ maxCards: 8 }), (store) => {
        const all = everyDeal(store);
        const width = dealWidth(store);
        for (let k = 0; k < all.count; k++) {
          expect(dealMeets(store, all.deals, k * width), `deal ${k}`).toBe(dealSatisfiesStore(store, all.deals, k * width));
        }
      }),
      { numRuns: 60, seed: 3 },
    );
  });

  it('refuses a deal that is not one: a card in two places, a hand of the wrong size, two envelope cards of a category', () => {
    const log = { deck: { s: ['a', 'b'], w: ['c', 'd'] }, players: ['P', 'Q'], events: [] } as const;
    const store = constraintsOf(parseGame(structuredClone(log)));
    const width = dealWidth(store);
    const good = Uint32Array.from([0b0001, 0b0100, 0b1010, 0]); // P a, Q c, envelope b d
    expect(dealMeets(store, good)).toBe(true);
    expect(good.length).toBe(width);
    expect(dealMeets(store, Uint32Array.from([0b0011, 0b0100, 0b1010, 0]))).toBe(false); // b twice
    expect(dealMeets(store, Uint32Array.from([0b0101, 0b0000, 0b1010, 0]))).toBe(false); // P holds two
    expect(dealMeets(store, Uint32Array.from([0b0100, 0b1000, 0b0011, 0]))).toBe(false); // two suspects in the envelope
  });
});

describe('propagate', () => {
  it('adds only placements true in every consistent deal, keeps every deal, and says null only when there is none', () => {
    fc.assert(
      fc.property(arbStore({ maxCards: 9 }), (store) => {
        const oracle = bruteForce(store);
        const forced = propagate(store);
        if (forced === null) {
          expect(oracle.count).toBe(0);
          return;
        }
        const width = dealWidth(store);
        for (let k = 0; k < oracle.count; k++) expect(dealSatisfiesStore(forced, oracle.deals, k * width), `deal ${k} kept`).toBe(true);
        expect(bruteForce(forced).count).toBe(oracle.count);
      }),
      { numRuns: 150, seed: 5 },
    );
  });

  it('finds placements beyond the facts in a game, each true in every consistent deal', () => {
    const log = {
      deck: { suspect: ['a', 'b', 'c'], weapon: ['d', 'e', 'f'], room: ['g', 'h', 'i'] },
      players: ['P', 'Q', 'R'],
      me: 'P',
      myHand: ['a', 'd'],
      events: [
        { type: 'suggestion', by: 'P', cards: ['b', 'e', 'g'], shownBy: 'Q', shown: 'b' },
        { type: 'suggestion', by: 'R', cards: ['c', 'f', 'h'], shownBy: 'Q', shown: null },
        { type: 'suggestion', by: 'P', cards: ['c', 'f', 'g'], shownBy: 'R', shown: 'g' },
      ],
    };
    const store = constraintsOf(parseGame(log));
    const forced = propagate(store)!;
    const oracle = bruteForce(store);
    const width = dealWidth(store);
    for (let c = 0; c < store.nCards; c++) {
      for (let o = 0; o <= store.nSeats; o++) {
        if ((forced.holds[o] >>> c) & 1) for (let k = 0; k < oracle.count; k++) expect((oracle.deals[k * width + o] >>> c) & 1).toBe(1);
      }
    }
    expect(forced.holds.some((m, o) => (m & ~store.holds[o]) !== 0)).toBe(true); // it found something beyond the facts
  });
});

describe('symmetricCards', () => {
  it('pairs only cards the oracle cannot tell apart: the same count with every owner', () => {
    fc.assert(
      fc.property(arbStore({ maxCards: 9 }), (store) => {
        const least = symmetricCards(store);
        const oracle = bruteForce(store);
        const width = dealWidth(store);
        least.forEach((r, c) => {
          expect(store.categoryMasks.some((m) => (m >>> r) & 1 && (m >>> c) & 1), `card ${c} and ${r}: one category`).toBe(true);
          expect(r).toBeLessThanOrEqual(c);
          for (let o = 0; o < width; o++) expect(oracle.ownerCounts[c * width + o], `card ${c} vs ${r}, owner ${o}`).toBe(oracle.ownerCounts[r * width + o]);
        });
      }),
      { numRuns: 100, seed: 9 },
    );
  });

  it('finds the symmetry there is: before any event, the cards of a category one holds none of are alike', () => {
    const log = { deck: { s: ['a', 'b', 'c'], w: ['d', 'e', 'f'] }, players: ['P', 'Q'], me: 'P', myHand: ['a', 'd'], events: [] };
    const least = symmetricCards(constraintsOf(parseGame(log)));
    expect(Array.from(least)).toEqual([0, 1, 1, 3, 4, 4]);
  });

  it('scoring one suggestion per class gives every suggestion its exact score', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const game = parseGame(g.log);
        const me = game.me ?? 0;
        using position = core.load(constraintsOf(game));
        const deals = listDeals(position);
        const options = { suggester: me, answering: answeringOf(me, game.players.length, game.rules), responseModel: 'uniform' as const, shownTo: [] };
        const each = scoreDeals(position, deals, options);
        const shared = scoreDeals(position, deals, { ...options, symmetric: true });
        for (let i = 0; i < each.length; i++) expect(shared[i], `score ${i}`).toBeCloseTo(each[i], 9);
      }),
      { numRuns: 80, seed: 11 },
    );
  });
});
