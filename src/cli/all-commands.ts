// Every command of `cluedo`, in the order COMMAND_NAMES gives (`cluedo --help` lists them so):
// the program src/cli/main.ts runs, and the one the tests run in their own process.
import type { Command } from 'commander';
import { COMMAND_NAMES } from './command-names.js';
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
import { benchCommand } from './bench-command.js';

const MAKERS: Record<(typeof COMMAND_NAMES)[number], () => Command> = {
  new: newCommand,
  add: addCommand,
  analyze: analyzeCommand,
  suggest: suggestCommand,
  refute: refuteCommand,
  accuse: accuseCommand,
  knows: knowsCommand,
  simulate: simulateCommand,
  league: leagueCommand,
  merge: mergeCommand,
  worker: workerCommand,
  board: boardCommand,
  serve: serveCommand,
  bench: benchCommand,
};

/** Fresh commands (commander keeps a parse's options on its commands: one set per run). */
export function allCommands(): Command[] {
  return COMMAND_NAMES.map((name) => MAKERS[name]());
}
