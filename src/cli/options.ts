// Option parsers shared by the commands: each refuses a bad value with a UsageError naming the
// option (commander passes our own errors through untouched, as one line).
import { quote } from '../model/quote.js';
import { UsageError } from './errors.js';
import { counted, forCount } from '../model/numbers.js';

/** The most worker threads an option accepts; the pool itself never starts more than the cores. */
export const MAX_THREADS_OPTION = 256;

const WHOLE_NUMBER = /^\d+$/;

/** A whole number from `min` to `max`, written in decimal digits ("1e3", "0x10" and "1.0" are refused). */
export function wholeNumber(name: string, max = Number.MAX_SAFE_INTEGER, min = 1) {
  return (value: string): number => {
    const n = Number(value);
    if (!WHOLE_NUMBER.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new UsageError(`${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, got ${quote(value)}`);
    }
    return n;
  };
}

/** A number of seconds above 0 and at most `max`, in decimal digits with an optional fraction ("0.5", "2"). */
export function secondsValue(name: string, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^(\d+\.?\d*|\.\d+)$/.test(value.trim()) || !(n > 0) || n > max) {
      throw new UsageError(`${name} must be a number of seconds above 0 and at most ${max.toLocaleString('en-US')}, got ${quote(value)}`);
    }
    return n;
  };
}

/** A repeatable option's values, each read by `parse`, in the order given (undefined when the option is not given). */
export function repeatable(parse: (value: string) => string) {
  return (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), parse(value)];
}

export function seedValue(value: string): number {
  const n = Number(value);
  if (!WHOLE_NUMBER.test(value.trim()) || !Number.isSafeInteger(n)) {
    throw new UsageError(`--seed must be a whole number from 0 to 2^53 - 1, got ${quote(value)}`);
  }
  return n;
}

export const threadCount = wholeNumber('--threads', MAX_THREADS_OPTION);

/** Names separated by commas (cards, players), each trimmed; an empty one is refused. */
export function nameList(name: string) {
  return (value: string): string[] => {
    const names = value.split(',').map((s) => s.trim());
    if (names.some((s) => s === '')) throw new UsageError(`${name} takes names separated by commas, got ${quote(value)}`);
    return names;
  };
}

/** A file or directory path: anything but empty (which would name nothing, or the current directory). */
export function path(name: string) {
  return (value: string): string => {
    if (value === '') throw new UsageError(`${name} needs a path, got ""`);
    return value;
  };
}

/** The pool starts at most one thread per core (more would only cost memory): say so when asked for more. */
export async function noteThreads(requested: number | undefined): Promise<void> {
  if (requested === undefined) return;
  const { maxThreads } = await import('../runtime/pool.js');
  const available = maxThreads();
  if (requested > available) {
    process.stderr.write(`cluedo: using ${counted(available, 'thread')}, the ${forCount(available, 'core')} available\n`);
  }
}
