// The fast tier (`npm run test:fast`, which sets CLUEDO_TESTS=fast) runs the same files as
// `npm test` with fewer random cases, and leaves out the few tests whose point is a large input
// (millions of deals, hundreds of games for a statistic) or the same answers on 1 and 2 worker
// threads (pools take seconds to start; the pool's own tests are in the slow tier); `npm test`
// runs everything in full.
import { it } from 'vitest';

export const FAST_TIER = process.env.CLUEDO_TESTS === 'fast';

/** The random cases of a property: `full` in `npm test`, a tenth (at least `least`) in the fast tier. */
export function runs(full: number, least = 10): number {
  return FAST_TIER ? Math.min(full, Math.max(least, Math.ceil(full / 10))) : full;
}

/** A test of `npm test` only: one whose input must be large, or that compares thread counts. */
export function fullOnly(name: string, test: () => unknown, timeout?: number): void {
  it.skipIf(FAST_TIER)(name, test, timeout);
}
