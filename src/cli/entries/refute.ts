// The bundle of `cluedo refute` (dist/cli/cluedo-refute.mjs): the program with this command alone.
import { refuteCommand } from '../refute-command.js';
import { runProgram } from '../program.js';

await runProgram([refuteCommand()]);
