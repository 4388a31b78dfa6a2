// The bundle of `cluedo suggest` (dist/cli/cluedo-suggest.mjs): the program with this command alone.
import { suggestCommand } from '../suggest-command.js';
import { runProgram } from '../program.js';

await runProgram([suggestCommand()]);
