// A sampler that does not need the DAG: a Markov chain over the consistent deals whose stationary
// law is uniform over them. Each step applies two kernels, each leaving the uniform law invariant:
//   - a block-Gibbs move: pick k owners at random (mostly 2 or 3, sometimes more); keep every
//     other owner's hand, and (when their cards are too many to enumerate) a random part of
//     theirs; enumerate every consistent redistribution of the remaining cards among them and move
//     to one uniformly. The set of deals that agree on the kept cards is the same from any of its
//     members, so this is a Gibbs step on a partition of the deals;
//   - swap proposals: two random cards of different owners (the envelope only within a category)
//     trade places, accepted iff the deal stays consistent: a symmetric proposal with a
//     Metropolis test, cheap and global.
// Swaps alone are not irreducible under lacks and clauses; the block moves reach much further.
//
// Consistency is checked against the root state of the search (sat.ts): its candidate owners per
// card already hold every hold and lack, and cards it fixes never move. Only the owners a move
// touches are checked again: their clauses.
//
// Tallies are kept lazily: a card's count for its owner grows only when it moves or at the end of
// a batch (samples recorded since it last moved), so a step costs only what it changes.
import { MAX_CARDS, MAX_SEATS } from './layout';
import { catMask, catOf, clauseK, clauseO, env, free, nCards, nCats, nClauses, nSeats } from './problem';
import { findDeal, FIX, FOUND, GAVE_UP, NONE, prepareRoot, root, witness } from './sat';
import { checkPrepared, prepareCheck } from './check';
import { belowU32, seedRng } from './rng';
import { ownerWidth } from './owners';
import { grown } from './dag/arrays';

/** Most redistributions a block move enumerates. */
const LEAF_LIMIT: i32 = 4096;
const OWNERS: i32 = MAX_SEATS + 1;
/**
 * Most cards a block of k owners redistributes: the largest m whose most even split among k
 * owners has at most LEAF_LIMIT arrangements (k = 2: 14, k = 3: 9, ... k >= 7: 6).
 */
const maxFree = freeLimits();
function freeLimits(): StaticArray<i32> {
  const out = new StaticArray<i32>(OWNERS + 1);
  for (let k = 2; k <= OWNERS; k++) {
    let m = 1;
    while (m < 16 && evenSplits(m + 1, k) <= <f64>LEAF_LIMIT) m++;
    unchecked(out[k] = m);
  }
  return out;
}
/** m! / (product of the factorials of the most even split of m into k parts). */
function evenSplits(m: i32, k: i32): f64 {
  let r: f64 = 1;
  for (let i = 2; i <= m; i++) r *= <f64>i;
  for (let j = 0; j < k; j++) {
    const part = m / k + (j < m % k ? 1 : 0);
    for (let i = 2; i <= part; i++) r /= <f64>i;
  }
  return r;
}

// ---- the chain's state ----
const hand = new StaticArray<u32>(MAX_SEATS + 2);
const ownerOf = new StaticArray<i32>(MAX_CARDS);
/** Cards the root state does not fix, as a list. */
const movable = new StaticArray<i32>(MAX_CARDS);
let nMovable = 0;
/** Cards the root state fixes: the same in every consistent deal. */
let rootFixed: u32 = 0;
/** Per owner: the root's candidate cards. */
const allowed = new StaticArray<u32>(MAX_SEATS + 1);
/** Owners that have movable cards, as a list: the blocks are drawn from them. */
const active = new StaticArray<i32>(MAX_SEATS + 1);
const shuffled = new StaticArray<i32>(MAX_SEATS + 1);
let nActive = 0;
/**
 * Clauses the root leaves open, listed per owner: ownerClauses[clauseStart[o] .. clauseStart[o + 1]).
 * This and the other per-clause buffers grow with the store (setUp).
 */
const clauseStart = new StaticArray<i32>(MAX_SEATS + 2);
let ownerClauses = new StaticArray<i32>(0);
/** Mixed-radix weight of each card as the envelope's card of its category. */
const envWeight = new StaticArray<i32>(MAX_CARDS);

// ---- tallies ----
let width = 0;
let recorded: i32 = 0;
let batchBase: i32 = 0;
const since = new StaticArray<i32>(MAX_CARDS);
let envIndex: i32 = 0;
let envSince: i32 = 0;
export let batchCounts = new StaticArray<f64>(1);
export let envelopeCounts = new StaticArray<f64>(1);
/** Statistics of the last run: swap proposals, swaps accepted, block moves, redistributions enumerated. */
export const stats = new StaticArray<f64>(4);

// ---- block moves ----
const block = new StaticArray<i32>(OWNERS);
const freeCards = new StaticArray<i32>(MAX_CARDS);
const capacity = new StaticArray<i32>(OWNERS);
const newHand = new StaticArray<u32>(OWNERS);
/** Each redistribution found: 4 bits per free card, its slot in the block. */
const leaves = new StaticArray<u64>(LEAF_LIMIT);
let nLeaves = 0;
let nFree = 0;
let blockSize = 0;
let code: u64 = 0;
/** Per position of the free cards: the block's slots that may take it. */
const slotsOf = new StaticArray<u32>(MAX_CARDS);
/** room[i * OWNERS + j]: free cards at positions >= i that slot j may take. */
const room = new StaticArray<i32>((MAX_CARDS + 1) * OWNERS);
/** Categories of the free cards at positions >= i that the envelope may take. */
const envRoom = new StaticArray<u32>(MAX_CARDS + 1);
let allCats: u32 = 0;
let envSlot = -1;
let envTaken: u32 = 0;
/** Clauses to test after deciding position i of the free cards: [checkStart[i], checkStart[i + 1]). */
const checkStart = new StaticArray<i32>(MAX_CARDS + 1);
let checkClause = new StaticArray<i32>(0);
let checkSlots = new StaticArray<u32>(0);
let deadline = new StaticArray<i32>(0);
let sortedClause = new StaticArray<i32>(0);
let sortedSlots = new StaticArray<u32>(0);
/** Per position of the free cards: the clauses bucketed there so far. */
const pending = new StaticArray<i32>(MAX_CARDS + 1);
let stamp = new StaticArray<i32>(0);
let moveId = 0;

/** Room for the compiled store's clauses: each listed once per owner, and once per move. */
function growClauseBuffers(): void {
  ownerClauses = grown<i32>(ownerClauses, nClauses * (env + 1));
  checkClause = grown<i32>(checkClause, nClauses);
  checkSlots = grown<u32>(checkSlots, nClauses);
  deadline = grown<i32>(deadline, nClauses);
  sortedClause = grown<i32>(sortedClause, nClauses);
  sortedSlots = grown<u32>(sortedSlots, nClauses);
  stamp = grown<i32>(stamp, nClauses);
}

/** Sets up the chain for the compiled store (sat.prepareRoot() done) from the deal in `witness`. */
function setUp(): void {
  growClauseBuffers();
  width = ownerWidth(nSeats);
  nMovable = 0;
  rootFixed = 0;
  for (let o = 0; o <= env; o++) rootFixed |= unchecked(root[FIX + o]);
  const moving = free & ~rootFixed;
  for (let c = 0; c < nCards; c++) if (moving & (<u32>1 << c)) unchecked(movable[nMovable++] = c);
  nActive = 0;
  for (let o = 0; o <= env; o++) {
    unchecked(allowed[o] = root[o]);
    if (unchecked(root[o]) & moving) unchecked(active[nActive++] = o);
  }
  for (let o = 0; o < width; o++) {
    const m = unchecked(witness[o]);
    unchecked(hand[o] = m);
    let left = m;
    while (left) { unchecked(ownerOf[ctz<u32>(left)] = o); left &= left - 1; }
  }
  // Clauses the root's fixed cards satisfy can never fail.
  let n = 0;
  for (let o = 0; o <= env; o++) {
    unchecked(clauseStart[o] = n);
    for (let k = 0; k < nClauses; k++) {
      const owners = unchecked(clauseO[k]);
      if (!(owners & (<u32>1 << o)) || satisfiedByRoot(k)) continue;
      unchecked(ownerClauses[n++] = k);
    }
  }
  unchecked(clauseStart[env + 1] = n);
  for (let k = 0; k < nClauses; k++) unchecked(stamp[k] = 0);
  moveId = 0;
  let weight = 1;
  for (let g = nCats - 1; g >= 0; g--) {
    const cm = unchecked(catMask[g]);
    let left = cm;
    let i = 0;
    while (left) { unchecked(envWeight[ctz<u32>(left)] = i * weight); i++; left &= left - 1; }
    weight *= <i32>popcnt<u32>(cm);
  }
  for (let i = 0; i < 4; i++) unchecked(stats[i] = 0);
  allCats = nCats >= 32 ? 0xffffffff : (<u32>1 << nCats) - 1;
}

function satisfiedByRoot(k: i32): bool {
  let owners = unchecked(clauseO[k]);
  while (owners) {
    const o = <i32>ctz<u32>(owners);
    owners &= owners - 1;
    if (unchecked(root[FIX + o]) & unchecked(clauseK[k])) return true;
  }
  return false;
}

@inline function clauseHolds(k: i32): bool {
  const cards = unchecked(clauseK[k]);
  let owners = unchecked(clauseO[k]);
  while (owners) {
    const o = <i32>ctz<u32>(owners);
    owners &= owners - 1;
    if (unchecked(hand[o]) & cards) return true;
  }
  return false;
}

/** Owner o's clauses that contain card `lost` still hold. */
function clausesHold(o: i32, lost: i32): bool {
  const bit = <u32>1 << lost;
  const end = unchecked(clauseStart[o + 1]);
  for (let i = unchecked(clauseStart[o]); i < end; i++) {
    const k = unchecked(ownerClauses[i]);
    if ((unchecked(clauseK[k]) & bit) && !clauseHolds(k)) return false;
  }
  return true;
}

function envelopeIndexOf(m: u32): i32 {
  let index = 0;
  while (m) { index += unchecked(envWeight[ctz<u32>(m)]); m &= m - 1; }
  return index;
}

/** Counts card c's samples with owner `from` since it last moved (call when it leaves `from`). */
@inline function settle(c: i32, from: i32): void {
  const n = recorded - unchecked(since[c]);
  if (n) unchecked(batchCounts[batchBase + c * width + from] += <f64>n);
  unchecked(since[c] = recorded);
}

function envelopeMoved(): void {
  const n = recorded - envSince;
  if (n) unchecked(envelopeCounts[envIndex] += <f64>n);
  envSince = recorded;
  envIndex = envelopeIndexOf(unchecked(hand[env]));
}

// ---- swaps ----

function swap(): void {
  const c1 = unchecked(movable[belowU32(<u32>nMovable)]);
  const c2 = unchecked(movable[belowU32(<u32>nMovable)]);
  const o1 = unchecked(ownerOf[c1]);
  const o2 = unchecked(ownerOf[c2]);
  unchecked(stats[0] += 1);
  if (o1 == o2) return;
  if ((o1 == env || o2 == env) && unchecked(catOf[c1]) != unchecked(catOf[c2])) return;
  const b1 = <u32>1 << c1;
  const b2 = <u32>1 << c2;
  if (!(unchecked(allowed[o2]) & b1) || !(unchecked(allowed[o1]) & b2)) return;
  const h1 = unchecked(hand[o1]);
  const h2 = unchecked(hand[o2]);
  unchecked(hand[o1] = h1 ^ b1 ^ b2);
  unchecked(hand[o2] = h2 ^ b1 ^ b2);
  if (!clausesHold(o1, c1) || !clausesHold(o2, c2)) {
    unchecked(hand[o1] = h1);
    unchecked(hand[o2] = h2);
    return;
  }
  unchecked(stats[1] += 1);
  settle(c1, o1);
  settle(c2, o2);
  unchecked(ownerOf[c1] = o2);
  unchecked(ownerOf[c2] = o1);
  if (o1 == env || o2 == env) envelopeMoved();
}

// ---- block moves ----

/** Redistributes the cards of k random owners (or a random part of them) uniformly. */
function blockMove(): void {
  if (nActive < 2) return;
  // k, then k distinct owners, uniformly: nothing here depends on the state.
  const r = belowU32(4);
  blockSize = r < 2 ? 2 : r == 2 || nActive < 4 ? 3 : 4 + <i32>belowU32(<u32>(nActive - 3));
  if (blockSize > nActive) blockSize = nActive;
  for (let i = 0; i < nActive; i++) unchecked(shuffled[i] = active[i]);
  for (let j = 0; j < blockSize; j++) {
    const i = j + <i32>belowU32(<u32>(nActive - j));
    unchecked(block[j] = shuffled[i]);
    unchecked(shuffled[i] = shuffled[j]);
  }
  // The cards the block holds are the same for every deal that agrees with this one elsewhere,
  // so a random part of them chosen from that set alone keeps the move a Gibbs step.
  let u: u32 = 0;
  for (let j = 0; j < blockSize; j++) u |= unchecked(hand[block[j]]);
  u &= ~rootFixed;
  nFree = 0;
  let left = u;
  while (left) { unchecked(freeCards[nFree++] = ctz<u32>(left)); left &= left - 1; }
  const most = unchecked(maxFree[blockSize]);
  if (nFree > most) {
    for (let i = 0; i < most; i++) {
      const j = i + <i32>belowU32(<u32>(nFree - i));
      const t = unchecked(freeCards[i]);
      unchecked(freeCards[i] = freeCards[j]);
      unchecked(freeCards[j] = t);
    }
    nFree = most;
  }
  if (nFree < 2) return;
  let f: u32 = 0;
  for (let i = 0; i < nFree; i++) f |= <u32>1 << unchecked(freeCards[i]);
  envSlot = -1;
  envTaken = 0;
  for (let j = 0; j < blockSize; j++) {
    const o = unchecked(block[j]);
    unchecked(capacity[j] = <i32>popcnt<u32>(unchecked(hand[o]) & f));
    unchecked(newHand[j] = unchecked(hand[o]) & ~f);
    if (o == env) {
      envSlot = j;
      // Categories whose envelope card stays put are taken.
      let kept = unchecked(hand[o]) & ~f;
      while (kept) { envTaken |= <u32>1 << unchecked(catOf[ctz<u32>(kept)]); kept &= kept - 1; }
    }
  }
  orderFreeCards();
  if (!planClauses(f)) return;
  nLeaves = 0;
  code = 0;
  enumerate(0);
  unchecked(stats[2] += 1);
  unchecked(stats[3] += <f64>nLeaves);
  assert(nLeaves >= 1 && nLeaves <= LEAF_LIMIT);
  const pick = unchecked(leaves[belowU32(<u32>nLeaves)]);
  let envChanged = false;
  for (let i = 0; i < nFree; i++) {
    const c = unchecked(freeCards[i]);
    const o = unchecked(block[<i32>((pick >> (<u64>i << 2)) & 15)]);
    const from = unchecked(ownerOf[c]);
    if (o == from) continue;
    const bit = <u32>1 << c;
    unchecked(hand[from] &= ~bit);
    unchecked(hand[o] |= bit);
    unchecked(ownerOf[c] = o);
    settle(c, from);
    if (o == env || from == env) envChanged = true;
  }
  if (envChanged) envelopeMoved();
}

/**
 * Puts the free cards with the fewest possible slots first, and counts from each position on how
 * many cards each slot could still take (and which categories the envelope could still fill), so
 * the enumeration stops where the places left cannot all be filled.
 */
function orderFreeCards(): void {
  for (let i = 0; i < nFree; i++) {
    const c = unchecked(freeCards[i]);
    let m: u32 = 0;
    for (let j = 0; j < blockSize; j++) {
      if (!(unchecked(allowed[block[j]]) & (<u32>1 << c))) continue;
      if (j == envSlot && (envTaken & (<u32>1 << unchecked(catOf[c])))) continue;
      m |= <u32>1 << j;
    }
    // Insertion by number of slots (the order only changes how the redistributions are listed).
    let at = i;
    while (at > 0 && popcnt<u32>(unchecked(slotsOf[at - 1])) > popcnt<u32>(m)) {
      unchecked(slotsOf[at] = slotsOf[at - 1]);
      unchecked(freeCards[at] = freeCards[at - 1]);
      at--;
    }
    unchecked(slotsOf[at] = m);
    unchecked(freeCards[at] = c);
  }
  for (let j = 0; j < blockSize; j++) unchecked(room[nFree * OWNERS + j] = 0);
  unchecked(envRoom[nFree] = 0);
  for (let i = nFree - 1; i >= 0; i--) {
    const m = unchecked(slotsOf[i]);
    for (let j = 0; j < blockSize; j++) unchecked(room[i * OWNERS + j] = room[(i + 1) * OWNERS + j] + <i32>((m >> j) & 1));
    const envCat = envSlot >= 0 && (m & (<u32>1 << envSlot)) ? <u32>1 << unchecked(catOf[freeCards[i]]) : 0;
    unchecked(envRoom[i] = envRoom[i + 1] | envCat);
  }
}

/** Every slot can still be filled from the free cards at positions i and after. */
@inline function fillable(i: i32): bool {
  const r = i * OWNERS;
  for (let j = 0; j < blockSize; j++) if (unchecked(capacity[j]) > unchecked(room[r + j])) return false;
  return envSlot < 0 || (allCats & ~envTaken & ~unchecked(envRoom[i])) == 0;
}

/**
 * The clauses the move can break: those of the block's owners that nothing kept satisfies. Each
 * is tested as soon as its last free card is placed. False if one cannot hold (never, since the
 * current deal is consistent).
 */
function planClauses(f: u32): bool {
  moveId++;
  let nPending = 0;
  for (let j = 0; j < blockSize; j++) {
    const o = unchecked(block[j]);
    const end = unchecked(clauseStart[o + 1]);
    for (let i = unchecked(clauseStart[o]); i < end; i++) {
      const k = unchecked(ownerClauses[i]);
      if (unchecked(stamp[k]) == moveId) continue;
      unchecked(stamp[k] = moveId);
      const cards = unchecked(clauseK[k]);
      let owners = unchecked(clauseO[k]);
      let slots: u32 = 0;
      let keptHolds = false;
      while (owners) {
        const x = <i32>ctz<u32>(owners);
        owners &= owners - 1;
        let inBlock = -1;
        for (let s = 0; s < blockSize; s++) if (unchecked(block[s]) == x) inBlock = s;
        const kept = inBlock >= 0 ? unchecked(newHand[inBlock]) : unchecked(hand[x]);
        if (kept & cards) { keptHolds = true; break; }
        if (inBlock >= 0) slots |= <u32>1 << inBlock;
      }
      if (keptHolds) continue;
      let last = -1;
      for (let p = 0; p < nFree; p++) if (cards & (<u32>1 << unchecked(freeCards[p]))) last = p;
      if (last < 0) return false;
      unchecked(checkClause[nPending] = k);
      unchecked(checkSlots[nPending] = slots);
      unchecked(deadline[nPending] = last);
      nPending++;
    }
  }
  // Bucket the pending clauses by deadline.
  for (let p = 0; p <= nFree; p++) unchecked(checkStart[p] = 0);
  for (let i = 0; i < nPending; i++) unchecked(checkStart[deadline[i] + 1] += 1);
  for (let p = 0; p < nFree; p++) unchecked(checkStart[p + 1] += checkStart[p]);
  for (let i = 0; i < nPending; i++) {
    const d = unchecked(deadline[i]);
    const at = unchecked(checkStart[d]) + unchecked(pending[d]);
    unchecked(pending[d] += 1);
    unchecked(sortedClause[at] = checkClause[i]);
    unchecked(sortedSlots[at] = checkSlots[i]);
  }
  for (let p = 0; p < nFree; p++) unchecked(pending[p] = 0);
  return true;
}
/** Places free card `i` and the following ones in every consistent way, recording each complete one. */
function enumerate(i: i32): void {
  if (i == nFree) {
    unchecked(leaves[nLeaves++] = code);
    return;
  }
  if (!fillable(i)) return;
  const c = unchecked(freeCards[i]);
  const bit = <u32>1 << c;
  const cat = <u32>1 << unchecked(catOf[c]);
  const slots = unchecked(slotsOf[i]);
  for (let j = 0; j < blockSize; j++) {
    if (unchecked(capacity[j]) == 0 || !((slots >> j) & 1)) continue;
    if (j == envSlot && (envTaken & cat)) continue;
    unchecked(capacity[j] -= 1);
    unchecked(newHand[j] |= bit);
    if (j == envSlot) envTaken |= cat;
    if (clausesDecidedAt(i)) {
      code |= <u64>j << (<u64>i << 2);
      enumerate(i + 1);
      code &= ~(<u64>15 << (<u64>i << 2));
    }
    if (j == envSlot) envTaken &= ~cat;
    unchecked(newHand[j] &= ~bit);
    unchecked(capacity[j] += 1);
  }
}

@inline function clausesDecidedAt(i: i32): bool {
  const end = unchecked(checkStart[i + 1]);
  for (let p = unchecked(checkStart[i]); p < end; p++) {
    const cards = unchecked(clauseK[sortedClause[p]]);
    let slots = unchecked(sortedSlots[p]);
    let ok = false;
    while (slots) {
      if (unchecked(newHand[ctz<u32>(slots)]) & cards) { ok = true; break; }
      slots &= slots - 1;
    }
    if (!ok) return false;
  }
  return true;
}

// ---- a run ----

/** run(): the given start is not a consistent deal. */
export const BAD_START: i32 = 3;

/**
 * Runs one chain: seeded by (seed, stream chain + 1), started from the deal at `start` (ownerWidth(nSeats)
 * masks, readable 16 bytes past its end) or, when start is 0, from a random consistent deal found
 * by the randomized search, `burnIn` steps discarded, then `steps` steps with every `thin`-th state
 * recorded, in `batches` batches of (nearly) equal size. Per batch, nCards x ownerWidth(nSeats) counts in
 * batchCounts; per envelope combination, counts in envelopeCounts. Writes the first `traceCap`
 * recorded deals (ownerWidth(nSeats) masks each) at `trace`. Requires 1 <= batches <= steps / thin. FOUND, NONE (no consistent deal) or GAVE_UP
 * (the start's search took more than searchBudget nodes) or BAD_START.
 */
export function run(seedLo: u32, seedHi: u32, chain: i32, steps: i32, burnIn: i32, thin: i32, batches: i32, searchBudget: i32, start: usize, trace: usize, traceCap: i32): i32 {
  seedRng(seedLo, seedHi, <u32>chain + 1);
  if (start == 0) {
    const found = findDeal(searchBudget, true);
    if (found != FOUND) return found == GAVE_UP ? GAVE_UP : NONE;
  } else {
    if (!prepareRoot()) return NONE;
    prepareCheck();
    if (!checkPrepared(start)) return BAD_START;
    for (let o = 0; o < ownerWidth(nSeats); o++) unchecked(witness[o] = load<u32>(start + (<usize>o << 2)));
  }
  setUp();
  let combos = 1;
  for (let g = 0; g < nCats; g++) combos *= <i32>popcnt<u32>(unchecked(catMask[g]));
  const perBatch = nCards * width;
  if (batchCounts.length < batches * perBatch) batchCounts = new StaticArray<f64>(batches * perBatch);
  if (envelopeCounts.length < combos) envelopeCounts = new StaticArray<f64>(combos);
  memory.fill(changetype<usize>(batchCounts), 0, <usize>(batches * perBatch) << 3);
  memory.fill(changetype<usize>(envelopeCounts), 0, <usize>combos << 3);
  recorded = 0;
  batchBase = 0;
  for (let c = 0; c < nCards; c++) unchecked(since[c] = 0);
  envSince = 0;
  envIndex = envelopeIndexOf(unchecked(hand[env]));

  const swaps = nMovable;
  for (let s = 0; s < burnIn; s++) step(swaps);
  const samples = steps / thin;
  let batch = 0;
  let batchEnd = <i32>(<i64>samples / batches);
  for (let s = 1; s <= samples * thin; s++) {
    step(swaps);
    if (s % thin != 0) continue;
    if (recorded < traceCap) {
      const at = trace + (<usize>recorded * <usize>width << 2);
      for (let o = 0; o < width; o++) store<u32>(at + (<usize>o << 2), unchecked(hand[o]));
    }
    recorded++;
    while (recorded == batchEnd && batch < batches) {
      flushCards();
      batch++;
      batchBase = batch * perBatch;
      batchEnd = <i32>((<i64>samples * (batch + 1)) / batches);
    }
  }
  envelopeMoved();
  return FOUND;
}

/** Counts every card's samples with its owner since it last moved, into the current batch. */
function flushCards(): void {
  for (let c = 0; c < nCards; c++) settle(c, unchecked(ownerOf[c]));
}

function step(swaps: i32): void {
  if (nMovable < 2) return;
  blockMove();
  for (let i = 0; i < swaps; i++) swap();
}
