// A mergeable sketch of durations: counts in fixed log-spaced bins, with the number and the sum of
// the durations. Quantiles cannot be merged from quantiles, but bins of the same edges add: the
// sketches of any parts of a run (batches, worker threads, shards, queue workers) merge, in any
// order, into the sketch of the whole, and a quantile read from it is exact to the bin. Bin k holds
// the durations from 10^(k/10) µs up to 10^((k+1)/10) µs: ten bins per decade, from 1 µs to 100 s
// (a bin is 26% wide). A duration under 1 µs counts in the first bin, one of 100 s or more in the
// last. Durations are summed in whole nanoseconds, so that sums add exactly too.

/** Bins per factor of ten. */
export const BINS_PER_DECADE = 10;
/** Bins from 1 µs to 100 s: eight decades. */
export const BIN_COUNT = 8 * BINS_PER_DECADE;
/** The lower edge of the first bin, in milliseconds (1 µs). */
const LOWEST_MS = 1e-3;

export interface TimeHistogram {
  /** Durations counted. */
  decisions: number;
  /** Their sum, in whole nanoseconds. */
  totalNs: number;
  /** The bin of counts[0]: the counts run from the first bin with a duration to the last, the empty bins around them left out. */
  firstBin: number;
  counts: number[];
}

export function emptyHistogram(): TimeHistogram {
  return { decisions: 0, totalNs: 0, firstBin: 0, counts: [] };
}

/** The bin of a duration in milliseconds (clamped to the first and last bins). */
export function binOf(ms: number): number {
  if (!(ms > LOWEST_MS)) return 0;
  return Math.min(BIN_COUNT - 1, Math.floor(BINS_PER_DECADE * Math.log10(ms / LOWEST_MS)));
}

/** The value a bin stands for, in milliseconds: the geometric middle of its edges. */
export function binMiddleMs(bin: number): number {
  return LOWEST_MS * 10 ** ((bin + 0.5) / BINS_PER_DECADE);
}

/** Adds `count` durations of bin `bin` (in place). */
function addToBin(h: TimeHistogram, bin: number, count: number): void {
  if (h.counts.length === 0) h.firstBin = bin;
  if (bin < h.firstBin) {
    h.counts.unshift(...new Array<number>(h.firstBin - bin).fill(0));
    h.firstBin = bin;
  }
  while (bin - h.firstBin >= h.counts.length) h.counts.push(0);
  h.counts[bin - h.firstBin] += count;
}

/** Counts one duration in milliseconds (in place). */
export function addDuration(h: TimeHistogram, ms: number): void {
  h.decisions++;
  h.totalNs += Math.round(Math.max(0, ms) * 1e6);
  addToBin(h, binOf(ms), 1);
}

/** Adds the sketch `from` into `into` (in place). */
export function addHistogram(into: TimeHistogram, from: TimeHistogram): void {
  into.decisions += from.decisions;
  into.totalNs += from.totalNs;
  from.counts.forEach((count, i) => count > 0 && addToBin(into, from.firstBin + i, count));
}

/**
 * The q-quantile (0 < q ≤ 1) in milliseconds, to the bin: the middle of the bin holding the
 * duration of rank ⌈q·n⌉ among the n counted (the nearest-rank quantile); null with none counted.
 */
export function quantileMs(h: TimeHistogram, q: number): number | null {
  if (h.decisions === 0) return null;
  const rank = Math.max(1, Math.ceil(q * h.decisions));
  let seen = 0;
  for (let i = 0; i < h.counts.length; i++) {
    seen += h.counts[i];
    if (seen >= rank) return binMiddleMs(h.firstBin + i);
  }
  return binMiddleMs(h.firstBin + h.counts.length - 1);
}
