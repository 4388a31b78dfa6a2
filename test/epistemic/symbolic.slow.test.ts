// The symbolic engine at full size, early in a six-player game (P0's log: 3.4 × 10^10 worlds after
// six suggestions): its probabilities against `cluedo analyze`'s and the full-size engine's
// estimates, and knowledge of every seat at once (E and C over the six) within ten million nodes.
import { describe, expect, it } from 'vitest';
import { SymbolicEngine } from '../../src/epistemic/symbolic/engine.js';
import { FullSizeEngine } from '../../src/epistemic/full-size.js';
import { example, expectAnalyzed, formulaOf } from './analyzed-examples.js';

const { game } = example('classic-6p-early');

describe('the symbolic engine early in a six-player game', () => {
  it('the envelope’s and P3’s cards: each probability is analyze’s', () => expectAnalyzed('classic-6p-early', ['envelope', 'P3']), 120_000);

  it('a five-player game: each card’s probability is analyze’s', () => expectAnalyzed('classic-5p-mid'), 120_000);

  it('the seats’ knowledge: within four standard errors of the full-size engine’s estimates', () => {
    const texts = ['K[P2] !has(envelope, "Miss Scarlet")', 'K[P5] !has(envelope, "Mr. Green")', 'E[P1,P2] !has(envelope, Revolver)', 'D[P2,P4] has(envelope, Knife)', 'M[P3] has(envelope, Knife)'];
    using engine = new SymbolicEngine(game, game.events.length);
    using fullSize = new FullSizeEngine(game, game.events.length);
    const formulas = texts.map((t) => formulaOf(game, t));
    const estimates = fullSize.estimate(formulas, 2000, 7, true);
    formulas.forEach((f, i) => {
      const exact = engine.probability(f).probability;
      const { probability, standardError } = estimates[i];
      expect(Math.abs(exact - probability), `${texts[i]}: ${exact}, estimated ${probability} ± ${standardError}`).toBeLessThanOrEqual(4 * (standardError ?? 0) + 1e-12);
    });
  }, 120_000);

  it('what all six know and commonly know, within ten million nodes: a suggestion’s answer is common knowledge (semantics §5.4)', () => {
    using engine = new SymbolicEngine(game, game.events.length, { maxNodes: 10_000_000 });
    const everybody = 'P0,P1,P2,P3,P4,P5';
    // P1 showed P0 one of Miss Scarlet, Revolver, Study: everybody knows that P1 holds one of them, commonly
    const shown = '(has(P1, "Miss Scarlet") | has(P1, Revolver) | has(P1, Study))';
    expect(engine.probability(formulaOf(game, `E[${everybody}] ${shown}`))).toEqual({ probability: 1, standardError: null, known: true });
    expect(engine.probability(formulaOf(game, `C[${everybody}] ${shown}`))).toEqual({ probability: 1, standardError: null, known: true });
    expect(engine.probability(formulaOf(game, `C[${everybody}] (K[P0] has(P1, "Miss Scarlet") | K[P0] has(P1, Revolver) | K[P0] has(P1, Study))`)).known).toBe(true);
    // which card it was stays P0's: that Miss Scarlet is not in the envelope is not everybody's knowledge
    expect(engine.probability(formulaOf(game, `E[${everybody}] !has(envelope, "Miss Scarlet")`)).probability).toBe(0);
    expect(engine.probability(formulaOf(game, `C[${everybody}] !has(envelope, Library)`)).probability).toBe(0);
  }, 120_000);
});
