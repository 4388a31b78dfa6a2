// The tournament's task for an executor (task module "tournament/tasks"): play a numbered range of games. Each thread has one
// Wasm core that its agents share.
import { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { GameResult } from './results.js';
import { hasExternalAgents, playTournamentGames, playTournamentGamesAsync, type TournamentConfig } from './play.js';

/** The id executors know this module by. */
export const TOURNAMENT_TASKS = 'tournament/tasks';

export interface GamesPayload {
  config: TournamentConfig;
  seed: number;
  from: number;
  to: number;
}

let core: KnowledgeCore | null = null;

export function games(task: GamesPayload): GameResult[] | Promise<GameResult[]> {
  core ??= KnowledgeCore.create();
  // Agents from outside answer asynchronously; a run of built-in agents plays without a promise per decision.
  const play = hasExternalAgents(task.config) ? playTournamentGamesAsync : playTournamentGames;
  return play(task.config, task.seed, task.from, task.to, core);
}
