// Loading a Wasm module of the knowledge core, instantiating it, and the few things every host of
// such a module needs: the store layout the module exports, views on its memory that are re-taken
// whenever memory grows (growth detaches the old ArrayBuffer), and writing a constraint store in.
// In Node a module is read from its file when first needed; a browser fetches and compiles it
// first (loadWasmModule), since instances are made synchronously.
import type { ConstraintStore } from './constraints.js';

export const LAYOUT_NAMES = [
  'MAX_CARDS', 'MAX_SEATS', 'MAX_CLAUSES', 'ST_N_CARDS', 'ST_N_SEATS', 'ST_N_CATEGORIES', 'ST_FACE_UP',
  'ST_N_CLAUSES', 'ST_CATEGORY_MASKS', 'ST_HAND_SIZES', 'ST_HOLDS', 'ST_LACKS', 'ST_CLAUSES', 'STORE_WORDS',
  'OK', 'INCONSISTENT', 'TOO_LARGE', 'MAX_RESPONSE_FACTORS', 'MAX_OPEN_CONSTRAINTS', 'EDGES_PER_NODE', 'SHOWN_TO_WORDS',
  'ANSWER_WORDS', 'EIG_SCORES', 'EIG_MAX_CATEGORIES',
] as const;
export type Layout = Record<(typeof LAYOUT_NAMES)[number], number>;

const compiled = new Map<string, WebAssembly.Module>();

/**
 * Registers an already compiled module for `url`, so that wasmModule(url) returns it without
 * reading a file: what a browser does (loadWasmModule), or a Web Worker given the page's module.
 */
export function provideWasmModule(url: URL | string, module: WebAssembly.Module): void {
  compiled.set(typeof url === 'string' ? url : url.href, module);
}

/**
 * Fetches and compiles the module at `url` and provides it (streaming when the host sends
 * application/wasm, from the bytes otherwise): what a page calls once, before the first analysis.
 */
export async function loadWasmModule(url: URL): Promise<WebAssembly.Module> {
  const cached = compiled.get(url.href);
  if (cached) return cached;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the Wasm module ${url.href} could not be loaded (${response.status})`);
  let module: WebAssembly.Module;
  try {
    module = await WebAssembly.compileStreaming(response.clone());
  } catch {
    module = await WebAssembly.compile(await response.arrayBuffer());
  }
  provideWasmModule(url, module);
  return module;
}

/** Node's file system when this runs in Node (looked up, not imported, so that a browser never loads it). */
function nodeFileSystem(): { readFileSync(url: URL): Uint8Array } | null {
  const node = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  return (node?.getBuiltinModule?.('node:fs') as { readFileSync(url: URL): Uint8Array } | undefined) ?? null;
}

/** Compiles the module at `url` once per thread (or returns the one provided for it). */
export function wasmModule(url: URL): WebAssembly.Module {
  const cached = compiled.get(url.href);
  if (cached) return cached;
  const fs = url.protocol === 'file:' ? nodeFileSystem() : null;
  if (fs === null) {
    throw new Error(`the Wasm module at ${url.href} was not loaded: call loadWasmModule (or provideWasmModule) first`);
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(fs.readFileSync(url));
  } catch {
    throw new Error(`the Wasm core is not built (${url.pathname} is missing): run "npm run build"`);
  }
  const module = new WebAssembly.Module(bytes);
  compiled.set(url.href, module);
  return module;
}

/** An instance of a module whose aborts (failed assertions) throw with the module's message, named `what`. */
export function instantiateModule<E extends { memory: WebAssembly.Memory }>(module: WebAssembly.Module, what: string): E {
  let memory: WebAssembly.Memory | undefined;
  const instance = new WebAssembly.Instance(module, {
    env: {
      abort(msg: number, file: number, line: number, column: number) {
        const text = (ptr: number) => {
          if (!memory || !ptr) return '?';
          const len = new Uint32Array(memory.buffer, ptr - 4, 1)[0] >>> 1;
          return String.fromCharCode(...new Uint16Array(memory.buffer, ptr, len));
        };
        throw new Error(`${what} aborted: ${text(msg)} (${text(file)}:${line}:${column})`);
      },
    },
  });
  const exports = instance.exports as unknown as E;
  memory = exports.memory;
  return exports;
}

/** An instance of the knowledge core and the store layout it exports. */
export function instantiate<E extends { memory: WebAssembly.Memory }>(module: WebAssembly.Module): { exports: E; layout: Layout } {
  const exports = instantiateModule<E>(module, 'knowledge core') as E & Record<string, unknown>;
  const layout = {} as Layout;
  for (const name of LAYOUT_NAMES) layout[name] = (exports[name] as WebAssembly.Global).value as number;
  return { exports, layout };
}

/** Typed views on a Wasm memory, re-taken when the memory has grown. */
export class MemoryViews {
  private buffer: ArrayBuffer | null = null;
  private u32View = new Uint32Array(0);
  private f64View = new Float64Array(0);
  private u8View = new Uint8Array(0);

  constructor(private readonly memory: WebAssembly.Memory) {}

  private fresh(): void {
    const buffer = this.memory.buffer;
    if (buffer === this.buffer) return;
    this.buffer = buffer;
    this.u32View = new Uint32Array(buffer);
    this.f64View = new Float64Array(buffer);
    this.u8View = new Uint8Array(buffer);
  }

  get u32(): Uint32Array {
    this.fresh();
    return this.u32View;
  }

  get f64(): Float64Array {
    this.fresh();
    return this.f64View;
  }

  get u8(): Uint8Array {
    this.fresh();
    return this.u8View;
  }
}

/** Writes `store` at word address `base` in the module's layout; throws RangeError past the module's limits. */
export function writeStore(views: MemoryViews, layout: Layout, base: number, store: ConstraintStore): void {
  const L = layout;
  if (store.nCards > L.MAX_CARDS) throw new RangeError(`at most ${L.MAX_CARDS} cards`);
  if (store.nSeats > L.MAX_SEATS) throw new RangeError(`at most ${L.MAX_SEATS} seats`);
  if (store.clauses.length > L.MAX_CLAUSES) throw new RangeError(`at most ${L.MAX_CLAUSES} clauses`);
  const w = views.u32;
  w.fill(0, base, base + L.ST_CLAUSES);
  w[base + L.ST_N_CARDS] = store.nCards;
  w[base + L.ST_N_SEATS] = store.nSeats;
  w[base + L.ST_N_CATEGORIES] = store.categoryMasks.length;
  w[base + L.ST_FACE_UP] = store.faceUpMask;
  w[base + L.ST_N_CLAUSES] = store.clauses.length;
  store.categoryMasks.forEach((m, g) => (w[base + L.ST_CATEGORY_MASKS + g] = m));
  store.handSizes.forEach((h, s) => (w[base + L.ST_HAND_SIZES + s] = h));
  for (let o = 0; o <= store.nSeats; o++) {
    w[base + L.ST_HOLDS + o] = store.holds[o] ?? 0;
    w[base + L.ST_LACKS + o] = store.lacks[o] ?? 0;
  }
  store.clauses.forEach((clause, k) => {
    w[base + L.ST_CLAUSES + 2 * k] = clause.cards >>> 0;
    w[base + L.ST_CLAUSES + 2 * k + 1] = clause.owners >>> 0;
  });
}
