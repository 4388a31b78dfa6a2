// The seeds' worked games (examples/epistemic): every claim the papers state or the semantics'
// independent model checker computed, at its time, under the readings it names; and the model sizes.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { parseGame } from '../../src/io/log.js';
import { knowsInThisThread } from '../../src/epistemic/knows.js';
import { buildGameModel, type ShowcardReading } from '../../src/epistemic/explicit/game-model.js';
import { textQueries } from '../../src/epistemic/queries.js';

interface Claim {
  id: string;
  at: number;
  formula: string;
  expected: boolean;
  showcard: ShowcardReading | 'both';
}
interface Count {
  at: number;
  showcard: ShowcardReading | 'both';
  deals?: number;
  worlds?: number;
  component?: number;
}

const dir = new URL('../../examples/epistemic/', import.meta.url);
const names = readdirSync(dir).filter((f) => f.endsWith('.formulas.json')).map((f) => f.replace('.formulas.json', ''));
const readings = (r: ShowcardReading | 'both'): ShowcardReading[] => (r === 'both' ? ['action', 'refinement'] : [r]);

describe.each(names)('examples/epistemic/%s', (name) => {
  const game = parseGame(JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')));
  const spec = JSON.parse(readFileSync(new URL(`${name}.formulas.json`, dir), 'utf8')) as { counts: Count[]; formulas: Claim[] };

  it.each(['action', 'refinement'] as const)('every claim holds under the %s reading', (reading) => {
    const claims = spec.formulas.filter((c) => readings(c.showcard).includes(reading));
    const queries = claims.flatMap((c) => textQueries([c.formula], game, c.at).map((q) => ({ ...q, id: c.id })));
    const report = knowsInThisThread(game, queries, { showcard: reading });
    const wrong = report.results.filter((r, i) => r.value !== claims[i].expected).map((r) => `${r.id} (at ${r.at}): ${r.formula} is ${r.value}`);
    expect(wrong).toEqual([]);
  });

  it.each(spec.counts.map((c) => [c.at, c.showcard, c] as const))('model size at %i (%s)', (at, showcard, count) => {
    for (const reading of readings(showcard)) {
      const m = buildGameModel(game, at, { showcard: reading });
      if (count.worlds !== undefined) expect(m.model.size).toBe(count.worlds);
      if (count.deals !== undefined) expect(new Set(m.model.dealOf).size).toBe(count.deals);
      if (count.component !== undefined) expect(m.model.components(game.players.map((_, a) => a)).classMembers(m.point!).length).toBe(count.component);
    }
  });
});
