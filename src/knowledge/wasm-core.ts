// The knowledge core: one Wasm instance holding any number of positions. A position is a handle
// on a DAG of every deal consistent with a constraint store; it lives until disposed (explicitly,
// with `using`, or when its handle is garbage-collected). Data goes in and out through views on
// the module's own memory (no per-call copies by generated bindings); the views are re-taken
// whenever memory has grown, since growth detaches the old ArrayBuffer.
import { addFacts, type ConstraintStore, type Fact } from './constraints.js';
import { instantiate, MemoryViews, wasmModule, writeStore, type Layout } from './wasm-module.js';
import type { ResponseFactor } from './responses.js';
import { InputError } from '../model/errors.js';
import { roughCount } from '../model/numbers.js';
import { ownerWidth } from '../model/owners.js';
import { answerers, DEFAULT_RULES } from '../model/rules.js';

interface CoreExports {
  memory: WebAssembly.Memory;
  storePtr(): number;
  ioBuffer(bytes: number): number;
  setBudget(nodes: number, edges: number): void;
  build(): number;
  derive(parentId: number, owners: number): number;
  dispose(id: number): void;
  positionStatus(id: number): number;
  totalCount(id: number): number;
  dealCount(id: number): number;
  likelihoodScale(id: number): number;
  addResponseFactor(cards: number, owner: number, w0: number, w1: number, w2: number): number;
  exactCountLo(id: number): bigint;
  exactCountHi(id: number): bigint;
  estimatedNodes(id: number): number;
  dagNodes(id: number): number;
  dagEdges(id: number): number;
  ownerCountsPtr(id: number): number;
  envelopeCombinations(id: number): number;
  envelopeCountsPtr(id: number): number;
  setEnvelopeMethod(method: number): void;
  restrictedCount(id: number, owners: number): number;
  seed(lo: number, hi: number, stream: number): void;
  sample(id: number, n: number, out: number): void;
  enumerate(id: number, out: number, maxDeals: number): number;
  checkBatch(id: number, ptr: number, n: number, out: number): number;
  eigScratch(bytes: number): number;
  eigBatch(id: number, deals: number, n: number, suggester: number, model: number, shownTo: number, answering: number, qFrom: number, qTo: number, sampled: number, out: number, symmetry: number): void;
}

export const WASM_PATH = new URL('../../build/core.wasm', import.meta.url);

/** The largest deal DAG built by default: 8 million nodes, a little over 1 GB at the peak. */
export const DEFAULT_MAX_NODES = 8_000_000;

/** The position has too many states for the exact DAG within the core's budget. */
export class PositionTooLargeError extends Error {
  override name = 'PositionTooLargeError';
  constructor(
    message: string,
    /** Upper bound on the DAG's nodes, estimated before building (Infinity: too many open constraints). */
    readonly estimatedNodes: number,
  ) {
    super(message);
  }
}

/**
 * The instance under a KnowledgeCore, for host modules of the core's other kernels (search.ts,
 * mcmc.ts): its exports, views on its memory, and writing a store in.
 */
export interface CoreInstance {
  exports: { memory: WebAssembly.Memory; ioBuffer(bytes: number): number };
  memory: MemoryViews;
  /** Writes `store` into the core; the DAG answers of this KnowledgeCore need load() again after. */
  writeStore(store: ConstraintStore): void;
}

/**
 * Who answers a suggestion (model/rules.ts answerers and rules.answers): the seats asked, in
 * answer order, and whether the answers stop at the first card shown ('first') or every seat
 * holding a named card shows one ('all').
 */
export interface Answering {
  readonly order: readonly number[];
  readonly answers: 'first' | 'all';
}

export type PositionStatus = 'consistent' | 'inconsistent' | 'too-large';

export class KnowledgeCore {
  /** @internal */ readonly exports: CoreExports;
  /** @internal */ readonly layout: Layout;
  /** @internal */ readonly memory: MemoryViews;
  /** Disposes of the Wasm side of positions whose handles were collected without dispose(). */
  private readonly orphans = new FinalizationRegistry<number>((id) => this.exports.dispose(id));

  static create(): KnowledgeCore {
    return new KnowledgeCore();
  }

  static #shared: KnowledgeCore | null = null;

  /** The thread's shared core: positions are handles and every call is synchronous, so callers can share one instance. */
  static shared(): KnowledgeCore {
    return (KnowledgeCore.#shared ??= new KnowledgeCore());
  }

  private constructor() {
    const { exports, layout } = instantiate<CoreExports>(wasmModule(WASM_PATH));
    this.exports = exports;
    this.layout = layout;
    this.memory = new MemoryViews(exports.memory);
  }

  /**
   * A position for the store: its DAG built and counted. The position may be inconsistent (no
   * deal; `consistent` is false). Throws PositionTooLargeError when the DAG would exceed the
   * budget: nothing large is allocated then.
   */
  load(store: ConstraintStore, maxNodes = DEFAULT_MAX_NODES, factors: readonly ResponseFactor[] = []): Position {
    const position = this.tryLoad(store, maxNodes, factors);
    if (position.status === 'too-large') {
      const estimate = position.estimatedNodes;
      position.dispose();
      throw new PositionTooLargeError(
        `this position has too many states for the exact counter (${Number.isFinite(estimate) ? `about ${roughCount(estimate)} DAG nodes` : `over ${this.layout.MAX_OPEN_CONSTRAINTS} constraints open at once`})`,
        estimate,
      );
    }
    return position;
  }

  /**
   * Like load(), but a position too large for the DAG is returned with status 'too-large' (its
   * store only). `maxNodes` bounds the DAG (and so the memory: about 150 bytes a node at the peak).
   * With response `factors`, the DAG is weighted: every deal counts with its likelihood (see
   * responses.ts), and counts, marginals and draws follow the weights; count() stays the number
   * of consistent deals.
   */
  tryLoad(store: ConstraintStore, maxNodes = DEFAULT_MAX_NODES, factors: readonly ResponseFactor[] = []): Position {
    writeStore(this.memory, this.layout, this.exports.storePtr() >>> 2, store);
    this.exports.setBudget(maxNodes, maxNodes * this.layout.EDGES_PER_NODE);
    for (const f of factors) {
      if (!this.exports.addResponseFactor(f.cards, f.owner, ...f.weights)) {
        this.exports.dispose(this.exports.build()); // clears the factors taken so far
        throw new InputError(`at most ${this.layout.MAX_RESPONSE_FACTORS} shown cards can weigh in the policy-aware reading, and each on at most two other named cards`);
      }
    }
    const id = this.exports.build();
    const code = this.exports.positionStatus(id);
    const status: PositionStatus = code === this.layout.OK ? 'consistent' : code === this.layout.INCONSISTENT ? 'inconsistent' : 'too-large';
    const position = new Position(this, id, store, status, factors);
    this.orphans.register(position, id, position);
    return position;
  }

  /** The instance underneath, shared with the search and the Markov chain (see CoreInstance). */
  instance(): CoreInstance {
    return {
      exports: this.exports,
      memory: this.memory,
      // The input area only: positions keep stores of their own.
      writeStore: (store) => writeStore(this.memory, this.layout, this.exports.storePtr() >>> 2, store),
    };
  }

  /** @internal The position `parentId` restricted to owners[c] per card, for `store` (its store and those facts). */
  derive(parentId: number, store: ConstraintStore, owners: Uint32Array, factors: readonly ResponseFactor[]): Position {
    writeStore(this.memory, this.layout, this.exports.storePtr() >>> 2, store);
    const { ptr, u32 } = this.ioView(owners.length * 4);
    u32.set(owners);
    const id = this.exports.derive(parentId, ptr);
    const status: PositionStatus = this.exports.positionStatus(id) === this.layout.OK ? 'consistent' : 'inconsistent';
    const position = new Position(this, id, store, status, factors);
    this.orphans.register(position, id, position);
    return position;
  }

  /**
   * How Position.envelopeCounts() counts on the positions loaded from now on (and those derived
   * from them): 'auto' picks the faster by an estimate; 'split' takes one pass from each end of the
   * DAG whenever its vectors fit in memory; 'odometer' takes two passes per combination of all
   * categories' envelope cards but one. All three give the same counts (on a weighted DAG, to
   * rounding): for checks and benchmarks.
   * @internal
   */
  setEnvelopeMethod(method: 'auto' | 'split' | 'odometer'): void {
    this.exports.setEnvelopeMethod(method === 'auto' ? 0 : method === 'split' ? 1 : 2);
  }

  /** The most distinct clauses a store may hold. */
  get maxClauses(): number {
    return this.layout.MAX_CLAUSES;
  }

  /**
   * Seeds the sampler. Streams of one seed are independent: numbered chunks of work draw the same
   * deals whichever thread runs them.
   */
  seed(seed: number, stream = 0): void {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative integer, got ${seed}`);
    this.exports.seed(seed >>> 0, Math.floor(seed / 2 ** 32) >>> 0, stream >>> 0);
  }

  /** @internal */
  release(position: Position, id: number): void {
    this.orphans.unregister(position);
    this.exports.dispose(id);
  }

  /** A view of the I/O buffer for `bytes` (valid until the next call into the core). */
  ioView(bytes: number): { ptr: number; u32: Uint32Array } {
    const ptr = this.exports.ioBuffer(bytes);
    return { ptr, u32: this.memory.u32.subarray(ptr >>> 2, (ptr >>> 2) + Math.ceil(bytes / 4)) };
  }
}

/**
 * A handle on one position in a knowledge core: its constraint store and the DAG of every
 * consistent deal. Answers come from the DAG; `with` conditions on one more fact, giving a new
 * position and leaving this one as it was.
 */
export class Position implements Disposable {
  private disposed = false;
  private readonly nSeats: number;
  private readonly nCards: number;

  /** @internal */
  constructor(
    readonly core: KnowledgeCore,
    private readonly id: number,
    readonly store: ConstraintStore,
    readonly status: PositionStatus,
    /** The response factors weighing its deals (none: every deal weighs 1). */
    readonly factors: readonly ResponseFactor[] = [],
  ) {
    this.nSeats = store.nSeats;
    this.nCards = store.nCards;
  }

  private get x(): CoreExports {
    if (this.disposed) throw new Error('this position has been disposed');
    return this.core.exports;
  }

  private requireDag(): void {
    if (this.status === 'too-large') throw new PositionTooLargeError('this position has no DAG: it is too large for the exact counter', this.estimatedNodes);
  }

  /** True when some deal is consistent with the store. */
  get consistent(): boolean {
    return this.status === 'consistent';
  }

  /** Upper bound on the DAG's nodes, estimated before building. */
  get estimatedNodes(): number {
    return this.x.estimatedNodes(this.id);
  }

  /** The number of consistent deals, exactly. */
  count(): bigint {
    this.requireDag();
    if (this.status !== 'consistent') return 0n;
    // Wasm's i64 reaches JavaScript as a signed BigInt: read both words unsigned.
    return (BigInt.asUintN(64, this.x.exactCountHi(this.id)) << 64n) | BigInt.asUintN(64, this.x.exactCountLo(this.id));
  }

  /**
   * The number of consistent deals as the nearest double (what probabilities divide by); on a
   * weighted position, their total weight instead (up to the constant factors of likelihood()).
   */
  approximateCount(): number {
    this.requireDag();
    return this.status === 'consistent' ? this.x.totalCount(this.id) : 0;
  }

  /**
   * The mean likelihood of the consistent deals under the response factors: the probability that
   * the responders' policies show what the observer saw, averaged over the deals (1 unweighted).
   */
  likelihood(): number {
    this.requireDag();
    if (this.status !== 'consistent') return 0;
    return (this.x.totalCount(this.id) * this.x.likelihoodScale(this.id)) / this.x.dealCount(this.id);
  }

  /** Size of the deal DAG: a measure of how hard the position is. */
  dagSize(): { nodes: number; edges: number; estimatedNodes: number } {
    return { nodes: this.x.dagNodes(this.id), edges: this.x.dagEdges(this.id), estimatedNodes: this.estimatedNodes };
  }

  /** nCards x ownerWidth(nSeats) counts: row per card; columns seats, envelope, table. */
  ownerCounts(): Float64Array {
    this.requireDag();
    const ptr = this.x.ownerCountsPtr(this.id);
    return this.core.memory.f64.slice(ptr >>> 3, (ptr >>> 3) + this.nCards * ownerWidth(this.nSeats));
  }

  /** Count per envelope combination, mixed-radix index over categories in deck order. */
  envelopeCounts(): Float64Array {
    this.requireDag();
    const n = this.x.envelopeCombinations(this.id);
    const ptr = this.x.envelopeCountsPtr(this.id);
    return this.core.memory.f64.slice(ptr >>> 3, (ptr >>> 3) + n);
  }

  /**
   * The number of consistent deals in which every card c lies with an owner of `owners[c]` (an
   * owner mask per card), counted on this DAG without building another: conditioning on
   * placements for a yes/no question. Zero exactly when no such deal exists.
   */
  restrictedCount(owners: ArrayLike<number>): number {
    this.requireDag();
    const { ptr, u32 } = this.core.ioView(this.nCards * 4);
    for (let c = 0; c < this.nCards; c++) u32[c] = owners[c] >>> 0;
    return this.x.restrictedCount(this.id, ptr);
  }

  /** This position with one more fact: a new position (this one stays as it was). */
  with(fact: Fact): Position {
    return this.withAll([fact]);
  }

  /**
   * This position with every fact added: one new position, this one staying as it was. Placements
   * (holds, lacks) restrict this DAG's edges without building another; a clause builds afresh.
   */
  withAll(facts: readonly Fact[]): Position {
    const store = addFacts(this.store, facts);
    const placements = facts.filter((f): f is Extract<Fact, { kind: 'holds' | 'lacks' }> => f.kind === 'holds' || f.kind === 'lacks');
    if (this.status !== 'consistent' || placements.length < facts.length) return this.core.load(store, DEFAULT_MAX_NODES, this.factors);
    const owners = new Uint32Array(this.nCards).fill(0xffffffff);
    for (const fact of placements) {
      for (let m = fact.cards >>> 0; m !== 0; m &= m - 1) {
        const c = 31 - Math.clz32(m & -m);
        owners[c] &= fact.kind === 'holds' ? 1 << fact.owner : ~(1 << fact.owner);
      }
    }
    return this.core.derive(this.id, store, owners, this.factors);
  }

  /**
   * Draws n deals uniformly from the consistent ones into a Uint32Array (n x ownerWidth(nSeats) masks).
   * Reseeds first when a seed is given; otherwise continues the core's current stream.
   */
  sample(n: number, seed?: number): Uint32Array {
    if (seed !== undefined) this.core.seed(seed);
    const width = ownerWidth(this.nSeats);
    const out = new Uint32Array(n * width);
    const chunk = 8192; // keeps the I/O buffer small however many deals are asked for
    for (let done = 0; done < n; done += chunk) out.set(this.sampleView(Math.min(chunk, n - done)), done * width);
    return out;
  }

  /**
   * Views straight onto Wasm memory for bulk work without copies: fills the I/O buffer with n
   * deals and returns a view valid until the next call into the core.
   */
  sampleView(n: number): Uint32Array {
    this.requireDag();
    if (this.status !== 'consistent') throw new Error('no consistent deal to sample');
    const width = ownerWidth(this.nSeats);
    const { ptr } = this.core.ioView(n * width * 4);
    this.x.sample(this.id, n, ptr);
    return this.core.memory.u32.subarray(ptr >>> 2, (ptr >>> 2) + n * width);
  }

  /** Every consistent deal (n x ownerWidth(nSeats) masks), in the DAG's order. For positions of at most `limit` deals. */
  enumerate(limit = 1_000_000): Uint32Array {
    const n = this.count();
    if (n > BigInt(limit)) throw new RangeError(`this position has ${n} deals, more than the ${limit} asked for`);
    const width = ownerWidth(this.nSeats);
    const { ptr } = this.core.ioView(Number(n) * width * 4);
    const written = this.x.enumerate(this.id, ptr, Number(n));
    return this.core.memory.u32.slice(ptr >>> 2, (ptr >>> 2) + written * width);
  }

  /** Checks deals (n x ownerWidth(nSeats) masks) against the store: 1 = consistent. */
  check(deals: Uint32Array): Uint8Array {
    const width = ownerWidth(this.nSeats);
    const n = Math.floor(deals.length / width);
    this.dealBuffer(n).set(deals.subarray(0, n * width));
    this.checkInPlace(n);
    const { ptr } = this.core.ioView(n * width * 4 + n);
    const flags = ptr + n * width * 4; // checkInPlace writes one flag per deal after them
    return this.core.memory.u8.slice(flags, flags + n);
  }

  /**
   * A view of the I/O buffer sized for n deals, for callers that write deals in place and then
   * call checkInPlace(n): no copy in either direction.
   */
  dealBuffer(n: number): Uint32Array {
    const width = ownerWidth(this.nSeats);
    const { ptr } = this.core.ioView(n * width * 4 + n);
    return this.core.memory.u32.subarray(ptr >>> 2, (ptr >>> 2) + n * width);
  }

  /** Checks the n deals already written into dealBuffer(n); returns how many are consistent. */
  checkInPlace(n: number): number {
    const width = ownerWidth(this.nSeats);
    const { ptr } = this.core.ioView(n * width * 4 + n);
    return this.x.checkBatch(this.id, ptr, n, ptr + n * width * 4);
  }

  /**
   * Expected information gain of the suggestions with mixed-radix indices [qFrom, qTo) made by seat
   * `suggester`, estimated from `deals` (n x ownerWidth(nSeats) masks) of this position's deck. Returns
   * 3 numbers per suggestion: expected bits, P(nobody refutes), expected envelope combinations left.
   * model 0: refuters show a uniformly random named card; 1: they show again a card already shown
   * to the suggester when they can (shownTo[seat] = mask of such cards). `sampled`: the deals are
   * uniform draws, not every consistent deal, and the expected bits are estimated from them less
   * the Miller-Madow term of the plug-in estimate's bias (a cell met by a tie's share counting as
   * met); otherwise the bits are exact. At most EIG_MAX_CATEGORIES (8) categories. `answering`:
   * who is asked and how far the answers go (default: the seats after the suggester, until the
   * first card shown). `symmetry` (model 0; knowledge/symmetry.ts symmetricCards): per card,
   * the least card interchangeable with it; suggestions differing only by such cards take the
   * figures of the one naming the least (their exact figures are equal), which is all that is scored.
   */
  eig(deals: Uint32Array, suggester: number, model: 0 | 1, shownTo: readonly number[], qFrom: number, qTo: number, sampled = false, answering?: Answering, symmetry?: Int32Array): Float64Array {
    const width = ownerWidth(this.nSeats);
    const n = Math.floor(deals.length / width);
    const { SHOWN_TO_WORDS, ANSWER_WORDS, EIG_SCORES, EIG_MAX_CATEGORIES } = this.core.layout;
    const categories = this.store.categoryMasks.length;
    if (categories > EIG_MAX_CATEGORIES) throw new InputError(`suggestions are scored on decks of at most ${EIG_MAX_CATEGORIES} categories; this deck has ${categories}`);
    const order = answering?.order ?? answerers(suggester, this.nSeats, DEFAULT_RULES);
    if (order.length >= ANSWER_WORDS - 1 || order.some((seat, k) => !Number.isInteger(seat) || seat < 0 || seat >= this.nSeats || seat === suggester || order.indexOf(seat) !== k)) {
      throw new Error(`eig: [${order.join(', ')}] is not an answer order of distinct seats other than the suggester ${suggester}`);
    }
    const dealsPtr = this.x.eigScratch(n * width * 4);
    const symmetryWords = symmetry ? this.store.nCards + (this.store.nCards & 1) : 0; // even: the f64 scores follow
    const { ptr: ioPtr } = this.core.ioView((SHOWN_TO_WORDS + ANSWER_WORDS + symmetryWords) * 4 + (qTo - qFrom) * EIG_SCORES * 8);
    const u32 = this.core.memory.u32;
    u32.set(deals.subarray(0, n * width), dealsPtr >>> 2);
    for (let s = 0; s < SHOWN_TO_WORDS; s++) u32[(ioPtr >>> 2) + s] = (shownTo[s] ?? 0) >>> 0;
    const answeringPtr = ioPtr + SHOWN_TO_WORDS * 4;
    u32.fill(0, answeringPtr >>> 2, (answeringPtr >>> 2) + ANSWER_WORDS);
    u32.set([answering?.answers === 'all' ? 1 : 0, order.length, ...order], answeringPtr >>> 2);
    const symmetryPtr = answeringPtr + ANSWER_WORDS * 4;
    if (symmetry) u32.set(symmetry, symmetryPtr >>> 2);
    const outPtr = symmetryPtr + symmetryWords * 4;
    this.x.eigBatch(this.id, dealsPtr, n, suggester, model, ioPtr, answeringPtr, qFrom, qTo, sampled ? 1 : 0, outPtr, symmetry ? symmetryPtr : 0);
    return this.core.memory.f64.slice(outPtr >>> 3, (outPtr >>> 3) + (qTo - qFrom) * EIG_SCORES);
  }

  /** Frees the position's memory in the core. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.core.release(this, this.id);
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}
