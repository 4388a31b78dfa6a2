// A seeded permutation of 0..n−1 with random access: the image of one index is computed alone, in
// a few steps, whatever n, so that any thread can find the place of any item in a shuffled order
// without shuffling the whole (a league's tables: C(k, p) of them, too many to list for a large
// pool). A balanced Feistel network on the smallest even number of bits 2h covering n is a
// bijection of [0, 4^h); cycle walking (an image ≥ n is mapped again until it falls below n) makes
// it one of [0, n), in fewer than 4 steps on average since 4^h < 4n.
import { splitmix64 } from './random.js';

const MASK_64 = (1n << 64n) - 1n;
/** Feistel rounds: 6 mix every output bit with every input bit several times over. */
const ROUNDS = 6;

/** The round keys of the permutation for a 64-bit key. */
function roundKeys(key: bigint): bigint[] {
  const keys: bigint[] = [];
  let k = key & MASK_64;
  for (let r = 0; r < ROUNDS; r++) keys.push((k = splitmix64(k)));
  return keys;
}

/** One pass of the Feistel network over 2h bits: a bijection of [0, 4^h). */
function feistel(x: bigint, h: bigint, keys: readonly bigint[]): bigint {
  const half = (1n << h) - 1n;
  let left = x >> h;
  let right = x & half;
  for (const k of keys) [left, right] = [right, left ^ (splitmix64(k ^ right) & half)];
  return (left << h) | right;
}

/**
 * The image of `index` under the permutation of [0, n) drawn by `key` (any 64-bit value): the
 * same key and n give the same permutation on any machine. 0 ≤ index < n.
 */
export function permutedIndex(index: bigint, n: bigint, key: bigint): bigint {
  if (n < 1n || index < 0n || index >= n) throw new RangeError(`permutedIndex: index ${index} is not in [0, ${n})`);
  if (n === 1n) return 0n;
  const bits = BigInt((n - 1n).toString(2).length);
  const h = (bits + 1n) / 2n;
  const keys = roundKeys(key);
  let x = feistel(index, h, keys);
  while (x >= n) x = feistel(x, h, keys);
  return x;
}
