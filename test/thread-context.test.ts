// What a thread keeps between tasks: the hash of plain data its caches are keyed by (equal data,
// equal hashes; distinct small stores, distinct hashes), the bounded cache itself (capacity, size
// budget, least recently used out, a colliding hash never serving another key's value), and the
// thread context's positions (an equal store hits, another misses, the dropped ones are disposed).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { KeyedCache, dataHash, sameData } from '../src/runtime/keyed-cache.js';
import { ThreadContext, POSITIONS_KEPT } from '../src/analysis/thread-context.js';
import { cloneStore, type ConstraintStore } from '../src/knowledge/constraints.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { parseGame, type GameLog } from '../src/io/log.js';

/** Small constraint stores, every field drawn (most of them unsatisfiable: the hash does not care). */
const smallStore: fc.Arbitrary<ConstraintStore> = fc.integer({ min: 2, max: 3 }).chain((nSeats) =>
  fc.record({
    nCards: fc.integer({ min: 3, max: 6 }),
    nSeats: fc.constant(nSeats),
    categoryMasks: fc.array(fc.integer({ min: 0, max: 63 }), { minLength: 3, maxLength: 3 }),
    faceUpMask: fc.integer({ min: 0, max: 3 }),
    handSizes: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: nSeats, maxLength: nSeats }),
    holds: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: nSeats + 1, maxLength: nSeats + 1 }),
    lacks: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: nSeats + 1, maxLength: nSeats + 1 }),
    clauses: fc.array(fc.record({ cards: fc.integer({ min: 1, max: 7 }), owners: fc.integer({ min: 1, max: 7 }) }), { maxLength: 2 }),
  }),
);

/** The oracle of sameness: the JSON text (the stores above all have their keys in one order). */
const text = (x: unknown) => JSON.stringify(x);

describe('dataHash', () => {
  it('distinct small stores have distinct hashes, equal ones (copied, keys in another order) equal hashes', () => {
    fc.assert(
      fc.property(fc.array(smallStore, { minLength: 200, maxLength: 400 }), (stores) => {
        const byHash = new Map<string, string>();
        for (const store of stores) {
          const hash = dataHash(store);
          const seen = byHash.get(hash);
          if (seen !== undefined) expect(seen, `two stores share the hash ${hash}`).toBe(text(store));
          byHash.set(hash, text(store));
          const reordered = Object.fromEntries(Object.entries(cloneStore(store)).reverse());
          expect(dataHash(reordered)).toBe(hash);
          expect(sameData(reordered, store)).toBe(true);
        }
        expect(byHash.size).toBe(new Set(stores.map(text)).size);
      }),
      { numRuns: 15 },
    );
  });

  it('a store changed in one number has another hash and is not the same data', () => {
    fc.assert(
      fc.property(smallStore, fc.nat(), fc.integer({ min: 1, max: 7 }), (store, which, delta) => {
        const changed = cloneStore(store);
        const fields = [changed.holds, changed.lacks, changed.handSizes, changed.categoryMasks];
        const field = fields[which % fields.length];
        field[which % field.length] += delta;
        expect(dataHash(changed)).not.toBe(dataHash(store));
        expect(sameData(changed, store)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('tells kinds apart: an array from an object, a number from a string, a nesting from another, -1 from 2^32 - 1', () => {
    const values: unknown[] = [[1, 2], { 0: 1, 1: 2 }, '12', 12, [12], { a: {}, b: 1 }, { a: { b: 1 } }, -1, 0xffffffff, 0.5, null, undefined, true, false, new Uint32Array([1, 2]), new Int32Array([1, 2]), [], {}, ''];
    const hashes = values.map(dataHash);
    expect(new Set(hashes).size).toBe(values.length);
    for (let i = 0; i < values.length; i++) for (let j = 0; j < values.length; j++) expect(sameData(values[i], values[j]), `${i} vs ${j}`).toBe(i === j);
  });
});

describe('KeyedCache', () => {
  /** A cache of `capacity` strings by key, recording what it disposes. */
  const cacheOf = (capacity: number, options: { budget?: number; hash?: (key: unknown) => string } = {}) => {
    const disposed: string[] = [];
    const cache = new KeyedCache<{ k: number }, string>({ capacity, size: (v) => v.length, ...options, dispose: (v) => disposed.push(v) });
    return { cache, disposed };
  };

  it('keeps at most its capacity, drops the least recently used first and disposes exactly what it drops', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 60 }), (capacity, keys) => {
        const { cache, disposed } = cacheOf(capacity);
        // The model: a list, least recently used first.
        let model: number[] = [];
        const dropped: string[] = [];
        let built = 0;
        for (const k of keys) {
          const value = cache.getOrMake({ k }, () => `${k}:${built++}`);
          const at = model.indexOf(k);
          if (at >= 0) model.splice(at, 1);
          model.push(k);
          if (model.length > capacity) dropped.push(...model.splice(0, model.length - capacity).map(String));
          expect(value.startsWith(`${k}:`)).toBe(true);
          expect(cache.size).toBe(model.length);
        }
        expect(built).toBe(keys.length - hitsOf(keys, capacity));
        expect(disposed.map((v) => v.split(':')[0])).toEqual(dropped);
        for (const k of model) expect(cache.get({ k })).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the values within their budget, but always the newest', () => {
    const { cache, disposed } = cacheOf(10, { budget: 6 });
    cache.set({ k: 1 }, 'aaa');
    cache.set({ k: 2 }, 'bbb');
    expect(cache.size).toBe(2);
    cache.set({ k: 3 }, 'cc'); // 8 > 6: the oldest goes
    expect(disposed).toEqual(['aaa']);
    cache.set({ k: 4 }, 'dddddddd'); // larger than the budget alone: kept, every other dropped
    expect(disposed).toEqual(['aaa', 'bbb', 'cc']);
    expect(cache.get({ k: 4 })).toBe('dddddddd');
    expect(cache.size).toBe(1);
  });

  it('a key whose hash collides with another is a miss, never the other key’s value', () => {
    const { cache, disposed } = cacheOf(4, { hash: () => 'the same' });
    cache.set({ k: 1 }, 'one');
    expect(cache.get({ k: 2 })).toBeUndefined();
    expect(cache.getOrMake({ k: 2 }, () => 'two')).toBe('two');
    expect(disposed).toEqual(['one']);
    expect(cache.get({ k: 1 })).toBeUndefined();
    expect(cache.get({ k: 2 })).toBe('two');
  });

  it('keys by the content at the time it was kept, not by the caller’s object', () => {
    const { cache } = cacheOf(4);
    const key = { k: 1 };
    cache.set(key, 'one');
    key.k = 2;
    expect(cache.get({ k: 2 })).toBeUndefined();
    expect(cache.get({ k: 1 })).toBe('one');
  });
});

/** How many of `keys`, asked in order of an LRU cache of `capacity`, were kept from before. */
function hitsOf(keys: number[], capacity: number): number {
  const lru: number[] = [];
  let hits = 0;
  for (const k of keys) {
    const at = lru.indexOf(k);
    if (at >= 0) {
      hits++;
      lru.splice(at, 1);
    }
    lru.push(k);
    if (lru.length > capacity) lru.shift();
  }
  return hits;
}

describe('ThreadContext: positions by store', () => {
  const log = JSON.parse(readFileSync(new URL('../examples/classic-6p-late.json', import.meta.url), 'utf8')) as GameLog;
  /** The stores of the log's first events: distinct stores, each with its deal count from a core of its own. */
  const stores = [0, 2, 4, 6, 8, 10, 12].map((events) => constraintsOf(parseGame({ ...log, events: log.events!.slice(0, events) })));
  const fresh = KnowledgeCore.create();
  const counts = stores.map((store) => {
    using position = fresh.load(store);
    return position.count();
  });

  it('the stores used here are distinct', () => {
    expect(new Set(stores.map(text)).size).toBe(stores.length);
  });

  it('an equal store (a copy) gets the same position, another store another one, each counting its own deals', () => {
    const context = new ThreadContext();
    const first = context.position(stores[1]);
    expect(context.position(cloneStore(stores[1]))).toBe(first);
    const second = context.position(stores[2]);
    expect(second).not.toBe(first);
    expect(first.count()).toBe(counts[1]);
    expect(second.count()).toBe(counts[2]);
    context.positions.clear();
  });

  it(`keeps ${POSITIONS_KEPT} positions, the most recently used, and disposes the others`, () => {
    const context = new ThreadContext();
    const positions = stores.map((store) => context.position(store));
    expect(context.positions.size).toBe(POSITIONS_KEPT);
    const kept = positions.length - POSITIONS_KEPT;
    for (let i = 0; i < positions.length; i++) {
      if (i < kept) expect(() => positions[i].count(), `position ${i}`).toThrow(/disposed/);
      else expect(positions[i].count(), `position ${i}`).toBe(counts[i]);
    }
    // Used again, the oldest kept one stays when a new one comes.
    expect(context.position(stores[kept])).toBe(positions[kept]);
    const again = context.position(stores[0]);
    expect(again.count()).toBe(counts[0]);
    expect(positions[kept].count()).toBe(counts[kept]);
    expect(() => positions[kept + 1].count()).toThrow(/disposed/);
    context.positions.clear();
  });

  it('refuses a store no deal satisfies, and keeps nothing for it', () => {
    const context = new ThreadContext();
    const impossible = cloneStore(stores[0]);
    impossible.holds[0] = impossible.lacks[0] = 1;
    expect(() => context.position(impossible)).toThrow(/no deal is consistent/);
    expect(context.positions.size).toBe(0);
  });
});
