// The epistemic layer's task for an executor (task module "analysis/epistemic-tasks"): counting,
// over numbered chunks of drawn worlds, how many satisfy each formula (full-size engine). Each
// thread keeps the engine of the last request, so the tasks of one request share its positions.
import type { Game } from '../model/game.js';
import type { Formula } from '../epistemic/language/formula.js';
import { FullSizeEngine } from '../epistemic/full-size.js';

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

let last: { key: string; engine: FullSizeEngine } | null = null;

function engineFor(game: Game, at: number): FullSizeEngine {
  const key = JSON.stringify([game, at]);
  if (last?.key !== key) {
    last?.engine.dispose();
    last = { key, engine: new FullSizeEngine(game, at) };
  }
  return last.engine;
}

export function hits(payload: HitsPayload): number[] {
  return engineFor(payload.game, payload.at).hits(payload.formulas, payload.total, payload.seed, payload.firstChunk, payload.chunks);
}
