/**
 * The seat-by-seat counter (assembly/seat-dp.ts) against the card-by-card DAG count, the examples'
 * expected answers and the brute-force oracle: on every example and every prefix of its log, on
 * random logs (consistent and noisy) and on random constraint stores whose clauses concern a
 * single owner (the shapes the seat-by-seat counter filters).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { emptyStore } from '../src/knowledge/constraints.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { BaselineCore, UnsupportedClauseError } from '../baselines/baseline-core.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame } from '../src/io/log.js';
import { bruteForce } from './support/brute-force.js';
import { arbConsistentLog, arbNoisyLog, arbStore } from './support/random-logs.js';
import { fullOnly, runs } from './support/tier.js';

const RUNS = runs(300, 30);
const EXAMPLES_DIR = fileURLToPath(new URL('../examples/', import.meta.url));
const exampleNames = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

const core = KnowledgeCore.create();
const baselines = new BaselineCore();
const seatBySeatCount = (store: ConstraintStore): number => baselines.load(store).seatBySeatCount();

/** The card-by-card count of the store (0 when inconsistent). */
function cardByCard(store: ConstraintStore): number {
  using position = core.load(store);
  return Number(position.count());
}

/**
 * Clause owner sets the seat-by-seat counter must accept: one seat or the envelope, or every seat
 * (with or without the table) but not the envelope.
 */
function obviouslySupported(store: ConstraintStore): boolean {
  const allSeats = (1 << store.nSeats) - 1;
  const ownersMask = (1 << (store.nSeats + 1)) - 1;
  return store.clauses.every((c) => {
    const o = c.owners & ownersMask;
    return (o !== 0 && (o & (o - 1)) === 0) || o === allSeats;
  });
}

describe('seat-by-seat counter', () => {
  describe.each(exampleNames)('example %s', (name) => {
    const game = parseGame(JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8')));
    const expected = JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.expected.json`, 'utf8')) as { consistentDeals: number };

    it('counts the expected consistent deals, like the card-by-card count', () => {
      const store = constraintsOf(game);
      expect(cardByCard(store)).toBe(expected.consistentDeals);
      expect(seatBySeatCount(store)).toBe(expected.consistentDeals);
    });

    it('agrees with the card-by-card count after every prefix of the log', () => {
      for (let n = 0; n <= game.events.length; n++) {
        const store = constraintsOf(game, n);
        expect(seatBySeatCount(store), `after ${n} events`).toBe(cardByCard(store));
      }
    });
  });

  fullOnly('counts an empty classic deal (no information) exactly', () => {
    // 6 suspects, 6 weapons, 9 rooms; 18 cards dealt 3 by 3 to six seats
    const store = emptyStore(21, [0x3f, 0xfc0, 0x1ff000], [3, 3, 3, 3, 3, 3]);
    const multinomial = 18 * 17 * 16 * 15 * 14 * 13 * 12 * 11 * 10 * 9 * 8 * 7 * 6 * 5 * 4 * 3 * 2 / 6 ** 6;
    expect(seatBySeatCount(store)).toBe(6 * 6 * 9 * multinomial);
    expect(cardByCard(store)).toBe(6 * 6 * 9 * multinomial);
  });

  it('handles degenerate stores: one seat, seats with empty hands, impossible holds', () => {
    const one = emptyStore(5, [0b00011, 0b01100], [3]);
    expect(seatBySeatCount(one)).toBe(cardByCard(one));
    const empty = emptyStore(7, [0b0000011, 0b0001100], [0, 3, 0, 2]);
    expect(seatBySeatCount(empty)).toBe(cardByCard(empty));
    const clash = emptyStore(7, [0b0000011, 0b0001100], [2, 3]);
    clash.holds[0] = 0b1;
    clash.holds[1] = 0b1;
    expect(seatBySeatCount(clash)).toBe(0);
    const faceUpHeld = emptyStore(8, [0b00000011, 0b00001100], [3, 2], 0b10000000);
    faceUpHeld.holds[1] = 0b10000000;
    expect(seatBySeatCount(faceUpHeld)).toBe(0);
  });

  it('rejects a clause about two seats as unsupported', () => {
    const store = emptyStore(8, [0b00000011, 0b00001100], [3, 3]);
    store.clauses.push({ cards: 0b110000, owners: 0b11 | (1 << 2) }); // seats 0, 1 and the envelope: all live owners
    expect(seatBySeatCount(store)).toBe(cardByCard(store));
    const three = emptyStore(9, [0b000000011, 0b000001100], [2, 2, 3]);
    three.clauses.push({ cards: 0b110000, owners: 0b011 });
    expect(baselines.load(three).seatBySeatCountRaw()).toBe(-1);
    expect(() => seatBySeatCount(three)).toThrow(UnsupportedClauseError);
  });

  it('agrees with the card-by-card count on random consistent logs', () => {
    fc.assert(
      fc.property(arbConsistentLog({ maxCards: 12, maxEvents: 16 }), ({ game }) => {
        const store = constraintsOf(game);
        const n = cardByCard(store);
        expect(n).toBeGreaterThan(0);
        expect(seatBySeatCount(store)).toBe(n);
      }),
      { seed: 21, numRuns: RUNS },
    );
  });

  it('agrees with the card-by-card count on random noisy logs (often inconsistent)', () => {
    let zero = 0;
    fc.assert(
      fc.property(arbNoisyLog({ maxCards: 12, maxEvents: 16 }), ({ game }) => {
        const store = constraintsOf(game);
        const n = cardByCard(store);
        if (n === 0) zero++;
        expect(seatBySeatCount(store)).toBe(n);
      }),
      { seed: 22, numRuns: RUNS },
    );
    expect(zero).toBeGreaterThan(RUNS / 10);
  });

  it('agrees with brute force on random single-owner stores', () => {
    // arbStore draws clauses over arbitrary owner sets; rewrite most of them into the shapes the
    // seat-by-seat counter filters: one owner, or every owner but one (with or without the table).
    const arb = fc.tuple(arbStore(), fc.array(fc.nat({ max: 0xffff }), { minLength: 32, maxLength: 32 })).map(([store, picks]) => {
      const owners = store.nSeats + 1;
      const table = 1 << (store.nSeats + 1);
      store.clauses = store.clauses.map((c, k) => {
        const r = picks[k % picks.length];
        const x = (r >> 2) % owners;
        if (r % 4 === 0) return { cards: c.cards, owners: 1 << x };
        if (r % 4 === 1) return { cards: c.cards, owners: (((1 << owners) - 1) & ~(1 << x)) | (r & 0x100 ? table : 0) };
        if (r % 4 === 2) return { cards: c.cards, owners: c.owners | (r & 0x100 ? table : 0) };
        return c;
      });
      return store;
    });
    let supported = 0;
    let positive = 0;
    fc.assert(
      fc.property(arb, (store) => {
        const raw = baselines.load(store).seatBySeatCountRaw();
        if (raw === -1) {
          expect(obviouslySupported(store)).toBe(false);
          return;
        }
        supported++;
        const n = bruteForce(store).count;
        if (n > 0) positive++;
        expect(raw).toBe(n);
        expect(cardByCard(store)).toBe(n);
      }),
      { seed: 23, numRuns: RUNS },
    );
    expect(supported).toBeGreaterThan(RUNS / 2);
    expect(positive).toBeGreaterThan(RUNS / 5);
  });

  it('returns -1 only for clauses about several owners on raw random stores', () => {
    fc.assert(
      fc.property(arbStore(), (store) => {
        const raw = baselines.load(store).seatBySeatCountRaw();
        if (raw === -1) expect(obviouslySupported(store)).toBe(false);
        else expect(raw).toBe(cardByCard(store));
      }),
      { seed: 24, numRuns: RUNS },
    );
  });
});
