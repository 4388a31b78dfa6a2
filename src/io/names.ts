import { distance } from 'fastest-levenshtein';
import { InputError } from '../model/errors.js';
import { quote, quoteList } from './quote.js';

export type NameKind = 'card' | 'player' | 'category' | 'room' | 'owner';

/** A name that matches nothing (as opposed to one that matches several). */
export class UnknownNameError extends InputError {}

/** Resolves what the user typed to an index into the names; `where` says where it occurred, for errors. */
export type NameResolver = (input: string, where: string) => number;

/** Lower case with runs of whitespace collapsed, so "  miss  SCARLET " finds "Miss Scarlet". */
function normalize(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The words of a name without surrounding punctuation, so "Mr" and "mr." both find "Mr. Green". */
function wordsOf(s: string): string[] {
  // Underscores separate words too: "Plum" names "Professor_Plum", as logs written for Prolog or OTTER spell it.
  return normalize(s)
    .split(/[ _]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

/**
 * Builds a matcher for `names`. Tried in order, the first tier that matches anything decides:
 * the full name (case-insensitive), the full name ignoring punctuation ("Mrs White"), then a
 * single word of the name ("Scarlet", "Pipe"). A tier matching several names is ambiguous.
 */
export function makeNameResolver(kind: NameKind, names: string[]): NameResolver {
  const full = names.map(normalize);
  const loose = names.map((n) => wordsOf(n).join(' '));
  const words = names.map(wordsOf);

  const indicesWhere = (pred: (i: number) => boolean): number[] =>
    names.map((_, i) => i).filter(pred);
  // A long log names the same few cards and players over and over.
  const resolved = new Map<string, number>();

  return (input: string, where: string): number => {
    const known = resolved.get(input);
    if (known !== undefined) return known;
    const key = normalize(input);
    const looseKey = wordsOf(input).join(' ');
    const tiers = [
      indicesWhere((i) => full[i] === key),
      indicesWhere((i) => looseKey !== '' && loose[i] === looseKey),
      indicesWhere((i) => looseKey !== '' && !looseKey.includes(' ') && words[i].includes(looseKey)),
    ];
    for (const hits of tiers) {
      if (hits.length === 1) {
        resolved.set(input, hits[0]);
        return hits[0];
      }
      if (hits.length > 1) {
        throw new InputError(`${where}: ${quote(input)} is ambiguous: it could be ${quoteList(hits.map((i) => names[i]))}`);
      }
    }
    throw new UnknownNameError(`${where}: unknown ${kind} ${quote(input)}${hint(input, kind, names, loose, words)}`);
  };
}

/** Past this length (of the input, or of the name list) a typo is unlikely and the guess not worth its cost. */
const MAX_HINT_INPUT = 64;
const MAX_HINT_NAMES = 1000;

/** "; did you mean ..." for a few near misses, otherwise the list of known names. */
function hint(input: string, kind: NameKind, names: string[], loose: string[], words: string[][]): string {
  if (names.length === 0) return '';
  const list = `; the ${kind === 'category' ? 'categories' : `${kind}s`} are ${quoteList(names, 'and')}`;
  if (input.length > 4 * MAX_HINT_INPUT || names.length > MAX_HINT_NAMES) return list;
  const key = wordsOf(input).join(' ');
  if (key.length === 0 || key.length > MAX_HINT_INPUT) return list;
  // Allow two typos (a swapped pair is two), or one per three letters in long names; further
  // off, or with many equally near names, a guess would mislead.
  const allowed = key.length <= 2 ? 1 : Math.max(2, Math.floor(key.length / 3));
  // The edit distance is at least the difference in length: skip names that cannot be near.
  const near = (candidate: string) => (Math.abs(candidate.length - key.length) > allowed ? Infinity : distance(key, candidate));
  // A name's distance is that of its full name or its nearest word, so "Scarlett" is near "Miss Scarlet".
  const dist = names.map((_, i) => words[i].reduce((d, w) => Math.min(d, near(w)), near(loose[i])));
  const best = dist.reduce((a, b) => Math.min(a, b), Infinity);
  const nearest = names.filter((_, i) => dist[i] === best);
  if (best <= allowed && nearest.length <= 3) return `; did you mean ${quoteList(nearest)}?`;
  return list;
}
