// The checks every sampling request makes of its numbers, with the same messages everywhere.
import { InputError } from '../model/errors.js';

/** suggest's default number of samples. */
export const DEFAULT_SUGGEST_SAMPLES = 20_000;
/**
 * Samples times suggestions scored when the caller gives no sample count: about a second of work.
 * A deck with a huge number of possible suggestions is scored from fewer samples by default.
 */
export const SUGGEST_WORK = 50_000_000;
const MIN_DEFAULT_SAMPLES = 500;

/** suggest's default sample count for `suggestions` suggestions: 20,000, fewer for decks with very many suggestions. */
export function defaultSuggestSamples(suggestions: number): number {
  return Math.min(DEFAULT_SUGGEST_SAMPLES, Math.max(MIN_DEFAULT_SAMPLES, Math.floor(SUGGEST_WORK / suggestions)));
}
/** Each worker holds every sample (about 100 bytes each with its working arrays) for the whole ranking. */
export const MAX_SUGGEST_SAMPLES = 5_000_000;

export function checkSamples(samples: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isSafeInteger(samples) || samples < 1 || samples > max) {
    throw new InputError(
      max === Number.MAX_SAFE_INTEGER
        ? `samples must be a positive integer, got ${samples}`
        : `samples must be a whole number from 1 to ${max.toLocaleString('en-US')}, got ${samples}`,
    );
  }
  return samples;
}

export function checkSeed(seed: number): number {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new InputError(`seed must be a non-negative integer, got ${seed}`);
  return seed;
}
