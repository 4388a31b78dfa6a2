// The bundle of `cluedo knows` (dist/cli/cluedo-knows.mjs): the program with this command alone.
import { knowsCommand } from '../knows-command.js';
import { runProgram } from '../program.js';

await runProgram([knowsCommand()]);
