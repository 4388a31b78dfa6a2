// What each opponent knows: whether it can accuse (a seat out after a wrong accusation cannot), and
// which of my cards it most likely knows.
import type { Opponents } from '../../analysis/opponents.js';
import type { Game } from '../../model/game.js';
import type { Timed } from './format.js';

export function OpponentsView({ opponents, game }: { opponents: Timed<Opponents> | null; game: Game }) {
  if (game.me === null) return null;
  const o = opponents?.result;
  return (
    <section class="opponents" aria-labelledby="opp-h" data-view="opponents">
      <h2 id="opp-h">Opponents</h2>
      {opponents === null ? (
        <p>Working…</p>
      ) : !o ? (
        <p>{opponents.reason ?? 'Not available for this game.'}</p>
      ) : (
        <>
          <table class="opp">
            <thead><tr><th scope="col">Seat</th><th scope="col">Can accuse now</th><th scope="col">The card of mine it most likely knows</th></tr></thead>
            <tbody>
              {o.seats.map((s) => {
                const k = s.knowsMyCards.reduce((best, p, i) => (p > s.knowsMyCards[best] ? i : best), 0);
                const p = s.knowsMyCards[k] ?? 0;
                const warn = !s.out && s.canAccuse >= 0.5;
                return (
                  <tr key={s.seat} data-seat={game.players[s.seat]} data-can-accuse={String(s.canAccuse)} data-out={String(s.out)} class={warn ? 'warn' : s.out ? 'out' : ''}>
                    <th scope="row">{game.players[s.seat]}</th>
                    <td>{s.out ? 'out: accused wrongly' : `${(s.canAccuse * 100).toFixed(1)}%${warn ? ' ⚠' : ''}`}</td>
                    <td>{p > 0 ? `${game.deck.cards[game.myHand[k]]} ${(p * 100).toFixed(0)}%` : 'none yet'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p class="note">{o.method === 'exact' ? 'Exact, in the Kripke model of the game' : `Estimated from ${o.samples?.toLocaleString('en-US')} worlds`} · {opponents.ms.toFixed(0)} ms</p>
        </>
      )}
    </section>
  );
}
