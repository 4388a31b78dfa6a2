/**
 * The envelope counts by the split passes (assembly/envelope-split.ts: one pass from each end of
 * the DAG, the vectors kept for the positions derived from it) against the exhaustive oracle on
 * small decks, and against the odometer (two passes per combination, the method it replaced as the
 * default) on the example positions, where enumeration is out of reach: the same counts, exactly.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KnowledgeCore, type Position } from '../src/knowledge/wasm-core.js';
import { addFacts, type ConstraintStore, type Fact } from '../src/knowledge/constraints.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { responseEvidence } from '../src/knowledge/responses.js';
import { parseGame } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { asJudgedBy } from '../src/analysis/refute-advice.js';
import { bruteForce } from './support/brute-force.js';
import { arbConsistentLog, arbNoisyLog, arbStore } from './support/random-logs.js';
import { simulatePosition } from './support/simulated-positions.js';

const RUNS = 150;
const split = KnowledgeCore.create();
split.setEnvelopeMethod('split');
const odometer = KnowledgeCore.create();
odometer.setEnvelopeMethod('odometer');

function example(name: string): Game {
  return parseGame(JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')));
}

const counts = (p: Position) => Array.from(p.envelopeCounts());

/** Placements a position may be derived with: every holds and lacks of `store`'s owners for a few cards. */
function placements(store: ConstraintStore, picks: number[]): Fact[] {
  const owners = store.nSeats + 1; // seats and the envelope
  return picks.map((k) => {
    const card = k % store.nCards;
    const owner = Math.floor(k / store.nCards) % owners;
    return { kind: k % 3 === 0 ? 'holds' : 'lacks', owner, cards: 1 << card } as Fact;
  });
}

describe('envelope counts by the split passes', () => {
  it('equal the oracle on random constraint stores', () => {
    fc.assert(
      fc.property(arbStore(), (store) => {
        const want = bruteForce(store);
        using p = split.load(store);
        if (want.count === 0) return;
        expect(counts(p)).toEqual(Array.from(want.envelopeCounts));
      }),
      { seed: 21, numRuns: RUNS },
    );
  });

  it('equal the oracle on the constraints of random logs, consistent or not', () => {
    for (const [arb, seed] of [[arbConsistentLog(), 22], [arbNoisyLog(), 23]] as const) {
      fc.assert(
        fc.property(arb, (g) => {
          const store = constraintsOf(parseGame(g.log));
          const want = bruteForce(store);
          using p = split.load(store);
          if (want.count === 0) return;
          expect(counts(p)).toEqual(Array.from(want.envelopeCounts));
        }),
        { seed, numRuns: RUNS },
      );
    }
  });

  it('of positions derived by placements, recounted from the kept vectors, equal the oracle of the store with those facts, whichever is counted first', () => {
    fc.assert(
      fc.property(arbStore(), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.boolean(), (store, picks, baseFirst) => {
        using base = split.load(store);
        if (!base.consistent) return;
        const facts = placements(store, picks);
        if (baseFirst) counts(base);
        // One placement at a time, each derived from the last, then all at once from the base.
        const chain: Position[] = [];
        let at = base;
        for (let k = 0; k < facts.length && at.consistent; k++) chain.push((at = at.with(facts[k])));
        using all = base.withAll(facts);
        try {
          for (let k = chain.length - 1; k >= 0; k--) {
            const want = bruteForce(addFacts(store, facts.slice(0, k + 1)));
            expect(chain[k].consistent).toBe(want.count > 0);
            if (want.count > 0) expect(counts(chain[k])).toEqual(Array.from(want.envelopeCounts));
          }
          const want = bruteForce(addFacts(store, facts));
          if (want.count > 0) expect(counts(all)).toEqual(Array.from(want.envelopeCounts));
          expect(counts(base)).toEqual(Array.from(bruteForce(store).envelopeCounts));
        } finally {
          for (const p of chain) p.dispose();
        }
      }),
      { seed: 24, numRuns: RUNS },
    );
  });

  it('equal the odometer on the examples, the table views of their refutations, and each card the observer could show', () => {
    for (const name of ['classic-3p-spectator', 'classic-4p-faceup', 'classic-5p-mid', 'classic-6p-early', 'classic-6p-late', 'custom-deck-3p']) {
      const game = example(name);
      const stores = [constraintsOf(game)];
      if (game.me !== null) stores.push(constraintsOf({ ...game, me: null, myHand: [] }));
      for (const store of stores) {
        using a = split.load(store);
        using b = odometer.load(store);
        expect(counts(a), name).toEqual(counts(b));
      }
      if (game.me === null) continue;
      for (let suggester = 0; suggester < game.players.length; suggester++) {
        if (suggester === game.me) continue;
        using a = asJudgedBy(split, game, suggester)!;
        using b = asJudgedBy(odometer, game, suggester)!;
        expect(counts(a), `${name}, judged by seat ${suggester}`).toEqual(counts(b));
        for (const card of game.myHand) {
          const shows: Fact[] = [{ kind: 'holds', owner: game.me, cards: 1 << card }];
          using x = a.withAll(shows);
          using y = b.withAll(shows);
          expect(counts(x), `${name}, judged by seat ${suggester}, shown ${game.deck.cards[card]}`).toEqual(counts(y));
        }
      }
    }
  });

  it('equal the odometer on simulated positions of four categories, face-up cards and known envelope cards', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { store } = simulatePosition({ categories: [3, 4, 3, 4], seats: 3 + (seed % 3), unseenRefutations: 2 + (seed % 5), observer: seed % 2 === 0 ? null : 0, faceUp: seed % 3 === 0 ? 2 : 0, seed });
      // Some with an envelope card known: the split counts skip that category.
      const known = seed % 4 === 0 ? addFacts(store, [{ kind: 'lacks', owner: store.nSeats, cards: store.categoryMasks[1] & ~(store.categoryMasks[1] & -store.categoryMasks[1]) }]) : store;
      using a = split.load(known);
      using b = odometer.load(known);
      if (!a.consistent) continue;
      expect(counts(a), `seed ${seed}`).toEqual(counts(b));
    }
  });

  it('equal the odometer on weighted positions (policy-aware shows), to rounding', () => {
    for (const name of ['classic-5p-mid', 'classic-6p-early', 'classic-6p-late']) {
      const game = example(name);
      const { factors } = responseEvidence(game, 'uniform');
      using a = split.load(constraintsOf(game), undefined, factors);
      using b = odometer.load(constraintsOf(game), undefined, factors);
      const x = counts(a);
      const y = counts(b);
      expect(x.length).toBe(y.length);
      x.forEach((n, i) => expect(Math.abs(n - y[i])).toBeLessThanOrEqual(1e-12 * a.approximateCount()));
    }
  });
});
