// The bundle of `cluedo add` (dist/cli/cluedo-add.mjs): the program with this command alone.
import { addCommand } from '../add-command.js';
import { runProgram } from '../program.js';

await runProgram([addCommand()]);
