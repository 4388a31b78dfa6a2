#!/usr/bin/env node
// The `cluedo` command line. Only what parsing the command line needs is loaded up front; each
// command loads the rest (the worker pool, the tournament, the reports) when it runs.
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { analyzeCommand } from './analyze-command.js';
import { suggestCommand } from './suggest-command.js';
import { refuteCommand } from './refute-command.js';
import { accuseCommand } from './accuse-command.js';
import { newCommand } from './new-command.js';
import { addCommand } from './add-command.js';
import { simulateCommand } from './simulate-command.js';
import { leagueCommand } from './league-command.js';
import { knowsCommand } from './knows-command.js';
import { boardCommand } from './board-command.js';
import { serveCommand } from './serve-command.js';
import { mergeCommand } from './merge-command.js';
import { workerCommand } from './queue-command.js';
import { commanderExit, reportError } from './errors.js';
import { requireStdout } from './output.js';

function version(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

export function program(): Command {
  const cli = new Command('cluedo')
    .description('Probabilistic analysis of Clue/Cluedo positions')
    .version(version())
    // commander's errors become one line through reportError, never its own "error: ..." plus help.
    .configureOutput({ writeErr: () => {}, outputError: () => {} })
    .exitOverride(commanderExit('cluedo'));
  for (const command of [newCommand(), addCommand(), analyzeCommand(), suggestCommand(), refuteCommand(), accuseCommand(), knowsCommand(), simulateCommand(), leagueCommand(), mergeCommand(), workerCommand(), boardCommand(), serveCommand()]) {
    command.copyInheritedSettings(cli);
    // A command whose answer is its standard output does not start without one (a worker reports on stderr).
    if (command.name() !== 'worker') command.hook('preAction', requireStdout);
    cli.addCommand(command.exitOverride(commanderExit(`cluedo ${command.name()}`)));
  }
  return cli;
}

try {
  await program().parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error);
}
