/**
 * The knowledge core's per-clause buffers grow with the store. An instance starts within its
 * initial memory, since memory touched at start-up is paid by every command that loads the core
 * (`cluedo analyze` on a small log most of all); and a store with more clauses than the buffers
 * first hold is answered as its essential clauses alone are, by every part of the core that reads
 * clauses: the DAG's preprocessing, the consistency check, the deal search and the Markov chain.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyStore, essentialClauses, type ConstraintStore } from '../src/knowledge/constraints.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { instantiateModule, wasmModule } from '../src/knowledge/wasm-module.js';
import { findDeal } from '../src/knowledge/search.js';
import { chainTasks, runChain } from '../src/knowledge/mcmc.js';
import { bruteForce, dealSatisfiesStore } from './support/brute-force.js';

const CORE = new URL('../build/core.wasm', import.meta.url);
const PAGE = 65536;

describe('the core starts small', () => {
  it('a fresh instance holds only its initial memory: no buffer is sized for the largest store', () => {
    const asconfig = JSON.parse(readFileSync(new URL('../asconfig.json', import.meta.url), 'utf8')) as { options: { initialMemory: number } };
    const exports = instantiateModule<{ memory: WebAssembly.Memory }>(wasmModule(CORE), 'knowledge core');
    expect(exports.memory.buffer.byteLength / PAGE).toBe(asconfig.options.initialMemory);
  });
});

/**
 * 3 seats of 3 cards, three categories of 4 cards; seat 1 refuted a suggestion of cards 0, 4 and 8
 * unseen. Then every clause that one implies: each superset of its cards, with each set of owners
 * that includes seat 1 (4,096 clauses, more than any buffer of the core holds at first).
 */
function storeWithImpliedClauses(): { store: ConstraintStore; essential: ConstraintStore; loose: ConstraintStore } {
  const loose = emptyStore(12, [0x00f, 0x0f0, 0xf00], [3, 3, 3]);
  loose.holds[0] = (1 << 1) | (1 << 5) | (1 << 9);
  const base = { cards: (1 << 0) | (1 << 4) | (1 << 8), owners: 1 << 1 };
  const others = 0xfff & ~base.cards;
  const clauses = [base];
  for (let extra = others; extra > 0; extra = (extra - 1) & others) {
    for (const owners of [0b0010, 0b0011, 0b0110, 0b0111, 0b1010, 0b1011, 0b1110, 0b1111]) clauses.push({ cards: base.cards | extra, owners });
  }
  const store = { ...loose, clauses };
  return { store, essential: { ...loose, clauses: essentialClauses(store) }, loose };
}

describe('stores with thousands of clauses', () => {
  const core = KnowledgeCore.create();
  const { store, essential, loose } = storeWithImpliedClauses();
  const width = store.nSeats + 2;

  it('the implied clauses are many, and the essential ones are the refutation alone', () => {
    expect(store.clauses.length).toBeGreaterThan(4000);
    expect(essential.clauses).toEqual([store.clauses[0]]);
  });

  it('count: the DAG counts what brute force counts with the essential clause', () => {
    using position = core.load(store);
    expect(Number(position.count())).toBe(bruteForce(essential).count);
  });

  it('check: every deal of the deck without the clauses is judged as the brute-force predicate judges it', () => {
    using free = core.load(loose);
    const deals = free.enumerate();
    using position = core.load(store);
    const verdicts = position.check(deals);
    const n = deals.length / width;
    expect(n).toBeGreaterThan(Number(position.count())); // some deals break the clause
    for (let k = 0; k < n; k++) expect(verdicts[k] === 1).toBe(dealSatisfiesStore(essential, deals, k * width));
  });

  it('search and Markov chain: every deal found and every state visited is consistent', () => {
    const found = findDeal(core, store, 3);
    expect(found).not.toBeNull();
    expect(dealSatisfiesStore(essential, found!)).toBe(true);
    const [task] = chainTasks(store, { seed: 5, chains: 1, steps: 300, burnIn: 0, batches: 2 });
    const chain = runChain(core, { ...task, trace: 300 });
    for (let k = 0; k < 300; k++) expect(dealSatisfiesStore(essential, chain.trace, k * width)).toBe(true);
  });
});
