// xoshiro128** seeded through splitmix64: small, fast, and good enough for Monte Carlo.
let s0: u32 = 1, s1: u32 = 2, s2: u32 = 3, s3: u32 = 4;

function splitmix64(x: u64): u64 {
  let z = x + 0x9e3779b97f4a7c15;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

/**
 * Seeds the generator from a 64-bit seed and a stream number: streams of one seed are independent,
 * so work split into numbered chunks draws the same numbers whoever runs each chunk.
 */
export function seedRng(lo: u32, hi: u32, stream: u32 = 0): void {
  const x = ((<u64>hi << 32) | <u64>lo) ^ (stream == 0 ? 0 : splitmix64(<u64>stream));
  const a = splitmix64(x);
  const b = splitmix64(x + 0x9e3779b97f4a7c15);
  s0 = <u32>a; s1 = <u32>(a >> 32); s2 = <u32>b; s3 = <u32>(b >> 32);
  if ((s0 | s1 | s2 | s3) == 0) s0 = 1;
}

@inline export function nextU32(): u32 {
  const result = rotl<u32>(s1 * 5, 7) * 9;
  const t = s1 << 9;
  s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3;
  s2 ^= t;
  s3 = rotl<u32>(s3, 11);
  return result;
}

@inline export function nextU64(): u64 {
  return (<u64>nextU32() << 32) | <u64>nextU32();
}

/** Uniform integer in [0, bound), bound >= 1, exactly (masked rejection). */
@inline export function belowU64(bound: u64): u64 {
  if (bound <= 1) return 0;
  const mask: u64 = <u64>-1 >> clz<u64>(bound - 1);
  let r = nextU64() & mask;
  while (r >= bound) r = nextU64() & mask;
  return r;
}

/**
 * Uniform integer in [0, bound), 1 <= bound < 2^64, exactly: below 2^32 by Lemire's
 * multiply-and-shift (one 32-bit draw almost always), else by masked rejection on 64-bit draws.
 */
@inline export function belowCount(bound: u64): u64 {
  if (bound > 0xffffffff) return belowU64(bound);
  const s = <u32>bound;
  let m = <u64>nextU32() * <u64>s;
  let low = <u32>m;
  if (low < s) {
    const threshold: u32 = (<u32>0 - s) % s; // 2^32 mod s: the draws below it are rejected
    while (low < threshold) {
      m = <u64>nextU32() * <u64>s;
      low = <u32>m;
    }
  }
  return m >> 32;
}

/** Uniform integer in [0, bound), bound >= 1. */
@inline export function belowU32(bound: u32): u32 {
  return <u32>belowU64(<u64>bound);
}

/** Uniform double in [0, 1) with 53 random bits. */
@inline export function nextUnit(): f64 {
  return <f64>(nextU64() >> 11) * 1.1102230246251565e-16;
}
