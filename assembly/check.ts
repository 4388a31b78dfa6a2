import { allCardsMask, categoryMask, clauseCards, clauseOwners, faceUpOf, handSize, holdsOf, lacksOf, nCardsOf, nCategoriesOf, nClausesOf, nSeatsOf } from './store';

/**
 * Is the deal at `ptr` (nSeats + 2 u32 masks: seats, envelope, table) consistent with the store?
 * A partition of the deck with the right hand sizes, one envelope card per category, the face-up
 * cards on the table, every holds/lacks fact and every clause satisfied.
 */
export function isConsistent(ptr: usize): bool {
  const nSeats = nSeatsOf();
  const env = nSeats;
  let union: u32 = 0;
  for (let o = 0; o <= nSeats + 1; o++) {
    const m = load<u32>(ptr + (<usize>o << 2));
    if (union & m) return false;
    union |= m;
  }
  if (union != allCardsMask(nCardsOf())) return false;
  if (load<u32>(ptr + (<usize>(nSeats + 1) << 2)) != faceUpOf()) return false;
  for (let o = 0; o <= env; o++) {
    const m = load<u32>(ptr + (<usize>o << 2));
    if ((m & lacksOf(o)) != 0 || (holdsOf(o) & ~m) != 0) return false;
    if (o < env && <i32>popcnt<u32>(m) != handSize(o)) return false;
  }
  const envMask = load<u32>(ptr + (<usize>env << 2));
  const nCats = nCategoriesOf();
  let catUnion: u32 = 0;
  for (let g = 0; g < nCats; g++) {
    const cm = categoryMask(g);
    catUnion |= cm;
    if (popcnt<u32>(envMask & cm) != 1) return false;
  }
  if (envMask & ~catUnion) return false;
  const nClauses = nClausesOf();
  for (let k = 0; k < nClauses; k++) {
    const cards = clauseCards(k);
    let owners = clauseOwners(k);
    let ok = false;
    while (owners != 0) {
      const o = ctz<u32>(owners);
      owners &= owners - 1;
      if (load<u32>(ptr + (<usize>o << 2)) & cards) { ok = true; break; }
    }
    if (!ok) return false;
  }
  return true;
}

/** Checks n deals laid out back to back; writes 1/0 per deal to out; returns how many pass. */
export function checkBatch(ptr: usize, n: i32, out: usize): i32 {
  const stride = <usize>(nSeatsOf() + 2) << 2;
  let passed = 0;
  for (let i = 0; i < n; i++) {
    const ok = isConsistent(ptr + <usize>i * stride);
    store<u8>(out + <usize>i, ok ? 1 : 0);
    if (ok) passed++;
  }
  return passed;
}
