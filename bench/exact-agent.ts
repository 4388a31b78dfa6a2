// `npx tsx bench/exact-agent.ts [--games N] [--rounds R]`: what exactness costs the entropy agent.
// Plays six-player games from the same deals and seeds with one `entropy` agent among five
// `deductive` ones, its scores drawn (`exact=off`, the default) or exact at every decision
// (`exact=always`), rounds taken in turns; reports the CPU time per game of each, their ratio, and
// the agent's mean time per decision by how many deals its position had; then, at each decision of
// the drawing agent, how much exact information its choice gave up against the exact best. One thread.
import { parseArgs } from 'node:util';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { positionOf } from '../src/analysis/load.js';
import type { SyncAgent } from '../src/game/agent.js';
import { DEFAULT_ENTROPY_SAMPLES, createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playScored } from '../src/tournament/play.js';
import { scoreInThread } from '../src/analysis/exact-scoring.js';
import { SCORE_WIDTH, answeringOf } from '../src/analysis/entropy-greedy.js';
import { envelopeIndex } from '../src/knowledge/tallies.js';
import { maskOfCards } from '../src/model/bits.js';

const { values: args } = parseArgs({ options: { games: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' } } });
const GAMES = Number(args.games);
const ROUNDS = Number(args.rounds);
const core = KnowledgeCore.shared();
const players = ['A', 'B', 'C', 'D', 'E', 'F'];
const BANDS = [
  ['over 10^9 deals', 1e9],
  ['10^6 to 10^9 deals', 1e6],
  [`${DEFAULT_ENTROPY_SAMPLES.toLocaleString('en-US')} to 10^6 deals`, DEFAULT_ENTROPY_SAMPLES],
  [`at most ${DEFAULT_ENTROPY_SAMPLES.toLocaleString('en-US')} deals`, 0],
] as const;

/** Plays the games with `label` in seat (game mod 6); returns CPU ms and, per band, the decisions' ms. */
function play(label: string, timeDecisions: boolean): { cpuMs: number; decisions: number[][]; losses: number[] } {
  const decisions = BANDS.map((): number[] => []);
  const losses: number[] = [];
  const started = process.cpuUsage();
  for (let g = 0; g < GAMES; g++) {
    const seat = g % players.length;
    const agents = players.map((_, s): SyncAgent => {
      const agent = createAgent(parseAgentSpec(s === seat ? label : 'deductive'), new Random(g, s), core);
      if (s !== seat || !timeDecisions) return agent;
      return {
        ...agent,
        suggest(view, room) {
          const t = process.cpuUsage();
          const cards = agent.suggest(view, room);
          const used = process.cpuUsage(t);
          const ms = (used.user + used.system) / 1000;
          using position = positionOf(core, view.game());
          const deals = Number(position.count());
          decisions[BANDS.findIndex(([, above]) => deals > above)].push(ms);
          // The exact information of the choice against the exact best (bits given up).
          const options = { suggester: view.me, answering: answeringOf(view.me, view.players.length, view.rules), responseModel: 'uniform' as const, shownTo: view.shownToMe(), samples: 1, seed: 1, exact: 'always' as const };
          const scores = scoreInThread(view.game(), position, options);
          let best = 0;
          for (let q = 0; q < scores.length / SCORE_WIDTH; q++) best = Math.max(best, scores[q * SCORE_WIDTH]);
          losses.push(best - scores[envelopeIndex(view.deck.categoryMasks, maskOfCards(cards)) * SCORE_WIDTH]);
          return cards;
        },
      };
    });
    playScored({ deck: CLASSIC_DECK, players, maxTurns: 300 }, agents, new Random(g), g);
    for (const agent of agents) agent.dispose?.();
  }
  const used = process.cpuUsage(started);
  return { cpuMs: (used.user + used.system) / 1000, decisions, losses };
}

const labels = ['entropy', 'entropy:exact=always'];
play(labels[0], false); // warm-up
const cpu = labels.map((): number[] => []);
for (let r = 0; r < ROUNDS; r++) labels.forEach((label, i) => cpu[i].push(play(label, false).cpuMs / GAMES));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${GAMES} six-player games, one entropy agent among five deductive, CPU ms per game (median of ${ROUNDS} rounds):`);
labels.forEach((label, i) => console.log(`  ${label.padEnd(22)} ${median(cpu[i]).toFixed(0)} ms`));
console.log(`  exact=always costs ${(median(cpu[1]) / median(cpu[0])).toFixed(1)}× the drawn scores per game`);

console.log('\nThe agent\'s CPU time per decision (mean, worst), by the deals of its position:');
const runs = labels.map((label) => play(label, true));
const timed = runs.map((r) => r.decisions);
console.log(`  ${'position'.padEnd(22)}${labels.map((l) => l.padStart(32)).join('')}`);
BANDS.forEach(([band], b) => {
  const cell = (ms: number[]) => (ms.length === 0 ? '—' : `${ms.length} × ${(ms.reduce((a, x) => a + x, 0) / ms.length).toFixed(1)} ms (${Math.max(...ms).toFixed(0)})`).padStart(32);
  console.log(`  ${band.padEnd(22)}${timed.map((d) => cell(d[b])).join('')}`);
});
console.log('  (decisions × mean ms, worst in brackets; the games part ways once the agents choose differently)');

for (const [i, { losses }] of runs.entries()) {
  const exactBest = losses.filter((l) => l < 1e-9).length;
  const mean = losses.reduce((a, l) => a + l, 0) / losses.length;
  console.log(`\n${labels[i]}: ${exactBest} of ${losses.length} choices exactly the most informative; mean ${mean.toFixed(4)} bits, worst ${Math.max(...losses).toFixed(4)} bits given up`);
}
