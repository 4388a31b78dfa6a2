/**
 * Sets of worlds as bitsets (bit w = world w), the value of a formula in the explicit engine.
 * Boolean connectives work a word at a time; the modal operators go world by world.
 */
export type WorldSet = Uint32Array;

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
  const out = new Uint32Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = ~s[i];
  trimTail(out, n);
  return out;
}

export function intersect(a: WorldSet, b: WorldSet): WorldSet {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] & b[i];
  return out;
}

export function union(a: WorldSet, b: WorldSet): WorldSet {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] | b[i];
  return out;
}

/** (¬a ∨ b), word by word. */
export function implication(a: WorldSet, b: WorldSet, n: number): WorldSet {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = ~a[i] | b[i];
  trimTail(out, n);
  return out;
}

/** (a ↔ b), word by word. */
export function equivalence(a: WorldSet, b: WorldSet, n: number): WorldSet {
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
