// cluedo new LOG: a game log started from flags (players, me, my hand, face-up cards, the deck), or
// from questions at the terminal; checked as the advisor checks a setup either way. An existing
// file is never replaced without --force.
import { Command } from 'commander';
import { nameList } from './options.js';
import { asksQuestions } from './interactive.js';
import { checkNewFile, CLASSIC_SOURCE, deckOfLog, writeNewLog } from './log-setup.js';

interface NewOptions {
  players?: string[];
  me?: string;
  hand?: string[];
  faceUp?: string[];
  deckOf?: string;
  force?: boolean;
  interactive?: boolean;
}

/** The flags that give the setup; without any of them, at a terminal, the command asks. */
const CONTENT = { required: ['--players', '--me', '--hand'], optional: ['--face-up'] };

export function newCommand(): Command {
  return new Command('new')
    .description('start a game log: the players in seat order, who you are, your hand (the classic deck unless --deck-of); at a terminal without them, it asks')
    .argument('<log.json>', 'the game log to write')
    .option('--players <names>', 'the players in seat order, separated by commas (required unless asked)', nameList('--players'))
    .option('--me <player>', 'which player you are (required unless asked)')
    .option('--hand <cards>', 'your cards, separated by commas (required unless asked)', nameList('--hand'))
    .option('--face-up <cards>', 'cards laid face up for everyone, separated by commas', nameList('--face-up'))
    .option('--deck-of <log.json>', 'take the deck (and its rule variants) of another log')
    .option('--force', 'replace the file if it exists')
    .option('-i, --interactive', 'ask question by question at the terminal (the default at a terminal without --players, --me and --hand)')
    .action(async (file: string, opts: NewOptions, command: Command) => {
      const ask = asksQuestions(command, CONTENT, opts.interactive);
      checkNewFile(file, opts.force);
      const deck = opts.deckOf === undefined ? undefined : deckOfLog(opts.deckOf);
      if (ask) {
        const { askSetup } = await import('./new-prompts.js');
        const answers = await askSetup(file, { deck });
        checkNewFile(file, opts.force);
        await writeNewLog(file, answers);
        return;
      }
      await writeNewLog(file, { deck: deck ?? CLASSIC_SOURCE, players: opts.players!, me: opts.me!, hand: opts.hand!, faceUp: opts.faceUp });
    });
}
