// The built command line run in a pseudo-terminal (test/support/pty-driver.py, Python's pty): a
// test types keys and waits for text to appear on the screen, as a person does. Nothing waits a
// fixed time: every step waits for the text the command draws once it is ready for the next key,
// and a wait ends in failure, with the screen so far, as soon as the command exits without it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MAIN, ROOT } from './cluedo-cli.js';

const DRIVER = fileURLToPath(new URL('./pty-driver.py', import.meta.url));

/** Keys as a terminal sends them. */
export const KEY = {
  enter: '\r',
  space: ' ',
  up: '\x1b[A',
  down: '\x1b[B',
  backspace: '\x7f',
  ctrlC: '\x03',
} as const;

/** The screen's text without its escape sequences (colours, cursor moves) and carriage returns. */
export function plain(screen: string): string {
  // CSI sequences (ESC [ ... final), OSC sequences (ESC ] ... BEL), and two-byte escapes.
  return screen.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[0-9=>@-Z\\-_]/g, '').replace(/\r/g, '');
}

export interface Terminal {
  /** Types `keys`. */
  type(keys: string): void;
  /**
   * Resolves when `text` appears on the screen after what earlier waits saw, and returns the
   * screen's text up to it; rejects if the command exits first.
   */
  waitFor(text: string | RegExp): Promise<string>;
  /** The whole screen so far, as text. */
  screen(): string;
  /** The command's exit code (128 + the signal's number when a signal ended it). */
  exit: Promise<number | null>;
  /** Ends the command if it still runs (closing its terminal hangs it up). */
  kill(): void;
}

/** Starts `cluedo ...args` in a terminal of `columns` × `rows`: wide and tall, so that no message wraps and every option shows. */
export function cluedoInTerminal(args: readonly string[], options: { cwd?: string; columns?: number; rows?: number } = {}): Terminal {
  const { columns = 500, rows = 60 } = options;
  const child = spawn('python3', [DRIVER, String(columns), String(rows), process.execPath, MAIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, TERM: 'xterm-256color', CI: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  let errors = '';
  let seen = 0; // where the next wait starts looking, in the plain text
  let exited = false;
  const waiters = new Set<() => void>();
  const check = () => {
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    raw += d;
    check();
  });
  child.stderr.on('data', (d) => (errors += d));
  const exit = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exited = true;
      check();
      resolve(code);
    }),
  );
  return {
    type(keys) {
      child.stdin.write(keys);
    },
    waitFor(text) {
      return new Promise((resolve, reject) => {
        const waiter = () => {
          const screen = plain(raw);
          const rest = screen.slice(seen);
          const at = typeof text === 'string' ? rest.indexOf(text) : rest.search(text);
          if (at >= 0) {
            const length = typeof text === 'string' ? text.length : rest.slice(at).match(text)![0].length;
            seen += at + length;
            waiters.delete(waiter);
            resolve(screen.slice(0, seen));
          } else if (exited) {
            waiters.delete(waiter);
            reject(new Error(`the command exited before ${String(text)} appeared; the screen after the last wait:\n${rest}${errors === '' ? '' : `\n(driver: ${errors})`}`));
          }
        };
        waiters.add(waiter);
        waiter();
      });
    },
    screen: () => plain(raw),
    exit,
    kill() {
      if (!exited) child.kill();
    },
  };
}
