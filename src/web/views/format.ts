// Small formatting shared by the advisor's views: numbers, messages, capitals.
import { InputError, libraryWords, type LibraryTerm } from '../../model/errors.js';

/** A result the workers computed, with how long it took (null and the reason when they could not). */
export type Timed<T> = { result: T | null; reason: string | null; ms: number; workers?: number };

/** The library's calls a message may name, as the advisor's user reaches them (its options are the library's). */
const CALLS: Record<string, string> = {
  knows: "the command line's `cluedo knows`",
  findContradiction: 'the advisor',
};

const termWords = (term: LibraryTerm) => ('call' in term ? (CALLS[term.call] ?? term.call) : libraryWords([term]));

/** An error's message for the advisor's user: the library's phrase, its calls in the advisor's words. */
export const message = (e: unknown) =>
  e instanceof InputError ? libraryWords(e.phrase, termWords) : e instanceof Error ? e.message : String(e);

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const percent = (p: number) => (p === 0 ? '✗' : p === 1 ? '✓' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(p * 100)}%`);
