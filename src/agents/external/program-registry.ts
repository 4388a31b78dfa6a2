// Every program started by any thread of this process, known to every thread. A worker thread that
// ends (its pool closed) closes its programs' input but can no longer wait for them: a program that
// ignores the end of its input would outlive the run. So each start is announced on a channel that
// all threads share, and whoever closes the pool ends what is still running: after a grace period
// to exit by itself, by a signal (docs/agent-protocol.md §2). Node only.
import { BroadcastChannel } from 'node:worker_threads';
import { readFileSync } from 'node:fs';

const CHANNEL = 'cluedo:agent-programs';
/** How long a program may take to exit once its input is closed, before it is killed. */
export const GRACE_MS = 2000;
const POLL_MS = 20;

interface Announcement {
  pid: number;
  running: boolean;
}

/** The channel this thread announces on (unreferenced: it never keeps a thread alive). */
let announcer: BroadcastChannel | null = null;

function announce(message: Announcement): void {
  if (announcer === null) {
    announcer = new BroadcastChannel(CHANNEL);
    announcer.unref();
  }
  announcer.postMessage(message);
}

/** Called by the thread that started a program, and again when it saw the program end. */
export function programStarted(pid: number): void {
  listened?.add(pid);
  announce({ pid, running: true });
}

export function programEnded(pid: number): void {
  listened?.delete(pid);
  announce({ pid, running: false });
}

/** The programs of every thread, as this thread has heard of them (null until it listens). */
let listened: Set<number> | null = null;

/** Starts hearing of the programs every thread starts: call it before the pool that starts them. */
export function listenForPrograms(): void {
  if (listened !== null) return;
  listened = new Set();
  const listener = new BroadcastChannel(CHANNEL);
  listener.unref();
  listener.onmessage = (event) => {
    const { pid, running } = (event as { data: Announcement }).data;
    if (running) listened!.add(pid);
    else listened!.delete(pid);
  };
}

/** Whether the process is still running (a zombie has exited: only its exit status is left to collect). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc: trust kill(pid, 0)
  }
}

/**
 * Once their threads have closed their input: waits up to the grace period for every program heard
 * of to exit, then kills what is left (SIGKILL).
 */
export async function endPrograms(graceMs = GRACE_MS): Promise<void> {
  if (listened === null || listened.size === 0) return;
  // Let the announcements still in flight arrive.
  await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  const deadline = Date.now() + graceMs;
  let left = [...listened].filter(alive);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    left = left.filter(alive);
  }
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  listened.clear();
}
