// `npx tsx bench/scoring.ts [--ref REF] [--games N] [--rounds R]`: the scoring of every suggestion
// on a set of deals (Position.eig), this tree against another commit, side by side in one process.
// Records the decisions of one `entropy` agent among five `deductive` ones in N six-player games
// (its position and the deals it scored, or 5,000 drawn deals where it listed fewer), then times
// both versions' kernels on the same calls, alternating call by call, R rounds; then the same on a
// wide deck (9 seats, 6 categories: 21,875 suggestions, 2,000 drawn deals at the first turn, where
// nearly every deal has an envelope of its own). Checks that the two give the same figures. The
// other commit is checked out into a temporary git worktree and only its Wasm core is built there.
// One thread, CPU time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { KnowledgeCore, Position } from '../src/knowledge/wasm-core.js';
import type { ConstraintStore } from '../src/knowledge/constraints.js';
import { playTournamentGames } from '../src/tournament/play.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { combinationCount } from '../src/knowledge/tallies.js';
import { wideDeckFirstTurn } from '../test/support/large-positions.js';

const { values: args } = parseArgs({ options: { ref: { type: 'string', default: 'fd397c2' }, games: { type: 'string', default: '12' }, rounds: { type: 'string', default: '5' } } });
const HERE = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(args.rounds);

interface Call {
  store: ConstraintStore;
  deals: Uint32Array;
  suggester: number;
  shownTo: number[];
  suggestions: number;
}

// The calls: the agent's own, each with at least 5,000 deals so that every call is a real scoring.
const calls: Call[] = [];
const eig = Position.prototype.eig;
Position.prototype.eig = function (this: Position, deals, suggester, model, shownTo, qFrom, qTo, sampled) {
  const n = deals.length / (this.store.nSeats + 2);
  calls.push({ store: this.store, deals: n >= 5000 ? deals.slice() : this.sample(5000, calls.length + 1), suggester, shownTo: [...shownTo], suggestions: 324 });
  return eig.call(this, deals, suggester, model, shownTo, qFrom, qTo, sampled);
};
const config = { deck: CLASSIC_CATEGORIES, players: 6, agents: ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], maxTurns: 300 };
playTournamentGames(config, 1, 0, Number(args.games), KnowledgeCore.create());
Position.prototype.eig = eig;

const wideGame = wideDeckFirstTurn();
const wideStore = constraintsOf(wideGame);
const wide: Call[] = [{ store: wideStore, deals: KnowledgeCore.create().load(wideStore).sample(2000, 1), suggester: 0, shownTo: new Array<number>(9).fill(0), suggestions: combinationCount(wideGame.deck.categoryMasks) }];

const dir = mkdtempSync(join(tmpdir(), 'cluedo-scoring-'));
const other = join(dir, 'tree');
try {
  execFileSync('git', ['worktree', 'add', '--detach', other, args.ref], { cwd: HERE, stdio: 'ignore' });
  symlinkSync(join(HERE, 'node_modules'), join(other, 'node_modules'));
  execFileSync(join(HERE, 'node_modules', '.bin', 'asc'), ['assembly/index.ts', '--target', 'release'], { cwd: other, stdio: 'ignore' });
  const sides = await Promise.all(
    [other, HERE].map(async (root) => {
      const module = (await import(join(root, 'src/knowledge/wasm-core.ts'))) as { KnowledgeCore: typeof KnowledgeCore };
      return module.KnowledgeCore.create();
    }),
  );
  compare('decisions of an entropy agent (' + args.games + ' games), each scored on its deals', calls, ROUNDS);
  compare('scoring on the wide deck', wide, 1);

  /** Times both kernels on the calls, alternating call by call, and checks they agree. */
  function compare(what: string, list: Call[], rounds: number): void {
    const positions = sides.map((core) => list.map((c) => core.load(c.store)));
    // An older kernel takes no `sampled` argument: the figures compared are the uncorrected ones.
    const score = (side: number, i: number) => positions[side][i].eig(list[i].deals, list[i].suggester, 0, list[i].shownTo, 0, list[i].suggestions, false);
    let difference = 0;
    list.forEach((_, i) => {
      const [a, b] = [0, 1].map((side) => score(side, i));
      for (let k = 0; k < a.length; k++) difference = Math.max(difference, Math.abs(a[k] - b[k]));
    });
    const ms = [0, 0];
    for (let round = 0; round < rounds; round++) {
      list.forEach((_, i) => {
        for (const side of round % 2 ? [1, 0] : [0, 1]) {
          const started = process.cpuUsage();
          score(side, i);
          const used = process.cpuUsage(started);
          ms[side] += (used.user + used.system) / 1000;
        }
      });
    }
    for (const side of positions) for (const position of side) position.dispose();
    const [before, now] = ms.map((total) => total / rounds / list.length);
    console.log(`${list.length} ${what}, ${rounds} round${rounds === 1 ? '' : 's'} alternating call by call:`);
    console.log(`  ${args.ref}: ${before.toFixed(2)} ms a call; this tree: ${now.toFixed(2)} ms; ${(before / now).toFixed(2)}× (largest difference of a figure: ${difference.toExponential(1)})`);
    if (!(difference <= 1e-12)) {
      console.error(`the two versions disagree by ${difference} on some figure`);
      process.exitCode = 1;
    }
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', other], { cwd: HERE, stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
