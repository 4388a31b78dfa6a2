// The host of the explicit engine's Wasm kernels (assembly/kripke/index.ts → build/kripke.wasm):
// one instance per thread, compiled once; blocks of its memory owned by JS objects (a partition's
// class ids, a model's deal of each world, a deal table's masks), freed when released by their
// last holder or, failing that, when the object is garbage-collected. Views on a block are
// re-taken whenever the memory has grown (growth detaches the old ArrayBuffer), so a view is good
// only until the next call into the module.
//
// This module stays one level under src/, as every module that names a file of build/: the CLI's
// bundle sits one level under dist/ too, so such URLs resolve from it unchanged.
import { instantiateModule, wasmModule } from '../knowledge/wasm-module.js';

export interface KripkeExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  free(ptr: number): void;
  setNot(a: number, out: number, n: number): void;
  setAnd(a: number, b: number, out: number, n: number): void;
  setOr(a: number, b: number, out: number, n: number): void;
  setImplies(a: number, b: number, out: number, n: number): void;
  setIff(a: number, b: number, out: number, n: number): void;
  members(set: number, n: number, out: number): number;
  within(classOf: number, n: number, count: number, set: number, out: number): void;
  touching(classOf: number, n: number, count: number, set: number, out: number): void;
  renumberDense(keys: number, range: number, n: number, out: number): number;
  renumberKeys(keys: number, n: number, out: number): number;
  meet(a: number, countA: number, b: number, countB: number, n: number, out: number): number;
  split(classOf: number, count: number, set: number, n: number, out: number): number;
  join(parts: number, counts: number, nParts: number, n: number, out: number): number;
  pullBack(classOf: number, count: number, from: number, m: number, out: number): number;
  gather(src: number, from: number, m: number, out: number): void;
  holds(dealOf: number, masks: number, nOwners: number, owner: number, bit: number, n: number, out: number): void;
  hands(dealOf: number, masks: number, nOwners: number, owner: number, n: number, out: number): void;
  enumerate(
    k: number, nOwners: number, nCats: number, bits: number, cat: number, allowed: number, cap: number, quota: number, hasQuotas: boolean,
    left: number, clauses: number, nClauses: number, notEnv: number, nNotEnv: number, limit: number,
  ): number;
  enumerated(): number;
  knowsEnvelope(classOf: number, count: number, dealOf: number, masks: number, nOwners: number, env: number, n: number, out: number): void;
}

export const KRIPKE_WASM_PATH = new URL('../../build/kripke.wasm', import.meta.url);

let instance: KripkeExports | null = null;
let orphans: FinalizationRegistry<number> | null = null;

/** The thread's instance of the kernels. */
export function kripke(): KripkeExports {
  if (instance) return instance;
  instance = instantiateModule<KripkeExports>(wasmModule(KRIPKE_WASM_PATH), 'Kripke kernels');
  const exports = instance;
  orphans = new FinalizationRegistry<number>((ptr) => exports.free(ptr));
  return instance;
}

/** Bytes of the thread's Wasm memory (it grows and never shrinks; freed blocks are reused). */
export function kripkeMemoryBytes(): number {
  return instance ? instance.memory.buffer.byteLength : 0;
}

/**
 * A block of `length` 32-bit words in the kernels' memory. Holders that keep it call retain() and,
 * when done, release(): the last release frees it. A block nobody retained (or never released) is
 * freed when it is garbage-collected.
 */
export class Block {
  #ptr: number;
  #refs = 0;
  #u32: Uint32Array | null = null;
  #i32: Int32Array | null = null;

  constructor(
    readonly length: number,
    /** A block the kernels allocated (its address), to own. */
    adopted?: number,
  ) {
    const k = kripke();
    this.#ptr = adopted ?? k.alloc(length * 4);
    orphans!.register(this, this.#ptr, this);
  }

  /** Owns a block of `length` words the kernels allocated at ptr. */
  static adopt(ptr: number, length: number): Block {
    return new Block(length, ptr);
  }

  /** A block holding a copy of `data`. */
  static of(data: ArrayLike<number>): Block {
    // A view on this memory would be detached if the allocation grows it: copy it out first.
    if (instance && ArrayBuffer.isView(data) && data.buffer === instance.memory.buffer) data = (data as Uint32Array).slice();
    const b = new Block(data.length);
    b.u32.set(data);
    return b;
  }

  get ptr(): number {
    if (this.#ptr === 0) throw new Error('this Wasm block has been released');
    return this.#ptr;
  }

  get freed(): boolean {
    return this.#ptr === 0;
  }

  get u32(): Uint32Array {
    const buffer = instance!.memory.buffer;
    let v = this.#u32;
    if (v === null || v.buffer !== buffer) v = this.#u32 = new Uint32Array(buffer, this.ptr, this.length);
    return v;
  }

  get i32(): Int32Array {
    const buffer = instance!.memory.buffer;
    let v = this.#i32;
    if (v === null || v.buffer !== buffer) v = this.#i32 = new Int32Array(buffer, this.ptr, this.length);
    return v;
  }

  retain(): this {
    this.#refs++;
    return this;
  }

  /** Frees the block now if no holder retained it (a temporary). */
  discard(): void {
    if (this.#refs === 0) this.retain().release();
  }

  release(): void {
    if (this.#ptr === 0 || --this.#refs > 0) return;
    orphans!.unregister(this);
    instance!.free(this.#ptr);
    this.#ptr = 0;
    this.#u32 = this.#i32 = null;
  }
}

// The thread's scratch block, kept between calls (and grown) so that small calls allocate nothing.
let scratch = 0;
let scratchWords = 0;
let scratchBusy = false;

/** A scratch block of `words` words for one call: `use` gets its address; it is not to be kept. */
export function withScratch<T>(words: number, use: (ptr: number, k: KripkeExports) => T): T {
  const k = kripke();
  if (scratchBusy) {
    // A nested call: a block of its own.
    const ptr = k.alloc(words * 4);
    try {
      return use(ptr, k);
    } finally {
      k.free(ptr);
    }
  }
  if (words > scratchWords) {
    if (scratch !== 0) k.free(scratch);
    scratch = 0;
    scratchWords = 0;
    scratch = k.alloc(words * 4);
    scratchWords = words;
  }
  scratchBusy = true;
  try {
    return use(scratch, k);
  } finally {
    scratchBusy = false;
    // Large scratch is given back at once; small scratch stays for the next call.
    if (scratchWords > SCRATCH_KEPT) {
      k.free(scratch);
      scratch = 0;
      scratchWords = 0;
    }
  }
}

/** Scratch kept between calls: up to 64 KB. */
const SCRATCH_KEPT = 1 << 14;

/** Copies a world set (words) into Wasm memory at ptr. */
export function writeWords(ptr: number, s: Uint32Array): void {
  new Uint32Array(instance!.memory.buffer, ptr, s.length).set(s);
}

/** A copy of `words` words at ptr. */
export function readWords(ptr: number, words: number): Uint32Array {
  return new Uint32Array(instance!.memory.buffer, ptr, words).slice();
}
