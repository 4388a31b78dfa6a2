// Drawn worlds shared among threads: the same answer, to the byte, in this thread, on an in-process
// executor, and on a pool of 1 or 2 worker threads; and within sampling error of nothing else.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseGame } from '../../src/io/log.js';
import { knowsInThisThread } from '../../src/epistemic/knows.js';
import { textQueries } from '../../src/epistemic/queries.js';
import { knowsOn } from '../../src/analysis/knows.js';
import { epistemicPool } from '../../src/analysis/pools.js';
import * as epistemicTasks from '../../src/analysis/epistemic-tasks.js';
import { EPISTEMIC_TASKS } from '../../src/analysis/epistemic-tasks.js';
import { opponents, opponentsInThisThread } from '../../src/analysis/opponents.js';
import { InProcessExecutor } from '../../src/runtime/in-process.js';
import { fullOnly } from '../support/tier.js';

const game = parseGame(JSON.parse(readFileSync(new URL('../../examples/classic-5p-mid.json', import.meta.url), 'utf8')));
const queries = textQueries(['Kenv[P1]', 'has(envelope, Knife)', 'K[P2] has(P0, Rope)', 'K[P1] Kenv[P3]'], game, null);
const pools = [epistemicPool(1), epistemicPool(2)];
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe('knows on an executor', () => {
  fullOnly('gives the same bytes on any number of threads as in this thread', async () => {
    const options = { engine: 'sampled' as const, samples: 1200, seed: 9 };
    const here = JSON.stringify(knowsInThisThread(game, queries, options));
    expect(JSON.parse(here).method).toBe('sampled');
    expect(JSON.stringify(await knowsOn(new InProcessExecutor({ [EPISTEMIC_TASKS]: epistemicTasks }), game, queries, options))).toBe(here);
    for (const pool of pools) expect(JSON.stringify(await knowsOn(pool, game, queries, options))).toBe(here);
  });

  it('opponents: the same on a pool of 2 as in this thread, and a different seed draws differently', async () => {
    const here = opponentsInThisThread(game, { samples: 1000, seed: 4 });
    expect(await opponents(game, { samples: 1000, seed: 4, executor: pools[1] })).toEqual(here);
    expect(opponentsInThisThread(game, { samples: 1000, seed: 5 })).not.toEqual(here);
  });
});
