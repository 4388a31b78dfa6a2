// analyze --opponents on the classic examples with an observer: time on 1 and 2 worker threads (the
// same answer on both) and the largest standard error.
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import { opponentsOn, type Opponents } from '../src/analysis/opponents.js';
import { epistemicPool } from '../src/analysis/knows-on.js';

const EXAMPLES = ['classic-5p-mid', 'classic-6p-early', 'classic-6p-late', 'classic-4p-faceup', 'custom-deck-3p'];

export interface OpponentsBench {
  example: string;
  method: string;
  samples: number | null;
  oneThreadMs: number;
  twoThreadsMs: number;
  maxStandardError: number;
}

export async function benchOpponents(): Promise<OpponentsBench[]> {
  const pools = [epistemicPool(1), epistemicPool(2)];
  try {
    const rows: OpponentsBench[] = [];
    for (const example of EXAMPLES) {
      const game = parseGame(JSON.parse(readFileSync(new URL(`../examples/${example}.json`, import.meta.url), 'utf8')));
      await opponentsOn(pools[1], game); // warm-up: workers loaded, cores compiled
      const times: number[] = [];
      let result: Opponents | null = null;
      for (const pool of pools) {
        const t = performance.now();
        result = await opponentsOn(pool, game);
        times.push(performance.now() - t);
      }
      let worst = 0;
      for (const s of result!.seats) if (s.standardErrors) worst = Math.max(worst, s.standardErrors.canAccuse, ...Object.values(s.standardErrors.knowsMyCards));
      rows.push({ example, method: result!.method, samples: result!.samples, oneThreadMs: times[0], twoThreadsMs: times[1], maxStandardError: worst });
    }
    return rows;
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
}
