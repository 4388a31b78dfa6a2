// Simulated games per second of this working tree against another commit (default: the last
// commit before positions were handles, a5d8fa3), side by side in one run: part of `npm run
// bench`, or alone with `npm run bench:compare [-- --ref REF] [-- --games N] [-- --rounds R]`.
// The other commit is checked out into a temporary git worktree and built there; each
// measurement runs in a child process of its own, the two implementations taking turns, one
// thread each, and the median of the rounds is reported.
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

function workloads(games: number): Array<{ name: string; agents: string[]; games: number }> {
  return [
    { name: 'deductive ×6', agents: ['deductive'], games },
    { name: 'entropy + deductive ×5', agents: ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], games: Math.max(10, Math.round(games / 3)) },
  ];
}

/**
 * Games per CPU second of the build at `root`, in a fresh process: one thread, in process, after a
 * few warm-up games. CPU time rather than wall time, so other processes on the machine count less.
 */
function gamesPerSecond(root: string, agents: string[], games: number): { gamesPerSec: number; msPerTurn: number; scoringShare: number } {
  const script = `
    import { existsSync } from 'node:fs';
    const root = ${JSON.stringify(root)};
    const corePath = ['dist/knowledge/wasm-core.js', 'dist/core/wasm-core.js'].find((p) => existsSync(root + '/' + p));
    const { KnowledgeCore } = await import(root + '/' + corePath);
    const { playTournamentGames } = await import(root + '/dist/tournament/play.js');
    const { CLASSIC_CATEGORIES } = await import(root + '/' + ['dist/model/deck.js', 'dist/core/deck.js'].find((p) => existsSync(root + '/' + p)));
    const config = { deck: CLASSIC_CATEGORIES, players: 6, agents: ${JSON.stringify(agents)}, maxTurns: 300 };
    const core = KnowledgeCore.create();
    playTournamentGames(config, 99, 0, 5, core);
    // The CPU time of scoring drawn deals (Position.eig), where the build has the class: what a
    // faster scoring could save at most.
    const { Position } = await import(root + '/' + corePath);
    let scoring = 0;
    if (Position?.prototype?.eig) {
      const eig = Position.prototype.eig;
      Position.prototype.eig = function (...args) {
        const t = process.cpuUsage();
        try { return eig.apply(this, args); } finally { const d = process.cpuUsage(t); scoring += (d.user + d.system) / 1e6; }
      };
    }
    const before = process.cpuUsage();
    const results = playTournamentGames(config, 1, 0, ${games}, core);
    const used = process.cpuUsage(before);
    const seconds = (used.user + used.system) / 1e6;
    const turns = results.reduce((n, r) => n + r.turns, 0);
    console.log(JSON.stringify({ gamesPerSec: ${games} / seconds, msPerTurn: (seconds * 1000) / turns, scoringShare: scoring / seconds }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`measuring ${root} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim()) as { gamesPerSec: number; msPerTurn: number; scoringShare: number };
}

/** One entropy agent among five deductive ones, in games per second, as a share of six deductive agents': before and after. */
export function entropyShare(rows: readonly BeforeAfterRow[]): { before: number; after: number } {
  const deductive = rows.find((r) => r.agents === 'deductive ×6')!;
  const entropy = rows.find((r) => r.agents === 'entropy + deductive ×5')!;
  return { before: entropy.before / deductive.before, after: entropy.after / deductive.after };
}

/** entropyShare as one line of a report, with its target, and the most a faster scoring of drawn deals could reach. */
export function entropyShareLine(rows: readonly BeforeAfterRow[]): string {
  const share = entropyShare(rows);
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
export function benchBeforeAfter(ref = BASELINE_REF, games = 300, rounds = 5, log: (line: string) => void = () => {}): BeforeAfterRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-before-'));
  const before = join(dir, 'tree');
  try {
    log(`building ${ref} in ${before} ...`);
    execFileSync('git', ['worktree', 'add', '--detach', before, ref], { cwd: HERE, stdio: 'ignore' });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: before, stdio: 'ignore' });
    if (!existsSync(join(before, 'dist'))) execFileSync('npm', ['run', 'build'], { cwd: before, stdio: 'ignore' });
    // Every round measures every workload, both versions in turns: a ratio of two workloads is
    // then not the ratio of two stretches of time on a shared machine.
    const loads = workloads(games).map((w) => ({ w, old: [] as Array<{ gamesPerSec: number; msPerTurn: number }>, now: [] as Array<{ gamesPerSec: number; msPerTurn: number; scoringShare: number }> }));
    for (let r = 0; r < rounds; r++) {
      for (const { w, old, now } of loads) {
        old.push(gamesPerSecond(before, w.agents, w.games));
        now.push(gamesPerSecond(HERE, w.agents, w.games));
      }
    }
    return loads.map(({ w, old, now }) => {
      const [a, b] = [median(old.map((x) => x.gamesPerSec)), median(now.map((x) => x.gamesPerSec))];
      return {
        agents: w.name,
        before: a,
        after: b,
        ratio: b / a,
        msPerTurnBefore: median(old.map((x) => x.msPerTurn)),
        msPerTurnAfter: median(now.map((x) => x.msPerTurn)),
        scoringShareAfter: median(now.map((x) => x.scoringShare)),
      };
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: HERE, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: { ref: { type: 'string', default: BASELINE_REF }, games: { type: 'string', default: '300' }, rounds: { type: 'string', default: '5' } },
  });
  const rows = benchBeforeAfter(args.ref, Number(args.games), Number(args.rounds), console.log);
  console.log(`\nSix-player games per CPU second (and CPU ms per turn), one thread, median of ${args.rounds} rounds taken in turns`);
  console.log(`${'agents'.padEnd(26)} ${args.ref.padStart(18)} ${'this tree'.padStart(18)}   ratio`);
  for (const r of rows) {
    const cell = (g: number, ms: number) => `${g.toFixed(1)} (${ms.toFixed(2)} ms)`.padStart(18);
    console.log(`${r.agents.padEnd(26)} ${cell(r.before, r.msPerTurnBefore)} ${cell(r.after, r.msPerTurnAfter)}   ${r.ratio.toFixed(2)}×`);
  }
  console.log(entropyShareLine(rows));
}
