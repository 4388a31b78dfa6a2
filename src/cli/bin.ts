#!/usr/bin/env node
// The installed `cluedo` (dist/cli/cluedo.mjs, package.json's bin): it loads only the bundle the
// command line needs (scripts/bundle-cli.mjs builds them next to it). `cluedo analyze ...` loads
// cluedo-analyze.mjs, the program with analyze alone, so that it never compiles the board, the
// queue, the web server or the tournament; `cluedo --version` loads the program with no command;
// anything else (help, a name that is no command) the whole program, cluedo-all.mjs, since
// commander then needs every command: to list them, or to suggest the nearest name.
import { COMMAND_NAMES } from './command-names.js';

/**
 * Node 22.1 and later keep V8's compiled code of the modules a run loads (module.enableCompileCache,
 * in the system's temporary directory), so that the next start reads the command's bundle without
 * parsing it again. Node 20 has no such cache: there the version alone is read, and node:module,
 * which the bundles do not need, stays unloaded.
 */
function enableCompileCache(): void {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 1)) return;
  (process.getBuiltinModule?.('node:module') as { enableCompileCache?: () => unknown } | undefined)?.enableCompileCache?.();
}

function bundleFor(first: string | undefined): string {
  if (first === '--version' || first === '-V') return 'version';
  return (COMMAND_NAMES as readonly (string | undefined)[]).includes(first) ? (first as string) : 'all';
}

enableCompileCache();
await import(new URL(`./cluedo-${bundleFor(process.argv[2])}.mjs`, import.meta.url).href);
