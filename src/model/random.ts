// A seeded generator for the TypeScript side (dealing cards, agents' random choices):
// xoshiro128**, with independent numbered streams so that a game, a seat or a turn can each have
// its own numbers whatever order the work is done in.
//
// A stream's 128-bit state is derived with full 64-bit mixing: the seed and each stream id are
// absorbed in turn through splitmix64 (a bijection of 64 bits), then the number of ids, and the
// state is the next two outputs of a splitmix64 generator started there. Distinct (seed, ids...)
// tuples thus get distinct 64-bit keys except by chance (about n²/2^65 for n streams), and the
// absorption is order-sensitive: (seed 3, game 5) and (seed 5, game 3) are unrelated. It runs once
// per generator, so BigInt arithmetic costs nothing that matters.

const MASK_64 = (1n << 64n) - 1n;
const GOLDEN_64 = 0x9e3779b97f4a7c15n;

/** splitmix64: the output for state x (the state advanced by the golden gamma, then mixed). */
export function splitmix64(x: bigint): bigint {
  let z = (x + GOLDEN_64) & MASK_64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK_64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK_64;
  return z ^ (z >> 31n);
}

/** A safe integer as a 64-bit word (two's complement for negatives). */
function word64(x: number, what: string): bigint {
  if (!Number.isSafeInteger(x)) throw new RangeError(`${what} must be a safe integer, got ${x}`);
  return BigInt.asUintN(64, BigInt(x));
}

/**
 * The initial xoshiro128** state [s0, s1, s2, s3] (unsigned 32-bit words) of the generator for
 * `seed` and stream ids.
 */
export function streamState(seed: number, ...stream: number[]): [number, number, number, number] {
  let key = splitmix64(word64(seed, 'seed'));
  for (const id of stream) key = splitmix64(key ^ word64(id, 'stream id'));
  key = splitmix64(key ^ BigInt(stream.length));
  const a = splitmix64(key);
  const b = splitmix64((key + GOLDEN_64) & MASK_64);
  const state: [number, number, number, number] = [Number(a & 0xffffffffn), Number(a >> 32n), Number(b & 0xffffffffn), Number(b >> 32n)];
  // xoshiro's one forbidden state (all zero); reachable only by a 2^-128 accident.
  if (state.every((s) => s === 0)) state[0] = 1;
  return state;
}

export class Random {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** A generator for `seed` and any number of stream ids (e.g. game index, seat, purpose): safe integers. */
  constructor(seed: number, ...stream: number[]) {
    [this.s0, this.s1, this.s2, this.s3] = streamState(seed, ...stream);
  }

  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform integer in [0, n), n ≤ 2^32, without modulo bias. */
  below(n: number): number {
    if (n <= 1) return 0;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return x % n;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 2 ** 32;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.below(items.length)];
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
