// The players' names the advisor's notebook shows in its narrow columns (src/web/short-names.ts):
// never longer than asked, never two alike (by the name rule), a name that fits kept whole, and a
// long one shown by one of its own words or, failing that, by its first letters and its seat.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { indistinctNames, nameKey } from '../src/model/names.js';
import { shortNames } from '../src/web/short-names.js';

const length = (s: string) => [...s].length;

describe('shortNames', () => {
  it('keeps short names, and shows a long one by a word of it that no other name can be shown as', () => {
    expect(shortNames(['Ann', 'Bob', 'Cat'], 6)).toEqual(['Ann', 'Bob', 'Cat']);
    // Both names begin with "Professor" (cut to "Profe."): each is shown by a word the other lacks.
    expect(shortNames(['Professor Plum', "Professor Plum's friend Bartholomew"], 6)).toEqual(['Plum', "Plum's"]);
    // A title tells least; a name that fits keeps its own spelling against another's word.
    expect(shortNames(['Mrs. Peacock', 'Dr. Orchid the Botanist', 'Cat', 'Cat Stevens'], 6)).toEqual(['Peaco.', 'Orchid', 'Cat', 'Steve.']);
    // Alike to the cut: first letters and the seat's number (from 1).
    expect(shortNames(['Bo', 'Alexandra', 'Alexander'], 6)).toEqual(['Bo', 'Alexa2', 'Alexa3']);
    // …unless another player is called so.
    expect(shortNames(['Alexandra', 'Alexa1', 'Alexander'], 6)).toEqual(['Alex1', 'Alexa1', 'Alexa3']);
  });

  it('on random tables of names: at most max characters each, no two alike, a name that fits kept, a long one from its own words or its seat', () => {
    const name = fc.oneof(fc.string({ minLength: 1, maxLength: 14 }), fc.array(fc.constantFrom('Alexandra', 'Alexa', 'Mrs.', 'Plum', "Plum's", 'Professor', 'Al', '1', '2', 'Bo'), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')));
    const table = fc.uniqueArray(name.filter((n) => n.trim() === n && nameKey(n) !== ''), { minLength: 2, maxLength: 10 }).filter((names) => indistinctNames(names) === null);
    fc.assert(
      fc.property(table, fc.integer({ min: 4, max: 12 }), (names, max) => {
        const short = shortNames(names, max);
        expect(new Set(short.map(nameKey)).size).toBe(names.length);
        short.forEach((s, i) => {
          expect(length(s)).toBeLessThanOrEqual(max);
          if (length(names[i]) <= max) expect(s).toBe(names[i]);
          else {
            const word = names[i].split(/\s+/u).some((w) => s === w || (s.endsWith('.') && w.startsWith(s.slice(0, -1))));
            expect(word || s.endsWith(String(i + 1))).toBe(true);
          }
        });
      }),
      { numRuns: 2000 },
    );
  });
});
