// A task module for tests of the worker pool: a task that throws, or kills its worker thread.
export function fail({ how }) {
  if (how === 'exit') process.exit(3);
  throw new Error('requested fault');
}
