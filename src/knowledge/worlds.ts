// A set of worlds, whatever it is made of. Counting, marginals, sampling and deduction go through
// this one interface, so the callers (analysis, agents, the epistemic layer) never care whether
// the worlds are the exact DAG of a position, an explicit list (small decks, or worlds that also
// record private history), or a sample standing in for a set too large to count.
//
// A world is a deal (ownerWidth(nSeats) owner masks: seats, envelope, table) and, in explicit lists,
// optionally more: `tags` carries one number per world (say, which card was shown in a private
// exchange), kept in step with the deals when the set is conditioned.
import { popcount } from '../model/bits.js';
import { addFact, type ConstraintStore, type Fact } from './constraints.js';
import { emptyTallies, tallyDeals, type Tallies } from './tallies.js';
import type { Position } from './wasm-core.js';
import { SAMPLE_CHUNK, chunkCount, drawChunk, tallyChunks } from './chunks.js';
import { Random } from '../model/random.js';
import { ownerWidth } from '../model/owners.js';

export type WorldsMethod = 'exact' | 'sampled' | 'mcmc';

export interface Worlds extends Disposable {
  /** 'exact': every world counted; 'sampled': uniform draws; 'mcmc': a Markov chain's draws. */
  readonly method: WorldsMethod;
  /** What is known about the deal, of which these are the consistent worlds (or a sample of them). */
  readonly store: ConstraintStore;
  /** The exact number of worlds, or null when only a sample of them is at hand. */
  count(): bigint | null;
  /** Card-owner and envelope tallies: over every world (exact), or over the sample. */
  tallies(): Tallies;
  /**
   * Owners each card has in at least one world (bit o): exact for every kind of set, since a
   * certainty read off a sample would be a guess.
   */
  possibleOwners(): Uint32Array;
  /** n worlds drawn uniformly: from the set itself, or with replacement from the sample. */
  sample(n: number, seed: number): Uint32Array;
  /** The worlds where `fact` also holds. */
  with(fact: Fact): Worlds;
  dispose(): void;
}

/** Does the deal at deals[at..] satisfy the fact? (The rules of Fact, read on one deal.) */
export function dealSatisfies(fact: Fact, deals: Uint32Array, at: number, nSeats: number): boolean {
  switch (fact.kind) {
    case 'holds':
      return (deals[at + fact.owner] & fact.cards) >>> 0 === fact.cards >>> 0;
    case 'lacks':
      return (deals[at + fact.owner] & fact.cards) === 0;
    case 'atLeastOne':
      for (let o = 0; o < ownerWidth(nSeats); o++) if ((fact.owners >>> o) & 1 && (deals[at + o] & fact.cards) !== 0) return true;
      return false;
    case 'notEnvelope':
      return (deals[at + nSeats] & fact.cards) >>> 0 !== fact.cards >>> 0;
  }
}

/** Owners each card has in some deal of the list. */
function ownersSeen(deals: Uint32Array, width: number, nCards: number): Uint32Array {
  const possible = new Uint32Array(nCards);
  for (let at = 0; at < deals.length; at += width) {
    for (let o = 0; o < width; o++) for (let m = deals[at + o]; m !== 0; m &= m - 1) possible[31 - Math.clz32(m & -m)] |= 1 << o;
  }
  return possible;
}

/** Owners each card has in some consistent deal of a position: its non-zero exact counts. */
export function dagPossibleOwners(position: Position): Uint32Array {
  const { nCards, nSeats } = position.store;
  const width = ownerWidth(nSeats);
  const possible = new Uint32Array(nCards);
  if (!position.consistent) return possible;
  const counts = position.ownerCounts();
  for (let c = 0; c < nCards; c++) for (let o = 0; o < width; o++) if (counts[c * width + o] > 0) possible[c] |= 1 << o;
  return possible;
}

/** The exact worlds of a position: its DAG. */
export class DagWorlds implements Worlds {
  readonly method = 'exact';

  constructor(readonly position: Position) {
    if (position.status === 'too-large') throw new RangeError('a position too large for its DAG has no exact worlds');
  }

  get store(): ConstraintStore {
    return this.position.store;
  }

  count(): bigint {
    return this.position.count();
  }

  tallies(): Tallies {
    const { store } = this;
    if (!this.position.consistent) return emptyTallies(store.nCards, store.nSeats, store.categoryMasks);
    return { total: this.position.approximateCount(), ownerCounts: this.position.ownerCounts(), envelopeCounts: this.position.envelopeCounts() };
  }

  possibleOwners(): Uint32Array {
    return dagPossibleOwners(this.position);
  }

  sample(n: number, seed: number): Uint32Array {
    return this.position.sample(n, seed);
  }

  with(fact: Fact): DagWorlds {
    return new DagWorlds(this.position.with(fact));
  }

  dispose(): void {
    this.position.dispose();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}

/** An explicit list of worlds: every one of them at hand, each with an optional tag. */
export class ExplicitWorlds implements Worlds {
  readonly method = 'exact';
  private readonly width: number;

  constructor(
    readonly store: ConstraintStore,
    /** n x ownerWidth(nSeats) masks. */
    readonly deals: Uint32Array,
    /** One number per world, or null. */
    readonly tags: Int32Array | null = null,
  ) {
    this.width = ownerWidth(store.nSeats);
    if (tags !== null && tags.length * this.width !== deals.length) throw new RangeError('one tag per world');
  }

  /** Every world of a position (small positions only: see Position.enumerate). */
  static of(position: Position, limit?: number): ExplicitWorlds {
    return new ExplicitWorlds(position.store, position.enumerate(limit));
  }

  get size(): number {
    return this.deals.length / this.width;
  }

  count(): bigint {
    return BigInt(this.size);
  }

  tallies(): Tallies {
    const { store } = this;
    const tallies = emptyTallies(store.nCards, store.nSeats, store.categoryMasks);
    tallyDeals(store.categoryMasks, store.nSeats, this.deals, tallies);
    return tallies;
  }

  possibleOwners(): Uint32Array {
    return ownersSeen(this.deals, this.width, this.store.nCards);
  }

  sample(n: number, seed: number): Uint32Array {
    return resample(this.deals, this.width, n, seed);
  }

  with(fact: Fact): ExplicitWorlds {
    const keep: number[] = [];
    for (let k = 0; k < this.size; k++) if (dealSatisfies(fact, this.deals, k * this.width, this.store.nSeats)) keep.push(k);
    const deals = new Uint32Array(keep.length * this.width);
    keep.forEach((k, i) => deals.set(this.deals.subarray(k * this.width, (k + 1) * this.width), i * this.width));
    const tags = this.tags === null ? null : Int32Array.from(keep, (k) => this.tags![k]);
    return new ExplicitWorlds(addFact(this.store, fact), deals, tags);
  }

  dispose(): void {}

  [Symbol.dispose](): void {}
}

/** Where a sample of worlds comes from: the exact DAG's uniform draws, or a Markov chain. */
export interface Sampler extends Disposable {
  readonly method: 'sampled' | 'mcmc';
  readonly store: ConstraintStore;
  /** Tallies of `samples` draws from `seed`, with the standard error of every probability they give. */
  tallies(samples: number, seed: number): SampleTallies;
  /** `samples` draws from `seed`, as deals. */
  draw(samples: number, seed: number): Uint32Array;
  /** Exact possible owners of each card (see Worlds.possibleOwners). */
  possibleOwners(): Uint32Array;
  /** The exact number of worlds when the sampler knows it. */
  exactCount(): bigint | null;
  with(fact: Fact): Sampler;
  dispose(): void;
}

export interface SampleTallies extends Tallies {
  /** Per card and owner (same layout as ownerCounts), the standard error of its probability. */
  ownerErrors: Float64Array;
  /** Per envelope combination, the standard error of its probability. */
  envelopeErrors: Float64Array;
  /** Independent draws the tallies are worth (the draws themselves for uniform sampling). */
  effectiveSamples: number;
}

/** Standard errors of probabilities estimated from `n` independent draws: sqrt(p (1 - p) / n). */
export function independentErrors(tallies: Tallies): SampleTallies {
  const n = tallies.total;
  const se = (count: number) => (n > 0 ? Math.sqrt((count / n) * (1 - count / n) / n) : 0);
  return { ...tallies, ownerErrors: tallies.ownerCounts.map(se), envelopeErrors: tallies.envelopeCounts.map(se), effectiveSamples: n };
}

/**
 * A sample standing in for worlds too many to count: `samples` draws from a sampler and a seed.
 * Nothing is stored: tallies are drawn chunk by chunk, and the same seed draws the same worlds.
 * Certainty comes from the sampler's exact decision (the DAG's counts, or a satisfiability
 * search), never from the draws.
 */
export class SampledWorlds implements Worlds {
  private cached: SampleTallies | null = null;

  constructor(
    readonly sampler: Sampler,
    readonly samples: number,
    readonly seed: number,
  ) {}

  get method(): 'sampled' | 'mcmc' {
    return this.sampler.method;
  }

  get store(): ConstraintStore {
    return this.sampler.store;
  }

  count(): bigint | null {
    return this.sampler.exactCount();
  }

  /** The tallies with their standard errors. */
  sampleTallies(): SampleTallies {
    this.cached ??= this.sampler.tallies(this.samples, this.seed);
    return this.cached;
  }

  tallies(): Tallies {
    return this.sampleTallies();
  }

  possibleOwners(): Uint32Array {
    return this.sampler.possibleOwners();
  }

  sample(n: number, seed: number): Uint32Array {
    return this.sampler.draw(n, seed);
  }

  with(fact: Fact): SampledWorlds {
    return new SampledWorlds(this.sampler.with(fact), this.samples, this.seed);
  }

  dispose(): void {
    this.sampler.dispose();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}

/** Uniform draws from a position's DAG, in numbered chunks (see chunks.ts). */
export class DagSampler implements Sampler {
  readonly method = 'sampled';

  constructor(readonly position: Position) {
    if (position.status === 'too-large') throw new RangeError('a position too large for its DAG cannot be drawn from it');
  }

  get store(): ConstraintStore {
    return this.position.store;
  }

  /** Tallies of `samples` draws; none at all when no deal is consistent. */
  tallies(samples: number, seed: number): SampleTallies {
    const { store } = this;
    if (!this.position.consistent) return independentErrors(emptyTallies(store.nCards, store.nSeats, store.categoryMasks));
    return independentErrors(tallyChunks(this.position, seed, samples, 0, chunkCount(samples)));
  }

  draw(samples: number, seed: number): Uint32Array {
    const width = ownerWidth(this.store.nSeats);
    const out = new Uint32Array(samples * width);
    for (let chunk = 0; chunk < chunkCount(samples); chunk++) out.set(drawChunk(this.position, seed, samples, chunk), chunk * SAMPLE_CHUNK * width);
    return out;
  }

  possibleOwners(): Uint32Array {
    return dagPossibleOwners(this.position);
  }

  exactCount(): bigint {
    return this.position.count();
  }

  with(fact: Fact): DagSampler {
    return new DagSampler(this.position.with(fact));
  }

  dispose(): void {
    this.position.dispose();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}

function resample(deals: Uint32Array, width: number, n: number, seed: number): Uint32Array {
  const size = deals.length / width;
  if (size === 0) throw new Error('no world to sample');
  const rng = new Random(seed);
  const out = new Uint32Array(n * width);
  for (let k = 0; k < n; k++) {
    const at = rng.below(size) * width;
    out.set(deals.subarray(at, at + width), k * width);
  }
  return out;
}

/** The certain placements (card, owner) of a set of worlds: the cards with exactly one possible owner. */
export function certainOwners(possible: Uint32Array): Array<{ card: number; owner: number }> {
  const certain: Array<{ card: number; owner: number }> = [];
  possible.forEach((mask, card) => {
    if (popcount(mask) === 1) certain.push({ card, owner: 31 - Math.clz32(mask) });
  });
  return certain;
}
