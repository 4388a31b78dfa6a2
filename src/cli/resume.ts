// simulate --resume (and league's) for a local run: the run's --json file read back and checked
// against the command line before any game is played. The file must be a run's (exit 1 otherwise,
// naming the JSON path), and the command must ask for that run: every setting that decides its
// games the same (exit 2 otherwise, naming the option and both values). The games it holds are
// then not played again.
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { InputError } from '../model/errors.js';
import { quote } from '../model/quote.js';
import { readRegularFile } from '../io/log-file.js';
import type { GameResult } from '../tournament/results.js';
import type { TournamentConfig } from '../tournament/play.js';
import type { DecisionTimes } from '../tournament/decision-times.js';
import { UsageError } from './errors.js';

/** A run's file holds a few hundred bytes per game; past the longest string V8 makes, it is not one. */
const MAX_RUN_FILE_BYTES = 512 * 1024 * 1024;

/** What a resumed run starts from: the file it continues, the games it holds, in game order, and their decision times (when it has them). */
export interface Resumed {
  file: string;
  finished: GameResult[];
  times?: DecisionTimes;
}

/** The run in `file` (the --json option's), checked against what this command would play. */
export async function runToResume(file: string, config: TournamentConfig, seed: number, games: number): Promise<Resumed> {
  const { parseRunFile } = await import('../tournament/run-file.js');
  const text = readRegularFile(file, '--json file', MAX_RUN_FILE_BYTES).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError(`--json file ${quote(file)} is not valid JSON: ${(e as Error).message}`);
  }
  const run = parseRunFile(json, quote(file));
  const command = (c: TournamentConfig) => (c.schedule === 'league' ? 'league' : 'simulate');
  if (command(run.config) !== command(config)) throw new UsageError(`--resume: the run in ${quote(file)} was played by cluedo ${command(run.config)}: resume it with that command`);
  const ours = settings(config, seed, games);
  const theirs = settings(run.config, run.seed, run.gamesRequested);
  const differs = ours.findIndex(([, words], i) => words !== theirs[i][1]);
  if (differs !== -1) {
    const [option, words] = ours[differs];
    throw new UsageError(
      `--resume: the run in ${quote(file)} was played ${played(option, theirs[differs][1])}, and this command asks ${played(option, words)}: resume a run with the options it was started with`,
    );
  }
  // Settings no option changes (the deck): a file of another program's run.
  const other = Object.keys({ ...run.config, ...config }).find((key) => !isDeepStrictEqual(plain(run.config)[key], plain(config)[key]));
  if (other !== undefined) throw new InputError(`${quote(file)}: config.${other}: not a setting of this command's runs`);
  return { file, finished: run.games, ...(run.timing && { times: run.timing.sums }) };
}

/** The config as JSON has it: no key whose value is undefined. */
function plain(config: TournamentConfig): Record<string, unknown> {
  return JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
}

/** "with --seed 1", "with --no-summon", "without --solo". */
function played(option: string, words: string | null): string {
  return words === null ? `without ${option}` : `with ${option}${words === '' ? '' : ` ${words}`}`;
}

/**
 * The settings that decide a run's games, each in the words of the option that sets it (null when
 * not given, '' for a flag), in the order they are compared: the first that differs is named.
 */
function settings(config: TournamentConfig, seed: number, games: number): Array<[string, string | null]> {
  const board = config.board;
  const programs = (config.external ?? []).filter((d) => d.command !== undefined);
  const modules = (config.external ?? []).filter((d) => d.module !== undefined);
  const list = (words: string[]) => (words.length === 0 ? null : words.join(', '));
  return [
    ['--players', String(config.players)],
    ['--agents', config.agents.join(',')],
    ['--games', String(games)],
    ['--seed', String(seed)],
    // Before --max-turns, whose default depends on the board.
    ['--board', board ? 'classic' : null],
    ['--dice', board ? `${board.dice.count}d${board.dice.sides}` : null],
    ['--steps', board ? (board.steps === 'atMost' ? 'at-most' : 'exact') : null],
    ['--exit-cost', board ? String(board.exitCost) : null],
    ['--no-summon', board && !board.summon ? '' : null],
    ['--max-turns', String(config.maxTurns)],
    ['--endmove', config.endmove ?? 'never'],
    ['--solo', config.solo?.agent ?? null],
    ['--field', config.solo?.field ?? null],
    ['--agent-cmd', list(programs.map((d) => `${d.name}=${d.command!.join(' ')}`))],
    ['--agent-module', list(modules.map((d) => `${d.name}=${fileURLToPath(d.module!)}`))],
    ['--agent-timeout', config.external === undefined ? null : list([...new Set(config.external.map((d) => String(d.timeoutMs)))])],
  ];
}
