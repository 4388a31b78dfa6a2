/**
 * Tournaments on a job queue (BullMQ on Redis): a coordinator enqueues the shards of a run, workers
 * on any machines play them, and the merged summary is exactly that of a run in one process. Needs
 * the optional peer dependencies bullmq and ioredis.
 *
 * @module cluedo-engine/queue
 */
export { parseRedisUrl, connectRedis, closeConnections, tournamentId, storeSpec, enqueueShards, readResults, runWorker } from '../queue/queue.js';
export type { RedisAddress, RedisTls, TournamentSpec, ShardJob, WorkerOptions } from '../queue/queue.js';
