// A pool worker: one Wasm knowledge core, warmed up once, serving sampling, tallying and
// expected-information tasks. Results go into the request's SharedArrayBuffers.
import { KnowledgeCore } from '../core/wasm-core.js';
import type { ConstraintStore } from '../core/constraints.js';
import { CLASSIC_DECK } from '../core/deck.js';
import { emptyStore } from '../core/constraints.js';
import { drawChunk, chunkSize, tallyChunks } from './chunks.js';
import { playTournamentGames } from '../tournament/play.js';
import type { GameResult } from '../tournament/types.js';
import { SAMPLE_CHUNK, type EigTask, type SampleTask, type Task, type TallyResult, type TallyTask } from './tasks.js';

const core = KnowledgeCore.create();
let loadedKey = '';

/** Loads a store unless it is the one already loaded (consecutive tasks of a request share it). */
function use(store: ConstraintStore): void {
  const key = JSON.stringify(store);
  if (key === loadedKey) return;
  loadedKey = '';
  if (!core.load(store)) throw new Error('no deal is consistent with the constraints');
  loadedKey = key;
}

/**
 * V8 compiles Wasm first with its baseline compiler and optimises hot functions later: run every
 * kernel a little at start-up, so the first real request does not pay for it.
 */
function warmUp(): void {
  const store = emptyStore(CLASSIC_DECK.cards.length, CLASSIC_DECK.categoryMasks, [3, 3, 3, 3, 3, 3]);
  store.holds[0] = 0b111;
  store.lacks[0] = (~0b111 & ((1 << 21) - 1)) >>> 0;
  use(store);
  core.ownerCounts();
  const deals = core.sample(4 * SAMPLE_CHUNK, 1);
  for (let round = 0; round < 3; round++) core.eig(deals, 0, 0, [], 0, 64);
  core.check(deals);
  loadedKey = '';
}
warmUp();

function sample(task: SampleTask): number {
  use(task.store);
  const width = task.store.nSeats + 2;
  const out = new Uint32Array(task.deals);
  let written = 0;
  for (let chunk = task.firstChunk; chunk < task.firstChunk + task.chunks; chunk++) {
    out.set(drawChunk(core, task.seed, task.total, chunk), chunk * SAMPLE_CHUNK * width);
    written += chunkSize(task.total, chunk);
  }
  return written;
}

function tally(task: TallyTask): TallyResult {
  use(task.store);
  const t = tallyChunks(core, task.store, task.seed, task.total, task.firstChunk, task.chunks);
  return { deals: t.total, ownerCounts: t.ownerCounts, envelopeCounts: t.envelopeCounts };
}

function eig(task: EigTask): number {
  use(task.store);
  const results = core.eig(new Uint32Array(task.deals), task.suggester, task.model, task.shownTo, task.qFrom, task.qTo);
  new Float64Array(task.out).set(results, task.qFrom * 3);
  return task.qTo - task.qFrom;
}

export default function run(task: Task): number | TallyResult | GameResult[] {
  switch (task.kind) {
    case 'sample':
      return sample(task);
    case 'tally':
      return tally(task);
    case 'eig':
      return eig(task);
    case 'games':
      loadedKey = ''; // agents load their own stores into the core
      return playTournamentGames(task.config, task.seed, task.from, task.to, core);
    case 'fault':
      if (task.how === 'exit') process.exit(3);
      throw new Error('requested fault');
  }
}
