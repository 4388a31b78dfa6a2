import { Command } from 'commander';
import { analyzeGame } from '../inference/analyze.js';
import { parseGame, readGameLogFile } from '../game/log.js';
import { renderNotebook } from './notebook.js';
import { positiveInteger, seedValue } from './options.js';

export function analyzeCommand(): Command {
  return new Command('analyze')
    .description("print the detective's notebook of a game log: who holds what, the envelope, the likely solutions")
    .argument('<log.json>', 'game log (see docs/game-log.md)')
    .option('--json', 'print the analysis as JSON (see docs/analysis-output.md)')
    .option('--samples <n>', 'estimate from n uniform samples instead of counting exactly', positiveInteger('--samples', 100_000_000))
    .option('--seed <s>', 'seed of the sampler (with --samples)', seedValue)
    .option('--top <k>', 'how many solutions to list in the notebook', positiveInteger('--top', 100_000), 10)
    .action((file: string, opts: { json?: boolean; samples?: number; seed?: number; top: number }) => {
      const game = parseGame(readGameLogFile(file));
      const analysis = analyzeGame(game, { samples: opts.samples, seed: opts.seed });
      const text = opts.json ? JSON.stringify(analysis, null, 2) : renderNotebook(game, analysis, { topSolutions: opts.top, title: file });
      process.stdout.write(`${text}\n`);
    });
}
