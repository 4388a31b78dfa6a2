// A deck typed as text, one category per line: "suspects: Plum, Green, Mustard". What a player
// types in the advisor's setup or at `cluedo new`'s prompt, read into the log's `deck` field and
// checked as a log's deck is checked (io/log.ts checkDeck).
import { InputError } from '../model/errors.js';
import { quote } from '../model/quote.js';
import { checkDeck } from './log.js';

/** The deck of `text` as the log's `deck` field; an InputError naming the line at fault. */
export function deckFromText(text: string): Record<string, string[]> {
  const lines = text.split(/\r?\n/).map((line, i) => ({ line: line.trim(), n: i + 1 })).filter(({ line }) => line !== '');
  if (lines.length === 0) throw new InputError('the deck is empty: type one category per line, as "suspects: Plum, Green, Mustard"');
  const categories = lines.map(({ line, n }): [string, string[]] => {
    const colon = line.indexOf(':');
    if (colon < 0) throw new InputError(`deck line ${n} (${quote(line)}) has no ":": write the category, a colon, then its cards separated by commas`);
    const name = line.slice(0, colon).trim();
    if (name === '') throw new InputError(`deck line ${n} (${quote(line)}) names no category before the ":"`);
    const cards = line.slice(colon + 1).split(',').map((c) => c.trim());
    if (cards.every((c) => c === '')) throw new InputError(`deck line ${n}: category ${quote(name)} has no cards`);
    if (cards.some((c) => c === '')) throw new InputError(`deck line ${n}: category ${quote(name)} has an empty card name (two commas in a row, or one at the end)`);
    return [name, cards];
  });
  const deck = checkDeck(categories);
  return Object.fromEntries(deck.categories.map((c) => [c.name, c.cards]));
}

/** The text deckFromText reads back as `deck`. */
export function deckToText(deck: Record<string, string[]>): string {
  return Object.entries(deck).map(([name, cards]) => `${name}: ${cards.join(', ')}`).join('\n');
}
