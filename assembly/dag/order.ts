// The variable order: in which order the build decides the undecided cards. The order sets the
// DAG's width, and so its size and the time of every pass over it: a heuristic keeps the layers
// narrow. Runs on the selected position (the one being built), permuting its `order` in place.
import { MAX_SEATS } from '../layout';
import { allowed, nSeats, nVars, order } from './position';
import { caps, consCards, nCons, seatCandidates } from './preprocess';

/** log2(1..33) in thousandths: a seat's capacity range in the state-count estimate. */
const LOG2_MILLI = new StaticArray<i32>(34);
for (let i = 1; i < 34; i++) unchecked(LOG2_MILLI[i] = <i32>Math.round(Math.log2(<f64>i) * 1000));
/** Per seat, its candidates decided so far. */
const seatSeen = new StaticArray<i32>(MAX_SEATS);

/** How many values a seat's remaining capacity can take once `seen` of its `all` candidate cards are decided. */
@inline function capacityRange(s: i32, seen: i32, all: i32): i32 {
  const cap = unchecked(caps[s]);
  const lo = max(0, cap - seen);
  const hi = min(cap, all - seen);
  return hi >= lo ? hi - lo + 1 : 1;
}

/**
 * Orders the variables so that the layers stay narrow. A layer's width is at most the product of
 * the open seats' capacity ranges times 2^(open constraints); greedily take the card that keeps
 * the log of that bound smallest, preferring cards that finish constraints and cards with few
 * possible owners.
 */
export function chooseOrder(): void {
  for (let s = 0; s < nSeats; s++) unchecked(seatSeen[s] = 0);
  let done: u32 = 0;
  for (let pos = 0; pos < nVars; pos++) {
    let best = pos;
    let bestScore: i64 = i64.MAX_VALUE;
    for (let i = pos; i < nVars; i++) {
      const c = unchecked(order[i]);
      const d2 = done | (<u32>1 << c);
      let active = 0;
      let closing = 0;
      for (let k = 0; k < nCons; k++) {
        const m = unchecked(consCards[k]);
        const t = m & d2;
        if (t == m) { if (m & (<u32>1 << c)) closing++; }
        else if (t != 0) active++;
      }
      // Change of the seats' log-range sum if c is decided next.
      let seats = 0;
      let a = unchecked(allowed[c]) & ((<u32>1 << nSeats) - 1);
      while (a) {
        const s = <i32>ctz<u32>(a);
        a &= a - 1;
        const seen = unchecked(seatSeen[s]);
        const all = unchecked(seatCandidates[s]);
        seats += unchecked(LOG2_MILLI[capacityRange(s, seen + 1, all)]) - unchecked(LOG2_MILLI[capacityRange(s, seen, all)]);
      }
      const score = (<i64>active * 1000 + <i64>seats) * 1000 - <i64>closing * 10 + <i64>popcnt<u32>(unchecked(allowed[c]));
      if (score < bestScore) { bestScore = score; best = i; }
    }
    const tmp = unchecked(order[pos]);
    unchecked(order[pos] = order[best]);
    unchecked(order[best] = tmp);
    const chosen = unchecked(order[pos]);
    done |= <u32>1 << chosen;
    let a = unchecked(allowed[chosen]) & ((<u32>1 << nSeats) - 1);
    while (a) {
      const s = <i32>ctz<u32>(a);
      a &= a - 1;
      unchecked(seatSeen[s] += 1);
    }
  }
}
