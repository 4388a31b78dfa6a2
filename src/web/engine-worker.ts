// The engine, in a Web Worker: the Wasm knowledge core fetched and compiled once, then for every
// update of the game the analysis (the notebook) and, after it, the ranked suggestions, scored on
// the same seeded numbered chunks as `cluedo suggest` (suggestionWork, rankedSuggestions; half of the scoring on a second worker).
import { WASM_PATH, KnowledgeCore } from '../knowledge/wasm-core.js';
import { provideWasmModule } from '../knowledge/wasm-module.js';
import { analyzeGame } from '../analysis/analyze.js';
import { parseGame } from '../io/log.js';
import { InputError } from '../model/errors.js';
import { storeOf } from '../analysis/load.js';
import { isConsistent } from '../analysis/consistency.js';
import { rankedSuggestions, suggestionRequest, suggestionWork, type SuggestionWork } from '../analysis/suggest-rules.js';
import { positionOf } from '../analysis/load.js';
import type { Position } from '../knowledge/wasm-core.js';
import { explainFact, findContradiction } from './explain-adapter.js';
import { KRIPKE_WASM_PATH } from '../epistemic/kripke-wasm.js';
import { opponentsOf } from '../analysis/opponents-core.js';
import type { Request, Response, ScoreDone, ScoreJob } from './protocol.js';

const post = (message: Response) => (self as unknown as { postMessage(m: Response): void }).postMessage(message);

async function compile(): Promise<void> {
  await Promise.all([compileOne(WASM_PATH), compileOne(KRIPKE_WASM_PATH)]);
  KnowledgeCore.shared();
}

/** Fetches and compiles one Wasm module of the site, and provides it to the library for its URL. */
async function compileOne(url: URL): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`a Wasm module of the site could not be loaded (${response.status} ${url.href})`);
  let module: WebAssembly.Module;
  try {
    module = await WebAssembly.compileStreaming(response.clone());
  } catch {
    // A host that serves .wasm with another content type: compile from the bytes.
    module = await WebAssembly.compile(await response.arrayBuffer());
  }
  provideWasmModule(url, module);
}

const ready = compile();
let latest = 0;

function update(request: Extract<Request, { kind: 'update' }>): void {
  const t0 = performance.now();
  let game;
  try {
    game = parseGame(request.log);
  } catch (error) {
    post({ id: request.id, kind: 'invalid', message: message(error) });
    return;
  }
  const core = KnowledgeCore.shared();
  if (!isConsistent(core, storeOf(core, game))) {
    let text: string;
    try {
      text = findContradiction(request.log)?.text ?? 'no deal is consistent with this entry';
    } catch (error) {
      text = message(error);
    }
    post({ id: request.id, kind: 'contradiction', text, message: 'no deal is consistent with this entry' });
    return;
  }
  let analysis;
  try {
    analysis = analyzeGame(game, { core });
  } catch (error) {
    post({ id: request.id, kind: 'invalid', message: message(error) });
    return;
  }
  post({ id: request.id, kind: 'analysis', analysis: { ...analysis, consistentDeals: analysis.consistentDeals?.toString() ?? null }, ms: performance.now() - t0 });
  if (!request.suggest) return;
  // A newer update already waiting makes these suggestions stale: let it run first.
  setTimeout(() => {
    if (request.id === latest) void suggestions(request, game);
  }, 0);
}

/**
 * The ranked suggestions: the deals drawn here (the seeded numbered chunks of `cluedo suggest`),
 * the suggestions scored half here and half on the scoring worker when there is one and the work
 * is worth it, then ranked: the same bytes as scoring them all in one thread.
 */
async function suggestions(request: Extract<Request, { kind: 'update' }>, game: ReturnType<typeof parseGame>): Promise<void> {
  const t0 = performance.now();
  let position: Position | null = null;
  try {
    const scoring = suggestionRequest(game, { seed: request.seed });
    position = positionOf(KnowledgeCore.shared(), game);
    const prepared = suggestionWork(game, position, scoring);
    if ('accuse' in prepared) {
      post({ id: request.id, kind: 'suggestions', result: prepared.accuse, reason: null, ms: performance.now() - t0 });
      return;
    }
    const { work } = prepared;
    const n = work.nSuggestions;
    const deals = work.deals.length / (work.store.nSeats + 2);
    const split = scorer !== null && deals * n >= SPLIT_WORK ? Math.floor(n / 2) : n;
    const remote = split < n ? scoreRemotely(work, split, n) : null;
    const scores = new Float64Array(n * 3);
    scores.set(position.eig(work.deals, work.suggester, work.model, work.shownTo, 0, split), 0);
    if (remote) scores.set(await remote, split * 3);
    post({ id: request.id, kind: 'suggestions', result: rankedSuggestions(game, work, scores), reason: null, ms: performance.now() - t0, workers: remote ? 2 : 1 });
  } catch (error) {
    post({ id: request.id, kind: 'suggestions', result: null, reason: message(error), ms: performance.now() - t0 });
  } finally {
    position?.dispose();
  }
}

/** Deals times suggestions below which one thread scores alone (the messages would cost more than they save). */
const SPLIT_WORK = 500_000;
let scorer: MessagePort | null = null;
let nextJob = 1;
const jobs = new Map<number, { resolve: (scores: Float64Array) => void; reject: (e: Error) => void }>();

function scoreRemotely(work: SuggestionWork, qFrom: number, qTo: number): Promise<Float64Array> {
  const job = nextJob++;
  const deals = work.deals.slice();
  const payload: ScoreJob = { job, store: work.store, deals, suggester: work.suggester, model: work.model, shownTo: work.shownTo, qFrom, qTo };
  return new Promise((resolve, reject) => {
    jobs.set(job, { resolve, reject });
    scorer!.postMessage(payload, [deals.buffer]);
  });
}

/** The scoring worker's side: the position of the last store, kept for the next job. */
let served: { key: string; position: Position } | null = null;

function serveScores(port: MessagePort): void {
  port.onmessage = (event: MessageEvent<ScoreJob>) => {
    const job = event.data;
    try {
      const key = JSON.stringify(job.store);
      if (served?.key !== key) {
        served?.position.dispose();
        served = { key, position: KnowledgeCore.shared().load(job.store) };
      }
      const scores = served.position.eig(job.deals, job.suggester, job.model, job.shownTo, job.qFrom, job.qTo);
      port.postMessage({ job: job.job, scores, error: null } satisfies ScoreDone, [scores.buffer]);
    } catch (error) {
      port.postMessage({ job: job.job, scores: null, error: message(error) } satisfies ScoreDone);
    }
  };
}

function message(error: unknown): string {
  return error instanceof InputError || error instanceof Error ? error.message : String(error);
}

/** What the other seats know (sampled, 2,500 worlds): asked of a second worker, so that entries never wait for it. */
function opponents(request: Extract<Request, { kind: 'opponents' }>): void {
  // Only the newest request is answered: one already superseded is dropped.
  setTimeout(() => {
    if (request.id !== latest) return;
    const t0 = performance.now();
    try {
      post({ id: request.id, kind: 'opponents', result: opponentsOf(parseGame(request.log), { seed: request.seed }), reason: null, ms: performance.now() - t0 });
    } catch (error) {
      post({ id: request.id, kind: 'opponents', result: null, reason: message(error), ms: performance.now() - t0 });
    }
  }, 0);
}

self.onmessage = async (event: MessageEvent<Request>) => {
  const request = event.data;
  await ready.catch(() => {});
  if (request.kind === 'connect') {
    if (request.role === 'server') serveScores(request.port);
    else {
      scorer = request.port;
      scorer.onmessage = (e: MessageEvent<ScoreDone>) => {
        const done = e.data;
        const pending = jobs.get(done.job);
        jobs.delete(done.job);
        if (done.scores) pending?.resolve(done.scores);
        else pending?.reject(new Error(done.error ?? 'the scoring worker failed'));
      };
    }
  } else if (request.kind === 'update') {
    latest = request.id;
    update(request);
  } else if (request.kind === 'opponents') {
    latest = request.id;
    opponents(request);
  } else {
    try {
      post({ id: request.id, kind: 'explanation', explanation: explainFact(request.log, request.card, request.owner, request.holds), message: null });
    } catch (error) {
      post({ id: request.id, kind: 'explanation', explanation: null, message: message(error) });
    }
  }
};

ready.then(
  () => post({ id: 0, kind: 'ready' }),
  (error: unknown) => post({ id: 0, kind: 'invalid', message: message(error) }),
);
