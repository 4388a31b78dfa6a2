// Every command of `cluedo`, in the order `cluedo --help` lists them (and COMMAND_NAMES says):
// the program src/cli/main.ts runs, and the one the tests run in their own process.
import type { Command } from 'commander';
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

/** Fresh commands (commander keeps a parse's options on its commands: one set per run). */
export function allCommands(): Command[] {
  return [newCommand(), addCommand(), analyzeCommand(), suggestCommand(), refuteCommand(), accuseCommand(), knowsCommand(), simulateCommand(), leagueCommand(), mergeCommand(), workerCommand(), boardCommand(), serveCommand()];
}
