/**
 * How analyze answers: exactly when the position's DAG and its envelope distribution fit, by
 * uniform draws from the DAG when the envelope distribution would cost too much, and by Markov
 * chains when the DAG itself is too large (here made too large by a tiny node budget, on decks
 * small enough for brute force). Whatever the method: certainty exact, estimates within their
 * standard errors of the truth, the same event named for an impossible log, and the same bytes in
 * process and on a worker pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { analyze, deduce, type Analysis } from '../src/analysis/analyze.js';
import { estimate } from '../src/analysis/estimate.js';
import { analysisPool } from '../src/analysis/pools.js';
import { parseGame, type GameLog } from '../src/io/log.js';
import { InputError } from '../src/model/errors.js';
import type { WorkerPool } from '../src/runtime/pool.js';
import { arbConsistentLog, arbNoisyLog } from './support/random-logs.js';
import { bruteForceGame } from './support/brute-force.js';
import { ENVELOPE, TABLE } from '../src/model/owners.js';

const TINY = { maxNodes: 1 }; // no DAG fits: the Markov chains answer
/** The brute-force oracle's column of an owner: seats, then the envelope, then the table. */
const ownerColumn = (game: { players: readonly string[] }, owner: number) => (owner === ENVELOPE ? game.players.length : owner === TABLE ? game.players.length + 1 : owner);
const readExample = (name: string): GameLog => JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')) as GameLog;

let pool: WorkerPool;
beforeAll(() => {
  pool = analysisPool(2);
});
afterAll(async () => pool.close());

/** Every estimated probability within z standard errors of the exact one (the exact 0s and 1s exactly). */
function expectWithin(got: Analysis, exact: Analysis, z: number): { worst: number } {
  let worst = 0;
  // cells keyed by index: the same owners (columns) in the same order
  expect(got.owners).toEqual(exact.owners);
  expect(got.cards.length).toBe(exact.cards.length);
  exact.cards.forEach((row, card) => {
    row.forEach((p, column) => {
      const owner = exact.owners[column];
      const q = got.cards[card][column];
      if (p === 0 || p === 1) {
        expect(q, `card ${card}/owner ${owner}: exact ${p}`).toBe(p);
        return;
      }
      const se = Math.max(got.standardErrors!.cards[card][column], 1e-3);
      worst = Math.max(worst, Math.abs(q - p) / se);
    });
  });
  expect(worst).toBeLessThan(z);
  return { worst };
}

describe('analyze picks its method', () => {
  it('exact when everything fits; draws from the DAG when the envelope distribution would cost too much', () => {
    const log = readExample('classic-6p-early');
    const exact = analyze(log);
    expect(exact.method).toBe('exact');
    expect(exact.standardErrors).toBeUndefined();
    const drawn = analyze(log, { jointBudget: 0 });
    expect(drawn.method).toBe('sampled');
    expect(drawn.consistentDeals).toBe(exact.consistentDeals); // drawn from the exact DAG
    expect(drawn.samples).toBe(200_000);
    expect(drawn.known).toEqual(exact.known);
    expectWithin(drawn, exact, 5);
  });

  it('Markov chains when the DAG is too large: exact certainty, estimates within their standard errors of the truth', () => {
    let checked = 0;
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const game = parseGame(g.log);
        const exact = analyze(game);
        const chains = analyze(game, { ...TINY, samples: 40_000, seed: 3 });
        // A DAG of one node (a deal the log determines) still fits: drawn from it.
        if (chains.method === 'sampled') {
          expect(exact.consistentDeals).toBe(1n);
          return;
        }
        expect(chains.method).toBe('mcmc');
        expect(chains.consistentDeals).toBeNull();
        expect(chains.samples).toBe(40_000);
        expect(chains.known).toEqual(exact.known);
        expect(chains.standardErrors!.effectiveSamples).toBeGreaterThan(0);
        // z below 5 over every cell of 60 positions: a family-wise threshold, not one cell's
        expectWithin(chains, exact, 5);
        checked++;
      }),
      { seed: 41, numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(40);
  });

  it('--method exact is refused, with what to do, when the DAG is too large', () => {
    const game = parseGame(readExample('classic-6p-early'));
    expect(() => analyze(game, { ...TINY, method: 'exact' })).toThrow(InputError);
    expect(() => analyze(game, { ...TINY, method: 'exact' })).toThrow(/too large for the exact counter \(its deal DAG would have more than [\d,]+ nodes, up to [\d.,]+( × 10\^\d+)?\): answer it with Markov chains, method mcmc \(or auto, the default\)$/m);
  });

  it('which placements are possible is exact whatever the method: the brute-force owners of every card', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const game = parseGame(g.log);
        const oracle = bruteForceGame(game);
        const width = game.players.length + 2;
        for (const options of [{ method: 'exact' as const }, { method: 'sampled' as const, samples: 300 }, { method: 'mcmc' as const, samples: 300 }]) {
          const analysis = analyze(game, options);
          analysis.owners.forEach((owner, k) => {
            game.deck.cards.forEach((_, card) => {
              expect(analysis.possible[card][k], `${options.method}: card ${card}, owner ${owner}`).toBe(oracle.ownerCounts[card * width + ownerColumn(game, owner)] > 0);
            });
          });
        }
      }),
      { seed: 7, numRuns: 40 },
    );
  });

  it('deduce: the brute-force owners of every card, from the DAG and, past it, from the search for deals', () => {
    fc.assert(
      fc.property(arbConsistentLog(), (g) => {
        const game = parseGame(g.log);
        const oracle = bruteForceGame(game);
        const width = game.players.length + 2;
        const owners = analyze(game).owners;
        for (const options of [{}, TINY]) {
          for (const d of deduce(game, options)) {
            const possible = owners.filter((o) => oracle.ownerCounts[d.card * width + ownerColumn(game, o)] > 0);
            expect(d.possible).toEqual(possible);
            expect(d.owner).toBe(possible.length === 1 ? possible[0] : null);
          }
        }
      }),
      { seed: 11, numRuns: 30 },
    );
  });

  it('an impossible log names the same event, whatever the method', () => {
    let impossible = 0;
    fc.assert(
      fc.property(arbNoisyLog(), (g) => {
        const game = parseGame(g.log);
        const message = (options: object) => {
          try {
            analyze(game, options);
            return null;
          } catch (e) {
            if (!(e instanceof InputError)) throw e;
            return e.message;
          }
        };
        const exact = message({});
        if (exact !== null) impossible++;
        expect(message({ ...TINY, samples: 4000 })).toBe(exact);
        expect(message({ method: 'mcmc', samples: 4000 })).toBe(exact);
      }),
      { seed: 42, numRuns: 80 },
    );
    expect(impossible).toBeGreaterThan(10);
  });

  it('the same bytes in process and on a worker pool, for the chains too', async () => {
    for (const name of ['classic-6p-late', 'classic-3p-spectator']) {
      const log = readExample(name);
      const inProcess = analyze(log, { ...TINY, samples: 30_000, seed: 8 });
      expect(inProcess.method).toBe('mcmc');
      const pooled = await estimate(log, { ...TINY, samples: 30_000, seed: 8, executor: pool });
      expect(pooled).toEqual(inProcess);
      expect(await estimate(log, { ...TINY, samples: 30_000, seed: 9, executor: pool })).not.toEqual(inProcess);
    }
  });
});
