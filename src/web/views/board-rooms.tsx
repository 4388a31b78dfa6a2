// On the board: where the pawns are (tapped on the drawing), the roll, and per room the best
// suggestion there and its bits per expected turn; with a roll, where to go this turn.
import { useMemo, useState } from 'preact/hooks';
import type { SuggestResult } from '../../analysis/suggest.js';
import type { Game } from '../../model/game.js';
import { CHARACTERS, ROOMS, type Character, type Room } from '../../game/board/classic.js';
import { bindClassicBoard } from '../../game/board/binding.js';
import { DEFAULT_BOARD_RULES, isRoomPlace, type Place } from '../../game/board/movement.js';
import { boardAdvice, parseRoll, type PawnInput, type RoomAdvice } from '../board-advice.js';
import { boardPawns, pawnOn, placeInput, withCharacter } from '../board-pawns.js';
import { cellName, type Target } from '../board-geometry.js';
import { BoardPicker, PAWN_COLOURS, type DrawnPawn } from './board-picker.js';
import type { Timed } from './format.js';

type Placing = 'me' | Character;

export function BoardRooms({ suggestions, game, pawn, onPawn }: { suggestions: Timed<SuggestResult> | null; game: Game; pawn: PawnInput; onPawn: (p: PawnInput) => void }) {
  const binding = useMemo(() => bindClassicBoard(game.deck, game.players.length), [game.deck, game.players.length]);
  const [chosenPawn, setPlacing] = useState<Placing>('me');
  const [tapError, setTapError] = useState<string | null>(null);
  if (typeof binding === 'string') return <p class="note" data-role="board-unbound">Board game: {binding}; every room is ranked alike.</p>;
  const roomNames = binding.roomCard.map((c) => game.deck.cards[c]);
  const characterNames = binding.suspectCard.map((c) => game.deck.cards[c]);
  const nameOf = (c: Character) => characterNames[CHARACTERS.indexOf(c)];
  const roomName = (r: Room) => roomNames[ROOMS.indexOf(r)];
  const events = game.events.length;
  const pawns = boardPawns(pawn, game, binding);
  const seatOf = (c: Character) => pawns.characters.indexOf(c);
  // The character chosen may have become mine (Who plays which pawn): then it is my pawn.
  const placing: Placing = chosenPawn === pawns.mine ? 'me' : chosenPawn;
  const mine = pawns.mine === null ? null : pawns.pawns.get(pawns.mine)!;
  const myPlace = mine?.place ?? null;
  const who = (c: Character) => (seatOf(c) >= 0 ? `${nameOf(c)} (${game.players[seatOf(c)]})` : nameOf(c));
  const placingWho = placing === 'me' ? 'your pawn' : `${who(placing)}’s pawn`;

  const parsedRoll = parseRoll(pawn.roll);
  const roll = 'roll' in parsedRoll ? parsedRoll.roll : null;
  const result = suggestions?.result;
  const ranking = result && !result.accuse ? result.suggestions.map((s) => ({ ...s, cards: s.cards.map((c) => game.deck.cards[c]) })) : null;
  const situation = { occupied: pawns.occupied, summoned: mine?.summoned ?? false };
  // The reach needs no ranking: the drawing shows it while the suggestions are scored.
  const advice = myPlace !== null && pawns.clash === null && !('error' in parsedRoll) ? boardAdvice(ranking ?? [], roomNames, myPlace, roll, DEFAULT_BOARD_RULES, situation) : null;
  const clash = pawns.clash && typeof myPlace === 'number' ? `(${cellName(myPlace)}) has ${who(pawns.clash)}’s pawn on it: put one of them elsewhere.` : null;
  const error = tapError ?? clash ?? ('error' in parsedRoll ? parsedRoll.error : null) ?? (pawn.room === '' && pawn.cell.trim() !== '' ? pawns.problem : null);

  function pick(t: Target) {
    const place: Place = t.kind === 'cell' ? t.cell : t.room;
    const on = t.kind === 'cell' ? pawnOn(pawns.pawns, t.cell) : null;
    const mover = placing === 'me' ? pawns.mine : placing;
    if (on !== null && on !== mover) return setTapError(`(${cellName(place as number)}) has ${on === pawns.mine ? 'your pawn' : `${who(on)}’s pawn`} on it: move that pawn first.`);
    setTapError(null);
    if (placing === 'me') onPawn({ ...pawn, ...placeInput(place), at: events, summoned: false });
    else onPawn({ ...pawn, others: { ...pawn.others, [placing]: { place, at: events } } });
  }

  const drawn: DrawnPawn[] = [...pawns.pawns]
    .filter(([, p]) => p.place !== null)
    .map(([c, p]) => ({ character: c, place: p.place!, mine: c === pawns.mine, label: c === pawns.mine ? `Your pawn, ${nameOf(c)}` : who(c) }));
  const reachRooms = advice && roll !== null ? new Set(advice.rooms.filter((r) => r.inReach).map((r) => r.room)) : null;
  const inRoom = myPlace !== null && isRoomPlace(myPlace) ? myPlace : null;
  const othersPlaced = placing !== 'me' && pawn.others?.[placing] !== undefined;

  return (
    <div class="board-rooms">
      <fieldset class="pawn" data-role="pawn">
        <legend>Pawns</legend>
        <div class="placing" role="radiogroup" aria-label="The pawn a tap on the board places">
          {(['me', ...CHARACTERS.filter((c) => c !== pawns.mine)] as Placing[]).map((p) => {
            const character = p === 'me' ? pawns.mine : p;
            // Phones show the short name, so that the six chips take three rows rather than six.
            const short = character === null ? 'You' : `${p === 'me' ? 'You' : seatOf(character) >= 0 ? game.players[seatOf(character)] : ''}${p === 'me' || seatOf(character) >= 0 ? ' · ' : ''}${nameOf(character).split(' ').pop()}`;
            return (
              <label key={p} class={placing === p ? 'chip on' : 'chip'}>
                <input class="visually-hidden" type="radio" name="placing" value={p} checked={placing === p} onChange={() => (setPlacing(p), setTapError(null))} />
                <span class="swatch" style={{ background: PAWN_COLOURS[character ?? 'scarlet'] }} aria-hidden="true" />
                <span class="long">{p === 'me' ? `Your pawn${character ? ` (${nameOf(character)})` : ''}` : who(p)}</span>
                <span class="short">{short}</span>
              </label>
            );
          })}
        </div>
        <BoardPicker roomNames={roomNames} characterNames={characterNames} pawns={drawn} chosen={placing === 'me' ? myPlace : (pawns.pawns.get(placing)?.place ?? null)} placing={placingWho}
          reachCells={advice?.reachCells ?? null} reachRooms={reachRooms} bestRoom={advice?.withRoll?.room ?? null} onPick={pick} />
        <p class="note status" data-role="pawn-status" data-summoned={String(mine?.summoned ?? false)}>
          <PawnStatus place={myPlace} summoned={mine?.summoned ?? false} movedBy={mine?.movedBy ?? null} game={game} roomName={roomName} />
        </p>
        {inRoom && (
          <label class="inline summoned">
            <input type="checkbox" name="summoned" checked={mine!.summoned} onChange={(e) => onPawn({ ...pawn, ...placeInput(inRoom), at: events, summoned: (e.target as HTMLInputElement).checked })} />
            A suggestion moved my pawn here since my last turn (I may suggest here without moving)
          </label>
        )}
        {othersPlaced && <button type="button" data-action="unmark" onClick={() => onPawn({ ...pawn, others: Object.fromEntries(Object.entries(pawn.others!).filter(([c]) => c !== placing)) })}>Take {nameOf(placing as Character)} off the board</button>}
        <label class="roll">
          Roll
          <input name="roll" type="number" min={2} max={12} value={pawn.roll} placeholder="2–12" aria-describedby="roll-help" onInput={(e) => onPawn({ ...pawn, roll: (e.target as HTMLInputElement).value })} />
        </label>
        <span class="note" id="roll-help">A roll is for one turn: the next event entered clears it.</span>
        <details class="fallback">
          <summary>Without the drawing</summary>
          <label>
            Your pawn
            <select name="pawn-room" value={inRoom ?? ''} onChange={(e) => onPawn({ ...pawn, room: (e.target as HTMLSelectElement).value as PawnInput['room'], at: events, summoned: false })}>
              <option value="">in a corridor</option>
              {ROOMS.map((room, r) => <option key={room} value={room}>in the {roomNames[r]}</option>)}
            </select>
          </label>
          {!inRoom && (
            <label>
              Cell x,y
              <input name="pawn-cell" value={pawn.cell} placeholder="16,24" autocomplete="off" inputMode="numeric" aria-describedby="pawn-help"
                onChange={(e) => onPawn({ ...pawn, room: '', cell: (e.target as HTMLInputElement).value, at: events, summoned: false })} />
              <span class="note" id="pawn-help">x 0–23 from the left, y 0–24 from the bottom (as <code>cluedo board</code> prints the map).</span>
            </label>
          )}
        </details>
        <details class="characters">
          <summary>Who plays which pawn</summary>
          {game.players.map((player, s) => (
            <label key={player}>
              {player}
              <select name="character" data-seat={player} value={pawns.characters[s]} onChange={(e) => onPawn({ ...pawn, characters: withCharacter(pawns.characters, s, (e.target as HTMLSelectElement).value as Character) })}>
                {CHARACTERS.map((c) => <option key={c} value={c}>{nameOf(c)}</option>)}
              </select>
            </label>
          ))}
          <p class="note">A suggestion naming your suspect moves your pawn into its room; by default the first seat plays {nameOf('scarlet')}, the next {nameOf('mustard')}, and so on in the board’s play order.</p>
        </details>
      </fieldset>
      {error && <p class="message" role="alert" data-role="pawn-error">{error}</p>}
      {advice && ranking && <RoomsTable advice={advice} roll={roll} place={myPlace!} summoned={situation.summoned} roomName={roomName} />}
    </div>
  );
}

function PawnStatus({ place, summoned, movedBy, game, roomName }: { place: Place | null; summoned: boolean; movedBy: number | null; game: Game; roomName: (r: Room) => string }) {
  if (place === null) return <>Tap the board where your pawn is, or choose its room under <i>Without the drawing</i>.</>;
  if (!isRoomPlace(place)) return <>Your pawn is on {cellName(place)} (x from the left, y from the bottom).</>;
  const by = movedBy === null ? null : (game.events[movedBy] as { by: number }).by;
  const why = by === null ? '' : by === game.me ? `, where you suggested (event ${movedBy! + 1})` : `: ${game.players[by]}’s suggestion (event ${movedBy! + 1}) brought it there`;
  return <>Your pawn is in the {roomName(place)}{why}. {summoned ? 'You may suggest there without moving.' : 'To suggest in it again, leave it and come back.'}</>;
}

function RoomsTable({ advice, roll, place, summoned, roomName }: { advice: ReturnType<typeof boardAdvice>; roll: number | null; place: Place; summoned: boolean; roomName: (r: Room) => string }) {
  const fmtTurns = (r: RoomAdvice) =>
    r.stay ? '1 (stay)' : r.here ? 'here: leave and come back' : r.byPassage ? '1 (passage)' : Number.isFinite(r.turns) ? `${r.turns.toFixed(2)}${r.blockedByPawns ? ' (a pawn blocks it now)' : ''}` : '–';
  const w = advice.withRoll;
  const how = (r: RoomAdvice) => (r.stay ? `stay in the ${r.card} (a suggestion moved you here)` : r.byPassage ? `take the secret passage to the ${r.card}` : `go to the ${r.card}`);
  return (
    <>
      {w && (
        <p class="with-roll" data-role="with-roll" data-room={w.room} data-cards={w.best!.cards.join('|')} role="status">
          <strong>With this roll:</strong> {how(w)} and suggest {w.best!.cards.join(', ')}.
        </p>
      )}
      {roll !== null && !w && <p class="note" data-role="with-roll">With this roll no room worth a suggestion is in reach.</p>}
      <div class="scroll">
        <table class="rooms" data-view="rooms" data-pawn={String(place)} data-roll={roll === null ? '' : String(roll)} data-summoned={String(summoned)}>
          <thead>
            <tr><th scope="col">Room</th><th scope="col">Bits / turn</th><th scope="col">Turns</th><th scope="col">Steps</th><th scope="col">Best suggestion there (bits)</th></tr>
          </thead>
          <tbody>
            {advice.rooms.map((r) => (
              <tr key={r.room} data-room={r.room} data-cards={r.best?.cards.join('|')} data-turns={String(r.turns)} data-steps={String(r.steps)} data-bits-per-turn={String(r.bitsPerTurn)} data-in-reach={r.inReach === null ? undefined : String(r.inReach)}
                data-stay={r.stay ? 'true' : undefined} class={[r.inReach ? 'reach' : '', r.here && !r.stay ? 'here' : ''].filter(Boolean).join(' ')}>
                <th scope="row">{roomName(r.room)}{r.inReach && <span class="badge">in reach now</span>}</th>
                <td><b>{r.bitsPerTurn.toFixed(3)}</b></td>
                <td class="turns">{fmtTurns(r)}</td>
                <td>{r.here ? 0 : r.steps < 0 ? '–' : r.steps}</td>
                <td class="cards">{r.best ? <>{r.best.cards.filter((c) => c !== r.card).join(', ')} <span class="bits">({r.best.expectedInformationBits.toFixed(3)})</span></> : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="note">Steps to the nearest door around the other pawns marked; turns expected with 2d6, a secret passage or staying after a summons taking one; rooms by bits per turn{roll !== null ? ', the best in reach first' : ''}.</p>
    </>
  );
}
