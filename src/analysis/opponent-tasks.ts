// The opponents' knowledge as one task of an executor (task module "analysis/opponent-tasks"): the
// whole computation in a worker, so that a page asking it after every entry never waits for it.
import type { Game } from '../model/game.js';
import { opponentsInThisThread, type Opponents, type OpponentsOptions } from './opponents.js';
import { defineTasks } from '../runtime/executor.js';

/** The id executors know this module by. */
export const OPPONENT_TASKS = 'analysis/opponent-tasks';

export interface OpponentsPayload {
  game: Game;
  options: Omit<OpponentsOptions, 'executor' | 'signal'>;
}

export function opponents(payload: OpponentsPayload): Opponents | null {
  return opponentsInThisThread(payload.game, payload.options);
}

/** This module's task, typed, for an executor's run. */
export const opponentTask = defineTasks(OPPONENT_TASKS, { opponents });
