// Ctrl-C during a long request: abort it, print nothing half-made, exit 130. The handler stays
// installed until the work (and whatever it writes of what it finished) is over, so a second
// Ctrl-C cannot kill the process halfway through writing.

export async function withCancellation<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.on('SIGINT', onInterrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
