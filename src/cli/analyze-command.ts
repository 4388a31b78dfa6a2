import { Command } from 'commander';
import { analyzeGame, type Analysis } from '../analysis/analyze.js';
import { parseGame, readGameLogFile } from '../io/log.js';
import { renderNotebook } from './notebook.js';
import { estimateGame } from '../analysis/estimate.js';
import { InputError } from '../model/errors.js';
import { withCancellation } from './cancel.js';
import { positiveInteger, seedValue } from './options.js';

export function analyzeCommand(): Command {
  return new Command('analyze')
    .description("print the detective's notebook of a game log: who holds what, the envelope, the likely solutions")
    .argument('<log.json>', 'game log (see docs/game-log.md)')
    .option('--json', 'print the analysis as JSON (see docs/analysis-output.md)')
    .option('--samples <n>', 'estimate from n uniform samples instead of counting exactly', positiveInteger('--samples', 100_000_000))
    .option('--seed <s>', 'seed of the sampler (with --samples)', seedValue)
    .option('--threads <t>', 'sample on this many worker threads (with --samples; same answer for any number)', positiveInteger('--threads', 256))
    .option('--top <k>', 'how many solutions to list in the notebook', positiveInteger('--top', 100_000), 10)
    .action(async (file: string, opts: { json?: boolean; samples?: number; seed?: number; threads?: number; top: number }) => {
      const game = parseGame(readGameLogFile(file));
      if (opts.threads !== undefined && opts.samples === undefined) throw new InputError('--threads goes with --samples: exact counting runs on one thread');
      const analysis =
        opts.threads === undefined
          ? analyzeGame(game, { samples: opts.samples, seed: opts.seed })
          : await withCancellation((signal) => estimateGame(game, { samples: opts.samples!, seed: opts.seed, threads: opts.threads, signal }));
      // --json prints exactly the documented analysis object, however it was computed.
      const text = opts.json ? JSON.stringify(contractOnly(analysis), null, 2) : renderNotebook(game, analysis, { topSolutions: opts.top, title: file });
      process.stdout.write(`${text}\n`);
    });
}

function contractOnly(a: Analysis): Analysis {
  const { method, consistentDeals, samples, owners, cards, envelope, solutions, known, entropyBits } = a;
  return { method, consistentDeals, samples, owners, cards, envelope, solutions, known, entropyBits };
}
