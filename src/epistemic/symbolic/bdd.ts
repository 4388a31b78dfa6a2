// Binary decision diagrams (reduced, ordered, shared) for the symbolic epistemic engine: the host
// of the decision-diagram package of the Wasm core (assembly/bdd/ → build/bdd.wasm). Each manager
// owns one instance of the module, so its nodes live in that instance's memory and disposing the
// manager drops them all. Arguments travel through the module's memory, written through views
// that are re-taken whenever the memory has grown.
import { InputError } from '../../model/errors.js';
import { bddInstance, type BddExports } from '../bdd-wasm.js';

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

export const DEFAULT_MAX_NODES = 50_000_000;
/** What 4 GB of Wasm memory holds: 2^27 nodes of 20 bytes, their unique table (4 bytes a node) and the cache. */
export const MAX_MAX_NODES = 2 ** 27 - 2;
const INITIAL_CAPACITY = 1 << 14;
/** Words of a node in the module's memory: variable, low, high, chain link, aux. */
const NODE_WORDS = 5;

/**
 * A manager of decision diagrams over variables it creates. Variables have ids (in order of
 * creation) and levels (their place in the order, 0 on top); a variable inserted at a level moves
 * the ones at or below it down, never changing their relative order, so every diagram stays valid.
 * Diagrams are canonical: equivalent functions get the same id. Results are unprotected until
 * protect(): collect() reclaims every node not reachable from a protected diagram, and is called
 * only between operations.
 */
export class Diagrams implements Disposable {
  #wasm: BddExports | null;
  readonly #maxNodes: number;
  readonly #ops: { and: number; or: number; xor: number; iff: number; implies: number };
  readonly #maxVars: number;
  #buffer: ArrayBuffer | null = null;
  #u32 = new Uint32Array(0);
  #f64 = new Float64Array(0);
  /** Protected diagrams and how many times each is. */
  readonly #refs = new Map<Bdd, number>();

  constructor(options: DiagramsOptions = {}) {
    const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
    if (!Number.isInteger(maxNodes) || maxNodes < 1 || maxNodes > MAX_MAX_NODES) {
      throw new InputError([{ option: 'maxNodes' }, ` takes a whole number of nodes from 1 to ${MAX_MAX_NODES.toLocaleString('en-US')}, got ${maxNodes}`], {
        code: 'bad-option',
        option: 'maxNodes',
        value: maxNodes,
        limit: MAX_MAX_NODES,
      });
    }
    this.#maxNodes = maxNodes;
    const wasm = bddInstance();
    if (!wasm.init(maxNodes, INITIAL_CAPACITY)) throw new Error('the decision diagrams could not get their first memory');
    this.#wasm = wasm;
    this.#maxVars = wasm.MAX_VARS.value as number;
    const op = (g: WebAssembly.Global) => g.value as number;
    this.#ops = { and: op(wasm.OP_AND), or: op(wasm.OP_OR), xor: op(wasm.OP_XOR), iff: op(wasm.OP_IFF), implies: op(wasm.OP_IMPLIES) };
  }

  get #w(): BddExports {
    if (this.#wasm === null) throw new Error('this Diagrams manager has been disposed');
    return this.#wasm;
  }

  /** The module's memory as u32 words, re-taken after growth. */
  get #words(): Uint32Array {
    const buffer = this.#w.memory.buffer;
    if (buffer !== this.#buffer) {
      this.#buffer = buffer;
      this.#u32 = new Uint32Array(buffer);
      this.#f64 = new Float64Array(buffer);
    }
    return this.#u32;
  }

  get #doubles(): Float64Array {
    void this.#words;
    return this.#f64;
  }

  /** An operation's failure: DiagramsTooLargeError if it ran out of nodes, else as thrown. */
  #failure(e: unknown): unknown {
    const limit = this.#wasm?.takeTooLarge() ?? 0;
    if (limit === 0) return e;
    return new DiagramsTooLargeError(['the decision diagrams need more than ', limit.toLocaleString('en-US'), ' nodes (', { option: 'maxNodes' }, ')'], {
      code: 'max-nodes',
      option: 'maxNodes',
      limit: this.#maxNodes,
    });
  }

  #checkVar(v: number): number {
    if (!Number.isInteger(v) || v < 0 || v >= this.variables) throw new RangeError(`no variable ${v} (there are ${this.variables})`);
    return v;
  }

  /** Writes the distinct variables of `vars` to the module's argument list; returns their number. */
  #writeVars(vars: readonly number[]): number {
    const distinct = new Set(vars);
    for (const v of distinct) this.#checkVar(v);
    const words = this.#words;
    let i = this.#w.argsAt() >>> 2;
    for (const v of distinct) words[i++] = v;
    return distinct.size;
  }

  /** A new variable at `level` (0 = top; default: below every variable); returns its id. */
  newVar(level?: number): number {
    const n = this.variables;
    const at = level ?? n;
    if (!Number.isInteger(at) || at < 0 || at > n) throw new RangeError(`no level ${at} for a new variable (levels 0 to ${n})`);
    if (n >= this.#maxVars) throw new RangeError(`at most ${this.#maxVars} variables`);
    return this.#w.newVar(at);
  }

  /** The level of variable `v` (0 = top). */
  levelOf(v: number): number {
    return this.#w.levelOf(this.#checkVar(v));
  }

  /** The number of variables. */
  get variables(): number {
    return this.#w.variables();
  }

  /** The diagram of `v`. */
  variable(v: number): Bdd {
    this.#checkVar(v);
    try {
      return this.#w.literal(v, true);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** The diagram of ¬`v`. */
  nvariable(v: number): Bdd {
    this.#checkVar(v);
    try {
      return this.#w.literal(v, false);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  not(f: Bdd): Bdd {
    try {
      return this.#w.not(f);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  #binary(op: number, f: Bdd, g: Bdd): Bdd {
    try {
      return this.#w.binary(op, f, g);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  and(f: Bdd, g: Bdd): Bdd {
    return this.#binary(this.#ops.and, f, g);
  }

  or(f: Bdd, g: Bdd): Bdd {
    return this.#binary(this.#ops.or, f, g);
  }

  xor(f: Bdd, g: Bdd): Bdd {
    return this.#binary(this.#ops.xor, f, g);
  }

  implies(f: Bdd, g: Bdd): Bdd {
    return this.#binary(this.#ops.implies, f, g);
  }

  iff(f: Bdd, g: Bdd): Bdd {
    return this.#binary(this.#ops.iff, f, g);
  }

  /** If f then g else h. */
  ite(f: Bdd, g: Bdd, h: Bdd): Bdd {
    try {
      return this.#w.ite(f, g, h);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** The conjunction of `fs` (TRUE when empty). */
  andAll(fs: readonly Bdd[]): Bdd {
    return this.#fold(this.#ops.and, TRUE, fs);
  }

  /** The disjunction of `fs` (FALSE when empty). */
  orAll(fs: readonly Bdd[]): Bdd {
    return this.#fold(this.#ops.or, FALSE, fs);
  }

  /**
   * `fs` combined by `op` in their order: a caller lists constraints so that each narrows the
   * accumulated diagram (a balanced tree of pairs builds larger intermediates on laws like a
   * deal's, whose parts share few variables pairwise).
   */
  #fold(op: number, unit: Bdd, fs: readonly Bdd[]): Bdd {
    let acc = unit;
    for (const f of fs) acc = this.#binary(op, acc, f);
    return acc;
  }

  /** The conjunction of the positive literals of `vars` (a variable set for the quantifiers). */
  cube(vars: readonly number[]): Bdd {
    const n = this.#writeVars(vars);
    try {
      return this.#w.cube(n);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** ∃cube. f */
  exists(f: Bdd, cube: Bdd): Bdd {
    try {
      return this.#w.exists(f, cube);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** ∀cube. f */
  forall(f: Bdd, cube: Bdd): Bdd {
    try {
      return this.#w.forall(f, cube);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** ∃cube. f ∧ g, without building f ∧ g. */
  andExists(f: Bdd, g: Bdd, cube: Bdd): Bdd {
    try {
      return this.#w.andExists(f, g, cube);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** f with `v` set to `value`. */
  restrict(f: Bdd, v: number, value: boolean): Bdd {
    this.#checkVar(v);
    try {
      return this.#w.restrict(f, v, value);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** f[v := g]. */
  compose(f: Bdd, v: number, g: Bdd): Bdd {
    this.#checkVar(v);
    try {
      return this.#w.compose(f, v, g);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** f with every variable of `map`'s keys replaced by its value, simultaneously (any order of levels). */
  rename(f: Bdd, map: ReadonlyMap<number, number>): Bdd {
    const words = this.#words;
    const table = this.#w.renameAt() >>> 2;
    // Every variable maps to itself but those of `map`.
    for (let v = 0, n = this.variables; v < n; v++) words[table + v] = v;
    for (const [from, to] of map) words[table + this.#checkVar(from)] = this.#checkVar(to);
    try {
      return this.#w.rename(f);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** Exactly `k` of `vars` are true (O(n·k) nodes). */
  exactly(vars: readonly number[], k: number): Bdd {
    const n = this.#writeVars(vars);
    if (!Number.isInteger(k) || k < 0) throw new RangeError(`exactly: k must be a whole number, got ${k}`);
    if (k > n) return FALSE;
    try {
      return this.#w.exactly(n, k);
    } catch (e) {
      throw this.#failure(e);
    }
  }

  /** The value of f at the assignment `value`. */
  evaluate(f: Bdd, value: (v: number) => boolean): boolean {
    const words = this.#words;
    const base = this.#w.nodesAt() >>> 2;
    while (f > 1) {
      const at = base + f * NODE_WORDS;
      f = value(words[at]) ? words[at + 2] : words[at + 1];
    }
    return f === TRUE;
  }

  /** Satisfying assignments of f over `vars` (f's support must lie within them). */
  count(f: Bdd, vars: readonly number[]): bigint {
    const n = this.#writeVars(vars);
    const at = this.#w.count(f, n) >>> 0;
    if (at === 0) throw new RangeError(this.#outside(f, vars));
    if (at === 1) throw new Error('the decision diagrams have no memory left to count');
    const words = this.#words;
    const limbs = this.#w.limbsFor(n);
    let total = 0n;
    for (let i = limbs - 1; i >= 0; i--) total = (total << 32n) | BigInt(words[(at >>> 2) + i]);
    return total;
  }

  /**
   * Σ over the satisfying assignments of f over `vars` of Π of each variable's weight (its
   * probability of being true when true, 1 − that when false); f's support must lie within `vars`.
   */
  weightedCount(f: Bdd, vars: readonly number[], probabilityTrue: (v: number) => number): number {
    const n = this.#writeVars(vars);
    const doubles = this.#doubles;
    const weights = this.#w.weightsAt() >>> 3;
    for (const v of new Set(vars)) doubles[weights + v] = probabilityTrue(v);
    const total = this.#w.weightedCount(f, n);
    if (Number.isNaN(total)) throw new RangeError(this.#outside(f, vars));
    return total;
  }

  #outside(f: Bdd, vars: readonly number[]): string {
    const within = new Set(vars);
    const outside = this.support(f).filter((v) => !within.has(v));
    return `the diagram depends on variable${outside.length === 1 ? '' : 's'} ${outside.join(', ')}, outside the set counted over`;
  }

  /** The variables f depends on, top level first. */
  support(f: Bdd): number[] {
    const n = this.#w.support(f);
    const at = this.#w.argsAt() >>> 2;
    return Array.from(this.#words.subarray(at, at + n));
  }

  /** The nodes of f, terminals included. */
  size(f: Bdd): number {
    return this.#w.size(f);
  }

  /** Keeps f (and everything it reaches) through collect(); counted, returns f. */
  protect(f: Bdd): Bdd {
    this.#refs.set(f, (this.#refs.get(f) ?? 0) + 1);
    return f;
  }

  /** Undoes one protect(f). */
  unprotect(f: Bdd): void {
    const refs = this.#refs.get(f);
    if (refs === undefined) throw new RangeError(`diagram ${f} is not protected`);
    if (refs === 1) this.#refs.delete(f);
    else this.#refs.set(f, refs - 1);
  }

  /** Reclaims every node no protected diagram reaches. Only between operations. */
  collect(): void {
    const w = this.#w;
    const roots = [...this.#refs.keys()].filter((f) => f > 1);
    const at = w.workAreaAt(roots.length) >>> 0;
    if (at === 0) throw new Error('the decision diagrams have no memory left to collect');
    this.#words.set(roots, at >>> 2);
    w.collect(at, roots.length);
  }

  stats(): DiagramStats {
    const w = this.#w;
    return { liveNodes: w.liveNodes(), peakNodes: w.peakNodes(), variables: w.variables(), collections: w.collections() };
  }

  /** Drops the manager's memory; it is unusable afterwards. */
  dispose(): void {
    this.#wasm = null;
    this.#buffer = null;
    this.#u32 = new Uint32Array(0);
    this.#f64 = new Float64Array(0);
    this.#refs.clear();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}
