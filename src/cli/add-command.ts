// cluedo add LOG: one turn added to a game log from flags, checked as the advisor checks an entry
// (names resolved, the turn possible, the log left with a deal), and the file rewritten atomically.
import { Command } from 'commander';
import { readGameLogFile } from '../io/log-file.js';
import type { GameLog, GameLogEvent } from '../io/log.js';
import { toJson } from '../io/json.js';
import { eventSentence } from '../io/describe.js';
import { passers } from '../model/rules.js';
import { makeNameResolver } from '../model/names.js';
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { writeStdout } from './output.js';
import { UsageError } from './errors.js';
import { nameList } from './options.js';
import { writeAtomically } from './output-files.js';

interface AddOptions {
  by: string;
  cards: string[];
  shownBy?: string;
  shown?: string;
  passed?: string[];
  accusation?: boolean;
  correct?: boolean;
}

/** "nobody" (or "-") for a suggestion nobody could answer. */
const NOBODY = new Set(['nobody', '-']);

export function addCommand(): Command {
  return new Command('add')
    .description('add one turn to a game log (a suggestion and its answer, or an accusation), checked as the advisor checks it')
    .argument('<log.json>', 'the game log to add to (rewritten in place, atomically)')
    .requiredOption('--by <player>', 'who suggested (or accused)')
    .requiredOption('--cards <a,b,c>', 'the cards named, one of each category', nameList('--cards'))
    .option('--shown-by <player>', 'a suggestion: who showed a card, or "nobody"')
    .option('--shown <card>', 'the card shown, when you saw it (you suggested, or you showed it)')
    .option('--passed <players>', 'the players who passed, as a check: the log says who they must be', nameList('--passed'))
    .option('--accusation', 'an accusation, not a suggestion')
    .option('--correct', 'with --accusation: it was right (the game ends)')
    .action(async (file: string, opts: AddOptions) => {
      const event = eventOf(opts);
      const log = readGameLogFile(file) as GameLog;
      const { OpenGame } = await import('../analysis/open-game.js');
      const before = new OpenGame(log);
      const after = before.with(event);
      const index = after.game.events.length - 1;
      if (opts.passed !== undefined) checkPassed(after.game, index, opts.passed);
      writeAtomically({ option: 'the log', path: file }, `${toJson(after.log())}\n`);
      await writeStdout(`${file}: event ${index + 1}: ${eventSentence(after.game, index, { at: false })}\n`);
    });
}

/** The event the flags describe, names as typed (the log reader resolves them). */
function eventOf(opts: AddOptions): GameLogEvent {
  const { cards } = opts;
  if (opts.accusation) {
    for (const [flag, value] of [['--shown-by', opts.shownBy], ['--shown', opts.shown], ['--passed', opts.passed]] as const) {
      if (value !== undefined) throw new UsageError(`${flag} is for a suggestion, not an --accusation`);
    }
    return { type: 'accusation', by: opts.by, cards, correct: opts.correct === true };
  }
  if (opts.correct) throw new UsageError('--correct goes with --accusation');
  if (opts.shownBy === undefined) throw new UsageError('a suggestion needs --shown-by PLAYER (or --shown-by nobody); an accusation, --accusation');
  const nobody = NOBODY.has(opts.shownBy.trim().toLowerCase());
  if (nobody && opts.shown !== undefined) throw new UsageError('--shown with --shown-by nobody: nobody showed a card');
  return { type: 'suggestion', by: opts.by, cards, shownBy: nobody ? null : opts.shownBy, ...(opts.shown !== undefined && { shown: opts.shown }) };
}

/** --passed must name exactly the players the answers went past. */
function checkPassed(game: Game, index: number, typed: readonly string[]): void {
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
