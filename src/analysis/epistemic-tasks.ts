// The epistemic layer's task for an executor: counting, over numbered chunks of drawn worlds, how
// many satisfy each formula (full-size engine). Workers import this module by file URL.
import type { Game } from '../model/game.js';
import type { Formula } from '../epistemic/language/formula.js';
import { FullSizeEngine } from '../epistemic/full-size.js';

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
  const engine = new FullSizeEngine(payload.game, payload.at);
  try {
    return engine.hits(payload.formulas, payload.total, payload.seed, payload.firstChunk, payload.chunks);
  } finally {
    engine.dispose();
  }
}
