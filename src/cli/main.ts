#!/usr/bin/env node
// The `cluedo` command line with every command. Only what parsing the command line needs is
// loaded up front; each command loads the rest (the worker pool, the tournament, the reports) when
// it runs. The installed command line is bundled (scripts/bundle-cli.mjs): there, a run loads
// this whole program only to list the commands or to refuse a name that is none of them;
// otherwise src/cli/bin.ts loads the bundle of the one command named.
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
import { runProgram } from './program.js';

// In the order `cluedo --help` lists them (and COMMAND_NAMES says).
await runProgram([newCommand(), addCommand(), analyzeCommand(), suggestCommand(), refuteCommand(), accuseCommand(), knowsCommand(), simulateCommand(), leagueCommand(), mergeCommand(), workerCommand(), boardCommand(), serveCommand()]);
