// Agents from outside (docs/agents.md): what the process protocol costs, measured side by side in
// one run on this thread, games played one after another as a worker thread plays them
// (src/tournament/tasks.ts):
//  1. decisions through the process protocol with a trivial Python agent
//     (examples/agents/random_agent.py): its decisions answered per second of waiting for them,
//     and the round trip of one decision (request written, reply read), mean, median and p95;
//     with the program in one seat among three deductive agents, and in all four seats (the
//     protocol alone); plus the start of one process (spawn to hello);
//  2. the cost of a game with that program in one seat against the same games (same seed, same
//     other seats) with the built-in random agent there, and with the same agent as an
//     --agent-module (bench/random-module-agent.mjs): ms per game, and the ratios.
// Rounds alternate between the variants so that a busy machine slows them alike; each figure is
// the median of the rounds, after a warm-up round (processes started, module loaded, code warm).
//
//   npx tsx bench/agents.ts [--games 100] [--rounds 9]      (or npm run bench -- --agents-only)
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { games as playGames } from '../src/tournament/tasks.js';
import type { TournamentConfig } from '../src/tournament/play.js';
import type { GameResult } from '../src/tournament/results.js';
import type { ExternalAgentDefinition } from '../src/agents/external/definitions.js';
import { AgentProcess } from '../src/agents/external/agent-process.js';
import { checkAgentProgram, closeAgentPrograms } from '../src/agents/external/node.js';

const PYTHON_AGENT = fileURLToPath(new URL('../examples/agents/random_agent.py', import.meta.url));
const MODULE_AGENT = new URL('./random-module-agent.mjs', import.meta.url).href;
const SEED = 1;

export interface LatencyFigures {
  /** Decisions the program answered in the timed rounds. */
  decisions: number;
  /** Decisions answered per second of waiting for them (the engine waits for each reply). */
  decisionsPerSecond: number;
  /** Round trip of one decision, ms. */
  meanMs: number;
  medianMs: number;
  p95Ms: number;
  /** The share of the games' wall time spent waiting for the program. */
  shareOfGameTime: number;
  /** Decisions answered per second of the games' wall time (engine and other seats included). */
  decisionsPerWallSecond: number;
}

export interface AgentsBenchRow {
  /** What sat in the measured seat. */
  seat: string;
  kind: 'built-in' | 'program' | 'module';
  msPerGame: number;
  turnsPerGame: number;
  msPerTurn: number;
  /** msPerGame over the built-in agent's, measured in the same rounds. */
  ratio: number;
}

export interface AgentsBench {
  games: number;
  rounds: number;
  table: string;
  /** A fresh process of the Python agent: spawn to hello answered, median of 3, ms. */
  startMs: number;
  /** `python3 -c ''` run to its end, median of 3, ms: the interpreter's own start. */
  pythonMs: number;
  /** The program in one seat of four, three deductive agents in the others. */
  oneSeat: LatencyFigures;
  /** The program in all four seats (never accusing: every game lasts its 40 turns). */
  allSeats: LatencyFigures & { gamesPerRound: number; msPerGame: number };
  rows: AgentsBenchRow[];
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Every round trip through AgentProcess.request while `on`, in ms: the engine's own request, as it plays. */
function timeRequests() {
  const latencies: number[] = [];
  let on = false;
  const original = AgentProcess.prototype.request;
  AgentProcess.prototype.request = function (this: AgentProcess, message: Record<string, unknown> & { id: number }) {
    const started = performance.now();
    return original.call(this, message).then((reply) => {
      if (on) latencies.push(performance.now() - started);
      return reply;
    });
  };
  return {
    latencies,
    set on(value: boolean) {
      on = value;
    },
    restore: () => void (AgentProcess.prototype.request = original),
  };
}

async function play(config: TournamentConfig, games: number): Promise<{ ms: number; results: GameResult[] }> {
  const started = performance.now();
  const { results } = await playGames({ config, seed: SEED, from: 0, to: games });
  return { ms: performance.now() - started, results };
}

function latencyFigures(latencies: number[], wallMs: number): LatencyFigures {
  const waited = sum(latencies);
  return {
    decisions: latencies.length,
    decisionsPerSecond: (latencies.length / waited) * 1000,
    meanMs: waited / latencies.length,
    medianMs: median(latencies),
    p95Ms: quantile(latencies, 0.95),
    shareOfGameTime: waited / wallMs,
    decisionsPerWallSecond: (latencies.length / wallMs) * 1000,
  };
}

/** Undefined (with a line saying why) when python3 cannot run. */
export async function benchAgents(games = 100, rounds = 9): Promise<AgentsBench | undefined> {
  if (spawnSync('python3', ['--version']).status !== 0) {
    console.log('agents: skipped, python3 is not installed');
    return undefined;
  }
  const program: ExternalAgentDefinition = { name: 'rnd', command: ['python3', PYTHON_AGENT], timeoutMs: 10_000 };
  const module: ExternalAgentDefinition = { name: 'mod', module: MODULE_AGENT, timeoutMs: 10_000 };
  const others = ['deductive', 'deductive', 'deductive'];
  // Four seats; the list rotates by one seat a game, so the measured agent sits in every seat in turn.
  const table = (seat: string, external: ExternalAgentDefinition[]): TournamentConfig => ({ deck: CLASSIC_CATEGORIES, players: 4, agents: [seat, ...others], maxTurns: 200, ...(external.length > 0 && { external }) });
  const variants: Array<{ seat: string; kind: AgentsBenchRow['kind']; config: TournamentConfig }> = [
    { seat: 'random', kind: 'built-in', config: table('random', []) },
    { seat: 'random_agent.py', kind: 'program', config: table('rnd', [program]) },
    { seat: 'random-module-agent.mjs', kind: 'module', config: table('mod', [module]) },
  ];
  const allSeats: TournamentConfig = { deck: CLASSIC_CATEGORIES, players: 4, agents: ['rnd'], maxTurns: 40, external: [program] };
  const allSeatsGames = Math.max(2, Math.round(games / 8));

  const starts: number[] = [];
  const pythons: number[] = [];
  for (let i = 0; i < 3; i++) {
    let started = performance.now();
    await checkAgentProgram(program);
    starts.push(performance.now() - started);
    started = performance.now();
    spawnSync('python3', ['-c', '']);
    pythons.push(performance.now() - started);
  }

  const timer = timeRequests();
  try {
    // Warm-up: the program's process started, the module imported, the engine's code compiled.
    for (const v of variants) await play(v.config, Math.min(games, 8));
    await play(allSeats, 1);

    const ms = new Map<string, number[]>(variants.map((v) => [v.kind, []]));
    const turns = new Map<string, number>();
    const oneSeatLatencies: number[] = [];
    let oneSeatWall = 0;
    const allLatencies: number[] = [];
    const allWall: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // Each round in another order: none of the variants always runs right after the same one.
      const order = r % 2 === 0 ? variants : [...variants].reverse();
      for (const v of order) {
        timer.latencies.length = 0;
        timer.on = v.kind === 'program';
        const { ms: took, results } = await play(v.config, games);
        timer.on = false;
        ms.get(v.kind)!.push(took);
        turns.set(v.kind, sum(results.map((g) => g.turns)) / results.length);
        if (v.kind === 'program') {
          oneSeatLatencies.push(...timer.latencies);
          oneSeatWall += took;
        }
      }
      timer.latencies.length = 0;
      timer.on = true;
      const { ms: took } = await play(allSeats, allSeatsGames);
      timer.on = false;
      allLatencies.push(...timer.latencies);
      allWall.push(took);
    }
    const perGame = (kind: string) => median(ms.get(kind)!) / games;
    const builtIn = perGame('built-in');
    return {
      games,
      rounds,
      table: '4 players: the measured seat and 3 deductive agents, max 200 turns',
      startMs: median(starts),
      pythonMs: median(pythons),
      oneSeat: latencyFigures(oneSeatLatencies, oneSeatWall),
      allSeats: { ...latencyFigures(allLatencies, sum(allWall)), gamesPerRound: allSeatsGames, msPerGame: median(allWall) / allSeatsGames },
      rows: variants.map((v) => ({ seat: v.seat, kind: v.kind, msPerGame: perGame(v.kind), turnsPerGame: turns.get(v.kind)!, msPerTurn: perGame(v.kind) / turns.get(v.kind)!, ratio: perGame(v.kind) / builtIn })),
    };
  } finally {
    timer.restore();
    await closeAgentPrograms();
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function printAgents(b: AgentsBench | undefined): void {
  if (b === undefined) return;
  console.log(`\nAgents from outside, one thread: ${b.games} games a round, median of ${b.rounds} rounds taken in turns (${b.table})`);
  const latency = (f: LatencyFigures) =>
    `${fmt(f.decisionsPerSecond)} decisions/s of waiting (${fmt(f.decisions)} decisions), round trip mean ${fmt(f.meanMs, 3)} ms, median ${fmt(f.medianMs, 3)} ms, p95 ${fmt(f.p95Ms, 3)} ms`;
  console.log(`  random_agent.py in one seat    ${latency(b.oneSeat)}; ${fmt(100 * b.oneSeat.shareOfGameTime, 0)}% of the games' time spent waiting for it`);
  console.log(`  random_agent.py in all 4 seats ${latency(b.allSeats)}; ${fmt(b.allSeats.decisionsPerWallSecond)} decisions per second of game time, ${fmt(b.allSeats.msPerGame, 1)} ms a game of 40 turns`);
  console.log(`  a fresh process of it, spawn to hello: ${fmt(b.startMs, 1)} ms; python3 -c '' alone: ${fmt(b.pythonMs, 1)} ms (medians of 3)`);
  console.log('  the measured seat:');
  for (const r of b.rows) {
    console.log(`    ${`${r.seat} (${r.kind})`.padEnd(36)} ${fmt(r.msPerGame, 2).padStart(7)} ms a game   ${fmt(r.turnsPerGame, 1).padStart(5)} turns a game   ${fmt(r.msPerTurn, 3).padStart(6)} ms a turn   ${fmt(r.ratio, 2)}× the built-in agent's ms a game`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({ options: { games: { type: 'string', default: '100' }, rounds: { type: 'string', default: '9' } } });
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  const started = performance.now();
  printAgents(await benchAgents(Number(args.games), Number(args.rounds)));
  console.log(`\n(${fmt((performance.now() - started) / 1000, 1)} s)`);
}
