// `npx tsx bench/exact-information.ts [--runs N] [--enumerate]`: the time of one entropy-greedy
// decision (all 324 classic suggestions scored) by counting each answer's deals in the core
// (exact-information.ts), at the first turn of a 6-player game, early, mid-game and late, and on
// simulated 6-player positions after more and more refutations the seat did not see; against
// the estimate from the agents' draws (DEFAULT_ENTROPY_SAMPLES) and from the advisor's 20,000
// and, with --enumerate, the exact scoring of every enumerated deal (slow early on).
// Then, with --games N (default 10), every decision the entropy agent met in N six-player games
// among five deductive agents, timed both ways: what the agent would pay per decision.
// One thread; each figure the median of --runs runs after a warm-up run.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseGame } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { KnowledgeCore, type Position } from '../src/knowledge/wasm-core.js';
import { positionOf } from '../src/analysis/load.js';
import { combinationCount } from '../src/knowledge/tallies.js';
import { informationByCounting } from '../src/analysis/exact-information.js';
import { MAX_EXACT_DEALS, answeringOf, scoreDeals, scoringDeals } from '../src/analysis/entropy-greedy.js';
import { DEFAULT_ENTROPY_SAMPLES } from '../src/agents/registry.js';
import { simulatePosition } from '../test/support/simulated-positions.js';
import { playTournamentGame } from '../src/tournament/play.js';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, enumerate: { type: 'boolean', default: false }, games: { type: 'string', default: '10' } } });
const RUNS = Number(args.runs);

const example = (name: string) => JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')) as { events: unknown[] };
const early = example('classic-6p-early');
/** A classic 6-player game seen by seat 0 after random suggestions with `unseen` refutations it did not see. */
const simulated = (unseen: number, seed: number): Game => simulatePosition({ categories: [6, 6, 9], seats: 6, unseenRefutations: unseen, observer: 0, seed }).game;
const positions: Array<[string, Game]> = [
  ['6 players, first turn', parseGame({ ...early, events: [] })],
  ['6 players, after 2 suggestions', parseGame({ ...early, events: early.events.slice(0, 2) })],
  ['classic-6p-early', parseGame(early)],
  ['classic-5p-mid', parseGame(example('classic-5p-mid'))],
  ['classic-6p-late', parseGame(example('classic-6p-late'))],
  ...[3, 6, 10, 15].flatMap((unseen) => [1, 2].map((seed): [string, Game] => [`simulated, ${unseen} unseen refutations (seed ${seed})`, simulated(unseen, seed)])),
];

function median(run: () => void): number {
  run();
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

function sampled(position: Position, game: Game, draws: number): () => void {
  const n = combinationCount(game.deck.categoryMasks);
  return () => position.eig(position.sample(draws, 1), game.me!, 0, [], 0, n, true);
}

const core = KnowledgeCore.shared();
const rows = positions.map(([name, game]) => {
  using position = positionOf(core, game);
  const { counted, shared } = informationByCounting(game, position);
  const countingMs = median(() => informationByCounting(game, position));
  const deals = position.count();
  const n = combinationCount(game.deck.categoryMasks);
  const listed = () => position.eig(position.enumerate(MAX_EXACT_DEALS), game.me!, 0, [], 0, n, false);
  const enumerateMs = args.enumerate && deals <= BigInt(MAX_EXACT_DEALS) ? median(listed) : null;
  // The largest difference between the two exact methods, over every suggestion's three figures.
  let difference = 0;
  if (enumerateMs !== null) {
    const a = listed();
    const b = informationByCounting(game, position).scores;
    for (let i = 0; i < a.length; i++) difference = Math.max(difference, Math.abs(a[i] - b[i]));
  }
  return {
    position: name,
    deals: deals.toLocaleString('en-US'),
    dagNodes: position.dagSize().nodes,
    counts: counted,
    shared,
    countingMs: Math.round(countingMs),
    msPerCount: Number((countingMs / counted).toFixed(3)),
    [`draws${DEFAULT_ENTROPY_SAMPLES}Ms`]: Math.round(median(sampled(position, game, DEFAULT_ENTROPY_SAMPLES))),
    draws20000Ms: Math.round(median(sampled(position, game, 20_000))),
    enumeratedMs: enumerateMs === null ? '' : Math.round(enumerateMs),
    difference: enumerateMs === null ? '' : difference.toExponential(1),
  };
});
console.table(rows);

// The decisions of an entropy agent in real games: its view before each of its suggestions.
const GAMES = Number(args.games);
const config = { deck: CLASSIC_CATEGORIES, players: 6, agents: ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], maxTurns: 300 };
const decisions: Game[] = [];
for (let g = 0; g < GAMES; g++) {
  const { result, views } = playTournamentGame(config, 1, g, core);
  const seat = result.seats.indexOf('entropy');
  const game = views[seat].game();
  game.events.forEach((e, i) => {
    if (e.type === 'suggestion' && e.by === seat) decisions.push({ ...game, events: game.events.slice(0, i) });
  });
}
const drawn = DEFAULT_ENTROPY_SAMPLES.toLocaleString('en-US');
const BANDS = ['over 10^9 deals', '10^6 to 10^9 deals', `${drawn} to 10^6 deals`, `at most ${drawn} deals`];
const phase = (deals: bigint) => BANDS[deals > 1_000_000_000n ? 0 : deals > 1_000_000n ? 1 : deals > BigInt(DEFAULT_ENTROPY_SAMPLES) ? 2 : 3];
const byPhase = new Map<string, { n: number; counting: number; draws: number; worst: number }>();
for (const game of decisions) {
  using position = positionOf(core, game);
  const key = phase(position.count());
  const t0 = performance.now();
  informationByCounting(game, position);
  const counting = performance.now() - t0;
  // The agent's way: its draws, or every deal when there are no more.
  const t1 = performance.now();
  const options = { suggester: game.me!, answering: answeringOf(game.me!, game.players.length, game.rules), responseModel: 'uniform' as const, shownTo: [], samples: DEFAULT_ENTROPY_SAMPLES, seed: 1, exact: 'auto' as const };
  scoreDeals(position, scoringDeals(position, options), options);
  const draws = performance.now() - t1;
  const row = byPhase.get(key) ?? { n: 0, counting: 0, draws: 0, worst: 0 };
  byPhase.set(key, { n: row.n + 1, counting: row.counting + counting, draws: row.draws + draws, worst: Math.max(row.worst, counting) });
}
console.log(`\nThe entropy agent's decisions in ${GAMES} six-player games among five deductive agents (${decisions.length} decisions), mean ms per decision:`);
console.table(
  BANDS.flatMap((key) => {
    const r = byPhase.get(key);
    return r ? [{ position: key, decisions: r.n, countingMs: Math.round(r.counting / r.n), worstCountingMs: Math.round(r.worst), agentMs: Number((r.draws / r.n).toFixed(1)) }] : [];
  }),
);
