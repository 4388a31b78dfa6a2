// The advisor's game-log helpers (src/web/game-log.ts): the seats that passed, names as typed,
// the even hand sizes; and the log it builds is one analyze() reads.
import { describe, expect, it } from 'vitest';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { analyze } from '../src/analysis/analyze.js';
import { deckOf, evenHandSizes, passedSeats, resolveCard } from '../src/web/game-log.js';
import { defaultHandSizes } from '../src/model/game.js';

describe("the advisor's game log", () => {
  it('names the seats strictly between the suggester and the one who showed, wrapping around', () => {
    const players = ['Ann', 'Bob', 'Cat', 'Dan'];
    expect(passedSeats(players, 'Cat', 'Bob')).toEqual(['Dan', 'Ann']);
    expect(passedSeats(players, 'Ann', 'Bob')).toEqual([]);
    expect(passedSeats(players, 'Bob', null)).toEqual(['Cat', 'Dan', 'Ann']);
  });

  it("completes a name as the log format does: the whole name, its start, or one distinctive word", () => {
    const cards = CLASSIC_DECK.cards;
    expect(resolveCard(cards, 'miss scarlet')).toBe('Miss Scarlet');
    expect(resolveCard(cards, 'pipe')).toBe('Lead Pipe');
    expect(resolveCard(cards, 'Billiard')).toBe('Billiard Room');
    expect(resolveCard(cards, 'con')).toBe('Conservatory');
    expect(resolveCard(cards, 'room')).toBe('room'); // several cards: left as typed, the engine says which
    expect(resolveCard(cards, ' ')).toBe('');
  });

  it("deals hand sizes as the log format's default does", () => {
    for (const players of [3, 4, 5, 6]) {
      for (const faceUp of [0, 2]) expect(evenHandSizes(deckOf(null), players, faceUp)).toEqual(defaultHandSizes(21 - 3 - faceUp, players));
    }
    const log = { players: ['A', 'B', 'C', 'D'], handSizes: evenHandSizes(deckOf(null), 4, 2), faceUp: ['Mr. Green', 'Mrs. White'], me: 'A', myHand: ['Knife', 'Rope', 'Hall', 'Study'], events: [] };
    expect(analyze(log).owners).toEqual(['A', 'B', 'C', 'D', 'table', 'envelope']);
  });
});
