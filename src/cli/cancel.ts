// A long request ended from outside: Ctrl-C (SIGINT), a closed terminal (SIGHUP), or what `timeout`,
// Slurm, Kubernetes and systemd send (SIGTERM). Each aborts the work, which keeps what it finished
// and prints nothing half-made; the command then exits 128 + the signal's number (130, 129, 143),
// as a shell reports a process ended by that signal. The handlers stay installed until the work
// (and whatever it writes of what it finished) is over, so a second signal cannot kill the process
// halfway through writing.
import { constants } from 'node:os';
import { CancelledError } from '../runtime/executor.js';

/** The signals that end a run as Ctrl-C does. */
export const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type EndingSignal = (typeof ENDING_SIGNALS)[number];

/** The first ending signal this process received, if any. */
let received: EndingSignal | null = null;

/** Notes an ending signal; the first one decides the exit code. */
export function noteSignal(signal: EndingSignal): void {
  received ??= signal;
}

/** The exit code of a run ended from outside: 128 + the first signal's number (130 for Ctrl-C, the default). */
export function interruptedExitCode(): number {
  return 128 + constants.signals[received ?? 'SIGINT'];
}

/** How a run ended from outside is told: "cancelled" for Ctrl-C, "cancelled by SIGTERM" otherwise. */
export function cancelledWords(): string {
  return received === null || received === 'SIGINT' ? 'cancelled' : `cancelled by ${received}`;
}

/** Listens for the ending signals while `onSignal` is wanted; returns the function that stops listening. */
export function onEndingSignals(onSignal: (signal: EndingSignal) => void): () => void {
  const listeners = ENDING_SIGNALS.map((name) => {
    const listener = () => {
      noteSignal(name);
      onSignal(name);
    };
    process.on(name, listener);
    return [name, listener] as const;
  });
  return () => listeners.forEach(([name, listener]) => process.removeListener(name, listener));
}

/** Runs `work` with a signal that any ending signal aborts (its reason the signal's name). */
export async function withCancellation<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = onEndingSignals((name) => controller.abort(name));
  try {
    return await work(controller.signal);
  } finally {
    stop();
  }
}

/**
 * A request that answers one question (analyze, suggest, knows, accuse, refute), in this thread
 * or on a pool: an ending signal cancels it (a CancelledError: nothing printed, exit 128 + the
 * signal's number), at the next task on an executor that yields between its tasks, or when a
 * stretch of work that cannot be cut (one long Wasm call) returns: the signal is then taken
 * before the answer would be printed.
 */
export async function cancellableRequest<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return withCancellation(async (signal) => {
    const answer = await work(signal);
    await pastPollPhase();
    if (signal.aborted) throw new CancelledError('the request was cancelled');
    return answer;
  });
}

/**
 * Resolves once the event loop has gone through its poll phase, where Node reads the signals that
 * came while this thread was busy. One setImmediate may run in the check phase that follows the
 * poll phase this thread was busy in; the second runs after the next poll phase.
 */
async function pastPollPhase(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}
