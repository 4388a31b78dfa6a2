// A tournament's report printed and written to the outputs asked for: simulate's, league's, merge's
// and a queued tournament's. The report is built by the tournament layer (tournament/report.ts);
// the command line only chooses where it goes.
import type { TournamentReport } from '../tournament/report.js';
import { OutputError } from './errors.js';
import { writeStdout } from './output.js';
import { writeOutputs, type OutputPath, type OutputWriter } from './output-files.js';

/**
 * The report on stdout, then the outputs (--json, --csv, --report, and --logs written by `logs`).
 * A report that cannot be printed must not cost the files: everything is written, then every
 * failure reported in one OutputError.
 */
export async function writeReport(built: TournamentReport, outputs: readonly OutputPath[], logs?: (dir: string) => Promise<void>): Promise<void> {
  const { reportCsv, reportHtml, reportJson, reportText } = await import('../tournament/report.js');
  const texts: Record<string, () => string> = {
    '--json': () => reportJson(built),
    // The commands refuse --csv before anything is played or read when the games are not known.
    '--csv': () => reportCsv(built)!,
    '--report': () => reportHtml(built),
  };
  const failures = await failuresOf(() => writeStdout(reportText(built)));
  const writers = outputs.map((output): OutputWriter => (output.option === '--logs' ? { ...output, write: logs! } : { ...output, text: texts[output.option] }));
  failures.push(...(await failuresOf(() => writeOutputs(writers))));
  if (failures.length > 0) throw new OutputError(failures);
}

/** The write failures of `write` (an OutputError's), or none; any other error is thrown. */
async function failuresOf(write: () => Promise<void>): Promise<string[]> {
  try {
    await write();
    return [];
  } catch (e) {
    if (e instanceof OutputError) return e.failures;
    throw e;
  }
}
