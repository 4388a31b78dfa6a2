/**
 * An explicit Kripke model of Cluedo: worlds are deals with the private choices made so far (which
 * card each showcard showed), every agent's accessibility relation an equivalence stored as a
 * partition (a class id per world), formulas' values as sets of worlds. Updates build new models
 * and say where each new world came from, so that the point and the observer's worlds follow.
 */
import type { DealTable } from './deals.js';
import { add, contains, emptySet, type WorldSet } from './world-set.js';

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

  constructor(
    readonly frame: ModelFrame,
    /** dealOf[w]: the deal of world w (an index into frame.deals). */
    readonly dealOf: Uint32Array,
    /** Per agent, its equivalence classes. */
    readonly partitions: Partition[],
    /** Unnormalised probability weight of each world (observer's probabilities). */
    readonly weight: Float64Array,
  ) {}

  /** The model of every deal of the table, one world each, weight 1; `universal` relations (before `look`) or own hands. */
  static ofDeals(frame: ModelFrame, handsKnown: boolean): KripkeModel {
    const n = frame.deals.count;
    const dealOf = new Uint32Array(n);
    for (let w = 0; w < n; w++) dealOf[w] = w;
    const universal = Partition.universal(n);
    const base = new KripkeModel(frame, dealOf, new Array(frame.envelope).fill(universal), new Float64Array(n).fill(1));
    return handsKnown ? base.learnOwnHands() : base;
  }

  get size(): number {
    return this.dealOf.length;
  }

  get agents(): number {
    return this.partitions.length;
  }

  /** The cards owner slot `owner` holds in world w (the table: the face-up cards). */
  handOf(w: number, owner: number): number {
    if (owner < 0) return this.frame.faceUpMask;
    const { masks, nOwners } = this.frame.deals;
    return masks[this.dealOf[w] * nOwners + owner];
  }

  /** The worlds where `owner` (a slot, or negative for the table) holds `card`. */
  holds(owner: number, card: number): WorldSet {
    const out = emptySet(this.size);
    const bit = 1 << card;
    if (owner < 0) {
      if (this.frame.faceUpMask & bit) out.fill(0xffffffff), trim(out, this.size);
      return out;
    }
    const { masks, nOwners } = this.frame.deals;
    for (let w = 0; w < this.size; w++) if (masks[this.dealOf[w] * nOwners + owner] & bit) add(out, w);
    return out;
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
    const envelope = new Int32Array(p.count).fill(-1);
    const mixed = new Uint8Array(p.count);
    for (let w = 0; w < this.size; w++) {
      const c = p.classOf[w];
      const e = this.handOf(w, this.frame.envelope);
      if (envelope[c] === -1) envelope[c] = e;
      else if (envelope[c] !== e) mixed[c] = 1;
    }
    const out = emptySet(this.size);
    for (let w = 0; w < this.size; w++) if (!mixed[p.classOf[w]]) add(out, w);
    return out;
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
      this.#groupPartitions.set(key, p);
    }
    return p;
  }

  #component(group: number[]): Partition {
    const key = group.join(',');
    let p = this.#components.get(key);
    if (!p) {
      p = Partition.join(group.map((a) => this.partitions[a]), this.size);
      this.#components.set(key, p);
    }
    return p;
  }

  // ------------------------------------------------------------------------------------------
  // Updates

  /** Public announcement: keep the worlds of s, restrict every relation to them. */
  restrict(s: WorldSet): Update {
    const origin: number[] = [];
    for (let w = 0; w < this.size; w++) if (contains(s, w)) origin.push(w);
    const from = Uint32Array.from(origin);
    return { model: this.#select(from), origin: from };
  }

  /** The agents privately learn whether s (everybody else knows they did): split their classes by s. */
  refine(agents: number[], s: WorldSet): KripkeModel {
    const bit = new Int32Array(this.size);
    for (let w = 0; w < this.size; w++) bit[w] = contains(s, w) ? 1 : 0;
    const split = Partition.of(bit, 2);
    const partitions = this.partitions.map((p, a) => (agents.includes(a) ? p.meet(split) : p));
    return new KripkeModel(this.frame, this.dealOf, partitions, this.weight);
  }

  /** `look`: every seat learns its own hand. */
  learnOwnHands(): KripkeModel {
    const partitions = this.partitions.map((p, a) => {
      const hands = new Int32Array(this.size);
      for (let w = 0; w < this.size; w++) hands[w] = this.handOf(w, a);
      return p.meet(Partition.fromKeys(hands));
    });
    return new KripkeModel(this.frame, this.dealOf, partitions, this.weight);
  }

  /** The number of worlds `showcard(by, …, cards)` would make. */
  showcardWorlds(by: number, cards: number): number {
    let n = 0;
    for (let w = 0; w < this.size; w++) n += popcount32(this.handOf(w, by) & cards);
    return n;
  }

  /**
   * Showcard as an action-model product: one event per card of `cards` that `by` may show
   * (precondition: `by` holds it); `by` and `to` tell the events apart, nobody else does. Each
   * new world's weight is its origin's times `factor(m)`, m the number of cards `by` could show.
   */
  showcard(by: number, to: number, cards: number, factor: (choices: number) => number): Update {
    const origin: number[] = [];
    const shown: number[] = [];
    for (let w = 0; w < this.size; w++) {
      for (let m = this.handOf(w, by) & cards; m !== 0; m &= m - 1) {
        origin.push(w);
        shown.push(31 - Math.clz32(m & -m));
      }
    }
    const from = Uint32Array.from(origin);
    const card = Int32Array.from(shown);
    const events = Partition.fromKeys(card);
    const n = from.length;
    const dealOf = new Uint32Array(n);
    const weight = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const w = from[i];
      dealOf[i] = this.dealOf[w];
      weight[i] = this.weight[w] * factor(popcount32(this.handOf(w, by) & cards));
    }
    const partitions = this.partitions.map((p, a) => {
      const lifted = p.pullBack(from);
      return a === by || a === to ? lifted.meet(events) : lifted;
    });
    return { model: new KripkeModel(this.frame, dealOf, partitions, weight), origin: from, shown: Uint8Array.from(shown) };
  }

  #select(from: Uint32Array): KripkeModel {
    const dealOf = new Uint32Array(from.length);
    const weight = new Float64Array(from.length);
    for (let i = 0; i < from.length; i++) {
      dealOf[i] = this.dealOf[from[i]];
      weight[i] = this.weight[from[i]];
    }
    return new KripkeModel(this.frame, dealOf, this.partitions.map((p) => p.pullBack(from)), weight);
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

/** An equivalence relation on the worlds 0..n-1 as dense class ids 0..count-1. */
export class Partition {
  constructor(
    readonly classOf: Int32Array,
    readonly count: number,
  ) {}

  static universal(n: number): Partition {
    return new Partition(new Int32Array(n), n === 0 ? 0 : 1);
  }

  /** Classes from arbitrary integer keys (equal keys, same class), numbered in order of appearance. */
  static fromKeys(keys: Int32Array): Partition {
    const ids = new Map<number, number>();
    const classOf = new Int32Array(keys.length);
    for (let w = 0; w < keys.length; w++) {
      let id = ids.get(keys[w]);
      if (id === undefined) ids.set(keys[w], (id = ids.size));
      classOf[w] = id;
    }
    return new Partition(classOf, ids.size);
  }

  /** Classes from keys already in 0..range-1, renumbered densely. */
  static of(keys: Int32Array, range: number): Partition {
    const id = new Int32Array(range).fill(-1);
    const classOf = new Int32Array(keys.length);
    let count = 0;
    for (let w = 0; w < keys.length; w++) {
      const k = keys[w];
      if (id[k] === -1) id[k] = count++;
      classOf[w] = id[k];
    }
    return new Partition(classOf, count);
  }

  /** The common refinement: same class in both. */
  meet(other: Partition): Partition {
    const n = this.classOf.length;
    const range = this.count * other.count;
    if (range <= 1 << 24) {
      const keys = new Int32Array(n);
      for (let w = 0; w < n; w++) keys[w] = this.classOf[w] * other.count + other.classOf[w];
      return Partition.of(keys, range);
    }
    const ids = new Map<number, number>();
    const classOf = new Int32Array(n);
    for (let w = 0; w < n; w++) {
      const key = this.classOf[w] * other.count + other.classOf[w];
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      classOf[w] = id;
    }
    return new Partition(classOf, ids.size);
  }

  /** The coarsest partition finer than none of them: connected components of the union. */
  static join(parts: Partition[], n: number): Partition {
    const parent = new Int32Array(n);
    for (let w = 0; w < n; w++) parent[w] = w;
    const find = (w: number): number => {
      while (parent[w] !== w) {
        parent[w] = parent[parent[w]];
        w = parent[w];
      }
      return w;
    };
    for (const p of parts) {
      const first = new Int32Array(p.count).fill(-1);
      for (let w = 0; w < n; w++) {
        const c = p.classOf[w];
        if (first[c] === -1) first[c] = w;
        else {
          const a = find(w);
          const b = find(first[c]);
          if (a !== b) parent[a < b ? b : a] = a < b ? a : b;
        }
      }
    }
    const roots = new Int32Array(n);
    for (let w = 0; w < n; w++) roots[w] = find(w);
    return Partition.of(roots, n);
  }

  /** This partition on the worlds `from` of a new model (new world i is old world from[i]). */
  pullBack(from: Uint32Array): Partition {
    const keys = new Int32Array(from.length);
    for (let i = 0; i < from.length; i++) keys[i] = this.classOf[from[i]];
    return Partition.of(keys, this.count);
  }

  /** The worlds whose whole class lies in s. */
  within(s: WorldSet): WorldSet {
    const n = this.classOf.length;
    const outside = new Uint8Array(this.count);
    for (let w = 0; w < n; w++) if (!contains(s, w)) outside[this.classOf[w]] = 1;
    const out = emptySet(n);
    for (let w = 0; w < n; w++) if (!outside[this.classOf[w]]) add(out, w);
    return out;
  }

  /** The worlds whose class meets s. */
  touching(s: WorldSet): WorldSet {
    const n = this.classOf.length;
    const inside = new Uint8Array(this.count);
    for (let w = 0; w < n; w++) if (contains(s, w)) inside[this.classOf[w]] = 1;
    const out = emptySet(n);
    for (let w = 0; w < n; w++) if (inside[this.classOf[w]]) add(out, w);
    return out;
  }

  /** The members of w's class. */
  classMembers(w: number): number[] {
    const c = this.classOf[w];
    const out: number[] = [];
    for (let v = 0; v < this.classOf.length; v++) if (this.classOf[v] === c) out.push(v);
    return out;
  }
}
