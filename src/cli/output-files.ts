// The files a long run writes at its end (simulate's --json, --csv, --report, --logs). Each path is
// checked before the run starts, so that an hour of games is not lost to a typo in a directory
// name; at the end every output is attempted, and each failure is reported.
import { accessSync, constants, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { quote } from '../model/quote.js';
import { InputError } from '../model/errors.js';
import { OutputError, UsageError } from './errors.js';
import { writeFailure } from './output.js';

/** An output of a command: the option that names it and its path. */
export interface OutputPath {
  option: string;
  path: string;
}

function code(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? '';
}

function problem(output: OutputPath, why: string): InputError {
  return new InputError(`${output.option} ${quote(output.path)}: ${why}`);
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A file that can be created or overwritten: not a directory, in an existing writable directory. */
export function checkOutputFile(output: OutputPath): void {
  try {
    const stats = statSync(output.path);
    if (stats.isDirectory()) throw problem(output, 'it is a directory');
    if (!writable(output.path)) throw problem(output, 'permission denied');
    return;
  } catch (e) {
    if (e instanceof InputError) throw e;
    if (code(e) === 'ENOTDIR') throw problem(output, 'a part of the path is not a directory');
    if (code(e) !== 'ENOENT') throw problem(output, writeFailure(e as NodeJS.ErrnoException));
  }
  const parent = dirname(output.path);
  let stats;
  try {
    stats = statSync(parent);
  } catch {
    throw problem(output, `there is no directory ${quote(parent)}`);
  }
  if (!stats.isDirectory()) throw problem(output, `${quote(parent)} is not a directory`);
  if (!writable(parent)) throw problem(output, `permission denied in ${quote(parent)}`);
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

/** Two outputs naming one file would overwrite each other. */
export function checkDistinct(outputs: OutputPath[]): void {
  const seen = new Map<string, string>();
  for (const { option, path } of outputs) {
    const other = seen.get(resolve(path));
    if (other !== undefined) throw new UsageError(`${other} and ${option} name the same file ${quote(path)}`);
    seen.set(resolve(path), option);
  }
}

/**
 * Writes every output (a function making its text, or writing it itself), going on past
 * failures; throws one OutputError listing them all at the end.
 */
export async function writeOutputs(outputs: Array<OutputPath & { write: (path: string) => void | Promise<void> }>): Promise<void> {
  const failures: string[] = [];
  for (const output of outputs) {
    try {
      await output.write(output.path);
    } catch (e) {
      failures.push(`cannot write ${output.option} ${quote(output.path)}: ${e instanceof InputError ? e.message : writeFailure(e as NodeJS.ErrnoException)}`);
    }
  }
  if (failures.length > 0) throw new OutputError(failures);
}

/** Writes a temporary file beside `output` and renames it over: a killed job leaves no half file. */
export function writeAtomically(output: OutputPath, text: string): void {
  try {
    replaceFile(output.path, text);
  } catch (e) {
    throw new OutputError([`cannot write ${output.option} ${quote(output.path)}: ${writeFailure(e as NodeJS.ErrnoException)}`]);
  }
}

/** Replaces the file at `path` by `text` whole or not at all (a temporary file renamed over it); throws the file system's error. */
export function replaceFile(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
}
