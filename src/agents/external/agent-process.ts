// One running program of an agent from outside, spoken to by the process protocol
// (docs/agent-protocol.md): JSON Lines over its standard input and output, one request at a time,
// each awaited at most the agent's timeout. Its standard error is drained (a program that floods
// it never blocks) and its last lines since the request kept for messages. After a timeout, a crash
// or a reply out of step (not one JSON object with the request's id) the program is ended, and
// started again (with hello) before its next request. A crash is reported once the
// program's streams are closed, so that its exit status and everything it wrote are in the reason
// whatever the timing. Each program runs in a process group of its own, which is what the engine
// ends (program-registry.ts): whatever the program started goes with it. Node only.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { AgentFault, AgentUnavailableError } from '../../game/agent.js';
import type { ExternalAgentDefinition } from './definitions.js';
import type { AgentChannel, Reply } from './protocol-agent.js';
import { endGroups, programEnded, programStarted, signalGroup } from './program-registry.js';

export const PROTOCOL_VERSION = 1;
/** The longest line either side may send. */
export const MAX_LINE_BYTES = 1 << 20;
/** Starts that fail in a row before the run stops. */
const MAX_FAILED_STARTS = 3;
const STDERR_KEPT = 4096;
/**
 * After the program exits or closes its output, how long to wait for its streams to close (the
 * rest of what it wrote) before reporting the crash with what is there.
 */
const CLOSE_GRACE_MS = 500;

interface Pending {
  id: number | null; // null: the hello
  resolve: (reply: Reply) => void;
  reject: (fault: AgentFault) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class AgentProcess implements AgentChannel {
  #child: ChildProcessWithoutNullStreams | null = null;
  #pending: Pending | null = null;
  #line = '';
  #discarding = false;
  #stderr = '';
  #failedStarts = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #extensions: readonly string[] = [];

  constructor(readonly definition: ExternalAgentDefinition) {}

  /** The protocol's extensions the program asked for in its hello (it is started, and says hello, before its first game). */
  get extensions(): readonly string[] {
    return this.#extensions;
  }

  /** The program's last lines on standard error, for a message ("" when it wrote none). */
  stderrTail(lines = 3): string {
    return this.#stderr.trimEnd().split('\n').slice(-lines).join(' | ');
  }

  /** Starts the program and awaits its hello; throws an Error saying why it could not. */
  async start(): Promise<void> {
    const [file, ...args] = this.definition.command!;
    // Detached: the leader of a process group of its own. Unreferenced, it and its pipes never keep
    // this process alive by themselves: a request awaits its reply with a timer, and a program left
    // running when this process exits is killed then (program-registry.ts).
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    child.unref();
    for (const pipe of [child.stdin, child.stdout, child.stderr]) (pipe as unknown as Socket).unref();
    this.#child = child;
    this.#line = '';
    this.#discarding = false;
    this.#stderr = '';
    child.stdin.on('error', () => {}); // a program that exits or never reads: its exit or the timeout says so
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.#read(child, chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (this.#stderr = (this.#stderr + chunk).slice(-STDERR_KEPT)));
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (e: NodeJS.ErrnoException) => reject(new Error(e.code === 'ENOENT' ? `cannot run ${JSON.stringify(file)}: no such program` : `cannot run ${JSON.stringify(file)}: ${e.message}`)));
    });
    // A program that exits, or closes its output, while it is the current one has crashed (one
    // ended by the engine is no longer current). Its streams closed, everything it wrote has been read.
    child.once('close', () => this.#lost(child));
    const closing = () => setTimeout(() => this.#lost(child), CLOSE_GRACE_MS).unref();
    child.once('exit', closing);
    child.stdout.once('end', closing);
    await spawned;
    programStarted(child.pid!);
    const { object: hello } = await this.#send(null, { type: 'hello', protocol: PROTOCOL_VERSION, agent: this.definition.name }).catch((fault: AgentFault) => {
      this.#kill();
      throw new Error(fault.kind === 'timeout' ? `no hello within ${this.definition.timeoutMs} ms` : fault.message);
    });
    if (hello.type !== 'hello') {
      this.#kill();
      throw new Error(`its first line must be a hello, not ${JSON.stringify(hello).slice(0, 80)}`);
    }
    if (hello.protocol !== PROTOCOL_VERSION) {
      this.#kill();
      throw new Error(`it speaks protocol ${JSON.stringify(hello.protocol)}, the engine protocol ${PROTOCOL_VERSION}`);
    }
    // Extensions it does not name, or names the engine does not know, are simply not used.
    this.#extensions = Array.isArray(hello.extensions) ? hello.extensions.filter((e): e is string => typeof e === 'string') : [];
  }

  request(message: Record<string, unknown> & { id: number }): Promise<Reply> {
    const run = this.#queue.then(async () => {
      if (this.#child === null) await this.#restart();
      // One turn of the event loop first: what the program wrote on standard error before its last
      // reply, ready with that reply, is read before this request clears it (pipes are read apart).
      await new Promise((resolve) => setImmediate(resolve));
      return this.#send(message.id, message);
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  notify(message: Record<string, unknown>): void {
    this.#queue = this.#queue.then(() => this.#write(message)).catch(() => {});
  }

  /** Closes the program's input, then ends its process group (endGroups: signals after a grace period). Resolves once it is ended. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child === null) return;
    this.#child = null;
    child.stdin.end();
    if (child.pid !== undefined) await endGroups([child.pid]);
    released(child);
  }

  async #restart(): Promise<void> {
    try {
      await this.start();
      this.#failedStarts = 0;
    } catch (error) {
      this.#failedStarts++;
      const why = `agent ${this.definition.name}: ${(error as Error).message}`;
      if (this.#failedStarts >= MAX_FAILED_STARTS) throw new AgentUnavailableError(`${why} (${MAX_FAILED_STARTS} starts in a row failed)`);
      throw new AgentFault('crash', why);
    }
  }

  #write(message: Record<string, unknown>): void {
    this.#child?.stdin.write(`${JSON.stringify(message)}\n`);
  }

  #send(id: number | null, message: Record<string, unknown>): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending = null;
        this.#kill();
        reject(new AgentFault('timeout', `no reply within ${this.definition.timeoutMs} ms`));
      }, this.definition.timeoutMs);
      this.#pending = { id, resolve, reject, timer };
      // What the program writes on standard error from now on is what a crash quotes: never an
      // earlier game's lines, which depend on which games this process happened to play.
      this.#stderr = '';
      if (this.#child === null) this.#fail(new AgentFault('crash', 'the program is not running'));
      else this.#write(message);
    });
  }

  #read(child: ChildProcessWithoutNullStreams, chunk: string): void {
    if (child !== this.#child) return;
    let text = chunk;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n')) {
      const line = this.#line + text.slice(0, newline);
      text = text.slice(newline + 1);
      this.#line = '';
      if (this.#discarding) this.#discarding = false;
      else this.#reply(line);
    }
    if (this.#discarding) return;
    this.#line += text;
    if (Buffer.byteLength(this.#line) > MAX_LINE_BYTES) {
      const line = this.#line;
      this.#line = '';
      this.#discarding = true;
      this.#fail(new AgentFault('illegal', `the reply is longer than ${MAX_LINE_BYTES} bytes`, line));
    }
  }

  #reply(line: string): void {
    const pending = this.#pending;
    if (pending === null || line.trim() === '') return; // nothing asked: a stray line is ignored
    let reply: unknown;
    try {
      reply = JSON.parse(line);
    } catch {
      return this.#fail(new AgentFault('illegal', 'the reply is not JSON', line));
    }
    if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) return this.#fail(new AgentFault('illegal', 'the reply is not one JSON object', line));
    const object = reply as Record<string, unknown>;
    if (pending.id !== null && object.id !== pending.id) {
      const got = object.id === undefined ? 'the reply has no "id"' : `the reply's "id" is ${JSON.stringify(object.id)}`;
      return this.#fail(new AgentFault('illegal', `${got}, the request's ${pending.id}`, line));
    }
    this.#pending = null;
    clearTimeout(pending.timer);
    pending.resolve({ object, line });
  }

  #fail(fault: AgentFault): void {
    const pending = this.#pending;
    if (pending === null) return;
    this.#pending = null;
    // A program that answered illegally is started afresh before its next request: a line it
    // still had to write (its real reply after a stray one) can never answer a later request.
    if (fault.kind === 'illegal') this.#kill();
    clearTimeout(pending.timer);
    pending.reject(fault);
  }

  #lost(child: ChildProcessWithoutNullStreams): void {
    if (this.#child !== child) return;
    const { exitCode: code, signalCode: signal } = child;
    const what = code === null && signal === null ? 'the program closed its standard output' : `the program exited (${signal ?? `code ${code}`})`;
    this.#kill();
    const tail = this.stderrTail();
    this.#fail(new AgentFault('crash', `${what}${tail ? `; it wrote: ${tail}` : ''}`));
  }

  /** Kills the program's process group at once (after a fault: nothing it does any more counts). */
  #kill(): void {
    const child = this.#child;
    this.#child = null;
    if (child === null) return;
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    released(child);
  }
}

/**
 * Lets go of an ended program: its pipes, which a process it started and that left its group may
 * still hold open (its output's end is not awaited), and its process.
 */
function released(child: ChildProcessWithoutNullStreams): void {
  child.stdin.destroy();
  child.stdout.destroy();
  child.stderr.destroy();
  child.unref();
  if (child.pid !== undefined) programEnded(child.pid);
}
