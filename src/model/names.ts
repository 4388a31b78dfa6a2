// The one way a name typed by a person is matched to a card, a player, a category or a room,
// everywhere: logs, formulas, the command line, the board and the advisor. The rule
// (docs/game-log.md, "Names"): the exact name, then a unique prefix of the name or of one of its
// words, ignoring case, spaces, "_", "-" and ".", and compared in Unicode's composed form (NFC)
// without the characters that show nothing. A name that matches several is an error listing
// them; one that matches nothing, an error listing the near misses (a typo), or else every name.
// And what a name may be: no character that acts rather than shows (quote.ts CONTROL).
import { distance } from 'fastest-levenshtein';
import { InputError } from './errors.js';
import { CONTROL, quote, quoteList } from './quote.js';

export type NameKind = 'card' | 'player' | 'category' | 'room' | 'owner';

/** A name that matches nothing (as opposed to one that matches several). */
export class UnknownNameError extends InputError {
  override name = 'UnknownNameError';
}

/** A name that matches several: `candidates` are the names it could be. */
export class AmbiguousNameError extends InputError {
  override name = 'AmbiguousNameError';
  constructor(
    message: string,
    readonly candidates: readonly string[],
  ) {
    super(message);
  }
}

/** Resolves what a person typed to an index into the names; `where` says where it occurred, for errors. */
export type NameResolver = (input: string, where: string) => number;

/** What separates the words of a name, and is ignored when names are compared. */
const SEPARATORS = /[\s_.\-]+/gu;

/**
 * Characters that show nothing (a Hangul filler, a variation selector, a zero-width space): two
 * names that differ by them alone look the same, so they are no part of a name as compared.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** A name as compared, separators aside: composed (NFC, so that "Café" typed decomposed is "Café"), lower case, nothing invisible. */
function comparable(name: string): string {
  // NFC first: both forms of a name then reach toLowerCase as one string.
  return name.normalize('NFC').toLowerCase().replace(INVISIBLE, '');
}

/**
 * A name as compared: composed (NFC), lower case, without spaces, "_", "-", "." or characters that
 * show nothing: "Mrs. White" and "mrs_white" are one.
 */
export function nameKey(name: string): string {
  return comparable(name).replace(SEPARATORS, '');
}

/** The words of a name, as compared: "Mrs. White" → ["mrs", "white"]. */
export function nameWords(name: string): string[] {
  return comparable(name)
    .split(SEPARATORS)
    .filter((w) => w !== '');
}

/** What each kind of control character (quote.ts CONTROL) is called in messages. */
const CONTROL_KINDS: Array<[RegExp, string]> = [
  [/\p{Cc}/u, 'control character'],
  [/\p{Cf}/u, 'format character'],
  [/\p{Zl}/u, 'line separator'],
  [/\p{Zp}/u, 'paragraph separator'],
];

/**
 * Why `name` cannot be a name, or null: it holds a character that acts rather than shows (an
 * escape sequence would drive the terminal that prints the name; a zero-width or bidi character
 * would make two names look alike, or one look like another).
 */
export function nameProblem(name: string): string | null {
  const c = CONTROL.exec(withoutByteOrderMark(name))?.[0];
  if (c === undefined) return null;
  const kind = CONTROL_KINDS.find(([pattern]) => pattern.test(c))![1];
  return `a name may not contain the ${kind} U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A name as a list of names holds it (the players, a deck's cards and categories): composed (NFC),
 * trimmed and without a leading byte-order mark, so that it is shown and written one way; an InputError `where "name": why` when
 * nameProblem refuses it, anywhere in it, ends included.
 */
export function definedName(name: string, where: string): string {
  const problem = nameProblem(name);
  if (problem !== null) throw new InputError(`${where} ${quote(name)}: ${problem}`);
  return withoutByteOrderMark(name).normalize('NFC').trim();
}

/**
 * A name without the byte-order mark (U+FEFF) an editor or a spreadsheet's export writes at the
 * start of a text: pasted with its first name, it is no part of the name. Anywhere else it is a
 * zero-width character like any other (nameProblem refuses it).
 */
function withoutByteOrderMark(name: string): string {
  return name.startsWith('\ufeff') ? name.slice(1) : name;
}

/**
 * What `input` names among `names`: every exact match (its key equals a name's key), or else every
 * name whose key, or one of whose words, begins with the input's key. The one decision every
 * resolver of the project makes.
 */
export function nameMatches(names: readonly string[], input: string): number[] {
  return matchesAmong(compared(names), input);
}

/** A list of names as the rule compares them: each one's key and words. */
interface ComparedNames {
  keys: string[];
  words: string[][];
}

function compared(names: readonly string[]): ComparedNames {
  return { keys: names.map(nameKey), words: names.map(nameWords) };
}

/** nameMatches over names compared once (a resolver's, asked for name after name). */
function matchesAmong(names: ComparedNames, input: string): number[] {
  const key = nameKey(input);
  if (key === '') return [];
  const exact = names.keys.flatMap((k, i) => (k === key ? [i] : []));
  if (exact.length > 0) return exact;
  return names.keys.flatMap((k, i) => (k.startsWith(key) || names.words[i].some((w) => w.startsWith(key)) ? [i] : []));
}

/** Two names that the rule cannot tell apart (the same key), or null: a list of names must have none. */
export function indistinctNames(names: readonly string[]): [string, string] | null {
  const seen = new Map<string, string>();
  for (const n of names) {
    const other = seen.get(nameKey(n));
    if (other !== undefined) return [other, n];
    seen.set(nameKey(n), n);
  }
  return null;
}

/** The plural of a kind, for messages. */
function plural(kind: NameKind): string {
  return kind === 'category' ? 'categories' : `${kind}s`;
}

/** A resolver over `names` (which should have distinct keys: see indistinctNames). */
export function makeNameResolver(kind: NameKind, names: readonly string[]): NameResolver {
  // A long log names the same few cards and players over and over.
  const resolved = new Map<string, number>();
  let comparedNames: ComparedNames | undefined;
  return (input: string, where: string): number => {
    const known = resolved.get(input);
    if (known !== undefined) return known;
    comparedNames ??= compared(names);
    const hits = matchesAmong(comparedNames, input);
    if (hits.length === 1) {
      resolved.set(input, hits[0]);
      return hits[0];
    }
    if (hits.length > 1) {
      const candidates = hits.map((i) => names[i]);
      throw new AmbiguousNameError(`${where}: ${quote(input)} is ambiguous: it could be ${quoteList(candidates)}`, candidates);
    }
    const candidates = didYouMean(input, names) ?? `the ${plural(kind)} are ${quoteList([...names], 'and')}`;
    throw new UnknownNameError(`${where}: unknown ${kind} ${quote(input)}; ${candidates}`);
  };
}

/**
 * A card or a player given by the library's caller either way: by name (matched as a log's names
 * are) or by index into `names`. An index out of range, or a name that matches nothing or several,
 * is an InputError that begins with `where`.
 */
export function nameOrIndex(kind: NameKind, names: readonly string[], value: number | string, where: string): number {
  if (typeof value === 'string') return makeNameResolver(kind, names)(value, where);
  if (!Number.isInteger(value) || value < 0 || value >= names.length) {
    throw new InputError(`${where}: ${kind} ${String(value)} is not one of the ${names.length} (an index from 0 to ${names.length - 1}, or a name)`);
  }
  return value;
}

/** Past this length (of the input, or of the name list) a typo is unlikely and the guess not worth its cost. */
const MAX_HINT_INPUT = 64;
const MAX_HINT_NAMES = 1000;

/** More equally near names than this, and a guess would mislead: none is proposed. */
const MAX_HINTS = 3;

/**
 * The typos allowed between two keys, by the shorter one's length: one in a name of one or two
 * letters, else two (a swapped pair is two), or one per three letters in long names. It depends on
 * both keys alike, so that whether two names are near does not depend on which one was typed.
 */
export function typosAllowed(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  return shorter <= 2 ? 1 : Math.max(2, Math.floor(shorter / 3));
}

/** The edit distance of two keys when it is within typosAllowed, else Infinity. */
function typoGap(a: string, b: string): number {
  const allowed = typosAllowed(a, b);
  // The edit distance is at least the difference in length: skip keys that cannot be near.
  if (Math.abs(a.length - b.length) > allowed) return Infinity;
  const d = distance(a, b);
  return d <= allowed ? d : Infinity;
}

/**
 * How far `input` is from `name` as a typo: the edit distance between their keys, or between the
 * input's key and one of the name's words (so "Scarlett" is near "Miss Scarlet"), the least of
 * those within typosAllowed; Infinity when none is.
 */
export function typoDistance(input: string, name: string): number {
  const key = nameKey(input);
  if (key === '') return Infinity;
  return nameWords(name).reduce((d, w) => Math.min(d, typoGap(key, w)), typoGap(key, nameKey(name)));
}

/**
 * The few names a typo of `input` may have meant: the nearest by typoDistance, when no more than
 * three are that near (none when none is near). Every "did you mean" of the project: cards,
 * players, owners, categories, a log's keys, agents, their options, commands and options.
 */
export function nearMisses(input: string, names: readonly string[]): string[] {
  if (nameKey(input).length > MAX_HINT_INPUT || input.length > 4 * MAX_HINT_INPUT || names.length > MAX_HINT_NAMES) return [];
  const dist = names.map((n) => typoDistance(input, n));
  const best = dist.reduce((a, b) => Math.min(a, b), Infinity);
  const nearest = names.filter((_, i) => dist[i] === best);
  return best !== Infinity && nearest.length <= MAX_HINTS ? nearest : [];
}

/** `did you mean "A"?` (or `"A" or "B"?`) for a typo of `input` among `names`, or null: how every message proposes a name. */
export function didYouMean(input: string, names: readonly string[]): string | null {
  const near = nearMisses(input, names);
  return near.length === 0 ? null : `did you mean ${quoteList(near)}?`;
}
