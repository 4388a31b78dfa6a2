// The examples of examples/ with what `cluedo analyze` says of them (examples/*.expected.json), as
// independent truth for the symbolic engine's probabilities at full size.
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { SymbolicEngine } from '../../src/epistemic/symbolic/engine.js';
import { textQueries } from '../../src/epistemic/queries.js';
import { parseGame } from '../../src/io/log.js';
import type { Game } from '../../src/model/game.js';

/** An example game log of examples/ and what `cluedo analyze` says of it (examples/*.expected.json). */
export function example(name: string): { game: Game; analyzed: { owners: string[]; cards: Record<string, Record<string, number>> } } {
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../examples/${file}`, import.meta.url), 'utf8'));
  return { game: parseGame(read(`${name}.json`)), analyzed: read(`${name}.expected.json`) };
}

export const formulaOf = (game: Game, text: string) => textQueries([text], game, null)[0].formula;

/**
 * The observer's probability of every has(owner, card) of an example's log equals `cluedo
 * analyze`'s (the deals uniform, as a shown card uniform among the responder's cards sums to);
 * it is known, and its seat knows it, exactly where that is 1. `owners`: those of analyze's table
 * to check (default: every one).
 */
export function expectAnalyzed(name: string, owners?: string[]): void {
  const { game, analyzed } = example(name);
  using engine = new SymbolicEngine(game, game.events.length);
  for (const card of game.deck.cards) {
    for (const owner of owners ?? analyzed.owners) {
      const has = formulaOf(game, `has(${owner}, "${card}")`);
      const { probability, known } = engine.probability(has);
      const expected = analyzed.cards[card][owner];
      expect(Math.abs(probability - expected), `${owner} holds ${card}`).toBeLessThanOrEqual(1e-12);
      expect(known, `${owner} holds ${card}: known`).toBe(expected === 1);
      // the observer's seat knows at least what the observer does
      if (game.me !== null) expect(engine.probability({ op: 'K', agent: game.me, arg: has }).known, `K[me] ${owner} holds ${card}`).toBe(expected === 1);
    }
  }
}
