// The bundle of `cluedo merge` (dist/cli/cluedo-merge.mjs): the program with this command alone.
import { mergeCommand } from '../merge-command.js';
import { runProgram } from '../program.js';

await runProgram([mergeCommand()]);
