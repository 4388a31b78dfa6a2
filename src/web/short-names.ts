// Players' names in a narrow column: each in a few characters that tell it from the others, so
// that the notebook of six players fits a phone. The full name stays in the column's title, its
// accessible name and the key under the notebook.
import { nameKey } from '../model/names.js';

/**
 * Each name in at most `max` characters: the name itself when it fits; else the first of its
 * candidates that no other name can be shown as. The candidates are its words (a word already
 * abbreviated, such as "Mrs." or "Dr.", last), each cut to `max` with a "." ("Profe." for
 * Professor), then its first letters and its seat's number ("Alexa2"). Names are told apart as the
 * name rule compares them (nameKey).
 */
export function shortNames(names: readonly string[], max: number): string[] {
  const candidates = names.map((name, seat) => ([...name].length <= max ? [name] : [...wordsByUse(name).map((w) => cut(w, max)), ...numbered(name, seat + 1, max)]));
  return names.map((_, i) => {
    const others = new Set(candidates.flatMap((c, j) => (j === i ? [] : c.map(nameKey))));
    return candidates[i].find((c) => !others.has(nameKey(c))) ?? candidates[i][candidates[i].length - 1];
  });
}

/** The words of a name, those already abbreviated ("Mrs.", "Dr.") last: they tell least. */
function wordsByUse(name: string): string[] {
  const words = name.split(/\s+/u).filter((w) => w !== '');
  const abbreviated = (w: string) => w.endsWith('.');
  return [...words.filter((w) => !abbreviated(w)), ...words.filter(abbreviated)];
}

function cut(word: string, max: number): string {
  const chars = [...word];
  return chars.length <= max ? word : `${chars.slice(0, max - 1).join('')}.`;
}

/** "Alexa2", "Alex2", … "2": fewer and fewer of the name's first letters, and the seat's number. */
function numbered(name: string, seat: number, max: number): string[] {
  const chars = [...name];
  const digits = String(seat);
  return Array.from({ length: Math.max(0, max - digits.length) + 1 }, (_, k) => chars.slice(0, max - digits.length - k).join('') + digits);
}
