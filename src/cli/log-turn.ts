// What `cluedo add` decides, whether the turn comes from flags or from questions at the terminal:
// the log opened as the advisor opens it, the turn as a log event, the check of who passed, and
// the log written back atomically once the entry is known possible.
import { readGameLogFile } from '../io/log-file.js';
import type { GameLog, GameLogEvent, LogWords } from '../io/log.js';
import { toJson } from '../io/json.js';
import { eventSentence, requireGameGoesOn } from '../io/describe.js';
import { passers } from '../model/rules.js';
import { makeNameResolver } from '../model/names.js';
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import type { OpenGame } from '../analysis/open-game.js';
import { writeStdout } from './output.js';
import { checkOutputFile, logOutput, writeOutputFile } from './output-files.js';

/** One turn: a suggestion and who showed a card (null: nobody), or an accusation; names as typed. */
export type Turn =
  | { kind: 'suggestion'; by: string; cards: string[]; shownBy: string | null; shown?: string }
  | { kind: 'accusation'; by: string; cards: string[]; correct: boolean };

/**
 * How the log reader's messages name the turn's parts: by the options that gave them and "your
 * hand", never by the log's JSON keys. (The questions offer only what the log allows, so only the
 * flags' mistakes come to name an option.)
 */
export const TURN_WORDS: LogWords = { myHand: 'your hand', by: '--by', cards: '--cards', shownBy: '--shown-by', shown: '--shown' };

/** The turn as an event of the log (the log reader resolves its names). */
export function turnEvent(turn: Turn): GameLogEvent {
  if (turn.kind === 'accusation') return { type: 'accusation', by: turn.by, cards: turn.cards, correct: turn.correct };
  return { type: 'suggestion', by: turn.by, cards: turn.cards, shownBy: turn.shownBy, ...(turn.shown !== undefined && { shown: turn.shown }) };
}

/** The log of `file`, opened: an impossible log, a game already won, or a file it cannot write back, is refused here, before any entry. */
export async function openLog(file: string): Promise<OpenGame> {
  const log = readGameLogFile(file) as GameLog;
  checkOutputFile(logOutput(file));
  const { OpenGame } = await import('../analysis/open-game.js');
  const open = new OpenGame(log);
  try {
    requireGameGoesOn(open.game, 'nothing can be added');
  } catch (error) {
    open.dispose();
    throw error;
  }
  return open;
}

/** `typed` (--passed) must name exactly the players the answers to the suggestion at `index` went past. */
export function checkPassed(game: Game, index: number, typed: readonly string[]): void {
  const event = game.events[index];
  if (event.type !== 'suggestion') return;
  const resolve = makeNameResolver('player', game.players);
  const given = typed.map((p) => resolve(p, '--passed'));
  const expected = passers(event, game.players.length, game.rules);
  const names = (seats: number[]) => (seats.length === 0 ? 'nobody' : seats.map((s) => game.players[s]).join(', '));
  if ([...given].sort().join() !== [...expected].sort().join()) {
    throw new InputError(`--passed says ${names(given)}, but the answers went past ${names(expected)} before ${event.shownBy === null ? 'coming back' : game.players[event.shownBy]}: nothing was added`);
  }
}

/** Writes the log with its new last event, atomically, and prints that event as a sentence. */
export async function saveTurn(file: string, after: OpenGame): Promise<void> {
  const index = after.game.events.length - 1;
  writeOutputFile(logOutput(file), `${toJson(after.log())}\n`);
  await writeStdout(`${file}: event ${index + 1}: ${eventSentence(after.game, index, { at: false })}\n`);
}
