// analyze --opponents on the classic examples with an observer: time on 1 and 2 worker threads (the
// same answer on both) and the largest standard error. Each measurement is a first request on a
// fresh pool (warmed up on another log), as a command-line run is: a worker keeps the last
// request's engine and positions, which a repeated request would find.
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { opponents, type Opponents } from '../src/analysis/opponents.js';
import { epistemicPool } from '../src/analysis/pools.js';

const EXAMPLES = ['classic-5p-mid', 'classic-6p-early', 'classic-6p-late', 'classic-4p-faceup', 'custom-deck-3p'];
const ROUNDS = 3;

export interface OpponentsBench {
  example: string;
  method: string;
  samples: number | null;
  oneThreadMs: number;
  twoThreadsMs: number;
  maxStandardError: number;
}

const load = (example: string): Game => parseGame(JSON.parse(readFileSync(new URL(`../examples/${example}.json`, import.meta.url), 'utf8')));

async function firstRequest(threads: number, game: Game): Promise<{ ms: number; result: Opponents }> {
  const pool = epistemicPool(threads);
  try {
    // Warm-up on another classic log: the full-size engine's code compiled, none of this log's positions cached.
    await opponents(load(game.players.length === 4 ? 'classic-5p-mid' : 'classic-4p-faceup'), { executor: pool });
    const t = performance.now();
    const result = (await opponents(game, { executor: pool }))!;
    return { ms: performance.now() - t, result };
  } finally {
    await pool.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchOpponents(): Promise<OpponentsBench[]> {
  const rows: OpponentsBench[] = [];
  for (const example of EXAMPLES) {
    const game = load(example);
    const times: number[][] = [[], []];
    let result: Opponents | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, threads] of [1, 2].entries()) {
        const run = await firstRequest(threads, game);
        times[k].push(run.ms);
        result = run.result;
      }
    }
    let worst = 0;
    for (const s of result!.seats) if (s.standardErrors) worst = Math.max(worst, s.standardErrors.canAccuse, ...s.standardErrors.knowsMyCards);
    rows.push({ example, method: result!.method, samples: result!.samples, oneThreadMs: median(times[0]), twoThreadsMs: median(times[1]), maxStandardError: worst });
  }
  return rows;
}
