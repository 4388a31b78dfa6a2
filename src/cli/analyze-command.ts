import { Command, Option } from 'commander';
import { analyzeGame, type Analysis } from '../analysis/analyze.js';
import { parseGame, readGameLogFile } from '../io/log.js';
import { renderNotebook } from './notebook.js';
import { estimateGame } from '../analysis/estimate.js';
import { InputError } from '../model/errors.js';
import { withCancellation } from './cancel.js';
import { positiveInteger, seedValue } from './options.js';
import { toJson } from '../io/json.js';

export function analyzeCommand(): Command {
  return new Command('analyze')
    .description("print the detective's notebook of a game log: who holds what, the envelope, the likely solutions")
    .argument('<log.json>', 'game log (see docs/game-log.md)')
    .option('--json', 'print the analysis as JSON (see docs/analysis-output.md)')
    .addOption(
      new Option('--method <m>', 'exact: count every deal; sampled: uniform draws from the exact DAG; mcmc: a Markov chain (no DAG needed); auto: exact when it fits, else sampled, else mcmc')
        .choices(['auto', 'exact', 'sampled', 'mcmc'])
        .default('auto'),
    )
    .option('--samples <n>', 'estimate from n draws (implies --method sampled unless a method is given)', positiveInteger('--samples', 100_000_000))
    .option('--seed <s>', 'seed of the sampler (with --samples)', seedValue)
    .option('--threads <t>', 'sample on this many worker threads (with --samples; same answer for any number)', positiveInteger('--threads', 256))
    .option('--top <k>', 'how many solutions to list in the notebook', positiveInteger('--top', 100_000), 10)
    .action(async (file: string, opts: { json?: boolean; method: 'auto' | 'exact' | 'sampled' | 'mcmc'; samples?: number; seed?: number; threads?: number; top: number }, command: Command) => {
      const game = parseGame(readGameLogFile(file));
      const methodGiven = command.getOptionValueSource('method') === 'cli';
      const method = methodGiven ? opts.method : opts.samples !== undefined ? 'sampled' : 'auto';
      if (opts.threads !== undefined && opts.samples === undefined) throw new InputError('--threads goes with --samples: exact counting runs on one thread');
      const analysis =
        opts.threads === undefined
          ? analyzeGame(game, { method, samples: opts.samples, seed: opts.seed })
          : await withCancellation((signal) => estimateGame(game, { samples: opts.samples!, seed: opts.seed, threads: opts.threads, signal }));
      // --json prints exactly the documented analysis object, however it was computed.
      const text = opts.json ? toJson(contractOnly(analysis)) : renderNotebook(game, analysis, { topSolutions: opts.top, title: file });
      process.stdout.write(`${text}\n`);
    });
}

/** The documented keys, in the documented order: the estimates' standard errors only when there are some. */
function contractOnly(a: Analysis): Analysis {
  const { method, consistentDeals, samples, owners, cards, envelope, solutions, known, entropyBits, standardErrors } = a;
  return { method, consistentDeals, samples, owners, cards, envelope, solutions, known, entropyBits, ...(standardErrors ? { standardErrors } : {}) };
}
