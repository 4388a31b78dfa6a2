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
import type { Request, Response } from './protocol.js';

const post = (message: Response) => (self as unknown as { postMessage(m: Response): void }).postMessage(message);

async function compile(): Promise<void> {
  const response = await fetch(WASM_PATH);
  if (!response.ok) throw new Error(`the Wasm core could not be loaded (${response.status} ${WASM_PATH.href})`);
  let module: WebAssembly.Module;
  try {
    module = await WebAssembly.compileStreaming(response.clone());
  } catch {
    // A host that serves .wasm with another content type: compile from the bytes.
    module = await WebAssembly.compile(await response.arrayBuffer());
  }
  provideWasmModule(WASM_PATH, module);
  KnowledgeCore.shared();
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

self.onmessage = async (event: MessageEvent<Request>) => {
  const request = event.data;
  await ready.catch(() => {});
  if (request.kind === 'update') {
    latest = request.id;
    update(request);
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
