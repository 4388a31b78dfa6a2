// The detective's notebook of a game log: how many deals are still possible, the envelope's most
// likely solutions, and every card whose owner is certain.
//
//   node analyze.js examples/classic-5p-mid.json
import { analyze, envelopeProbability, ownerName, parseGame, InputError } from 'cluedo-engine';
import { readGameLogFile } from 'cluedo-engine/node';

const path = process.argv[2];
if (path === undefined) {
  console.error('usage: node analyze.js LOG.json');
  process.exit(2);
}

try {
  // A Game is the log parsed and checked once; every function also takes the log's JSON itself.
  const game = parseGame(readGameLogFile(path));
  const analysis = analyze(game); // exact whenever the position fits, as it does for classic games
  const name = (card: number) => game.deck.cards[card];
  const percent = (p: number) => `${(100 * p).toFixed(1)}%`;

  const observer = game.me === null ? 'a spectator' : game.players[game.me];
  console.log(`${game.players.length} players, ${game.events.length} events, seen by ${observer}`);
  console.log(`Consistent deals: ${analysis.consistentDeals} (${analysis.method})`);

  console.log('\nThe envelope, per category:');
  for (const category of game.deck.categories) {
    const candidates = category.cards
      .map((card) => game.deck.cards.indexOf(card))
      .map((card) => ({ card, p: envelopeProbability(analysis, card) }))
      .filter(({ p }) => p > 0)
      .sort((a, b) => b.p - a.p);
    console.log(`  ${category.name}: ${candidates.map(({ card, p }) => `${name(card)} ${percent(p)}`).join(', ')}`);
  }

  console.log(`\nMost likely solutions (${analysis.solutions.length} possible):`);
  for (const solution of analysis.solutions.slice(0, 5)) {
    console.log(`  ${percent(solution.probability).padStart(6)}  ${solution.cards.map(name).join(', ')}`);
  }

  // Owners are seat numbers, or ENVELOPE and TABLE; ownerName names them as the log does.
  const certain = analysis.known.filter((k) => game.me === null || k.owner !== game.me);
  console.log(`\nCertain, beyond the observer's own hand (${certain.length}):`);
  for (const { card, owner } of certain) console.log(`  ${name(card)}: ${ownerName(game, owner)}`);
  console.log(`\nEnvelope entropy: ${analysis.entropyBits.toFixed(3)} bits`);
} catch (error) {
  // Every mistake in a log is an InputError with a one-line message.
  if (!(error instanceof InputError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
