// The `cluedo` program: the root command (its description, --version, --help) with the commands
// a run was built with, and the one place a run's failure becomes its exit code. src/cli/main.ts
// runs it with every command; each bundle of the command line (scripts/bundle-cli.mjs) with only
// the command it is for.
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { commanderExit, reportError } from './errors.js';

/** The version of cluedo-engine, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** The program with these commands (made by each command's module: analyzeCommand, ...). */
export function program(commands: readonly Command[]): Command {
  const cli = new Command('cluedo')
    .description('Probabilistic analysis of Clue/Cluedo positions')
    .version(packageVersion())
    // commander's errors become one line through reportError, never its own "error: ..." plus help.
    .configureOutput({ writeErr: () => {}, outputError: () => {} })
    // An unknown command or option gets the project's "did you mean" (errors.ts), not commander's.
    .showSuggestionAfterError(false);
  cli.exitOverride(commanderExit('cluedo', cli));
  for (const command of commands) {
    command.copyInheritedSettings(cli);
    cli.addCommand(command.exitOverride(commanderExit(`cluedo ${command.name()}`, command)));
  }
  return cli;
}

/**
 * The arguments to parse: `cluedo help NAME`, NAME no command, is parsed as `cluedo NAME`, so that
 * it gets the same refusal, with the nearest name ("did you mean "analyze"?"), where
 * commander's help command would only print the usage.
 */
function programArguments(argv: readonly string[], commands: readonly Command[]): string[] {
  const [node, script, first, name, ...rest] = argv;
  const known = name === undefined || name.startsWith('-') || name === 'help' || commands.some((c) => c.name() === name);
  return first === 'help' && !known && rest.length === 0 ? [node, script, name] : [...argv];
}

/**
 * Runs the program on the process's arguments (or `argv`, as process.argv reads: node, script,
 * arguments); a failure sets the exit code (see errors.ts).
 */
export async function runProgram(commands: readonly Command[], argv: readonly string[] = process.argv): Promise<void> {
  try {
    await program(commands).parseAsync(programArguments(argv, commands));
  } catch (error) {
    process.exitCode = reportError(error);
  }
}
