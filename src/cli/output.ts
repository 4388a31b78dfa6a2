// Writing a command's answer to standard output. A reader that stops early (`| head`) is no error:
// the rest is dropped quietly. Any other failure (a full disk, an I/O error) must not pass for
// success: it is an OutputError, exit 1. An answer is written whole or not at all: a Ctrl-C (or
// SIGTERM, SIGHUP) that comes while it is written lets it end, and the command then exits 130 (143, 129).
// A standard output closed at start (`>&-`) is no error either: Node opens /dev/null read-write in
// its place, exactly as `1<>/dev/null` and Python's subprocess.DEVNULL give it, so the answer goes
// where theirs does.
import { OutputError } from './errors.js';
import { interruptedExitCode, onEndingSignals } from './cancel.js';
import { terminalText } from '../model/quote.js';

let readerGone = false;

// Without a listener, a failed write to stdout would crash the process with a stack trace; the
// write callbacks below say what failed.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') readerGone = true;
});
// Messages and progress lines that cannot be written have nowhere else to go.
process.stderr.on('error', () => {});

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EIO: 'input/output error',
  EBADF: 'it is not open for writing',
  EFBIG: 'the file is too large',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
};

/** Why a write failed, in words: "no space left on the device (ENOSPC)". */
export function writeFailure(e: NodeJS.ErrnoException): string {
  const code = e.code ?? '';
  return REASONS[code] ? `${REASONS[code]} (${code})` : code || e.message;
}

let answering = false;

/**
 * From the first write of an answer on, Ctrl-C (or SIGTERM, SIGHUP) no longer ends the process: a reader that takes the
 * answer slowly holds the write (to a pipe, Node writes synchronously), and an answer cut short
 * could pass for a whole one with a program that reads it. The Ctrl-C is noted instead, and the
 * command, its answer written, exits 130. (The listener stays: a signal that came during the
 * write is delivered after it, and must still find it.)
 */
function noteCtrlCFromNowOn(): void {
  if (answering) return;
  answering = true;
  onEndingSignals(() => {
    process.exitCode = interruptedExitCode();
  });
}

/**
 * Writes `text` to stdout, whole, and resolves once it is written (or once the reader has gone).
 * No control character but the newline goes out raw (terminalText): what a user typed or a file
 * said (a path, say) cannot drive the terminal; JSON reads the escapes as the characters.
 */
export function writeStdout(text: string): Promise<void> {
  if (readerGone) return Promise.resolve();
  noteCtrlCFromNowOn();
  return new Promise((resolve, reject) => {
    process.stdout.write(terminalText(text), (error?: Error | null) => {
      const e = error as NodeJS.ErrnoException | null | undefined;
      // Only once a poll phase of the event loop has passed, which delivers a Ctrl-C received
      // during the write: a command that ends right after its answer would otherwise end before it
      // is noted. (One immediate is not enough: written from a poll callback, it runs in the same
      // turn's check phase, before the next poll; the second comes after that poll.)
      if (!e || e.code === 'EPIPE' || readerGone) setImmediate(() => setImmediate(resolve));
      else reject(new OutputError([`cannot write to standard output: ${writeFailure(e)}`]));
    });
  });
}
