/**
 * The library in Node: reading logs from files, and pools of worker threads that share sampling,
 * suggestion scoring, drawn worlds and tournaments among the machine's cores (pass one as the
 * `executor` of analyze, suggest, knows, opponents or runTournament).
 *
 * @module cluedo-engine/node
 */
export { readGameLogFile } from '../io/log-file.js';
export { WorkerPool, maxThreads } from '../runtime/pool.js';
export type { PoolOptions } from '../runtime/pool.js';
export { analysisPool, epistemicPool } from '../analysis/pools.js';
export { tournamentPool } from '../tournament/pool.js';
