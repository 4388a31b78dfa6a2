/**
 * The built `cluedo bench` as a child process: the figures of worker pools (the pool's threads
 * load the built task modules) and Ctrl-C, which stops the figure under way and prints the
 * workloads that finished. Nothing waits on a timer: a run is sent its signal once the --progress
 * line of a figure is out. No assertion on a speed.
 *
 * Needs `npm run build` (`npm test` builds first).
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { cluedo, MAIN, ROOT } from './support/cluedo-cli.js';
import type { BenchRun } from '../src/cli/bench-run.js';

const THREADS = Math.min(2, availableParallelism());

function env(): NodeJS.ProcessEnv {
  const e = { ...process.env };
  delete e.CLUEDO_DEBUG;
  delete e.NODE_OPTIONS;
  return e;
}

/** Runs `cluedo bench ...args`, sends `signal` once a line of stderr matches `ready`, and resolves when it has exited. */
function interrupted(signal: NodeJS.Signals, ready: RegExp, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, 'bench', ...args], { cwd: ROOT, env: env() });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (!sent && stderr.split('\n').some((line) => ready.test(line))) {
        sent = true;
        child.kill(signal);
      }
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('cluedo bench on a worker pool', () => {
  it.each([
    ['sample', 131_072],
    ['games-deductive', THREADS],
  ])('--only %s --threads 2: a figure in this thread and one on the pool, the ratio theirs, every round whole', (id, perRound) => {
    const r = cluedo(['bench', '--only', id, '--time', '0.05', '--threads', '2', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const [row] = (JSON.parse(r.stdout) as BenchRun).workloads;
    expect(row.id).toBe(id);
    expect(row.oneThread.threads).toBe(1);
    expect(row.allThreads?.threads).toBe(THREADS);
    expect(row.ratio).toBe(row.allThreads!.rate / row.oneThread.rate);
    // A round on the pool is a request of 131,072 deals, or one game per thread.
    expect(row.allThreads!.units % perRound).toBe(0);
    expect(row.allThreads!.rounds).toBeGreaterThanOrEqual(3);
  });

  it('the table shows the pool\'s columns: its threads and the ratio', () => {
    const r = cluedo(['bench', '--only', 'sample', '--time', '0.05', '--threads', '2']);
    expect(r.status).toBe(0);
    const header = lines(r.stdout).find((l) => l.startsWith('workload'));
    expect(header?.split(/ {2,}/)).toEqual(['workload', 'unit', '1 thread', `${THREADS} threads`, 'ratio'].slice(0, THREADS > 1 ? 5 : 3));
    expect(lines(r.stdout).find((l) => l.startsWith('sample'))).toMatch(THREADS > 1 ? /\d\.\d\d×$/ : /\]$/);
  });
});

describe('cluedo bench stopped', () => {
  // The check's figure is done once the analysis' progress line is out; the analysis, timed for a second, is under way.
  it('Ctrl-C: the workloads that finished, exit 130, "cancelled after 1 workload of 5"', async () => {
    const r = await interrupted('SIGINT', /^cluedo: progress: analyze-early-0, 1 thread/, ['--only', 'check,analyze', '--time', '1', '--progress']);
    expect(r.status, r.stderr).toBe(130);
    const rows = lines(r.stdout).filter((l) => /^(check|analyze)/.test(l));
    expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(['check', 'check:']);
    expect(lines(r.stderr).filter((l) => !l.startsWith('cluedo: progress: '))).toEqual(['cluedo: cancelled after 1 workload of 5']);
  });

  it('SIGTERM with --json: the finished workloads as JSON, interrupted: true, exit 143', async () => {
    const r = await interrupted('SIGTERM', /^cluedo: progress: analyze-early-0, 1 thread/, ['--only', 'check,analyze', '--time', '1', '--progress', '--json']);
    expect(r.status, r.stderr).toBe(143);
    const run = JSON.parse(r.stdout) as BenchRun;
    expect(run.interrupted).toBe(true);
    expect(run.workloads.map((w) => w.id)).toEqual(['check']);
    expect(lines(r.stderr).filter((l) => !l.startsWith('cluedo: progress: '))).toEqual(['cluedo: cancelled by SIGTERM after 1 workload of 5']);
  });
});
