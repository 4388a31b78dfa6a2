// The analysis tasks an executor runs (task module "analysis/tasks"; see runtime/executor.ts):
// drawing numbered chunks of uniform deals, tallying them, scoring suggestions on deals or by
// counting, and running Markov chains. Each thread that runs them keeps the positions of the last
// stores it saw (thread-context.ts), so the tasks of one request build its DAG once. Payloads and
// results are plain data, so the tasks run alike in this thread, in Node's worker threads and in
// a browser's Web Workers.
import type { Answering, Position } from '../knowledge/wasm-core.js';
import { emptyStore, type ConstraintStore } from '../knowledge/constraints.js';
import { CLASSIC_DECK } from '../model/deck.js';
import { SAMPLE_CHUNK, chunkSize, drawChunk, tallyChunks } from '../knowledge/chunks.js';
import { runChain, type ChainResult, type ChainTask } from '../knowledge/mcmc.js';
import { SCORE_WIDTH } from './entropy-greedy.js';
import type { Game } from '../model/game.js';
import { informationByCounting, type InformationRequest } from './exact-information.js';
import { defineTasks } from '../runtime/executor.js';
import { threadContext } from './thread-context.js';
import { ownerWidth } from '../model/owners.js';

/** The id executors know this module by. */
export const ANALYSIS_TASKS = 'analysis/tasks';

/** Draw chunks [firstChunk, firstChunk + chunks) of a request of `total` deals. */
export interface SamplePayload {
  store: ConstraintStore;
  seed: number;
  total: number;
  firstChunk: number;
  chunks: number;
}

/** Like SamplePayload, but tally the deals (card-owner and envelope counts) instead of keeping them. */
export type TallyPayload = SamplePayload;

export interface TallyResult {
  deals: number;
  ownerCounts: Float64Array;
  envelopeCounts: Float64Array;
}

/** Expected information of suggestions [qFrom, qTo) from `deals` (uniform draws when `sampled`, else every consistent deal). */
export interface EigPayload {
  store: ConstraintStore;
  deals: Uint32Array;
  sampled: boolean;
  suggester: number;
  model: 0 | 1;
  shownTo: number[];
  answering: Answering;
  qFrom: number;
  qTo: number;
}

/** Every requested suggestion's exact scores by counting (exact-information.ts), at the store's position; the game gives the deck, seats and rules. */
export interface InformationPayload {
  game: Game;
  store: ConstraintStore;
  request: InformationRequest;
}

/** The position of a store, kept for the next tasks (those of a request share it). */
function use(store: ConstraintStore): Position {
  return threadContext.position(store);
}

/**
 * Hands a position built in this thread to the tasks this thread runs (an InProcessExecutor's):
 * those of its store draw from it rather than build it again. They own it from now on.
 */
export function drawFromInThisThread(position: Position): void {
  threadContext.adopt(position);
}

/**
 * V8 compiles Wasm first with its baseline compiler and optimises hot functions later: a worker
 * runs every kernel a little at start-up, so the first real request does not pay for it.
 */
export function warmUp(): void {
  const store = emptyStore(CLASSIC_DECK.cards.length, CLASSIC_DECK.categoryMasks, [3, 3, 3, 3, 3, 3]);
  store.holds[0] = 0b111;
  store.lacks[0] = (~0b111 & ((1 << 21) - 1)) >>> 0;
  const position = use(store);
  position.ownerCounts();
  const deals = position.sample(4 * SAMPLE_CHUNK, 1);
  for (let round = 0; round < 3; round++) position.eig(deals, 0, 0, [], 0, 64, true);
  position.check(deals);
}

/** The deals of the chunks, one after another (n x ownerWidth(nSeats) masks). */
export function sample(task: SamplePayload): Uint32Array {
  const position = use(task.store);
  const width = ownerWidth(task.store.nSeats);
  let n = 0;
  for (let chunk = task.firstChunk; chunk < task.firstChunk + task.chunks; chunk++) n += chunkSize(task.total, chunk);
  const out = new Uint32Array(n * width);
  for (let chunk = task.firstChunk; chunk < task.firstChunk + task.chunks; chunk++) {
    out.set(drawChunk(position, task.seed, task.total, chunk), (chunk - task.firstChunk) * SAMPLE_CHUNK * width);
  }
  return out;
}

export function tally(task: TallyPayload): TallyResult {
  const t = tallyChunks(use(task.store), task.seed, task.total, task.firstChunk, task.chunks);
  return { deals: t.total, ownerCounts: t.ownerCounts, envelopeCounts: t.envelopeCounts };
}

/** SCORE_WIDTH numbers per suggestion of [qFrom, qTo). */
export function eig(task: EigPayload): Float64Array {
  const scores = use(task.store).eig(task.deals, task.suggester, task.model, task.shownTo, task.qFrom, task.qTo, task.sampled, task.answering);
  if (scores.length !== (task.qTo - task.qFrom) * SCORE_WIDTH) throw new Error('eig: scores of the wrong length');
  return scores;
}

/** SCORE_WIDTH numbers per requested suggestion, counted exactly. */
export function information(task: InformationPayload): Float64Array {
  return informationByCounting(task.game, use(task.store), task.request).scores;
}

/** One Markov chain of a request (see knowledge/mcmc.ts): chains are determined by (seed, chain). */
export function chain(task: ChainTask): ChainResult {
  return runChain(threadContext.core, task);
}

/** This module's tasks, typed, for an executor's run. */
export const analysisTask = defineTasks(ANALYSIS_TASKS, { sample, tally, eig, information, chain });
