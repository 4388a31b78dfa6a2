// The new game's setup form.
import { useState } from 'preact/hooks';
import type { GameLog } from '../../io/log.js';
import { deckFromText, deckToText } from '../../io/deck-text.js';
import { CLASSIC_CATEGORIES } from '../../model/deck.js';
import { nameKey } from '../../model/names.js';
import { deckOf, evenHandSizes, followSeat, isClassicDeck, setupProblems, type SetupForm } from '../game-log.js';
import { capital, message } from './format.js';
import { PlayMode } from './play-mode.js';
import { counted } from '../../model/numbers.js';

/** "I am": a place in the list of players as typed, the spectator's view, or nothing chosen yet. */
type SeatChoice = number | 'nobody' | null;

/** The names as typed, one per comma-separated place (empty ones included). */
const placesOf = (players: string) => players.split(',').map((p) => p.trim());

/** The seat a draft chose: its observer's place (its players are the form's places), the spectator's view, or none. */
function draftSeat(draft: GameLog | null): SeatChoice {
  if (draft === null) return null;
  if (draft.me == null) return 'nobody';
  const place = draft.players.findIndex((p) => nameKey(p) === nameKey(draft.me!));
  return place >= 0 ? place : null;
}

/** The deck as typed in the form, or null for the classic deck. */
const typedDeck = (deck: Record<string, string[]>) => (isClassicDeck(deck) ? null : deckToText(deck));

/**
 * The new game's form: checked as it is filled, started only when the engine accepts it. A draft
 * (the last game's table, or a saved game the engine refused) fills it in.
 */
export function Setup({ draft, board: wasBoard, onStart, onLoad }: { draft: GameLog | null; board: boolean; onStart: (log: GameLog, board: boolean) => boolean; onLoad: (file: File) => void }) {
  const [deck, setDeck] = useState<Record<string, string[]>>(deckOf(draft));
  const [players, setPlayers] = useState(draft?.players.join(', ') ?? 'Ann, Bob, Cat, Dan');
  // Never guessed: the draft's, or none until the player chooses.
  const [seat, setSeat] = useState<SeatChoice>(draftSeat(draft));
  const [hand, setHand] = useState<string[]>(draft?.myHand ?? []);
  const [faceUp, setFaceUp] = useState<string[]>(draft?.faceUp ?? []);
  const [sizes, setSizes] = useState<number[] | null>(draft?.handSizes ?? null);
  const [board, setBoard] = useState(wasBoard);
  const [error, setError] = useState<string | null>(null);
  /** The deck as typed (one category per line), null for the classic deck; and what is wrong with it. */
  const [deckText, setDeckText] = useState<string | null>(typedDeck(deck));
  const [deckProblem, setDeckProblem] = useState<string | null>(null);
  /** The log file whose deck was taken, while the deck is still its own. */
  const [deckFile, setDeckFile] = useState<string | null>(null);
  const places = placesOf(players);
  const seats = places.filter(Boolean);
  const even = evenHandSizes(deck, seats.length, faceUp.length);
  const handSizes = sizes && sizes.length === seats.length ? sizes : even;
  const me = seat === 'nobody' ? '' : seat !== null && places[seat] ? places[seat] : null;
  const form: SetupForm = { deck, players: seats, me, hand, faceUp, handSizes };
  const problems = [...(deckProblem ? [`Deck: ${deckProblem}`] : []), ...setupProblems(form)];
  const mySeat = typeof seat === 'number' && me ? places.slice(0, seat).filter(Boolean).length : -1;
  const toggle = (list: string[], card: string) => (list.includes(card) ? list.filter((c) => c !== card) : [...list, card]);

  /** New names: the seat chosen follows its player (game-log.ts followSeat). */
  function typePlayers(text: string) {
    if (typeof seat === 'number') setSeat(followSeat(places, placesOf(text), seat));
    setPlayers(text);
  }

  /** A new deck: the cards chosen that it lacks are unchosen. */
  function changeDeck(next: Record<string, string[]>) {
    const cards = Object.values(next).flat();
    setDeck(next);
    setHand(hand.filter((c) => cards.includes(c)));
    setFaceUp(faceUp.filter((c) => cards.includes(c)));
  }

  function typeDeck(text: string) {
    setDeckText(text);
    setDeckFile(null);
    try {
      changeDeck(deckFromText(text));
      setDeckProblem(null);
    } catch (e) {
      setDeckProblem(message(e));
    }
  }

  async function useDeckOf(file: File | undefined) {
    if (!file) return;
    try {
      const log = JSON.parse(await file.text()) as GameLog;
      const next = deckOf(log);
      changeDeck(next);
      setDeckText(typedDeck(next));
      setDeckFile(file.name);
      setDeckProblem(null);
    } catch (e) {
      setError(`${file.name} is not a game log: ${message(e)}`);
    }
  }

  function start(e: Event) {
    e.preventDefault();
    if (problems.length > 0) return;
    const log: GameLog = { ...(deckText !== null ? { deck } : {}), players: seats, handSizes, faceUp, ...(form.me ? { me: form.me, myHand: hand } : {}), events: [] };
    if (!onStart(log, board)) setError('The engine refused this setup: see the message above.');
  }

  const dealt = Object.values(deck).reduce((n, c) => n + c.length, 0) - Object.keys(deck).length - faceUp.length;
  const sum = handSizes.reduce((a, b) => a + b, 0);
  return (
    <form class="setup" onSubmit={start} aria-labelledby="setup-h">
      <h2 id="setup-h">New game</h2>
      {error && <p class="message" role="alert">{error}</p>}
      <fieldset>
        <legend>Deck</legend>
        <label class="inline"><input type="radio" name="deck-kind" value="classic" checked={deckText === null}
          onChange={() => { changeDeck(CLASSIC_CATEGORIES); setDeckText(null); setDeckProblem(null); setDeckFile(null); }} /> Classic (6 suspects, 6 weapons, 9 rooms)</label>
        <label class="inline"><input type="radio" name="deck-kind" value="typed" checked={deckText !== null}
          onChange={() => typeDeck(deckToText(deck))} /> My own deck, typed</label>
        {deckFile !== null && <p data-role="deck-from-log">The deck of {deckFile}: {Object.entries(deck).map(([c, cards]) => `${cards.length} ${c}`).join(', ')}.</p>}
        {deckText !== null && (
          <label>
            One category per line: its name, a colon, its cards separated by commas
            <textarea name="deck" rows={Math.max(3, deckText.split('\n').length + 1)} value={deckText} spellcheck={false} aria-invalid={deckProblem !== null}
              onInput={(e) => typeDeck((e.target as HTMLTextAreaElement).value)} />
          </label>
        )}
        <label>Use the deck of a log file <input type="file" accept=".json,application/json" onChange={(e) => useDeckOf((e.target as HTMLInputElement).files?.[0])} /></label>
      </fieldset>
      <label>
        Players in seat order (comma-separated)
        <input name="players" value={players} onInput={(e) => typePlayers((e.target as HTMLInputElement).value)} autocomplete="off" />
      </label>
      <label>
        I am
        <select name="me" value={seat === 'nobody' ? 'nobody' : me ? String(seat) : ''} aria-invalid={me === null}
          onChange={(e) => { const v = (e.target as HTMLSelectElement).value; setSeat(v === 'nobody' ? 'nobody' : Number(v)); }}>
          <option value="" disabled>choose your seat</option>
          {places.flatMap((p, i) => (p ? [<option key={i} value={String(i)}>{p}</option>] : []))}
          <option value="nobody">nobody (I watch: the spectator's view)</option>
        </select>
      </label>
      <fieldset class="sizes">
        <legend>Hand sizes <span class="note" data-role="sizes-count">({sum} of {Math.max(0, dealt)} cards dealt)</span></legend>
        {seats.map((p, s) => (
          <label key={p}>
            {p}
            <input type="number" min={0} max={32} value={handSizes[s]} data-seat={p}
              onInput={(e) => setSizes(handSizes.map((h, k) => (k === s ? Number((e.target as HTMLInputElement).value) : h)))} />
          </label>
        ))}
        <button type="button" onClick={() => setSizes(null)}>Even (earlier seats take extras)</button>
      </fieldset>
      {mySeat >= 0 && (
        <CardPicker legend={`My hand: ${hand.length} of ${counted(handSizes[mySeat] ?? 0, 'card')}`} name="hand" deck={deck} chosen={hand} onToggle={(c) => setHand(toggle(hand, c))} />
      )}
      <CardPicker legend={`Face-up cards (${faceUp.length})`} name="faceup" deck={deck} chosen={faceUp} onToggle={(c) => setFaceUp(toggle(faceUp, c))} />
      <PlayMode board={board} onChange={setBoard}>
        <p class="note">On the board, the advisor also ranks the rooms from your pawn and your roll. You can switch during the game.</p>
      </PlayMode>
      {problems.length > 0 && (
        <ul class="problems" data-role="setup-problems" aria-live="polite">{problems.map((p) => <li key={p}>{p}</li>)}</ul>
      )}
      <div class="actions">
        <button type="submit" class="primary" data-action="start" disabled={problems.length > 0}>Start the game</button>
        <label class="button">Load a saved game <input class="visually-hidden" type="file" accept=".json,application/json" onChange={(e) => { const f = (e.target as HTMLInputElement).files?.[0]; if (f) onLoad(f); }} /></label>
      </div>
    </form>
  );
}

export function CardPicker({ legend, name, deck, chosen, onToggle }: { legend: string; name: string; deck: Record<string, string[]>; chosen: string[]; onToggle: (card: string) => void }) {
  return (
    <fieldset class="cards">
      <legend>{legend}</legend>
      {Object.entries(deck).map(([category, cards]) => (
        <div key={category} class="category">
          <span class="category-name">{capital(category)}</span>
          {cards.map((card) => (
            <label key={card} class="chip">
              <input type="checkbox" name={name} value={card} checked={chosen.includes(card)} onChange={() => onToggle(card)} /> {card}
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
}
