// The `cluedo` program run inside the test's own process: the same commands and the same
// runProgram as the installed command line (src/cli/main.ts), on an argument list, with its
// standard output, standard error and exit code captured. No child process, no build: the fast
// tier tests the command line this way; test/support/cluedo-cli.ts runs the built one.
import { allCommands } from '../../src/cli/all-commands.js';
import { runProgram } from '../../src/cli/program.js';
import { ENDING_SIGNALS } from '../../src/cli/cancel.js';
import type { CliResult } from './cluedo-cli.js';

type Write = typeof process.stdout.write;

/** A write that keeps what it is given and calls back as a stream would. */
function capture(into: string[]): Write {
  return ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as Write;
}

let running = false;

/**
 * Runs `cluedo ...args` in this process and resolves with what it printed and its exit code.
 * One run at a time (the streams and the exit code are the process's own); what a run leaves
 * on the process (the signal listeners of an answer being written, the exit code) is undone.
 */
export async function runInProcess(args: readonly string[]): Promise<CliResult> {
  if (running) throw new Error('runInProcess: one run at a time');
  running = true;
  const out: string[] = [];
  const err: string[] = [];
  const { stdout, stderr } = process;
  const writes = [stdout.write, stderr.write] as const;
  const listeners = new Map(ENDING_SIGNALS.map((s) => [s, process.listeners(s)]));
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  stdout.write = capture(out);
  stderr.write = capture(err);
  // As through pipes, even when the tests run at a terminal: no prompts, no progress bar.
  const streams = [process.stdin, stdout, stderr];
  const tty = streams.map((s) => Object.getOwnPropertyDescriptor(s, 'isTTY'));
  for (const s of streams) Object.defineProperty(s, 'isTTY', { value: false, configurable: true, writable: true });
  try {
    await runProgram(allCommands(), [process.execPath, 'cluedo', ...args]);
    const code = process.exitCode as number | string | undefined;
    return { status: code === undefined ? 0 : Number(code), stdout: out.join(''), stderr: err.join('') };
  } finally {
    [stdout.write, stderr.write] = writes;
    streams.forEach((s, i) => {
      const own = tty[i];
      if (own) Object.defineProperty(s, 'isTTY', own);
      else delete (s as { isTTY?: boolean }).isTTY;
    });
    process.exitCode = exitCode;
    for (const [signal, before] of listeners) for (const l of process.listeners(signal)) if (!before.includes(l)) process.removeListener(signal, l);
    running = false;
  }
}
