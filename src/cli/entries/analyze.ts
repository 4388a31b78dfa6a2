// The bundle of `cluedo analyze` (dist/cli/cluedo-analyze.mjs): the program with this command alone.
import { analyzeCommand } from '../analyze-command.js';
import { runProgram } from '../program.js';

await runProgram([analyzeCommand()]);
