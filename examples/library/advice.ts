// Advice at the table for the observer of a log: which card to show when it must refute a
// suggestion (refutationAdvice), and whether to accuse now (accusationAdvice). Seats and cards are
// given by name, as a player types them, or by index.
//
//   node advice.js examples/classic-6p-late.json P2 green pipe kitchen
import { accusationAdvice, parseGame, refutationAdvice, InputError } from 'cluedo-engine';
import { readGameLogFile } from 'cluedo-engine/node';

const [path, suggesterName, ...cardNames] = process.argv.slice(2);
if (path === undefined || suggesterName === undefined || cardNames.length === 0) {
  console.error('usage: node advice.js LOG.json SUGGESTER CARD...');
  process.exit(2);
}

try {
  const game = parseGame(readGameLogFile(path));
  // Every named card the observer holds, the one that tells the suggester least first. Names are
  // matched as in a log ("green" is Mr. Green); the advice gives seats and cards by index.
  const advice = refutationAdvice(game, { suggester: suggesterName, cards: cardNames });
  console.log(`${game.players[advice.suggester]} suggested ${advice.cards.map((c) => game.deck.cards[c]).join(', ')}; you may show:`);
  for (const option of advice.options) {
    const news = `${option.bits.toFixed(2)} bits of news, ${option.envelopeBits.toFixed(2)} about the envelope`;
    console.log(`  ${game.deck.cards[option.card]}: expected at ${(100 * option.chance).toFixed(0)}%, ${news}${option.shownBefore ? ' (shown before)' : ''}`);
  }
  console.log(`The others learn ${advice.tableBits.toFixed(2)} bits, whichever card you show.`);

  // Accuse when the best solution is at least as likely as nobody else being able to accuse first.
  const accuse = accusationAdvice(game, { seed: 1 });
  const solution = accuse.solution.map((c) => game.deck.cards[c]).join(', ');
  console.log(`${accuse.accuse ? 'Accuse' : 'Do not accuse yet'}: ${solution} is right ${(100 * accuse.probability).toFixed(1)}% of the time; someone else can accuse by their next turn ${(100 * accuse.threat).toFixed(1)}%.`);
} catch (error) {
  if (!(error instanceof InputError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
