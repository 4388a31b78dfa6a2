// The advisor's game log helpers (src/web/game-log.ts): what a setup form still lacks, in a
// player's words; the seat chosen as the players' names are edited; what a new game at the same
// table starts from; names completed as the log format completes them; the default hand sizes.
import { describe, expect, it } from 'vitest';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { analyze } from '../src/analysis/analyze.js';
import { deckOf, evenHandSizes, followSeat, isClassicDeck, nextGameDraft, resolveCard, setupProblems, type SetupForm } from '../src/web/game-log.js';
import { parseGame } from '../src/io/log.js';
import { gameToLog } from '../src/io/write-log.js';
import { readFileSync } from 'node:fs';
import { defaultHandSizes } from '../src/model/game.js';
import { ENVELOPE, TABLE } from '../src/model/owners.js';
import { DEFAULT_RULES, passers } from '../src/model/rules.js';

describe("the advisor's game log", () => {
  it('the seats that passed are those strictly between the suggester and the one who showed, wrapping around, before any card is named', () => {
    // As the advisor's form asks: who showed is chosen before (or without) the cards.
    const pass = (by: number, shownBy: number | null, cards: number[] = []) => passers({ type: 'suggestion', by, cards, shownBy, shown: null }, 4, DEFAULT_RULES);
    expect(pass(2, 1, [0, 6, 12])).toEqual(pass(2, 1));
    expect(pass(2, 1)).toEqual([3, 0]);
    expect(pass(0, 1)).toEqual([]);
    expect(pass(1, null)).toEqual([2, 3, 0]);
  });

  it('a setup is checked in the words of the form, and a complete one has no problems', () => {
    const deck = deckOf(null);
    const good: SetupForm = { deck, players: ['Ann', 'Bob', 'Cat'], me: 'Ann', hand: ['Knife', 'Rope', 'Hall', 'Study', 'Lounge', 'Mr. Green'], faceUp: [], handSizes: [6, 6, 6] };
    expect(setupProblems(good)).toEqual([]);
    expect(setupProblems({ ...good, players: ['Ann'], handSizes: [18] })).toContain('Name at least two players, in seat order.');
    expect(setupProblems({ ...good, players: ['Ann', 'ann', 'Cat'] })).toContain('Two players are called ann: give each a name of their own.');
    expect(setupProblems({ ...good, players: ['Ann', 'Envelope', 'Cat'] })).toContain('"Envelope" and "table" cannot be players\' names.');
    expect(setupProblems({ ...good, handSizes: [6, 6, 5] })).toContain('Hand sizes: 17 of the 18 cards dealt.');
    expect(setupProblems({ ...good, hand: good.hand.slice(1) })).toContain('My hand: 5 of 6 cards chosen.');
    expect(setupProblems({ ...good, faceUp: ['Knife', 'Plum'], handSizes: [6, 5, 5] })).toContain('Knife is in my hand and face up: it can only be one.');
    // No seat chosen is a problem; the spectator's seat ('') is a choice.
    expect(setupProblems({ ...good, me: null, hand: [] })).toEqual(['I am: choose your seat, or "nobody (I watch)".']);
    expect(setupProblems({ ...good, me: '', hand: [] })).toEqual([]);
  });

  it('the seat chosen follows its player as names are edited: renamed in place, players added or removed around it; else none', () => {
    const table = ['Ann', 'Bob', 'Cat', 'Dan'];
    // Renamed: as many seats, the name gone: the same place.
    expect(followSeat(table, ['Zoe', 'Bob', 'Cat', 'Dan'], 0)).toBe(0);
    expect(followSeat(table, ['Ann', 'Bob', 'Cat', 'Dana'], 3)).toBe(3);
    // Typed letter by letter: an empty name keeps its place, and is found again.
    expect(followSeat(table, ['', 'Bob', 'Cat', 'Dan'], 0)).toBe(0);
    expect(followSeat(['', 'Bob', 'Cat', 'Dan'], ['Z', 'Bob', 'Cat', 'Dan'], 0)).toBe(0);
    // Players added or removed around it: the same player, by the name rule (case and spaces aside).
    expect(followSeat(table, ['Ann', 'Bob', 'Cat', 'Dan', ''], 2)).toBe(2);
    expect(followSeat(table, ['Eve', 'Ann', 'Bob', 'Cat', 'Dan'], 2)).toBe(3);
    expect(followSeat(table, ['Ann', 'Cat', 'Dan'], 2)).toBe(1);
    expect(followSeat(table, ['Ann', 'Bob', 'cat ', 'Dan', 'Eve'], 2)).toBe(2);
    // Reordered: the same player.
    expect(followSeat(table, ['Dan', 'Cat', 'Bob', 'Ann'], 0)).toBe(3);
    // Its player removed, or every name replaced by more or fewer: no seat (the player chooses again).
    expect(followSeat(table, ['Bob', 'Cat', 'Dan'], 0)).toBeNull();
    expect(followSeat(table, ['Zoe', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'], 0)).toBeNull();
    expect(followSeat(['', 'Bob', 'Cat', 'Dan'], ['Bob', 'Cat', 'Dan'], 0)).toBeNull();
  });

  it("a new game at the same table keeps the players, the seat and the deck, and starts with an empty hand and no face-up cards", () => {
    const played = gameToLog(parseGame(JSON.parse(readFileSync('examples/classic-4p-faceup.json', 'utf8'))));
    expect(played.myHand!.length).toBeGreaterThan(0);
    expect(played.faceUp!.length).toBeGreaterThan(0);
    expect(nextGameDraft(played)).toEqual({ deck: played.deck, players: played.players, me: played.me, events: [] });
    const custom = gameToLog(parseGame(JSON.parse(readFileSync('examples/custom-deck-3p.json', 'utf8'))));
    expect(nextGameDraft(custom)).toEqual({ deck: custom.deck, players: custom.players, me: custom.me, events: [] });
    // A spectator's game: still nobody's seat.
    const watched = gameToLog(parseGame(JSON.parse(readFileSync('examples/classic-3p-spectator.json', 'utf8'))));
    expect(nextGameDraft(watched)).toEqual({ deck: watched.deck, players: watched.players, events: [] });
    // The deck a log writes out is the classic one exactly when it has the classic deck's categories and cards.
    expect(isClassicDeck(played.deck!)).toBe(true);
    expect(isClassicDeck(custom.deck!)).toBe(false);
    expect(isClassicDeck(deckOf(null))).toBe(true);
    expect(isClassicDeck({ ...deckOf(null), rooms: deckOf(null).rooms.slice(1) })).toBe(false);
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
    expect(analyze(log).owners).toEqual([0, 1, 2, 3, TABLE, ENVELOPE]);
  });
});
