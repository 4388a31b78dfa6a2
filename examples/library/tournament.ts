// A small seeded tournament: four-player games of the card game between three agents, seats
// rotating every game, then the summary with 95% intervals that treat each game as the unit.
// Game g is determined by the run's seed and g alone, so the run is the same in this thread or on a
// pool of worker threads (tournamentPool of cluedo-engine/node, passed as `executor`).
//
//   node tournament.js
import { CLASSIC_CATEGORIES } from 'cluedo-engine';
import { runTournament, summarize, renderSummary, type TournamentConfig } from 'cluedo-engine/play';

const config: TournamentConfig = {
  deck: CLASSIC_CATEGORIES,
  players: 4,
  agents: ['entropy:samples=1000', 'deductive', 'naive'], // also 'random' and 'epistemic'
  maxTurns: 200,
};

// onProgress and an AbortSignal (signal) are there for long runs; a stopped run keeps its finished games.
const { results, done, interrupted } = await runTournament(config, { games: 40, seed: 2024 });
console.log(`${done} games, interrupted: ${interrupted}\n`);

const first = results[0];
console.log(`Game 0: ${first.seats.join(', ')}; won by ${first.winner === null ? 'nobody' : `seat ${first.winner} (${first.seats[first.winner]})`} after ${first.turns} turns\n`);

// The summary's rows follow the order given; renderSummary prints the terminal tables of `cluedo simulate`.
console.log(renderSummary(summarize(results, config.agents)));
