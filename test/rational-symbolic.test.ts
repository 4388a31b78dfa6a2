/**
 * rationalAnalysis past the explicit model's limit: the endmoves read exactly, as the epistemic
 * announcements they are, on the symbolic engine. Checked against the explicit model of the same
 * small game (the same probabilities, the same solutions).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import { rationalAnalysis } from '../src/analysis/rational.js';

const SMALL = parseGame(JSON.parse(readFileSync('examples/custom-deck-3p.json', 'utf8')));

describe('rationalAnalysis past the explicit model', () => {
  it('reads the endmoves epistemically on the symbolic engine, as the explicit model does', () => {
    const explicit = rationalAnalysis(SMALL);
    expect(explicit.rational.reading).toBe('epistemic');
    expect(explicit.rational.endmoves).toBeGreaterThan(0);
    const symbolic = rationalAnalysis(SMALL, { maxWorlds: 1, symbolic: true });
    expect(symbolic.rational.reading).toBe('epistemic');
    expect(symbolic.method).toBe('exact');
    expect(symbolic.standardErrors).toBeUndefined();
    expect(symbolic.owners).toEqual(explicit.owners);
    expect(symbolic.consistentDeals).toBe(explicit.consistentDeals);
    symbolic.cards.forEach((row, c) => row.forEach((p, o) => expect(p).toBeCloseTo(explicit.cards[c][o], 12)));
    expect(symbolic.solutions.map((s) => s.cards)).toEqual(explicit.solutions.map((s) => s.cards));
    symbolic.solutions.forEach((s, i) => expect(s.probability).toBeCloseTo(explicit.solutions[i].probability, 12));
    expect(symbolic.known).toEqual(explicit.known);
  });

  it('keeps the first-order reading from drawn worlds without symbolic', () => {
    const sampled = rationalAnalysis(SMALL, { maxWorlds: 1 });
    expect(sampled.rational.reading).toBe('first-order');
  });
});
