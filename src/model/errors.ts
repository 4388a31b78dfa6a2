/**
 * A mistake in what the user gave us (a file, a log, an option). The CLI prints the message
 * alone and exits non-zero; library callers can catch it by type.
 */
export class InputError extends Error {
  override name = 'InputError';
}
