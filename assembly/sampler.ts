// Uniform sampling of consistent deals: walk down the DAG choosing each edge with probability
// backward(child) / backward(node). The choice is made on exact integers (the f64 counts below
// 2^53, the 128-bit counts above), so every consistent deal has exactly the same probability.
import { MAX_SEATS } from './layout';
import { baseMasks, bwd, bwdExact, edgeChild, edgeOwner, edgeStart, edgeWeight, nSeats, nVars, order, positionMask, total } from './dag/position';
import { EXACT_LIMIT } from './dag/count';
import { belowCount, belowU64, nextU64, nextUnit } from './rng';
import { ownerWidth } from './owners';

const masks = new StaticArray<u32>(MAX_SEATS + 6); // + slack: the SIMD check reads whole vectors

/** Uniform integer in [0, hi * 2^64 + lo), exactly (masked rejection); returns the low word, the high one in drawHi. */
let drawHi: u64 = 0;
function belowU128(lo: u64, hi: u64): u64 {
  if (hi == 0) { drawHi = 0; return belowU64(lo); }
  const mask: u64 = <u64>-1 >> clz<u64>(hi);
  while (true) {
    const h = nextU64() & mask;
    const l = nextU64();
    if (h < hi || (h == hi && l < lo)) { drawHi = h; return l; }
  }
}

/**
 * Writes n uniform consistent deals (ownerWidth(nSeats) masks each) to out. Requires total > 0. On a
 * weighted DAG, each deal with probability proportional to its weight instead (up to rounding).
 * The DAG's arrays are read through raw pointers: the walk visits every layer of every deal, and a
 * managed array read in a loop costs a store to the runtime's shadow stack each time.
 */
export function sample(n: i32, out: usize): void {
  const width = ownerWidth(nSeats);
  const exact = bwdExact;
  const exactAt = exact === null ? 0 : changetype<usize>(exact);
  const own = positionMask;
  const ownAt = own === null ? 0 : changetype<usize>(own);
  const weights = edgeWeight;
  const weightAt = weights === null ? 0 : changetype<usize>(weights);
  const starts = changetype<usize>(edgeStart);
  const children = changetype<usize>(edgeChild);
  const owners = changetype<usize>(edgeOwner);
  const counts = changetype<usize>(bwd);
  const cards = changetype<usize>(order);
  const base = changetype<usize>(baseMasks);
  const deal = changetype<usize>(masks);
  for (let k = 0; k < n; k++) {
    memory.copy(deal, base, <usize>width << 2);
    let node = 0;
    for (let t = 0; t < nVars; t++) {
      // Edges whose owner the position rules out weigh nothing (their children may count > 0).
      const m: u32 = ownAt == 0 ? 0xffffffff : load<u32>(ownAt + (<usize>t << 2));
      let e = load<i32>(starts + (<usize>node << 2));
      const e1 = load<i32>(starts + (<usize>node << 2), 4);
      if (e1 - e == 1) {
        // the only way on
      } else if (weightAt != 0) {
        // Rounding may leave r past the last edge with weight: that edge is taken then.
        let r = nextUnit() * load<f64>(counts + (<usize>node << 3));
        let last = e;
        for (; e < e1; e++) {
          if (!(m & (<u32>1 << load<u8>(owners + <usize>e)))) continue;
          const b = load<f64>(weightAt + (<usize>e << 3)) * load<f64>(counts + (<usize>load<i32>(children + (<usize>e << 2)) << 3));
          if (b == 0) continue;
          last = e;
          if (r < b) break;
          r -= b;
        }
        if (e == e1) e = last;
      } else if (exactAt == 0 || load<f64>(counts + (<usize>node << 3)) < EXACT_LIMIT) {
        // Below 2^53 the f64 counts are exact integers (and a count at or above 2^53 rounds to at
        // least 2^53), so only the top of a DAG past 2^53 needs the 128-bit counts; and the walk
        // subtracts them in f64, exactly, without converting each to an integer.
        let r = <f64>belowCount(<u64>load<f64>(counts + (<usize>node << 3)));
        for (; e < e1 - 1; e++) {
          if (!(m & (<u32>1 << load<u8>(owners + <usize>e)))) continue;
          const b = load<f64>(counts + (<usize>load<i32>(children + (<usize>e << 2)) << 3));
          if (r < b) break;
          r -= b;
        }
      } else {
        let lo = belowU128(load<u64>(exactAt + (<usize>node << 4)), load<u64>(exactAt + (<usize>node << 4), 8));
        let hi = drawHi;
        for (; e < e1 - 1; e++) {
          if (!(m & (<u32>1 << load<u8>(owners + <usize>e)))) continue;
          const j = <usize>load<i32>(children + (<usize>e << 2));
          const bLo = load<u64>(exactAt + (j << 4));
          const bHi = load<u64>(exactAt + (j << 4), 8);
          if (hi < bHi || (hi == bHi && lo < bLo)) break;
          hi -= bHi + <u64>(lo < bLo);
          lo -= bLo;
        }
      }
      const at = deal + (<usize>load<u8>(owners + <usize>e) << 2);
      store<u32>(at, load<u32>(at) | (<u32>1 << load<i32>(cards + (<usize>t << 2))));
      node = load<i32>(children + (<usize>e << 2));
    }
    memory.copy(out + <usize>k * (<usize>width << 2), deal, <usize>width << 2);
  }
}

const pathEdge = new StaticArray<i32>(40);
const pathMasks = new StaticArray<u32>(40 * (MAX_SEATS + 2));

/**
 * Writes every consistent deal (ownerWidth(nSeats) masks each) to out, in the DAG's path order, up to
 * maxDeals; returns how many there are (all of them, even past maxDeals). A depth-first walk.
 */
export function enumerate(out: usize, maxDeals: i32): i32 {
  const width = ownerWidth(nSeats);
  if (total == 0) return 0;
  if (nVars == 0) {
    if (maxDeals > 0) for (let o = 0; o < width; o++) store<u32>(out + (<usize>o << 2), unchecked(baseMasks[o]));
    return 1;
  }
  let written = 0;
  let t = 0;
  let node = 0;
  for (let o = 0; o < width; o++) unchecked(pathMasks[o] = baseMasks[o]);
  unchecked(pathEdge[0] = unchecked(edgeStart[0]) - 1);
  // pathEdge[t]: the edge taken at layer t; pathMasks[t * width ..]: the deal so far before layer t.
  while (t >= 0) {
    const e = unchecked(pathEdge[t]) + 1;
    const from = t == 0 ? 0 : unchecked(edgeChild[unchecked(pathEdge[t - 1])]);
    node = from;
    if (e >= unchecked(edgeStart[node + 1])) { t--; continue; }
    unchecked(pathEdge[t] = e);
    const own = positionMask;
    if (own !== null && !(unchecked(own[t]) & (<u32>1 << unchecked(edgeOwner[e])))) continue;
    const child = unchecked(edgeChild[e]);
    if (bwdExact === null ? unchecked(bwd[child]) == 0 : unchecked(bwdExact![2 * child]) == 0 && unchecked(bwdExact![2 * child + 1]) == 0) continue;
    const base = t * width;
    for (let o = 0; o < width; o++) unchecked(pathMasks[base + width + o] = pathMasks[base + o]);
    unchecked(pathMasks[base + width + <i32>unchecked(edgeOwner[e])] |= <u32>1 << unchecked(order[t]));
    if (t + 1 == nVars) {
      if (written < maxDeals) {
        const dst = out + <usize>written * (<usize>width << 2);
        for (let o = 0; o < width; o++) store<u32>(dst + (<usize>o << 2), unchecked(pathMasks[base + width + o]));
      }
      written++;
      continue;
    }
    t++;
    unchecked(pathEdge[t] = unchecked(edgeStart[child]) - 1);
  }
  return written;
}
