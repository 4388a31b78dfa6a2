// The boolean connectives: not, apply (any binary connective, as its truth table) and ITE.
import { OP_APPLY, OP_ITE, OP_NOT, lookup, remember } from './cache';
import { highOf, levelOfNode, lowOf, mk, varOf } from './nodes';

// Truth tables of apply: bit (2·a + b) is the value at f = a, g = b.
export const AND: u32 = 0b1000;
export const OR: u32 = 0b1110;
export const XOR: u32 = 0b0110;
export const IFF: u32 = 0b1001;
export const IMPLIES: u32 = 0b1011;

export function not(f: u32): u32 {
  if (f < 2) return f ^ 1;
  const cached = lookup(OP_NOT, f, 0, 0);
  if (cached != 0xffffffff) return cached;
  return remember(OP_NOT, f, 0, 0, mk(varOf(f), not(lowOf(f)), not(highOf(f))));
}

/** g, ¬g or a constant: the unary connective whose values at false and true are u0 and u1. */
@inline function unary(u0: u32, u1: u32, g: u32): u32 {
  if (u0 == u1) return u0;
  return u0 == 0 ? g : not(g);
}

export function apply(op: u32, f: u32, g: u32): u32 {
  if (f < 2 && g < 2) return (op >>> (f * 2 + g)) & 1;
  if (f == g) return unary(op & 1, (op >>> 3) & 1, f);
  if (f < 2) return unary((op >>> (f * 2)) & 1, (op >>> (f * 2 + 1)) & 1, g);
  if (g < 2) return unary((op >>> g) & 1, (op >>> (2 + g)) & 1, f);
  // A symmetric connective's operands in one order, for the cache.
  if (((op >>> 1) & 1) == ((op >>> 2) & 1) && f > g) {
    const t = f;
    f = g;
    g = t;
  }
  const cached = lookup(OP_APPLY + op, f, g, 0);
  if (cached != 0xffffffff) return cached;
  const lf = levelOfNode(f);
  const lg = levelOfNode(g);
  const v = lf <= lg ? varOf(f) : varOf(g);
  const f0 = lf <= lg ? lowOf(f) : f;
  const f1 = lf <= lg ? highOf(f) : f;
  const g0 = lg <= lf ? lowOf(g) : g;
  const g1 = lg <= lf ? highOf(g) : g;
  const r0 = apply(op, f0, g0);
  const r1 = apply(op, f1, g1);
  return remember(OP_APPLY + op, f, g, 0, mk(v, r0, r1));
}

export function ite(f: u32, g: u32, h: u32): u32 {
  if (f == 1) return g;
  if (f == 0) return h;
  if (g == f) g = 1;
  if (h == f) h = 0;
  if (g == h) return g;
  if (g == 1 && h == 0) return f;
  if (g == 0 && h == 1) return not(f);
  if (g == 1) return apply(OR, f, h);
  if (g == 0) return apply(AND, not(f), h);
  if (h == 0) return apply(AND, f, g);
  if (h == 1) return apply(IMPLIES, f, g);
  const cached = lookup(OP_ITE, f, g, h);
  if (cached != 0xffffffff) return cached;
  const lf = levelOfNode(f);
  const lg = levelOfNode(g);
  const lh = levelOfNode(h);
  const l = min(lf, min(lg, lh));
  const v = l == lf ? varOf(f) : l == lg ? varOf(g) : varOf(h);
  const r0 = ite(lf == l ? lowOf(f) : f, lg == l ? lowOf(g) : g, lh == l ? lowOf(h) : h);
  const r1 = ite(lf == l ? highOf(f) : f, lg == l ? highOf(g) : g, lh == l ? highOf(h) : h);
  return remember(OP_ITE, f, g, h, mk(v, r0, r1));
}
