// `npm run bench:compare [-- --ref REF] [-- --games N] [-- --rounds R]`: simulated games per second
// of this working tree against another commit (default: the last commit before positions were
// handles, a5d8fa3), side by side in one run. The other commit is checked out into a temporary
// git worktree and built there; each measurement runs in a child process of its own, the two
// implementations taking turns, one thread each, and the median of the rounds is reported.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { ref: { type: 'string', default: 'a5d8fa3' }, games: { type: 'string', default: '300' }, rounds: { type: 'string', default: '5' } },
});
const HERE = fileURLToPath(new URL('..', import.meta.url));
const GAMES = Number(args.games);
const ROUNDS = Number(args.rounds);

const WORKLOADS: Array<{ name: string; agents: string[]; games: number }> = [
  { name: 'deductive ×6', agents: ['deductive'], games: GAMES },
  { name: 'entropy + deductive ×5', agents: ['entropy', 'deductive', 'deductive', 'deductive', 'deductive', 'deductive'], games: Math.max(10, Math.round(GAMES / 10)) },
];

/**
 * Games per CPU second of the build at `root`, in a fresh process: one thread, in process, after a
 * few warm-up games. CPU time rather than wall time, so other processes on the machine count less.
 */
function gamesPerSecond(root: string, agents: string[], games: number): number {
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
    const before = process.cpuUsage();
    playTournamentGames(config, 1, 0, ${games}, core);
    const used = process.cpuUsage(before);
    console.log(${games} / ((used.user + used.system) / 1e6));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`measuring ${root} failed: ${run.stderr}`);
  return Number(run.stdout.trim());
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

const dir = mkdtempSync(join(tmpdir(), 'cluedo-before-'));
const before = join(dir, 'tree');
try {
  console.log(`building ${args.ref} in ${before} ...`);
  execFileSync('git', ['worktree', 'add', '--detach', before, args.ref], { cwd: HERE, stdio: 'ignore' });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: before, stdio: 'ignore' });
  if (!existsSync(join(before, 'dist'))) execFileSync('npm', ['run', 'build'], { cwd: before, stdio: 'ignore' });
  console.log(`\nSix-player games per CPU second, one thread, median of ${ROUNDS} rounds taken in turns`);
  console.log(`${'agents'.padEnd(26)} ${args.ref.padStart(10)} ${'this tree'.padStart(10)}   ratio`);
  for (const w of WORKLOADS) {
    const old: number[] = [];
    const now: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      old.push(gamesPerSecond(before, w.agents, w.games));
      now.push(gamesPerSecond(HERE, w.agents, w.games));
    }
    const [a, b] = [median(old), median(now)];
    console.log(`${w.name.padEnd(26)} ${a.toFixed(1).padStart(10)} ${b.toFixed(1).padStart(10)}   ${(b / a).toFixed(2)}×`);
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: HERE, stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
