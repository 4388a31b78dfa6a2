// A turn costs the same late in a long game as early in a short one: the game loop, the seats'
// views and the agents' decisions keep up with the events as they come instead of reading the
// whole game again at every turn. The work is counted, not timed: every element that the code run
// by a game steps through in an array (for-of, spread, and the array methods that visit elements),
// counted by wrapping the array iterator and those methods while the game is played.
import { describe, expect, it } from 'vitest';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { DEFAULT_BOARD_RULES } from '../src/game/board/movement.js';
import { playTournamentGame, type TournamentConfig } from '../src/tournament/play.js';

const core = KnowledgeCore.create();

const VISITING = ['map', 'filter', 'forEach', 'reduce', 'some', 'every', 'find', 'findIndex', 'includes', 'indexOf', 'slice', 'flatMap', 'concat', 'join'] as const;

/** The array elements that `run` steps through (an upper bound for the methods: the array's length per call). */
function arrayWork(run: () => void): number {
  let steps = 0;
  const iterator = Object.getPrototypeOf([][Symbol.iterator]()) as { next: (this: unknown) => unknown };
  const next = iterator.next;
  const methods = VISITING.map((name) => [name, Array.prototype[name]] as const);
  iterator.next = function (this: unknown) {
    steps++;
    return next.call(this);
  };
  const prototype = Array.prototype as unknown as Record<string, unknown>;
  for (const [name, method] of methods) {
    prototype[name] = function (this: unknown[], ...args: unknown[]) {
      steps += this.length;
      return (method as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    run();
  } finally {
    iterator.next = next;
    for (const [name, method] of methods) prototype[name] = method;
  }
  return steps;
}

/** The work of game 0 of a run of `config` capped at `turns` turns, which it must reach. */
function workOfGame(config: Omit<TournamentConfig, 'maxTurns'>, turns: number): number {
  let played = 0;
  const work = arrayWork(() => {
    played = playTournamentGame({ ...config, maxTurns: turns }, 1, 0, core).result.turns;
  });
  expect(played).toBe(turns);
  return work;
}

// Agents that never accuse, so that every game runs to its cap. The naive agents read what was
// shown to them at every decision, one counting its own suggestions (bluff), the other what it
// showed before (refute=repeat); the exact ones bring their knowledge up to date with each event.
const NAIVE = ['random:accuse=never', 'naive:accuse=never,bluff=3', 'naive:accuse=never,refute=repeat'];
const EXACT = ['deductive:accuse=never,refute=repeat', 'kripke:accuse=never,bluff=3'];

describe('the work of a turn does not grow with the game', () => {
  // Twenty times the turns, at most 10% more work per turn (what the agents do varies with what they know).
  it.each([
    ['the card game, naive agents', { deck: CLASSIC_CATEGORIES, players: 3, agents: NAIVE }],
    ['the card game, agents of exact knowledge', { deck: CLASSIC_CATEGORIES, players: 3, agents: EXACT }],
    ['on the board, naive agents', { deck: CLASSIC_CATEGORIES, players: 3, agents: NAIVE, board: DEFAULT_BOARD_RULES }],
  ] as const)('%s: a game of 5,000 turns does at most 22 times the work of one of 250', (_, config) => {
    const short = workOfGame(config, 250);
    const long = workOfGame(config, 5000);
    expect(long / short).toBeLessThanOrEqual(22);
  }, 240_000);
});
