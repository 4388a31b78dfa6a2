// The samples of a request, by numbered chunks: chunk i of a request is drawn from stream i + 1 of
// its seed, so the samples are the same whichever thread (or machine) draws which chunk. The one
// definition shared by in-process work and every executor.
import type { Position } from './wasm-core.js';
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

/** Draws chunk `chunk` of a request from `position`. A view into Wasm memory. */
export function drawChunk(position: Position, seed: number, total: number, chunk: number): Uint32Array {
  position.core.seed(seed, chunk + 1);
  return position.sampleView(chunkSize(total, chunk));
}

/** Tallies of chunks [first, first + count) of a request. */
export function tallyChunks(position: Position, seed: number, total: number, first: number, count: number): Tallies {
  const { store } = position;
  const tallies = emptyTallies(store.nCards, store.nSeats, store.categoryMasks);
  for (let chunk = first; chunk < first + count; chunk++) {
    tallyDeals(store.categoryMasks, store.nSeats, drawChunk(position, seed, total, chunk), tallies);
  }
  return tallies;
}
