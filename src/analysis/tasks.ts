// The analysis tasks an executor runs (see runtime/executor.ts): drawing numbered chunks of
// uniform deals, tallying them, scoring suggestions, and running Markov chains. Each thread that imports this module has
// one Wasm core, warmed up once in worker threads, and keeps the last store's position, so
// consecutive tasks of one request build its DAG once.
import { isMainThread } from 'node:worker_threads';
import { KnowledgeCore, type Position } from '../knowledge/wasm-core.js';
import { emptyStore, type ConstraintStore } from '../knowledge/constraints.js';
import { CLASSIC_DECK } from '../model/deck.js';
import { SAMPLE_CHUNK, chunkSize, drawChunk, tallyChunks } from '../knowledge/chunks.js';
import { runChain, type ChainResult, type ChainTask } from '../knowledge/mcmc.js';

/** Draw chunks [firstChunk, firstChunk + chunks) of a request of `total` deals into `deals`. */
export interface SamplePayload {
  store: ConstraintStore;
  seed: number;
  total: number;
  firstChunk: number;
  chunks: number;
  deals: SharedArrayBuffer;
}

/** Like SamplePayload, but tally the deals (card-owner and envelope counts) instead of keeping them. */
export type TallyPayload = Omit<SamplePayload, 'deals'>;

export interface TallyResult {
  deals: number;
  ownerCounts: Float64Array;
  envelopeCounts: Float64Array;
}

/** Expected information of suggestions [qFrom, qTo) from the deals in `deals`, written to `out`. */
export interface EigPayload {
  store: ConstraintStore;
  deals: SharedArrayBuffer;
  suggester: number;
  model: 0 | 1;
  shownTo: number[];
  qFrom: number;
  qTo: number;
  /** 3 f64 per suggestion, indexed from 0 for suggestion 0 of the whole request. */
  out: SharedArrayBuffer;
}

const core = KnowledgeCore.create();
let last: { key: string; position: Position } | null = null;

/** The position of a store, kept for the next task (consecutive tasks of a request share it). */
function use(store: ConstraintStore): Position {
  const key = JSON.stringify(store);
  if (last?.key === key) return last.position;
  last?.position.dispose();
  last = null;
  const position = core.load(store);
  if (!position.consistent) {
    position.dispose();
    throw new Error('no deal is consistent with the constraints');
  }
  last = { key, position };
  return position;
}

/**
 * V8 compiles Wasm first with its baseline compiler and optimises hot functions later: run every
 * kernel a little at start-up, so the first real request does not pay for it.
 */
function warmUp(): void {
  const store = emptyStore(CLASSIC_DECK.cards.length, CLASSIC_DECK.categoryMasks, [3, 3, 3, 3, 3, 3]);
  store.holds[0] = 0b111;
  store.lacks[0] = (~0b111 & ((1 << 21) - 1)) >>> 0;
  const position = use(store);
  position.ownerCounts();
  const deals = position.sample(4 * SAMPLE_CHUNK, 1);
  for (let round = 0; round < 3; round++) position.eig(deals, 0, 0, [], 0, 64);
  position.check(deals);
}
if (!isMainThread) warmUp();

export function sample(task: SamplePayload): number {
  const position = use(task.store);
  const width = task.store.nSeats + 2;
  const out = new Uint32Array(task.deals);
  let written = 0;
  for (let chunk = task.firstChunk; chunk < task.firstChunk + task.chunks; chunk++) {
    out.set(drawChunk(position, task.seed, task.total, chunk), chunk * SAMPLE_CHUNK * width);
    written += chunkSize(task.total, chunk);
  }
  return written;
}

export function tally(task: TallyPayload): TallyResult {
  const t = tallyChunks(use(task.store), task.seed, task.total, task.firstChunk, task.chunks);
  return { deals: t.total, ownerCounts: t.ownerCounts, envelopeCounts: t.envelopeCounts };
}

export function eig(task: EigPayload): number {
  const results = use(task.store).eig(new Uint32Array(task.deals), task.suggester, task.model, task.shownTo, task.qFrom, task.qTo);
  new Float64Array(task.out).set(results, task.qFrom * 3);
  return task.qTo - task.qFrom;
}

/** One Markov chain of a request (see knowledge/mcmc.ts): chains are determined by (seed, chain). */
export function chain(task: ChainTask): ChainResult {
  return runChain(core, task);
}
