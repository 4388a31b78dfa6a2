import { readFileSync } from 'node:fs';
import { suggest } from './src/inference/suggest.ts';
import { InferencePool } from './src/pool/pool.ts';
const log = JSON.parse(readFileSync('examples/classic-6p-early.json', 'utf8'));
for (const threads of [1, 2]) {
  const pool = new InferencePool({ threads });
  await suggest(log, { pool, samples: 20000, seed: 1 }); // warm
  const times = [];
  let r;
  for (let i = 0; i < 10; i++) { const t = performance.now(); r = await suggest(log, { pool, samples: 20000, seed: 1 }); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(threads, 'threads median', times[5].toFixed(1), 'ms', JSON.stringify(r!.suggestions.slice(0, 2)));
  await pool.close();
}
