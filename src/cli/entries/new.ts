// The bundle of `cluedo new` (dist/cli/cluedo-new.mjs): the program with this command alone.
import { newCommand } from '../new-command.js';
import { runProgram } from '../program.js';

await runProgram([newCommand()]);
