// Where Node finds a task module: its id ("analysis/tasks") is its path under the package's source
// root. Built, this module and the CLI's bundles sit one level under their root (dist/runtime/,
// dist/cli/), so "../<id>.js" names the compiled module from either. Run as TypeScript (the test
// runner, tsx), it sits in src/runtime/, and worker threads run the sources beside it, never a
// dist/ that may be older than them: they load "../<id>.ts" through tsx's require hook
// (workerExecArgv), compiled from the sources as the calling thread's own code is.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** True when this code runs as its TypeScript sources rather than built. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');

const found = new Map<string, string>();

/** The file URL of task module `id` for a worker thread to import: compiled, or the source when this code runs from its sources. */
export function taskModuleUrl(id: string): string {
  let url = found.get(id);
  if (url === undefined) {
    // From the sources, a module written in JavaScript (a test's) is taken as it is.
    const candidates = (FROM_SOURCES ? ['.ts', '.js'] : ['.js']).map((ext) => fileURLToPath(new URL(`../${id}${ext}`, import.meta.url)));
    const path = candidates.find((p) => existsSync(p));
    if (path === undefined) throw new Error(FROM_SOURCES ? `task module ${id} has no source (${candidates[0]} is missing)` : `task module ${id} is not built (${candidates[0]} is missing): run "npm run build"`);
    url = pathToFileURL(path).href;
    found.set(id, url);
  }
  return url;
}

let execArgv: string[] | undefined;

/** The options of a worker thread that loads task modules: tsx's require hook when they are TypeScript sources (found once). */
export function workerExecArgv(): string[] | undefined {
  if (!FROM_SOURCES) return undefined;
  return (execArgv ??= withTsxHook());
}

function withTsxHook(): string[] {
  let hook: string;
  try {
    hook = createRequire(import.meta.url).resolve('tsx/cjs');
  } catch {
    throw new Error('worker threads run the TypeScript sources through tsx, which is not installed: run "npm ci"');
  }
  return [...process.execArgv, '-r', hook]; // -r: Node's --require
}
