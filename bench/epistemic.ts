// The epistemic layer's benchmarks: the seeds' games (the OTTER course with every claim, the Java
// implementation's 60,480-world game with its common-knowledge formula) and the largest explicit
// model this machine holds in about 1 GB, with a depth-3 formula over it.
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import { makeDeck } from '../src/model/deck.js';
import { type Game } from '../src/model/game.js';
import { DEFAULT_RULES } from '../src/model/rules.js';
import { knowsInThisThread } from '../src/epistemic/knows.js';
import { buildGameModel } from '../src/epistemic/explicit/game-model.js';
import { textQueries } from '../src/epistemic/queries.js';
import { parseFormulaText } from '../src/epistemic/language/index.js';
import * as sets from '../src/epistemic/explicit/world-set.js';
import { ExplicitEvaluator } from '../src/epistemic/explicit/evaluate.js';
import { KripkeModel } from '../src/epistemic/explicit/model.js';
import { kripkeMemoryBytes } from '../src/epistemic/kripke-wasm.js';

const DIR = new URL('../examples/epistemic/', import.meta.url);

function example(name: string): { game: Game; claims: Array<{ id: string; at: number; formula: string; showcard: string }> } {
  const game = parseGame(JSON.parse(readFileSync(new URL(`${name}.json`, DIR), 'utf8')));
  const { formulas } = JSON.parse(readFileSync(new URL(`${name}.formulas.json`, DIR), 'utf8'));
  return { game, claims: formulas };
}

/** Median wall time of `runs` calls after one warm-up call. */
function timed<T>(runs: number, f: () => T): { ms: number; value: T } {
  let value = f();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = f();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], value };
}

export interface EpistemicBench {
  otter: { claims: number; ms: number; worlds: number };
  java: { worlds: number; buildMs: number; showcardMs: number; commonMs: number; commonValue: boolean; component: number };
  large: { deck: string; worlds: number; buildMs: number; bytesPerWorld: number; depth3Ms: number; formula: string; largestIn1GB: number };
}

export function benchEpistemic(): EpistemicBench {
  // The whole OTTER course: every claim, each after its own number of events (one model per time).
  const otter = example('otter-course');
  const otterQueries = otter.claims.filter((c) => c.showcard !== 'refinement').flatMap((c) => textQueries([c.formula], otter.game, c.at));
  const otterRun = timed(9, () => knowsInThisThread(otter.game, otterQueries));

  // The Java game: the model after `look`, one showcard, then C over all four agents.
  const java = example('java-game');
  const look = java.game.events.findIndex((e) => e.type === 'look') + 1;
  const build = timed(5, () => buildGameModel(java.game, look));
  const withShowcard = timed(5, () => buildGameModel(java.game, java.game.events.length));
  const names = { deck: java.game.deck, players: java.game.players };
  const someone = java.game.players.map((p) => `has(${p}, c00)`).join(' | ');
  const common = parseFormulaText(`C[${java.game.players.join(',')}] (has(envelope, c00) | ${someone})`, names);
  const m = withShowcard.value;
  const commonRun = timed(5, () => {
    // A fresh evaluator each time: nothing cached from the previous run.
    const fresh = freshEvaluator(m.model);
    return sets.contains(fresh.evaluate(common), m.point!);
  });

  // A large explicit model: 3 seats, 15 cards in three categories of 5, every deal after `look`.
  const deck = makeDeck({ A: ['A0', 'A1', 'A2', 'A3', 'A4'], B: ['B0', 'B1', 'B2', 'B3', 'B4'], C: ['C0', 'C1', 'C2', 'C3', 'C4'] });
  const spectator: Game = { deck, players: ['x', 'y', 'z'], handSizes: [4, 4, 4], faceUp: [], me: null, myHand: [], events: [], rules: DEFAULT_RULES, deal: null };
  global.gc?.();
  const before = process.memoryUsage();
  const wasmBefore = kripkeMemoryBytes();
  const t0 = performance.now();
  const big = buildGameModel(spectator, 0, { maxWorlds: 20_000_000 });
  const buildMs = performance.now() - t0;
  const after = process.memoryUsage();
  // The worlds' deals and the relations live in the Wasm kernels' memory (not among arrayBuffers): its growth counts.
  const bytes = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers + kripkeMemoryBytes() - wasmBefore;
  const depth3Text = 'K[x] M[y] K[z] !has(envelope, A0)';
  const depth3 = parseFormulaText(depth3Text, { deck, players: spectator.players });
  const t1 = performance.now();
  big.evaluator.evaluate(depth3);
  const depth3Ms = performance.now() - t1;
  const bytesPerWorld = bytes / big.model.size;

  return {
    otter: { claims: otterQueries.length, ms: otterRun.ms, worlds: Number(otterRun.value.worlds ?? 0) },
    java: {
      worlds: build.value.model.size,
      buildMs: build.ms,
      showcardMs: Math.max(0, withShowcard.ms - build.ms),
      commonMs: commonRun.ms,
      commonValue: commonRun.value,
      component: m.model.components(java.game.players.map((_, a) => a)).count,
    },
    large: { deck: '3 seats, 3 × 5 cards, after look', worlds: big.model.size, buildMs, bytesPerWorld, depth3Ms, formula: depth3Text, largestIn1GB: Math.floor(2 ** 30 / bytesPerWorld) },
  };
}

/** An evaluator over the same worlds and relations with every cache empty (components included). */
function freshEvaluator(model: KripkeModel): ExplicitEvaluator {
  return new ExplicitEvaluator(new KripkeModel(model.frame, model.dealOf, model.partitions, model.weight));
}
