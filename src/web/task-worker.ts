// A worker of the advisor's pool: the library's task modules, served with the Wasm modules the
// page compiled (the same module for every worker, no second download).
import { serveLibraryTasks } from '../analysis/web-workers.js';

serveLibraryTasks();
