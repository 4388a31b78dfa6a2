// cluedo merge: the shard files of one tournament (simulate --shard i/N --out FILE) merged into its
// summary, exactly as if the tournament had run in one process.
import { Command } from 'commander';
import { InputError } from '../model/errors.js';
import { quote, shorten } from '../model/quote.js';
import { counted, forCount } from '../model/numbers.js';
import { readRegularFile } from '../io/log-file.js';
import { OutputError, UsageError, printLine } from './errors.js';
import { FaultLines, faultsWhere } from './fault-lines.js';
import { path } from './options.js';
import { writeStdout } from './output.js';
import { checkDistinct, checkOutputFile, writeOutputs, type OutputPath } from './output-files.js';
import { boardDescription, soloLine } from './summary-lines.js';
import type { MergedShards } from '../tournament/shards.js';

interface MergeOptions {
  json?: string;
  report?: string;
  csv?: string;
}

/** Shard files hold sums (and with --keep-games a few hundred bytes per game): a bigger file is not one. */
const MAX_SHARD_BYTES = 64 * 1024 * 1024;

function readJson(file: string): unknown {
  const text = readRegularFile(file, 'shard file', MAX_SHARD_BYTES).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`shard file ${quote(file)} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function mergeCommand(): Command {
  return new Command('merge')
    .description('merge the shard files of a tournament (simulate --shard i/N --out FILE) into its summary and reports')
    .argument('<files...>', 'the shard files, all N of one tournament, in any order (a retried shard may appear twice)')
    .option('--json <file>', 'write the summary and the merged sums as JSON', path('--json'))
    .option('--report <file.html>', 'write an HTML report with charts', path('--report'))
    .option('--csv <file>', 'write one row per seat and game as CSV (needs shard files written with --keep-games)', path('--csv'))
    .action(async (files: string[], opts: MergeOptions) => {
      const outputs: OutputPath[] = [
        { option: '--json', path: opts.json },
        { option: '--csv', path: opts.csv },
        { option: '--report', path: opts.report },
      ].filter((o): o is OutputPath => o.path !== undefined);
      checkDistinct(
        outputs,
        files.map((path) => ({ option: 'the shard file', path })),
      );
      outputs.forEach(checkOutputFile);
      const { parseShardFile, mergeShards } = await import('../tournament/shards.js');
      const shards = files.map((name) => ({ name: shorten(name), file: parseShardFile(readJson(name), shorten(name)) }));
      const merged = mergeShards(shards);
      if (opts.csv !== undefined && merged.results === undefined) {
        const without = shards.find((s) => s.file.results === undefined)!;
        throw new UsageError(`--csv needs every game's row, and ${without.name} holds only sums: write the shards with simulate --shard i/N --keep-games`);
      }
      await reportMerged(merged, `merged from ${counted(files.length, 'file')}`, outputs);
    });
}

/**
 * The summary of merged shards on stdout and the outputs asked for (--json, --csv, --report):
 * cluedo merge's, and simulate --queue's once every shard is stored. `source` ends the first line.
 */
export async function reportMerged(merged: MergedShards, source: string, outputs: OutputPath[]): Promise<void> {
  const [{ summaryOrder }, { finalize, rowLabel }, { renderSummary }, { renderHtmlReport }, { toCsv }] = await Promise.all([
    import('../tournament/shards.js'),
    import('../tournament/summary.js'),
    import('../tournament/text-report.js'),
    import('../tournament/html-report.js'),
    import('../tournament/csv.js'),
  ]);
  const results = merged.results;
  const { config, seed, games, count, accumulator } = merged;
  const summary = finalize(accumulator, summaryOrder(config));
  const head =
    `${games} ${forCount(games, 'game')} in ${count} ${forCount(count, 'shard')}` +
    (merged.repeated.length > 0 ? ` (given twice with the same sums: shard ${merged.repeated.join(', ')})` : '') +
    `, ${config.players} players, seed ${seed}, max ${config.maxTurns} ${forCount(config.maxTurns, 'turn')}, ` +
    (config.endmove !== undefined && config.endmove !== 'never' ? `endmove ${config.endmove}, ` : '') +
    (config.board ? `board classic (${boardDescription(config.board)}), ` : '') +
    source;
  const texts: Record<string, () => string> = {
    '--json': () => `${JSON.stringify({ config, seed, gamesRequested: games, shards: count, summary, accumulator, ...(results && { games: results }) }, null, 2)}\n`,
    '--csv': () => toCsv(results!),
    '--report': () =>
      renderHtmlReport(summary, 'Clue agents compared', {
        players: String(config.players),
        agents: config.solo ? `${config.solo.agent} solo among ${config.solo.field}` : config.agents.join(', '),
        games: `${games} in ${count} ${forCount(count, 'shard')}`,
        seed: String(seed),
        'turn cap': String(config.maxTurns),
        endmove: config.endmove ?? 'never',
        ...(config.board && { board: boardDescription(config.board) }),
        run: head,
      }),
  };
  // The faults the merged summary keeps, as simulate prints them while it plays.
  const faults = new FaultLines(printLine, faultsWhere(outputs, results !== undefined));
  faults.summary(summary);
  faults.finish();
  const failures: string[] = [];
  try {
    await writeStdout(`${head}\n\n${renderSummary(summary, { faults: config.external !== undefined })}\n${config.solo ? `\n${soloLine(summary, config, rowLabel)}\n` : ''}`);
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    failures.push(...e.failures);
  }
  try {
    await writeOutputs(outputs.map((output) => ({ ...output, text: texts[output.option] })));
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    failures.push(...e.failures);
  }
  if (failures.length > 0) throw new OutputError(failures);
}
