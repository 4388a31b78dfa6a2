#!/usr/bin/env node
// The `cluedo` command line.
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { analyzeCommand } from './analyze-command.js';
import { suggestCommand } from './suggest-command.js';
import { simulateCommand } from './simulate-command.js';
import { reportError } from './errors.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export function program(): Command {
  const cli = new Command('cluedo')
    .description('Probabilistic analysis of Clue/Cluedo positions')
    .version(pkg.version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  cli.addCommand(analyzeCommand().exitOverride());
  cli.addCommand(suggestCommand().exitOverride());
  cli.addCommand(simulateCommand().exitOverride());
  return cli;
}

// Piping into `head` closes stdout early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});

try {
  await program().parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error);
}
