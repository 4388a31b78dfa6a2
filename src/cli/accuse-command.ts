// cluedo accuse: whether to accuse now, with the numbers behind the advice.
import { Command } from 'commander';
import { parseGame } from '../io/log.js';
import { readGameLogFile } from '../io/log-file.js';
import { toJson } from '../io/json.js';
import type { Game } from '../model/game.js';
import type { AccusationAdvice } from '../analysis/accuse-advice.js';
import { seedValue, wholeNumber } from './options.js';
import { writeStdout } from './output.js';
import { cancellableRequest } from './cancel.js';

interface AccuseOptions {
  samples?: number;
  seed: number;
  json?: boolean;
}

export function accuseCommand(): Command {
  return new Command('accuse')
    .description('whether to accuse now: the chance the best solution is right, against the chance another player accuses first')
    .argument('<log.json>', 'game log with an observer ("me"): you, at the end of your turn')
    .option('--samples <n>', "worlds drawn to estimate the others' knowledge when their Kripke model is too large (default 2,500)", wholeNumber('--samples', 1_000_000))
    .option('--seed <s>', 'seed of the draws', seedValue, 1)
    .option('--json', 'print the advice as JSON')
    .action(async (file: string, opts: AccuseOptions) => {
      const game = parseGame(readGameLogFile(file));
      const [{ accusationAdviceOn }, { accusationAdviceJson }, { epistemicInThisThread }] = await Promise.all([import('../analysis/accuse-advice.js'), import('../analysis/json.js'), import('../analysis/knows.js')]);
      // The opponents' worlds are drawn a few chunks at a time between turns of the event loop, so that Ctrl-C stops the request there.
      const advice = await cancellableRequest((signal) => accusationAdviceOn(epistemicInThisThread(), game, { samples: opts.samples, seed: opts.seed, signal }));
      await writeStdout(`${opts.json ? toJson(accusationAdviceJson(game, advice)) : renderAccusation(game, advice)}\n`);
    });
}

const percent = (p: number) => `${(100 * p).toFixed(1)}%`;

export function renderAccusation(game: Game, advice: AccusationAdvice): string {
  const solution = advice.solution.map((c) => game.deck.cards[c]).join(', ');
  if (advice.certain) return `The envelope is certain: accuse ${solution}.`;
  const lines = [`Best accusation: ${solution}, right with probability ${percent(advice.probability)} (exact).`, '', '  player  can accuse now  by the end of its next turn'];
  for (const s of advice.seats) {
    lines.push(`  ${game.players[s.seat].padEnd(6)}  ${percent(s.canAccuse).padStart(14)}  ${percent(Math.max(s.canAccuse, s.canAccuseNextTurn ?? 0)).padStart(26)}`);
  }
  const error = advice.threatStandardError === null ? ' (exact)' : ` (± ${percent(advice.threatStandardError)}, estimated from drawn worlds)`;
  const waiting = 1 - advice.threat;
  lines.push('', `Some player can accuse by the end of its next turn: ${percent(advice.threat)}${error}.`);
  lines.push(
    advice.accuse
      ? `→ accuse now: ${percent(advice.probability)} to be right beats waiting, which wins at best ${percent(waiting)} (when nobody accuses before your next turn).`
      : `→ wait: accusing now is right ${percent(advice.probability)} of the time; waiting wins at best ${percent(waiting)} (when nobody accuses before your next turn).`,
  );
  return lines.join('\n');
}
