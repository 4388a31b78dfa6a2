// analyze --opponents on the classic examples with an observer: time and the largest standard error.
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import { opponentsOf } from '../src/analysis/opponents.js';

const EXAMPLES = ['classic-5p-mid', 'classic-6p-early', 'classic-6p-late', 'custom-deck-3p'];

export function benchOpponents(): Array<{ example: string; method: string; samples: number | null; ms: number; maxStandardError: number }> {
  return EXAMPLES.map((example) => {
    const game = parseGame(JSON.parse(readFileSync(new URL(`../examples/${example}.json`, import.meta.url), 'utf8')));
    const t = performance.now();
    const o = opponentsOf(game)!;
    const ms = performance.now() - t;
    let worst = 0;
    for (const s of o.seats) if (s.standardErrors) worst = Math.max(worst, s.standardErrors.canAccuse, ...Object.values(s.standardErrors.knowsMyCards));
    return { example, method: o.method, samples: o.samples, ms, maxStandardError: worst };
  });
}
