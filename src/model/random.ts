// A seeded generator for the TypeScript side (dealing cards, agents' random choices):
// xoshiro128** seeded through splitmix32, with independent numbered streams so that a game, a
// seat or a turn can each have its own numbers whatever order the work is done in.
export class Random {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** A generator for `seed` and any number of stream ids (e.g. game index, seat, purpose). */
  constructor(seed: number, ...stream: number[]) {
    let x = mix(seed >>> 0) ^ mix(Math.floor(seed / 2 ** 32) + 0x632be5ab);
    for (const id of stream) x = mix(x ^ mix(id + 0x9e3779b9));
    const next = () => (x = mix((x + 0x9e3779b9) >>> 0));
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
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

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
