// A Wasm instance of the knowledge core with typed access to its memory. Data goes in and out
// through views on the module's own memory (no per-call copies by generated bindings); views are
// re-taken whenever memory has grown, since growth detaches the old ArrayBuffer.
import type { ConstraintStore } from './constraints.js';
import { instantiate, MemoryViews, wasmModule, writeStore, type Layout } from './wasm-module.js';

interface CoreExports {
  memory: WebAssembly.Memory;
  storePtr(): number;
  ioBuffer(bytes: number): number;
  build(): number;
  totalCount(): number;
  dagNodes(): number;
  dagEdges(): number;
  ownerCountsPtr(): number;
  envelopeCombinations(): number;
  envelopeCountsPtr(): number;
  seed(lo: number, hi: number, stream: number): void;
  eigScratch(bytes: number): number;
  eigBatch(deals: number, n: number, suggester: number, model: number, shownTo: number, qFrom: number, qTo: number, out: number): void;
  sample(n: number, out: number): void;
  checkBatch(ptr: number, n: number, out: number): number;
}

export const WASM_PATH = new URL('../../build/core.wasm', import.meta.url);

/** The position has too many states for the exact DAG (very large custom decks with no information). */
export class PositionTooLargeError extends Error {
  override name = 'PositionTooLargeError';
}

/**
 * The instance under a KnowledgeCore, for host modules of the core's other kernels (search.ts,
 * mcmc.ts): its exports, views on its memory, and writing a store in.
 */
export interface CoreInstance {
  exports: { memory: WebAssembly.Memory; ioBuffer(bytes: number): number };
  memory: MemoryViews;
  /** Writes `store` into the core; the DAG answers of this KnowledgeCore need load() again after. */
  writeStore(store: ConstraintStore): void;
}

/** Deal layout: per deal, nSeats + 2 u32 masks (seats in order, envelope, table). */
export function dealWidth(nSeats: number): number {
  return nSeats + 2;
}

export class KnowledgeCore {
  private readonly exports: CoreExports;
  private readonly layout: Layout;
  private readonly memory: MemoryViews;
  private nSeats = 0;
  private nCards = 0;
  private status = -1;

  static create(): KnowledgeCore {
    return new KnowledgeCore();
  }

  private constructor() {
    const { exports, layout } = instantiate<CoreExports>(wasmModule(WASM_PATH));
    this.exports = exports;
    this.layout = layout;
    this.memory = new MemoryViews(exports.memory);
  }

  /** Writes the store into Wasm memory and builds the deal DAG. Returns false when no deal is consistent. */
  load(store: ConstraintStore): boolean {
    writeStore(this.memory, this.layout, this.exports.storePtr() >>> 2, store);
    this.nSeats = store.nSeats;
    this.nCards = store.nCards;
    this.status = this.exports.build();
    if (this.status === this.layout.TOO_LARGE) {
      throw new PositionTooLargeError('this position has too many states for the exact counter');
    }
    return this.status === this.layout.OK;
  }

  /** The instance underneath, shared with the search and the Markov chain (see CoreInstance). */
  instance(): CoreInstance {
    return {
      exports: this.exports,
      memory: this.memory,
      writeStore: (store) => {
        writeStore(this.memory, this.layout, this.exports.storePtr() >>> 2, store);
        this.status = -1;
      },
    };
  }

  private requireLoaded(): void {
    if (this.status < 0) throw new Error('no constraint store loaded');
  }

  /** Number of consistent deals (exact below 2^53, the nearest double above). */
  count(): number {
    this.requireLoaded();
    return this.status === this.layout.OK ? this.exports.totalCount() : 0;
  }

  /** Size of the deal DAG: a measure of how hard the position is. */
  dagSize(): { nodes: number; edges: number } {
    return { nodes: this.exports.dagNodes(), edges: this.exports.dagEdges() };
  }

  /** nCards x (nSeats + 2) counts: row per card; columns seats, envelope, table. */
  ownerCounts(): Float64Array {
    this.requireLoaded();
    const ptr = this.exports.ownerCountsPtr();
        return this.memory.f64.slice(ptr >>> 3, (ptr >>> 3) + this.nCards * (this.nSeats + 2));
  }

  /** Count per envelope combination, mixed-radix index over categories in deck order. */
  envelopeCounts(): Float64Array {
    this.requireLoaded();
    const n = this.exports.envelopeCombinations();
    const ptr = this.exports.envelopeCountsPtr();
        return this.memory.f64.slice(ptr >>> 3, (ptr >>> 3) + n);
  }

  /**
   * Seeds the sampler. Streams of one seed are independent: numbered chunks of work draw the same
   * deals whichever thread runs them.
   */
  seed(seed: number, stream = 0): void {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative integer, got ${seed}`);
    this.exports.seed(seed >>> 0, Math.floor(seed / 2 ** 32) >>> 0, stream >>> 0);
  }

  /**
   * Draws n deals uniformly from the consistent ones into a Uint32Array (n x (nSeats + 2) masks).
   * Reseeds first when a seed is given; otherwise continues the current stream.
   */
  sample(n: number, seed?: number): Uint32Array {
    if (seed !== undefined) this.seed(seed);
    const width = this.nSeats + 2;
    const out = new Uint32Array(n * width);
    const chunk = 8192; // keeps the I/O buffer small however many deals are asked for
    for (let done = 0; done < n; done += chunk) out.set(this.sampleView(Math.min(chunk, n - done)), done * width);
    return out;
  }

  /**
   * Views straight onto Wasm memory for bulk work without copies: fills the I/O buffer with n
   * deals and returns a view valid until the next call into the core.
   */
  sampleView(n: number): Uint32Array {
    this.requireLoaded();
    if (this.status !== this.layout.OK) throw new Error('no consistent deal to sample');
    const width = this.nSeats + 2;
    const ptr = this.exports.ioBuffer(n * width * 4);
    this.exports.sample(n, ptr);
        return this.memory.u32.subarray(ptr >>> 2, (ptr >>> 2) + n * width);
  }

  /** Checks deals (n x (nSeats + 2) masks) against the loaded store: 1 = consistent. */
  check(deals: Uint32Array): Uint8Array {
    this.requireLoaded();
    const width = this.nSeats + 2;
    const n = Math.floor(deals.length / width);
    const buffer = this.dealBuffer(n);
    buffer.set(deals.subarray(0, n * width));
    this.checkInPlace(n);
        const flags = buffer.byteOffset + n * width * 4; // checkInPlace writes one flag per deal after them
    return this.memory.u8.slice(flags, flags + n);
  }

  /**
   * Expected information gain of the suggestions with mixed-radix indices [qFrom, qTo) made by seat
   * `suggester`, estimated from `deals` (n x (nSeats + 2) masks) of the loaded store's deck. Returns
   * 3 numbers per suggestion: expected bits, P(nobody refutes), expected envelope combinations left.
   * model 0: refuters show a uniformly random named card; 1: they show again a card already shown
   * to the suggester when they can (shownTo[seat] = mask of such cards).
   */
  eig(deals: Uint32Array, suggester: number, model: 0 | 1, shownTo: number[], qFrom: number, qTo: number): Float64Array {
    this.requireLoaded();
    const width = this.nSeats + 2;
    const n = Math.floor(deals.length / width);
    const dealsPtr = this.exports.eigScratch(n * width * 4);
    const ioPtr = this.exports.ioBuffer(16 * 4 + (qTo - qFrom) * 24);
        this.memory.u32.set(deals.subarray(0, n * width), dealsPtr >>> 2);
    for (let s = 0; s < 16; s++) this.memory.u32[(ioPtr >>> 2) + s] = (shownTo[s] ?? 0) >>> 0;
    const outPtr = ioPtr + 64;
    this.exports.eigBatch(dealsPtr, n, suggester, model, ioPtr, qFrom, qTo, outPtr);
        return this.memory.f64.slice(outPtr >>> 3, (outPtr >>> 3) + (qTo - qFrom) * 3);
  }

  /**
   * A view of the I/O buffer sized for n deals, for callers that write deals in place and then
   * call checkInPlace(n): no copy in either direction.
   */
  dealBuffer(n: number): Uint32Array {
    const width = this.nSeats + 2;
    const ptr = this.exports.ioBuffer(n * width * 4 + n);
        return this.memory.u32.subarray(ptr >>> 2, (ptr >>> 2) + n * width);
  }

  /** Checks the n deals already written into dealBuffer(n); returns how many are consistent. */
  checkInPlace(n: number): number {
    this.requireLoaded();
    const width = this.nSeats + 2;
    const ptr = this.exports.ioBuffer(n * width * 4 + n);
    return this.exports.checkBatch(ptr, n, ptr + n * width * 4);
  }
}
