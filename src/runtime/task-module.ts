// Task modules are named by file URL. Under the test runner the code runs from src/*.ts, while a
// worker thread runs plain Node and needs the compiled dist/*.js: this maps one to the other.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type ModuleFlavour = 'source' | 'compiled';

/**
 * The file URL of a task module that the given flavour of runtime can import: 'compiled' for
 * worker threads (dist/*.js), 'source' for the calling thread (the .ts file when only it exists).
 */
export function resolveTaskModule(module: string, flavour: ModuleFlavour): string {
  const path = fileURLToPath(module);
  if (existsSync(path)) return module;
  const ts = path.replace(/\.js$/, '.ts');
  if (flavour === 'source' && existsSync(ts)) return pathToFileURL(ts).href;
  const compiled = path.replace(/([\\/])src([\\/])/, '$1dist$2');
  if (existsSync(compiled)) return pathToFileURL(compiled).href;
  throw new Error(`task module ${path} is not built: run "npm run build"`);
}
