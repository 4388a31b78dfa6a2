// The notebook (who holds each card, with what probability) and why a certain cell is certain.
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { Analysis } from '../../analysis/analyze.js';
import type { Explanation } from '../../analysis/explain.js';
import { ownerName } from '../../analysis/json.js';
import { ENVELOPE, TABLE, type Game } from '../../model/game.js';
import { ownerInWords, percent } from './format.js';

/** A certain cell the player asked about, and its explanation (or why there is none). */
export interface Why {
  card: number;
  owner: number;
  holds: boolean;
  explanation: Explanation | null;
  message: string | null;
}

export function Notebook({ game, analysis, onWhy }: { game: Game; analysis: Analysis; onWhy: (card: number, owner: number, holds: boolean) => void }) {
  const known = useMemo(() => new Set(analysis.known.map((k) => `${k.card}:${k.owner}`)), [analysis]);
  // The envelope first: on a phone, where the seats' columns may scroll, it stays in sight.
  const columns = useMemo(() => analysis.owners.map((owner, k) => ({ owner, k })).sort((a, b) => Number(b.owner === ENVELOPE) - Number(a.owner === ENVELOPE)), [analysis]);
  return (
    <section class="notebook" aria-labelledby="nb-h">
      <h2 id="nb-h">Notebook</h2>
      <p class="legend">✓ certain · ✗ impossible · shading: probability. Select a ✓ or ✗ to see why.</p>
      <div class="scroll">
        <table data-view="notebook">
          <thead>
            <tr><th scope="col">Card</th>{columns.map(({ owner: o }) => <th scope="col" key={o}>{o === ENVELOPE ? 'Env.' : ownerName(game, o)}</th>)}</tr>
          </thead>
          {game.deck.categories.map((category) => (
            <tbody key={category.name}>
              <tr class="category-row"><th scope="rowgroup" colSpan={analysis.owners.length + 1}>{category.name}</th></tr>
              {category.cards.map((name) => {
                const card = game.deck.cards.indexOf(name);
                const owned = columns.some(({ owner }) => known.has(`${card}:${owner}`));
                return (
                  <tr key={name} class={owned ? 'settled' : ''}>
                    <th scope="row">{name}</th>
                    {columns.map(({ owner: o, k }) => {
                      const p = analysis.cards[card][k];
                      const owner = ownerName(game, o);
                      const label = `${name}, ${owner}: ${p === 1 ? 'certain' : p === 0 ? 'impossible' : `${(p * 100).toFixed(1)}%`}`;
                      return (
                        <td key={o} data-card={name} data-owner={owner} data-p={String(p)} class={p === 1 ? 'yes' : p === 0 ? 'no' : 'maybe'} style={p > 0 && p < 1 ? `--p:${p}` : undefined}>
                          {p === 1 || p === 0 ? (
                            <button type="button" aria-label={`${label}: why?`} onClick={() => onWhy(card, o, p === 1)}>{percent(p)}</button>
                          ) : (
                            <span aria-label={label}>{percent(p)}</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

export function WhyPanel({ why, game, onClose }: { why: Why; game: Game; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [why.card, why.owner]);
  const x = why.explanation;
  const who = ownerInWords(game, why.owner);
  const verb = why.owner === game.me ? (why.holds ? 'hold' : 'do not hold') : why.holds ? 'holds' : 'does not hold';
  const card = game.deck.cards[why.card];
  const heading = why.owner === ENVELOPE || why.owner === TABLE ? `Why ${card} is ${why.holds ? '' : 'not '}${why.owner === ENVELOPE ? 'in the envelope' : 'face up'}` : `Why ${who} ${verb} ${card}`;
  return (
    <section class="why" aria-labelledby="why-h" tabIndex={-1} ref={ref} data-view="why" data-state={x ? 'ready' : 'error'}>
      <h2 id="why-h">{heading}</h2>
      {x ? (
        <>
          <p data-role="why-text">{x.summary}</p>
          {x.fromSetup.length > 0 && <ul>{x.fromSetup.map((s) => <li key={s}>{s}</li>)}</ul>}
          {x.events.length > 0 && <ol>{x.events.map((e) => <li key={e.event} value={e.event}>{e.sentence}</li>)}</ol>}
        </>
      ) : (
        <p>{why.message}</p>
      )}
      <button type="button" onClick={onClose}>Close</button>
    </section>
  );
}
