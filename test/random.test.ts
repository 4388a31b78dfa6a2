// The TypeScript generator's streams: splitmix64 against its published reference outputs, and a
// million (seed, game, seat) streams, as tournaments number them, with no two initial states alike.
import { describe, expect, it } from 'vitest';
import { Random, splitmix64, streamState } from '../src/model/random.js';
import { fullOnly } from './support/tier.js';

describe('splitmix64', () => {
  it('matches the reference generator (seed 1234567: its first five outputs)', () => {
    // The published outputs of Vigna's splitmix64.c started at 1234567.
    const expected = [6457827717110365317n, 3203168211198807973n, 9817491932198370423n, 4593380528125082431n, 16408922859458223821n];
    let state = 1234567n;
    for (const value of expected) {
      expect(splitmix64(state)).toBe(value);
      state = (state + 0x9e3779b97f4a7c15n) & ((1n << 64n) - 1n);
    }
  });
});

describe('streams', () => {
  fullOnly('a million (seed, game, seat) streams have distinct initial states, with balanced bits', () => {
    // Tournaments use Random(seed, game) to deal and Random(seed, game, 1 + seat) per agent: ten
    // seeds (so (seed 3, game 5) meets (seed 5, game 3)) × 10,000 games × the deal and nine seats.
    const seen = new Set<string>();
    const ones = new Array<number>(128).fill(0);
    let streams = 0;
    for (let seed = 0; seed < 10; seed++) {
      for (let game = 0; game < 10_000; game++) {
        for (let seat = 0; seat <= 9; seat++) {
          const state = seat === 0 ? streamState(seed, game) : streamState(seed, game, seat);
          seen.add(state.join(','));
          // Every 97th stream, tally its 128 state bits.
          if (streams++ % 97 === 0) state.forEach((word, w) => {
            for (let b = 0; b < 32; b++) ones[32 * w + b] += (word >>> b) & 1;
          });
        }
      }
    }
    expect(streams).toBe(1_000_000);
    expect(seen.size).toBe(streams);
    // Each bit is 1 with probability 1/2 in a sample of 10,310: within 5 standard deviations.
    const n = Math.ceil(streams / 97);
    for (const count of ones) expect(Math.abs(count - n / 2)).toBeLessThan(5 * Math.sqrt(n / 4));
  });

  it('depends on every id, their order and their number', () => {
    const key = (...args: number[]) => streamState(args[0], ...args.slice(1)).join(',');
    const keys = [key(1), key(1, 0), key(1, 0, 0), key(0, 1), key(1, 2, 3), key(1, 3, 2), key(2, 1, 3), key(2 ** 53 - 1), key(1, -1)];
    expect(new Set(keys).size).toBe(keys.length);
    expect(key(7, 3)).toBe(key(7, 3));
  });

  it('rejects seeds and ids that are not safe integers', () => {
    expect(() => new Random(0.5)).toThrow(RangeError);
    expect(() => new Random(1, 2 ** 53)).toThrow(RangeError);
    expect(() => new Random(Number.NaN)).toThrow(RangeError);
  });
});

describe('Random', () => {
  it('draws below(n) uniformly (chi-square over 10 cells, fixed seed)', () => {
    const rng = new Random(2024, 1);
    const counts = new Array<number>(10).fill(0);
    const draws = 100_000;
    for (let i = 0; i < draws; i++) counts[rng.below(10)]++;
    const expected = draws / 10;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: P(χ² > 33.7) ≈ 1e-4.
    expect(chi2).toBeLessThan(33.7);
  });

  it('shuffles into every order of three about equally often, and picks from the list', () => {
    const rng = new Random(5);
    const counts = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = rng.shuffle(['a', 'b', 'c']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const chi2 = [...counts.values()].reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    // 5 degrees of freedom: P(χ² > 25.7) ≈ 1e-4.
    expect(chi2).toBeLessThan(25.7);
    expect(['x', 'y']).toContain(rng.pick(['x', 'y']));
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});
