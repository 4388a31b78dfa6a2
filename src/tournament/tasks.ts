// The tournament's task for an executor (task module "tournament/tasks"): play a numbered range of games. Each thread has one
// Wasm core that its agents share (thread-context.ts).
import { threadContext } from '../analysis/thread-context.js';
import type { GameResult } from './results.js';
import { hasExternalAgents, playTournamentGames, playTournamentGamesAsync, type TournamentConfig } from './play.js';
import { defineTasks } from '../runtime/executor.js';

/** The id executors know this module by. */
export const TOURNAMENT_TASKS = 'tournament/tasks';

export interface GamesPayload {
  config: TournamentConfig;
  seed: number;
  from: number;
  to: number;
}

export function games(task: GamesPayload): GameResult[] | Promise<GameResult[]> {
  // Agents from outside answer asynchronously; a run of built-in agents plays without a promise per decision.
  const play = hasExternalAgents(task.config) ? playTournamentGamesAsync : playTournamentGames;
  return play(task.config, task.seed, task.from, task.to, threadContext.core);
}

/** This module's task, typed, for an executor's run. */
export const tournamentTask = defineTasks(TOURNAMENT_TASKS, { games });
