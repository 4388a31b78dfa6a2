import { mkdirSync, writeFileSync } from 'node:fs';
import { gameToLog } from '../io/write-log.js';
import { join } from 'node:path';
import { Command } from 'commander';
import cliProgress from 'cli-progress';
import { CLASSIC_CATEGORIES, MAX_SEATS, MIN_SEATS } from '../model/deck.js';
import { KnowledgeCore } from '../knowledge/wasm-core.js';
import { InputError } from '../model/errors.js';
import { parseAgentSpec, AGENT_NAMES } from '../play/agents/registry.js';
import { playTournamentGame, type TournamentConfig } from '../tournament/play.js';
import { runTournament } from '../tournament/run.js';
import { accumulate, emptyAccumulator, finalize, rowLabel, type SummaryAccumulator } from '../tournament/summary.js';
import { renderSummary } from '../tournament/text-report.js';
import { renderHtmlReport } from '../tournament/html-report.js';
import { toCsv } from '../tournament/csv.js';
import { formatMeanInterval, formatMedianInterval, formatRateInterval } from '../tournament/format.js';
import type { GameResult } from '../play/results.js';
import type { Summary } from '../tournament/types.js';
import { withCancellation } from './cancel.js';
import { positiveInteger, seedValue } from './options.js';

export const DEFAULT_AGENTS = 'random,naive,deductive,entropy';
export const DEFAULT_GAMES = 1000;

interface SimulateOptions {
  players: number;
  agents: string;
  games: number;
  seed: number;
  threads?: number;
  json?: string;
  csv?: string;
  report?: string;
  maxTurns?: number;
  solo?: string;
  field?: string;
  logs?: string;
  logGames: number;
  progress?: boolean;
}

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
  return new Command('simulate')
    .description('play many games between agents and compare them, with confidence intervals')
    .option('--players <n>', `seats at the table (${MIN_SEATS}-${MAX_SEATS})`, positiveInteger('--players', MAX_SEATS), 6)
    .option('--agents <list>', `agents seated in rotation (${AGENT_NAMES.join(', ')}; options like entropy:samples=5000 or deductive:accuse=risky:0.8,refute=repeat)`, DEFAULT_AGENTS)
    .option('--games <g>', 'games to play', positiveInteger('--games', 10_000_000), DEFAULT_GAMES)
    .option('--seed <s>', 'seed of the run: same seed, same games, whatever the threads', seedValue, 1)
    .option('--threads <t>', 'worker threads (default: all cores)', positiveInteger('--threads', 256))
    .option('--max-turns <m>', 'turns before a game is declared unsolved (default: 50 per player)', positiveInteger('--max-turns', 1_000_000))
    .option('--solo <agent>', 'solo measurement: this agent in one seat (needs --field)')
    .option('--field <agent>', 'solo measurement: the agent in every other seat (never accusing)')
    .option('--json <file>', 'write the summary and every game as JSON')
    .option('--csv <file>', 'write one row per seat and game as CSV')
    .option('--report <file.html>', 'write an HTML report with charts')
    .option('--logs <dir>', "write every seat's view of the first games as game logs (replayable by analyze and suggest)")
    .option('--log-games <k>', 'how many games --logs writes', positiveInteger('--log-games', 10_000), 1)
    .option('--progress', 'show progress even when stderr is not a terminal (a line every 2 s, e.g. for logs)')
    .action(async (opts: SimulateOptions) => {
      const config = configOf(opts);
      const maxTurnsNote = `max ${config.maxTurns} turns`;
      const bar = progressBar(opts.games, opts.progress === true);
      const started = Date.now();
      const outcome = await withCancellation((signal) =>
        runTournament(config, {
          games: opts.games,
          seed: opts.seed,
          threads: opts.threads,
          signal,
          onProgress: (done) => bar?.update(done, { speed: (done / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1) }),
        }),
      );
      bar?.stop();
      const order = config.solo ? [rowLabel(config.solo.agent, 'solo'), rowLabel(config.solo.field, 'field')] : config.agents;
      const accumulator = outcome.results.reduce(accumulate, emptyAccumulator());
      const summary = finalize(accumulator, order);
      const seconds = (Date.now() - started) / 1000;
      const head = `${outcome.results.length} of ${opts.games} games, ${config.players} players, seed ${opts.seed}, ${maxTurnsNote}, ${seconds.toFixed(1)} s${outcome.interrupted ? ' (interrupted: results of the finished games)' : ''}`;
      process.stdout.write(`${head}\n\n${renderSummary(summary)}\n${config.solo ? `\n${soloLine(summary, config)}\n` : ''}`);
      writeOutputs(opts, config, summary, accumulator, outcome.results, head, outcome.interrupted);
      if (opts.logs) writeLogs(opts.logs, config, opts.seed, Math.min(opts.logGames, opts.games));
      if (outcome.interrupted) process.exitCode = 130;
    });
}

function configOf(opts: SimulateOptions): TournamentConfig {
  if (opts.players < MIN_SEATS) throw new InputError(`--players must be from ${MIN_SEATS} to ${MAX_SEATS}, got ${opts.players}`);
  if ((opts.solo === undefined) !== (opts.field === undefined)) throw new InputError('--solo and --field go together: one solo agent among a field of another');
  const agents = splitAgents(opts.agents);
  if (agents.length === 0) throw new InputError('--agents names no agent');
  const check = (label: string) => parseAgentSpec(label).label; // throws a clear InputError
  const solo = opts.solo !== undefined ? { agent: check(opts.solo), field: check(opts.field!) } : undefined;
  return {
    deck: CLASSIC_CATEGORIES,
    players: opts.players,
    agents: agents.map(check),
    maxTurns: opts.maxTurns ?? 50 * opts.players,
    solo,
  };
}

/** A progress bar on stderr when it is a terminal, or as a line every 2 s anywhere when `always`. */
function progressBar(total: number, always: boolean): cliProgress.SingleBar | null {
  if (!process.stderr.isTTY && !always) return null;
  const bar = new cliProgress.SingleBar(
    {
      format: 'games {bar} {value}/{total} | {speed} games/s | {eta_formatted} left',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
      noTTYOutput: always,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { speed: '0.0' });
  return bar;
}

/** The solo measurement in one line, from the solo seat's own row (the field is summarised apart). */
function soloLine(summary: Summary, config: TournamentConfig): string {
  const { agent, field } = config.solo!;
  const solo = summary.agents.find((a) => a.agent === rowLabel(agent, 'solo'));
  if (!solo || solo.seatGames === 0) return 'Solo: no game finished';
  return (
    `Solo ${agent} among ${config.players - 1} × ${field} (who never accuse): rounds until certain ` +
    `mean ${formatMeanInterval(solo.meanTurnsToCertain, 2)}, median ${formatMedianInterval(solo.medianTurnsToCertain)}; ` +
    `certain in ${formatRateInterval(solo.certainRate)} of ${solo.games.toLocaleString('en-US')} games`
  );
}

function writeOutputs(
  opts: SimulateOptions,
  config: TournamentConfig,
  summary: Summary,
  accumulator: SummaryAccumulator,
  results: GameResult[],
  head: string,
  interrupted: boolean,
): void {
  const write = (file: string, text: string) => {
    try {
      writeFileSync(file, text);
    } catch (e) {
      throw new InputError(`cannot write "${file}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  };
  if (opts.json) write(opts.json, `${JSON.stringify({ config, seed: opts.seed, gamesRequested: opts.games, interrupted, summary, accumulator, games: results }, null, 2)}\n`);
  if (opts.csv) write(opts.csv, toCsv(results));
  if (opts.report) {
    write(
      opts.report,
      renderHtmlReport(summary, 'Clue agents compared', {
        players: String(config.players),
        agents: config.solo ? `${config.solo.agent} solo among ${config.solo.field}` : config.agents.join(', '),
        games: `${results.length} of ${opts.games}${interrupted ? ' (interrupted)' : ''}`,
        seed: String(opts.seed),
        'turn cap': String(config.maxTurns),
        run: head,
      }),
    );
  }
}

/** Replays the first games in process (they are determined by the seed) and writes each seat's view. */
function writeLogs(dir: string, config: TournamentConfig, seed: number, games: number): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new InputError(`cannot create "${dir}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const core = KnowledgeCore.create();
  for (let g = 0; g < games; g++) {
    const { views } = playTournamentGame(config, seed, g, core);
    views.forEach((view, s) => writeFileSync(join(dir, `game-${g + 1}-P${s}.json`), `${JSON.stringify(gameToLog(view.game()), null, 2)}\n`));
  }
}
