// The best suggestions for the observer to make next, ranked by the information each is expected
// to bring about the envelope, scored on a pool of two worker threads. Given its seed, the
// ranking is the same in this thread or on a pool of any size.
//
//   node suggest.js examples/classic-6p-early.json
import { suggest, suggestionsJson, parseGame, CancelledError, InputError } from 'cluedo-engine';
import { analysisPool, readGameLogFile } from 'cluedo-engine/node';

const path = process.argv[2];
if (path === undefined) {
  console.error('usage: node suggest.js LOG.json');
  process.exit(2);
}

// Ctrl-C cancels the request: suggest rejects with a CancelledError.
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());

const pool = analysisPool(2); // worker threads with the analysis tasks loaded; keep it open for many requests
try {
  const game = parseGame(readGameLogFile(path));
  const ranking = await suggest(game, { executor: pool, seed: 7, top: 5, signal: stop.signal });
  // The same request in this thread: the same deals, so the same scores.
  const here = await suggest(game, { seed: 7, top: 5 });
  console.log(`Scored ${ranking.method === 'exact' ? `exactly, on all ${ranking.deals} consistent deals` : `on ${ranking.samples} sampled deals`}`);

  // suggestionsJson names the cards; the result itself keeps card indices.
  const named = suggestionsJson(game, ranking);
  if (named.accuse !== null) console.log(`The envelope is certain: accuse ${named.accuse.join(', ')}`);
  for (const [i, s] of named.suggestions.entries()) {
    const bits = s.expectedInformationBits.toFixed(3);
    console.log(`${i + 1}. ${s.cards.join(', ')}: ${bits} bits, no refutation ${(100 * s.pNoRefutation).toFixed(1)}%`);
  }
  console.log(`${ranking.tiedForBest} suggestion(s) share the best score`);
  console.log(`the same ranking in this thread: ${JSON.stringify(here) === JSON.stringify(ranking)}`);
} catch (error) {
  if (error instanceof CancelledError) console.error('cancelled');
  else if (error instanceof InputError) console.error(error.message);
  else throw error;
  process.exitCode = 1;
} finally {
  await pool.close(); // a pool left open keeps the process alive
}
