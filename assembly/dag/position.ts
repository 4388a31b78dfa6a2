// A position: one constraint store, the problem it reduces to (forced cards, the undecided cards
// in their order), its deal DAG and its cached answers. Several positions live at once; the host
// names one in every call, and select() makes it the selected position.
//
// The deal DAG is a card-by-card dynamic programme over the consistent deals. Cards whose owner is
// forced are placed up front; the others ("variables") are decided one at a time in a chosen order
// (order.ts), and a node of layer t is a state after deciding the first t variables (build.ts). An
// edge is one owner for the layer's card. Every root-to-terminal path is exactly one consistent
// deal, so path counting gives exact counts (count.ts), forward x backward counts give every
// marginal (inference.ts), and walking down by backward counts samples deals exactly uniformly
// (sampler.ts). With response factors (response-factors.ts) the edges carry weights and every
// count becomes a sum of path weights.
//
// The selected position is mirrored in module globals below. They exist for speed: the passes over
// the DAG (counting, marginals, sampling) visit millions of edges, and reading a plain Wasm global
// is cheaper than loading each array through the position object at every access. select() is the
// only writer; every other module reads them.
import { MAX_CARDS, MAX_SEATS, OK } from '../layout';
import { STORE, storeWords, useStore } from '../store';
import { SplitPlan } from './split-plan';

/** One position: its store, the problem after preprocessing, its DAG and cached answers. */
export class Position {
  status: i32 = OK;
  store: StaticArray<u32>;
  nCards: i32 = 0;
  nSeats: i32 = 0;
  nCats: i32 = 0;
  allowed: StaticArray<u32> = new StaticArray<u32>(MAX_CARDS);
  fixedOwner: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS);
  cardCategory: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS);
  baseMasks: StaticArray<u32> = new StaticArray<u32>(MAX_SEATS + 2);
  order: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS);
  nVars: i32 = 0;
  layerStart: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS + 2);
  edgeStart: StaticArray<i32> = new StaticArray<i32>(0);
  edgeChild: StaticArray<i32> = new StaticArray<i32>(0);
  edgeOwner: StaticArray<u8> = new StaticArray<u8>(0);
  /** Per edge, its factor of the deal's likelihood (null: every deal weighs 1; see addResponseFactor). */
  edgeWeight: StaticArray<f64> | null = null;
  /** The likelihood factors no card decides (those of fixed cards only). */
  scale: f64 = 1;
  /** Unweighted number of consistent deals (a double); `total` is the weighted one. */
  count: f64 = 0;
  bwd: StaticArray<f64> = new StaticArray<f64>(0);
  /** Backward counts as exact 128-bit integers (lo, hi per node), kept only past 2^53 deals. */
  bwdExact: StaticArray<u64> | null = null;
  nNodes: i32 = 0;
  nEdges: i32 = 0;
  terminal: i32 = -1;
  total: f64 = 0;
  totalLo: u64 = 0;
  totalHi: u64 = 0;
  /** Upper bound on the DAG's nodes, computed before building. */
  estimatedNodes: f64 = 0;
  /**
   * A position conditioned on placements shares its parent's DAG and restricts its edges: per
   * card, the owners it may still have (null when unconditioned), and the same per layer.
   */
  cardMask: StaticArray<u32> | null = null;
  layerMask: StaticArray<u32> | null = null;
  ownerCounts: StaticArray<f64> | null = null;
  envelopeCounts: StaticArray<f64> | null = null;
  /** The split count's plan and kept vectors (../envelope-split.ts): made by build(), shared with the positions derived from this one. */
  split: SplitPlan | null = null;

  constructor(words: i32) {
    this.store = new StaticArray<u32>(words);
  }
}

/** A new position holding a copy of the store in the input area: where build() and derive() start. */
export function positionOfInput(): Position {
  const words = storeWords(STORE);
  const p = new Position(words);
  memory.copy(changetype<usize>(p.store), STORE, <usize>words << 2);
  return p;
}

// ---- the selected position, as globals for the hot loops (written by select() only) ----
export let current: Position = new Position(0);
export let nCards: i32 = 0;
export let nSeats: i32 = 0;
export let nCats: i32 = 0;
export let envOwner: i32 = 0;
/** Owners each card may still have (bit o). */
export let allowed = new StaticArray<u32>(MAX_CARDS);
/** Forced owner of a card, or -1 for a variable. Face-up cards: the table (owners.ts tableSlot). */
export let fixedOwner = new StaticArray<i32>(MAX_CARDS);
export let cardCategory = new StaticArray<i32>(MAX_CARDS);
/** The forced placements as deal masks (seats, envelope, table). */
export let baseMasks = new StaticArray<u32>(MAX_SEATS + 2);
export let order = new StaticArray<i32>(MAX_CARDS);
export let nVars: i32 = 0;
export let layerStart = new StaticArray<i32>(MAX_CARDS + 2);
/** Edges of node i are [edgeStart[i], edgeStart[i + 1]). */
export let edgeStart = new StaticArray<i32>(0);
export let edgeChild = new StaticArray<i32>(0);
export let edgeOwner = new StaticArray<u8>(0);
/** The selected position's edge weights, or null when unweighted: every pass over edges multiplies by them. */
export let edgeWeight: StaticArray<f64> | null = null;
export let bwd = new StaticArray<f64>(0);
export let bwdExact: StaticArray<u64> | null = null;
/** The selected position's owners allowed per layer, or null: every pass over edges honours it. */
export let positionMask: StaticArray<u32> | null = null;
export let nNodes: i32 = 0;
export let nEdges: i32 = 0;
export let total: f64 = 0;
/** The node every complete deal ends at (-1 when none). */
export let terminal: i32 = -1;

/** Makes `p` the position every reader works on (its store included). */
export function select(p: Position): void {
  current = p;
  useStore(changetype<usize>(p.store));
  nCards = p.nCards;
  nSeats = p.nSeats;
  nCats = p.nCats;
  envOwner = p.nSeats;
  allowed = p.allowed;
  fixedOwner = p.fixedOwner;
  cardCategory = p.cardCategory;
  baseMasks = p.baseMasks;
  order = p.order;
  nVars = p.nVars;
  layerStart = p.layerStart;
  edgeStart = p.edgeStart;
  edgeChild = p.edgeChild;
  edgeOwner = p.edgeOwner;
  edgeWeight = p.edgeWeight;
  bwd = p.bwd;
  bwdExact = p.bwdExact;
  positionMask = p.layerMask;
  nNodes = p.nNodes;
  nEdges = p.nEdges;
  total = p.total;
  terminal = p.terminal;
}
