/**
 * The formula language of the epistemic layer (docs/epistemic.md §2): the abstract syntax every
 * engine evaluates. Owners and agents are indices: seats 0..n-1, ENVELOPE and TABLE (model/game.ts)
 * as owners only; cards index the deck.
 */
export type Formula =
  | { op: 'true' }
  | { op: 'false' }
  | { op: 'has'; owner: number; card: number }
  | { op: 'not'; arg: Formula }
  | { op: 'and'; args: Formula[] }
  | { op: 'or'; args: Formula[] }
  | { op: 'implies'; args: [Formula, Formula] }
  | { op: 'iff'; args: [Formula, Formula] }
  /** agent knows arg */
  | { op: 'K'; agent: number; arg: Formula }
  /** agent considers arg possible */
  | { op: 'M'; agent: number; arg: Formula }
  /** everybody in group knows; distributed knowledge; common knowledge. `group` is a non-empty set, ascending. */
  | { op: 'E'; group: number[]; arg: Formula }
  | { op: 'D'; group: number[]; arg: Formula }
  | { op: 'C'; group: number[]; arg: Formula }
  /** agent knows the whole envelope */
  | { op: 'Kenv'; agent: number }
  /** after the public announcement of `what`, `then` (true where `what` is false) */
  | { op: 'announce'; what: Formula; then: Formula }
  /** after `agents` privately learn whether `what` (everybody else knows they did), `then` */
  | { op: 'learnsWhether'; agents: number[]; what: Formula; then: Formula };

export type Op = Formula['op'];

export const TRUE: Formula = { op: 'true' };
export const FALSE: Formula = { op: 'false' };
export const has = (owner: number, card: number): Formula => ({ op: 'has', owner, card });
export const not = (arg: Formula): Formula => ({ op: 'not', arg });
export const and = (...args: Formula[]): Formula => ({ op: 'and', args });
export const or = (...args: Formula[]): Formula => ({ op: 'or', args });
export const implies = (a: Formula, b: Formula): Formula => ({ op: 'implies', args: [a, b] });
export const iff = (a: Formula, b: Formula): Formula => ({ op: 'iff', args: [a, b] });
export const K = (agent: number, arg: Formula): Formula => ({ op: 'K', agent, arg });
export const M = (agent: number, arg: Formula): Formula => ({ op: 'M', agent, arg });
export const E = (group: number[], arg: Formula): Formula => ({ op: 'E', group: normalGroup(group), arg });
export const D = (group: number[], arg: Formula): Formula => ({ op: 'D', group: normalGroup(group), arg });
export const C = (group: number[], arg: Formula): Formula => ({ op: 'C', group: normalGroup(group), arg });
export const Kenv = (agent: number): Formula => ({ op: 'Kenv', agent });
export const announce = (what: Formula, then: Formula): Formula => ({ op: 'announce', what, then });
export const learnsWhether = (agents: number[], what: Formula, then: Formula): Formula => ({
  op: 'learnsWhether',
  agents: normalGroup(agents),
  what,
  then,
});

/** A group is a set: duplicates dropped, ascending. */
export function normalGroup(group: number[]): number[] {
  return [...new Set(group)].sort((a, b) => a - b);
}

/** The direct subformulas, in order. */
export function children(f: Formula): Formula[] {
  switch (f.op) {
    case 'true':
    case 'false':
    case 'has':
    case 'Kenv':
      return [];
    case 'not':
    case 'K':
    case 'M':
    case 'E':
    case 'D':
    case 'C':
      return [f.arg];
    case 'and':
    case 'or':
    case 'implies':
    case 'iff':
      return f.args;
    case 'announce':
    case 'learnsWhether':
      return [f.what, f.then];
  }
}

/** True when the formula has no modality (its value at a world depends on the deal alone). */
export function isPropositional(f: Formula): boolean {
  if (f.op === 'K' || f.op === 'M' || f.op === 'E' || f.op === 'D' || f.op === 'C' || f.op === 'Kenv') return false;
  if (f.op === 'announce' || f.op === 'learnsWhether') return false;
  return children(f).every(isPropositional);
}

/** The nesting depth of modalities (announcements count as one level). */
export function modalDepth(f: Formula): number {
  const inner = Math.max(0, ...children(f).map(modalDepth));
  switch (f.op) {
    case 'K':
    case 'M':
    case 'E':
    case 'D':
    case 'C':
    case 'announce':
    case 'learnsWhether':
      return inner + 1;
    case 'Kenv':
      return 1;
    default:
      return inner;
  }
}
