// One funnel for every failure of a command: one line on stderr, "cluedo: ...", and an exit code
// that says whose mistake it was. A bad command line (an option, its value, a missing argument,
// a value that the file it names refutes: fromCommandLine) exits 2; bad input (a file, a log's
// contents) or an output that cannot be written exits 1;
// anything else is our bug and exits 70 (EX_SOFTWARE), without a stack trace unless
// CLUEDO_DEBUG is set. A run ended by Ctrl-C exits 130 (by SIGTERM 143, SIGHUP 129: cancel.ts).
import { COMMAND_NAMES } from './command-names.js';
import { CommanderError, type Command } from 'commander';
import { didYouMean } from '../model/names.js';
import { InputError, libraryWords, type LibraryTerm } from '../model/errors.js';
import { PositionTooLargeError } from '../knowledge/wasm-core.js';
import { CancelledError, WorkerFailedError } from '../runtime/executor.js';
import { oneLine, quote } from '../model/quote.js';
import { cancelledWords, interruptedExitCode } from './cancel.js';

export const EXIT_INPUT = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 70;

/** A mistake on the command line: an unknown option, a bad or missing value, options that conflict. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Reads values typed on the command line (an option's value, an argument) against what a file
 * holds: a card of the log's deck, a player of the log, a formula about it. What the library
 * refuses there, an InputError, is a mistake on the command line (exit 2), even when the value is
 * wrong only for the file it names; the file's own contents are read outside, and a mistake in
 * them stays bad input (exit 1). `option` goes before a message that does not name it.
 */
export function fromCommandLine<T>(read: () => T, option?: string): T {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new UsageError(option === undefined ? cliWords(e) : `${option}: ${cliWords(e)}`);
  }
}

/**
 * An error of the library names its options and calls (model/errors.ts); the CLI words them here,
 * in one place, for the person at the terminal: an option by its flag (`maxWorlds` is
 * --max-worlds, unless FLAGS says otherwise), a call by the command that runs it, or the command
 * line that writes a file.
 */
const FLAGS: Record<string, string> = {
  url: '--queue',
  'tls.ca': '--queue-ca',
  'tls.cert': '--queue-cert',
  'tls.key': '--queue-key',
};

const COMMANDS: Record<string, string> = {
  rationalAnalysis: 'analyze --rational',
  knows: '`cluedo knows`',
  findContradiction: 'cluedo analyze',
  shardFileText: 'cluedo simulate --shard i/N --out FILE',
  reportJson: 'cluedo simulate --json FILE',
};

function onCommandLine(term: LibraryTerm): string {
  if ('call' in term) return COMMANDS[term.call] ?? term.call;
  const flag = FLAGS[term.option] ?? `--${term.option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return term.value === undefined ? flag : `${flag} ${term.value}`;
}

/** An error's message in the command line's words: the library's options named by their flags. */
export function cliWords(error: unknown): string {
  if (error instanceof InputError) return libraryWords(error.phrase, onCommandLine);
  return error instanceof Error ? error.message : String(error);
}

/** The person at the terminal cancelled the questions of a command: nothing was written. */
export class QuestionsCancelledError extends Error {
  override name = 'QuestionsCancelledError';
}

/** Outputs that could not be written, one message each (the others were written). */
export class OutputError extends Error {
  override name = 'OutputError';
  constructor(readonly failures: string[]) {
    super(failures.join('; '));
  }
}

/** Past this, a message is cut: names in it are already shortened, so only a bug gets here. */
const MAX_MESSAGE = 800;

/** Writes "cluedo: <message>" as exactly one line on stderr. */
export function printLine(message: string): void {
  process.stderr.write(`cluedo: ${oneLine(message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message)}\n`);
}

/** Reports a failure of a command and returns the exit code. */
export function reportError(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode; // help or version, already printed
  if (error instanceof UsageError) {
    printLine(error.message);
    return EXIT_USAGE;
  }
  if (error instanceof CancelledError) {
    printLine(cancelledWords());
    return interruptedExitCode();
  }
  if (error instanceof QuestionsCancelledError) {
    printLine(error.message);
    return interruptedExitCode();
  }
  if (error instanceof OutputError) {
    for (const failure of error.failures) printLine(failure);
    return EXIT_INPUT;
  }
  if (error instanceof InputError || error instanceof PositionTooLargeError) {
    printLine(cliWords(error));
    return EXIT_INPUT;
  }
  if (error instanceof WorkerFailedError) {
    printLine(error.message);
    return EXIT_INTERNAL;
  }
  const message = error instanceof Error ? error.message : String(error);
  printLine(`internal error: ${message}`);
  if (process.env.CLUEDO_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return EXIT_INTERNAL;
}

/**
 * commander's own errors (an unknown option, a missing argument) as a UsageError of one line,
 * with where to find the usage; help and version (exit 0) pass through. An unknown option or
 * command gets the project's "did you mean" (model/names.ts) among `command`'s options or
 * commands, not commander's own guess (the program turns that off).
 */
export function commanderExit(commandPath: string, command?: Command) {
  return (error: CommanderError): never => {
    if (error.exitCode === 0) throw error;
    let text = error.message.replace(/^error: /, '');
    if (error.code === 'commander.help') {
      text = `which command? ${COMMAND_NAMES.slice(0, -1).join(', ')} or ${COMMAND_NAMES.at(-1)}`;
    }
    const unknown = /^unknown (option|command) '(.*)'$/s.exec(text);
    if (command !== undefined && unknown !== null && (error.code === 'commander.unknownOption' || error.code === 'commander.unknownCommand')) {
      const [, what, name] = unknown;
      const known = what === 'option' ? command.createHelp().visibleOptions(command).flatMap((o) => o.long ?? []) : command.commands.map((c) => c.name());
      const hint = didYouMean(name, known);
      text = `unknown ${what} ${quote(name)}${hint === null ? '' : `; ${hint}`}`;
    }
    throw new UsageError(`${text.trim()} (see "${commandPath} --help")`);
  };
}
