// What timing every decision costs (tournament/decision-times.ts): games per CPU second with the
// agents' decisions timed and without, side by side. Each trial plays one game both ways, in a
// random order, and compares their CPU times (this process's user and system time, which other
// processes on a shared machine disturb less than the wall clock); the figure is the mean of the
// trials' log-ratios with its standard error. Six seats of each configuration of bench/simulate.ts.
//
//   npx tsx bench/decision-timing.ts [--trials 200]
import { parseArgs } from 'node:util';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { playTournamentGames, type TournamentConfig } from '../src/tournament/play.js';
import { emptyDecisionTimes } from '../src/tournament/decision-times.js';

const { values: args } = parseArgs({ options: { trials: { type: 'string', default: '200' } } });
const trials = Number(args.trials);
const core = KnowledgeCore.create();
const configs: Array<[string, TournamentConfig, number]> = [
  ['deductive ×6', { deck: CLASSIC_CATEGORIES, players: 6, agents: ['deductive'], maxTurns: 300 }, trials],
  // Seats rotate through the list, so every game has exactly one entropy agent.
  ['entropy + deductive ×5', { deck: CLASSIC_CATEGORIES, players: 6, agents: ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], maxTurns: 300 }, Math.ceil(trials / 5)],
  // The cheapest decisions there are: a random agent's cost about as much as reading the clock twice.
  ['random ×6, 1,000 turns', { deck: CLASSIC_CATEGORIES, players: 6, agents: ['random:accuse=never'], maxTurns: 1000 }, trials],
];

/** The CPU time of `f` (ms). */
function cpu(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

for (const [name, config, count] of configs) {
  const play = (game: number, timed: boolean) => cpu(() => playTournamentGames(config, 1, game, game + 1, core, timed ? emptyDecisionTimes() : undefined));
  for (let g = 0; g < 3; g++) [false, true].forEach((timed) => play(g, timed));
  const logs: number[] = [];
  let untimed = 0;
  let timed = 0;
  for (let g = 0; g < count; g++) {
    const first = Math.random() < 0.5;
    const a = first ? play(g, false) : 0;
    const b = play(g, true);
    const off = first ? a : play(g, false);
    untimed += off;
    timed += b;
    if (off > 0 && b > 0) logs.push(Math.log(b / off));
  }
  const mean = logs.reduce((x, y) => x + y, 0) / logs.length;
  const sd = Math.sqrt(logs.reduce((x, y) => x + (y - mean) ** 2, 0) / (logs.length - 1));
  console.log(
    `${name}: ${((count / untimed) * 1000).toFixed(1)} games per CPU second untimed, ${((count / timed) * 1000).toFixed(1)} timed; ` +
      `timing costs ${((Math.exp(mean) - 1) * 100).toFixed(1)}% ± ${((sd / Math.sqrt(logs.length)) * 100).toFixed(1)}% (${logs.length} games)`,
  );
}
