// Loading the job queue: it needs bullmq and ioredis, optional peer dependencies of the package
// (a run on one machine needs neither). Without them, one line says what to install.
import { InputError } from '../model/errors.js';

export type QueueModule = typeof import('./queue.js');

/** The queue module, or an InputError naming the missing package and how to install it. */
export async function loadQueue(what: string): Promise<QueueModule> {
  try {
    return await import('./queue.js');
  } catch (e) {
    const missing = /\b(bullmq|ioredis)\b/.exec(e instanceof Error ? e.message : String(e));
    const code = (e as NodeJS.ErrnoException).code;
    if (missing && (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')) {
      throw new InputError(`${what} needs the package ${missing[1]}, which is not installed: the job queue runs on BullMQ and Redis, optional peer dependencies; install them with "npm install bullmq ioredis"`);
    }
    throw e;
  }
}
