// What a thread keeps between the tasks it runs, by what it was built from: a bounded cache, least
// recently used first out, keyed by a hash of plain data (a constraint store, a game). A task's
// payload arrives as a new copy every time, so the key is its content, hashed in one pass without
// writing it out as text; a hit is confirmed by comparing the content, so that two keys of the same
// hash never share a value.

/** Plain data: what payloads hold (typed arrays included). */
export type PlainData = unknown;

export interface KeyedCacheOptions<V> {
  /** The most values kept. */
  capacity: number;
  /** A value's size, and the most the values may total (the newest is kept whatever its size). */
  size?: (value: V) => number;
  budget?: number;
  /** Called on a value dropped from the cache. */
  dispose?: (value: V) => void;
  /** The key's hash (default dataHash; a test's may collide on purpose). */
  hash?: (key: PlainData) => string;
}

interface Entry<K, V> {
  key: K;
  value: V;
  size: number;
}

export class KeyedCache<K extends PlainData, V> {
  /** By hash, least recently used first (a Map iterates in insertion order). */
  readonly #entries = new Map<string, Entry<K, V>>();
  readonly #options: KeyedCacheOptions<V>;
  #total = 0;

  constructor(options: KeyedCacheOptions<V>) {
    if (!Number.isInteger(options.capacity) || options.capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${options.capacity}`);
    this.#options = options;
  }

  /** Values kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `key`, now the most recently used, or undefined. */
  get(key: K): V | undefined {
    return this.#find(this.#hash(key), key)?.value;
  }

  /** The value kept for `key`, or the one `make` builds, kept. */
  getOrMake(key: K, make: () => V): V {
    const hash = this.#hash(key);
    const found = this.#find(hash, key);
    if (found) return found.value;
    const value = make();
    this.#put(hash, structuredClone(key), value);
    return value;
  }

  /** Keeps `value` for `key` (a copy of it: the caller may change its own), replacing any value kept for it. */
  set(key: K, value: V): void {
    this.#put(this.#hash(key), structuredClone(key), value);
  }

  /** Drops every value. */
  clear(): void {
    for (const entry of this.#entries.values()) this.#drop(entry);
    this.#entries.clear();
  }

  #hash(key: K): string {
    return (this.#options.hash ?? dataHash)(key);
  }

  #find(hash: string, key: K): Entry<K, V> | undefined {
    const entry = this.#entries.get(hash);
    if (entry === undefined || !sameData(entry.key, key)) return undefined;
    this.#entries.delete(hash);
    this.#entries.set(hash, entry);
    return entry;
  }

  #put(hash: string, key: K, value: V): void {
    const old = this.#entries.get(hash);
    if (old !== undefined) {
      this.#entries.delete(hash);
      if (old.value !== value) this.#drop(old);
      else this.#total -= old.size;
    }
    const size = this.#options.size?.(value) ?? 0;
    this.#entries.set(hash, { key, value, size });
    this.#total += size;
    const budget = this.#options.budget ?? Infinity;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#options.capacity && this.#total <= budget) break;
      if (oldest === hash) break; // the newest stays
      this.#entries.delete(oldest);
      this.#drop(entry);
    }
  }

  #drop(entry: Entry<K, V>): void {
    this.#total -= entry.size;
    this.#options.dispose?.(entry.value);
  }
}

// A 64-bit hash in two 32-bit lanes of different multipliers (MurmurHash3's and xxHash's), fed
// one 32-bit word at a time; each value is tagged with its kind, so that [1, 2], {0: 1, 1: 2},
// "12" and 12 differ. Objects are read in sorted key order: the same content, the same hash.
const TAG = { undefined: 1, null: 2, false: 3, true: 4, uint: 5, negative: 6, float: 7, string: 8, array: 9, object: 10, typed: 11, bigint: 12 } as const;

class Hasher {
  a = 0x9747b28c;
  b = 0x165667b1;

  word(w: number): void {
    let k = Math.imul(w, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    this.a ^= k;
    this.a = (Math.imul((this.a << 13) | (this.a >>> 19), 5) + 0xe6546b64) | 0;
    this.b = Math.imul(this.b ^ w, 0x85ebca77);
    this.b = Math.imul((this.b << 17) | (this.b >>> 15), 0xc2b2ae3d) ^ this.a;
  }

  value(v: unknown): void {
    switch (typeof v) {
      case 'undefined':
        return this.word(TAG.undefined);
      case 'boolean':
        return this.word(v ? TAG.true : TAG.false);
      case 'number':
        return this.number(v);
      case 'string':
        this.word(TAG.string);
        this.word(v.length);
        for (let i = 0; i < v.length; i++) this.word(v.charCodeAt(i));
        return;
      case 'bigint':
        this.word(TAG.bigint);
        return this.value(v.toString());
      case 'object':
        if (v === null) return this.word(TAG.null);
        if (ArrayBuffer.isView(v)) {
          const items = v as unknown as ArrayLike<number | bigint>;
          this.word(TAG.typed);
          this.value(v.constructor.name);
          this.word(items.length);
          for (let i = 0; i < items.length; i++) this.value(items[i]);
          return;
        }
        if (Array.isArray(v)) {
          this.word(TAG.array);
          this.word(v.length);
          for (const item of v) this.value(item);
          return;
        }
        this.word(TAG.object);
        for (const key of Object.keys(v).sort()) {
          this.value(key);
          this.value((v as Record<string, unknown>)[key]);
        }
        this.word(TAG.object); // the end: {a: {}, b: 1} differs from {a: {b: 1}}
        return;
      default:
        throw new TypeError(`a cache key holds a ${typeof v}, which is not plain data`);
    }
  }

  number(v: number): void {
    if (Number.isInteger(v) && v >= 0 && v <= 0xffffffff) {
      this.word(TAG.uint);
      this.word(v);
    } else if (Number.isInteger(v) && v < 0 && v >= -0x80000000) {
      this.word(TAG.negative);
      this.word(v);
    } else {
      FLOAT[0] = v;
      this.word(TAG.float);
      this.word(FLOAT_WORDS[0]);
      this.word(FLOAT_WORDS[1]);
    }
  }

  digest(): string {
    const a = fmix(this.a ^ this.b);
    const b = fmix(this.b + a);
    return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
  }
}

const FLOAT = new Float64Array(1);
const FLOAT_WORDS = new Uint32Array(FLOAT.buffer);

/** MurmurHash3's finaliser: every bit of the input reaches every bit of the output. */
function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A 64-bit hash of plain data (16 hex digits): equal data (sameData), equal hashes. */
export function dataHash(value: PlainData): string {
  const hasher = new Hasher();
  hasher.value(value);
  return hasher.digest();
}

/** Whether two plain data are the same: the same kinds, numbers (0 and -0 alike), strings, keys and items. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor) return false;
    const x = a as unknown as ArrayLike<unknown>;
    const y = b as unknown as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
