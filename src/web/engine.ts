// The page's side of the engine worker: one request at a time per kind, answers matched by id.
import type { Request, Response } from './protocol.js';

type Answer = Exclude<Response, { kind: 'ready' } | { kind: 'suggestions' } | { kind: 'opponents' }>;
type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;

export class Engine {
  private readonly worker: Worker;
  /** A second worker for the opponents' knowledge (hundreds of ms early in a game): entries never wait for it. */
  private background: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  readonly ready: Promise<void>;
  /** Called with the suggestions of the latest update (stale ones are dropped). */
  onSuggestions: (response: Extract<Response, { kind: 'suggestions' }>) => void = () => {};
  /** Called with the opponents' knowledge of the latest update (after its suggestions). */
  onOpponents: (response: Extract<Response, { kind: 'opponents' }>) => void = () => {};
  private latestUpdate = 0;
  private latestLog: unknown = null;
  private latestSeed = 1;

  constructor() {
    this.worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });

    let resolveReady!: () => void;
    let rejectReady!: (e: Error) => void;
    this.ready = new Promise((resolve, reject) => ((resolveReady = resolve), (rejectReady = reject)));
    this.worker.onmessage = (event: MessageEvent<Response>) => {
      const answer = event.data;
      if (answer.kind === 'ready') return resolveReady();
      if (answer.id === 0 && answer.kind === 'invalid') return rejectReady(new Error(answer.message));
      if (answer.kind === 'suggestions') {
        if (answer.id !== this.latestUpdate) return;
        this.onSuggestions(answer);
        // Then the opponents, on the background worker: after the suggestions, so that the
        // scoring has both cores.
        this.background?.postMessage({ id: answer.id, kind: 'opponents', log: this.latestLog, seed: this.latestSeed } satisfies Request);
        return;
      }
      if (answer.kind === 'opponents') return; // asked of the background worker only
      this.pending.get(answer.id)?.(answer);
      this.pending.delete(answer.id);
    };
    this.worker.onerror = (event) => rejectReady(new Error(event.message || 'the engine worker failed to start'));
    // The second worker starts once the first is ready: the page is usable sooner, and its
    // script and Wasm modules come from the browser's cache.
    this.ready.then(() => {
      // A scoring worker takes half of the suggestions to score (same deals, same bytes); the
      // page's URL may ask for one scoring thread (?scoring=1, for the benchmarks' comparison).
      if (new URLSearchParams(location.search).get('scoring') !== '1') {
        const scorer = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
        const channel = new MessageChannel();
        scorer.postMessage({ id: 0, kind: 'connect', role: 'server', port: channel.port2 } satisfies Request, [channel.port2]);
        this.worker.postMessage({ id: 0, kind: 'connect', role: 'client', port: channel.port1 } satisfies Request, [channel.port1]);
      }
      this.background = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
      this.background.onmessage = (event: MessageEvent<Response>) => {
        const answer = event.data;
        if (answer.kind === 'opponents' && answer.id === this.latestUpdate) this.onOpponents(answer);
      };
    }, () => {});
  }

  private send(request: DistributiveOmit<Request, 'id'>): Promise<Answer> {
    const id = this.nextId++;
    if (request.kind === 'update') this.latestUpdate = id;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...request, id } as Request);
    });
  }

  /** Analyses a log; with `suggest`, the suggestions arrive later through onSuggestions. */
  async update(log: unknown, suggest: boolean, seed = 1): Promise<Answer> {
    this.latestLog = log;
    this.latestSeed = seed;
    return this.send({ kind: 'update', log, suggest, seed });
  }

  explain(log: unknown, card: string, owner: string, holds: boolean): Promise<Answer> {
    return this.send({ kind: 'explain', log, card, owner, holds });
  }
}
