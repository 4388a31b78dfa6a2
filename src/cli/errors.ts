// One funnel for every failure of a command: a single line on stderr and a non-zero exit.
// Mistakes in the input exit 1; anything else is our bug and exits 70 (EX_SOFTWARE), without a
// stack trace unless CLUEDO_DEBUG is set.
import { CommanderError } from 'commander';
import { InputError } from '../model/errors.js';
import { PositionTooLargeError } from '../knowledge/wasm-core.js';
import { CancelledError, WorkerFailedError } from '../runtime/executor.js';

export const EXIT_INPUT = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 70;
export const EXIT_CANCELLED = 130;

export function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    // commander has already printed its message
    return error.exitCode === 0 ? 0 : EXIT_USAGE;
  }
  if (error instanceof CancelledError) {
    process.stderr.write('cluedo: cancelled\n');
    return EXIT_CANCELLED;
  }
  if (error instanceof WorkerFailedError) {
    process.stderr.write(`cluedo: ${error.message}\n`);
    return EXIT_INTERNAL;
  }
  if (error instanceof InputError || error instanceof PositionTooLargeError) {
    process.stderr.write(`cluedo: ${error.message}\n`);
    return EXIT_INPUT;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`cluedo: internal error: ${message}\n`);
  if (process.env.CLUEDO_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return EXIT_INTERNAL;
}
