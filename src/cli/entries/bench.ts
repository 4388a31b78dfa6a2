// The bundle of `cluedo bench` (dist/cli/cluedo-bench.mjs): the program with this command alone.
import { benchCommand } from '../bench-command.js';
import { runProgram } from '../program.js';

await runProgram([benchCommand()]);
