// Reading a game log from a file: only a regular file of at most MAX_LOG_BYTES (a device or a pipe
// could be endless), UTF-8, every failure an InputError naming the file.
import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { InputError } from '../model/errors.js';
import { quote, shorten } from '../model/quote.js';
import { MAX_LOG_BYTES, parseLogText } from './log-text.js';

/** Reads and JSON-parses a game log file (its contents are checked by parseGame). */
export function readGameLogFile(path: string): unknown {
  return parseLogText(decode(readRegularFile(path, 'game log', MAX_LOG_BYTES), path), path);
}

/** The bytes of a regular file of at most `limit` bytes; `what` names it in messages ("game log"). */
export function readRegularFile(path: string, what: string, limit: number): Buffer {
  const cannot = (why: string) => new InputError(`cannot read ${what} ${quote(path)}: ${why}`);
  let fd: number;
  try {
    // stat before open: opening a FIFO would wait for a writer.
    const stats = statSync(path);
    if (!stats.isFile()) throw cannot(`it is ${fileKind(stats)}, not a regular file`);
    fd = openSync(path, 'r');
  } catch (e) {
    throw e instanceof InputError ? e : cannot(describeFsError(e));
  }
  try {
    const size = fstatSync(fd).size;
    if (size > limit) throw cannot(`it is ${(size / 2 ** 20).toFixed(0)} MiB, over the limit of ${limit / 2 ** 20} MiB`);
    // Read at most one byte past the size seen, to notice a file that grows while being read.
    const buffer = Buffer.alloc(size + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > size) throw cannot('it grew while being read');
    return buffer.subarray(0, length);
  } catch (e) {
    throw e instanceof InputError ? e : cannot(describeFsError(e));
  } finally {
    closeSync(fd);
  }
}

/** What a file that is not a regular one is, in words: "a directory", "a pipe". */
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a pipe';
  if (stats.isSocket()) return 'a socket';
  return 'not a plain file';
}

/** UTF-8 text (a byte-order mark is dropped by parseLogText); UTF-16 is refused with what to do. */
function decode(bytes: Buffer, path: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new InputError(`${shorten(path)} is UTF-16 text; save it as UTF-8`);
  }
  return bytes.toString('utf8');
}

/** Why a file system call failed, in words. */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const known: Record<string, string> = {
    ENOENT: 'no such file',
    ENOTDIR: 'no such file (a part of the path is not a directory)',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a directory',
    ENAMETOOLONG: 'the name is too long',
    ELOOP: 'too many symbolic links (a loop?)',
    EIO: 'input/output error',
  };
  // Node's own messages repeat the path, which may be long: the code says enough.
  return (code && known[code]) ?? code ?? (e instanceof Error ? e.message : String(e));
}
