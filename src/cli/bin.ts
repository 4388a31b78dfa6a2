#!/usr/bin/env node
// The installed `cluedo` (dist/cli/cluedo.mjs, package.json's bin): it loads only the bundle the
// command line needs (scripts/bundle-cli.mjs builds them next to it). `cluedo analyze ...` loads
// cluedo-analyze.mjs, the program with analyze alone, so that it never compiles the board, the
// queue, the web server or the tournament; `cluedo --version` loads the program with no command;
// anything else (help, a name that is no command) the whole program, cluedo-all.mjs, since
// commander then needs every command: to list them, or to suggest the nearest name.
import { COMMAND_NAMES } from './command-names.js';

function bundleFor(first: string | undefined): string {
  if (first === '--version' || first === '-V') return 'version';
  return (COMMAND_NAMES as readonly (string | undefined)[]).includes(first) ? (first as string) : 'all';
}

await import(new URL(`./cluedo-${bundleFor(process.argv[2])}.mjs`, import.meta.url).href);
