// Variables: ids in order of creation, levels for the order of the diagrams. A variable inserted
// at a level moves those at or below it one level down; their relative order never changes, so
// every existing diagram stays ordered.
import { LEVEL_OF, MARK, MAX_VARS, TERMINAL_VAR, VAR_AT, setU32, u32At } from './layout';

export let nVars: u32 = 0;

export function resetVariables(): void {
  nVars = 0;
  setU32(LEVEL_OF, TERMINAL_VAR, 0xffffffff);
}

/** A new variable at `level` (≥ nVars: the bottom); its id, or -1 past MAX_VARS. */
export function newVar(level: u32): i32 {
  if (nVars >= MAX_VARS) return -1;
  if (level > nVars) level = nVars;
  const v = nVars++;
  for (let l = v; l > level; l--) {
    const w = u32At(VAR_AT, l - 1);
    setU32(VAR_AT, l, w);
    setU32(LEVEL_OF, w, l);
  }
  setU32(VAR_AT, level, v);
  setU32(LEVEL_OF, v, level);
  return <i32>v;
}

@inline export function levelOf(v: u32): u32 {
  return u32At(LEVEL_OF, v);
}

/** Sorts the `n` variables at `list` by level, top first (insertion sort: lists are short or sorted). */
export function sortByLevel(list: usize, n: u32): void {
  for (let i: u32 = 1; i < n; i++) {
    const v = u32At(list, i);
    const l = levelOf(v);
    let j = i;
    while (j > 0 && levelOf(u32At(list, j - 1)) > l) {
      setU32(list, j, u32At(list, j - 1));
      j--;
    }
    setU32(list, j, v);
  }
}

/** Clears every variable's MARK (before a use of them: a trap may have left some set). */
export function clearMarks(): void {
  memory.fill(MARK, 0, <usize>nVars << 2);
}
