// The baselines module (build/baselines.wasm), built for the benchmarks and the tests that measure
// the production core against simpler methods: rejection sampling and the seat-by-seat counter.
// It reads a constraint store written at storePtr() in the layout of ../layout.ts.
import { STORE } from '../store';
import { seedRng } from '../rng';
import { rejectionSample as rejection } from './rejection';

// Every constant of the layout: the host reads them all (LAYOUT_NAMES in src/knowledge/wasm-module.ts).
export * from '../layout';

let io = new StaticArray<u8>(1 << 16);

export function storePtr(): usize {
  return STORE;
}

/** A scratch buffer of at least `bytes`. May grow memory: re-take views after. */
export function ioBuffer(bytes: i32): usize {
  if (io.length < bytes + 64) io = new StaticArray<u8>(bytes + 64);
  return changetype<usize>(io);
}

export function seed(lo: u32, hi: u32, stream: u32): void {
  seedRng(lo, hi, stream);
}

/** Deals the unknown cards at random `attempts` times; writes up to maxOut consistent deals to out. */
export function rejectionSample(attempts: i32, out: usize, maxOut: i32): i32 {
  return rejection(attempts, out, maxOut);
}

export { seatBySeatCount } from './seat-dp';
