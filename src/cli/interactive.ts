// Whether a command asks its questions at the terminal or takes its answers from flags. It asks
// when told to (--interactive), or when it is run at a terminal without the flags that give its
// content; a script (no terminal) gets the usage error of a missing flag, never a wait for input.
import type { Command } from 'commander';
import { UsageError } from './errors.js';
import { given } from './option-rules.js';

/** Whether standard input and output are both a terminal: a person can answer questions. */
export function atTerminal(): boolean {
  return process.stdin.isTTY === true && process.stdout.isTTY === true;
}

/** A command's flags that give its content: those it needs, and those that may go with them. */
export interface ContentFlags {
  required: string[];
  optional: string[];
}

/**
 * Whether to ask the questions. Without them, every required content flag must be there: a
 * missing one is the usage error commander gives for a required option (exit 2).
 */
export function asksQuestions(command: Command, flags: ContentFlags, interactive: boolean | undefined): boolean {
  const content = [...flags.required, ...flags.optional].filter((flag) => given(command, flag));
  if (interactive) {
    if (content.length > 0) throw new UsageError(`--interactive asks for what ${content[0]} gives: give one or the other (see "cluedo ${command.name()} --help")`);
    if (!atTerminal()) throw new UsageError(`--interactive needs a terminal, and standard input or output is not one: give the flags instead (see "cluedo ${command.name()} --help")`);
    return true;
  }
  if (content.length === 0 && atTerminal()) return true;
  for (const flag of flags.required) {
    const option = command.options.find((o) => o.long === flag)!;
    if (!given(command, flag)) command.error(`error: required option '${option.flags}' not specified`, { code: 'commander.missingMandatoryOptionValue' });
  }
  return false;
}
