// Walks over the nodes of one diagram: its internal nodes in post-order (children first) as a
// list in the work area, each node's `aux` its place in the list plus one while the walk's result is in
// use; unwalk() returns every `aux` to 0. A walk a trap interrupted leaves `aux` words set: the
// next walk clears the whole store first.
import { auxOf, highOf, lowOf, setAux, top, varOf } from './nodes';
import { workArea } from './work-area';
import { MARK, VAR_AT, ARGS, setU32, u32At } from './layout';
import { clearMarks, nVars } from './variables';

let dirty = false;
/** The walked nodes (in the work area) and their number. */
export let list: usize = 0;
export let listed: u32 = 0;
/** Entries the list has room for. */
export let room: u32 = 0;

function visit(n: u32): void {
  if (n < 2 || auxOf(n) != 0) return;
  visit(lowOf(n));
  visit(highOf(n));
  if (listed == room) grow();
  setU32(list, listed, n);
  setAux(n, ++listed);
}

function grow(): void {
  room = room == 0 ? 1024 : room << 1;
  const p = workArea(<usize>room << 2);
  if (p == 0) unreachable();
  list = p;
}

/** Lists f's internal nodes, children first. */
export function walk(f: u32): void {
  clearIfDirty();
  listed = 0;
  room = 0;
  grow();
  visit(f);
}

/** Ends a walk: every `aux` back to 0. */
export function unwalk(): void {
  for (let i: u32 = 0; i < listed; i++) setAux(u32At(list, i), 0);
  dirty = false;
}

/** The number of f's nodes, terminals included. */
export function size(f: u32): u32 {
  if (f < 2) return 1;
  walk(f);
  const n = listed;
  unwalk();
  // A reduced diagram that is not constant reaches both terminals.
  return n + 2;
}

/** Writes f's variables to ARGS, top level first; returns their number. */
export function support(f: u32): u32 {
  walk(f);
  clearMarks();
  for (let i: u32 = 0; i < listed; i++) setU32(MARK, varOf(u32At(list, i)), 1);
  unwalk();
  let n: u32 = 0;
  for (let l: u32 = 0; l < nVars; l++) {
    const v = u32At(VAR_AT, l);
    if (u32At(MARK, v) != 0) {
      setU32(ARGS, n++, v);
      setU32(MARK, v, 0);
    }
  }
  return n;
}

/** Marks, for collect, every node reachable from n with aux = 1 (sweep clears them). */
export function mark(n: u32): void {
  if (n < 2 || auxOf(n) != 0) return;
  setAux(n, 1);
  mark(lowOf(n));
  mark(highOf(n));
}

/** Before collect's marking: clears what an interrupted walk left. */
export function cleanBeforeMark(): void {
  clearIfDirty();
}

/** Clears every node's `aux` if the last walk or marking did not finish; the next one starts. */
function clearIfDirty(): void {
  if (dirty) for (let n: u32 = 0; n < top; n++) setAux(n, 0);
  dirty = true;
}

export function markingDone(): void {
  dirty = false;
}
