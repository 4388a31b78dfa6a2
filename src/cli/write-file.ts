// How every file a command writes is written (outputs, shard files, --logs, game logs): what the
// path leads to, decided once, then either a new file written whole beside it and renamed over it
// (a process killed half way leaves the previous file, never half of one), or, for a device or a
// pipe, the bytes written into it, which renaming would replace by a file.
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../model/errors.js';
import { quote } from '../model/quote.js';
import { fileKind } from '../io/log-file.js';

/** What a write to a path would write: the end of its chain of symbolic links. */
export type FileTarget =
  /** A regular file, replaced whole; the new one takes its mode (and, as root, its owner). */
  | { kind: 'file'; path: string; stats: Stats }
  /** Nothing yet: a file made whole at `path`. */
  | { kind: 'new'; path: string }
  /** A character device, a pipe, or a descriptor the process has open (/dev/stdout): written into, at `path` as given. */
  | { kind: 'in place'; path: string; what: string }
  /** A directory, a block device, a socket: never written. */
  | { kind: 'other'; path: string; what: string };

/** Linux's own limit on the symbolic links one path may go through (past it, ELOOP). */
const MAX_LINKS = 40;

/** The file system's error code of `e` ("ENOENT"), or "". */
export function code(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? '';
}

/**
 * Where a write to `path` lands, following its symbolic links one by one, so that a link to a file
 * not yet made leads to where the file will be. A link through /proc (/dev/stdout, /dev/fd/N)
 * names what the process has open, perhaps a file the shell opened for it: that is written into,
 * never replaced. A folder that is missing or not a folder is an InputError saying which.
 */
export function fileTarget(path: string): FileTarget {
  let at = path;
  for (let links = 0; links <= MAX_LINKS; links++) {
    const folder = realFolder(dirname(at));
    if (folder === '/proc' || folder.startsWith('/proc/')) return { kind: 'in place', path, what: 'a descriptor the process has open' };
    at = join(folder, basename(at));
    let stats: Stats;
    try {
      stats = lstatSync(at);
    } catch (e) {
      if (code(e) === 'ENOENT') return { kind: 'new', path: at };
      if (code(e) === 'ENOTDIR') throw new InputError(`${quote(folder)} is not a directory`);
      throw e;
    }
    if (stats.isSymbolicLink()) at = resolve(folder, readlinkSync(at));
    else if (stats.isFile()) return { kind: 'file', path: at, stats };
    else if (stats.isCharacterDevice() || stats.isFIFO()) return { kind: 'in place', path, what: fileKind(stats) };
    else return { kind: 'other', path: at, what: fileKind(stats) };
  }
  throw Object.assign(new Error(`too many symbolic links from ${path}`), { code: 'ELOOP' });
}

function realFolder(folder: string): string {
  try {
    return realpathSync.native(folder);
  } catch (e) {
    if (code(e) === 'ENOENT') throw new InputError(`there is no directory ${quote(folder)}`);
    if (code(e) === 'ENOTDIR') throw new InputError('a part of the path is not a directory');
    throw e;
  }
}

/** Whether this process may write at `path` (for root, always). */
export function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why `target` must not be written, or null. `fileOnly`: only a regular file will do (a game log,
 * read back later). A file without any write permission is read-only even to root, whom access()
 * lets write anything; replacing a file needs its folder writable, as the new file is made there.
 */
export function refusal(target: FileTarget, fileOnly: boolean): string | null {
  switch (target.kind) {
    case 'other':
      return `it is ${target.what}`;
    case 'in place':
      if (fileOnly) return `it is ${target.what}`;
      return writable(target.path) ? null : 'permission denied';
    case 'file':
      if ((target.stats.mode & 0o222) === 0) return 'it is read-only';
      if (!writable(target.path)) return 'permission denied';
      return writable(dirname(target.path)) ? null : `permission denied in ${quote(dirname(target.path))}`;
    case 'new':
      return writable(dirname(target.path)) ? null : `permission denied in ${quote(dirname(target.path))}`;
  }
}

/**
 * Writes `text` to `path` as its target asks: replaced whole, or written into a device or a pipe
 * (after what it holds: /dev/stdout on a file follows what was printed). A refusal is an
 * InputError; a failed write the file system's error, with no temporary left behind.
 */
export function writeFileWhole(path: string, text: string, fileOnly: boolean): void {
  const target = fileTarget(path);
  const why = refusal(target, fileOnly);
  if (why !== null) throw new InputError(why);
  if (target.kind === 'in place') writeFileSync(target.path, text, { flag: 'a' });
  else if (target.kind !== 'other') replaceFile(target, text);
}

/** A temporary's name: hidden, beside its target, with the pid of the process writing it. */
const TEMPORARY = /^\.(.+)\.(\d+)\.tmp$/;
const temporaryName = (name: string, pid: number) => `.${name}.${pid}.tmp`;

function replaceFile(target: Extract<FileTarget, { kind: 'file' | 'new' }>, text: string): void {
  const folder = dirname(target.path);
  const name = basename(target.path);
  removeStaleTemporaries(folder, name);
  const temporary = join(folder, temporaryName(name, process.pid));
  let fd: number | undefined;
  try {
    // Never through a file or link already there ('wx'); private until it has the target's mode.
    fd = openSync(temporary, 'wx', target.kind === 'file' ? 0o600 : 0o666);
    writeFileSync(fd, text);
    if (target.kind === 'file') {
      keepModeAndOwner(fd, target.stats);
      // On the disk before it replaces the old file: a power cut after the rename must not leave an
      // empty file in its place. A new file has nothing to lose, and --logs writes thousands, at
      // some 5 ms a sync.
      fsyncSync(fd);
    }
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, target.path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    removeQuietly(temporary);
    throw e;
  }
}

/** Removes a temporary; one that cannot be removed is left for a later write to clean, without hiding why the write failed. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // left for the next write's cleaning
  }
}

/** The old file's mode, exactly (fchmod knows no umask), and as root its owner and group, as far as the file system allows. */
function keepModeAndOwner(fd: number, stats: Stats): void {
  if (process.getuid?.() === 0) {
    try {
      fchownSync(fd, stats.uid, stats.gid);
    } catch {
      // A file system without owners (a FAT stick): the file is still written.
    }
  }
  // After the owner: changing it clears the set-user-ID and set-group-ID bits.
  fchmodSync(fd, stats.mode & 0o7777);
}

/**
 * Per folder, the temporaries left by processes that no longer run (a SIGKILL cannot clean up),
 * by the name of their target. A folder is listed once per process: --logs writes thousands of
 * files into one, and no process that has ended makes a temporary later. A temporary with this
 * process's own pid is an earlier process's, which had the pid before.
 */
const staleByFolder = new Map<string, Map<string, string[]>>();

function removeStaleTemporaries(folder: string, name: string): void {
  let stale = staleByFolder.get(folder);
  if (stale === undefined) {
    stale = new Map();
    for (const entry of listing(folder)) {
      const match = TEMPORARY.exec(entry);
      if (match === null || running(Number(match[2]))) continue;
      stale.set(match[1], [...(stale.get(match[1]) ?? []), entry]);
    }
    staleByFolder.set(folder, stale);
  }
  for (const entry of stale.get(name) ?? []) removeQuietly(join(folder, entry));
  stale.delete(name);
}

function listing(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return []; // a folder we may write into but not read: nothing to clean
  }
}

function running(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) === 'EPERM'; // another user's process
  }
}

/**
 * What a path names, for telling whether two paths name one file: a file's device and inode (a
 * hard link, a symbolic link, ./a and a alike), or for a file not yet made, where it would be made.
 * A device or a pipe is null: two outputs may both go into /dev/null.
 */
export function fileIdentity(path: string): string | null {
  try {
    const stats = statSync(path);
    return stats.isCharacterDevice() || stats.isFIFO() ? null : `${stats.dev}:${stats.ino}`;
  } catch {
    try {
      return fileTarget(path).path;
    } catch {
      return resolve(path);
    }
  }
}
