// Opponents' knowledge (see opponents-core.ts), in this thread or with its drawn worlds shared
// among an executor's threads.
import type { Game } from '../model/game.js';
import type { Executor } from '../runtime/executor.js';
import { knowsOn } from './knows-on.js';
import { fromReport, request, type Opponents, type OpponentsOptions } from './opponents-core.js';

export { opponentsOf, nearlyKenv, DEFAULT_OPPONENT_SAMPLES, EXACT_OPPONENT_WORLDS } from './opponents-core.js';
export type { Opponents, OpponentKnowledge, OpponentsOptions } from './opponents-core.js';

/** The same, its drawn worlds shared among an executor's threads (the same bytes for any number). */
export async function opponentsOn(executor: Executor, game: Game, options: OpponentsOptions & { signal?: AbortSignal } = {}): Promise<Opponents | null> {
  if (game.me === null) return null;
  const { view, queries, knowsOptions } = request(game, options);
  return fromReport(game, await knowsOn(executor, view, queries, { ...knowsOptions, signal: options.signal }), knowsOptions.samples, options);
}

