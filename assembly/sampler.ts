// Uniform sampling of consistent deals: walk down the DAG choosing each edge with probability
// backward(child) / backward(node). With integer counts below 2^53 the choice is made on exact
// integers, so every consistent deal has exactly the same probability.
import { MAX_SEATS } from './layout';
import { baseMasks, bwd, edgeChild, edgeOwner, edgeStart, nSeats, nVars, order, total } from './dag';
import { belowU64, nextUnit } from './rng';

const EXACT_LIMIT: f64 = 9007199254740992.0; // 2^53
const masks = new StaticArray<u32>(MAX_SEATS + 6); // + slack: the SIMD check reads whole vectors

/** Writes n uniform consistent deals (nSeats + 2 masks each) to out. Requires total > 0. */
export function sample(n: i32, out: usize): void {
  const width = nSeats + 2;
  const exact = total <= EXACT_LIMIT;
  for (let k = 0; k < n; k++) {
    for (let o = 0; o < width; o++) unchecked(masks[o] = baseMasks[o]);
    let node = 0;
    for (let t = 0; t < nVars; t++) {
      let e = unchecked(edgeStart[node]);
      const e1 = unchecked(edgeStart[node + 1]);
      if (e1 - e > 1) {
        if (exact) {
          let r = belowU64(<u64>unchecked(bwd[node]));
          for (; e < e1 - 1; e++) {
            const b = <u64>unchecked(bwd[edgeChild[e]]);
            if (r < b) break;
            r -= b;
          }
        } else {
          let r = nextUnit() * unchecked(bwd[node]);
          for (; e < e1 - 1; e++) {
            const b = unchecked(bwd[edgeChild[e]]);
            if (r < b) break;
            r -= b;
          }
        }
      }
      const o = <i32>unchecked(edgeOwner[e]);
      unchecked(masks[o] |= <u32>1 << unchecked(order[t]));
      node = unchecked(edgeChild[e]);
    }
    const dst = out + <usize>k * (<usize>width << 2);
    for (let o = 0; o < width; o++) store<u32>(dst + (<usize>o << 2), unchecked(masks[o]));
  }
}
