// The bundle of `cluedo --version` (dist/cli/cluedo-version.mjs): the program with no command.
import { runProgram } from '../program.js';

await runProgram([]);
