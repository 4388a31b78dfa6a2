// The files a command writes: its outputs (simulate's --json, --csv, --report and --logs, a shard
// file, merge's outputs) and the game log of new and add. Each path is checked before any work,
// so that an hour of games is not lost to a typo in a directory name; at the end every output is
// attempted, and each failure is reported. Every file is written by writeFileWhole (write-file.ts).
import { mkdirSync, statSync } from 'node:fs';
import { quote } from '../model/quote.js';
import { InputError } from '../model/errors.js';
import { cliWords, OutputError, UsageError } from './errors.js';
import { writeFailure } from './output.js';
import { code, fileIdentity, fileTarget, refusal, writable, writeFileWhole } from './write-file.js';

/** A file a command writes: the option that names it and its path. */
export interface OutputPath {
  option: string;
  path: string;
  /** Only a regular file will do: a game log, read back later, is never a device or a pipe. */
  fileOnly?: boolean;
}

/** The game log that new and add write. */
export function logOutput(path: string): OutputPath {
  return { option: 'the log', path, fileOnly: true };
}

/** Why a write or its check failed, in words. */
function reason(e: unknown): string {
  return e instanceof InputError ? cliWords(e) : writeFailure(e as NodeJS.ErrnoException);
}

function problem(output: OutputPath, why: string): InputError {
  return new InputError(`${output.option} ${quote(output.path)}: ${why}`);
}

/** A file that can be written as writeFileWhole writes it: in an existing writable directory, not read-only, not a directory. */
export function checkOutputFile(output: OutputPath): void {
  let why: string | null;
  try {
    why = refusal(fileTarget(output.path), output.fileOnly === true);
  } catch (e) {
    why = reason(e);
  }
  if (why !== null) throw problem(output, why);
}

/** A directory to write into: made now if missing, so that a path it cannot be made at is refused at once. */
export function prepareOutputDirectory(output: OutputPath): void {
  try {
    const stats = statSync(output.path);
    if (!stats.isDirectory()) throw problem(output, 'it is not a directory');
  } catch (e) {
    if (e instanceof InputError) throw e;
    try {
      mkdirSync(output.path, { recursive: true });
    } catch (m) {
      throw problem(output, code(m) === 'ENOTDIR' || code(m) === 'EEXIST' ? 'a part of the path is not a directory' : writeFailure(m as NodeJS.ErrnoException));
    }
  }
  if (!writable(output.path)) throw problem(output, 'permission denied');
}

/**
 * Two outputs naming one file would overwrite each other, and an output naming an input (a shard
 * file merged) would destroy it: refused, whatever the paths look like (links, ./a and a).
 */
export function checkDistinct(outputs: OutputPath[], inputs: OutputPath[] = []): void {
  const seen = new Map<string, OutputPath>();
  for (const input of inputs) {
    const identity = fileIdentity(input.path);
    if (identity !== null && !seen.has(identity)) seen.set(identity, input);
  }
  for (const output of outputs) {
    const identity = fileIdentity(output.path);
    if (identity === null) continue;
    const other = seen.get(identity);
    if (other !== undefined) {
      throw new UsageError(
        other.path === output.path
          ? `${other.option} and ${output.option} name the same file ${quote(output.path)}`
          : `${other.option} ${quote(other.path)} and ${output.option} ${quote(output.path)} name the same file`,
      );
    }
    seen.set(identity, output);
  }
}

/** An output's contents: its text, or a function writing it itself (--logs, a folder of files). */
export type OutputWriter = OutputPath & ({ text: () => string } | { write: (path: string) => void | Promise<void> });

/** Writes every output, going on past failures; throws one OutputError listing them all at the end. */
export async function writeOutputs(outputs: OutputWriter[]): Promise<void> {
  const failures: string[] = [];
  for (const output of outputs) {
    try {
      if ('text' in output) writeFileWhole(output.path, output.text(), output.fileOnly === true);
      else await output.write(output.path);
    } catch (e) {
      failures.push(cannotWrite(output, e));
    }
  }
  if (failures.length > 0) throw new OutputError(failures);
}

/** Writes one output whole (writeFileWhole); a failure is an OutputError naming it. */
export function writeOutputFile(output: OutputPath, text: string): void {
  try {
    writeFileWhole(output.path, text, output.fileOnly === true);
  } catch (e) {
    throw new OutputError([cannotWrite(output, e)]);
  }
}

function cannotWrite(output: OutputPath, e: unknown): string {
  return `cannot write ${output.option} ${quote(output.path)}: ${reason(e)}`;
}
