// Binary decision diagrams (reduced, ordered, shared) for the symbolic epistemic engine: the host
// of the decision-diagram package of the Wasm core (assembly/bdd/ → build/bdd.wasm). Each manager
// owns one instance of the module, so its nodes live in that instance's memory and disposing the
// manager drops them all.
import { InputError } from '../../model/errors.js';

/** A node of a manager's diagrams, by id: FALSE = 0, TRUE = 1. */
export type Bdd = number;
export const FALSE: Bdd = 0;
export const TRUE: Bdd = 1;

/** The diagrams an operation builds would need more nodes than the manager's `maxNodes`. */
export class DiagramsTooLargeError extends InputError {
  override name = 'DiagramsTooLargeError';
}

export interface DiagramStats {
  /** Nodes allocated and not yet reclaimed by collect() (terminals excluded). */
  liveNodes: number;
  /** The most nodes ever live at once. */
  peakNodes: number;
  /** Variables created so far. */
  variables: number;
  /** Collections run. */
  collections: number;
}

export interface DiagramsOptions {
  /** The most nodes the manager holds at once (default 50 million, about 1 GB). */
  maxNodes?: number;
}

/**
 * A manager of decision diagrams over variables it creates. Variables have ids (in order of
 * creation) and levels (their place in the order, 0 on top); a variable inserted at a level moves
 * the ones at or below it down, never changing their relative order, so every diagram stays valid.
 * Diagrams are canonical: equivalent functions get the same id. Results are unprotected until
 * protect(): collect() reclaims every node not reachable from a protected diagram.
 */
export class Diagrams implements Disposable {
  constructor(options: DiagramsOptions = {}) {
    void options;
    throw new Error('not yet');
  }

  /** A new variable at `level` (0 = top; default: below every variable); returns its id. */
  newVar(level?: number): number {
    void level;
    throw new Error('not yet');
  }

  /** The level of variable `v` (0 = top). */
  levelOf(v: number): number {
    void v;
    throw new Error('not yet');
  }

  /** The number of variables. */
  get variables(): number {
    throw new Error('not yet');
  }

  /** The diagram of `v`. */
  variable(v: number): Bdd {
    void v;
    throw new Error('not yet');
  }

  /** The diagram of ¬`v`. */
  nvariable(v: number): Bdd {
    void v;
    throw new Error('not yet');
  }

  not(f: Bdd): Bdd {
    void f;
    throw new Error('not yet');
  }

  and(f: Bdd, g: Bdd): Bdd {
    void f, g;
    throw new Error('not yet');
  }

  or(f: Bdd, g: Bdd): Bdd {
    void f, g;
    throw new Error('not yet');
  }

  xor(f: Bdd, g: Bdd): Bdd {
    void f, g;
    throw new Error('not yet');
  }

  implies(f: Bdd, g: Bdd): Bdd {
    void f, g;
    throw new Error('not yet');
  }

  iff(f: Bdd, g: Bdd): Bdd {
    void f, g;
    throw new Error('not yet');
  }

  /** If f then g else h. */
  ite(f: Bdd, g: Bdd, h: Bdd): Bdd {
    void f, g, h;
    throw new Error('not yet');
  }

  /** The conjunction of `fs` (TRUE when empty). */
  andAll(fs: readonly Bdd[]): Bdd {
    void fs;
    throw new Error('not yet');
  }

  /** The disjunction of `fs` (FALSE when empty). */
  orAll(fs: readonly Bdd[]): Bdd {
    void fs;
    throw new Error('not yet');
  }

  /** The conjunction of the positive literals of `vars` (a variable set for the quantifiers). */
  cube(vars: readonly number[]): Bdd {
    void vars;
    throw new Error('not yet');
  }

  /** ∃cube. f */
  exists(f: Bdd, cube: Bdd): Bdd {
    void f, cube;
    throw new Error('not yet');
  }

  /** ∀cube. f */
  forall(f: Bdd, cube: Bdd): Bdd {
    void f, cube;
    throw new Error('not yet');
  }

  /** ∃cube. f ∧ g, without building f ∧ g. */
  andExists(f: Bdd, g: Bdd, cube: Bdd): Bdd {
    void f, g, cube;
    throw new Error('not yet');
  }

  /** f with `v` set to `value`. */
  restrict(f: Bdd, v: number, value: boolean): Bdd {
    void f, v, value;
    throw new Error('not yet');
  }

  /** f[v := g]. */
  compose(f: Bdd, v: number, g: Bdd): Bdd {
    void f, v, g;
    throw new Error('not yet');
  }

  /** f with every variable of `map`'s keys replaced by its value, simultaneously (any order of levels). */
  rename(f: Bdd, map: ReadonlyMap<number, number>): Bdd {
    void f, map;
    throw new Error('not yet');
  }

  /** Exactly `k` of `vars` are true (O(n·k) nodes). */
  exactly(vars: readonly number[], k: number): Bdd {
    void vars, k;
    throw new Error('not yet');
  }

  /** The value of f at the assignment `value`. */
  evaluate(f: Bdd, value: (v: number) => boolean): boolean {
    void f, value;
    throw new Error('not yet');
  }

  /** Satisfying assignments of f over `vars` (f's support must lie within them). */
  count(f: Bdd, vars: readonly number[]): bigint {
    void f, vars;
    throw new Error('not yet');
  }

  /**
   * Σ over the satisfying assignments of f over `vars` of Π of each variable's weight (its
   * probability of being true when true, 1 − that when false); f's support must lie within `vars`.
   */
  weightedCount(f: Bdd, vars: readonly number[], probabilityTrue: (v: number) => number): number {
    void f, vars, probabilityTrue;
    throw new Error('not yet');
  }

  /** The variables f depends on, top level first. */
  support(f: Bdd): number[] {
    void f;
    throw new Error('not yet');
  }

  /** The nodes of f, terminals included. */
  size(f: Bdd): number {
    void f;
    throw new Error('not yet');
  }

  /** Keeps f (and everything it reaches) through collect(); counted, returns f. */
  protect(f: Bdd): Bdd {
    return f;
  }

  /** Undoes one protect(f). */
  unprotect(f: Bdd): void {
    void f;
    throw new Error('not yet');
  }

  /** Reclaims every node no protected diagram reaches. Only between operations. */
  collect(): void {
    throw new Error('not yet');
  }

  stats(): DiagramStats {
    throw new Error('not yet');
  }

  /** Drops the manager's memory; it is unusable afterwards. */
  dispose(): void {
    throw new Error('not yet');
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}
