// Where the symbolic engine's fresh variables (one set per showcard) enter the variable order:
// below every variable, just below the block of the showcard's last named card, just above the
// block of its first, or each beside its card; and one-hot against binary choice variables. For
// each, on the six-player examples (P0's logs): the law's nodes after each event, the build time,
// and the time of a nested K and of a C formula (the observer's exact probability).
// `tsx bench/symbolic-order.ts [placement or binary:placement…]`
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import { textQueries } from '../src/epistemic/queries.js';
import { SymbolicEngine } from '../src/epistemic/symbolic/engine.js';
import type { ChoiceEncoding, Placement } from '../src/epistemic/symbolic/game-structure.js';
import { DiagramsTooLargeError } from '../src/epistemic/symbolic/bdd.js';

const POSITIONS = ['classic-6p-early', 'classic-6p-late'];
const FORMULAS = ['K[P1] K[P2] has(P3, Ballroom)', 'C[P0,P1] !has(P0, Wrench)'];
// one-hot choice variables at each placement, then binary ones (a block: beside is below for them)
const variants = (process.argv.slice(2).length ? process.argv.slice(2) : ['bottom', 'below', 'above', 'beside', 'binary:below', 'binary:above']).map((v) => {
  const [choices, placement] = v.includes(':') ? v.split(':') : ['one-hot', v];
  return { choices: choices as ChoiceEncoding, placement: placement as Placement };
});

for (const position of POSITIONS) {
  const game = parseGame(JSON.parse(readFileSync(new URL(`../examples/${position}.json`, import.meta.url), 'utf8')));
  for (const { choices, placement } of variants) {
    const engine = new SymbolicEngine(game, game.events.length, { placement, choices, sizes: true });
    try {
      const started = performance.now();
      const worlds = engine.worlds;
      const built = (performance.now() - started) / 1000;
      const times = textQueries(FORMULAS, game, null).map(({ formula, text }) => {
        const t = performance.now();
        const { probability } = engine.probability(formula);
        return `${text}: ${((performance.now() - t) / 1000).toFixed(2)} s (P = ${probability.toFixed(6)})`;
      });
      const s = engine.stats();
      console.log(`${position} ${choices} ${placement}: built in ${built.toFixed(2)} s, ${worlds} worlds, ${s.variables} variables, law ${s.lawNodes} nodes, peak ${s.peakNodes}`);
      console.log(`  law nodes after each event: ${s.lawNodesAfterEvent.join(' ')}`);
      for (const line of times) console.log(`  ${line}`);
      console.log(`  peak nodes after the formulas: ${engine.stats().peakNodes}`);
    } catch (e) {
      if (!(e instanceof DiagramsTooLargeError)) throw e;
      console.log(`${position} ${choices} ${placement}: ${e.message}`);
    } finally {
      engine.dispose();
    }
  }
}
