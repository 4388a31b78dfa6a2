// Where Node finds a task module: its id ("analysis/tasks") is its path under the package's source
// root, and worker threads run plain Node, so they import the compiled file, dist/<id>.js. This
// module and the CLI's bundle both sit one level under their root (dist/runtime/, dist/cli/), so
// "../<id>.js" names the compiled module from either; under the test runner the code runs from
// src/, where only the .ts file is, and the dist/ copy is taken instead.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const found = new Map<string, string>();

/** The file URL of task module `id`, compiled, for a worker thread to import. */
export function taskModuleUrl(id: string): string {
  let url = found.get(id);
  if (url === undefined) {
    const path = fileURLToPath(new URL(`../${id}.js`, import.meta.url));
    const compiled = path.replace(/([\\/])src([\\/])/, '$1dist$2');
    if (existsSync(path)) url = pathToFileURL(path).href;
    else if (existsSync(compiled)) url = pathToFileURL(compiled).href;
    else throw new Error(`task module ${id} is not built (${compiled} is missing): run "npm run build"`);
    found.set(id, url);
  }
  return url;
}
