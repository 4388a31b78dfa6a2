// The 10-seat, 32-card spectator positions of the knowledge-core issue: `cluedo analyze --json` on
// each, in a process of its own, with its wall time, peak memory and the method that answered.
// The positions come from random suggestions on a random deal (test/support/large-positions.ts),
// stopped after 0, 5, 10, 15, 20 and 25 unseen refutations.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeSpectatorLog } from '../test/support/large-positions.js';

export const REFUTATIONS = [0, 5, 10, 15, 20, 25];
/** Deals of the positions: seed 1, and seed 6, whose DAG outgrows the budget at 10 and 25 refutations. */
export const SEEDS = [1, 6];
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

export interface LargePositionRow {
  seed: number;
  refutations: number;
  events: number;
  seconds: number;
  peakMemoryMB: number;
  method: string;
  consistentDeals: string | null;
  samples: number | null;
  exitCode: number | null;
}

/**
 * Runs the CLI in a child process that reports its own resource use on exit (through fd 3), so
 * the peak memory is the whole command's.
 */
export function runCli(args: string[]): Promise<{ stdout: string; seconds: number; peakMemoryMB: number; exitCode: number | null }> {
  const wrapper = [
    "import { writeSync } from 'node:fs';",
    "process.on('exit', () => writeSync(3, JSON.stringify(process.resourceUsage())));",
    `process.argv = [process.argv[0], ${JSON.stringify(CLI)}, ...${JSON.stringify(args)}];`,
    `await import(${JSON.stringify(new URL(`file://${CLI}`).href)});`,
  ].join('\n');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', wrapper], { stdio: ['ignore', 'pipe', 'inherit', 'pipe'] });
    let stdout = '';
    let usage = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    (child.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (d: string) => (usage += d));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const seconds = (performance.now() - started) / 1000;
      const maxRSS = usage ? (JSON.parse(usage) as { maxRSS: number }).maxRSS : NaN; // kilobytes
      resolve({ stdout, seconds, peakMemoryMB: maxRSS / 1024, exitCode });
    });
  });
}

export async function benchLargePositions(): Promise<LargePositionRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-large-'));
  try {
    const rows: LargePositionRow[] = [];
    for (const seed of SEEDS) for (const refutations of REFUTATIONS) {
      const log = largeSpectatorLog(refutations, seed);
      const file = join(dir, `10x32-s${seed}-r${refutations}.json`);
      writeFileSync(file, JSON.stringify(log));
      const run = await runCli(['analyze', file, '--json']);
      // consistentDeals may exceed 2^53: read its digits from the text, not through a double.
      const digits = /"consistentDeals": (\d+|null)/.exec(run.stdout)?.[1] ?? null;
      const answer = run.exitCode === 0 ? (JSON.parse(run.stdout) as { method: string; samples: number | null }) : null;
      rows.push({
        seed,
        refutations,
        events: log.events.length,
        seconds: run.seconds,
        peakMemoryMB: run.peakMemoryMB,
        method: answer?.method ?? 'failed',
        consistentDeals: digits === 'null' ? null : digits,
        samples: answer?.samples ?? null,
        exitCode: run.exitCode,
      });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
