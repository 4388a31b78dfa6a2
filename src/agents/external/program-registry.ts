// Every program started by any thread of this process, known to every thread, and how a program is
// ended. Each program runs in a process group of its own (agent-process.ts), so that ending it ends
// whatever it started too: a child that keeps the program's output open would otherwise keep the
// run waiting for it, and outlive it. A worker thread that ends (its pool closed) closes its
// programs' input but can no longer wait for them, so each start is announced on a channel that
// all threads share, and whoever closes the pool ends what is still running (docs/agent-protocol.md
// §2). The main thread also passes a Ctrl-C (or a hang-up, or a SIGTERM) on to the groups, which no
// longer hear the terminal's, and kills what is left of them when this process exits by any other
// way. Node only.
import { BroadcastChannel, isMainThread } from 'node:worker_threads';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const CHANNEL = 'cluedo:agent-programs';
/** How long a program may take to exit once its input is closed, before its group is asked to end (SIGTERM). */
const GRACE_MS = 2000;
/** How long a group asked to end may take, before what is left of it is killed (SIGKILL). */
const TERM_GRACE_MS = 1000;
const POLL_MS = 20;

interface Announcement {
  pid: number;
  running: boolean;
}

/** The programs this thread knows to be running (their process groups, by their leader's pid): those it started, and once it listens, every thread's. */
const running = new Set<number>();
let listening = false;

/** The channel this thread announces on (unreferenced: it never keeps a thread alive). */
let announcer: BroadcastChannel | null = null;

function announce(message: Announcement): void {
  if (announcer === null) {
    announcer = new BroadcastChannel(CHANNEL);
    announcer.unref();
  }
  announcer.postMessage(message);
}

/** Called by the thread that started a program (the leader of its process group). */
export function programStarted(pid: number): void {
  running.add(pid);
  announce({ pid, running: true });
  tieToThisProcess();
}

/** Called by the thread that started a program once it has ended the program's group. */
export function programEnded(pid: number): void {
  running.delete(pid);
  announce({ pid, running: false });
}

/** Starts hearing of the programs every thread starts: call it before the pool that starts them. */
export function listenForPrograms(): void {
  if (listening) return;
  listening = true;
  const listener = new BroadcastChannel(CHANNEL);
  listener.unref();
  listener.onmessage = (event) => {
    const { pid, running: on } = (event as { data: Announcement }).data;
    if (on) running.add(pid);
    else running.delete(pid);
  };
  tieToThisProcess();
}

let guarded = false;

/** The signals that end a command from its terminal (or its supervisor), passed on to every group. */
const PASSED_ON = ['SIGINT', 'SIGHUP', 'SIGTERM'] as const;

/** In the main thread, once: the ending signals passed on to every group, and every group killed when this process exits. */
function tieToThisProcess(): void {
  if (guarded || !isMainThread) return;
  guarded = true;
  // The way out that skipped ending them (an error, process.exit): nothing can be awaited any more.
  process.on('exit', () => {
    for (const pid of running) signalGroup(pid, 'SIGKILL');
  });
  for (const signal of PASSED_ON) {
    const passOn = () => {
      for (const pid of running) signalGroup(pid, signal);
      // Alone in listening, this listener would keep the signal from ending the process: end it as Node does.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, passOn);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, passOn);
  }
}

/** Sends `signal` to the process group that program `pid` leads; false when no process is left in it. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

const HAVE_PROC = existsSync('/proc/self/stat');

/** A process's state letter and process group, from /proc (null once it is gone). */
function processStat(pid: number | string): { state: string; group: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name, in parentheses, which may hold anything.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, group: Number(group) };
  } catch {
    return null;
  }
}

/** Whether the process is still running (a zombie has exited: only its exit status is left to collect). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return HAVE_PROC ? processStat(pid)?.state !== 'Z' : true;
}

/** Whether some process of the group that `pid` leads is still running (zombies aside). */
function groupRunning(pid: number): boolean {
  if (!signalGroup(pid, 0)) return false;
  if (!HAVE_PROC) return true;
  return readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    const stat = processStat(entry);
    return stat !== null && stat.group === pid && stat.state !== 'Z';
  });
}

async function waitWhile(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

/**
 * Ends programs whose input is closed, each with its process group: waits up to the grace period
 * for the programs to exit, then asks their groups to end (SIGTERM: what they started, and a
 * program still running), and kills what is left of them after TERM_GRACE_MS (SIGKILL).
 */
export async function endGroups(pids: readonly number[], graceMs = GRACE_MS): Promise<void> {
  await waitWhile(() => pids.some(alive), graceMs);
  for (const pid of pids) signalGroup(pid, 'SIGTERM');
  await waitWhile(() => pids.some(groupRunning), TERM_GRACE_MS);
  for (const pid of pids) signalGroup(pid, 'SIGKILL');
}

/** Once their threads have closed their input: ends every program this thread knows of (endGroups). */
export async function endPrograms(graceMs = GRACE_MS): Promise<void> {
  if (running.size === 0) return;
  // Let the announcements still in flight arrive.
  await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  const pids = [...running];
  await endGroups(pids, graceMs);
  for (const pid of pids) running.delete(pid);
}
