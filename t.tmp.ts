import { playGame } from './src/game/engine.ts';
import { CLASSIC_DECK } from './src/core/deck.ts';
import { Random } from './src/core/random.ts';
import { KnowledgeCore } from './src/core/wasm-core.ts';
import { createAgent, parseAgentSpec } from './src/agents/registry.ts';
import { analyze } from './src/inference/analyze.ts';
const core = KnowledgeCore.create();
for (const kinds of [['deductive'], ['naive'], ['random'], ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive']]) {
  const t = performance.now(); let turns = 0, wins = 0; const G = kinds[0] === 'entropy' ? 10 : 100;
  for (let g = 0; g < G; g++) {
    const agents = Array.from({ length: 6 }, (_, s) => createAgent(parseAgentSpec(kinds[s % kinds.length]), new Random(7, g, s), core));
    const { result, views } = playGame({ deck: CLASSIC_DECK, players: ['a', 'b', 'c', 'd', 'e', 'f'], maxTurns: 600 }, agents, new Random(7, g), g);
    turns += result.turns; if (result.winner !== null) wins++;
    if (g === 0) { const a = analyze(views[0].toLog()); if (a.consistentDeals! < 1) throw new Error('bad'); }
  }
  console.log(kinds.join(','), 'games/s', (G / ((performance.now() - t) / 1000)).toFixed(1), 'mean turns', (turns / G).toFixed(1), 'wins', wins);
}
