// Simulated six-player games per second, 1 thread vs 2: deductive agents only, one entropy agent
// among five deductive ones, and long games (random agents that never accuse, to a 20,000-turn
// cap), whose turns cost what short games' do.
import { Bench } from 'tinybench';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { runTournament } from '../src/tournament/run.js';
import { tournamentPool } from '../src/tournament/pool.js';
import type { TournamentConfig } from '../src/tournament/play.js';

const median = (task: { result: unknown }) => (task.result as { latency: { p50: number } }).latency.p50;

export async function benchSimulate(time: number) {
  const pools = { 1: tournamentPool(1), 2: tournamentPool(2) };
  const configs: Array<[string, TournamentConfig, number]> = [
    ['deductive ×6', { deck: CLASSIC_CATEGORIES, players: 6, agents: ['deductive'], maxTurns: 300 }, 400],
    // Seats rotate through the list, so every game has exactly one entropy agent.
    ['entropy + deductive ×5', { deck: CLASSIC_CATEGORIES, players: 6, agents: ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], maxTurns: 300 }, 40],
    ['random ×6, 20,000 turns', { deck: CLASSIC_CATEGORIES, players: 6, agents: ['random:accuse=never'], maxTurns: 20_000 }, 2],
  ];
  try {
    const bench = new Bench({ name: 'simulate', time, iterations: 2, warmup: true, warmupIterations: 1 });
    for (const [name, config, games] of configs) {
      for (const t of [1, 2] as const) bench.add(`${name}/${t}`, () => runTournament(config, { games, seed: 1, executor: pools[t] }).then(() => undefined));
    }
    await bench.run();
    return configs.map(([name, , games]) => {
      const one = (games / median(bench.tasks.find((t) => t.name === `${name}/1`)!)) * 1000;
      const two = (games / median(bench.tasks.find((t) => t.name === `${name}/2`)!)) * 1000;
      return { agents: name, games, oneThreadGamesPerSec: one, twoThreadsGamesPerSec: two, speedup: two / one };
    });
  } finally {
    await Promise.all([pools[1].close(), pools[2].close()]);
  }
}
