// analyze --rational against the brute-force reference: the observer's probability of every
// placement after turning each turn ended without an accusation into an endmove; and the sampled
// (first-order) path against the exact one where the two readings coincide (one endmove).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ENVELOPE } from '../../src/model/owners.js';
import { rationalAnalysis, withEndmoves } from '../../src/analysis/rational.js';
import { has } from '../../src/epistemic/language/formula.js';
import { bruteProbability } from './brute-force.js';
import { buildGame, gamePlan, observerLog } from './random-games.js';
import { randomGame } from './turn-games.js';

/** Games whose events are suggestions only (a turn each), observed by seat 0. */
function suggestionGames() {
  const random = gamePlan({ maxDeals: 600, maxEvents: 4 })
    .map((plan) => buildGame(plan))
    .filter((g) => g.events.every((e) => e.type === 'suggestion' || e.type === 'look') && g.rules.answers === 'first' && g.rules.handQuotas === null);
  // Seats taking turns in order, so that most turns end before the next seat's suggestion.
  const inTurn = fc.tuple(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 2, max: 5 })).map(([seed, n]) => randomGame(seed, n));
  return fc.oneof(random, inTurn, inTurn).map((g) => observerLog(g, 0));
}

describe('analyze --rational', () => {
  it('inserts an endmove after every other seat\'s completed turn', () => {
    fc.assert(
      fc.property(suggestionGames(), (game) => {
        const { game: rational, endmoves } = withEndmoves(game);
        const suggestions = game.events.filter((e) => e.type === 'suggestion');
        const expected = suggestions.slice(0, -1).filter((e, i) => e.by !== 0 && suggestions[i + 1].by !== e.by).length;
        expect(endmoves).toBe(expected);
        expect(rational.events.filter((e) => e.type === 'endmove').length).toBe(expected);
      }),
      { numRuns: 100, seed: 5 },
    );
  });

  it('is exact in the Kripke model: every placement\'s probability equals the brute-force reference', () => {
    let withAnEndmove = 0;
    fc.assert(
      fc.property(suggestionGames(), (game) => {
        let analysis;
        try {
          analysis = rationalAnalysis(game);
        } catch {
          return; // the players were not rational: some endmove was false in every world
        }
        expect(analysis.method).toBe('exact');
        const { game: rational } = withEndmoves(game);
        if (rational.events.some((e) => e.type === 'endmove')) withAnEndmove++;
        const total = rational.events.length;
        for (let c = 0; c < game.deck.cards.length; c++) {
          for (const owner of [...game.players.map((_, s) => s), ENVELOPE]) {
            const reference = bruteProbability(rational, total, 'action', has(owner, c)).probability;
            expect(analysis.cards[c][analysis.owners.indexOf(owner)]).toBeCloseTo(reference, 12);
          }
        }
      }),
      { numRuns: 40, seed: 9 },
    );
    expect(withAnEndmove).toBeGreaterThan(5);
  });

  it('samples within 4 standard errors of the exact answer when one endmove is all there is', () => {
    let compared = 0;
    fc.assert(
      fc.property(suggestionGames(), (game) => {
        const { game: rational } = withEndmoves(game);
        if (rational.events.filter((e) => e.type === 'endmove').length !== 1) return;
        let exact;
        try {
          exact = rationalAnalysis(game);
        } catch {
          return;
        }
        const sampled = rationalAnalysis(game, { maxWorlds: 1, samples: 4000, seed: 3 });
        expect(sampled.method).toBe('sampled');
        expect(sampled.rational.reading).toBe('first-order');
        expect(sampled.owners).toEqual(exact.owners);
        exact.cards.forEach((row, card) => {
          row.forEach((p, owner) => {
            const se = Math.max(sampled.standardErrors!.cards[card][owner], Math.sqrt((p * (1 - p)) / 4000), 1e-9);
            expect(Math.abs(sampled.cards[card][owner] - p)).toBeLessThanOrEqual(4 * se + 1e-9);
          });
        });
        compared++;
      }),
      { numRuns: 60, seed: 13 },
    );
    expect(compared).toBeGreaterThan(3);
  });
});
