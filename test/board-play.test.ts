// Room-bound play on the classic board: the move phase, the dice, walks, suggestions tied to the
// room entered, the summoned suspect; checked on hand-made positions, along random legal
// playthroughs against an independent referee, and through whole games of every agent.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLASSIC_CATEGORIES, CLASSIC_DECK, makeDeck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { randomDeal, type GameSpec } from '../src/game/rules/deal.js';
import { newGame, type GameState } from '../src/game/rules/state.js';
import { applyAction, chanceOutcomes, IllegalActionError, legalActions, type Action } from '../src/game/rules/actions.js';
import { DEFAULT_BOARD_RULES, diceDistribution, expectedTurnsTable, isRoomPlace, rollDice, startingPawns, type BoardRules, type Place } from '../src/game/board/movement.js';
import { bindClassicBoard } from '../src/game/board/binding.js';
import { ROOMS, type Room } from '../src/game/board/classic.js';
import { cellIndex, WALL_FREE } from '../src/game/board/paths.js';
import { movementPolicy } from '../src/agents/movement.js';
import type { BoardSituation } from '../src/game/agent.js';
import { playScored, type ScoredGame } from '../src/tournament/play.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { playTournamentGames, type TournamentConfig } from '../src/tournament/play.js';
import { accumulate, emptyAccumulator, finalize, merge } from '../src/tournament/summary.js';
import type { SeatView } from '../src/game/seat-view.js';

const card = (name: string) => CLASSIC_DECK.cards.indexOf(name);
const spec = (players: number, board: BoardRules = DEFAULT_BOARD_RULES): GameSpec => ({
  deck: CLASSIC_DECK,
  players: Array.from({ length: players }, (_, s) => `P${s}`),
  maxTurns: 400,
  board,
});

function run(state: GameState, ...actions: Action[]): GameState {
  for (const a of actions) state = applyAction(state, a).state;
  return state;
}

/** A state of seat 0's turn with the pawns placed as given (the rest of the game untouched). */
function withPawns(state: GameState, pawns: Place[], summoned?: boolean[]): GameState {
  return { ...state, board: { ...state.board!, pawns, ...(summoned && { summoned }) } };
}

describe('the deck on the board', () => {
  it('binds every room card to a room and every suspect to a pawn, and refuses decks that do not fit', () => {
    const binding = bindClassicBoard(CLASSIC_DECK, 6);
    if (typeof binding === 'string') throw new Error(binding);
    expect(ROOMS.map((_, r) => CLASSIC_DECK.cards[binding.roomCard[r]])).toEqual(['Conservatory', 'Ballroom', 'Kitchen', 'Dining Room', 'Lounge', 'Hall', 'Study', 'Library', 'Billiard Room']);
    expect(binding.suspectCard.map((c) => CLASSIC_DECK.cards[c])).toEqual(['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green', 'Mrs. Peacock', 'Professor Plum']);
    expect(bindClassicBoard({ ...CLASSIC_DECK, categories: CLASSIC_DECK.categories.slice(0, 2) }, 3)).toMatch(/needs a category of the 9 rooms/);
    const noRooms: GameSpec = { ...spec(3), deck: makeDeck({ suspects: CLASSIC_CATEGORIES.suspects, weapons: CLASSIC_CATEGORIES.weapons }) };
    expect(() => newGame(noRooms, randomDeal(noRooms, new Random(1)))).toThrow(/newGame: the classic board needs a category of the 9 rooms/);
    expect(bindClassicBoard(CLASSIC_DECK, 7)).toMatch(/6 pawns, not enough for 7 seats/);
  });
});

describe('a turn on the board', () => {
  const start = newGame(spec(3), randomDeal(spec(3), new Random(7)));

  it('opens with the move: every pawn on its start cell, only a roll possible from a corridor', () => {
    expect(start.phase).toEqual({ kind: 'move', seat: 0 });
    expect(start.board!.pawns).toEqual(startingPawns());
    expect(legalActions(start)).toEqual([{ type: 'roll' }]);
    expect(() => applyAction(start, { type: 'passage' })).toThrow(/not in a corner room/);
    expect(() => applyAction(start, { type: 'suggest', cards: [card('Miss Scarlet'), card('Knife'), card('Hall')] })).toThrow(IllegalActionError);
  });

  it('rolls 2d6 by chance, then walks to a destination of the roll; a walk that enters no room leaves only the accusation', () => {
    const rolling = run(start, { type: 'roll' });
    expect(rolling.phase).toEqual({ kind: 'roll', seat: 0 });
    expect(chanceOutcomes(rolling).map((o) => o.total)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(() => applyAction(rolling, { type: 'dice', total: 13 })).toThrow(/cannot total 13/);
    const walking = run(rolling, { type: 'dice', total: 2 });
    if (walking.phase.kind !== 'walk') throw new Error('expected a walk');
    // Scarlet starts at (16, 24): two steps reach no door, so every destination is a cell two steps away.
    expect(walking.phase.destinations.every((p) => !isRoomPlace(p))).toBe(true);
    const to = walking.phase.destinations[0];
    expect(() => applyAction(walking, { type: 'walk', to: cellIndex({ x: 16, y: 24 }) })).toThrow(/cannot walk/);
    const after = run(walking, { type: 'walk', to });
    expect(after.phase).toEqual({ kind: 'accuse', seat: 0, answered: null });
    expect(after.board!.pawns[0]).toBe(to);
    expect(legalActions(after).filter((a) => a.type === 'suggest')).toEqual([]);
  });

  it('a suggestion names the room entered, and its suspect is summoned into that room, free to stay on its next turn', () => {
    // Seat 0 one step from the lounge door (17, 18) and the dining room door (17, 16): it rolls 2 and enters the lounge.
    const near = withPawns(start, [cellIndex({ x: 17, y: 17 }), ...start.board!.pawns.slice(1)]);
    const walking = run(near, { type: 'roll' }, { type: 'dice', total: 2 });
    if (walking.phase.kind !== 'walk') throw new Error('expected a walk');
    expect(walking.phase.destinations.slice(0, 2)).toEqual(['dining room', 'lounge']);
    const inLounge = run(walking, { type: 'walk', to: 'lounge' });
    expect(inLounge.phase).toEqual({ kind: 'suggest', seat: 0 });
    const wrongRoom = [card('Colonel Mustard'), card('Rope'), card('Hall')];
    expect(() => applyAction(inLounge, { type: 'suggest', cards: wrongRoom })).toThrow(/names the room the pawn entered \(Lounge\)/);
    const suggestions = legalActions(inLounge).filter((a) => a.type === 'suggest');
    expect(suggestions).toHaveLength(36);
    const after = run(inLounge, { type: 'suggest', cards: [card('Colonel Mustard'), card('Rope'), card('Lounge')] });
    expect(after.board!.pawns[1]).toBe('lounge');
    expect(after.board!.summoned).toEqual([false, true, false]);
    // Without the summons rule the suspect stays put.
    const noSummons = run({ ...inLounge, board: { ...inLounge.board!, rules: { ...DEFAULT_BOARD_RULES, summon: false } } }, {
      type: 'suggest',
      cards: [card('Colonel Mustard'), card('Rope'), card('Lounge')],
    });
    expect(noSummons.board!.pawns[1]).toBe(start.board!.pawns[1]);
  });

  it('takes a secret passage instead of rolling, and stays after a summons, suggesting in that room', () => {
    const inStudy = withPawns(start, ['study', ...start.board!.pawns.slice(1)], [true, false, false]);
    expect(legalActions(inStudy)).toEqual([{ type: 'roll' }, { type: 'passage' }, { type: 'stay' }]);
    const viaPassage = run(inStudy, { type: 'passage' });
    expect(viaPassage.board!.pawns[0]).toBe('kitchen');
    expect(viaPassage.board!.entered).toBe('kitchen');
    expect(viaPassage.phase).toEqual({ kind: 'suggest', seat: 0 });
    const stayed = run(inStudy, { type: 'stay' });
    expect(stayed.board!.entered).toBe('study');
    expect(stayed.board!.summoned[0]).toBe(false);
    const notSummoned = withPawns(start, ['hall', ...start.board!.pawns.slice(1)]);
    expect(() => applyAction(notSummoned, { type: 'stay' })).toThrow(/only a pawn summoned/);
  });

  it('a pawn leaving a room cannot re-enter it in the same turn, and never stops on another pawn', () => {
    const pawns = startingPawns();
    pawns[0] = 'hall';
    pawns[1] = cellIndex({ x: 11, y: 16 }); // on the cell outside a hall door
    const walking = run(withPawns(start, pawns), { type: 'roll' }, { type: 'dice', total: 6 });
    if (walking.phase.kind !== 'walk') throw new Error('expected a walk');
    expect(walking.phase.destinations).not.toContain('hall');
    expect(walking.phase.destinations).not.toContain(pawns[1]);
  });
});

/** An independent referee of one step: what the board must look like after it. */
function checkStep(before: GameState, action: Action, after: GameState): void {
  const b = after.board!;
  const cells = b.pawns.filter((p) => !isRoomPlace(p));
  expect(new Set(cells).size).toBe(cells.length); // no two pawns on one cell
  for (const p of cells) expect(WALL_FREE[p as number]).toBe(true);
  if (after.phase.kind === 'suggest') expect(b.pawns[after.phase.seat]).toBe(b.entered);
  if (action.type === 'suggest') {
    const room = ROOMS[b.binding.roomOfCard[action.cards[b.binding.roomCategory]]];
    expect(room).toBe(before.board!.entered);
    const character = b.binding.characterOfCard[action.cards[b.binding.suspectCategory]];
    if (b.rules.summon) expect(b.pawns[character]).toBe(room);
  }
}

describe('random legal playthroughs', () => {
  it('every legal action applies, the referee agrees, and every game ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 1e9 }), fc.boolean(), fc.constantFrom<BoardRules['steps']>('exact', 'atMost'), (players, seed, summon, steps) => {
        const rules: BoardRules = { ...DEFAULT_BOARD_RULES, summon, steps, dice: { count: steps === 'exact' ? 2 : 1, sides: 6 } };
        const s = { ...spec(players, rules), maxTurns: 60 };
        const rng = new Random(seed);
        let state = newGame(s, randomDeal(s, rng));
        for (let k = 0; state.phase.kind !== 'over'; k++) {
          expect(k).toBeLessThan(100_000);
          const options = legalActions(state).filter((a) => a.type !== 'accuse'); // accusing at random would end games at once
          const action = options[rng.below(options.length)];
          const next = applyAction(state, action).state;
          checkStep(state, action, next);
          state = next;
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the dice', () => {
  it('have the distribution of the rules, and rollDice draws from it', () => {
    const two = diceDistribution(DEFAULT_BOARD_RULES);
    expect(two.slice(2).map((p) => Math.round(p * 36))).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    expect(diceDistribution({ ...DEFAULT_BOARD_RULES, dice: { count: 1, sides: 6 } }).slice(1)).toEqual(Array(6).fill(1 / 6));
    // Chi-square over 36,000 rolls (10 degrees of freedom; 29.6 is the 0.1% critical value).
    const rng = new Random(11);
    const counts = new Array(13).fill(0);
    const n = 36_000;
    for (let i = 0; i < n; i++) counts[rollDice(DEFAULT_BOARD_RULES, (k) => rng.below(k))]++;
    const chi = counts.slice(2).reduce((sum, c, i) => sum + (c - n * two[i + 2]) ** 2 / (n * two[i + 2]), 0);
    expect(chi).toBeLessThan(29.6);
  });

  it('expected turns to reach a room: one turn within any roll, more with distance, by the recurrence', () => {
    const turns = expectedTurnsTable(DEFAULT_BOARD_RULES);
    expect(turns[1]).toBe(1);
    expect(turns[2]).toBe(1);
    expect(turns[3]).toBeCloseTo(1 + turns[1] / 36, 12); // rolls of 2 fall one short
    for (let d = 2; d < 60; d++) expect(turns[d + 1]).toBeGreaterThanOrEqual(turns[d]);
    // Far away, about one turn per 7 steps (the mean roll).
    expect(turns[70] - turns[35]).toBeCloseTo(5, 0);
  });
});

describe('movement policies', () => {
  const binding = bindClassicBoard(CLASSIC_DECK, 3);
  if (typeof binding === 'string') throw new Error(binding);
  const view = { me: 0 } as SeatView;
  const only = (room: Room) => () => ROOMS.map((r) => (r === room ? 1 : 0));
  const situation = (pawns: Place[], summoned = false): BoardSituation => ({ rules: DEFAULT_BOARD_RULES, binding, pawns, summoned });

  it('takes the passage to the one useful room, stays when summoned into it, and enters it when the roll allows', () => {
    const kitchen = movementPolicy(only('kitchen'));
    expect(kitchen.open(view, situation(['study']), ['roll', 'passage'])).toBe('passage');
    expect(kitchen.open(view, situation(['kitchen'], true), ['roll', 'passage', 'stay'])).toBe('stay');
    const study = movementPolicy(only('study'));
    expect(study.open(view, situation(['study'], false), ['roll', 'passage'])).toBe('roll');
    expect(kitchen.walk(view, situation([cellIndex({ x: 19, y: 8 })]), ['kitchen', cellIndex({ x: 19, y: 10 })])).toBe('kitchen');
  });

  it('otherwise ends the walk on the cell fewest expected turns from the useful room', () => {
    const hall = movementPolicy(only('hall'));
    const near = cellIndex({ x: 14, y: 16 }); // 3 steps from the hall door (12, 17)
    const far = cellIndex({ x: 15, y: 8 });
    const from = situation([cellIndex({ x: 15, y: 11 })]);
    expect(hall.walk(view, from, [far, near])).toBe(near);
    // Value per turn decides: the kitchen, worth ten times the hall, one step from (18, 7), beats the hall.
    const values = () => ROOMS.map((r) => (r === 'hall' ? 1 : r === 'kitchen' ? 10 : 0));
    const byKitchen = cellIndex({ x: 18, y: 7 });
    expect(movementPolicy(values).walk(view, from, [near, byKitchen])).toBe(byKitchen);
    expect(hall.walk(view, from, [near, byKitchen])).toBe(near);
  });
});

describe('whole games on the board', () => {
  const core = KnowledgeCore.create();

  it('every agent plays legal games to the end, suggesting only in the rooms it entered', () => {
    for (const labels of [['random', 'naive', 'deductive'], ['entropy:samples=300', 'deductive', 'naive', 'random'], ['epistemic:samples=200,draws=50', 'deductive']]) {
      for (let g = 0; g < 3; g++) {
        const agents = labels.map((l, s) => createAgent(parseAgentSpec(l), new Random(5, g, s + 1), core));
        const s = spec(labels.length);
        const played = playScored(s, agents, new Random(5, g), g);
        expect(played.result.suggestionsByRoom).toHaveLength(9);
        const suggestions = played.views[0].events.filter((e) => e.type === 'suggestion' || e.type === 'showcard' || e.type === 'nocard' || e.type === 'suggest').length;
        expect(played.result.suggestionsByRoom!.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
        expect(suggestions).toBeGreaterThan(0);
        for (const seat of played.result.seatResults) {
          expect(seat.turnsMoving).toBeLessThanOrEqual(seat.turnsTaken);
          expect(seat.roomsVisited).toBeLessThanOrEqual(9);
        }
      }
    }
  });

  it('the board tallies of shards merge into those of the whole run', () => {
    const config: TournamentConfig = { deck: Object.fromEntries(CLASSIC_DECK.categories.map((c) => [c.name, c.cards])), players: 4, agents: ['naive', 'deductive'], maxTurns: 400, board: DEFAULT_BOARD_RULES };
    const games = playTournamentGames(config, 3, 0, 12, core);
    const whole = games.reduce(accumulate, emptyAccumulator());
    const halves = merge(games.slice(0, 5).reduce(accumulate, emptyAccumulator()), games.slice(5).reduce(accumulate, emptyAccumulator()));
    expect(finalize(halves)).toEqual(finalize(whole));
    const summary = finalize(whole);
    const total = Object.values(summary.suggestionsByRoom!).reduce((a, b) => a + b, 0);
    expect(total).toBe(games.reduce((n, g) => n + g.suggestionsByRoom!.reduce((a, b) => a + b, 0), 0));
    for (const row of summary.agents) {
      expect(row.movingShare!.estimate).toBeGreaterThanOrEqual(0);
      expect(row.meanRoomsVisited!.estimate).toBeGreaterThan(0);
    }
  });
});
