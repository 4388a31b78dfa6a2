// A worker thread for bench/mcmc.ts: one Wasm core, warmed up, running the chain tasks it is sent.
import { parentPort } from 'node:worker_threads';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { chainTasks, runChain, type ChainTask } from '../src/knowledge/mcmc.js';
import { simulatePosition } from '../test/support/simulated-positions.js';

const core = KnowledgeCore.create();
// V8 first runs Wasm on its baseline compiler: warm up before any measured work.
const warm = simulatePosition({ categories: [6, 6, 9], seats: 6, unseenRefutations: 10, seed: 99 }).store;
for (const task of chainTasks(warm, { seed: 1, chains: 2, steps: 20_000 })) runChain(core, task);
parentPort!.postMessage('ready');
parentPort!.on('message', (task: ChainTask) => parentPort!.postMessage(runChain(core, task)));
