// cluedo simulate: games between agents, compared with confidence intervals. One run is one of four
// requests (simulateRequest): a local run (or the rest of one, --resume), the thesis's experiment
// (--preset thesis), one shard of a run (--shard i/N --out FILE), or a run on a job queue (--queue
// URL, or --resume ID). Which options go together is said by commander (conflicts, implies), by
// the table of requirements below, and for --resume by simulateRequest.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, Option } from 'commander';
import { quote } from '../model/quote.js';
import type { GameResult } from '../tournament/results.js';
import { CLASSIC_CATEGORIES, MAX_SEATS, MIN_SEATS, makeDeck } from '../model/deck.js';
import { bindClassicBoard } from '../game/board/binding.js';
import { InputError } from '../model/errors.js';
import { AGENT_NAMES, parseAgentSpec } from '../agents/registry.js';
import { agentNameProblem, type ExternalAgentDefinition } from '../agents/external/definitions.js';
import { agentsHelp } from '../agents/registry-text.js';
import { nameKey } from '../model/names.js';
import { commandWords } from '../agents/external/command-words.js';
import type { playTournamentGameAsync, TournamentConfig } from '../tournament/play.js';
import type { ShardRange } from '../tournament/shards.js';
import { FAULT_REASONS_KEPT } from '../tournament/types.js';
import type { Executor } from '../runtime/executor.js';
import { ENDMOVE_RULES, type EndmoveRule } from '../game/rules/deal.js';
import { DEFAULT_BOARD_RULES, type BoardRules } from '../game/board/movement.js';
import { KnowledgeCore } from '../knowledge/wasm-core.js';
import { gameToLog } from '../io/write-log.js';
import { fromCommandLine, UsageError, printLine } from './errors.js';
import { interruptedExitCode, withCancellation } from './cancel.js';
import { noteThreads, path, wholeNumber, seedValue, threadCount } from './options.js';
import { given, requireOptions, type Requirements } from './option-rules.js';
import { runToResume, type Resumed } from './resume.js';
import { addQueueTlsOptions, QUEUE_TLS_REQUIREMENTS, type QueueTlsOptions } from './queue-tls.js';
import { writeStdout } from './output.js';
import { checkDistinct, checkOutputFile, prepareOutputDirectory, writeOutputFile, type OutputPath } from './output-files.js';
import { writeReport } from './report-outputs.js';
import { writeFileWhole } from './write-file.js';
import { ProgressLines } from './progress.js';
import { FaultLines, faultsWhere } from './fault-lines.js';
import { counted, forCount } from '../model/numbers.js';

export const DEFAULT_AGENTS = 'random,naive,deductive,entropy';
export const DEFAULT_GAMES = 1000;
const DEFAULT_DICE = '2d6';

export interface SimulateOptions extends QueueTlsOptions {
  players: number;
  agents: string;
  /** Set by cluedo league, not an option: the tables follow the league's schedule. */
  schedule?: 'league';
  games: number;
  seed: number;
  threads?: number;
  json?: string;
  csv?: string;
  report?: string;
  maxTurns?: number;
  endmove: EndmoveRule;
  solo?: string;
  field?: string;
  logs?: string;
  logGames: number;
  progress?: boolean;
  board?: 'classic';
  dice?: string;
  steps?: 'exact' | 'at-most';
  exitCost?: string;
  summon: boolean;
  preset?: 'thesis';
  shard?: string;
  out?: string;
  keepGames?: boolean;
  queue?: string;
  shards?: number;
  /** An id with --queue; true alone (a local run, continued from its --json file). */
  resume?: string | true;
  agentCmd: string[];
  agentModule: string[];
  agentTimeout: number;
  /** False with --no-timing: the outputs leave the decision times out. */
  timing: boolean;
}

/** What one run of simulate does, read from its options. */
export type SimulateRequest =
  | { kind: 'run'; config: TournamentConfig; games: number; seed: number; threads?: number; progress: boolean; outputs: OutputPath[]; logGames: number; resumed: Resumed | null; timing: boolean }
  | { kind: 'thesis'; configs: TournamentConfig[]; games: number; seed: number; threads?: number; progress: boolean; outputs: OutputPath[] }
  | { kind: 'shard'; config: TournamentConfig; games: number; seed: number; threads?: number; progress: boolean; shard: ShardRange; out: OutputPath; keepGames: boolean }
  | {
      kind: 'queue';
      url: string;
      tls: QueueTlsOptions;
      tournament: { config: TournamentConfig; seed: number; games: number; shards: number } | { resume: string };
      outputs: OutputPath[];
      timing: boolean;
    };

/** The options the thesis's experiment fixes. */
const FIXED_BY_THESIS = ['agentCmd', 'agentModule', 'players', 'solo', 'field', 'maxTurns', 'endmove', 'logs', 'board', 'dice', 'steps', 'exitCost', 'summon', 'shard', 'queue', 'resume'];
/** The options of a whole run that a shard leaves to cluedo merge. */
const OUTPUTS_OF_A_RUN = ['json', 'csv', 'report', 'logs'];
/** What a queued tournament already says, when resumed by its id (a local run is resumed with its options given again). */
const FIXED_BY_RESUME = ['--players', '--agents', '--games', '--seed', '--max-turns', '--solo', '--field', '--board', '--shards', '--endmove'];

/**
 * Splits "a,b:k=v,k2=v2,c" into agents: a comma followed by an option ("key=") continues the
 * current agent's options; any other comma starts a new agent.
 */
export function splitAgents(list: string): string[] {
  return list
    .split(/,(?![^,:]*=)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function simulateCommand(): Command {
  const command = new Command('simulate')
    .description('play many games between agents and compare them, with confidence intervals')
    .option('--players <n>', `seats at the table (${MIN_SEATS}-${MAX_SEATS})`, wholeNumber('--players', MAX_SEATS, MIN_SEATS), 6)
    .option('--agents <list>', `agents seated in rotation (${AGENT_NAMES.join(', ')}, or an agent of --agent-cmd or --agent-module; options like entropy:samples=5000 or deductive:accuse=risky:0.8,refute=repeat: see "Agents" below)`, DEFAULT_AGENTS)
    .option('--agent-cmd <name=command>', 'an agent played by a program speaking the process protocol (docs/agent-protocol.md), named for --agents; repeatable', collect, [])
    .option('--agent-module <name=file.mjs>', "an agent made by an ES module's default export, named for --agents; repeatable", collect, [])
    .option('--agent-timeout <ms>', 'the longest wait for one decision of an agent from outside', wholeNumber('--agent-timeout', 3_600_000, 1), 10_000)
    .option('--games <g>', 'games to play', wholeNumber('--games', 10_000_000), DEFAULT_GAMES)
    .option('--seed <s>', 'seed of the run: same seed, same games, whatever the threads', seedValue, 1)
    .option('--threads <t>', 'worker threads (default: all cores)', threadCount)
    .option('--max-turns <m>', 'turns before a game is declared unsolved (default: 50 per player, 100 on the board)', wholeNumber('--max-turns', 1_000_000))
    .addOption(
      new Option(
        '--endmove <when>',
        'announce a turn ended without an accusation ("does not know the envelope"): never, after an unanswered suggestion, or always; true only if every agent accuses as soon as it knows',
      )
        .choices(ENDMOVE_RULES)
        .default('never'),
    )
    .addOption(new Option('--board <board>', 'play on a board: pawns move by dice, a suggestion is made in the room entered and names it (default: the card game)').choices(['classic']))
    .addOption(new Option('--dice <dice>', `with --board: the dice rolled to move (default ${DEFAULT_DICE})`).choices(['2d6', '1d6']))
    .addOption(new Option('--steps <rule>', 'with --board: use exactly the roll on a path visiting no cell twice, or at most the roll (default exact)').choices(['exact', 'at-most']))
    .addOption(new Option('--exit-cost <steps>', 'with --board: steps charged for leaving a room through a door (default 0)').choices(['0', '1']))
    .option('--no-summon', "with --board: leave the suggested suspect's pawn where it is (by default it is moved into the room)")
    .option('--solo <agent>', 'solo measurement: this agent in one seat (needs --field)')
    .option('--field <agent>', 'solo measurement: the agent in every other seat (never accusing)')
    .option('--json <file>', 'write the summary and every game as JSON', path('--json'))
    .option('--csv <file>', 'write one row per seat and game as CSV', path('--csv'))
    .option('--report <file.html>', 'write an HTML report with charts', path('--report'))
    .option('--logs <dir>', "write every seat's view of the first games as game logs (replayable by analyze and suggest)", path('--logs'))
    .option('--log-games <k>', 'how many games --logs writes', wholeNumber('--log-games', 10_000), 1)
    .option('--progress', 'print progress lines on stderr (instead of the bar drawn on a terminal)')
    .option('--no-timing', "leave the agents' decision times out of the outputs (they are measured: the rest is the same bytes for the same seed)")
    .addOption(
      new Option(
        '--preset <name>',
        "the thesis's experiment: each agent of --agents (default random:own=exclude,naive,deductive) in seat 1 of 6 among scripted opponents, until its query names the envelope; rounds next to the thesis's",
      )
        .choices(['thesis'])
        .conflicts(FIXED_BY_THESIS),
    )
    .addOption(
      new Option('--shard <i/N>', 'play only shard i of N (1-based) of the --games games, a contiguous range of game numbers; needs --out (merge the parts with cluedo merge)').conflicts([
        ...OUTPUTS_OF_A_RUN,
        'queue',
      ]),
    )
    .option('--out <file.json>', 'with --shard: the shard file to write (its config, seed and summary sums)', path('--out'))
    .option('--keep-games', "with --shard: keep every game's result in the shard file too, for cluedo merge --csv and --json's games")
    .addOption(
      new Option('--queue <url>', 'run on a job queue (BullMQ on Redis, redis://host:port, or rediss://host:port for TLS): enqueue the shards, wait for cluedo worker processes to play them, merge and report').conflicts([
        'logs',
        'csv',
        'out',
        'keepGames',
        // The coordinator plays nothing: the workers' own --threads count, and progress is its own lines.
        'threads',
        'progress',
      ]),
    )
    .option('--shards <n>', 'with --queue: the number of shards (default: one per 500 games)', wholeNumber('--shards', 1_000_000))
    .option(
      '--resume [id]',
      'continue a run: alone, the local run that was interrupted, from the games its --json file holds (give the same options); with --queue, wait again for tournament <id> (printed when it started), enqueueing only the shards not yet stored',
    )
    .addHelpText('after', () => agentsHelp('Agents (--agents, --solo, --field), each optionally followed by :key=value,... (default in parentheses):'))
    .action(async (opts: SimulateOptions, self: Command) => runSimulate(await simulateRequest(opts, self)));
  return requireOptions(addQueueTlsOptions(command), simulateRequirements());
}

/** Which options need another, and why: simulate's, and league's, which takes simulate's options. */
export function simulateRequirements(): Requirements {
  const board = { anyOf: ['--board'], why: 'it is a rule of the board' };
  return {
    '--dice': board,
    '--steps': board,
    '--exit-cost': board,
    '--no-summon': board,
    '--solo': { anyOf: ['--field'], why: 'one solo agent among a field of another' },
    '--field': { anyOf: ['--solo'], why: 'one solo agent among a field of another' },
    '--shard': { anyOf: ['--out'], why: '--out names the shard file to write' },
    '--out': { anyOf: ['--shard'], why: 'it names the shard file of --shard i/N' },
    '--keep-games': { anyOf: ['--shard'], why: "it keeps every game's result in the shard file" },
    '--shards': { anyOf: ['--queue'], why: 'the queue plays the shards' },
    '--resume': { anyOf: ['--json', '--queue'], why: 'a local run continues from the games its --json file holds (the only output with every game), a tournament on the queue from Redis' },
    '--log-games': { anyOf: ['--logs'], why: 'it says how many games --logs writes' },
    ...QUEUE_TLS_REQUIREMENTS,
  };
}

/** The request of one run: its options checked and resolved, every output path checked before anything is played. */
export async function simulateRequest(opts: SimulateOptions, command: Command): Promise<SimulateRequest> {
  const progress = opts.progress === true;
  if (opts.queue !== undefined) {
    const { checkQueueUrl, defaultShards } = await import('./queue-command.js');
    const tls: QueueTlsOptions = { queueCa: opts.queueCa, queueCert: opts.queueCert, queueKey: opts.queueKey };
    checkQueueUrl(opts.queue, tls);
    const outputs = checkOutputs(opts);
    if (opts.resume !== undefined) {
      if (opts.resume === true || !/^t[0-9a-f]{16}$/.test(opts.resume)) {
        throw new UsageError(`--resume with --queue takes a tournament id as printed by simulate --queue (t and 16 hex digits), got ${opts.resume === true ? 'none' : quote(opts.resume)}`);
      }
      const fixed = FIXED_BY_RESUME.find((flag) => given(command, flag));
      if (fixed !== undefined) throw new UsageError(`--resume ${opts.resume} cannot be used with ${fixed}: the tournament on the queue keeps the options it was started with`);
      return { kind: 'queue', url: opts.queue, tls, tournament: { resume: opts.resume }, outputs, timing: opts.timing };
    }
    const shards = opts.shards ?? defaultShards(opts.games);
    if (shards > opts.games) throw new UsageError(`--shards ${shards} of ${opts.games} ${forCount(opts.games, 'game')} would leave some empty (--shards ≤ --games)`);
    return { kind: 'queue', url: opts.queue, tls, tournament: { config: configOf(opts), seed: opts.seed, games: opts.games, shards }, outputs, timing: opts.timing };
  }
  if (typeof opts.resume === 'string') {
    throw new UsageError(`--resume ${quote(opts.resume)}: a tournament id goes with --queue; a local run is resumed by --resume alone, with its options and --json file`);
  }
  if (opts.shard !== undefined) {
    const { parseShardSpec } = await import('../tournament/shards.js');
    const spec = opts.shard;
    const shard = fromCommandLine(() => parseShardSpec(spec, opts.games));
    const out: OutputPath = { option: '--out', path: opts.out! };
    checkOutputFile(out);
    return { kind: 'shard', config: configOf(opts), games: opts.games, seed: opts.seed, threads: opts.threads, progress, shard, out, keepGames: opts.keepGames === true };
  }
  if (opts.preset === 'thesis') {
    const { THESIS_AGENTS, thesisConfig } = await import('../tournament/thesis.js');
    const agents = agentsOf(command.getOptionValueSource('agents') === 'cli' ? opts.agents : THESIS_AGENTS);
    return { kind: 'thesis', configs: agents.map(thesisConfig), games: opts.games, seed: opts.seed, threads: opts.threads, progress, outputs: checkOutputs(opts) };
  }
  const config = configOf(opts);
  const outputs = checkOutputs(opts);
  // The file is read and checked before anything is played.
  const resumed = opts.resume === true ? await runToResume(opts.json!, config, opts.seed, opts.games) : null;
  return { kind: 'run', config, games: opts.games, seed: opts.seed, threads: opts.threads, progress, outputs, logGames: Math.min(opts.logGames, opts.games), resumed, timing: opts.timing };
}

export async function runSimulate(request: SimulateRequest): Promise<void> {
  if (request.kind === 'queue') {
    const { runQueued } = await import('./queue-command.js');
    await runQueued(request.url, request.tls, request.tournament, request.outputs, request.timing);
    return;
  }
  if (request.kind !== 'thesis' && request.config.external) await checkExternalAgents(request.config.external);
  await noteThreads(request.threads);
  const { tournamentPool } = await import('../tournament/pool.js');
  const pool = tournamentPool(request.threads);
  try {
    await withCancellation((signal) => {
      if (request.kind === 'shard') return runShard(request, pool, signal);
      if (request.kind === 'thesis') return runThesisAndReport(request, pool, signal);
      return runAndReport(request, pool, signal);
    });
  } finally {
    await pool.close();
  }
}

/** Each agent from outside answers before the first game: a program its hello, a module an agent. Exit 1 naming it otherwise. */
async function checkExternalAgents(definitions: readonly ExternalAgentDefinition[]): Promise<void> {
  const { checkAgentModule, checkAgentProgram } = await import('../agents/external/node.js');
  for (const definition of definitions) {
    try {
      if (definition.command) await checkAgentProgram(definition);
      else {
        const file = fileURLToPath(definition.module!);
        if (!existsSync(file)) throw new Error(`no such file ${quote(file)}`);
        await checkAgentModule(definition, makeDeck(CLASSIC_CATEGORIES));
      }
    } catch (e) {
      const what = definition.command ? `--agent-cmd ${definition.name}` : `--agent-module ${definition.name}`;
      throw new InputError(`${what}: ${(e as Error).message}; nothing was played`);
    }
  }
}

/** simulate --shard i/N --out FILE: plays one shard's games and writes its shard file (atomically). */
async function runShard(request: Extract<SimulateRequest, { kind: 'shard' }>, executor: Executor, signal: AbortSignal): Promise<void> {
  const { playShard, shardFileText } = await import('../tournament/shards.js');
  const { shard, games, seed } = request;
  const progress = await progressOf(request.progress, shard.to - shard.from);
  const faults = new FaultLines(
    progress.note,
    request.keepGames
      ? `every one is in ${request.out.path} (results[].seatResults[].faultReason)`
      : `${request.out.path} keeps the first ${FAULT_REASONS_KEPT} of each agent, which cluedo merge reports; --keep-games keeps every one`,
  );
  const started = Date.now();
  const outcome = await playShard(request.config, seed, games, shard, { executor, signal, onProgress: progress.update, onResults: (batch) => faults.games(batch), keepResults: request.keepGames });
  progress.stop();
  faults.finish();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const what = `shard ${shard.index}/${shard.count}: games ${shard.from}-${shard.to - 1} (${shard.to - shard.from} of ${games}), seed ${seed}`;
  if (outcome.file === null) {
    printLine(`${what}: interrupted after ${outcome.done} ${forCount(outcome.done, 'game')}, ${seconds} s; no shard file written`);
    process.exitCode = interruptedExitCode();
    return;
  }
  writeOutputFile(request.out, shardFileText(outcome.file));
  await writeStdout(`${what}, ${seconds} s: wrote ${request.out.path}\n`);
}

/**
 * Plays the games (those a resumed run's file lacks), prints the summary and writes the outputs;
 * Ctrl-C keeps the finished games.
 */
async function runAndReport(request: Extract<SimulateRequest, { kind: 'run' }>, executor: Executor, signal: AbortSignal): Promise<void> {
  const [{ runTournament, TournamentStoppedError }, { accumulate }, { accumulatorFor }, { playTournamentGameAsync }, { emptyDecisionTimes, mergeDecisionTimes }, report] = await Promise.all([
    import('../tournament/run.js'),
    import('../tournament/summary.js'),
    import('../tournament/shards.js'),
    import('../tournament/play.js'),
    import('../tournament/decision-times.js'),
    import('../tournament/report.js'),
  ]);
  const { config, games, seed, resumed } = request;
  const finished = resumed?.finished ?? [];
  if (resumed !== null) {
    const left = games - finished.length;
    printLine(`resuming the run in ${quote(resumed.file)}: ${finished.length.toLocaleString('en-US')} of ${counted(games, 'game')} played, ${left === 0 ? 'none' : left.toLocaleString('en-US')} left to play`);
  }
  const progress = await progressOf(request.progress, games, finished.length);
  const faults = new FaultLines(progress.note, faultsWhere(request.outputs, true));
  const started = Date.now();
  let stopped: string | null = null;
  const { results, interrupted, times } = await runTournament(config, { games, seed, executor, signal, finished, timing: request.timing, onProgress: progress.update, onResults: (batch) => faults.games(batch) }).catch((error) => {
    // An agent from outside that can no longer start: the finished games are reported, then the reason.
    if (!(error instanceof TournamentStoppedError)) throw error;
    stopped = error.message;
    return error.outcome;
  });
  progress.stop();
  faults.finish();
  const accumulator = results.reduce(accumulate, accumulatorFor(config));
  // The decision times of the games the file holds and of those played now.
  const allTimes = request.timing ? mergeDecisionTimes(resumed?.times ?? emptyDecisionTimes(), times ?? emptyDecisionTimes()) : undefined;
  const built = report.buildReport({ config, seed, gamesRequested: games, interrupted, accumulator, games: results, times: allTimes }, { seconds: (Date.now() - started) / 1000 });
  if (interrupted) process.exitCode = interruptedExitCode();
  const logs = (dir: string) => writeLogs(dir, config, seed, request.logGames, playTournamentGameAsync);
  await writeReport(built, request.outputs, logs);
  if (stopped !== null) throw new InputError(`the run stopped: ${stopped}`);
}

/**
 * The thesis's experiment: each agent's games in turn (the same deals for every agent), its rounds
 * next to the thesis's, and the outputs of any run (the summary rows are the measured seats).
 */
async function runThesisAndReport(request: Extract<SimulateRequest, { kind: 'thesis' }>, executor: Executor, signal: AbortSignal): Promise<void> {
  const [{ runTournament }, report] = await Promise.all([import('../tournament/run.js'), import('../tournament/report.js')]);
  const { configs, games, seed } = request;
  const progress = await progressOf(request.progress, games * configs.length);
  const started = Date.now();
  const runs: GameResult[][] = [];
  let interrupted = false;
  for (const config of configs) {
    if (interrupted) break;
    const before = runs.length * games;
    // Its report has no decision times: its rows are the measured seats, timed among scripted ones.
    const run = await runTournament(config, { games, seed, executor, signal, timing: false, onProgress: (done) => progress.update(before + done) });
    runs.push(run.results);
    interrupted = run.interrupted;
  }
  progress.stop();
  const built = report.buildThesisReport({ configs, seed, gamesRequested: games, interrupted, runs, seconds: (Date.now() - started) / 1000 });
  if (interrupted) process.exitCode = interruptedExitCode();
  await writeReport(built, request.outputs);
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The agents from outside that --agent-cmd and --agent-module define, checked (names, commands, files). */
function externalOf(opts: SimulateOptions): ExternalAgentDefinition[] {
  const definitions: ExternalAgentDefinition[] = [];
  const define = (option: string, text: string, what: (value: string) => Omit<ExternalAgentDefinition, 'name' | 'timeoutMs'>) => {
    const eq = text.indexOf('=');
    if (eq < 0) throw new UsageError(`${option} takes NAME=${option === '--agent-cmd' ? 'COMMAND' : 'FILE'}, got ${quote(text)}`);
    const name = text.slice(0, eq).trim();
    const problem = agentNameProblem(name, AGENT_NAMES, definitions.map((d) => d.name));
    if (problem !== null) throw new UsageError(`${option}: ${problem}`);
    definitions.push({ name, ...what(text.slice(eq + 1)), timeoutMs: opts.agentTimeout });
  };
  for (const text of opts.agentCmd) {
    define('--agent-cmd', text, (command) => {
      let words: string[];
      try {
        words = commandWords(command);
      } catch (e) {
        throw new UsageError(`--agent-cmd: the command of "${text.slice(0, text.indexOf('='))}" has ${(e as Error).message}`);
      }
      if (words.length === 0) throw new UsageError(`--agent-cmd: agent "${text.slice(0, text.indexOf('='))}" has no command`);
      return { command: words };
    });
  }
  for (const text of opts.agentModule) define('--agent-module', text, (file) => ({ module: pathToFileURL(resolve(file)).href }));
  return definitions;
}

/** The agent label as parsed, or a usage error naming the option (and, for a typo, the nearest agent, built-in or defined). */
function checkAgent(option: string, label: string, external: readonly ExternalAgentDefinition[] = []): string {
  // Matched as names are (model/names.ts): "--agents Elim" seats the agent defined as "elim", under its own name.
  const own = external.find((d) => nameKey(d.name) === nameKey(label));
  if (own !== undefined) return own.name;
  return fromCommandLine(
    () =>
      parseAgentSpec(
        label,
        external.map((d) => d.name),
      ).label,
    option,
  );
}

/** The agents of --agents, each checked. */
function agentsOf(list: string, external: readonly ExternalAgentDefinition[] = []): string[] {
  const agents = splitAgents(list);
  if (agents.length === 0) throw new UsageError(`--agents names no agent; the agents are ${AGENT_NAMES.join(', ')}`);
  return agents.map((a) => checkAgent('--agents', a, external));
}

function configOf(opts: SimulateOptions): TournamentConfig {
  const defined = externalOf(opts);
  const solo = opts.solo !== undefined ? { agent: checkAgent('--solo', opts.solo, defined), field: checkAgent('--field', opts.field!, defined) } : undefined;
  const board = boardRulesOf(opts);
  const agents = agentsOf(opts.agents, defined);
  if (opts.schedule === 'league') checkLeague(agents, opts.players);
  const seated = new Set([...agents, ...(solo ? [solo.agent, solo.field] : [])]);
  const external = defined.filter((d) => seated.has(d.name));
  return {
    deck: CLASSIC_CATEGORIES,
    players: opts.players,
    agents,
    ...(opts.schedule && { schedule: opts.schedule }),
    ...(external.length > 0 && { external }),
    maxTurns: opts.maxTurns ?? (board ? 100 : 50) * opts.players,
    endmove: opts.endmove,
    solo,
    ...(board && { board }),
  };
}

/** A league seats different agents at every table: each named once, at least as many as the seats. */
function checkLeague(agents: readonly string[], players: number): void {
  const twice = agents.find((a, i) => agents.indexOf(a) !== i);
  if (twice !== undefined) throw new UsageError(`--agents names ${quote(twice)} twice: a league seats different agents at every table`);
  if (agents.length < players) {
    throw new UsageError(
      `--agents names ${agents.length} ${forCount(agents.length, 'agent')} for --players ${players}: a league seats ${players} different agents at every table (cluedo simulate seats agents in rotation, some more than once)`,
    );
  }
}

/** The board's rules from --board and its options. */
function boardRulesOf(opts: SimulateOptions): BoardRules | undefined {
  if (opts.board === undefined) return undefined;
  const unfit = bindClassicBoard(makeDeck(CLASSIC_CATEGORIES), opts.players);
  if (typeof unfit === 'string') throw new UsageError(`--board classic: ${unfit} (--players ${opts.players})`);
  const [count, sides] = (opts.dice ?? DEFAULT_DICE).split('d').map(Number);
  return {
    dice: { count, sides },
    steps: opts.steps === 'at-most' ? 'atMost' : DEFAULT_BOARD_RULES.steps,
    exitCost: opts.exitCost === '1' ? 1 : DEFAULT_BOARD_RULES.exitCost,
    summon: opts.summon,
  };
}

/** The outputs asked for, each checked now: the run must not end on a path it cannot write. */
function checkOutputs(opts: SimulateOptions): OutputPath[] {
  const files: OutputPath[] = [
    { option: '--json', path: opts.json },
    { option: '--csv', path: opts.csv },
    { option: '--report', path: opts.report },
  ].filter((o): o is OutputPath => o.path !== undefined);
  const logs: OutputPath[] = opts.logs === undefined ? [] : [{ option: '--logs', path: opts.logs }];
  checkDistinct([...files, ...logs]);
  files.forEach(checkOutputFile);
  logs.forEach(prepareOutputDirectory);
  return [...files, ...logs];
}

interface Progress {
  update: (done: number) => void;
  stop: () => void;
  /** Prints a message line (printLine's) without garbling the bar. */
  note: (line: string) => void;
}

/** Plain lines with --progress, a bar on a terminal, else nothing; counting from `done`, the games a resumed run has. */
async function progressOf(lines: boolean, total: number, done = 0): Promise<Progress> {
  if (lines) {
    const out = new ProgressLines('games', total, done);
    return { update: (done) => out.update(done), stop: () => {}, note: printLine };
  }
  if (!process.stderr.isTTY) return { update: () => {}, stop: () => {}, note: printLine };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { format: 'games {bar} {value}/{total} | {speed} games/s | {eta_formatted} left', stream: process.stderr, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(total, done, { speed: '0.0' });
  return {
    update: (now) => bar.update(now, { speed: ((now - done) / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1) }),
    stop: () => bar.stop(),
    // The line takes the bar's place; the bar is drawn again under it at its next change.
    note: (line) => {
      process.stderr.write('\r\x1b[2K');
      printLine(line);
    },
  };
}

/** Replays the first games in process (they are determined by the seed) and writes each seat's view; ends the programs it started. */
async function writeLogs(dir: string, config: TournamentConfig, seed: number, games: number, play: typeof playTournamentGameAsync): Promise<void> {
  const core = KnowledgeCore.create();
  try {
    for (let g = 0; g < games; g++) {
      const { views } = await play(config, seed, g, core);
      views.forEach((view, s) => writeFileWhole(join(dir, `game-${g + 1}-P${s}.json`), `${JSON.stringify(gameToLog(view.game()), null, 2)}\n`, false));
    }
  } finally {
    if (config.external) await (await import('../agents/external/node.js')).closeAgentPrograms();
  }
}
