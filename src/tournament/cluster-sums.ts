// Mergeable sums over games. Seats of one game are not independent (exactly one of them wins), so
// the game is the unit: every per-seat quantity is kept as integer sums over games, enough for a
// ratio estimator and its cluster-robust variance. Integer sums add exactly in any order, so
// tallies of shards of a run merge into exactly the tallies of the whole run.

/**
 * For per-game pairs (x_g, n_g) with n_g > 0: the number of games G and Σx_g, Σn_g, Σx_g²,
 * Σx_g·n_g, Σn_g². The ratio Σx/Σn estimates a per-seat mean or rate (x_g: the seats' wins or
 * values in game g, n_g: how many seats).
 */
export interface ClusterSums {
  clusters: number;
  x: number;
  n: number;
  xx: number;
  xn: number;
  nn: number;
}

export function emptyClusterSums(): ClusterSums {
  return { clusters: 0, x: 0, n: 0, xx: 0, xn: 0, nn: 0 };
}

/** Adds one game's pair (x, n); a game with n = 0 is not part of this quantity and adds nothing. */
export function addCluster(sums: ClusterSums, x: number, n: number): void {
  if (n === 0) return;
  sums.clusters++;
  sums.x += x;
  sums.n += n;
  sums.xx += x * x;
  sums.xn += x * n;
  sums.nn += n * n;
}

export function addClusterSums(into: ClusterSums, from: ClusterSums): void {
  into.clusters += from.clusters;
  into.x += from.x;
  into.n += from.n;
  into.xx += from.xx;
  into.xn += from.xn;
  into.nn += from.nn;
}

/**
 * One turn value t of a turn count (turns to win, turns to certain) with its per-game sums. In
 * game g, h_g seats had value t, c_g(t) had a value ≤ t, and m_g had a value at all.
 */
export interface TurnCount {
  turn: number;
  /** Σ_g h_g: the seat-games with this value. */
  seats: number;
  /** Σ_g h_g·m_g. Summed over turns ≤ v: Σ_g c_g(v)·m_g. */
  seatsTimesGameCount: number;
  /** Σ_g h_g·(2·c_g(t⁻) + h_g) = Σ_g (c_g(t)² − c_g(t⁻)²), t⁻ the values below t. Summed over turns ≤ v: Σ_g c_g(v)². */
  squareStep: number;
}

/** A turn count's values over games: ratio sums for its mean, and per-value sums for its distribution. */
export interface TurnSums {
  /** x_g: the sum of the values in game g, n_g = m_g: how many. */
  sums: ClusterSums;
  /** Every value seen, ascending. */
  counts: TurnCount[];
}

export function emptyTurnSums(): TurnSums {
  return { sums: emptyClusterSums(), counts: [] };
}

/** Index of `turn` in the ascending counts, or where it would go. */
function findTurn(counts: TurnCount[], turn: number): number {
  let low = 0;
  let high = counts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (counts[mid].turn < turn) low = mid + 1;
    else high = mid;
  }
  return low;
}

function countAt(counts: TurnCount[], turn: number): TurnCount {
  const i = findTurn(counts, turn);
  if (i < counts.length && counts[i].turn === turn) return counts[i];
  const entry: TurnCount = { turn, seats: 0, seatsTimesGameCount: 0, squareStep: 0 };
  counts.splice(i, 0, entry);
  return entry;
}

/** Adds one game's values of a turn count (positive integers, one per seat that has one). */
export function addGameTurns(turns: TurnSums, values: readonly number[]): void {
  if (values.length === 0) return;
  for (const v of values) if (!Number.isSafeInteger(v) || v < 1) throw new RangeError(`a turn count must be a positive integer, got ${v}`);
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length;
  let below = 0;
  for (let i = 0; i < m; ) {
    let j = i;
    while (j < m && sorted[j] === sorted[i]) j++;
    const h = j - i;
    const entry = countAt(turns.counts, sorted[i]);
    entry.seats += h;
    entry.seatsTimesGameCount += h * m;
    entry.squareStep += h * (2 * below + h);
    below += h;
    i = j;
  }
  addCluster(turns.sums, sorted.reduce((a, b) => a + b, 0), m);
}

export function addTurnSums(into: TurnSums, from: TurnSums): void {
  addClusterSums(into.sums, from.sums);
  for (const entry of from.counts) {
    const target = countAt(into.counts, entry.turn);
    target.seats += entry.seats;
    target.seatsTimesGameCount += entry.seatsTimesGameCount;
    target.squareStep += entry.squareStep;
  }
}

/**
 * The empirical distribution function at each value v seen, as ratio sums: x_g = c_g(v) (the
 * game's values ≤ v) over n_g = m_g, so that x / n is F̂(v).
 */
export function cdfSums(turns: TurnSums): { turn: number; sums: ClusterSums }[] {
  const { clusters, n, nn } = turns.sums;
  let x = 0;
  let xx = 0;
  let xn = 0;
  return turns.counts.map((entry) => {
    x += entry.seats;
    xx += entry.squareStep;
    xn += entry.seatsTimesGameCount;
    return { turn: entry.turn, sums: { clusters, x, n, xx, xn, nn } };
  });
}
