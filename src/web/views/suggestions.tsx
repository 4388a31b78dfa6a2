// The best suggestions, and on the board the rooms ranked by what a suggestion there is worth per turn.
import { useMemo } from 'preact/hooks';
import type { SuggestResult } from '../../analysis/suggest.js';
import type { Game } from '../../model/game.js';
import { ROOMS } from '../../game/board/classic.js';
import { boardAdvice, parseRoll, pawnPlace, roomCards, type PawnInput } from '../board-advice.js';
import type { Timed } from './format.js';

export function SuggestionsView({ suggestions, game, board, pawn, onPawn }: { suggestions: Timed<SuggestResult> | null; game: Game; board: boolean; pawn: PawnInput; onPawn: (p: PawnInput) => void }) {
  if (game.me === null) return null;
  const names = (cards: number[]) => cards.map((c) => game.deck.cards[c]);
  const result = suggestions?.result;
  return (
    <section class="suggestions" aria-labelledby="sg-h" data-view="suggestions" data-workers={suggestions?.workers}>
      <h2 id="sg-h">Best suggestions</h2>
      {board && <BoardRooms suggestions={suggestions} game={game} pawn={pawn} onPawn={onPawn} />}
      {suggestions === null ? (
        <p>Scoring…</p>
      ) : !result ? (
        <p>{suggestions.reason}</p>
      ) : result.accuse ? (
        <p>The envelope is certain: accuse {names(result.accuse).join(', ')}.</p>
      ) : (
        <>
          {board && <h3>Every room alike</h3>}
          <ol class="ranking">
            {result.suggestions.slice(0, 10).map((s) => (
              <li key={s.cards.join()} data-cards={names(s.cards).join('|')} data-bits={String(s.expectedInformationBits)}>
                {names(s.cards).join(', ')} <b>{s.expectedInformationBits.toFixed(3)} bits</b>
              </li>
            ))}
          </ol>
          <p class="note">
            Entropy-greedy, {result.method === 'exact' ? `exact over ${result.deals?.toLocaleString('en-US')} deals` : `from ${result.samples?.toLocaleString('en-US')} samples, seed ${result.seed}`} · {suggestions.ms.toFixed(0)} ms on {suggestions.workers} workers
          </p>
        </>
      )}
    </section>
  );
}

/** On the board: where my pawn is (and the roll), and per room the best suggestion there and its bits per expected turn. */
export function BoardRooms({ suggestions, game, pawn, onPawn }: { suggestions: Timed<SuggestResult> | null; game: Game; pawn: PawnInput; onPawn: (p: PawnInput) => void }) {
  const deck = useMemo(() => Object.fromEntries(game.deck.categories.map((c) => [c.name, c.cards])), [game.deck]);
  const cards = useMemo(() => roomCards(deck, game.players.length), [deck, game.players.length]);
  if (typeof cards === 'string') return <p class="note" data-role="board-unbound">Board game: {cards}; every room is ranked alike.</p>;
  const place = pawnPlace(pawn);
  const parsedRoll = parseRoll(pawn.roll);
  const roll = { roll: 'roll' in parsedRoll ? parsedRoll.roll : null, error: 'error' in parsedRoll ? parsedRoll.error : null };
  const result = suggestions?.result;
  const ranking = result && !result.accuse ? result.suggestions.map((s) => ({ ...s, cards: s.cards.map((c) => game.deck.cards[c]) })) : null;
  const advice = ranking && 'place' in place && roll.error === null ? boardAdvice(ranking, cards, place.place, roll.roll) : null;
  const error = 'error' in place && pawn.room === '' && pawn.cell.trim() !== '' ? place.error : roll.error;
  const cardOf = (room: string) => cards[ROOMS.indexOf(room as (typeof ROOMS)[number])];
  const fmtTurns = (r: NonNullable<typeof advice>['rooms'][number]) => (r.here ? 'here (only if moved here by a suggestion)' : r.byPassage ? '1 (passage)' : Number.isFinite(r.turns) ? r.turns.toFixed(2) : '–');
  return (
    <div class="board-rooms">
      <fieldset class="pawn" data-role="pawn">
        <legend>Your pawn</legend>
        <label>
          Where
          <select name="pawn-room" value={pawn.room} onChange={(e) => onPawn({ ...pawn, room: (e.target as HTMLSelectElement).value as PawnInput['room'] })}>
            <option value="">in a corridor</option>
            {ROOMS.map((room, r) => <option key={room} value={room}>in the {cards[r]}</option>)}
          </select>
        </label>
        {pawn.room === '' && (
          <label>
            Cell x,y
            <input name="pawn-cell" value={pawn.cell} placeholder="16,24" autocomplete="off" inputMode="numeric" aria-describedby="pawn-help"
              onChange={(e) => onPawn({ ...pawn, cell: (e.target as HTMLInputElement).value })} />
          </label>
        )}
        <label class="roll">
          Roll
          <input name="roll" type="number" min={2} max={12} value={pawn.roll} placeholder="2–12"
            onInput={(e) => onPawn({ ...pawn, roll: (e.target as HTMLInputElement).value })} />
        </label>
        {pawn.room === '' && <p class="note" id="pawn-help">x 0–23 from the left, y 0–24 from the bottom (as <code>cluedo board</code> prints the map).</p>}
      </fieldset>
      {error && <p class="message" role="alert" data-role="pawn-error">{error}</p>}
      {!advice ? (
        'error' in place && !error ? <p class="note">Choose the room your pawn is in, or type its cell, to rank the rooms by what a suggestion there is worth per turn.</p> : null
      ) : (
        <>
          {advice.withRoll && (
            <p class="with-roll" data-role="with-roll" role="status">
              <strong>With this roll:</strong> go to the {advice.withRoll.card} and suggest {advice.withRoll.best!.cards.join(', ')}.
            </p>
          )}
          {roll.roll !== null && !advice.withRoll && <p class="note" data-role="with-roll">With this roll no room worth a suggestion is in reach.</p>}
          <div class="scroll">
            <table class="rooms" data-view="rooms" data-pawn={'place' in place ? String(place.place) : ''} data-roll={roll.roll === null ? '' : String(roll.roll)}>
              <thead>
                <tr><th scope="col">Room</th><th scope="col">Bits / turn</th><th scope="col">Turns</th><th scope="col">Steps</th><th scope="col">Best suggestion there (bits)</th></tr>
              </thead>
              <tbody>
                {advice.rooms.map((r) => (
                  <tr key={r.room} data-room={r.room} data-cards={r.best?.cards.join('|')} data-turns={String(r.turns)} data-bits-per-turn={String(r.bitsPerTurn)} data-in-reach={r.inReach === null ? undefined : String(r.inReach)}
                    class={[r.inReach ? 'reach' : '', r.here ? 'here' : ''].filter(Boolean).join(' ')}>
                    <th scope="row">{cardOf(r.room)}{r.inReach && <span class="badge">in reach now</span>}</th>
                    <td><b>{r.bitsPerTurn.toFixed(3)}</b></td>
                    <td class="turns">{fmtTurns(r)}</td>
                    <td>{r.here ? 0 : r.steps < 0 ? '–' : r.steps}</td>
                    <td class="cards">{r.best ? <>{r.best.cards.filter((c) => c !== r.card).join(', ')} <span class="bits">({r.best.expectedInformationBits.toFixed(3)})</span></> : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="note">Steps to the nearest door with no other pawns; turns expected with 2d6, a secret passage taking one; rooms by bits per turn{roll.roll !== null ? ', the best in reach first' : ''}.</p>
        </>
      )}
    </div>
  );
}
