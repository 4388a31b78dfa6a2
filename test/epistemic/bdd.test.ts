// The decision-diagram package (assembly/bdd/, host src/epistemic/symbolic/bdd.ts) against
// truth tables: random formulas over a few variables, each operation's diagram compared with the
// formula's table computed directly, quantifiers and substitutions by brute force, counts against
// enumeration and closed forms.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Diagrams, DiagramsTooLargeError, FALSE, TRUE, type Bdd } from '../../src/epistemic/symbolic/bdd.js';
import { runs } from '../support/tier.js';

// ---------------------------------------------------------------------------------------------
// Formulas and their truth tables

type Formula =
  | { op: 'var'; v: number }
  | { op: 'const'; value: boolean }
  | { op: 'not'; a: Formula }
  | { op: 'and' | 'or' | 'xor' | 'implies' | 'iff'; a: Formula; b: Formula }
  | { op: 'ite'; a: Formula; b: Formula; c: Formula };

/** Variables of the random formulas: at most 8, so a table has at most 256 rows. */
const N = 8;

function formulaOf(vars: number): fc.Arbitrary<Formula> {
  const { formula } = fc.letrec<{ formula: Formula }>((tie) => ({
    formula: fc.oneof(
      { maxDepth: 5, depthIdentifier: 'formula' },
      fc.integer({ min: 0, max: vars - 1 }).map((v): Formula => ({ op: 'var', v })),
      fc.boolean().map((value): Formula => ({ op: 'const', value })),
      tie('formula').map((a): Formula => ({ op: 'not', a })),
      fc
        .tuple(fc.constantFrom('and', 'or', 'xor', 'implies', 'iff' as const), tie('formula'), tie('formula'))
        .map(([op, a, b]): Formula => ({ op, a, b })),
      fc.tuple(tie('formula'), tie('formula'), tie('formula')).map(([a, b, c]): Formula => ({ op: 'ite', a, b, c })),
    ),
  }));
  return formula;
}

const formula = formulaOf(N);

/** Row x of a table: variable v is bit v of x. */
const bit = (x: number, v: number) => ((x >>> v) & 1) === 1;

function truth(f: Formula, x: number): boolean {
  switch (f.op) {
    case 'var':
      return bit(x, f.v);
    case 'const':
      return f.value;
    case 'not':
      return !truth(f.a, x);
    case 'and':
      return truth(f.a, x) && truth(f.b, x);
    case 'or':
      return truth(f.a, x) || truth(f.b, x);
    case 'xor':
      return truth(f.a, x) !== truth(f.b, x);
    case 'implies':
      return !truth(f.a, x) || truth(f.b, x);
    case 'iff':
      return truth(f.a, x) === truth(f.b, x);
    case 'ite':
      return truth(f.a, x) ? truth(f.b, x) : truth(f.c, x);
  }
}

type Table = boolean[];
const tableOf = (value: (x: number) => boolean, n = N): Table => Array.from({ length: 1 << n }, (_, x) => value(x));

function build(d: Diagrams, vars: readonly number[], f: Formula): Bdd {
  switch (f.op) {
    case 'var':
      return d.variable(vars[f.v]);
    case 'const':
      return f.value ? TRUE : FALSE;
    case 'not':
      return d.not(build(d, vars, f.a));
    case 'and':
    case 'or':
    case 'xor':
    case 'implies':
    case 'iff':
      return d[f.op](build(d, vars, f.a), build(d, vars, f.b));
    case 'ite':
      return d.ite(build(d, vars, f.a), build(d, vars, f.b), build(d, vars, f.c));
  }
}

/** The diagram's table, read by evaluating it at every row (variable vars[i] is bit i). */
function diagramTable(d: Diagrams, vars: readonly number[], f: Bdd, n = N): Table {
  const position = new Map(vars.map((v, i) => [v, i]));
  return tableOf((x) => d.evaluate(f, (v) => bit(x, position.get(v)!)), n);
}

const ones = (t: Table) => t.filter(Boolean).length;

/** ∃ the variables of `set` (bit positions). */
function existsTable(t: Table, set: readonly number[]): Table {
  const mask = set.reduce((m, v) => m | (1 << v), 0);
  return t.map((_, x) => t.some((value, y) => value && (y & ~mask) === (x & ~mask)));
}

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** A manager with N variables created at shuffled levels (ids and levels differ). */
function manager(levels: readonly number[], options?: { maxNodes?: number }): { d: Diagrams; vars: number[] } {
  const d = new Diagrams(options);
  const vars = levels.map((level, i) => d.newVar(Math.min(level, i)));
  return { d, vars };
}

const levels = fc.array(fc.integer({ min: 0, max: N - 1 }), { minLength: N, maxLength: N });
const subset = fc.subarray(Array.from({ length: N }, (_, v) => v));
const params = (numRuns: number, seed: number) => ({ numRuns: runs(numRuns), seed });

// ---------------------------------------------------------------------------------------------

describe('connectives', () => {
  it('every connective of random formulas gives the formula’s truth table, at any order of the variables', () => {
    fc.assert(
      fc.property(levels, formula, (lv, f) => {
        using m = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        expect(diagramTable(m, vars, build(m, vars, f))).toEqual(tableOf((x) => truth(f, x)));
      }),
      params(200, 1),
    );
  });

  it('diagrams are canonical: formulas with the same table get the same id, different tables different ids', () => {
    const { d, vars } = manager([3, 0, 5, 1, 7, 2, 6, 4]);
    fc.assert(
      fc.property(formula, formula, (f, g) => {
        const same = tableOf((x) => truth(f, x)).every((value, x) => value === truth(g, x));
        expect(build(d, vars, f) === build(d, vars, g)).toBe(same);
        // A formula and a rewriting of it that keeps its table.
        expect(build(d, vars, { op: 'not', a: { op: 'not', a: f } })).toBe(build(d, vars, f));
        expect(build(d, vars, { op: 'ite', a: g, b: f, c: f })).toBe(build(d, vars, f));
      }),
      params(200, 2),
    );
    d.dispose();
  });

  it('andAll and orAll of random formulas, and the literals', () => {
    const { d, vars } = manager([0, 1, 2, 3, 4, 5, 6, 7]);
    fc.assert(
      fc.property(fc.array(formula, { maxLength: 5 }), (fs) => {
        const bdds = fs.map((f) => build(d, vars, f));
        expect(diagramTable(d, vars, d.andAll(bdds))).toEqual(tableOf((x) => fs.every((f) => truth(f, x))));
        expect(diagramTable(d, vars, d.orAll(bdds))).toEqual(tableOf((x) => fs.some((f) => truth(f, x))));
      }),
      params(100, 3),
    );
    expect(diagramTable(d, vars, d.nvariable(vars[2]))).toEqual(tableOf((x) => !bit(x, 2)));
    d.dispose();
  });
});

describe('quantifiers and substitution', () => {
  it('exists and forall over a random set of variables, against brute force', () => {
    fc.assert(
      fc.property(levels, formula, subset, (lv, f, set) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const t = tableOf((x) => truth(f, x));
        const bdd = build(d, vars, f);
        const cube = d.cube(set);
        expect(diagramTable(d, vars, d.exists(bdd, cube))).toEqual(existsTable(t, set));
        const forall = existsTable(t.map((v) => !v), set).map((v) => !v);
        expect(diagramTable(d, vars, d.forall(bdd, cube))).toEqual(forall);
      }),
      params(150, 4),
    );
  });

  it('andExists is ∃(f ∧ g), against brute force', () => {
    fc.assert(
      fc.property(levels, formula, formula, subset, (lv, f, g, set) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const both = tableOf((x) => truth(f, x) && truth(g, x));
        expect(diagramTable(d, vars, d.andExists(build(d, vars, f), build(d, vars, g), d.cube(set)))).toEqual(existsTable(both, set));
      }),
      params(150, 5),
    );
  });

  it('restrict and compose substitute into the table', () => {
    fc.assert(
      fc.property(levels, formula, formula, fc.integer({ min: 0, max: N - 1 }), fc.boolean(), (lv, f, g, v, value) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const set = (x: number, to: boolean) => (to ? x | (1 << v) : x & ~(1 << v));
        const bf = build(d, vars, f);
        expect(diagramTable(d, vars, d.restrict(bf, v, value))).toEqual(tableOf((x) => truth(f, set(x, value))));
        expect(diagramTable(d, vars, d.compose(bf, v, build(d, vars, g)))).toEqual(tableOf((x) => truth(f, set(x, truth(g, x)))));
      }),
      params(150, 6),
    );
  });

  it('rename replaces variables simultaneously, whatever the map does to the order', () => {
    const target = fc.array(fc.option(fc.integer({ min: 0, max: N - 1 }), { nil: undefined }), { minLength: N, maxLength: N });
    fc.assert(
      fc.property(levels, formula, target, (lv, f, to) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const map = new Map<number, number>();
        to.forEach((t, v) => t !== undefined && map.set(v, t));
        // f[u := map(u)] at x is f at the row whose bit u is x's bit map(u).
        const renamed = (x: number) => vars.reduce((y, u) => (bit(x, map.get(u) ?? u) ? y | (1 << u) : y), 0);
        expect(diagramTable(d, vars, d.rename(build(d, vars, f), map))).toEqual(tableOf((x) => truth(f, renamed(x))));
      }),
      params(150, 7),
    );
  });

  it('renames of one diagram by different maps, one after the other, each follow their own map', () => {
    const { d, vars } = manager([0, 1, 2, 3, 4, 5, 6, 7]);
    const f = d.and(d.variable(vars[0]), d.not(d.variable(vars[1])));
    for (let to = 2; to < N; to++) {
      const renamed = d.rename(f, new Map([[0, to]]));
      expect(diagramTable(d, vars, renamed)).toEqual(tableOf((x) => bit(x, to) && !bit(x, 1)));
    }
    d.dispose();
  });

  it('a swap of two variables is its own inverse', () => {
    const { d, vars } = manager([0, 1, 2, 3, 4, 5, 6, 7]);
    fc.assert(
      fc.property(formula, (f) => {
        const bdd = build(d, vars, f);
        const swap = new Map([[0, 7], [7, 0]]);
        expect(d.rename(d.rename(bdd, swap), swap)).toBe(bdd);
      }),
      params(60, 8),
    );
    d.dispose();
  });
});

describe('construction and counting', () => {
  it('exactly(k of a set) against the popcount of each row, and count against the table', () => {
    fc.assert(
      fc.property(levels, subset, fc.integer({ min: 0, max: N + 1 }), (lv, set, k) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const exactly = d.exactly(set, k);
        const t = tableOf((x) => set.filter((v) => bit(x, v)).length === k);
        expect(diagramTable(d, vars, exactly)).toEqual(t);
        expect(d.count(exactly, vars)).toBe(BigInt(ones(t)));
        expect(d.count(exactly, set)).toBe(binomial(set.length, k));
        expect(d.size(exactly)).toBeLessThanOrEqual((set.length + 1) * (k + 1) + 2);
      }),
      params(150, 9),
    );
  });

  it('count over the formula’s variables and over more, and weightedCount, against enumeration', () => {
    fc.assert(
      fc.property(levels, formula, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: N, maxLength: N }), (lv, f, p) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const extra = [d.newVar(0), d.newVar()];
        const t = tableOf((x) => truth(f, x));
        const bdd = build(d, vars, f);
        expect(d.count(bdd, vars)).toBe(BigInt(ones(t)));
        expect(d.count(bdd, [...vars, ...extra])).toBe(BigInt(ones(t)) * 4n);
        const support = d.support(bdd);
        expect(d.count(bdd, support)).toBe(BigInt(ones(t)) >> BigInt(N - support.length));
        const weight = (x: number) => vars.reduce((w, v) => w * (bit(x, v) ? p[v] : 1 - p[v]), 1);
        const expected = t.reduce((sum, value, x) => (value ? sum + weight(x) : sum), 0);
        expect(d.weightedCount(bdd, vars, (v) => p[v])).toBeCloseTo(expected, 10);
      }),
      params(150, 10),
    );
  });

  it('support lists exactly the variables the table depends on, top level first', () => {
    fc.assert(
      fc.property(levels, formula, (lv, f) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const t = tableOf((x) => truth(f, x));
        const depends = vars.filter((v) => t.some((value, x) => value !== t[x ^ (1 << v)]));
        const support = d.support(build(d, vars, f));
        expect([...support].sort((a, b) => a - b)).toEqual(depends);
        expect(support.map((v) => d.levelOf(v))).toEqual(support.map((v) => d.levelOf(v)).sort((a, b) => a - b));
      }),
      params(100, 11),
    );
  });

  it('counting needs the diagram’s support within the set: a variable outside is named', () => {
    using d = new Diagrams();
    const [a, b] = [d.newVar(), d.newVar()];
    const f = d.and(d.variable(a), d.variable(b));
    expect(() => d.count(f, [a])).toThrow(/depends on variable 1, outside the set/);
    expect(() => d.weightedCount(f, [b], () => 0.5)).toThrow(/depends on variable 0, outside the set/);
  });

  it('exact counts of any size: TRUE over 200 variables is 2^200, exactly 50 of 100 is C(100, 50)', () => {
    using d = new Diagrams();
    const vars = Array.from({ length: 200 }, () => d.newVar());
    expect(d.count(TRUE, vars)).toBe(2n ** 200n);
    expect(d.count(FALSE, vars)).toBe(0n);
    expect(d.count(d.exactly(vars.slice(0, 100), 50), vars.slice(0, 100))).toBe(binomial(100, 50));
    expect(d.count(d.exactly(vars.slice(0, 100), 50), vars)).toBe(binomial(100, 50) * 2n ** 100n);
    // Every other variable: each node's count is shifted by the one skipped below it, across limbs.
    const even = vars.filter((v) => v % 2 === 0);
    expect(d.count(d.exactly(even, 50), vars)).toBe(binomial(100, 50) * 2n ** 100n);
    expect(d.count(d.exactly(even, 37), vars.slice(0, 199))).toBe(binomial(100, 37) * 2n ** 99n);
    expect(d.weightedCount(d.exactly(vars.slice(0, 100), 50), vars, () => 0.5)).toBeCloseTo(Number(binomial(100, 50)) / 2 ** 100, 12);
  });

  it('the classic law (21 cards, six hands of 3 and the envelope) counts the classic game’s deals', () => {
    using d = new Diagrams();
    const owners = 7;
    const holds = Array.from({ length: 21 }, () => Array.from({ length: owners }, () => d.newVar()));
    const categories = [holds.slice(0, 6), holds.slice(6, 12), holds.slice(12, 21)];
    const law = d.andAll([
      ...holds.map((card) => d.exactly(card, 1)),
      ...Array.from({ length: 6 }, (_, o) => d.exactly(holds.map((card) => card[o]), 3)),
      ...categories.map((cards) => d.exactly(cards.map((card) => card[6]), 1)),
    ]);
    // 6 · 6 · 9 envelopes, then the multinomial 18! / (3!)^6 of the hands.
    let hands = 1n;
    for (let i = 2n; i <= 18n; i++) hands *= i;
    hands /= 6n ** 6n;
    expect(d.count(law, holds.flat())).toBe(324n * hands);
  });
});

describe('variables and memory', () => {
  it('a variable inserted at a level keeps the earlier diagrams’ meaning and the order of the others', () => {
    fc.assert(
      fc.property(levels, fc.array(formula, { minLength: 1, maxLength: 4 }), fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 }), (lv, fs, inserts) => {
        using d = manager(lv).d;
        const vars = Array.from({ length: N }, (_, i) => i);
        const bdds = fs.map((f) => build(d, vars, f));
        const order = vars.slice().sort((a, b) => d.levelOf(a) - d.levelOf(b));
        const fresh: number[] = [];
        for (const at of inserts) {
          const level = Math.min(at, d.variables);
          const v = d.newVar(level);
          order.splice(level, 0, v);
          fresh.push(v);
        }
        expect(order.map((v) => d.levelOf(v))).toEqual(order.map((_, l) => l));
        fs.forEach((f, i) => expect(diagramTable(d, vars, bdds[i])).toEqual(tableOf((x) => truth(f, x))));
        // New diagrams mixing the old ones with the fresh variables.
        const all = [...vars, ...fresh];
        const mixed = d.xor(bdds[0], d.variable(fresh[0]));
        const t = tableOf((x) => truth(fs[0], x & 0xff) !== bit(x, N), N + fresh.length);
        expect(diagramTable(d, all, mixed, N + fresh.length)).toEqual(t);
        expect(d.count(mixed, all)).toBe(BigInt(ones(t)));
      }),
      params(100, 12),
    );
  });

  it('collect keeps protected diagrams and reclaims the rest; the unique table still finds them', () => {
    const { d, vars } = manager([2, 0, 1, 3, 4, 5, 6, 7]);
    fc.assert(
      fc.property(fc.array(formula, { minLength: 2, maxLength: 6 }), (fs) => {
        const kept = d.protect(build(d, vars, fs[0]));
        for (const f of fs.slice(1)) build(d, vars, f);
        d.exactly(vars, 4);
        const before = d.stats();
        d.collect();
        const after = d.stats();
        expect(after.collections).toBe(before.collections + 1);
        expect(after.liveNodes).toBe(d.size(kept) - (kept > 1 ? 2 : 1));
        expect(diagramTable(d, vars, kept)).toEqual(tableOf((x) => truth(fs[0], x)));
        // Built again, the kept diagram is found, not duplicated; the others are built afresh, right.
        expect(build(d, vars, fs[0])).toBe(kept);
        expect(diagramTable(d, vars, build(d, vars, fs[1]))).toEqual(tableOf((x) => truth(fs[1], x)));
        d.unprotect(kept);
        d.collect();
        expect(d.stats().liveNodes).toBe(0);
      }),
      params(100, 13),
    );
    expect(d.stats().peakNodes).toBeGreaterThan(0);
    d.dispose();
  });

  it('protection is counted: a diagram protected twice survives one unprotect', () => {
    using d = new Diagrams();
    const vars = Array.from({ length: 20 }, () => d.newVar());
    const f = d.protect(d.protect(d.exactly(vars, 10)));
    d.unprotect(f);
    d.collect();
    expect(d.count(f, vars)).toBe(binomial(20, 10));
    d.unprotect(f);
    expect(() => d.unprotect(f)).toThrow(/not protected/);
    d.collect();
    expect(d.stats().liveNodes).toBe(0);
  });

  it.each([undefined, 40_000])('the store grows past its first capacity and stays canonical (maxNodes %s)', (maxNodes) => {
    using d = new Diagrams({ maxNodes });
    const vars = Array.from({ length: 120 }, () => d.newVar());
    // 60 · 61 nodes a diagram, several of them: well past the first tables.
    const parts = Array.from({ length: 8 }, (_, i) => d.exactly(vars.slice(i, i + 112), 56));
    expect(d.stats().liveNodes).toBeGreaterThan(1 << 15);
    parts.forEach((p, i) => {
      expect(d.exactly(vars.slice(i, i + 112), 56)).toBe(p);
      expect(d.count(p, vars.slice(i, i + 112))).toBe(binomial(112, 56));
    });
  });

  it('an operation past maxNodes throws DiagramsTooLargeError naming maxNodes; after collect the manager answers right', () => {
    using d = new Diagrams({ maxNodes: 1000 });
    const vars = Array.from({ length: 100 }, () => d.newVar());
    const small = d.protect(d.exactly(vars.slice(0, 10), 3));
    let error: unknown;
    try {
      d.exactly(vars, 50);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiagramsTooLargeError);
    expect(error).toMatchObject({ code: 'max-nodes', option: 'maxNodes', limit: 1000 });
    expect((error as Error).message).toBe('the decision diagrams need more than 1,000 nodes (maxNodes)');
    // A second failure, in the middle of a conjunction.
    expect(() => d.andAll(Array.from({ length: 40 }, (_, i) => d.exactly(vars.slice(i, i + 30), 15)))).toThrow(DiagramsTooLargeError);
    d.collect();
    expect(d.count(small, vars.slice(0, 10))).toBe(binomial(10, 3));
    const again = d.exactly(vars.slice(0, 20), 5);
    expect(d.count(again, vars.slice(0, 20))).toBe(binomial(20, 5));
    expect(d.count(d.and(again, small), vars.slice(0, 20))).toBe(binomial(10, 3) * binomial(10, 2));
  });

  it('after an operation the stack could not hold (a walk down 30,000 levels), the manager answers right', () => {
    using d = new Diagrams();
    const vars = Array.from({ length: 30_000 }, () => d.newVar());
    const small = d.exactly(vars.slice(0, 10), 3);
    const deep = d.exactly(vars, 1);
    // Levels 0-2 hold 1, 2 and 3 nodes, levels 3-7 four each, 8 and 9 three and two.
    const nodes = 1 + 2 + 3 + 5 * 4 + 3 + 2;
    expect(d.size(small)).toBe(nodes + 2);
    expect(() => d.count(deep, vars)).toThrow(RangeError);
    // The interrupted walk's marks are cleared before the next one.
    expect(d.size(small)).toBe(nodes + 2);
    expect(d.count(small, vars.slice(0, 10))).toBe(binomial(10, 3));
    expect(d.support(small)).toEqual(vars.slice(0, 10));
    d.protect(small);
    d.collect();
    expect(d.stats().liveNodes).toBe(nodes);
    expect(d.count(small, vars.slice(0, 10))).toBe(binomial(10, 3));
  });

  it('bad arguments name the culprit: an unknown variable, a level out of range, maxNodes out of range', () => {
    using d = new Diagrams();
    d.newVar();
    expect(() => d.variable(3)).toThrow('no variable 3 (there are 1)');
    expect(() => d.newVar(5)).toThrow('no level 5 for a new variable (levels 0 to 1)');
    expect(() => new Diagrams({ maxNodes: 0 })).toThrow(/^maxNodes takes a whole number of nodes from 1 to/);
    d.dispose();
    expect(() => d.and(TRUE, FALSE)).toThrow('this Diagrams manager has been disposed');
  });
});
