// The samples of a request, by numbered chunks: chunk i of a request is drawn from stream i + 1 of
// its seed, so the samples are the same whichever thread (or machine) draws which chunk. The one
// definition shared by in-process work and every executor.
import type { KnowledgeCore } from './wasm-core.js';
import type { ConstraintStore } from './constraints.js';
import { emptyTallies, tallyDeals, type Tallies } from './tallies.js';

/** Deals per sampling chunk. */
export const SAMPLE_CHUNK = 8192;

export function chunkCount(total: number): number {
  return Math.ceil(total / SAMPLE_CHUNK);
}

/** Size of chunk i of a request of `total` deals. */
export function chunkSize(total: number, chunk: number): number {
  return Math.max(0, Math.min(SAMPLE_CHUNK, total - chunk * SAMPLE_CHUNK));
}

/** Draws chunk `chunk` of a request (the core must hold the request's store). A view into Wasm memory. */
export function drawChunk(core: KnowledgeCore, seed: number, total: number, chunk: number): Uint32Array {
  core.seed(seed, chunk + 1);
  return core.sampleView(chunkSize(total, chunk));
}

/** Tallies of chunks [first, first + count) of a request (the core must hold `store`). */
export function tallyChunks(core: KnowledgeCore, store: ConstraintStore, seed: number, total: number, first: number, count: number): Tallies {
  const tallies = emptyTallies(store.nCards, store.nSeats, store.categoryMasks);
  for (let chunk = first; chunk < first + count; chunk++) {
    tallyDeals(store.categoryMasks, store.nSeats, drawChunk(core, seed, total, chunk), tallies);
  }
  return tallies;
}
