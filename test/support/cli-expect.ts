// What a command line's answer must look like, for the tests that run `cluedo`: success is exit 0
// with nothing on standard error; a refusal is exactly one line "cluedo: ..." naming the culprit,
// nothing on standard output, no stack trace, and the exit code.
import { expect } from 'vitest';
import type { CliResult } from './cluedo-cli.js';

/** Success: exit 0, nothing on stderr. */
export function ok(r: CliResult): CliResult {
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r;
}

/** A refusal: nothing on stdout, one line "cluedo: ..." matching every culprit, no stack trace, the exit code. */
export function refused(r: CliResult, status: number, ...culprits: RegExp[]): void {
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n').filter((l) => l !== ''), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(/^cluedo: /);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  for (const culprit of culprits) expect(r.stderr).toMatch(culprit);
  expect(r.status).toBe(status);
}
