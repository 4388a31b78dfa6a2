// The built command line (dist/cli/cluedo.mjs, `npm run build`) run from the tests as a user runs
// it: a child process of this Node, from the repository's root unless told otherwise.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = join(ROOT, (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo);

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `cluedo ...args` to its end (at most `timeout` ms, default 240 s: generous for a loaded machine). */
export function cluedo(args: readonly string[], options: { cwd?: string; timeout?: number; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: options.cwd ?? ROOT, env: options.env, encoding: 'utf8', timeout: options.timeout ?? 240_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface CliChild {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Its exit code (null when ended by a signal). */
  exit: Promise<number | null>;
}

/** Starts `cluedo ...args` and returns at once: for commands that run together (a job queue's coordinator and workers). */
export function cluedoChild(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliChild {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: options.cwd ?? ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** The summary of a `--json` file of simulate or merge, as text: equal texts, equal summaries byte for byte. */
export function summaryText(file: string): string {
  return JSON.stringify((JSON.parse(readFileSync(file, 'utf8')) as { summary: unknown }).summary);
}

/** Resolves when `test` holds, checked every 50 ms (no fixed sleep: the test's own timeout bounds it). */
export async function until(test: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await test())) await new Promise((r) => setTimeout(r, 50));
}

/**
 * The environment of a command that connects to a test's Redis: the connection may take up to a
 * minute before it is given up (the default 3 s is a user's wait, not a loaded machine's).
 */
export const QUEUE_ENV: NodeJS.ProcessEnv = { ...process.env, CLUEDO_QUEUE_CONNECT_MS: '60000' };
