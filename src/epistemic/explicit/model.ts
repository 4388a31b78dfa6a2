/**
 * An explicit Kripke model of Cluedo: worlds are deals with the private choices made so far (which
 * card each showcard showed), every agent's accessibility relation an equivalence stored as a
 * partition (a class id per world), formulas' values as sets of worlds. Updates build new models
 * and say where each new world came from, so that the point and the observer's worlds follow.
 *
 * The worlds' deals, the deal table and the partitions' class ids live in the memory of the Wasm
 * kernels (assembly/kripke/, hosted by ../kripke-wasm.ts), where the loops over worlds run; a model
 * frees its share of that memory on dispose() (or, failing that, when it is garbage-collected).
 */
import { masksBlock, type DealTable } from './deals.js';
import { Block, kripke, readWords, withScratch, writeWords, type KripkeExports } from '../kripke-wasm.js';
import { emptySet, type WorldSet } from './world-set.js';

/** A new model and, for each of its worlds, the world of the old model it came from. */
export interface Update {
  model: KripkeModel;
  origin: Uint32Array;
  /** For a showcard: the card shown in each new world. */
  shown?: Uint8Array;
}

export interface ModelFrame {
  deals: DealTable;
  /** Owner slot of the envelope (= the number of seats; the seats are the agents 0..n-1). */
  envelope: number;
  faceUpMask: number;
}

export class KripkeModel {
  readonly #groupPartitions = new Map<string, Partition>();
  readonly #components = new Map<string, Partition>();
  readonly #dealOf: Block;
  #disposed = false;

  constructor(
    readonly frame: ModelFrame,
    /** dealOf[w]: the deal of world w (an index into frame.deals); copied into Wasm memory. */
    dealOf: Uint32Array | Block,
    /** Per agent, its equivalence classes. */
    readonly partitions: Partition[],
    /** Unnormalised probability weight of each world (observer's probabilities). */
    readonly weight: Float64Array,
  ) {
    this.#dealOf = (dealOf instanceof Block ? dealOf : Block.of(dealOf)).retain();
    for (const p of partitions) p.block.retain();
  }

  /** The model of every deal of the table, one world each, weight 1; `universal` relations (before `look`) or own hands. */
  static ofDeals(frame: ModelFrame, handsKnown: boolean): KripkeModel {
    const n = frame.deals.count;
    const dealOf = new Block(n);
    const view = dealOf.u32;
    for (let w = 0; w < n; w++) view[w] = w;
    const universal = Partition.universal(n);
    const base = new KripkeModel(frame, dealOf, new Array(frame.envelope).fill(universal), new Float64Array(n).fill(1));
    if (!handsKnown) return base;
    const known = base.learnOwnHands();
    base.dispose();
    return known;
  }

  /** dealOf[w]: the deal of world w (a view on Wasm memory, good until the next call into the engine). */
  get dealOf(): Uint32Array {
    return this.#dealOf.u32;
  }

  get size(): number {
    return this.#dealOf.length;
  }

  get agents(): number {
    return this.partitions.length;
  }

  /**
   * Frees the model's share of the Wasm memory (what other live models share stays). The model
   * must not be used after.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#dealOf.release();
    for (const p of this.partitions) p.block.release();
    for (const p of this.#groupPartitions.values()) p.block.release();
    for (const p of this.#components.values()) p.block.release();
    this.#groupPartitions.clear();
    this.#components.clear();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }

  /** The cards owner slot `owner` holds in world w (the table: the face-up cards). */
  handOf(w: number, owner: number): number {
    if (owner < 0) return this.frame.faceUpMask;
    const { masks, nOwners } = this.frame.deals;
    return masks[this.dealOf[w] * nOwners + owner];
  }

  /** The worlds where `owner` (a slot, or negative for the table) holds `card`. */
  holds(owner: number, card: number): WorldSet {
    const n = this.size;
    const bit = (1 << card) >>> 0;
    if (owner < 0) {
      const out = emptySet(n);
      if (this.frame.faceUpMask & bit) out.fill(0xffffffff), trim(out, n);
      return out;
    }
    const masks = masksBlock(this.frame.deals);
    const words = (n + 31) >>> 5;
    return withScratch(words, (out, k) => {
      k.holds(this.#dealOf.ptr, masks.ptr, this.frame.deals.nOwners, owner, bit, n, out);
      return readWords(out, words);
    });
  }

  /** K_a: the worlds all of whose a-alternatives are in s. */
  know(agent: number, s: WorldSet): WorldSet {
    return this.partitions[agent].within(s);
  }

  /** M_a: the worlds with some a-alternative in s. */
  possible(agent: number, s: WorldSet): WorldSet {
    return this.partitions[agent].touching(s);
  }

  /** D_G: knowledge under the intersection of the group's relations. */
  distributed(group: number[], s: WorldSet): WorldSet {
    return this.#groupPartition(group).within(s);
  }

  /** C_G: the worlds whose whole component under the union of the group's relations is in s. */
  common(group: number[], s: WorldSet): WorldSet {
    return this.#component(group).within(s);
  }

  /** Kenv_a: the worlds where every a-alternative has the same envelope. */
  knowsEnvelope(agent: number): WorldSet {
    const p = this.partitions[agent];
    const n = this.size;
    const masks = masksBlock(this.frame.deals);
    const words = (n + 31) >>> 5;
    return withScratch(words, (out, k) => {
      k.knowsEnvelope(p.block.ptr, p.count, this.#dealOf.ptr, masks.ptr, this.frame.deals.nOwners, this.frame.envelope, n, out);
      return readWords(out, words);
    });
  }

  /** The partition of the group's common-knowledge components (reachability under ∪ ~a). */
  components(group: number[]): Partition {
    return this.#component(group);
  }

  #groupPartition(group: number[]): Partition {
    const key = group.join(',');
    let p = this.#groupPartitions.get(key);
    if (!p) {
      p = this.partitions[group[0]];
      for (const a of group.slice(1)) p = p.meet(this.partitions[a]);
      p.block.retain();
      this.#groupPartitions.set(key, p);
    }
    return p;
  }

  #component(group: number[]): Partition {
    const key = group.join(',');
    let p = this.#components.get(key);
    if (!p) {
      p = Partition.join(group.map((a) => this.partitions[a]), this.size);
      p.block.retain();
      this.#components.set(key, p);
    }
    return p;
  }

  // ------------------------------------------------------------------------------------------
  // Updates

  /** Public announcement: keep the worlds of s, restrict every relation to them. */
  restrict(s: WorldSet): Update {
    const n = this.size;
    const words = (n + 31) >>> 5;
    const k = kripke();
    const set = k.alloc(words * 4);
    writeWords(set, s);
    const all = new Block(n);
    const m = k.members(set, n, all.ptr);
    k.free(set);
    const from = new Block(m);
    from.u32.set(all.u32.subarray(0, m));
    all.discard();
    const model = this.#select(from);
    const origin = from.u32.slice();
    from.discard();
    return { model, origin };
  }

  /** The agents privately learn whether s (everybody else knows they did): split their classes by s. */
  refine(agents: number[], s: WorldSet): KripkeModel {
    const n = this.size;
    const words = (n + 31) >>> 5;
    const partitions = withScratch(words, (set, k) => {
      writeWords(set, s);
      return this.partitions.map((p, a) => {
        if (!agents.includes(a)) return p;
        const out = new Block(n);
        return new Partition(out, k.split(p.block.ptr, p.count, set, n, out.ptr));
      });
    });
    return new KripkeModel(this.frame, this.#dealOf, partitions, this.weight);
  }

  /** `look`: every seat learns its own hand. */
  learnOwnHands(): KripkeModel {
    const n = this.size;
    const masks = masksBlock(this.frame.deals);
    const partitions = withScratch(n, (hands, k) =>
      this.partitions.map((p, a) => {
        k.hands(this.#dealOf.ptr, masks.ptr, this.frame.deals.nOwners, a, n, hands);
        const count = k.renumberKeys(hands, n, hands);
        const out = new Block(n);
        return new Partition(out, k.meet(p.block.ptr, p.count, hands, count, n, out.ptr));
      }),
    );
    return new KripkeModel(this.frame, this.#dealOf, partitions, this.weight);
  }

  /** The number of worlds `showcard(by, …, cards)` would make. */
  showcardWorlds(by: number, cards: number): number {
    const { masks, nOwners } = this.frame.deals;
    const dealOf = this.dealOf;
    let n = 0;
    for (let w = 0; w < dealOf.length; w++) n += popcount32(masks[dealOf[w] * nOwners + by] & cards);
    return n;
  }

  /**
   * Showcard as an action-model product: one event per card of `cards` that `by` may show
   * (precondition: `by` holds it); `by` and `to` tell the events apart, nobody else does. Each
   * new world's weight is its origin's times `factor(m)`, m the number of cards `by` could show.
   */
  showcard(by: number, to: number, cards: number, factor: (choices: number) => number): Update {
    const { masks: table, nOwners } = this.frame.deals;
    const oldDealOf = this.dealOf;
    const origin: number[] = [];
    const shown: number[] = [];
    for (let w = 0; w < oldDealOf.length; w++) {
      for (let m = table[oldDealOf[w] * nOwners + by] & cards; m !== 0; m &= m - 1) {
        origin.push(w);
        shown.push(31 - Math.clz32(m & -m));
      }
    }
    const from = Uint32Array.from(origin);
    const n = from.length;
    const weight = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const w = from[i];
      weight[i] = this.weight[w] * factor(popcount32(table[oldDealOf[w] * nOwners + by] & cards));
    }
    const events = Partition.fromKeys(Int32Array.from(shown));
    const fromBlock = Block.of(from);
    const dealOf = new Block(n);
    kripke().gather(this.#dealOf.ptr, fromBlock.ptr, n, dealOf.ptr);
    const partitions = this.partitions.map((p, a) => {
      const lifted = p.pullBackFrom(fromBlock);
      return a === by || a === to ? lifted.meet(events) : lifted;
    });
    fromBlock.discard();
    return { model: new KripkeModel(this.frame, dealOf, partitions, weight), origin: from, shown: Uint8Array.from(shown) };
  }

  #select(from: Block): KripkeModel {
    const m = from.length;
    const dealOf = new Block(m);
    kripke().gather(this.#dealOf.ptr, from.ptr, m, dealOf.ptr);
    const weight = new Float64Array(m);
    const f = from.u32;
    for (let i = 0; i < m; i++) weight[i] = this.weight[f[i]];
    return new KripkeModel(this.frame, dealOf, this.partitions.map((p) => p.pullBackFrom(from)), weight);
  }
}

function trim(s: WorldSet, n: number): void {
  const rest = n & 31;
  if (rest !== 0) s[s.length - 1] &= (1 << rest) - 1;
}

function popcount32(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

/** An equivalence relation on the worlds 0..n-1 as dense class ids 0..count-1 (in Wasm memory). */
export class Partition {
  readonly #block: Block;

  constructor(
    /** The class ids (copied into Wasm memory), or a block of them. */
    classOf: Int32Array | Block,
    readonly count: number,
  ) {
    this.#block = classOf instanceof Block ? classOf : Block.of(classOf);
  }

  /** @internal The block of class ids, for the models that hold this partition. */
  get block(): Block {
    return this.#block;
  }

  /** The class of each world (a view on Wasm memory, good until the next call into the engine). */
  get classOf(): Int32Array {
    return this.#block.i32;
  }

  /** The number of worlds. */
  get size(): number {
    return this.#block.length;
  }

  static universal(n: number): Partition {
    const b = new Block(n);
    b.u32.fill(0);
    return new Partition(b, n === 0 ? 0 : 1);
  }

  /** Classes from arbitrary integer keys (equal keys, same class), numbered in order of appearance. */
  static fromKeys(keys: Int32Array): Partition {
    const out = Block.of(keys);
    return new Partition(out, kripke().renumberKeys(out.ptr, keys.length, out.ptr));
  }

  /** Classes from keys already in 0..range-1, renumbered densely. */
  static of(keys: Int32Array, range: number): Partition {
    for (let w = 0; w < keys.length; w++) if (!(keys[w] >= 0 && keys[w] < range)) throw new RangeError(`key ${keys[w]} is not in 0..${range - 1}`);
    const out = Block.of(keys);
    return new Partition(out, kripke().renumberDense(out.ptr, range, keys.length, out.ptr));
  }

  /** The common refinement: same class in both. */
  meet(other: Partition): Partition {
    const n = this.size;
    const out = new Block(n);
    return new Partition(out, kripke().meet(this.#block.ptr, this.count, other.#block.ptr, other.count, n, out.ptr));
  }

  /** The coarsest partition finer than none of them: connected components of the union. */
  static join(parts: Partition[], n: number): Partition {
    const out = new Block(n);
    const count = withScratch(2 * parts.length, (scratch, k) => {
      const view = new Uint32Array(k.memory.buffer, scratch, 2 * parts.length);
      parts.forEach((p, i) => {
        view[i] = p.#block.ptr;
        view[parts.length + i] = p.count;
      });
      return k.join(scratch, scratch + 4 * parts.length, parts.length, n, out.ptr);
    });
    return new Partition(out, count);
  }

  /** This partition on the worlds `from` of a new model (new world i is old world from[i]). */
  pullBack(from: Uint32Array): Partition {
    const block = Block.of(from);
    const p = this.pullBackFrom(block);
    block.discard();
    return p;
  }

  /** @internal pullBack with the worlds already in Wasm memory. */
  pullBackFrom(from: Block): Partition {
    const out = new Block(from.length);
    return new Partition(out, kripke().pullBack(this.#block.ptr, this.count, from.ptr, from.length, out.ptr));
  }

  /** The worlds whose whole class lies in s. */
  within(s: WorldSet): WorldSet {
    return this.#byClass(s, (k, set, out) => k.within(this.#block.ptr, this.size, this.count, set, out));
  }

  /** The worlds whose class meets s. */
  touching(s: WorldSet): WorldSet {
    return this.#byClass(s, (k, set, out) => k.touching(this.#block.ptr, this.size, this.count, set, out));
  }

  #byClass(s: WorldSet, run: (k: KripkeExports, set: number, out: number) => void): WorldSet {
    const words = (this.size + 31) >>> 5;
    return withScratch(2 * words, (set, k) => {
      writeWords(set, s);
      run(k, set, set + 4 * words);
      return readWords(set + 4 * words, words);
    });
  }

  /** The members of w's class. */
  classMembers(w: number): number[] {
    const classOf = this.classOf;
    const c = classOf[w];
    const out: number[] = [];
    for (let v = 0; v < classOf.length; v++) if (classOf[v] === c) out.push(v);
    return out;
  }
}
