// The decision-diagram package (src/epistemic/symbolic/bdd.ts is its host): reduced ordered BDDs
// in raw linear memory, one manager per instance. Diagrams are node ids (0 FALSE, 1 TRUE); lists
// of variables travel through ARGS, counts and roots through the work area.
import { ARGS, FIXED_END, MAX_VARS, RENAME_TO, WEIGHTS } from './layout';
import { AND, IFF, IMPLIES, OR, XOR, apply, ite as iteOf, not as notOf } from './apply';
import * as nodes from './nodes';
import * as vars from './variables';
import * as quantify from './quantify';
import * as construct from './construct';
import * as traverse from './traverse';
import * as counting from './count';
import { collect as collectFrom, collections as collectionsDone } from './collect';
import { workArea } from './work-area';

export { MAX_VARS };
export const OP_AND = AND;
export const OP_OR = OR;
export const OP_XOR = XOR;
export const OP_IFF = IFF;
export const OP_IMPLIES = IMPLIES;

/** Starts an empty manager of at most `maxNodes` nodes; false if memory cannot hold the tables. */
export function init(maxNodes: u32, initialCapacity: u32): bool {
  // The tables' placement reserves memory for the fixed region too.
  if (!nodes.initNodes(maxNodes, initialCapacity)) return false;
  vars.resetVariables();
  return true;
}

/** Addresses of the host's regions. */
export function argsAt(): usize {
  return ARGS;
}
export function renameAt(): usize {
  return RENAME_TO;
}
export function weightsAt(): usize {
  return WEIGHTS;
}
export function nodesAt(): usize {
  return FIXED_END;
}
/** Room in the work area for `n` u32 (collect's roots); 0 if memory cannot hold them. */
export function workAreaAt(n: u32): usize {
  return workArea(<usize>n << 2);
}

export function newVar(level: u32): i32 {
  return vars.newVar(level);
}
export function levelOf(v: u32): u32 {
  return vars.levelOf(v);
}
export function variables(): u32 {
  return vars.nVars;
}
export function literal(v: u32, positive: bool): u32 {
  return positive ? nodes.mk(v, 0, 1) : nodes.mk(v, 1, 0);
}

export function not(f: u32): u32 {
  return notOf(f);
}
export function binary(op: u32, f: u32, g: u32): u32 {
  return apply(op, f, g);
}
export function ite(f: u32, g: u32, h: u32): u32 {
  return iteOf(f, g, h);
}
export function exists(f: u32, cube: u32): u32 {
  return quantify.exists(f, cube);
}
export function forall(f: u32, cube: u32): u32 {
  return notOf(quantify.exists(notOf(f), cube));
}
export function andExists(f: u32, g: u32, cube: u32): u32 {
  return quantify.andExists(f, g, cube);
}
export function restrict(f: u32, v: u32, value: bool): u32 {
  return quantify.restrict(f, v, value ? 1 : 0);
}
export function compose(f: u32, v: u32, g: u32): u32 {
  return quantify.compose(f, v, g);
}
/** f renamed by RENAME_TO (the host sets it for f's support). */
export function rename(f: u32): u32 {
  return quantify.rename(f);
}
export function cube(n: u32): u32 {
  return construct.cube(n);
}
export function exactly(n: u32, k: u32): u32 {
  return construct.exactly(n, k);
}

export function count(f: u32, n: u32): usize {
  return counting.count(f, n);
}
export function limbsFor(n: u32): u32 {
  return counting.limbsFor(n);
}
export function weightedCount(f: u32, n: u32): f64 {
  return counting.weightedCount(f, n);
}
export function support(f: u32): u32 {
  return traverse.support(f);
}
export function size(f: u32): u32 {
  return traverse.size(f);
}

export function collect(roots: usize, n: u32): void {
  collectFrom(roots, n);
}

export function liveNodes(): u32 {
  return nodes.liveNodes;
}
export function peakNodes(): u32 {
  return nodes.peakNodes;
}
export function collections(): u32 {
  return collectionsDone;
}
/** The limit the last operation stopped at (0: none); reading it clears it. */
export function takeTooLarge(): u32 {
  const limit = nodes.tooLarge;
  nodes.clearTooLarge();
  return limit;
}
