// `npx tsx bench/estimates.ts [--games N] [--seeds S] [--draws 1000,2000,...]`: how well the
// entropy-greedy ranking chooses from draws. Plays six-player games with one `entropy` agent among
// five `deductive` ones; at each of the agent's decisions, scores every suggestion exactly (listed
// or counted), then as an agent with `samples=N` would (every deal when there are no more, else N
// uniform draws; S seeds each), with the plug-in estimate and with the Miller-Madow correction of
// its bias (what the agents use), and corrected with one estimate shared by the suggestions the
// position cannot tell apart (`shared`: the entropy agent's symmetric=on), and reports the
// information the choice gives up against the exact best, and the CPU time of drawing, scoring
// and ranking. One thread.
import { parseArgs } from 'node:util';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { positionOf } from '../src/analysis/load.js';
import type { SyncAgent } from '../src/game/agent.js';
import type { Game } from '../src/model/game.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playScored } from '../src/tournament/play.js';
import { scoreInThread } from '../src/analysis/exact-scoring.js';
import { SCORE_WIDTH, answeringOf, rankSuggestions, scoringDeals } from '../src/analysis/entropy-greedy.js';
import { symmetricCards } from '../src/knowledge/symmetry.js';

const { values: args } = parseArgs({ options: { games: { type: 'string', default: '24' }, seeds: { type: 'string', default: '4' }, draws: { type: 'string', default: '1000,2000,3000,4000,5000' } } });
const GAMES = Number(args.games);
const SEEDS = Number(args.seeds);
const DRAWS = args.draws.split(',').map(Number);
const core = KnowledgeCore.shared();
const players = ['A', 'B', 'C', 'D', 'E', 'F'];

interface Decision {
  game: Game;
  me: number;
  shownTo: number[];
  exact: number[];
}

/** The entropy agent's decisions in GAMES games, each with every suggestion's exact bits. */
function decisions(): Decision[] {
  const found: Decision[] = [];
  for (let g = 0; g < GAMES; g++) {
    const seat = g % players.length;
    const agents = players.map((_, s): SyncAgent => {
      const agent = createAgent(parseAgentSpec(s === seat ? 'entropy' : 'deductive'), new Random(g, s), core);
      if (s !== seat) return agent;
      return {
        ...agent,
        suggest(view, room) {
          using position = positionOf(core, view.game());
          const options = { suggester: view.me, answering: answeringOf(view.me, view.players.length, view.rules), responseModel: 'uniform' as const, shownTo: view.shownToMe(), samples: 1, seed: 1, exact: 'always' as const };
          const scores = scoreInThread(view.game(), position, options);
          found.push({ game: view.game(), me: view.me, shownTo: view.shownToMe(), exact: Array.from({ length: scores.length / SCORE_WIDTH }, (_, q) => scores[q * SCORE_WIDTH]) });
          return agent.suggest(view, room);
        },
      };
    });
    playScored({ deck: CLASSIC_DECK, players, maxTurns: 300 }, agents, new Random(g), g);
    for (const agent of agents) agent.dispose?.();
  }
  return found;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const all = decisions();
const rows = DRAWS.flatMap((n) => (['plug-in', 'corrected', 'shared'] as const).map((estimate) => ({ n, estimate, lost: [] as number[], ms: 0 })));
for (const d of all) {
  using position = positionOf(core, d.game);
  const best = Math.max(...d.exact);
  const suggestions = d.exact.length;
  for (let seed = 1; seed <= SEEDS; seed++) {
    for (const row of rows) {
      // As the agents do: every deal when there are no more than N, else N draws; their choice, ties by the seed.
      const started = process.cpuUsage();
      const { method, deals } = scoringDeals(position, { suggester: d.me, answering: answeringOf(d.me, d.game.players.length, d.game.rules), responseModel: 'uniform', shownTo: d.shownTo, samples: row.n, seed, exact: 'auto' });
      // 'shared': corrected, and one estimate for the suggestions the position cannot tell apart (the entropy agent's symmetric=on).
      const symmetry = row.estimate === 'shared' ? symmetricCards(position.store) : undefined;
      const scores = position.eig(deals, d.me, 0, d.shownTo, 0, suggestions, method === 'sampled' && row.estimate !== 'plug-in', undefined, symmetry);
      const chosen = rankSuggestions(scores, seed).order[0];
      row.ms += cpuMs(started);
      row.lost.push(best - d.exact[chosen]);
    }
  }
}

console.log(`${all.length} decisions of one entropy agent among five deductive (${GAMES} games), ${SEEDS} seeds of draws each`);
console.log(`${'draws'.padStart(6)}  ${'estimate'.padEnd(10)} ${'bits given up: mean'.padStart(20)} ${'worst'.padStart(7)} ${'most informative'.padStart(17)} ${'CPU ms per decision'.padStart(20)}`);
for (const row of rows) {
  const mean = row.lost.reduce((a, x) => a + x, 0) / row.lost.length;
  const best = row.lost.filter((x) => x < 1e-9).length / row.lost.length;
  console.log(
    `${row.n.toLocaleString('en-US').padStart(6)}  ${row.estimate.padEnd(10)} ${mean.toFixed(4).padStart(20)} ${Math.max(...row.lost).toFixed(3).padStart(7)} ${`${(100 * best).toFixed(1)}%`.padStart(17)} ${(row.ms / row.lost.length).toFixed(1).padStart(20)}`,
  );
}
