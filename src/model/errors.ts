import { quote } from './quote.js';

/**
 * A name of the library that a message mentions: an option of a call, with the value given
 * (`{ option: 'responses', value: 'first' }`), or a call (`{ call: 'rationalAnalysis' }`). The
 * message spells it as the API does; a front end names it in its own words (the CLI: its flag or
 * command, cli/errors.ts), so the library never speaks of a command line.
 */
export type LibraryTerm = { readonly option: string; readonly value?: string | number } | { readonly call: string };

/** A message as words and the library's names among them. */
export type Phrase = readonly (string | LibraryTerm)[];

/**
 * A phrase as text: its library terms spelled as the API spells them (`responses "first"`,
 * `maxWorlds`, `rationalAnalysis`), or by `words`, a front end's own (the CLI's flags).
 */
export function libraryWords(phrase: Phrase, words: (term: LibraryTerm) => string = termWords): string {
  return phrase.map((part) => (typeof part === 'string' ? part : words(part))).join('');
}

function termWords(term: LibraryTerm): string {
  if ('call' in term) return term.call;
  if (term.value === undefined) return term.option;
  return `${term.option} ${typeof term.value === 'string' ? quote(term.value) : term.value}`;
}

/** What a program can read of an error without parsing its message. */
export interface ErrorFields {
  /** What went wrong, stable across versions (docs/library.md#errors lists them). */
  readonly code: string;
  /** The option at fault, as the API spells it (`responses`, `maxWorlds`, `shard`). */
  readonly option?: string;
  /** The value given to that option. */
  readonly value?: string | number;
  /** The limit that was passed (`maxWorlds`'s worlds, a number of games). */
  readonly limit?: number;
  /** The file at fault, as the caller named it. */
  readonly file?: string;
}

/**
 * A mistake in what the user gave us (a file, a log, an option). The CLI prints the message
 * alone and exits non-zero; library callers can catch it by type. An error about one of the
 * library's options or calls carries `code` and the fields of ErrorFields, and its `phrase`
 * names them, for a front end to word (the message is the phrase in the library's words).
 */
export class InputError extends Error {
  override name = 'InputError';
  declare readonly phrase: Phrase;
  declare readonly code?: string;
  declare readonly option?: string;
  declare readonly value?: string | number;
  declare readonly limit?: number;
  declare readonly file?: string;

  constructor(message: string | Phrase, fields?: ErrorFields) {
    const phrase = typeof message === 'string' ? [message] : message;
    super(libraryWords(phrase));
    // Not enumerable: the message already says it; printed errors stay as they were.
    Object.defineProperty(this, 'phrase', { value: phrase });
    // Only the fields given: an error without them has no `code` at all.
    for (const [key, value] of Object.entries(fields ?? {})) if (value !== undefined) Object.defineProperty(this, key, { value, enumerable: true });
  }
}
