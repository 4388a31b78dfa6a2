// Host of the baselines module (build/baselines.wasm): rejection sampling and the seat-by-seat
// counter, the simpler methods the production core is measured against in the benchmarks and
// checked against in tests. Not part of the library.
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { instantiate, MemoryViews, wasmModule, writeStore, type Layout } from '../src/knowledge/wasm-module.js';

interface BaselineExports {
  memory: WebAssembly.Memory;
  storePtr(): number;
  ioBuffer(bytes: number): number;
  seed(lo: number, hi: number, stream: number): void;
  rejectionSample(attempts: number, out: number, maxOut: number): number;
  seatBySeatCount(): number;
}

export const BASELINES_WASM = new URL('../build/baselines.wasm', import.meta.url);

/** The store has a clause about several owners, which the seat-by-seat counter cannot filter. */
export class UnsupportedClauseError extends Error {
  override name = 'UnsupportedClauseError';
}

/** The seat-by-seat counter ran out of room for its states. */
export class TooManyStatesError extends Error {
  override name = 'TooManyStatesError';
}

const UNSUPPORTED = -1;
const TOO_MANY_STATES = -2;

export class BaselineCore {
  private readonly exports: BaselineExports;
  private readonly layout: Layout;
  private readonly memory: MemoryViews;
  private nSeats = 0;

  constructor() {
    const { exports, layout } = instantiate<BaselineExports>(wasmModule(BASELINES_WASM));
    this.exports = exports;
    this.layout = layout;
    this.memory = new MemoryViews(exports.memory);
  }

  /** Writes the store the next calls work on. */
  load(store: ConstraintStore): this {
    writeStore(this.memory, this.layout, this.exports.storePtr() >>> 2, store);
    this.nSeats = store.nSeats;
    return this;
  }

  seed(seed: number, stream = 0): void {
    this.exports.seed(seed >>> 0, Math.floor(seed / 2 ** 32) >>> 0, stream >>> 0);
  }

  /** Deals the unknown cards at random `attempts` times; keeps up to maxDeals of the consistent deals. */
  rejectionSample(attempts: number, maxDeals = 0): { accepted: number; deals: Uint32Array } {
    const width = this.nSeats + 2;
    const ptr = this.exports.ioBuffer(Math.max(1, maxDeals) * width * 4);
    const accepted = this.exports.rejectionSample(attempts, ptr, maxDeals);
    const kept = Math.min(accepted, maxDeals);
    return { accepted, deals: this.memory.u32.slice(ptr >>> 2, (ptr >>> 2) + kept * width) };
  }

  /** The seat-by-seat count: the count, -1 for a clause about several owners, -2 for too many states. */
  seatBySeatCountRaw(): number {
    return this.exports.seatBySeatCount();
  }

  /** The seat-by-seat count of the loaded store. Throws UnsupportedClauseError or TooManyStatesError. */
  seatBySeatCount(): number {
    const n = this.seatBySeatCountRaw();
    if (n === UNSUPPORTED) throw new UnsupportedClauseError('a clause concerns several owners: the seat-by-seat counter only filters single-owner clauses');
    if (n === TOO_MANY_STATES) throw new TooManyStatesError('this position has too many states for the seat-by-seat counter');
    return n;
  }
}
