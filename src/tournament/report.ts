// The report of a tournament, built once for every way its games came to be: played in one run
// (cluedo simulate and league), merged from its shards (cluedo merge, a job queue), or the thesis's
// experiment. The command line prints its text and writes the outputs it is asked for; the same
// games give the same tables, JSON, CSV and HTML report however they were played, but for the
// decision times, which are measured (their table, their section, the JSON's `timing`).
import type { BoardRules } from '../game/board/movement.js';
import { counted, forCount } from '../model/numbers.js';
import { toCsv } from './csv.js';
import { formatMeanInterval, formatMedianInterval, formatRateInterval } from './format.js';
import { renderHtmlReport } from './html-report.js';
import type { TournamentConfig } from './play.js';
import type { GameResult } from './results.js';
import { canonicalAccumulator, summaryOrder, type MergedShards } from './shards.js';
import { finalize, rowLabel, summarize, type SummaryAccumulator } from './summary.js';
import { renderSummary } from './text-report.js';
import { pairedDifference, renderThesis, THESIS_PLAYERS, thesisRow } from './thesis.js';
import type { Summary } from './types.js';
import { decisionTimeRows, type DecisionTimeRow, type DecisionTimes } from './decision-times.js';

/** What the outputs of a tournament are made of. */
export interface TournamentReport {
  /** The first line printed: what was played, and how (its time, or where its shards came from). */
  head: string;
  /** The tables printed under the first line. */
  tables: string;
  summary: Summary;
  /** The HTML report's title and its details (the settings of the games, nothing of how they were played). */
  title: string;
  details: Record<string, string>;
  /** The --json file's object, its keys in the order written. */
  json: object;
  /** Every game's result, in game order, when known: the CSV's rows. */
  games?: readonly GameResult[];
  /** Each summary row's decision times, when they were measured. */
  decisionTimes?: DecisionTimeRow[];
}

/** The games of a tournament, however they were played. */
export interface TournamentGames {
  config: TournamentConfig;
  seed: number;
  /** --games: the games of the whole tournament. */
  gamesRequested: number;
  /** True when the run stopped before every game finished. */
  interrupted: boolean;
  accumulator: SummaryAccumulator;
  /** Every finished game's result in game order, when known (a run's; shards' kept with --keep-games). */
  games?: readonly GameResult[];
  /** The decision times of the games, when measured. */
  times?: DecisionTimes;
}

/** How the games were played, for the first line: in this process (in so many seconds), or merged from shards. */
export type ReportOrigin = { seconds: number } | { shards: number; repeated: readonly number[]; source: string };

/** The games of merged shards. */
export function mergedGames(merged: MergedShards): TournamentGames {
  return {
    config: merged.config,
    seed: merged.seed,
    gamesRequested: merged.games,
    interrupted: false,
    accumulator: merged.accumulator,
    times: merged.timing,
    ...(merged.results && { games: merged.results }),
  };
}

/** The board's rules in a few words: "2d6, exact steps, exit cost 0, summons". */
export function boardDescription(rules: BoardRules): string {
  return `${rules.dice.count}d${rules.dice.sides}, ${rules.steps === 'exact' ? 'exact' : 'at most the'} roll, exit cost ${rules.exitCost}, ${rules.summon ? 'summons' : 'no summons'}`;
}

/** The solo measurement in one line, from the solo seat's own row (the field is summarised apart). */
export function soloLine(summary: Summary, config: TournamentConfig): string {
  const { agent, field } = config.solo!;
  const solo = summary.agents.find((a) => a.agent === rowLabel(agent, 'solo'));
  if (!solo || solo.seatGames === 0) return 'Solo: no game finished';
  if (solo.certainRate === null) return `Solo ${agent} among ${config.players - 1} × ${field} (who never accuse): rounds until certain n/a (${agent} does not report when it is certain)`;
  return (
    `Solo ${agent} among ${config.players - 1} × ${field} (who never accuse): rounds until certain ` +
    `mean ${formatMeanInterval(solo.meanTurnsToCertain, 2)}, median ${formatMedianInterval(solo.medianTurnsToCertain)}; ` +
    `certain in ${formatRateInterval(solo.certainRate)} of ${counted(solo.games, 'game')}`
  );
}

const INTERRUPTED = ' (interrupted: results of the finished games)';

/** The report of a tournament's games: a run's, or its shards' merged, alike but for the first line. */
export function buildReport(tournament: TournamentGames, origin: ReportOrigin): TournamentReport {
  const { config, seed, gamesRequested, interrupted, games, times } = tournament;
  const accumulator = canonicalAccumulator(tournament.accumulator);
  const summary = finalize(accumulator, summaryOrder(config));
  const played = summary.games;
  const what =
    'shards' in origin
      ? `${played} ${forCount(played, 'game')} in ${origin.shards} ${forCount(origin.shards, 'shard')}` +
        (origin.repeated.length > 0 ? ` (given twice with the same sums: shard ${origin.repeated.join(', ')})` : '')
      : `${played} of ${gamesRequested} ${forCount(gamesRequested, 'game')}`;
  const how = 'shards' in origin ? origin.source : `${origin.seconds.toFixed(1)} s`;
  const head =
    `${what}, ${config.players} players, seed ${seed}, max ${config.maxTurns} ${forCount(config.maxTurns, 'turn')}, ` +
    (config.endmove !== undefined && config.endmove !== 'never' ? `endmove ${config.endmove}, ` : '') +
    (config.board ? `board classic (${boardDescription(config.board)}), ` : '') +
    `${how}${interrupted ? INTERRUPTED : ''}`;
  const decisionTimes = times && decisionTimeRows(times, summary.agents.map((a) => a.agent));
  const tables = renderSummary(summary, { faults: config.external !== undefined, decisionTimes }) + (config.solo ? `\n\n${soloLine(summary, config)}` : '');
  const details = {
    players: String(config.players),
    agents: config.solo ? `${config.solo.agent} solo among ${config.solo.field}` : config.agents.join(', '),
    games: played === gamesRequested ? String(played) : `${played} of ${gamesRequested}${interrupted ? ' (interrupted)' : ''}`,
    seed: String(seed),
    'turn cap': String(config.maxTurns),
    endmove: config.endmove ?? 'never',
    ...(config.board && { board: boardDescription(config.board) }),
  };
  // The keys of a run's --json file (run-file.ts), which --resume reads back; the measured apart from the rest.
  const json = { config, seed, gamesRequested, interrupted, summary, accumulator, ...(times && { timing: { agents: decisionTimes, sums: times } }), ...(games && { games }) };
  return { head, tables, summary, title: 'Clue agents compared', details, json, ...(games && { games }), ...(decisionTimes && { decisionTimes }) };
}

/** The thesis's experiment: each agent's games (the same deals for every agent), in the order of `configs`. */
export interface ThesisGames {
  configs: TournamentConfig[];
  seed: number;
  /** The games of each agent. */
  gamesRequested: number;
  interrupted: boolean;
  /** Each agent's finished games, as `configs`: fewer when interrupted. */
  runs: GameResult[][];
  seconds: number;
}

/** The report of the thesis's experiment: its rounds next to the thesis's, and the outputs of any run of its measured seats. */
export function buildThesisReport({ configs, seed, gamesRequested, interrupted, runs, seconds }: ThesisGames): TournamentReport {
  const agents = configs.map((c) => c.agents[0]);
  const rows = runs.map((results, i) => thesisRow(agents[i], results));
  const pairs = runs.slice(1).map((results, i) => pairedDifference(agents[i], runs[i], agents[i + 1], results));
  const games = runs.flat();
  // The measured seats only: the opponents are part of the table, not of the comparison.
  const summary = summarize(
    games.map((g) => ({ ...g, seatResults: g.seatResults.slice(0, 1) })),
    agents,
  );
  const head =
    `The thesis's experiment: ${counted(gamesRequested, 'game')} per agent, ${THESIS_PLAYERS} players, the measured agent in seat 1 among scripted opponents, ` +
    `seed ${seed}, ${seconds.toFixed(1)} s${interrupted ? INTERRUPTED : ''}`;
  const details = {
    ...Object.fromEntries(rows.map((r) => [`${r.agent}: mean rounds`, `${formatMeanInterval(r.meanRounds, 2)}; thesis ${r.thesis === null ? 'none' : `${r.thesis.rounds} (${r.thesis.games} games)`}`])),
    'games per agent': `${gamesRequested}${interrupted ? ' (interrupted)' : ''}`,
    players: `${THESIS_PLAYERS}, the measured agent in seat 1 among scripted opponents`,
    seed: String(seed),
  };
  return {
    head,
    tables: renderThesis(rows, pairs),
    summary,
    title: "The thesis's experiment: rounds until the agent's query names the envelope (turns to win)",
    details,
    json: { preset: 'thesis', configs, seed, gamesRequested, interrupted, rounds: rows, paired: pairs, summary, games },
    games,
  };
}

/** What is printed: the first line, then the tables. */
export function reportText(report: TournamentReport): string {
  return `${report.head}\n\n${report.tables}\n`;
}

/** The --json file: pretty JSON ending with a newline. */
export function reportJson(report: TournamentReport): string {
  return `${JSON.stringify(report.json, null, 2)}\n`;
}

/** The --csv file: one row per seat and game; undefined when the games are not known (shards without --keep-games). */
export function reportCsv(report: TournamentReport): string | undefined {
  return report.games && toCsv(report.games);
}

/** The --report file: one self-contained HTML page. */
export function reportHtml(report: TournamentReport): string {
  return renderHtmlReport(report.summary, report.title, report.details, { decisionTimes: report.decisionTimes });
}
