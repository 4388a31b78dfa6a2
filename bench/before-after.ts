// Simulated games per second of this working tree against another commit (default: the last
// commit before positions were handles, a5d8fa3), side by side in one run: part of `npm run
// bench`, or alone with `npm run bench:compare [-- --ref REF] [-- --games N] [-- --rounds R]`.
// The other commit is checked out into a temporary git worktree and built there; each round runs
// one child process per implementation (taking turns), one thread each, which plays both workloads
// in alternating slices, so that their ratio is measured under the same conditions; the median of
// the rounds is reported.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = fileURLToPath(new URL('..', import.meta.url));
export const BASELINE_REF = 'a5d8fa3';

export interface BeforeAfterRow {
  agents: string;
  /** Games per CPU second. */
  before: number;
  after: number;
  ratio: number;
  /** CPU milliseconds per turn played: the games of two versions may differ in length. */
  msPerTurnBefore: number;
  msPerTurnAfter: number;
  /** This tree: the share of the CPU time spent scoring drawn deals (Position.eig). */
  scoringShareAfter: number;
}

function workloads(games: number): Workload[] {
  return [
    { name: 'deductive ×6', agents: ['deductive'], games },
    { name: 'entropy + deductive ×5', agents: ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], games: Math.max(10, Math.round(games / 3)) },
  ];
}

interface Workload {
  name: string;
  agents: string[];
  games: number;
}

interface Measured {
  gamesPerSec: number;
  msPerTurn: number;
  /** The share of the CPU time spent scoring drawn deals (Position.eig), where the build has it. */
  scoringShare: number;
}

/** Slices each workload is played in, the workloads alternating. */
const SLICES = 5;

/**
 * Games per CPU second of each workload on the build at `root`, in a fresh process: one thread, in
 * process, after a few warm-up games of each. The workloads are played in SLICES alternating
 * slices (each its own games, in order), so that a ratio of two of them is not a ratio of two
 * stretches of time on a shared machine. CPU time rather than wall time, so that other processes
 * on the machine count less.
 */
function measureWorkloads(root: string, loads: readonly Workload[]): Measured[] {
  const script = `
    import { existsSync } from 'node:fs';
    const root = ${JSON.stringify(root)};
    const corePath = ['dist/knowledge/wasm-core.js', 'dist/core/wasm-core.js'].find((p) => existsSync(root + '/' + p));
    const { KnowledgeCore, Position } = await import(root + '/' + corePath);
    const { playTournamentGames } = await import(root + '/dist/tournament/play.js');
    const { CLASSIC_CATEGORIES } = await import(root + '/' + ['dist/model/deck.js', 'dist/core/deck.js'].find((p) => existsSync(root + '/' + p)));
    const loads = ${JSON.stringify(loads)};
    const configs = loads.map((w) => ({ deck: CLASSIC_CATEGORIES, players: 6, agents: w.agents, maxTurns: 300 }));
    const cores = loads.map(() => KnowledgeCore.create());
    configs.forEach((config, i) => playTournamentGames(config, 99, 0, 5, cores[i]));
    // The CPU time of scoring drawn deals (Position.eig), where the build has the class: what a
    // faster scoring could save at most.
    const scoring = loads.map(() => 0);
    let current = 0;
    if (Position?.prototype?.eig) {
      const eig = Position.prototype.eig;
      Position.prototype.eig = function (...args) {
        const t = process.cpuUsage();
        try { return eig.apply(this, args); } finally { const d = process.cpuUsage(t); scoring[current] += (d.user + d.system) / 1e6; }
      };
    }
    const seconds = loads.map(() => 0);
    const turns = loads.map(() => 0);
    for (let slice = 0; slice < ${SLICES}; slice++) {
      loads.forEach((w, i) => {
        current = i;
        const before = process.cpuUsage();
        const results = playTournamentGames(configs[i], 1, Math.floor((w.games * slice) / ${SLICES}), Math.floor((w.games * (slice + 1)) / ${SLICES}), cores[i]);
        const used = process.cpuUsage(before);
        seconds[i] += (used.user + used.system) / 1e6;
        turns[i] += results.reduce((n, r) => n + r.turns, 0);
      });
    }
    console.log(JSON.stringify(loads.map((w, i) => ({ gamesPerSec: w.games / seconds[i], msPerTurn: (seconds[i] * 1000) / turns[i], scoringShare: scoring[i] / seconds[i] }))));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`measuring ${root} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim()) as Measured[];
}

/** The two versions' rows, and the entropy agent's share (see entropyShareLine). */
export interface BeforeAfter {
  rows: BeforeAfterRow[];
  /**
   * One entropy agent among five deductive, in games per second, as a share of six deductive
   * agents': per version, the median over rounds of the share measured within one process.
   */
  share: { before: number; after: number };
}

/** The entropy agent's share as one line of a report, with its target, and the most a faster scoring of drawn deals could reach. */
export function entropyShareLine({ rows, share }: BeforeAfter): string {
  const entropy = rows.find((r) => r.agents === 'entropy + deductive ×5')!;
  const ceiling = share.after / (1 - entropy.scoringShareAfter);
  return (
    `one entropy agent among five deductive, as a share of six deductive agents' games per second: ${(100 * share.before).toFixed(1)}% before, ${(100 * share.after).toFixed(1)}% after (target ≥ 40%); ` +
    `scoring drawn deals takes ${(100 * entropy.scoringShareAfter).toFixed(0)}% of its CPU time, so free scoring would reach ${(100 * ceiling).toFixed(1)}%`
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/** Games per CPU second, one thread, of `ref` and of this tree, measured in turns. */
export function benchBeforeAfter(ref = BASELINE_REF, games = 300, rounds = 5, log: (line: string) => void = () => {}): BeforeAfter {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-before-'));
  const before = join(dir, 'tree');
  try {
    log(`building ${ref} in ${before} ...`);
    execFileSync('git', ['worktree', 'add', '--detach', before, ref], { cwd: HERE, stdio: 'ignore' });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: before, stdio: 'ignore' });
    if (!existsSync(join(before, 'dist'))) execFileSync('npm', ['run', 'build'], { cwd: before, stdio: 'ignore' });
    const loads = workloads(games);
    const old: Measured[][] = [];
    const now: Measured[][] = [];
    for (let r = 0; r < rounds; r++) {
      // the versions in turns, the first alternating
      for (const [root, into] of r % 2 === 0 ? ([[before, old], [HERE, now]] as const) : ([[HERE, now], [before, old]] as const)) into.push(measureWorkloads(root, loads));
    }
    const rows = loads.map((w, i) => {
      const [a, b] = [median(old.map((m) => m[i].gamesPerSec)), median(now.map((m) => m[i].gamesPerSec))];
      return {
        agents: w.name,
        before: a,
        after: b,
        ratio: b / a,
        msPerTurnBefore: median(old.map((m) => m[i].msPerTurn)),
        msPerTurnAfter: median(now.map((m) => m[i].msPerTurn)),
        scoringShareAfter: median(now.map((m) => m[i].scoringShare)),
      };
    });
    const share = (measured: Measured[][]) => median(measured.map((m) => m[1].gamesPerSec / m[0].gamesPerSec));
    return { rows, share: { before: share(old), after: share(now) } };
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: HERE, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: { ref: { type: 'string', default: BASELINE_REF }, games: { type: 'string', default: '300' }, rounds: { type: 'string', default: '5' } },
  });
  const result = benchBeforeAfter(args.ref, Number(args.games), Number(args.rounds), console.log);
  console.log(`\nSix-player games per CPU second (and CPU ms per turn), one thread, median of ${args.rounds} rounds taken in turns`);
  console.log(`${'agents'.padEnd(26)} ${args.ref.padStart(18)} ${'this tree'.padStart(18)}   ratio`);
  for (const r of result.rows) {
    const cell = (g: number, ms: number) => `${g.toFixed(1)} (${ms.toFixed(2)} ms)`.padStart(18);
    console.log(`${r.agents.padEnd(26)} ${cell(r.before, r.msPerTurnBefore)} ${cell(r.after, r.msPerTurnAfter)}   ${r.ratio.toFixed(2)}×`);
  }
  console.log(entropyShareLine(result));
}
