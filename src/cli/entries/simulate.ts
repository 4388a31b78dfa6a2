// The bundle of `cluedo simulate` (dist/cli/cluedo-simulate.mjs): the program with this command alone.
import { simulateCommand } from '../simulate-command.js';
import { runProgram } from '../program.js';

await runProgram([simulateCommand()]);
