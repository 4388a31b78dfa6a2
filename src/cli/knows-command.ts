import { Command, Option } from 'commander';
import { parseGame } from '../io/log.js';
import { readGameLogFile, readRegularFile } from '../io/log-file.js';
import { InputError } from '../model/errors.js';
import { quote, shorten } from '../model/quote.js';
import { counted } from '../model/numbers.js';
import { toJson } from '../io/json.js';
import { DEFAULT_KNOWS_SAMPLES, planKnows, type KnowsReport } from '../epistemic/knows.js';
import { epistemicInThisThread, finishOn } from '../analysis/knows.js';
import { DEFAULT_MAX_WORLDS, type ShowcardReading } from '../epistemic/explicit/game-model.js';
import { ENGINE_NAMES, type EngineName } from '../epistemic/semantics.js';
import { DEFAULT_MAX_NODES, MAX_MAX_NODES } from '../epistemic/symbolic/bdd.js';
import { fileQueries, textQueries } from '../epistemic/queries.js';
import { fromCommandLine, UsageError } from './errors.js';
import { noteThreads, seedValue, threadCount, wholeNumber } from './options.js';
import { cancellableRequest } from './cancel.js';
import { writeStdout } from './output.js';

interface KnowsOptions {
  formulas?: string;
  engine: EngineName | 'auto';
  maxNodes?: number;
  at?: number;
  showcard: ShowcardReading;
  json?: boolean;
  maxWorlds: number;
  samples?: number;
  seed?: number;
  threads?: number;
  progress?: boolean;
}

/** A formulas file is small: refuse a runaway one before reading it. */
const MAX_FORMULAS_BYTES = 16 * 1024 * 1024;

export function knowsCommand(): Command {
  return new Command('knows')
    .description('evaluate epistemic formulas (who knows what, common knowledge, announcements) against a game log')
    .argument('<log.json>', 'game log (see docs/game-log.md and docs/epistemic.md)')
    .argument('[formula...]', 'formulas as text, e.g. "K[Ann] has(envelope, Knife)" (see docs/epistemic.md §2)')
    .option('--formulas <file>', 'a JSON array of { "id", "at", "formula" } entries')
    .option('--at <n>', 'evaluate after the first n events (0: before any); default: after all of them', wholeNumber('--at', Number.MAX_SAFE_INTEGER, 0))
    .addOption(new Option('--showcard <reading>', 'how third parties read a showcard: action (the normative action model) or refinement (the Java implementation)').choices(['action', 'refinement']).default('action'))
    .addOption(new Option('--engine <name>', 'the engine that answers: auto (the cheapest exact one for each formula), counting, explicit, symbolic or sampled').choices(['auto', ...ENGINE_NAMES]).default('auto'))
    .option('--max-nodes <n>', `the symbolic engine's bound on decision-diagram nodes (default ${DEFAULT_MAX_NODES.toLocaleString('en-US')}, about 20 bytes each)`, wholeNumber('--max-nodes', MAX_MAX_NODES))
    .option('--max-worlds <n>', 'the largest Kripke model to build (explicit engine)', wholeNumber('--max-worlds', 200_000_000), DEFAULT_MAX_WORLDS)
    .option('--samples <n>', `worlds drawn when the model is too large to build (default ${DEFAULT_KNOWS_SAMPLES.toLocaleString('en-US')})`, wholeNumber('--samples', 10_000_000))
    .option('--seed <s>', 'seed of the draws', seedValue)
    .option('--threads <t>', 'draw worlds on this many worker threads (same answer for any number)', threadCount)
    .option('--json', 'print the answers as JSON (see docs/epistemic.md §3)')
    .option('--progress', 'print a line on stderr as each model is built and each formula is answered')
    .action(async (file: string, texts: string[], opts: KnowsOptions) => {
      if (texts.length === 0 && opts.formulas === undefined) throw new UsageError('give at least one formula, or --formulas FILE (see "cluedo knows --help")');
      const game = parseGame(readGameLogFile(file));
      const at = opts.at ?? null;
      if (at !== null && at > game.events.length) throw new UsageError(`--at ${at} is beyond the log, which has ${counted(game.events.length, 'event')}`);
      const queries = fromCommandLine(() => textQueries(texts, game, at));
      if (opts.formulas !== undefined) queries.push(...fileQueries(readFormulasFile(opts.formulas), opts.formulas, game, at, queries.length + 1));
      const options = { engine: opts.engine, showcard: opts.showcard, maxWorlds: opts.maxWorlds, maxNodes: opts.maxNodes, samples: opts.samples, seed: opts.seed };
      const progress = opts.progress ? (line: string) => process.stderr.write(`cluedo: progress: ${line}\n`) : undefined;
      // The exact answers come first, in this thread and without signal handlers: a long symbolic
      // query is one stretch of Wasm calls that no handler could cut, so Ctrl-C ends the process at
      // once (nothing has been printed yet). The estimates, if any, are drawn a batch at a time,
      // between turns of the event loop, and Ctrl-C stops them there.
      const plan = planKnows(game, queries, { ...options, onProgress: progress });
      let report: KnowsReport;
      if (opts.threads === undefined) report = await cancellableRequest((signal) => finishOn(epistemicInThisThread(), game, plan, queries, signal));
      else {
        await noteThreads(opts.threads);
        const { epistemicPool } = await import('../analysis/pools.js');
        const pool = epistemicPool(opts.threads);
        try {
          report = await cancellableRequest((signal) => finishOn(pool, game, plan, queries, signal));
        } finally {
          await pool.close();
        }
      }
      await writeStdout(`${opts.json ? toJson(report) : renderReport(report, file, game.events.length)}\n`);
    });
}

function readFormulasFile(path: string): unknown {
  const text = readRegularFile(path, 'formulas file', MAX_FORMULAS_BYTES).toString('utf8').replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`formulas file ${quote(path)} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** One line per formula: its id, when, the answer, the formula. */
function renderReport(report: KnowsReport, file: string, events: number): string {
  const worlds = report.worlds === null ? '' : `, ${counted(report.worlds, 'world')} after ${events === 0 ? 'the setup' : events === 1 ? 'its event' : events === 2 ? 'both events' : `all ${events} events`}`;
  const engines = [...new Set(report.results.map((r) => r.engine))].join(', ');
  const head = `${shorten(file)}: ${report.method} (${engines})${worlds}`;
  const rows = report.results.map((r) => {
    const answer = r.value !== undefined ? String(r.value) : `${probabilityText(r)}, ${knownText(r.known ?? null)}`;
    return [r.id, `at ${r.at}`, answer, r.formula];
  });
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  return [head, ...rows.map((row) => `  ${row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join('  ')}`)].join('\n');
}

/** "P = 0.250000 (exact)" or "P = 0.248000 ± 0.006830". */
function probabilityText(r: KnowsReport['results'][number]): string {
  const se = r.standardError === null || r.standardError === undefined ? ' (exact)' : ` ± ${r.standardError.toFixed(6)}`;
  return `P = ${r.probability!.toFixed(6)}${se}`;
}

/** Whether the observer knows the formula: it holds in every world the observer considers possible. */
function knownText(known: boolean | null): string {
  return known === true ? 'known' : known === false ? 'not known' : 'known or not: the draws cannot tell';
}
