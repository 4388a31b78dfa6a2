// The bundle of `cluedo serve` (dist/cli/cluedo-serve.mjs): the program with this command alone.
import { serveCommand } from '../serve-command.js';
import { runProgram } from '../program.js';

await runProgram([serveCommand()]);
