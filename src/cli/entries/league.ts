// The bundle of `cluedo league` (dist/cli/cluedo-league.mjs): the program with this command alone.
import { leagueCommand } from '../league-command.js';
import { runProgram } from '../program.js';

await runProgram([leagueCommand()]);
