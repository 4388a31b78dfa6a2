// One turn entered as it happens at the table, with the advice on which card to show when I refute.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { refutationAdvice, type RefutationAdvice } from '../../analysis/refute-advice.js';
import type { GameLogEvent } from '../../io/log.js';
import type { Game } from '../../model/game.js';
import type { AccusationEvent, GameEvent, SuggestionEvent } from '../../model/events.js';
import { nextTurn, passers } from '../../model/rules.js';
import { resolveCard } from '../game-log.js';
import { capital, message } from './format.js';

/** "Shown by": nobody is a choice like any seat, and no choice is made for the player ("-" names no player: its name would be empty). */
const NOBODY = '-';
/** The events the form can enter, and so edit: a suggestion or an accusation. */
export function isEditable(event: GameEvent): event is SuggestionEvent | AccusationEvent {
  return event.type === 'suggestion' || event.type === 'accusation';
}

/**
 * A new turn, or with `editing` an earlier one (its fields filled in; mount it with a key per
 * event so that it starts from that event). `onAdd` answers whether the engine accepted it.
 */
export function EntryForm({ game, onAdd, editing = null, onCancel }: { game: Game; onAdd: (e: GameLogEvent) => boolean; editing?: number | null; onCancel?: () => void }) {
  const deck = game.deck;
  const categories = deck.categories.map((c) => c.name);
  const nextBy = game.players[nextTurn(game.events, game.players.length)];
  const me = game.me === null ? null : game.players[game.me];
  const edited = editing === null ? null : game.events[editing];
  const start = edited !== null && isEditable(edited) ? edited : null;
  const [kind, setKind] = useState<'suggestion' | 'accusation'>(start?.type ?? 'suggestion');
  const [by, setBy] = useState(start ? game.players[start.by] : nextBy);
  const [typed, setTyped] = useState<string[]>(start ? start.cards.map((c) => deck.cards[c]) : categories.map(() => ''));
  const [shownBy, setShownBy] = useState(start?.type === 'suggestion' ? (start.shownBy === null ? NOBODY : game.players[start.shownBy]) : '');
  const [shown, setShown] = useState(start?.type === 'suggestion' && start.shown !== null ? deck.cards[start.shown] : '');
  const [correct, setCorrect] = useState(start?.type === 'accusation' ? start.correct : false);
  useEffect(() => {
    if (editing === null) setBy(nextBy);
  }, [game.events.length]);
  const cards = typed.map((t) => resolveCard(deck.cards, t));
  const byIndex = game.players.indexOf(by);
  const showerIndex = shownBy === '' || shownBy === NOBODY ? null : game.players.indexOf(shownBy);
  const passed =
    shownBy === '' || byIndex < 0
      ? null
      : passers({ type: 'suggestion', by: byIndex, cards: [], shownBy: showerIndex, shown: null }, game.players.length, game.rules).map((s) => game.players[s]);
  const iAsked = me !== null && by === me && showerIndex !== null;
  const iShowed = me !== null && shownBy === me;
  // The card I showed is one of the named cards in my hand.
  const myHand = game.myHand.map((c) => deck.cards[c]);
  const shownOptions = iShowed ? cards.filter((c) => myHand.includes(c)) : cards.filter((c) => deck.cards.includes(c));
  // Showing one of several: what each tells the suggester (analysis/refute-advice.ts), computed here, at once.
  const named = cards.map((c) => deck.cards.indexOf(c));
  const advice = useMemo((): RefutationAdvice | string | null => {
    if (editing !== null || !iShowed || shownOptions.length < 2 || byIndex < 0 || named.some((c) => c < 0)) return null;
    try {
      return refutationAdvice(game, { suggester: byIndex, cards: named });
    } catch (e) {
      return message(e);
    }
  }, [game, iShowed, byIndex, named.join(',')]);

  function submit(e: Event) {
    e.preventDefault();
    const event: GameLogEvent =
      kind === 'accusation'
        ? { type: 'accusation', by, cards, correct }
        : { type: 'suggestion', by, cards, shownBy: showerIndex === null ? null : shownBy, ...((iAsked || iShowed) && shown ? { shown } : {}) };
    if (onAdd(event) && editing === null) {
      // Ready for the next turn, without scrolling away from the news under the Add button.
      (document.querySelector('input[name="card-0"]') as HTMLInputElement | null)?.focus({ preventScroll: true });
      // Cleared after an accepted entry; a refused one keeps its values for correction.
      setKind('suggestion');
      setTyped(categories.map(() => ''));
      setShownBy('');
      setShown('');
      setCorrect(false);
    }
  }

  return (
    <form class="entry-form" onSubmit={submit} data-form="entry">
      <div role="radiogroup" aria-label="Kind of turn" class="kind">
        <label class="inline"><input type="radio" name="kind" value="suggestion" checked={kind === 'suggestion'} onChange={() => setKind('suggestion')} /> Suggestion</label>
        <label class="inline"><input type="radio" name="kind" value="accusation" checked={kind === 'accusation'} onChange={() => setKind('accusation')} /> Accusation</label>
      </div>
      <label>
        {kind === 'suggestion' ? 'Suggester' : 'Accuser'}
        <select name="by" value={by} onChange={(e) => setBy((e.target as HTMLSelectElement).value)}>
          {game.players.map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
      </label>
      {categories.map((category, g) => (
        <label key={category}>
          {capital(category)}
          <input name={`card-${g}`} list={`cards-${g}`} value={typed[g]} autocomplete="off" required
            onInput={(e) => setTyped(typed.map((t, k) => (k === g ? (e.target as HTMLInputElement).value : t)))} />
          <datalist id={`cards-${g}`}>{deck.categories[g].cards.map((c) => <option key={c} value={c} />)}</datalist>
        </label>
      ))}
      {kind === 'suggestion' ? (
        <>
          <label>
            Shown by
            <select name="shownBy" value={shownBy} required onChange={(e) => setShownBy((e.target as HTMLSelectElement).value)}>
              <option value="" disabled>choose who showed a card</option>
              {game.players.filter((p) => p !== by).map((p) => <option key={p} value={p}>{p}</option>)}
              <option value={NOBODY}>nobody: everyone passed</option>
            </select>
          </label>
          <p class="passed" aria-live="polite">{passed === null ? 'Choose who showed a card, or nobody.' : `Passed: ${passed.length ? passed.join(', ') : 'nobody'}`}</p>
          {(iAsked || iShowed) && (
            <label>
              {iAsked ? `Card ${shownBy} showed me` : `Card I showed ${by}`}
              <select name="shown" value={shown} required onChange={(e) => setShown((e.target as HTMLSelectElement).value)}>
                <option value="" disabled>{shownOptions.length ? 'choose the card' : iShowed ? 'none of these cards is in your hand' : 'type the three cards first'}</option>
                {shownOptions.map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
            </label>
          )}
          {advice !== null && <RefuteAdviceView advice={advice} game={game} by={by} />}
        </>
      ) : (
        <label class="inline"><input type="checkbox" name="correct" checked={correct} onChange={(e) => setCorrect((e.target as HTMLInputElement).checked)} /> Correct (ends the game)</label>
      )}
      {editing === null ? (
        <button type="submit" class="primary" data-action="add">Add {kind}</button>
      ) : (
        <div class="actions">
          <button type="submit" class="primary" data-action="save-edit">Save event {editing + 1}</button>
          <button type="button" data-action="cancel-edit" onClick={onCancel}>Cancel</button>
        </div>
      )}
    </form>
  );
}

/** Which card to show: each card's news to the suggester, least first (as `cluedo refute`). */
export function RefuteAdviceView({ advice, game, by }: { advice: RefutationAdvice | string; game: Game; by: string }) {
  if (typeof advice === 'string') return <p class="refute-advice" data-view="refute-advice" data-state="error">{advice}</p>;
  return (
    <div class="refute-advice" data-view="refute-advice" data-state="ready" aria-live="polite">
      <p>What each card tells {by}, least first:</p>
      <ol>
        {advice.options.map((o, i) => (
          <li key={o.card} data-card={game.deck.cards[o.card]} data-bits={String(o.bits)} data-envelope-bits={String(o.envelopeBits)}>
            <strong>{game.deck.cards[o.card]}</strong>: {o.bits.toFixed(2)} bits of news{o.shownBefore ? ` (already shown to ${by})` : ''}, {o.envelopeBits.toFixed(2)} bits about the envelope; {by} expected it at {Math.round(100 * o.chance)}%
            {i === 0 && ' — shows least'}
          </li>
        ))}
      </ol>
      <p class="hint">The others see only that you showed a card: {advice.tableBits.toFixed(2)} bits, whichever it is.</p>
    </div>
  );
}
