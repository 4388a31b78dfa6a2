// The engine, in a Web Worker: the Wasm knowledge core fetched and compiled once, then for every
// update of the game the analysis (the notebook) and, after it, the ranked suggestions, scored on
// the same seeded numbered chunks as `cluedo suggest` (suggestInThread).
import { WASM_PATH, KnowledgeCore } from '../knowledge/wasm-core.js';
import { provideWasmModule } from '../knowledge/wasm-module.js';
import { analyzeGame } from '../analysis/analyze.js';
import { parseGame } from '../io/log.js';
import { InputError } from '../model/errors.js';
import { isConsistent, storeOf } from '../analysis/load.js';
import { suggestInThread } from '../analysis/suggest-rules.js';
import { explainFact, findContradiction } from './explain-adapter.js';
import { KRIPKE_WASM_PATH } from '../epistemic/kripke-wasm.js';
import { opponentsOf } from '../analysis/opponents-core.js';
import type { Request, Response } from './protocol.js';

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
    if (request.id !== latest) return;
    const t1 = performance.now();
    try {
      const result = suggestInThread(game, { core, seed: request.seed, top: 20 });
      post({ id: request.id, kind: 'suggestions', result, reason: null, ms: performance.now() - t1 });
    } catch (error) {
      post({ id: request.id, kind: 'suggestions', result: null, reason: message(error), ms: performance.now() - t1 });
    }
  }, 0);
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
  if (request.kind === 'update') {
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
