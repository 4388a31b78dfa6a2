// Option parsers shared by the commands: each rejects a bad value with a message naming the option.
import { InvalidArgumentError } from 'commander';

export function positiveInteger(name: string, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
    }
    return n;
  };
}

export function seedValue(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(`the seed must be a non-negative whole number below 2^53, got "${value}"`);
  }
  return n;
}
