// What the split count of the envelope combinations (../envelope-split.ts) keeps about one DAG. A
// position and the positions derived from it share their DAG and so share this: the plan (which
// categories are open, every node's vector sizes, the layer where the passes meet) and the vectors
// of the first of them to count, from which the others recount only the layers their masks change.
import { MAX_CARDS } from '../layout';

export const UNPLANNED: i32 = 0;
export const PLANNED: i32 = 1;
/** The split count does not fit this DAG: the odometer counts it. */
export const UNSUITED: i32 = 2;

/** How a DAG's envelope counts are made: AUTO by the estimated work; SPLIT whenever it fits, ODOMETER always, for checks and benchmarks. */
export const AUTO: i32 = 0;
export const SPLIT: i32 = 1;
export const ODOMETER: i32 = 2;
let methodOfNewDags = AUTO;

/** The method of the DAGs built from now on. */
export function setEnvelopeMethod(m: i32): void {
  methodOfNewDags = m;
}

export class SplitPlan {
  state: i32 = UNPLANNED;
  method: i32 = methodOfNewDags;
  /** The layer where the forward and backward passes meet. */
  cut: i32 = 0;
  /** Categories whose envelope card is open (a variable), numbered v = 0 .. nOpen - 1. */
  nOpen: i32 = 0;
  /** The envelope index of the fixed categories' cards. */
  fixedIndex: i32 = 0;
  /** Per open category v: its category, its candidates (variables that may go to the envelope), their cards by rank. */
  openCategory: StaticArray<i32> = new StaticArray<i32>(0);
  nCandidates: StaticArray<i32> = new StaticArray<i32>(0);
  candidateCard: StaticArray<i32> = new StaticArray<i32>(0);
  /** Per layer: the open index of its card's category (-1 for none), and whether the card is a candidate. */
  layerOpen: StaticArray<i32> = new StaticArray<i32>(0);
  layerCandidate: StaticArray<bool> = new StaticArray<bool>(0);
  /** before[t * MAX_CARDS + v]: candidates of open category v in the layers before t. */
  before: StaticArray<i32> = new StaticArray<i32>(0);
  /** Per category, its stride in the envelope index; per card, its place in its category. */
  outStride: StaticArray<i32> = new StaticArray<i32>(0);
  placeInCategory: StaticArray<i32> = new StaticArray<i32>(0);
  /** Per node: open categories (bit v) whose envelope card its deals chose before its layer. */
  chosen: StaticArray<u32> = new StaticArray<u32>(0);
  /** Per node: its vector's size forward and backward, and where it starts within its layer. */
  dimForward: StaticArray<i32> = new StaticArray<i32>(0);
  dimBackward: StaticArray<i32> = new StaticArray<i32>(0);
  offsetForward: StaticArray<i32> = new StaticArray<i32>(0);
  offsetBackward: StaticArray<i32> = new StaticArray<i32>(0);
  /** Per layer: where its vectors start in the kept forward (layers up to the cut) and backward (from the cut) vectors. */
  layerForward: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS + 2);
  layerBackward: StaticArray<i32> = new StaticArray<i32>(MAX_CARDS + 2);
  /** The kept vectors, and the layer masks they were counted under (null: no restriction). */
  kept: bool = false;
  keptMask: StaticArray<u32> | null = null;
  forward: StaticArray<f64> = new StaticArray<f64>(0);
  backward: StaticArray<f64> = new StaticArray<f64>(0);

  /** Lets go of the per-node arrays (the plan did not suit). */
  clear(): void {
    this.chosen = new StaticArray<u32>(0);
    this.dimForward = new StaticArray<i32>(0);
    this.dimBackward = new StaticArray<i32>(0);
    this.offsetForward = new StaticArray<i32>(0);
    this.offsetBackward = new StaticArray<i32>(0);
  }
}
