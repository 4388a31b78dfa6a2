// The workloads of `cluedo bench`: what the knowledge core and the agents do most, each a
// throughput with its unit. The standard ones work on the positions of the package's examples
// (examples/classic-6p-early.json and classic-6p-late.json, cut at a few event counts) and on
// six-player games between fixed agents, so that two runs, of two versions or on two machines,
// measure the same work; those of a log work on the user's own position.
import { fileURLToPath } from 'node:url';
import type { Game } from '../model/game.js';
import { counted } from '../model/numbers.js';
import { quote } from '../model/quote.js';
import { InputError } from '../model/errors.js';
import { CLASSIC_CATEGORIES } from '../model/deck.js';
import { ownerWidth } from '../model/owners.js';
import { parseGame } from '../io/log.js';
import { readGameLogFile } from '../io/log-file.js';
import type { KnowledgeCore, Position } from '../knowledge/wasm-core.js';
import { SAMPLE_CHUNK } from '../knowledge/chunks.js';
import type { Executor } from '../runtime/executor.js';
import { analyze } from '../analysis/analyze.js';
import { positionOf } from '../analysis/load.js';
import { sampleDeals } from '../analysis/sampling.js';
import { suggestionRequest } from '../analysis/suggest.js';
import { scoreDeals, scoringDeals, type ScoringOptions } from '../analysis/entropy-greedy.js';
import { ENTROPY_AGENT_SAMPLES } from '../agents/registry.js';
import type { TournamentConfig } from '../tournament/play.js';
import { tournamentTask } from '../tournament/tasks.js';
import type { Round } from './bench-measure.js';
import { WORKLOAD_KINDS, type Skipped, type WorkloadKind } from './bench-run.js';

/** Where a workload's rounds run in parallel: on the analysis' worker pool or the tournament's. */
export type PoolKind = 'analysis' | 'tournament';

export interface Workload {
  /** Its name in --only, the table and the JSON ("analyze-late-12"). */
  id: string;
  /** The kind of work, which --only also takes for every workload of the kind ("analyze"). */
  kind: WorkloadKind;
  /** The unit of its rate ("deals/s"). */
  unit: string;
  /** The pool its rounds run on in parallel, or null: it runs in one thread only. */
  pool: PoolKind | null;
  /** Loads what it works on. */
  prepare(core: KnowledgeCore): Prepared;
}

export interface Prepared extends Disposable {
  /** What it measures, in words. */
  what: string;
  /** The consistent deals of its position, when it has one. */
  consistentDeals: bigint | null;
  /** Its rounds on `executor`: in this thread (an executor of one thread in process) or on a pool's threads. */
  rounds(executor: Executor, signal?: AbortSignal): Round;
}

/** Deals checked a call: the batch bench/index.ts has always timed. */
const CHECK_BATCH = 4096;
/** Deals drawn a request: two chunks per thread of a pool of eight. */
const SAMPLE_REQUEST = 16 * SAMPLE_CHUNK;
/** The seed of every draw, game and tie-break of a workload. */
const SEED = 1;

/** A position of the examples: the example `name` cut after its first `events` events. */
interface ExampleCut {
  name: string;
  events: number;
}

function exampleGame({ name, events }: ExampleCut): Game {
  const log = readGameLogFile(fileURLToPath(new URL(`../../examples/${name}.json`, import.meta.url))) as { events: unknown[] };
  return parseGame({ ...log, events: log.events.slice(0, events) });
}

function cutWords({ name, events }: ExampleCut): string {
  return `${name} after ${counted(events, 'event')}`;
}

function dealsWords(position: Position): string {
  return counted(position.count(), 'consistent deal');
}

/** Deals drawn from the position, every other one made inconsistent by swapping a card between two owners: the check takes both paths. */
function dealsToCheck(position: Position): Uint32Array {
  const width = ownerWidth(position.store.nSeats);
  const deals = position.sample(CHECK_BATCH, SEED);
  for (let i = 0; i < CHECK_BATCH; i += 2) {
    const a = i * width + (i % width);
    const b = i * width + ((i + 1) % width);
    const x = deals[a] & -deals[a];
    const y = deals[b] & -deals[b];
    if (x === 0 || y === 0) continue; // an owner without cards (the table, a seat of none) has none to swap
    deals[a] = ((deals[a] & ~x) | y) >>> 0;
    deals[b] = ((deals[b] & ~y) | x) >>> 0;
  }
  return deals;
}

/** The consistency check of whole deals (the core's SIMD kernel), in place in Wasm memory. */
function checkWorkload(id: string, gameOf: () => Game, where: string): Workload {
  return {
    id,
    kind: 'check',
    unit: 'deals/s',
    pool: null,
    prepare(core) {
      const position = positionOf(core, gameOf());
      const deals = dealsToCheck(position);
      return {
        what: `deals checked against ${where} (${dealsWords(position)}), ${CHECK_BATCH.toLocaleString('en-US')} a call, every other one inconsistent`,
        consistentDeals: position.count(),
        rounds: () => () => {
          // The deals are written again every call: the buffer is the core's, which a call in between may have used.
          position.dealBuffer(CHECK_BATCH).set(deals);
          position.checkInPlace(CHECK_BATCH);
          return CHECK_BATCH;
        },
        [Symbol.dispose]: () => position.dispose(),
      };
    },
  };
}

/** The exact analysis of a position, as `cluedo analyze` makes it: the deal DAG built, every card counted. */
function analyzeWorkload(id: string, gameOf: () => Game, where: string): Workload {
  return {
    id,
    kind: 'analyze',
    unit: 'analyses/s',
    pool: null,
    prepare(core) {
      const game = gameOf();
      const consistentDeals = analyze(game, { core, method: 'exact' }).consistentDeals!; // an exact analysis counts them
      return {
        what: `exact analyses of ${where} (${counted(consistentDeals, 'consistent deal')})`,
        consistentDeals,
        rounds: () => () => {
          analyze(game, { core, method: 'exact' });
          return 1;
        },
        [Symbol.dispose]: () => {},
      };
    },
  };
}

/** Uniform deals drawn from the DAG in numbered chunks, a request of SAMPLE_REQUEST cut into tasks as `analyze --samples` cuts it. */
function sampleWorkload(id: string, gameOf: () => Game, where: string): Workload {
  return {
    id,
    kind: 'sample',
    unit: 'deals/s',
    pool: 'analysis',
    prepare(core) {
      const position = positionOf(core, gameOf());
      const { store } = position;
      return {
        what: `uniform deals drawn from ${where} (${dealsWords(position)}), ${SAMPLE_REQUEST.toLocaleString('en-US')} a request`,
        consistentDeals: position.count(),
        rounds: (executor, signal) => async () => {
          await sampleDeals(executor, store, SAMPLE_REQUEST, SEED, signal);
          return SAMPLE_REQUEST;
        },
        [Symbol.dispose]: () => position.dispose(),
      };
    },
  };
}

/**
 * The entropy agent's decision at a position: the deals it scores on (ENTROPY_AGENT_SAMPLES
 * draws, or every consistent deal) and the expected information of every suggestion on them, one
 * estimate shared by the suggestions its knowledge cannot tell apart (as the agent scores them).
 * `exact`: as scoringDeals takes it ('auto' is the agent's own choice).
 */
function decideWorkload(id: string, gameOf: () => Game, where: string, exact: ScoringOptions['exact']): Workload {
  return {
    id,
    kind: 'decide',
    unit: 'decisions/s',
    pool: null,
    prepare(core) {
      const game = gameOf();
      const options = { ...suggestionRequest(game, { samples: ENTROPY_AGENT_SAMPLES, seed: SEED, exact }), symmetric: true };
      const position = positionOf(core, game);
      const { method } = scoringDeals(position, options);
      const on = method === 'exact' ? `every one of its ${dealsWords(position)}` : `${ENTROPY_AGENT_SAMPLES.toLocaleString('en-US')} drawn deals (of ${dealsWords(position)})`;
      return {
        what: `${game.players[options.suggester]}'s suggestions scored by the entropy agent at ${where}, on ${on}`,
        consistentDeals: position.count(),
        rounds: () => () => {
          scoreDeals(position, scoringDeals(position, options), options);
          return 1;
        },
        [Symbol.dispose]: () => position.dispose(),
      };
    },
  };
}

/** Six-player games of the classic deck between these agents (seated in rotation), one game per thread a round. */
function gamesWorkload(id: string, agents: string[], words: string): Workload {
  const config: TournamentConfig = { deck: CLASSIC_CATEGORIES, players: 6, agents, maxTurns: 300 };
  return {
    id,
    kind: 'games',
    unit: 'games/s',
    pool: 'tournament',
    prepare() {
      return {
        what: `six-player games of the classic deck, ${words}`,
        consistentDeals: null,
        rounds: (executor, signal) => async (round) => {
          const first = round * executor.threads;
          const played = await Promise.all(
            Array.from({ length: executor.threads }, (_, t) => executor.run(tournamentTask.games, { config, seed: SEED, from: first + t, to: first + t + 1 }, { signal })),
          );
          return played.length;
        },
        [Symbol.dispose]: () => {},
      };
    },
  };
}

const EARLY = 'classic-6p-early';
const LATE = 'classic-6p-late';

/** A workload on a cut of an example. */
function onExample(make: (id: string, gameOf: () => Game, where: string) => Workload, id: string, cut: ExampleCut): Workload {
  return make(id, () => exampleGame(cut), cutWords(cut));
}

/** The standard workloads, in the order they run. */
export function standardWorkloads(): Workload[] {
  const deductive = ['deductive', 'deductive', 'deductive', 'deductive', 'deductive'];
  return [
    onExample(checkWorkload, 'check', { name: LATE, events: 24 }),
    // Positions from the first turn to the last: from billions of deals to a dozen.
    onExample(analyzeWorkload, 'analyze-early-0', { name: EARLY, events: 0 }),
    onExample(analyzeWorkload, 'analyze-early-6', { name: EARLY, events: 6 }),
    onExample(analyzeWorkload, 'analyze-late-12', { name: LATE, events: 12 }),
    onExample(analyzeWorkload, 'analyze-late-24', { name: LATE, events: 24 }),
    onExample(sampleWorkload, 'sample', { name: EARLY, events: 6 }),
    decideWorkload('decide-sampled', () => exampleGame({ name: EARLY, events: 6 }), cutWords({ name: EARLY, events: 6 }), 'never'),
    // 2,066 deals: fewer than the agent draws, so it scores on every one.
    decideWorkload('decide-listed', () => exampleGame({ name: LATE, events: 14 }), cutWords({ name: LATE, events: 14 }), 'always'),
    gamesWorkload('games-deductive', ['deductive'], 'deductive ×6'),
    gamesWorkload('games-entropy', ['entropy', ...deductive], 'entropy + deductive ×5 (one entropy agent a game)'),
    gamesWorkload('games-planner', ['planner', ...deductive], 'planner + deductive ×5 (one planner a game)'),
  ];
}

/** A log given to bench: its name as given, its game, and whether its deal DAG fits in memory. */
export interface BenchLog {
  file: string;
  game: Game;
  fits: boolean;
}

/**
 * Reads a log and checks it before any work is timed: its events make sense and some deal is
 * consistent with them; else an InputError naming the file and what is wrong (the event no deal
 * survives).
 */
export function readBenchLog(file: string, core: KnowledgeCore): BenchLog {
  const json = readGameLogFile(file); // its errors name the file
  try {
    const game = parseGame(json);
    using position = positionOf(core, game, 'tryLoad');
    return { file, game, fits: position.status === 'consistent' };
  } catch (e) {
    if (e instanceof InputError) throw new InputError([`${quote(file)}: `, ...e.phrase]);
    throw e;
  }
}

/**
 * The workloads that apply to a log's position: the check, the exact analysis and the sampling
 * when its deal DAG fits in memory, and the entropy agent's decision for its observer.
 */
export function logWorkloads(log: BenchLog): { workloads: Workload[]; skipped: Skipped[] } {
  const gameOf = () => log.game;
  const where = 'the position';
  if (!log.fits) return { workloads: [], skipped: WORKLOAD_KINDS.filter((k) => k !== 'games').map((kind) => ({ log: log.file, kind, why: 'its deal DAG would not fit in memory' })) };
  const workloads = [checkWorkload('check', gameOf, where), analyzeWorkload('analyze', gameOf, where), sampleWorkload('sample', gameOf, where)];
  try {
    // The checks of `cluedo suggest`: an observer still in a game that goes on.
    suggestionRequest(log.game);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { workloads, skipped: [{ log: log.file, kind: 'decide', why: e.message }] };
  }
  return { workloads: [...workloads, decideWorkload('decide', gameOf, where, 'auto')], skipped: [] };
}
