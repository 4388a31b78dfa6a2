/**
 * The opponents' knowledge of a log with endmove events (epistemic announcements): the full-size
 * engine cannot condition on them, so past the explicit model's limit the symbolic engine answers,
 * exactly. Checked against the explicit model of the same small game, and at full size against
 * what the endmoves imply (a seat that ended its turn without accusing did not know the envelope).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import { opponentsInThisThread } from '../src/analysis/opponents.js';

const load = (example: string) => JSON.parse(readFileSync(`examples/${example}.json`, 'utf8'));

// custom-deck-3p with each opponent announcing an endmove after its turn.
const SMALL = (() => {
  const log = load('custom-deck-3p');
  const events = log.events.flatMap((e: { by: string }) => (e.by === 'P0' ? [e] : [e, { type: 'endmove', by: e.by }]));
  return parseGame({ ...log, events });
})();

// classic-4p-faceup (full size) with an endmove after each opponent's turn.
const FULL = (() => {
  const log = load('classic-4p-faceup');
  const events = log.events.flatMap((e: { by: string }) => (e.by === 'P0' ? [e] : [e, { type: 'endmove', by: e.by }]));
  return parseGame({ ...log, events });
})();

describe('opponents() of a log with endmoves', () => {
  it('past the explicit limit, gives the explicit model\'s exact answers (the symbolic engine)', () => {
    const explicit = opponentsInThisThread(SMALL, { nextTurn: true })!;
    expect(explicit.method).toBe('exact');
    const symbolic = opponentsInThisThread(SMALL, { nextTurn: true, maxWorlds: 1 })!;
    expect(symbolic.method).toBe('exact');
    expect(symbolic.samples).toBeNull();
    for (const [k, seat] of symbolic.seats.entries()) {
      const truth = explicit.seats[k];
      expect(seat.seat).toBe(truth.seat);
      expect(seat.canAccuse).toBeCloseTo(truth.canAccuse, 12);
      expect(seat.canAccuseNextTurn!).toBeCloseTo(truth.canAccuseNextTurn!, 12);
      seat.knowsMyCards.forEach((p, c) => expect(p).toBeCloseTo(truth.knowsMyCards[c], 12));
      expect(seat.standardErrors).toBeUndefined();
    }
  });

  it('at full size, answers exactly, and no seat that has just ended its turn knows the envelope', () => {
    const seen = opponentsInThisThread(FULL, { nextTurn: true })!;
    expect(seen.method).toBe('exact');
    // Every opponent's last event is its endmove: it did not know the envelope then, nor since (nothing came after).
    for (const seat of seen.seats) expect(seat.canAccuse).toBe(0);
  });
});
