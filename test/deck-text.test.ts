// A deck typed as text (io/deck-text.ts): read back exactly as written, and every mistake named
// by its line, as a log's deck is checked.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deckFromText, deckToText } from '../src/io/deck-text.js';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { InputError } from '../src/model/errors.js';

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .'-]{0,10}[A-Za-z0-9]$/);

describe('deckFromText', () => {
  it('reads back what deckToText writes, for any deck of distinct names', () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 2, maxLength: 20, selector: (n) => n.toLowerCase().replace(/[\s_.-]/g, '') }), fc.integer({ min: 1, max: 4 }), (names, groups) => {
        const categoryNames = names.slice(0, Math.min(groups, names.length - 1));
        const cards = names.slice(categoryNames.length);
        const deck: Record<string, string[]> = Object.fromEntries(categoryNames.map((c, g) => [c, cards.filter((_, k) => k % categoryNames.length === g)]));
        if (Object.values(deck).some((c) => c.length === 0)) return;
        expect(deckFromText(deckToText(deck))).toEqual(deck);
      }),
      { seed: 7, numRuns: 200 },
    );
    expect(deckFromText(deckToText(CLASSIC_CATEGORIES))).toEqual(CLASSIC_CATEGORIES);
  });

  it('ignores blank lines and spaces around names', () => {
    expect(deckFromText('\n  suspects :  Plum ,Green\n\nweapons: Rope\n')).toEqual({ suspects: ['Plum', 'Green'], weapons: ['Rope'] });
  });

  it.each([
    ['', /the deck is empty/],
    ['suspects: Plum, Green\nweapons Rope, Knife', /^deck line 2 \("weapons Rope, Knife"\) has no ":"/],
    [': Plum', /^deck line 1 .* names no category/],
    ['suspects: Plum,, Green', /^deck line 1: category "suspects" has an empty card name/],
    ['suspects:', /^deck line 1: category "suspects" has no cards/],
    ['suspects: Plum\nweapons: plum', /card "plum" appears in both "suspects" and "weapons"/],
    ['a: Plum\nA: Rope', /categories "a" and "A" have the same name/],
  ])('refuses %j, naming the culprit', (text, pattern) => {
    let error: unknown;
    try {
      deckFromText(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(pattern);
  });
});
