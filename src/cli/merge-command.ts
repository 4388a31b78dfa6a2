// cluedo merge: the shard files of one tournament (simulate --shard i/N --out FILE) merged into its
// summary, exactly as if the tournament had run in one process.
import { Command } from 'commander';
import { InputError } from '../model/errors.js';
import { quote, shorten } from '../model/quote.js';
import { counted } from '../model/numbers.js';
import { readRegularFile } from '../io/log-file.js';
import { UsageError, printLine } from './errors.js';
import { FaultLines, faultsWhere } from './fault-lines.js';
import { path } from './options.js';
import { checkDistinct, checkOutputFile, type OutputPath } from './output-files.js';
import { writeReport } from './report-outputs.js';
import type { MergedShards } from '../tournament/shards.js';

interface MergeOptions {
  json?: string;
  report?: string;
  csv?: string;
  timing: boolean;
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
    .option('--no-timing', "leave the agents' decision times out of the outputs (they are measured: the rest is the same bytes for the same shards)")
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
      await reportMerged(merged, `merged from ${counted(files.length, 'file')}`, outputs, opts.timing);
    });
}

/**
 * The summary of merged shards on stdout and the outputs asked for (--json, --csv, --report):
 * cluedo merge's, and simulate --queue's once every shard is stored; what simulate prints and
 * writes for the same games but the first line, which `source` ends, and the decision times
 * (measured), which `timing` false leaves out.
 */
export async function reportMerged(merged: MergedShards, source: string, outputs: OutputPath[], timing = true): Promise<void> {
  const { buildReport, mergedGames } = await import('../tournament/report.js');
  const games = mergedGames(merged);
  const built = buildReport(timing ? games : { ...games, times: undefined }, { shards: merged.count, repeated: merged.repeated, source });
  // The faults the merged summary keeps, as simulate prints them while it plays.
  const faults = new FaultLines(printLine, faultsWhere(outputs, merged.results !== undefined));
  faults.summary(built.summary);
  faults.finish();
  await writeReport(built, outputs);
}
