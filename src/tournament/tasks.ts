// The tournament's task for an executor (task module "tournament/tasks"): play a numbered range of games. Each thread has one
// Wasm core that its agents share (thread-context.ts).
import { threadContext } from '../analysis/thread-context.js';
import type { GameResult } from './results.js';
import { hasExternalAgents, playTournamentGames, playTournamentGamesAsync, type TournamentConfig } from './play.js';
import { emptyDecisionTimes, type DecisionTimes } from './decision-times.js';
import { defineTasks } from '../runtime/executor.js';

/** The id executors know this module by. */
export const TOURNAMENT_TASKS = 'tournament/tasks';

export interface GamesPayload {
  config: TournamentConfig;
  seed: number;
  from: number;
  to: number;
  /** Time every decision (default false). */
  timing?: boolean;
}

/** The games played: their results in game order, and with `timing` their decision times (which the seed does not decide). */
export interface GamesDone {
  results: GameResult[];
  times?: DecisionTimes;
}

export async function games(task: GamesPayload): Promise<GamesDone> {
  const times = task.timing === true ? emptyDecisionTimes() : undefined;
  // Agents from outside answer asynchronously; a run of built-in agents plays without a promise per decision.
  const results = hasExternalAgents(task.config)
    ? await playTournamentGamesAsync(task.config, task.seed, task.from, task.to, threadContext.core, times)
    : playTournamentGames(task.config, task.seed, task.from, task.to, threadContext.core, times);
  return { results, ...(times && { times }) };
}

/** This module's task, typed, for an executor's run. */
export const tournamentTask = defineTasks(TOURNAMENT_TASKS, { games });
