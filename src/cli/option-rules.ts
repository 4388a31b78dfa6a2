// Options that make sense only with another. Commander states the other relations itself (an
// option that `conflicts` with others, one that `implies` a value); this adds the one it lacks, as
// a table a command declares, checked by commander's preAction hook before the command runs.
import type { Command } from 'commander';
import { UsageError } from './errors.js';

/** Per option (its flag, "--progress"): it needs one of `anyOf` given with it, and why. */
export type Requirements = Record<string, { anyOf: string[]; why: string }>;

/** The option's key in commander's values: "--max-nodes" → "maxNodes". */
export function optionKey(flag: string): string {
  return flag.replace(/^--(no-)?/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** Whether the user gave `flag` on the command line (not its default, nor a value another option implied). */
export function given(command: Command, flag: string): boolean {
  return command.getOptionValueSource(optionKey(flag)) === 'cli';
}

/** Refuses, before the command runs, an option given without one of those it needs. */
export function requireOptions(command: Command, requirements: Requirements): Command {
  return command.hook('preAction', (_, action) => {
    for (const [flag, { anyOf, why }] of Object.entries(requirements)) {
      if (given(action, flag) && !anyOf.some((other) => given(action, other))) {
        throw new UsageError(`${flag} goes with ${anyOf.join(' or ')}: ${why}`);
      }
    }
  });
}
