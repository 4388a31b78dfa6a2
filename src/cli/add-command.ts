// cluedo add LOG: one turn added to a game log from flags, or from questions at the terminal;
// checked as the advisor checks an entry (names resolved, the turn possible, the log left with a
// deal) either way, and the file rewritten atomically.
import { Command } from 'commander';
import { fromCommandLine, UsageError } from './errors.js';
import { nameList } from './options.js';
import { asksQuestions } from './interactive.js';
import { checkPassed, openLog, saveTurn, TURN_WORDS, turnEvent, type Turn } from './log-turn.js';

interface AddOptions {
  by?: string;
  cards?: string[];
  shownBy?: string;
  shown?: string;
  passed?: string[];
  accusation?: boolean;
  correct?: boolean;
  interactive?: boolean;
}

/** "nobody" (or "-") for a suggestion nobody could answer. */
const NOBODY = new Set(['nobody', '-']);

/** The flags that give the turn; without any of them, at a terminal, the command asks. */
const CONTENT = { required: ['--by', '--cards'], optional: ['--shown-by', '--shown', '--passed', '--accusation', '--correct'] };

export function addCommand(): Command {
  return new Command('add')
    .description('add one turn to a game log (a suggestion and its answer, or an accusation), checked as the advisor checks it; at a terminal without flags, it asks')
    .argument('<log.json>', 'the game log to add to (rewritten in place, atomically)')
    .option('--by <player>', 'who suggested (or accused) (required unless asked)')
    .option('--cards <a,b,c>', 'the cards named, one of each category (required unless asked)', nameList('--cards'))
    .option('--shown-by <player>', 'a suggestion: who showed a card, or "nobody"')
    .option('--shown <card>', 'the card shown, when you saw it (you suggested, or you showed it)')
    .option('--passed <players>', 'the players who passed, as a check: the log says who they must be', nameList('--passed'))
    .option('--accusation', 'an accusation, not a suggestion')
    .option('--correct', 'with --accusation: it was right (the game ends)')
    .option('-i, --interactive', 'ask question by question at the terminal (the default at a terminal without the flags above)')
    .action(async (file: string, opts: AddOptions, command: Command) => {
      if (asksQuestions(command, CONTENT, opts.interactive)) {
        const before = await openLog(file);
        const { askTurn } = await import('./add-prompts.js');
        await saveTurn(file, await askTurn(file, before));
        return;
      }
      const event = turnEvent(turnOf(opts));
      const before = await openLog(file);
      // The log was read above (a mistake in it is bad input); the turn is what the options say.
      const after = fromCommandLine(() => {
        const next = before.with(event, { words: TURN_WORDS });
        if (opts.passed !== undefined) checkPassed(next.game, next.game.events.length - 1, opts.passed);
        return next;
      });
      await saveTurn(file, after);
    });
}

/** The turn the flags describe, names as typed (the log reader resolves them). */
function turnOf(opts: AddOptions): Turn {
  const by = opts.by!;
  const cards = opts.cards!;
  if (opts.accusation) {
    for (const [flag, value] of [['--shown-by', opts.shownBy], ['--shown', opts.shown], ['--passed', opts.passed]] as const) {
      if (value !== undefined) throw new UsageError(`${flag} is for a suggestion, not an --accusation`);
    }
    return { kind: 'accusation', by, cards, correct: opts.correct === true };
  }
  if (opts.correct) throw new UsageError('--correct goes with --accusation');
  if (opts.shownBy === undefined) throw new UsageError('a suggestion needs --shown-by PLAYER (or --shown-by nobody); an accusation, --accusation');
  const nobody = NOBODY.has(opts.shownBy.trim().toLowerCase());
  if (nobody && opts.shown !== undefined) throw new UsageError('--shown with --shown-by nobody: nobody showed a card');
  return { kind: 'suggestion', by, cards, shownBy: nobody ? null : opts.shownBy, ...(opts.shown !== undefined && { shown: opts.shown }) };
}
