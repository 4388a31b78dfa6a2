// Quantification and substitution: ∃ over a cube, ∃ of a conjunction in one pass (the relational
// product), the cofactor by a literal, and a simultaneous renaming of variables.
import { OP_AND_EXISTS, OP_EXISTS, OP_RENAME, OP_RESTRICT, lookup, remember } from './cache';
import { AND, OR, apply, ite } from './apply';
import { highOf, levelOfNode, lowOf, mk, varOf } from './nodes';
import { RENAME_TO, u32At } from './layout';
import { levelOf } from './variables';

/** The cube's rest after dropping its variables above level `l` (a cube is a chain of high edges). */
@inline function skipAbove(cube: u32, l: u32): u32 {
  while (cube >= 2 && levelOfNode(cube) < l) cube = highOf(cube);
  return cube;
}

/** ∃cube. f */
export function exists(f: u32, cube: u32): u32 {
  if (f < 2) return f;
  const l = levelOfNode(f);
  cube = skipAbove(cube, l);
  if (cube < 2) return f;
  const cached = lookup(OP_EXISTS, f, cube, 0);
  if (cached != 0xffffffff) return cached;
  let r: u32;
  if (levelOfNode(cube) == l) {
    const rest = highOf(cube);
    const r0 = exists(lowOf(f), rest);
    r = r0 == 1 ? 1 : apply(OR, r0, exists(highOf(f), rest));
  } else {
    r = mk(varOf(f), exists(lowOf(f), cube), exists(highOf(f), cube));
  }
  return remember(OP_EXISTS, f, cube, 0, r);
}

/** ∃cube. f ∧ g */
export function andExists(f: u32, g: u32, cube: u32): u32 {
  if (f == 0 || g == 0) return 0;
  if (f == 1 && g == 1) return 1;
  if (f == 1 || f == g) return exists(g, cube);
  if (g == 1) return exists(f, cube);
  if (f > g) {
    const t = f;
    f = g;
    g = t;
  }
  const lf = levelOfNode(f);
  const lg = levelOfNode(g);
  const l = min(lf, lg);
  cube = skipAbove(cube, l);
  if (cube < 2) return apply(AND, f, g);
  const cached = lookup(OP_AND_EXISTS, f, g, cube);
  if (cached != 0xffffffff) return cached;
  const f0 = lf == l ? lowOf(f) : f;
  const f1 = lf == l ? highOf(f) : f;
  const g0 = lg == l ? lowOf(g) : g;
  const g1 = lg == l ? highOf(g) : g;
  let r: u32;
  if (levelOfNode(cube) == l) {
    const rest = highOf(cube);
    const r0 = andExists(f0, g0, rest);
    r = r0 == 1 ? 1 : apply(OR, r0, andExists(f1, g1, rest));
  } else {
    const v = lf == l ? varOf(f) : varOf(g);
    r = mk(v, andExists(f0, g0, cube), andExists(f1, g1, cube));
  }
  return remember(OP_AND_EXISTS, f, g, cube, r);
}

/** f with variable v set to `value` (0 or 1). */
export function restrict(f: u32, v: u32, value: u32): u32 {
  if (f < 2) return f;
  const l = levelOfNode(f);
  const lv = levelOf(v);
  if (l > lv) return f;
  if (l == lv) return value != 0 ? highOf(f) : lowOf(f);
  const cached = lookup(OP_RESTRICT, f, v, value);
  if (cached != 0xffffffff) return cached;
  return remember(OP_RESTRICT, f, v, value, mk(varOf(f), restrict(lowOf(f), v, value), restrict(highOf(f), v, value)));
}

/** f[v := g] */
export function compose(f: u32, v: u32, g: u32): u32 {
  return ite(g, restrict(f, v, 1), restrict(f, v, 0));
}

let renameEpoch: u32 = 0;

/** f with each variable x replaced by RENAME_TO[x], simultaneously (the host fills RENAME_TO). */
export function rename(f: u32): u32 {
  renameEpoch++;
  return renamed(f, renameEpoch);
}

function renamed(f: u32, epoch: u32): u32 {
  if (f < 2) return f;
  const cached = lookup(OP_RENAME, f, epoch, 0);
  if (cached != 0xffffffff) return cached;
  const r0 = renamed(lowOf(f), epoch);
  const r1 = renamed(highOf(f), epoch);
  const to = u32At(RENAME_TO, varOf(f));
  return remember(OP_RENAME, f, epoch, 0, ite(mk(to, 0, 1), r1, r0));
}
