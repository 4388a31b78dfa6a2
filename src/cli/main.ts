#!/usr/bin/env node
// The `cluedo` command line with every command. Only what parsing the command line needs is
// loaded up front; each command loads the rest (the worker pool, the tournament, the reports) when
// it runs. The installed command line is bundled (scripts/bundle-cli.mjs): there, a run loads
// this whole program only to list the commands or to refuse a name that is none of them;
// otherwise src/cli/bin.ts loads the bundle of the one command named.
import { allCommands } from './all-commands.js';
import { runProgram } from './program.js';

await runProgram(allCommands());
