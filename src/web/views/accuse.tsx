// Whether to accuse now: the best solution's chance against the chance that another player still
// in can accuse by the end of its next turn (analysis/accuse-advice.ts, from the answers the page
// already has: the notebook's solutions and the opponents' knowledge).
import { adviceOn } from '../../analysis/accuse-advice.js';
import type { Analysis } from '../../analysis/analyze.js';
import type { Opponents } from '../../analysis/opponents.js';
import type { Game } from '../../model/game.js';
import { mayAct, standingAfter } from '../../model/rules.js';
import type { Timed } from './format.js';

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;

export function AccuseView({ analysis, opponents, game }: { analysis: Analysis; opponents: Timed<Opponents> | null; game: Game }) {
  // A player out after a wrong accusation accuses no more (as `cluedo accuse` refuses it).
  if (game.me === null || analysis.solutions.length === 0 || !mayAct(standingAfter(game.events, game.players.length), game.me, 'turn')) return null;
  const certain = analysis.solutions.length === 1;
  if (!certain && opponents?.result == null) {
    return (
      <section class="accuse-advice" data-view="accuse-advice" data-state={opponents === null ? 'busy' : 'error'}>
        <h2>Accuse now?</h2>
        <p>{opponents === null ? 'Weighing what the others know…' : (opponents.reason ?? 'What the others know is not available.')}</p>
      </section>
    );
  }
  const advice = adviceOn(game, analysis.solutions, opponents?.result?.seats ?? []);
  const names = advice.solution.map((c) => game.deck.cards[c]).join(', ');
  const exact = analysis.method === 'exact';
  const se = advice.threatStandardError;
  return (
    <section class={`accuse-advice ${advice.accuse ? 'go' : ''}`} data-view="accuse-advice" data-state="ready" data-accuse={String(advice.accuse)} data-probability={String(advice.probability)} data-threat={String(advice.threat)} aria-labelledby="acc-h">
      <h2 id="acc-h">Accuse now?</h2>
      {advice.certain ? (
        <p role="status"><strong>Yes: accuse {names}.</strong> The envelope is certain.</p>
      ) : (
        <>
          <p role="status">
            <strong>{advice.accuse ? `Yes: accuse ${names}` : 'Not yet'}</strong>
            {advice.accuse ? ' before another player can.' : `: ${names} is right only ${pct(advice.probability)} of the time.`}
          </p>
          <ul>
            <li>Best accusation right: <b>{pct(advice.probability)}</b>{exact ? ' (exact)' : ' (estimated)'}</li>
            <li>Someone else can accuse by the end of their next turn: <b>{pct(advice.threat)}</b>{se !== null ? ` ± ${pct(se)}` : ''}</li>
          </ul>
          <p class="note">Accuse when P(right) ≥ 1 − P(someone else can): {pct(advice.probability)} {advice.accuse ? '≥' : '<'} {pct(1 - advice.threat)}.</p>
        </>
      )}
    </section>
  );
}
