import { distance } from 'fastest-levenshtein';
import { InputError } from '../model/errors.js';

export type NameKind = 'card' | 'player';

/** Resolves what the user typed to an index into the names; `where` says where it occurred, for errors. */
export type NameResolver = (input: string, where: string) => number;

/** Lower case with runs of whitespace collapsed, so "  miss  SCARLET " finds "Miss Scarlet". */
function normalize(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The words of a name without surrounding punctuation, so "Mr" and "mr." both find "Mr. Green". */
function wordsOf(s: string): string[] {
  return normalize(s)
    .split(' ')
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

/** `"A"`, `"A" or "B"`, `"A", "B" or "C"`. */
export function quoteList(names: string[], conjunction = 'or'): string {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} ${conjunction} ${q[q.length - 1]}`;
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

  return (input: string, where: string): number => {
    const key = normalize(input);
    const looseKey = wordsOf(input).join(' ');
    const tiers = [
      indicesWhere((i) => full[i] === key),
      indicesWhere((i) => looseKey !== '' && loose[i] === looseKey),
      indicesWhere((i) => looseKey !== '' && !looseKey.includes(' ') && words[i].includes(looseKey)),
    ];
    for (const hits of tiers) {
      if (hits.length === 1) return hits[0];
      if (hits.length > 1) {
        throw new InputError(
          `${where}: "${input}" is ambiguous: it could be ${quoteList(hits.map((i) => names[i]))}`,
        );
      }
    }
    throw new InputError(`${where}: unknown ${kind} "${input}"${hint(input, kind, names, loose, words)}`);
  };
}

/** "; did you mean ..." for a few near misses, otherwise the list of known names (there are at most 32). */
function hint(input: string, kind: NameKind, names: string[], loose: string[], words: string[][]): string {
  const key = wordsOf(input).join(' ');
  if (names.length === 0) return '';
  // A name's distance is that of its full name or its nearest word, so "Scarlett" is near "Miss Scarlet".
  const dist = names.map((_, i) => Math.min(distance(key, loose[i]), ...words[i].map((w) => distance(key, w))));
  const best = Math.min(...dist);
  // Allow two typos (a swapped pair is two), or one per three letters in long names; further
  // off, or with many equally near names, a guess would mislead.
  const nearest = names.filter((_, i) => dist[i] === best);
  const allowed = key.length <= 2 ? 1 : Math.max(2, Math.floor(key.length / 3));
  if (key.length > 0 && best <= allowed && nearest.length <= 3) {
    return `; did you mean ${quoteList(nearest)}?`;
  }
  return `; the ${kind}s are ${quoteList(names, 'and')}`;
}
