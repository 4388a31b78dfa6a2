// Conditioning a position on placements without building: the new position shares its parent's
// DAG and only restricts which owners each layer's edges may take, then counts it again. Much
// cheaper than a build, for the yes/no questions and the "what if" positions of the host.
import { INCONSISTENT, MAX_CARDS, OK } from '../layout';
import { countBoth, countExactly } from './count';
import { Position, positionOfInput, select } from './position';

/**
 * A position conditioned on placements, for the store in the input area (the parent's store with
 * the new facts): every card c keeps only the owners in owners[c] (u32 masks at `owners`). It
 * shares the parent's DAG, restricting its edges, and counts it again: no build.
 */
export function derive(parent: Position, owners: usize): Position {
  const p = positionOfInput();
  p.status = parent.status;
  p.nCards = parent.nCards;
  p.nSeats = parent.nSeats;
  p.nCats = parent.nCats;
  p.allowed = parent.allowed;
  p.fixedOwner = parent.fixedOwner;
  p.cardCategory = parent.cardCategory;
  p.baseMasks = parent.baseMasks;
  p.order = parent.order;
  p.nVars = parent.nVars;
  p.layerStart = parent.layerStart;
  p.edgeStart = parent.edgeStart;
  p.edgeChild = parent.edgeChild;
  p.edgeOwner = parent.edgeOwner;
  p.edgeWeight = parent.edgeWeight;
  p.scale = parent.scale;
  p.nNodes = parent.nNodes;
  p.nEdges = parent.nEdges;
  p.terminal = parent.terminal;
  p.estimatedNodes = parent.estimatedNodes;
  p.split = parent.split;
  const cardMask = new StaticArray<u32>(MAX_CARDS);
  const layerMask = new StaticArray<u32>(MAX_CARDS);
  const inherited = parent.cardMask;
  let ok = true;
  for (let c = 0; c < p.nCards; c++) {
    const m = (inherited === null ? 0xffffffff : unchecked(inherited[c])) & load<u32>(owners + (<usize>c << 2));
    unchecked(cardMask[c] = m);
    const f = unchecked(p.fixedOwner[c]);
    if (f >= 0 && !(m & (<u32>1 << f))) ok = false;
  }
  for (let t = 0; t < p.nVars; t++) unchecked(layerMask[t] = unchecked(cardMask[unchecked(p.order[t])]));
  p.cardMask = cardMask;
  p.layerMask = layerMask;
  p.bwd = new StaticArray<f64>(p.nNodes);
  select(p);
  if (ok && p.status == OK) countBoth(p);
  countExactly(p);
  if (p.status == OK && p.count == 0) p.status = INCONSISTENT;
  select(p);
  return p;
}
