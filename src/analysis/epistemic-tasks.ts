// The epistemic layer's task for an executor (task module "analysis/epistemic-tasks"): counting,
// over numbered chunks of drawn worlds, how many satisfy each formula (full-size engine). Each
// thread keeps the engines of its last requests (thread-context.ts), so the tasks of one request
// share its positions.
import type { Game } from '../model/game.js';
import type { Formula } from '../epistemic/language/formula.js';
import { threadContext } from './thread-context.js';
import { defineTasks } from '../runtime/executor.js';

/** The id executors know this module by. */
export const EPISTEMIC_TASKS = 'analysis/epistemic-tasks';

export interface HitsPayload {
  game: Game;
  at: number;
  formulas: Formula[];
  total: number;
  seed: number;
  firstChunk: number;
  chunks: number;
}

export function hits(payload: HitsPayload): number[] {
  return threadContext.engine(payload.game, payload.at).hits(payload.formulas, payload.total, payload.seed, payload.firstChunk, payload.chunks);
}

/** This module's task, typed, for an executor's run. */
export const epistemicTask = defineTasks(EPISTEMIC_TASKS, { hits });
