// Where the symbolic engine's fresh variables (one set per showcard) enter the variable order:
// below every variable, just below the block of the showcard's last named card, or just above the
// block of its first. For each placement, on the six-player examples (P0's logs), the law's nodes
// after each event, the build time, and the time of a nested K and of a C formula (the observer's
// exact probability). `tsx bench/symbolic-order.ts [placement…]`
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import { textQueries } from '../src/epistemic/queries.js';
import { SymbolicEngine } from '../src/epistemic/symbolic/engine.js';
import type { Placement } from '../src/epistemic/symbolic/game-structure.js';
import { DiagramsTooLargeError } from '../src/epistemic/symbolic/bdd.js';

const POSITIONS = ['classic-6p-early', 'classic-6p-late'];
const FORMULAS = ['K[P1] K[P2] has(P3, Ballroom)', 'C[P0,P1] !has(P0, Wrench)'];
const placements = (process.argv.slice(2).length ? process.argv.slice(2) : ['bottom', 'below', 'above', 'beside']) as Placement[];

for (const position of POSITIONS) {
  const game = parseGame(JSON.parse(readFileSync(new URL(`../examples/${position}.json`, import.meta.url), 'utf8')));
  for (const placement of placements) {
    const engine = new SymbolicEngine(game, game.events.length, { placement });
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
      console.log(`${position} ${placement}: built in ${built.toFixed(2)} s, ${worlds} worlds, ${s.variables} variables, law ${s.lawNodes} nodes, peak ${s.peakNodes}`);
      console.log(`  law nodes after each event: ${s.lawNodesAfterEvent.join(' ')}`);
      for (const line of times) console.log(`  ${line}`);
      console.log(`  peak nodes after the formulas: ${engine.stats().peakNodes}`);
    } catch (e) {
      if (!(e instanceof DiagramsTooLargeError)) throw e;
      console.log(`${position} ${placement}: ${e.message}`);
    } finally {
      engine.dispose();
    }
  }
}
