// Lines of a tournament's report shared by simulate and merge: the board's rules, the solo measurement.
import type { BoardRules } from '../game/board/movement.js';
import type { TournamentConfig } from '../tournament/play.js';
import type { Summary } from '../tournament/types.js';
import { formatMeanInterval, formatMedianInterval, formatRateInterval } from '../tournament/format.js';
import { counted } from '../model/numbers.js';

/** The board's rules in a few words: "2d6, exact steps, exit cost 0, summons". */
export function boardDescription(rules: BoardRules): string {
  return `${rules.dice.count}d${rules.dice.sides}, ${rules.steps === 'exact' ? 'exact' : 'at most the'} roll, exit cost ${rules.exitCost}, ${rules.summon ? 'summons' : 'no summons'}`;
}

/** The solo measurement in one line, from the solo seat's own row (the field is summarised apart). */
export function soloLine(summary: Summary, config: TournamentConfig, rowLabel: (agent: string, role: 'solo' | 'field') => string): string {
  const { agent, field } = config.solo!;
  const solo = summary.agents.find((a) => a.agent === rowLabel(agent, 'solo'));
  if (!solo || solo.seatGames === 0) return 'Solo: no game finished';
  if (solo.certainRate === null) return `Solo ${agent} among ${config.players - 1} × ${field} (who never accuse): rounds until certain n/a (${agent} does not report when it is certain)`;
  return (
    `Solo ${agent} among ${config.players - 1} × ${field} (who never accuse): rounds until certain ` +
    `mean ${formatMeanInterval(solo.meanTurnsToCertain, 2)}, median ${formatMedianInterval(solo.medianTurnsToCertain)}; ` +
    `certain in ${formatRateInterval(solo.certainRate)} of ${counted(solo.games, 'game')}`
  );
}

