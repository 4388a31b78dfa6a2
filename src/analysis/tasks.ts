// The analysis tasks an executor runs (see runtime/executor.ts): drawing numbered chunks of
// uniform deals, tallying them, and scoring suggestions. Each thread that imports this module has
// one Wasm core, warmed up once in worker threads, and keeps the last store's DAG, so consecutive
// tasks of one request build it once.
import { isMainThread } from 'node:worker_threads';
import { KnowledgeCore } from '../knowledge/wasm-core.js';
import { emptyStore, type ConstraintStore } from '../knowledge/constraints.js';
import { CLASSIC_DECK } from '../model/deck.js';
import { SAMPLE_CHUNK, chunkSize, drawChunk, tallyChunks } from '../knowledge/chunks.js';

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
let loadedKey = '';

/** Loads a store unless it is the one already loaded (consecutive tasks of a request share it). */
function use(store: ConstraintStore): void {
  const key = JSON.stringify(store);
  if (key === loadedKey) return;
  loadedKey = '';
  if (!core.load(store)) throw new Error('no deal is consistent with the constraints');
  loadedKey = key;
}

/**
 * V8 compiles Wasm first with its baseline compiler and optimises hot functions later: run every
 * kernel a little at start-up, so the first real request does not pay for it.
 */
function warmUp(): void {
  const store = emptyStore(CLASSIC_DECK.cards.length, CLASSIC_DECK.categoryMasks, [3, 3, 3, 3, 3, 3]);
  store.holds[0] = 0b111;
  store.lacks[0] = (~0b111 & ((1 << 21) - 1)) >>> 0;
  use(store);
  core.ownerCounts();
  const deals = core.sample(4 * SAMPLE_CHUNK, 1);
  for (let round = 0; round < 3; round++) core.eig(deals, 0, 0, [], 0, 64);
  core.check(deals);
  loadedKey = '';
}
if (!isMainThread) warmUp();

export function sample(task: SamplePayload): number {
  use(task.store);
  const width = task.store.nSeats + 2;
  const out = new Uint32Array(task.deals);
  let written = 0;
  for (let chunk = task.firstChunk; chunk < task.firstChunk + task.chunks; chunk++) {
    out.set(drawChunk(core, task.seed, task.total, chunk), chunk * SAMPLE_CHUNK * width);
    written += chunkSize(task.total, chunk);
  }
  return written;
}

export function tally(task: TallyPayload): TallyResult {
  use(task.store);
  const t = tallyChunks(core, task.store, task.seed, task.total, task.firstChunk, task.chunks);
  return { deals: t.total, ownerCounts: t.ownerCounts, envelopeCounts: t.envelopeCounts };
}

export function eig(task: EigPayload): number {
  use(task.store);
  const results = core.eig(new Uint32Array(task.deals), task.suggester, task.model, task.shownTo, task.qFrom, task.qTo);
  new Float64Array(task.out).set(results, task.qFrom * 3);
  return task.qTo - task.qFrom;
}
