// The notebook (who holds each card, with what probability) and why a certain cell is certain,
// told in a panel under the cell's row.
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { Analysis } from '../../analysis/analyze.js';
import type { Explanation } from '../../analysis/explain.js';
import { ownerName } from '../../analysis/json.js';
import { placementInWords } from '../../io/describe.js';
import { type Game } from '../../model/game.js';
import { ENVELOPE, TABLE } from '../../model/owners.js';
import { shortNames } from '../short-names.js';
import { percent } from './format.js';

/** A certain cell the player asked about, and its explanation (or why there is none). */
export interface Why {
  card: number;
  owner: number;
  holds: boolean;
  explanation: Explanation | null;
  message: string | null;
}

/**
 * The characters a seat's column header shows: on a 360 px phone the owners' columns share about
 * 330 px, at about 7.5 px a character of the headers' bold face (DejaVu Sans, the widest usual font).
 */
const headerChars = (columns: number) => Math.max(4, Math.floor(330 / columns / 7.5));

export function Notebook({ game, analysis, why, onWhy, onCloseWhy }: { game: Game; analysis: Analysis; why: Why | null; onWhy: (card: number, owner: number, holds: boolean) => void; onCloseWhy: () => void }) {
  const known = useMemo(() => new Set(analysis.known.map((k) => `${k.card}:${k.owner}`)), [analysis]);
  // The envelope first, next to the cards' names: the column a player reads most.
  const columns = useMemo(() => analysis.owners.map((owner, k) => ({ owner, k })).sort((a, b) => Number(b.owner === ENVELOPE) - Number(a.owner === ENVELOPE)), [analysis]);
  const short = useMemo(() => shortNames(game.players, headerChars(columns.length)), [game.players, columns.length]);
  const abbreviated = game.players.flatMap((name, seat) => (short[seat] === name ? [] : [{ name, short: short[seat] }]));
  /** The cell whose Why is open, which gets the focus back when the panel closes. */
  const tapped = useRef<HTMLButtonElement | null>(null);
  const whyRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const row = whyRow.current;
    // On a phone the columns' names stick to the top of the screen: the row must show below them.
    const header = row?.closest('table')?.tHead?.getBoundingClientRect().bottom ?? 0;
    if (row) scrollIntoSight(row, row.previousElementSibling ?? row, Math.max(0, header));
  }, [why]);
  const closeWhy = () => {
    onCloseWhy();
    tapped.current?.focus();
  };
  return (
    <section class="notebook" aria-labelledby="nb-h">
      <h2 id="nb-h">Notebook</h2>
      <p class="legend">✓ certain · ✗ impossible · shading: probability. Select a ✓ or ✗ to see why.</p>
      <div class="scroll">
        <table data-view="notebook" style={`--columns:${columns.length}`}>
          <thead>
            <tr>
              <th scope="col">Card</th>
              {columns.map(({ owner: o }) => {
                const name = ownerName(game, o);
                const shown = o === ENVELOPE ? 'Env.' : o === TABLE ? name : short[o];
                return (
                  <th scope="col" key={o} title={name}>
                    {shown === name ? name : <><span aria-hidden="true">{shown}</span><span class="visually-hidden">{name}</span></>}
                  </th>
                );
              })}
            </tr>
          </thead>
          {game.deck.categories.map((category) => (
            <tbody key={category.name}>
              <tr class="category-row" key="category-row"><th scope="rowgroup" colSpan={columns.length + 1}>{category.name}</th></tr>
              {category.cards.flatMap((name) => {
                const card = game.deck.cards.indexOf(name);
                const owned = columns.some(({ owner }) => known.has(`${card}:${owner}`));
                const row = (
                  <tr key={`card:${name}`} class={owned ? 'settled' : ''}>
                    <th scope="row">{name}</th>
                    {columns.map(({ owner: o, k }) => {
                      const p = analysis.cards[card][k];
                      const owner = ownerName(game, o);
                      const label = `${name}, ${owner}: ${p === 1 ? 'certain' : p === 0 ? 'impossible' : `${(p * 100).toFixed(1)}%`}`;
                      return (
                        <td key={o} data-card={name} data-owner={owner} data-p={String(p)} class={p === 1 ? 'yes' : p === 0 ? 'no' : 'maybe'} style={p > 0 && p < 1 ? `--p:${p}` : undefined}>
                          {p === 1 || p === 0 ? (
                            <button type="button" aria-label={`${label}: why?`}
                              onClick={(e) => {
                                tapped.current = e.currentTarget;
                                onWhy(card, o, p === 1);
                              }}>{percent(p)}</button>
                          ) : (
                            <span aria-label={label}>{percent(p)}</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
                if (why?.card !== card) return [row];
                return [row, <tr key="why-row" class="why-row" ref={whyRow}><td colSpan={columns.length + 1}><WhyPanel why={why} game={game} onClose={closeWhy} /></td></tr>];
              })}
            </tbody>
          ))}
        </table>
      </div>
      {abbreviated.length > 0 && (
        <p class="legend" data-role="column-names">
          Columns: {abbreviated.map((a, i) => <span key={a.name}>{i > 0 && ' · '}<b>{a.short}</b> {a.name}</span>)}
        </p>
      )}
    </section>
  );
}

/**
 * Scrolls the page as little as it takes to show `panel` whole, without losing the top of `anchor`
 * (the row tapped, just above it) under the `inset` pixels at the top of the screen: a panel taller
 * than the screen shows its beginning.
 */
function scrollIntoSight(panel: Element, anchor: Element, inset: number) {
  const below = panel.getBoundingClientRect().bottom - window.innerHeight;
  const top = anchor.getBoundingClientRect().top - inset;
  if (top < 0) window.scrollBy(0, top);
  else if (below > 0) window.scrollBy(0, Math.min(below, top));
}

/** Why a cell is certain: focused when it opens, closed by its button or Escape. */
export function WhyPanel({ why, game, onClose }: { why: Why; game: Game; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  // The notebook scrolls it into sight, keeping the row tapped in view.
  useEffect(() => ref.current?.focus({ preventScroll: true }), [why.card, why.owner]);
  const x = why.explanation;
  return (
    <section class="why" aria-labelledby="why-h" tabIndex={-1} ref={ref} data-view="why" data-state={x ? 'ready' : 'error'}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <h2 id="why-h">Why {placementInWords(game, why.owner, [why.card], why.holds)}</h2>
      {x ? (
        <>
          <p data-role="why-text">{x.summary}</p>
          {x.fromSetup.length > 0 && <ul>{x.fromSetup.map((s) => <li key={s}>{s}</li>)}</ul>}
          {x.events.length > 0 && <ol>{x.events.map((e) => <li key={e.event} value={e.event}>{e.sentence}</li>)}</ol>}
        </>
      ) : (
        <p>{why.message}</p>
      )}
      <button type="button" onClick={onClose} data-action="close-why">Close</button>
    </section>
  );
}
