// Timing a workload for `cluedo bench`: warm-up first (V8 runs a Wasm function on its baseline
// compiler until it has been called enough to be optimised, and a pool's threads start and load
// their modules), then rounds of the work until the time budget is spent. A figure is the rate over
// every timed round together (the units done over the time taken: a long game counts for what it
// cost), with the spread of the rounds' own rates, so that a reader sees how steady it was.
import { CancelledError } from '../runtime/executor.js';

/** One round of a workload: does some work and answers how many units (deals, games) it did. */
export type Round = (round: number) => number | Promise<number>;

/** A measured rate, in units per second. */
export interface Figure {
  /** Units per second over every timed round. */
  rate: number;
  /** The first and third quartiles of the rounds' rates: the middle half of them lies between. */
  q1: number;
  q3: number;
  /** The slowest and the fastest round's rate. */
  min: number;
  max: number;
  /** Timed rounds, the units they did and the seconds they took. */
  rounds: number;
  units: number;
  seconds: number;
}

export interface MeasureOptions {
  /** The time budget of the timed rounds, in seconds; the warm-up takes a quarter of it more. */
  seconds: number;
  /** Aborted: the measurement stops after the round under way (a CancelledError). */
  signal?: AbortSignal;
}

/** A round is at least this share of the budget (calls repeated until it is), so that the clock's resolution and one call's overhead do not count. */
const ROUND_SHARE = 1 / 20;
/** The warm-up's share of the budget. */
const WARM_UP_SHARE = 1 / 4;
/** Timed rounds taken at least, whatever the budget: a spread needs a few. */
const MIN_ROUNDS = 3;

/** Seconds since `start` (a performance.now() reading). */
function since(start: number): number {
  return (performance.now() - start) / 1000;
}

/** The q-quantile of sorted values, by linear interpolation between the nearest ranks. */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** The figure of rounds, each the units it did and the seconds it took. */
export function figureOf(rounds: ReadonlyArray<{ units: number; seconds: number }>): Figure {
  const units = rounds.reduce((sum, r) => sum + r.units, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const rates = rounds.map((r) => r.units / r.seconds).sort((a, b) => a - b);
  return { rate: units / seconds, q1: quantile(rates, 0.25), q3: quantile(rates, 0.75), min: rates[0], max: rates[rates.length - 1], rounds: rounds.length, units, seconds };
}

/** Resolves after the event loop's poll phase, where Node reads a signal (Ctrl-C) that came meanwhile. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `round` to warm up, then times it until the budget is spent (at least MIN_ROUNDS rounds).
 * A timed round repeats the call until it has taken ROUND_SHARE of the budget; between rounds the
 * event loop turns, so that a signal is seen there.
 */
export async function measure(round: Round, options: MeasureOptions): Promise<Figure> {
  const budget = options.seconds;
  let call = 0;
  const runFor = async (seconds: number): Promise<{ units: number; seconds: number }> => {
    const start = performance.now();
    let units = 0;
    do units += await round(call++);
    while (since(start) < seconds);
    return { units, seconds: since(start) };
  };
  const stopIfAsked = async () => {
    await nextTurn();
    if (options.signal?.aborted) throw new CancelledError('the measurement was cancelled');
  };
  const warmUp = performance.now();
  do {
    await stopIfAsked();
    await runFor(0);
  } while (since(warmUp) < budget * WARM_UP_SHARE);
  const rounds: Array<{ units: number; seconds: number }> = [];
  const start = performance.now();
  while (rounds.length < MIN_ROUNDS || since(start) < budget) {
    await stopIfAsked();
    rounds.push(await runFor(budget * ROUND_SHARE));
  }
  return figureOf(rounds);
}
