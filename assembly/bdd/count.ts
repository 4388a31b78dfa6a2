// Counting the satisfying assignments of a diagram over a set of variables: exactly, as integers
// of L 32-bit limbs (little-endian; L enough for 2^n), and weighted, each variable true with a
// probability. The set's variables are at ARGS (their weights at WEIGHTS); each gets its position
// in the set by level in MARK (cleared first: a trapped count may have left marks), and f's
// support must lie within the set.
import { ARGS, MARK, WEIGHTS, setU32, u32At } from './layout';
import { auxOf, highOf, lowOf, varOf } from './nodes';
import { workArea } from './work-area';
import { list, listed, room, unwalk, walk } from './traverse';
import { clearMarks, sortByLevel } from './variables';

const OUTSIDE: u32 = 0xffffffff;

/** Positions in the set, by level (MARK[v] = position + 1; 0 outside). */
function positions(n: u32): void {
  clearMarks();
  sortByLevel(ARGS, n);
  for (let i: u32 = 0; i < n; i++) setU32(MARK, u32At(ARGS, i), i + 1);
}

/** The position of node m's variable in the set of n (n for a terminal, OUTSIDE if not in it). */
@inline function positionOf(m: u32, n: u32): u32 {
  if (m < 2) return n;
  const p = u32At(MARK, varOf(m));
  return p == 0 ? OUTSIDE : p - 1;
}

/** Whether every variable of the walked diagram is in the set. */
function supportWithin(n: u32): bool {
  for (let i: u32 = 0; i < listed; i++) if (positionOf(u32At(list, i), n) == OUTSIDE) return false;
  return true;
}

/** dst += src · 2^s, both of `limbs` limbs (what overflows the top limb is dropped: it cannot occur). */
function addShifted(dst: usize, src: usize, limbs: u32, s: u32): void {
  const ws = s >>> 5;
  const bs = <u64>(s & 31);
  let carry: u64 = 0;
  for (let j = ws; j < limbs; j++) {
    const i = j - ws;
    let w: u64 = (<u64>u32At(src, i) << bs) & 0xffffffff;
    if (bs != 0 && i > 0) w |= <u64>u32At(src, i - 1) >> (32 - bs);
    const sum = <u64>u32At(dst, j) + w + carry;
    setU32(dst, j, <u32>sum);
    carry = sum >> 32;
  }
}

/** dst += 2^s */
function addPower(dst: usize, limbs: u32, s: u32): void {
  let carry: u64 = <u64>1 << <u64>(s & 31);
  for (let j = s >>> 5; j < limbs && carry != 0; j++) {
    const sum = <u64>u32At(dst, j) + carry;
    setU32(dst, j, <u32>sum);
    carry = sum >> 32;
  }
}

/**
 * The satisfying assignments of f over the `n` variables at ARGS, as the address of its limbs in
 * the work area (their number: limbsFor(n)); 0 if f's support is not within the set, 1 if out of memory.
 */
export function count(f: u32, n: u32): usize {
  const limbs = limbsFor(n);
  positions(n);
  walk(f);
  if (!supportWithin(n)) {
    unwalk();
    return 0;
  }
  // The list's room, then each listed node's count, then the result.
  const memo = list + (<usize>room << 2);
  const bytes = (<usize>room << 2) + (<usize>(listed + 1) * <usize>limbs << 2);
  if (workArea(bytes) == 0) {
    unwalk();
    return 1;
  }
  memory.fill(memo, 0, (<usize>(listed + 1) * <usize>limbs) << 2);
  for (let i: u32 = 0; i < listed; i++) {
    const m = u32At(list, i);
    const dst = memo + ((<usize>i * limbs) << 2);
    const p = positionOf(m, n);
    addChild(dst, lowOf(m), positionOf(lowOf(m), n) - p - 1, limbs, memo);
    addChild(dst, highOf(m), positionOf(highOf(m), n) - p - 1, limbs, memo);
  }
  const result = memo + ((<usize>listed * limbs) << 2);
  addChild(result, f, positionOf(f, n), limbs, memo);
  unwalk();
  return result;
}

/** dst += count(child) · 2^gap */
@inline function addChild(dst: usize, child: u32, gap: u32, limbs: u32, memo: usize): void {
  if (child == 0) return;
  if (child == 1) addPower(dst, limbs, gap);
  else addShifted(dst, memo + ((<usize>(auxOf(child) - 1) * limbs) << 2), limbs, gap);
}

export function limbsFor(n: u32): u32 {
  return (n >>> 5) + 1;
}

/**
 * Σ over the satisfying assignments of f (over the `n` variables at ARGS; WEIGHTS[v], variable v's
 * probability of being true) of Π each variable's probability of its value; NaN if f's support is not
 * within the set. Variables a path skips contribute p + (1 − p) = 1.
 */
export function weightedCount(f: u32, n: u32): f64 {
  if (f < 2) return <f64>f;
  walk(f);
  positions(n);
  const ok = supportWithin(n);
  if (!ok) {
    unwalk();
    return NaN;
  }
  const memo = list + (<usize>room << 2);
  if (workArea((<usize>room << 2) + (<usize>listed << 3)) == 0) {
    unwalk();
    return NaN;
  }
  for (let i: u32 = 0; i < listed; i++) {
    const m = u32At(list, i);
    const p = load<f64>(WEIGHTS + (<usize>varOf(m) << 3));
    store<f64>(memo + (<usize>i << 3), (1 - p) * weightOf(lowOf(m), memo) + p * weightOf(highOf(m), memo));
  }
  const r = weightOf(f, memo);
  unwalk();
  return r;
}

@inline function weightOf(m: u32, memo: usize): f64 {
  return m < 2 ? <f64>m : load<f64>(memo + (<usize>(auxOf(m) - 1) << 3));
}
