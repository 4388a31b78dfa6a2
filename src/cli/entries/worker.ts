// The bundle of `cluedo worker` (dist/cli/cluedo-worker.mjs): the program with this command alone.
import { workerCommand } from '../queue-command.js';
import { runProgram } from '../program.js';

await runProgram([workerCommand()]);
