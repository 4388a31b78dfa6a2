// A game kept open at the table: the log is read once and its position (every consistent deal)
// kept; each new entry conditions it instead of reading the log again. Here the events of a log
// are entered one at a time, as a player would enter them during play.
//
//   node open-game.js examples/classic-5p-mid.json
import { OpenGame, ContradictionError, gameToLog, ownerName, parseGame } from 'cluedo-engine';
import { readGameLogFile } from 'cluedo-engine/node';

const path = process.argv[2];
if (path === undefined) {
  console.error('usage: node open-game.js LOG.json');
  process.exit(2);
}

// The log as typed JSON (GameLog), its events set aside to be entered one by one.
const { events = [], ...setup } = gameToLog(parseGame(readGameLogFile(path)));
let open = new OpenGame({ ...setup, events: [] });
const name = (card: number) => open.game.deck.cards[card];
let certain = new Set<number>();

for (const [i, event] of events.entries()) {
  const after = open.with(event); // a new open game; this one is unchanged
  open.dispose(); // frees the previous position's memory in the Wasm core now, rather than when collected
  open = after;
  const analysis = open.analysis(); // computed once per open game
  const found = analysis.known.filter((k) => !certain.has(k.card) && k.owner !== open.game.me);
  certain = new Set(analysis.known.map((k) => k.card));
  const news = found.map((k) => `${name(k.card)} (${ownerName(open.game, k.owner)})`).join(', ');
  console.log(`${String(i + 1).padStart(2)}. ${analysis.consistentDeals} deals, ${analysis.entropyBits.toFixed(2)} bits${news === '' ? '' : `; certain now: ${news}`}`);
}

// An entry no deal fits is refused, naming the events it conflicts with; the game stays as it was.
// Here the next seat suggests the likeliest solution and the observer shows a card of it, but
// the observer holds none of those cards.
const solution = open.analysis().solutions[0].cards.map(name);
const me = open.game.me ?? 0;
const neighbour = open.game.players[(me + 1) % open.game.players.length];
try {
  open.with({ type: 'suggestion', by: neighbour, cards: solution, shownBy: open.game.players[me] });
} catch (error) {
  if (!(error instanceof ContradictionError)) throw error;
  console.log(`\nRefused: ${error.message}`);
}
console.log(`Still ${open.game.events.length} events, ${open.analysis().consistentDeals} deals`);

// The best suggestion from here, scored as suggest() scores it.
const best = (await open.suggestions({ seed: 1, top: 1 })).suggestions[0];
console.log(`Best suggestion now: ${best.cards.map(name).join(', ')} (${best.expectedInformationBits.toFixed(3)} bits)`);
open.dispose();
