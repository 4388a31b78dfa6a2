// cluedo new LOG: a game log started from flags (players, me, my hand, face-up cards, the deck),
// checked as the advisor checks a setup; an existing file is never replaced without --force.
import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { parseGame, type GameLog } from '../io/log.js';
import { readGameLogFile } from '../io/log-file.js';
import { gameToLog } from '../io/write-log.js';
import { toJson } from '../io/json.js';
import { InputError } from '../model/errors.js';
import { writeStdout } from './output.js';
import { nameList } from './options.js';
import { writeAtomically } from './output-files.js';

interface NewOptions {
  players: string[];
  me: string;
  hand: string[];
  faceUp?: string[];
  deckOf?: string;
  force?: boolean;
}

export function newCommand(): Command {
  return new Command('new')
    .description('start a game log: the players in seat order, who you are, your hand (the classic deck unless --deck-of)')
    .argument('<log.json>', 'the game log to write')
    .requiredOption('--players <names>', 'the players in seat order, separated by commas', nameList('--players'))
    .requiredOption('--me <player>', 'which player you are')
    .requiredOption('--hand <cards>', 'your cards, separated by commas', nameList('--hand'))
    .option('--face-up <cards>', 'cards laid face up for everyone, separated by commas', nameList('--face-up'))
    .option('--deck-of <log.json>', 'take the deck (and its rule variants) of another log')
    .option('--force', 'replace the file if it exists')
    .action(async (file: string, opts: NewOptions) => {
      if (existsSync(file) && !opts.force) throw new InputError(`${file} exists: pass --force to replace it, or cluedo add to go on with it`);
      const other = opts.deckOf === undefined ? null : (readGameLogFile(opts.deckOf) as GameLog);
      const log: GameLog = {
        ...(other?.deck !== undefined && { deck: other.deck }),
        ...(other?.rules !== undefined && { rules: other.rules }),
        players: opts.players,
        me: opts.me,
        myHand: opts.hand,
        ...(opts.faceUp !== undefined && { faceUp: opts.faceUp }),
        events: [],
      };
      // The log reader checks it all and resolves names; the file gets the names in full.
      const game = parseGame(log);
      writeAtomically({ option: 'the log', path: file }, `${toJson(gameToLog(game))}\n`);
      await writeStdout(`${file}: ${game.players.length} players, you are ${game.players[game.me!]} holding ${game.myHand.map((c) => game.deck.cards[c]).join(', ')}\n`);
    });
}
