// The bundle of `cluedo accuse` (dist/cli/cluedo-accuse.mjs): the program with this command alone.
import { accuseCommand } from '../accuse-command.js';
import { runProgram } from '../program.js';

await runProgram([accuseCommand()]);
