/**
 * Sets of worlds as bitsets (bit w = world w), the value of a formula in the explicit engine.
 * Boolean connectives work a word at a time; the modal operators go world by world.
 * Sets are JS Uint32Arrays; the connectives of large ones run in the Wasm kernels (copied in and
 * out: still 2 to 3 times faster from a few thousand worlds on, slower below).
 */
import { readWords, withScratch, writeWords, type KripkeExports } from '../kripke-wasm.js';

export type WorldSet = Uint32Array;

/** From this many words on, the connectives run in Wasm. */
const WASM_WORDS = 256;

type Kernel = (k: KripkeExports, a: number, b: number, out: number, n: number) => void;

function inWasm(kernel: Kernel, a: WorldSet, b: WorldSet, n: number): WorldSet {
  const words = a.length;
  return withScratch(3 * words, (p, k) => {
    writeWords(p, a);
    writeWords(p + 4 * words, b);
    kernel(k, p, p + 4 * words, p + 8 * words, n);
    return readWords(p + 8 * words, words);
  });
}

export function emptySet(n: number): WorldSet {
  return new Uint32Array((n + 31) >>> 5);
}

export function fullSet(n: number): WorldSet {
  const s = emptySet(n);
  s.fill(0xffffffff);
  trimTail(s, n);
  return s;
}

/** Clears the bits past world n - 1, so that complements and counts stay within the model. */
function trimTail(s: WorldSet, n: number): void {
  const rest = n & 31;
  if (rest !== 0) s[s.length - 1] &= (1 << rest) - 1;
}

export function contains(s: WorldSet, w: number): boolean {
  return (s[w >>> 5] & (1 << (w & 31))) !== 0;
}

export function add(s: WorldSet, w: number): void {
  s[w >>> 5] |= 1 << (w & 31);
}

export function complement(s: WorldSet, n: number): WorldSet {
  if (s.length >= WASM_WORDS && s.length === (n + 31) >>> 5) return inWasm((k, a, _b, out, n) => k.setNot(a, out, n), s, s, n);
  const out = new Uint32Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = ~s[i];
  trimTail(out, n);
  return out;
}

export function intersect(a: WorldSet, b: WorldSet): WorldSet {
  if (a.length >= WASM_WORDS && b.length === a.length) return inWasm((k, x, y, out, n) => k.setAnd(x, y, out, n), a, b, a.length * 32);
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] & b[i];
  return out;
}

export function union(a: WorldSet, b: WorldSet): WorldSet {
  if (a.length >= WASM_WORDS && b.length === a.length) return inWasm((k, x, y, out, n) => k.setOr(x, y, out, n), a, b, a.length * 32);
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] | b[i];
  return out;
}

/** (¬a ∨ b), word by word. */
export function implication(a: WorldSet, b: WorldSet, n: number): WorldSet {
  if (a.length >= WASM_WORDS && b.length === a.length && a.length === (n + 31) >>> 5) return inWasm((k, x, y, out, n) => k.setImplies(x, y, out, n), a, b, n);
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = ~a[i] | b[i];
  trimTail(out, n);
  return out;
}

/** (a ↔ b), word by word. */
export function equivalence(a: WorldSet, b: WorldSet, n: number): WorldSet {
  if (a.length >= WASM_WORDS && b.length === a.length && a.length === (n + 31) >>> 5) return inWasm((k, x, y, out, n) => k.setIff(x, y, out, n), a, b, n);
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = ~(a[i] ^ b[i]);
  trimTail(out, n);
  return out;
}

export function size(s: WorldSet): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    let x = s[i];
    x = x - ((x >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    n += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

export function isSubset(a: WorldSet, b: WorldSet): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] & ~b[i]) !== 0) return false;
  return true;
}

/** The worlds of a set, ascending. */
export function* members(s: WorldSet): Generator<number> {
  for (let i = 0; i < s.length; i++) {
    for (let x = s[i]; x !== 0; x &= x - 1) yield (i << 5) + (31 - Math.clz32(x & -x));
  }
}
