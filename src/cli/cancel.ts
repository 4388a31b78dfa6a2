// Ctrl-C during a long request: abort it, print nothing half-made, exit 130.

export async function withCancellation<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}

