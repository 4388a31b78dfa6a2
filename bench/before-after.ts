// The agents' speed targets, measured side by side in one run against another commit (default:
// BASELINE_REF, the last one before the information agents' speed work): games per CPU second of
// six deductive agents, of one entropy agent among deductive ones and of one planner among them,
// at six, four and three players and on the classic board; and each information agent's share of
// the deductive agents' games per second (targets: entropy ≥ 80%, planner ≥ 50%). Part of `npm
// run bench`, alone with `npm run bench -- --targets-only`, or `npm run bench:compare [-- --ref REF]
// [-- --games N] [-- --rounds R]`. The other commit is checked out into a temporary git worktree and
// built there; each round runs one child process per version (taking turns), one thread each,
// which plays every workload in alternating slices, so that ratios are measured under the same
// conditions; the median of the rounds is reported.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = fileURLToPath(new URL('..', import.meta.url));
/** The last commit before suggestions a position cannot tell apart were scored once, and before the sampled engine's near deals. */
export const BASELINE_REF = '086baac';

/** Where games are played: the card game at a number of players, or the classic board. */
export interface Setting {
  name: string;
  players: number;
  board: boolean;
}

export const SETTINGS: readonly Setting[] = [
  { name: 'six players', players: 6, board: false },
  { name: 'four players', players: 4, board: false },
  { name: 'three players', players: 3, board: false },
  { name: 'six players, board', players: 6, board: true },
];

/** The agent measured among deductive ones (none: deductive agents only), and its target share. */
const MEASURED = [
  { agent: null, target: null },
  { agent: 'entropy', target: 0.8 },
  { agent: 'planner', target: 0.5 },
] as const;

interface Workload {
  setting: Setting;
  agent: string | null;
  agents: string[];
  games: number;
}

function workloads(games: number): Workload[] {
  return SETTINGS.flatMap((setting) =>
    MEASURED.map(({ agent }) => ({
      setting,
      agent,
      // Seats rotate through the list, so every game has exactly one measured agent.
      agents: agent === null ? ['deductive'] : [agent, ...Array<string>(setting.players - 1).fill('deductive')],
      // The same games (deals, seeds) for deductive agents alone and with the entropy agent, whose
      // share compares them; fewer of the planner's, which is slower.
      games: agent === 'planner' ? Math.max(4, Math.round(games / 6)) : games,
    })),
  );
}

interface Measured {
  gamesPerSec: number;
  msPerTurn: number;
}

/** Slices each workload is played in, the workloads alternating. */
const SLICES = 4;

/**
 * Games per CPU second of each workload on the build at `root`, in a fresh process: one thread, in
 * process, after a few warm-up games of each. The workloads are played in SLICES alternating
 * slices (each its own games, in order), so that a ratio of two of them is not a ratio of two
 * stretches of time on a shared machine. CPU time rather than wall time, so that other processes
 * on the machine count less.
 */
function measureWorkloads(root: string, loads: readonly Workload[]): Measured[] {
  const script = `
    const root = ${JSON.stringify(root)};
    const { KnowledgeCore } = await import(root + '/dist/knowledge/wasm-core.js');
    const { playTournamentGames } = await import(root + '/dist/tournament/play.js');
    const { CLASSIC_CATEGORIES } = await import(root + '/dist/model/deck.js');
    const { DEFAULT_BOARD_RULES } = await import(root + '/dist/game/board/movement.js');
    const loads = ${JSON.stringify(loads)};
    const configs = loads.map((w) => ({ deck: CLASSIC_CATEGORIES, players: w.setting.players, agents: w.agents, maxTurns: 600, ...(w.setting.board && { board: DEFAULT_BOARD_RULES }) }));
    const cores = loads.map(() => KnowledgeCore.create());
    configs.forEach((config, i) => playTournamentGames(config, 99, 0, 3, cores[i]));
    const seconds = loads.map(() => 0);
    const turns = loads.map(() => 0);
    for (let slice = 0; slice < ${SLICES}; slice++) {
      loads.forEach((w, i) => {
        const before = process.cpuUsage();
        const results = playTournamentGames(configs[i], 1, Math.floor((w.games * slice) / ${SLICES}), Math.floor((w.games * (slice + 1)) / ${SLICES}), cores[i]);
        const used = process.cpuUsage(before);
        seconds[i] += (used.user + used.system) / 1e6;
        turns[i] += results.reduce((n, r) => n + r.turns, 0);
      });
    }
    console.log(JSON.stringify(loads.map((w, i) => ({ gamesPerSec: w.games / seconds[i], msPerTurn: (seconds[i] * 1000) / turns[i] }))));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`measuring ${root} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim()) as Measured[];
}

export interface BeforeAfterRow {
  setting: string;
  /** 'deductive' for deductive agents only, else the agent among them. */
  agents: string;
  /** Games per CPU second. */
  before: number;
  after: number;
  ratio: number;
  /** CPU milliseconds per turn played: the games of two versions may differ in length. */
  msPerTurnBefore: number;
  msPerTurnAfter: number;
}

export interface ShareRow {
  setting: string;
  agent: string;
  /** Its games per second as a share of deductive agents' alone: per version, the median over rounds of the share measured within one process. */
  before: number;
  after: number;
  target: number;
}

export interface BeforeAfter {
  ref: string;
  rounds: number;
  rows: BeforeAfterRow[];
  shares: ShareRow[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/** Games per CPU second, one thread, of `ref` and of this tree, for every workload. */
export function benchBeforeAfter(ref = BASELINE_REF, games = 90, rounds = 5, log: (line: string) => void = () => {}): BeforeAfter {
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
      log(`round ${r + 1} of ${rounds} ...`);
      // the versions in turns, the first alternating
      for (const [root, into] of r % 2 === 0 ? ([[before, old], [HERE, now]] as const) : ([[HERE, now], [before, old]] as const)) into.push(measureWorkloads(root, loads));
    }
    const rows = loads.map((w, i): BeforeAfterRow => {
      const [a, b] = [median(old.map((m) => m[i].gamesPerSec)), median(now.map((m) => m[i].gamesPerSec))];
      return {
        setting: w.setting.name,
        agents: w.agent ?? 'deductive',
        before: a,
        after: b,
        ratio: b / a,
        msPerTurnBefore: median(old.map((m) => m[i].msPerTurn)),
        msPerTurnAfter: median(now.map((m) => m[i].msPerTurn)),
      };
    });
    const shares = loads.flatMap((w, i): ShareRow[] => {
      const target = MEASURED.find((m) => m.agent === w.agent)!.target;
      if (w.agent === null || target === null) return [];
      const deductive = loads.findIndex((d) => d.setting === w.setting && d.agent === null);
      const share = (measured: Measured[][]) => median(measured.map((m) => m[i].gamesPerSec / m[deductive].gamesPerSec));
      return [{ setting: w.setting.name, agent: w.agent, before: share(old), after: share(now), target }];
    });
    return { ref, rounds, rows, shares };
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: HERE, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The report's lines: games per second by setting and agent, then each agent's share against its target. */
export function beforeAfterLines({ ref, rounds, rows, shares }: BeforeAfter): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return [
    `Games per CPU second (CPU ms per turn), one thread, ${ref} vs this tree, median of ${rounds} rounds taken in turns`,
    ...rows.map(
      (r) =>
        `  ${r.setting.padEnd(20)} ${(r.agents === 'deductive' ? 'deductive only' : `${r.agents} + deductive`).padEnd(22)} ${r.before.toFixed(1).padStart(7)} (${r.msPerTurnBefore.toFixed(2)} ms) vs ${r.after.toFixed(1).padStart(7)} (${r.msPerTurnAfter.toFixed(2)} ms)   ${r.ratio.toFixed(2)}×`,
    ),
    "Games per second with one agent among deductive ones, as a share of deductive agents' alone",
    ...shares.map(
      (s) => `  ${s.setting.padEnd(20)} ${s.agent.padEnd(8)} ${pct(s.before).padStart(6)} before, ${pct(s.after).padStart(6)} after (target ≥ ${pct(s.target)}: ${s.after >= s.target ? 'met' : 'missed'})`,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: { ref: { type: 'string', default: BASELINE_REF }, games: { type: 'string', default: '90' }, rounds: { type: 'string', default: '5' } },
  });
  const result = benchBeforeAfter(args.ref, Number(args.games), Number(args.rounds), console.log);
  console.log('');
  for (const line of beforeAfterLines(result)) console.log(line);
}
