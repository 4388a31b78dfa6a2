// The advice a player asks for at the table, timed on the example positions: which card to show
// (target: 50 ms) and whether to accuse (the exact count plus the opponents' knowledge). Medians
// of repeated calls after a warm-up, in this thread, on the thread's shared core.
import { readFileSync } from 'node:fs';
import { parseGame } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { refutationAdvice } from '../src/analysis/refute-advice.js';
import { accusationAdvice } from '../src/analysis/accuse-advice.js';

const POSITIONS = ['classic-6p-early', 'classic-5p-mid', 'classic-6p-late', 'classic-4p-faceup'];
export const REFUTE_TARGET_MS = 50;

export interface AdviceRow {
  position: string;
  refuteMs: number;
  accuseMs: number;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timed(f: () => unknown, runs: number): number {
  for (let i = 0; i < 2; i++) f(); // warm-up: the first calls run on V8's baseline compiler
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** A refutation of the observer's next neighbour's suggestion naming one of the observer's cards in every category it holds one of. */
function refutation(game: Game) {
  const { deck } = game;
  const cards = deck.categories.map((_, g) => game.myHand.find((c) => deck.categoryOf[c] === g) ?? deck.cards.findIndex((_, c) => deck.categoryOf[c] === g));
  return { suggester: (game.me! + 1) % game.players.length, cards };
}

export function benchAdvice(runs = 9): AdviceRow[] {
  return POSITIONS.map((position) => {
    const game = parseGame(JSON.parse(readFileSync(new URL(`../examples/${position}.json`, import.meta.url), 'utf8')));
    const request = refutation(game);
    return {
      position,
      refuteMs: timed(() => refutationAdvice(game, request), runs),
      accuseMs: timed(() => accusationAdvice(game, { seed: 1 }), Math.max(3, Math.floor(runs / 3))),
    };
  });
}

export function printAdvice(rows: AdviceRow[]): void {
  console.log(`\nAdvice at the table (median ms; which card to show, target ${REFUTE_TARGET_MS} ms):`);
  for (const r of rows) {
    const mark = r.refuteMs <= REFUTE_TARGET_MS ? '' : `  (over the ${REFUTE_TARGET_MS} ms target)`;
    console.log(`  ${r.position.padEnd(18)}  refute ${r.refuteMs.toFixed(1).padStart(7)} ms${mark}   accuse ${r.accuseMs.toFixed(1).padStart(7)} ms`);
  }
}
