// The Wasm kernels of the explicit engine (assembly/kripke/) against plain TypeScript references
// on random partitions, sets and deal tables.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Block, kripke, readWords, withScratch, writeWords } from '../../src/epistemic/kripke-wasm.js';
import { KripkeModel, Partition } from '../../src/epistemic/explicit/model.js';
import * as sets from '../../src/epistemic/explicit/world-set.js';
import { enumerateDeals, TooManyDealsError, type DealFilter, type DealFrame, type DealTable } from '../../src/epistemic/explicit/deals.js';

// ---------------------------------------------------------------------------------------------
// References (the engine's TypeScript before the port)

const has = (s: Uint32Array, w: number) => (s[w >>> 5] & (1 << (w & 31))) !== 0;
const put = (s: Uint32Array, w: number) => (s[w >>> 5] |= 1 << (w & 31));
const words = (n: number) => (n + 31) >>> 5;

function setOf(bits: boolean[]): Uint32Array {
  const s = new Uint32Array(words(bits.length));
  bits.forEach((b, w) => b && put(s, w));
  return s;
}

/** Dense ids in order of first appearance. */
function renumber(keys: ArrayLike<number>): { classOf: number[]; count: number } {
  const ids = new Map<number, number>();
  const classOf = Array.from(keys, (k) => {
    let id = ids.get(k);
    if (id === undefined) ids.set(k, (id = ids.size));
    return id;
  });
  return { classOf, count: ids.size };
}

function refWithin(classOf: number[], count: number, s: Uint32Array): Uint32Array {
  const outside = new Uint8Array(count);
  classOf.forEach((c, w) => !has(s, w) && (outside[c] = 1));
  const out = new Uint32Array(s.length);
  classOf.forEach((c, w) => !outside[c] && put(out, w));
  return out;
}

function refTouching(classOf: number[], count: number, s: Uint32Array): Uint32Array {
  const inside = new Uint8Array(count);
  classOf.forEach((c, w) => has(s, w) && (inside[c] = 1));
  const out = new Uint32Array(s.length);
  classOf.forEach((c, w) => inside[c] && put(out, w));
  return out;
}

function refJoin(parts: number[][], n: number): { classOf: number[]; count: number } {
  // Reachability by search, not union-find.
  const comp = new Array<number>(n).fill(-1);
  for (let start = 0; start < n; start++) {
    if (comp[start] >= 0) continue;
    const stack = [start];
    comp[start] = start;
    while (stack.length) {
      const w = stack.pop()!;
      for (const p of parts) for (let v = 0; v < n; v++) if (comp[v] < 0 && p[v] === p[w]) (comp[v] = start), stack.push(v);
    }
  }
  return renumber(comp);
}

/** The deals' enumeration in TypeScript (before the port). */
function referenceDeals(frame: DealFrame, filter: DealFilter, limit: number): DealTable {
  const nSeats = frame.handSizes.length;
  const nOwners = nSeats + 1;
  const env = nSeats;
  const nCategories = frame.categoryMasks.length;
  const categoryOf: number[] = [];
  frame.categoryMasks.forEach((m, g) => {
    for (let c = 0; c < frame.nCards; c++) if (m & (1 << c)) categoryOf[c] = g;
  });
  const cards: number[] = [];
  for (let c = 0; c < frame.nCards; c++) if (!(frame.faceUpMask & (1 << c))) cards.push(c);

  // Owners each card may go to, before capacities.
  const allowed = cards.map((c) => {
    const bit = 1 << c;
    const forced = filter.holds.findIndex((m) => (m & bit) !== 0);
    if (forced >= 0) return [forced];
    const owners: number[] = [];
    for (let o = 0; o < nOwners; o++) if (!(filter.lacks[o] & bit)) owners.push(o);
    return owners;
  });

  const capacity = [...frame.handSizes, nCategories];
  // quota[s * nCategories + g]: cards of category g seat s must still take (-1: free).
  const quota = new Int32Array(nSeats * nCategories).fill(-1);
  if (frame.quotas) {
    for (let s = 0; s < nSeats; s++) for (let g = 0; g < nCategories; g++) quota[s * nCategories + g] = frame.quotas[g] ?? -1;
  }
  // Cards of each category still to deal, to stop early when a quota can no longer be met.
  const left = new Int32Array(nCategories);
  for (const c of cards) left[categoryOf[c]]++;
  let envelopeCategories = 0;
  const hand = new Uint32Array(nOwners);

  let table = new Uint32Array(Math.min(limit, 1024) * nOwners);
  let count = 0;

  const leafOk = (): boolean => {
    for (const k of filter.clauses) if ((hand[k.owner] & k.cards) === 0) return false;
    for (const e of filter.notEnvelope) if (hand[env] === e) return false;
    return true;
  };
  const quotaShort = (g: number): boolean => {
    if (!frame.quotas) return false;
    let need = 0;
    for (let s = 0; s < nSeats; s++) need += Math.max(0, quota[s * nCategories + g]);
    const envNeed = envelopeCategories & (1 << g) ? 0 : 1;
    return need + envNeed > left[g];
  };

  const place = (i: number): void => {
    if (i === cards.length) {
      if (!leafOk()) return;
      if (count === limit) throw new TooManyDealsError(limit);
      if ((count + 1) * nOwners > table.length) {
        const bigger = new Uint32Array(Math.min(limit, count * 2) * nOwners);
        bigger.set(table);
        table = bigger;
      }
      table.set(hand, count * nOwners);
      count++;
      return;
    }
    const c = cards[i];
    const g = categoryOf[c];
    const bit = 1 << c;
    left[g]--;
    for (const o of allowed[i]) {
      if (capacity[o] === 0) continue;
      if (o === env) {
        if (envelopeCategories & (1 << g)) continue;
        envelopeCategories |= 1 << g;
      } else if (quota[o * nCategories + g] === 0) continue;
      else if (quota[o * nCategories + g] > 0) quota[o * nCategories + g]--;
      capacity[o]--;
      hand[o] |= bit;
      if (!quotaShort(g)) place(i + 1);
      hand[o] &= ~bit;
      capacity[o]++;
      if (o === env) envelopeCategories &= ~(1 << g);
      else if (quota[o * nCategories + g] >= 0) quota[o * nCategories + g]++;
    }
    left[g]++;
  };
  place(0);
  return { nOwners, count, masks: table.subarray(0, count * nOwners) };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** A partition of n worlds given by keys in 0..classes-1 (renumbered), n in 0..maxN. */
const partitionKeys = (n: number, classes: number) => fc.array(fc.integer({ min: 0, max: Math.max(0, classes - 1) }), { minLength: n, maxLength: n });

const world = fc
  .record({ n: fc.integer({ min: 0, max: 300 }), classes: fc.integer({ min: 1, max: 300 }), classesB: fc.integer({ min: 1, max: 300 }) })
  .chain(({ n, classes, classesB }) =>
  fc.record({
    n: fc.constant(n),
    a: partitionKeys(n, classes),
    b: partitionKeys(n, classesB),
    s: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    t: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  }),
);

const partitionOf = (keys: number[]) => {
  const { classOf, count } = renumber(keys);
  return { ref: classOf, count, p: new Partition(Int32Array.from(classOf), count) };
};

const runs = { numRuns: 150 };

describe('the Kripke kernels equal the TypeScript references', () => {
  it('world-set operations (complement, and, or, implies, iff, members)', () => {
    fc.assert(
      fc.property(world, ({ n, s, t }) => {
        const a = setOf(s);
        const b = setOf(t);
        const k = words(n);
        const ops: Array<[(a: number, b: number, out: number) => void, (i: number) => boolean]> = [
          [(x, _y, o) => kripke().setNot(x, o, n), (w) => !s[w]],
          [(x, y, o) => kripke().setAnd(x, y, o, n), (w) => s[w] && t[w]],
          [(x, y, o) => kripke().setOr(x, y, o, n), (w) => s[w] || t[w]],
          [(x, y, o) => kripke().setImplies(x, y, o, n), (w) => !s[w] || t[w]],
          [(x, y, o) => kripke().setIff(x, y, o, n), (w) => s[w] === t[w]],
        ];
        for (const [op, ref] of ops) {
          const got = withScratch(3 * k, (p) => {
            writeWords(p, a);
            writeWords(p + 4 * k, b);
            op(p, p + 4 * k, p + 8 * k);
            return readWords(p + 8 * k, k);
          });
          expect(got).toEqual(setOf(Array.from({ length: n }, (_, w) => ref(w))));
        }
        const members = withScratch(k + n, (p, wasm) => {
          writeWords(p, a);
          const m = wasm.members(p, n, p + 4 * k);
          return Array.from(new Uint32Array(wasm.memory.buffer, p + 4 * k, m));
        });
        expect(members).toEqual(s.flatMap((x, w) => (x ? [w] : [])));
      }),
      runs,
    );
  });

  it('the world-set connectives, large sets (in Wasm) and small (in TypeScript)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 8000, max: 12000 })), fc.integer({ min: 1, max: 1 << 30 }), (n, seed) => {
        let x = seed;
        const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), (x >>> 9) & 1) === 1;
        const s = Array.from({ length: n }, rnd);
        const t = Array.from({ length: n }, rnd);
        const a = setOf(s);
        const b = setOf(t);
        const ref = (f: (w: number) => boolean) => setOf(Array.from({ length: n }, (_, w) => f(w)));
        expect(sets.complement(a, n)).toEqual(ref((w) => !s[w]));
        expect(sets.intersect(a, b)).toEqual(ref((w) => s[w] && t[w]));
        expect(sets.union(a, b)).toEqual(ref((w) => s[w] || t[w]));
        expect(sets.implication(a, b, n)).toEqual(ref((w) => !s[w] || t[w]));
        expect(sets.equivalence(a, b, n)).toEqual(ref((w) => s[w] === t[w]));
      }),
      { numRuns: 60 },
    );
  });

  it('within (K) and touching (M)', () => {
    fc.assert(
      fc.property(world, ({ a, s }) => {
        const { ref, count, p } = partitionOf(a);
        const set = setOf(s);
        expect(p.within(set)).toEqual(refWithin(ref, count, set));
        expect(p.touching(set)).toEqual(refTouching(ref, count, set));
      }),
      runs,
    );
  });

  it('meet (direct table), join, pullBack, fromKeys, of', () => {
    fc.assert(
      fc.property(world, fc.array(fc.nat(), { maxLength: 300 }), ({ n, a, b, s }, picks) => {
        const A = partitionOf(a);
        const B = partitionOf(b);
        const meet = A.p.meet(B.p);
        const refMeet = renumber(A.ref.map((c, w) => c * B.count + B.ref[w]));
        expect(Array.from(meet.classOf)).toEqual(refMeet.classOf);
        expect(meet.count).toBe(refMeet.count);

        const joined = Partition.join([A.p, B.p], n);
        const refJoined = refJoin([A.ref, B.ref], n);
        expect(Array.from(joined.classOf)).toEqual(refJoined.classOf);
        expect(joined.count).toBe(refJoined.count);

        const from = Uint32Array.from(n === 0 ? [] : picks.map((x) => x % n));
        const pulled = A.p.pullBack(from);
        const refPulled = renumber(Array.from(from, (w) => A.ref[w]));
        expect(Array.from(pulled.classOf)).toEqual(refPulled.classOf);
        expect(pulled.count).toBe(refPulled.count);

        const keys = Int32Array.from(a, (x, w) => (s[w] ? -x - 1 : x * 7919));
        const fromKeys = Partition.fromKeys(keys);
        expect(Array.from(fromKeys.classOf)).toEqual(renumber(keys).classOf);
        expect(fromKeys.count).toBe(renumber(keys).count);
        const of = Partition.of(Int32Array.from(a), 300);
        expect(Array.from(of.classOf)).toEqual(renumber(a).classOf);
      }),
      runs,
    );
  });

  it('meet through the hash table: many classes on both sides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 4000 }), fc.integer({ min: 1, max: 1 << 30 }), (n, seed) => {
        let x = seed;
        const rnd = (m: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x % m);
        const A = partitionOf(Array.from({ length: n }, () => rnd(n)));
        const B = partitionOf(Array.from({ length: n }, () => rnd(n)));
        expect(A.count * B.count).toBeGreaterThan(Math.max(1 << 16, n)); // past the direct table
        const meet = A.p.meet(B.p);
        const ref = renumber(A.ref.map((c, w) => c * B.count + B.ref[w]));
        expect(Array.from(meet.classOf)).toEqual(ref.classOf);
        expect(meet.count).toBe(ref.count);
      }),
      { numRuns: 20 },
    );
  });

  it('holds, hands (learnOwnHands), knowsEnvelope, refine, restrict and showcard on random deal tables', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 1 << 30 }),
        (nSeats, count, seed) => {
          let x = seed;
          const rnd = (m: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), (x >>> 8) % m);
          const nOwners = nSeats + 1;
          const masks = Uint32Array.from({ length: count * nOwners }, () => rnd(16) | (rnd(2) << 31));
          const deals: DealTable = { nOwners, count, masks };
          const frame = { deals, envelope: nSeats, faceUpMask: 0 };
          const model = KripkeModel.ofDeals(frame, true);
          const n = model.size;
          const hand = (w: number, o: number) => masks[w * nOwners + o];
          // learnOwnHands: a seat's class is its hand.
          for (let a = 0; a < nSeats; a++) {
            expect(Array.from(model.partitions[a].classOf)).toEqual(renumber(Array.from({ length: n }, (_, w) => hand(w, a))).classOf);
          }
          for (let o = 0; o < nOwners; o++) {
            for (const card of [0, 1, 2, 3, 31]) {
              const ref = setOf(Array.from({ length: n }, (_, w) => (hand(w, o) & (1 << card)) !== 0));
              expect(model.holds(o, card)).toEqual(ref);
            }
          }
          for (let a = 0; a < nSeats; a++) {
            const classOf = Array.from(model.partitions[a].classOf);
            const ref = setOf(classOf.map((c, w) => classOf.every((d, v) => d !== c || hand(v, nSeats) === hand(w, nSeats))));
            expect(model.knowsEnvelope(a)).toEqual(ref);
          }
          const bits = Array.from({ length: n }, () => rnd(2) === 1);
          const s = setOf(bits);
          const refined = model.refine([0], s);
          const c0 = Array.from(model.partitions[0].classOf);
          expect(Array.from(refined.partitions[0].classOf)).toEqual(renumber(c0.map((c, w) => 2 * c + (bits[w] ? 1 : 0))).classOf);
          if (nSeats > 1) expect(refined.partitions[1]).toBe(model.partitions[1]);
          const { model: after, origin } = model.restrict(s);
          expect(Array.from(origin)).toEqual(bits.flatMap((b, w) => (b ? [w] : [])));
          expect(Array.from(after.dealOf)).toEqual(Array.from(origin));
          for (let a = 0; a < nSeats; a++) {
            expect(Array.from(after.partitions[a].classOf)).toEqual(renumber(Array.from(origin, (w) => model.partitions[a].classOf[w])).classOf);
          }
          const shown = model.showcard(0, nSeats > 1 ? 1 : 0, 0b1011, (m) => 1 / m);
          const refOrigin: number[] = [];
          const refShown: number[] = [];
          for (let w = 0; w < n; w++) for (const c of [0, 1, 3]) if (hand(w, 0) & (1 << c)) refOrigin.push(w), refShown.push(c);
          expect(Array.from(shown.origin)).toEqual(refOrigin);
          expect(Array.from(shown.shown!)).toEqual(refShown);
          expect(Array.from(shown.model.dealOf)).toEqual(refOrigin);
          // Disposal frees the models' own blocks; what the others share stays usable.
          refined.dispose();
          after.dispose();
          shown.model.dispose();
          expect(model.holds(0, 0)).toEqual(setOf(Array.from({ length: n }, (_, w) => (hand(w, 0) & 1) !== 0)));
          model.dispose();
        },
      ),
      runs,
    );
  });

  it('a released block refuses to be used; views survive memory growth', () => {
    const b = Block.of([1, 2, 3]).retain();
    const big = new Block(1 << 22); // 16 MB: the memory grows
    expect(Array.from(b.u32)).toEqual([1, 2, 3]);
    big.discard();
    b.release();
    expect(() => b.ptr).toThrow(/released/);
  });

  it('enumerate: the same deals in the same order as the TypeScript enumeration, and the same limit', () => {
    const frames = fc
      .record({
        sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
        nSeats: fc.integer({ min: 1, max: 4 }),
        seed: fc.integer({ min: 1, max: 1 << 30 }),
        quotas: fc.boolean(),
        faceUp: fc.boolean(),
        limit: fc.oneof(fc.constant(1_000_000), fc.integer({ min: 0, max: 200 })),
      })
      .map(({ sizes, nSeats, seed, quotas, faceUp, limit }) => {
        let x = seed;
        const rnd = (m: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), (x >>> 8) % m);
        const nCards = sizes.reduce((a, b) => a + b, 0);
        let c = 0;
        const categoryMasks = sizes.map((k) => {
          let m = 0;
          for (let i = 0; i < k; i++) m |= 1 << c++;
          return m;
        });
        const faceUpMask = faceUp && nCards > sizes.length ? 1 << (nCards - 1) : 0;
        // The cards outside the envelope and the table, split evenly, the remainder to the last seats.
        const dealt = nCards - sizes.length - (faceUpMask ? 1 : 0);
        const base = Math.floor(dealt / nSeats);
        const handSizes = Array.from({ length: nSeats }, (_, s) => base + (s >= nSeats - (dealt - base * nSeats) ? 1 : 0));
        const frame: DealFrame = { nCards, categoryMasks, faceUpMask, handSizes, quotas: quotas ? sizes.map((k) => (rnd(3) === 0 ? null : Math.max(0, Math.floor((k - 1) / nSeats)))) : null };
        const nOwners = nSeats + 1;
        const filter: DealFilter = { holds: new Array(nOwners).fill(0), lacks: new Array(nOwners).fill(0), clauses: [], notEnvelope: [] };
        for (let i = rnd(3); i > 0; i--) filter.holds[rnd(nOwners)] |= 1 << rnd(nCards);
        for (let i = rnd(4); i > 0; i--) filter.lacks[rnd(nOwners)] |= 1 << rnd(nCards);
        for (let i = rnd(3); i > 0; i--) filter.clauses.push({ owner: rnd(nOwners), cards: (1 << rnd(nCards)) | (1 << rnd(nCards)) });
        for (let i = rnd(3); i > 0; i--) filter.notEnvelope.push(categoryMasks.reduce((m, g) => m | (g & -g), 0));
        return { frame, filter, limit };
      });
    const seen = { tooMany: 0, some: 0, none: 0 };
    fc.assert(
      fc.property(frames, ({ frame, filter, limit }) => {
        const run = (f: () => DealTable) => {
          try {
            const t = f();
            return { count: t.count, nOwners: t.nOwners, masks: Array.from(t.masks) };
          } catch (e) {
            if (e instanceof TooManyDealsError) return { tooMany: e.limit };
            throw e;
          }
        };
        const got = run(() => enumerateDeals(frame, filter, limit));
        expect(got).toEqual(run(() => referenceDeals(frame, filter, limit)));
        if ('tooMany' in got) seen.tooMany++;
        else if (got.count > 0) seen.some++;
        else seen.none++;
      }),
      { numRuns: 300 },
    );
    // The cases the generator reaches: deals, no deal, and past the limit.
    expect(Math.min(seen.tooMany, seen.some, seen.none)).toBeGreaterThan(0);
  });
});
