// The board: six-player games per second on the classic board next to the card game, 1 thread vs
// 2 (deductive agents only; one entropy agent among five deductive ones), measured side by side;
// and the time to compute the pawn-free distance tables (every cell to every room, room to room).
import { Bench } from 'tinybench';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { runTournament } from '../src/tournament/run.js';
import { tournamentPool } from '../src/tournament/pool.js';
import type { TournamentConfig } from '../src/tournament/play.js';
import { DEFAULT_BOARD_RULES } from '../src/game/board/movement.js';
import { ROOMS } from '../src/game/board/classic.js';
import { bfsDistances, doorsOf, reachable } from '../src/game/board/paths.js';

const median = (task: { result: unknown }) => (task.result as { latency: { p50: number } }).latency.p50;

export interface BoardBenchRow {
  agents: string;
  games: number;
  /** Games per second: card game and board, on 1 and 2 threads. */
  card: { one: number; two: number };
  board: { one: number; two: number };
}

export interface BoardBench {
  rows: BoardBenchRow[];
  /** Milliseconds to compute every cell's steps to every room (nine BFS) and the room-to-room table from it. */
  distanceTablesMs: number;
  /** Milliseconds for the cells and rooms a roll of 12 reaches from the start cell with the most simple paths, (7, 1). */
  worstReachMs: number;
}

export async function benchBoard(time: number): Promise<BoardBench> {
  const pools = { 1: tournamentPool(1), 2: tournamentPool(2) };
  const six = (agents: string[], games: number): [string, TournamentConfig, number] => [
    agents.length === 1 ? `${agents[0]} ×6` : 'entropy + deductive ×5',
    { deck: CLASSIC_CATEGORIES, players: 6, agents, maxTurns: 600 },
    games,
  ];
  // Seats rotate through the list, so every game has exactly one entropy agent.
  const configs = [six(['deductive'], 200), six(['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], 20)];
  try {
    const bench = new Bench({ name: 'board', time, iterations: 2, warmup: true, warmupIterations: 1 });
    for (const [name, config, games] of configs) {
      for (const t of [1, 2] as const) {
        bench.add(`${name}/card/${t}`, () => runTournament(config, { games, seed: 1, executor: pools[t] }).then(() => undefined));
        bench.add(`${name}/board/${t}`, () => runTournament({ ...config, board: DEFAULT_BOARD_RULES }, { games, seed: 1, executor: pools[t] }).then(() => undefined));
      }
    }
    await bench.run();
    const rate = (name: string, games: number) => (games / median(bench.tasks.find((t) => t.name === name)!)) * 1000;
    const rows = configs.map(([name, , games]) => ({
      agents: name,
      games,
      card: { one: rate(`${name}/card/1`, games), two: rate(`${name}/card/2`, games) },
      board: { one: rate(`${name}/board/1`, games), two: rate(`${name}/board/2`, games) },
    }));
    return { rows, ...pathTimes() };
  } finally {
    await Promise.all([pools[1].close(), pools[2].close()]);
  }
}

/** The tables as the board module builds them (uncached here), and the slowest exact-roll reach; medians of 21. */
function pathTimes(): { distanceTablesMs: number; worstReachMs: number } {
  const medianOf = (f: () => void) => {
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      f();
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[10];
  };
  const distanceTablesMs = medianOf(() => {
    const tables = ROOMS.map((r) => bfsDistances(doorsOf(r)));
    for (const a of ROOMS) for (const t of tables) Math.min(...doorsOf(a).map((i) => t[i]));
  });
  const worstReachMs = medianOf(() => reachable({ x: 7, y: 1 }, 12));
  return { distanceTablesMs, worstReachMs };
}
