// A Web Worker of test/web-pool.e2e.test.ts: the library's task modules, as the advisor's worker
// serves them (with the Wasm modules the page sends), and the tasks that crash it.
import { serveTasks } from '../../../src/runtime/web-worker.js';
import { LIBRARY_TASK_MODULES } from '../../../src/analysis/web-workers.js';
import { provideWasmModule } from '../../../src/knowledge/wasm-module.js';
import * as crashTasks from './crash-tasks.js';

serveTasks({ ...LIBRARY_TASK_MODULES, [crashTasks.CRASH_TASKS]: crashTasks }, (init) => {
  for (const [url, module] of init as Array<[string, WebAssembly.Module]>) provideWasmModule(url, module);
});
