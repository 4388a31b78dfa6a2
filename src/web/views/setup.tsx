// The new game's setup form.
import { useState } from 'preact/hooks';
import type { GameLog } from '../../io/log.js';
import { deckFromText, deckToText } from '../../io/deck-text.js';
import { CLASSIC_CATEGORIES } from '../../model/deck.js';
import { deckOf, evenHandSizes, setupProblems, type SetupForm } from '../game-log.js';
import { capital, message } from './format.js';
import { counted } from '../../model/numbers.js';

/** The new game's form: checked as it is filled, started only when the engine accepts it. */
export function Setup({ draft, board: wasBoard, onStart, onLoad }: { draft: GameLog | null; board: boolean; onStart: (log: GameLog, board: boolean) => boolean; onLoad: (file: File) => void }) {
  const [deck, setDeck] = useState<Record<string, string[]>>(deckOf(draft));
  const [customDeck, setCustomDeck] = useState(draft?.deck !== undefined);
  const [players, setPlayers] = useState(draft?.players.join(', ') ?? 'Ann, Bob, Cat, Dan');
  const [me, setMe] = useState(draft ? (draft.me ?? '') : 'Ann');
  const [hand, setHand] = useState<string[]>(draft?.myHand ?? []);
  const [faceUp, setFaceUp] = useState<string[]>(draft?.faceUp ?? []);
  const [sizes, setSizes] = useState<number[] | null>(draft?.handSizes ?? null);
  const [board, setBoard] = useState(wasBoard);
  const [error, setError] = useState<string | null>(null);
  /** The deck as typed (one category per line), null when it is not being typed; and what is wrong with it. */
  const [deckText, setDeckText] = useState<string | null>(null);
  const [deckProblem, setDeckProblem] = useState<string | null>(null);
  const seats = players.split(',').map((p) => p.trim()).filter(Boolean);
  const even = evenHandSizes(deck, seats.length, faceUp.length);
  const handSizes = sizes && sizes.length === seats.length ? sizes : even;
  const form: SetupForm = { deck, players: seats, me: seats.includes(me) ? me : '', hand, faceUp, handSizes };
  const problems = [...(deckProblem ? [`Deck: ${deckProblem}`] : []), ...setupProblems(form)];
  const mySeat = seats.indexOf(me);
  const toggle = (list: string[], card: string) => (list.includes(card) ? list.filter((c) => c !== card) : [...list, card]);

  /** A new deck: the cards chosen that it lacks are unchosen. */
  function changeDeck(next: Record<string, string[]>, custom: boolean) {
    const cards = Object.values(next).flat();
    setDeck(next);
    setCustomDeck(custom);
    setHand(hand.filter((c) => cards.includes(c)));
    setFaceUp(faceUp.filter((c) => cards.includes(c)));
  }

  function typeDeck(text: string) {
    setDeckText(text);
    try {
      changeDeck(deckFromText(text), true);
      setDeckProblem(null);
    } catch (e) {
      setDeckProblem(message(e));
    }
  }

  async function useDeckOf(file: File | undefined) {
    if (!file) return;
    try {
      const log = JSON.parse(await file.text()) as GameLog;
      changeDeck(deckOf(log), log.deck !== undefined);
      setDeckText(null);
      setDeckProblem(null);
    } catch (e) {
      setError(`${file.name} is not a game log: ${message(e)}`);
    }
  }

  function start(e: Event) {
    e.preventDefault();
    if (problems.length > 0) return;
    const log: GameLog = { ...(customDeck ? { deck } : {}), players: seats, handSizes, faceUp, ...(form.me ? { me: form.me, myHand: hand } : {}), events: [] };
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
        <label class="inline"><input type="radio" name="deck-kind" value="classic" checked={!customDeck && deckText === null}
          onChange={() => { changeDeck(CLASSIC_CATEGORIES, false); setDeckText(null); setDeckProblem(null); }} /> Classic (6 suspects, 6 weapons, 9 rooms)</label>
        <label class="inline"><input type="radio" name="deck-kind" value="typed" checked={deckText !== null}
          onChange={() => typeDeck(deckToText(deck))} /> My own deck, typed</label>
        {customDeck && deckText === null && <p data-role="deck-from-log">The deck of the loaded log: {Object.entries(deck).map(([c, cards]) => `${cards.length} ${c}`).join(', ')}.</p>}
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
        <input name="players" value={players} onInput={(e) => setPlayers((e.target as HTMLInputElement).value)} autocomplete="off" />
      </label>
      <label>
        I am
        <select name="me" value={seats.includes(me) ? me : ''} onChange={(e) => setMe((e.target as HTMLSelectElement).value)}>
          {seats.map((p) => <option key={p} value={p}>{p}</option>)}
          <option value="">nobody (I watch: the spectator's view)</option>
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
      {form.me && (
        <CardPicker legend={`My hand: ${hand.length} of ${counted(handSizes[mySeat] ?? 0, 'card')}`} name="hand" deck={deck} chosen={hand} onToggle={(c) => setHand(toggle(hand, c))} />
      )}
      <CardPicker legend={`Face-up cards (${faceUp.length})`} name="faceup" deck={deck} chosen={faceUp} onToggle={(c) => setFaceUp(toggle(faceUp, c))} />
      <fieldset class="mode">
        <legend>How you play</legend>
        <label class="inline"><input type="radio" name="board" value="no" checked={!board} onChange={() => setBoard(false)} /> Cards only (no board)</label>
        <label class="inline"><input type="radio" name="board" value="yes" checked={board} onChange={() => setBoard(true)} /> On the board (pawns move by dice; the advisor ranks the rooms)</label>
      </fieldset>
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
