// What `cluedo new` decides, whether its answers come from flags or from questions at the
// terminal: where the deck comes from, the setup as a game log, its check (the log reader's), and
// the file written atomically with a one-line summary.
import { deckFromText } from '../io/deck-text.js';
import { existsSync } from 'node:fs';
import { parseGame, type GameLog, type LogWords } from '../io/log.js';
import { readGameLogFile } from '../io/log-file.js';
import { gameToLog } from '../io/write-log.js';
import { toJson } from '../io/json.js';
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { shorten } from '../model/quote.js';
import { fromCommandLine } from './errors.js';
import { writeStdout } from './output.js';
import { checkOutputFile, logOutput, writeOutputFile } from './output-files.js';

/** The deck and rule variants a new log takes; empty for the classic deck and the standard rules. */
export type DeckSource = Pick<GameLog, 'deck' | 'rules'>;

export const CLASSIC_SOURCE: DeckSource = {};

/** The deck and rule variants of another log (--deck-of), which must be a log the reader accepts. */
export function deckOfLog(path: string): DeckSource {
  const json = readGameLogFile(path);
  let game: Game;
  try {
    game = parseGame(json);
  } catch (e) {
    throw e instanceof InputError ? new InputError(`${shorten(path)}: ${e.message}`) : e;
  }
  const { deck, rules } = gameToLog(game);
  return { deck, ...(rules !== undefined && { rules }) };
}

/** A deck typed as lines "category: card, card, ...", in order, checked as a log's deck is (io/deck-text.ts, as the advisor's setup reads it). */
export function deckOfText(text: string): DeckSource {
  return { deck: deckFromText(text) };
}

/** The answers that make a new log; names as typed (the log reader completes them). */
export interface SetupAnswers {
  deck: DeckSource;
  players: string[];
  /** Which player I am; null for a spectator. */
  me: string | null;
  hand: string[];
  faceUp?: string[];
}

/** The log the answers make, before its check. */
export function setupLog(answers: SetupAnswers): GameLog {
  return {
    ...answers.deck,
    players: answers.players,
    ...(answers.me !== null && { me: answers.me, myHand: answers.hand }),
    ...(answers.faceUp !== undefined && { faceUp: answers.faceUp }),
    events: [],
  };
}

/**
 * How the log reader's messages name the setup: by the words of the questions and options that
 * gave it ("your hand has 1 card, but ..."), never by the JSON keys the user did not write.
 */
const SETUP_WORDS: LogWords = { players: 'the players', me: 'who you are', myHand: 'your hand', faceUp: 'the face-up cards' };

/** The setup checked as the log reader checks it; so far as it is answered (no hand yet: a spectator's). */
export function checkSetup(answers: SetupAnswers): Game {
  return parseGame(setupLog(answers), { words: SETUP_WORDS });
}

/** An existing file is never replaced without --force, nor anything but a file it can write (a device, a read-only file) with it. */
export function checkNewFile(file: string, force: boolean | undefined): void {
  if (existsSync(file) && !force) throw new InputError(`${file} exists: pass --force to replace it, or cluedo add to go on with it`);
  checkOutputFile(logOutput(file));
}

/** Checks the setup, writes it with every name in full, atomically, and prints what it is in one line. */
export async function writeNewLog(file: string, answers: SetupAnswers): Promise<void> {
  const game = fromCommandLine(() => checkSetup(answers));
  writeOutputFile(logOutput(file), `${toJson(gameToLog(game))}\n`);
  const who = game.me === null ? 'you watch as a spectator' : `you are ${game.players[game.me]} holding ${game.myHand.map((c) => game.deck.cards[c]).join(', ')}`;
  await writeStdout(`${file}: ${game.players.length} players, ${who}\n`);
}
