// A worker of the advisor's pool: serves the library's task modules, given the Wasm modules the
// page compiled (the same module for every worker, no second download).
import { serveTasks } from '../runtime/web-worker.js';
import { provideWasmModule } from '../knowledge/wasm-module.js';
import * as analysisTasks from '../analysis/tasks.js';
import * as epistemicTasks from '../analysis/epistemic-tasks.js';
import * as opponentTasks from '../analysis/opponent-tasks.js';
import { ANALYSIS_TASKS } from '../analysis/tasks.js';
import { EPISTEMIC_TASKS } from '../analysis/epistemic-tasks.js';
import { OPPONENT_TASKS } from '../analysis/opponent-tasks.js';

serveTasks({ [ANALYSIS_TASKS]: analysisTasks, [EPISTEMIC_TASKS]: epistemicTasks, [OPPONENT_TASKS]: opponentTasks }, (init) => {
  for (const [url, module] of init as Array<[string, WebAssembly.Module]>) provideWasmModule(url, module);
});
