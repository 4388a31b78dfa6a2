// cluedo refute: the observer must show a card; what each card it could show gives away, least first.
import { Command } from 'commander';
import { parseGame } from '../io/log.js';
import { readGameLogFile } from '../io/log-file.js';
import { makeNameResolver } from '../model/names.js';
import { toJson } from '../io/json.js';
import type { Game } from '../model/game.js';
import type { RefutationAdvice } from '../analysis/refute-advice.js';
import { writeStdout } from './output.js';
import { cancellableRequest } from './cancel.js';
import { nameList } from './options.js';
import { fromCommandLine } from './errors.js';

interface RefuteOptions {
  by: string;
  cards: string[];
  json?: boolean;
}

export function refuteCommand(): Command {
  return new Command('refute')
    .description('when you must show a card: what each card you could show gives away to the suggester, least first')
    .argument('<log.json>', 'game log with an observer ("me"): you, who must show a card')
    .requiredOption('--by <player>', 'the player who made the suggestion')
    .requiredOption('--cards <a,b,c>', 'the cards named, one of each category, separated by commas', nameList('--cards'))
    .option('--json', 'print the advice as JSON')
    .action(async (file: string, opts: RefuteOptions) => {
      const game = parseGame(readGameLogFile(file));
      const [{ refutationAdvice, refuterOf, checkRefutation }, { refutationAdviceJson }] = await Promise.all([import('../analysis/refute-advice.js'), import('../analysis/json.js')]);
      refuterOf(game); // a log that cannot be advised on is bad input, whatever the options say
      const request = fromCommandLine(() => {
        const card = makeNameResolver('card', game.deck.cards);
        const typed = { suggester: makeNameResolver('player', game.players)(opts.by, '--by'), cards: opts.cards.map((name, i) => card(name, `--cards (card ${i + 1})`)) };
        checkRefutation(game, typed, '--cards');
        return typed;
      });
      const advice = await cancellableRequest(async () => refutationAdvice(game, request));
      await writeStdout(`${opts.json ? toJson(refutationAdviceJson(game, advice)) : renderAdvice(game, advice)}\n`);
    });
}

const percent = (p: number) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1)}%`;

export function renderAdvice(game: Game, advice: RefutationAdvice): string {
  const name = (c: number) => game.deck.cards[c];
  const me = game.players[advice.refuter];
  const by = game.players[advice.suggester];
  const width = Math.max(4, ...advice.options.map((o) => name(o.card).length));
  const suggested = `(${by} suggested ${advice.cards.map(name).join(', ')})`;
  // A single card is no choice: say so, rather than "one of" a list of one.
  const only = advice.options.length === 1 ? name(advice.options[0].card) : null;
  const lines = [
    only !== null ? `Show ${only}: it is the only one of the named cards you hold ${suggested}` : `${me} shows ${by} one of ${advice.options.map((o) => name(o.card)).join(', ')} ${suggested}`,
    '',
    `  ${'card'.padEnd(width)}  news to ${by}  envelope uncertainty removed  ${by} expected it`,
  ];
  for (const [i, o] of advice.options.entries()) {
    const note = o.shownBefore ? `   (already shown to ${by})` : '';
    lines.push(`${i === 0 ? '→' : ' '} ${name(o.card).padEnd(width)}  ${`${o.bits.toFixed(2)} bits`.padStart(8 + by.length)}  ${`${o.envelopeBits.toFixed(2)} bits`.padStart(28)}  ${percent(o.chance).padStart(12 + by.length)}${note}`);
  }
  const best = advice.options[0];
  const tied = advice.options.filter((o) => Math.abs(o.bits - best.bits) < 1e-9 && Math.abs(o.envelopeBits - best.envelopeBits) < 1e-9);
  lines.push('');
  if (only === null) {
    lines.push(tied.length > 1 ? `→ ${tied.map((o) => name(o.card)).join(' or ')}: each tells ${by} as little as the other.` : `→ show ${name(best.card)}: it tells ${by} least.`);
  }
  lines.push(`${only === null ? 'Whichever you show' : 'Showing it'}, the others see only that you hold one of the named cards: ${advice.tableBits.toFixed(2)} bits of news to them.`);
  lines.push(`News: -log2 of the chance ${by} gave the card, over every deal of the public events and the cards you showed ${by} before`);
  lines.push(`(${by}'s own hand you cannot know). Envelope uncertainty removed: the fall of the entropy of the envelope for ${by}.`);
  return lines.join('\n');
}
