// The size budget of a build: a DAG that would need more nodes or edges is not built (the position
// is TOO_LARGE). About 80 bytes a node with its edges, so the budget bounds the memory a build takes.
import { EDGES_PER_NODE } from '../layout';

/** The budget until the host sets one (it sets its own before every build). */
const INITIAL_MAX_NODES: i32 = 8_000_000;

export let maxNodes: i32 = INITIAL_MAX_NODES;
export let maxEdges: i32 = INITIAL_MAX_NODES * EDGES_PER_NODE;

/** Node and edge budgets of every DAG built from now on. */
export function setBudget(nodes: i32, edges: i32): void {
  maxNodes = nodes;
  maxEdges = edges;
}
