import { readFileSync, readdirSync } from 'node:fs';
import { parseGame } from '/work/main/src/game/log.ts';
import { constraintsOf } from '/work/main/src/game/constraints-of.ts';
import { KnowledgeCore } from '/work/main/src/core/wasm-core.ts';
const core = KnowledgeCore.create();
for (const f of readdirSync('examples').filter((f) => !f.includes('expected'))) {
  const log = JSON.parse(readFileSync('examples/' + f, 'utf8'));
  const exp = JSON.parse(readFileSync('examples/' + f.replace('.json', '.expected.json'), 'utf8'));
  const game = parseGame(log);
  const store = constraintsOf(game);
  const t0 = performance.now();
  const ok = core.load(store);
  const oc = core.ownerCounts();
  const ec = core.envelopeCounts();
  const t1 = performance.now();
  let maxErr = 0;
  const W = store.nSeats + 2;
  game.deck.cards.forEach((card, c) => {
    const row = exp.cards[card];
    exp.owners.forEach((owner: string, k: number) => {
      const idx = owner === 'envelope' ? store.nSeats : owner === 'table' ? store.nSeats + 1 : k;
      maxErr = Math.max(maxErr, Math.abs(oc[c * W + idx] / core.count() - row[owner]));
    });
  });
  const sols = [...ec].map((v, i) => [i, v / core.count()]).filter((x) => x[1] > 0);
  let solErr = 0;
  // compare to expected solutions
  const sizes = game.deck.categories.map((c) => c.cards.length);
  for (const s of exp.solutions) {
    let idx = 0;
    s.cards.forEach((name: string, g: number) => { idx = idx * sizes[g] + game.deck.categories[g].cards.indexOf(name); });
    solErr = Math.max(solErr, Math.abs(ec[idx] / core.count() - s.probability));
  }
  console.log(f, ok, core.count(), exp.consistentDeals, 'maxErr', maxErr.toExponential(1), 'sols', sols.length, exp.solutions.length, solErr.toExponential(1), core.dagSize(), (t1 - t0).toFixed(2) + 'ms');
}
