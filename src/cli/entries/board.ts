// The bundle of `cluedo board` (dist/cli/cluedo-board.mjs): the program with this command alone.
import { boardCommand } from '../board-command.js';
import { runProgram } from '../program.js';

await runProgram([boardCommand()]);
