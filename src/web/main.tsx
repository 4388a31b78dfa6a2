// The advisor: set up a game, enter what happens at the table, and read the notebook, the
// envelope, the best suggestions, what the opponents know and why each certain cell is certain.
// The game is the library's log, kept open (OpenGame: parsed once, its position kept); an entry
// that leaves no deal is refused and the game stays as it was. Only a game the engine opened is
// ever saved.
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { startEngine, type Engine } from './engine.js';
import { OpenGame } from '../analysis/open-game.js';
import { envelopeProbability, type Analysis } from '../analysis/analyze.js';
import type { SuggestResult } from '../analysis/suggest.js';
import type { Opponents } from '../analysis/opponents.js';
import type { Explanation } from '../analysis/explain.js';
import { refutationAdvice, type RefutationAdvice } from '../analysis/refute-advice.js';
import { ownerName } from '../analysis/json.js';
import { eventSentence } from '../io/describe.js';
import type { GameLog, GameLogEvent } from '../io/log.js';
import { ENVELOPE, TABLE, type Game } from '../model/game.js';
import { passers } from '../model/rules.js';
import { NO_PAWN, boardAdvice, parseRoll, pawnPlace, roomCards, type PawnInput } from './board-advice.js';
import { ROOMS } from '../game/board/classic.js';
import { deckOf, evenHandSizes, load, resolveCard, save, setupProblems, type Saved, type SetupForm } from './game-log.js';

type State = 'loading' | 'busy' | 'ready' | 'refused' | 'invalid' | 'setup';
type Timed<T> = { result: T | null; reason: string | null; ms: number; workers?: number };
interface Why {
  card: number;
  owner: number;
  holds: boolean;
  explanation: Explanation | null;
  message: string | null;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function App() {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [saved, setSaved] = useState<Saved>(load);
  const [open, setOpen] = useState<OpenGame | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [suggestions, setSuggestions] = useState<Timed<SuggestResult> | null>(null);
  const [opponents, setOpponents] = useState<Timed<Opponents> | null>(null);
  const [state, setState] = useState<State>('loading');
  const [note, setNote] = useState<string | null>(null);
  const [ms, setMs] = useState<number | null>(null);
  const [why, setWhy] = useState<Why | null>(null);
  /** What the setup form starts from: the last game's players, or a log that could not be opened. */
  const [draft, setDraft] = useState<GameLog | null>(null);
  const generation = useRef(0);

  useEffect(() => {
    startEngine().then(
      (e) => {
        setEngine(e);
        // When the page can take a first entry (read by bench/web.ts as the time to interactive).
        requestAnimationFrame(() => performance.mark('advisor-interactive'));
      },
      (e: unknown) => {
        setState('invalid');
        setNote(`The engine could not start: ${message(e)}`);
      },
    );
  }, []);

  // The saved game, opened once the engine is ready (start-up); a saved game the engine refuses
  // goes back to the setup, filled with it, and is not kept.
  useEffect(() => {
    if (engine === null) return;
    if (saved.log === null) return setState('setup');
    const opened = tryOpen(saved.log);
    if ('error' in opened) {
      setDraft(saved.log);
      setSaved({ log: null, redo: [], board: saved.board, pawn: NO_PAWN });
      setNote(`The saved game could not be opened: ${opened.error}`);
      setState('setup');
    } else show(opened.open, performance.now());
  }, [engine]);

  useEffect(() => save(saved), [saved]);

  function tryOpen(log: GameLog): { open: OpenGame } | { error: string } {
    try {
      return { open: new OpenGame(log) };
    } catch (e) {
      return { error: message(e) };
    }
  }

  /** Shows an open game: its notebook now, its suggestions and the opponents' knowledge when the workers answer. */
  function show(next: OpenGame, t0: number) {
    const mine = ++generation.current;
    const previous = open;
    setOpen(next);
    if (previous !== next) previous?.dispose();
    setAnalysis(next.analysis());
    setMs(performance.now() - t0);
    setSuggestions(null);
    setOpponents(null);
    setWhy(null);
    setNote(null);
    setState('ready');
    if (next.game.me === null || engine === null) return;
    const pool = engine.pool;
    const started = performance.now();
    next.suggestions({ seed: 1, executor: pool }).then(
      (result) => mine === generation.current && setSuggestions({ result, reason: null, ms: performance.now() - started, workers: pool.threads }),
      (e: unknown) => mine === generation.current && setSuggestions({ result: null, reason: message(e), ms: performance.now() - started }),
    );
    next.opponents({ seed: 1, executor: pool }).then(
      (result) => mine === generation.current && setOpponents({ result, reason: null, ms: performance.now() - started }),
      (e: unknown) => mine === generation.current && setOpponents({ result: null, reason: message(e), ms: performance.now() - started }),
    );
  }

  /** Adds an event if some deal is still consistent with it; else the game is left as it was, and why is said. */
  function add(event: GameLogEvent): boolean {
    if (!open || !saved.log) return false;
    const t0 = performance.now();
    try {
      const next = open.with(event);
      setSaved({ ...saved, log: next.log(), redo: [] });
      show(next, t0);
      return true;
    } catch (e) {
      setNote(`Refused: ${message(e)}`);
      setState('refused');
      return false;
    }
  }

  /** Replaces the game by the log with `events` (undo, redo). */
  function reopen(log: GameLog, redo: GameLogEvent[]) {
    const t0 = performance.now();
    const opened = tryOpen(log);
    if ('error' in opened) {
      setNote(`Refused: ${opened.error}`);
      return;
    }
    setSaved({ ...saved, log: opened.open.log(), redo });
    show(opened.open, t0);
  }

  function undo() {
    const events = saved.log?.events ?? [];
    if (!saved.log || events.length === 0) return;
    reopen({ ...saved.log, events: events.slice(0, -1) }, [...saved.redo, events[events.length - 1]]);
  }

  function redo() {
    if (!saved.log || saved.redo.length === 0) return;
    reopen({ ...saved.log, events: [...(saved.log.events ?? []), saved.redo[saved.redo.length - 1]] }, saved.redo.slice(0, -1));
  }

  function explainCell(card: number, owner: number, holds: boolean) {
    if (!open) return;
    try {
      setWhy({ card, owner, holds, explanation: open.explain({ card, owner, holds }), message: null });
    } catch (e) {
      setWhy({ card, owner, holds, explanation: null, message: message(e) });
    }
  }

  /** Starts a game from the setup (already checked there); false, with the reason shown, when the engine refuses it. */
  function startGame(log: GameLog, board: boolean): boolean {
    const opened = tryOpen(log);
    if ('error' in opened) {
      setNote(opened.error);
      return false;
    }
    setSaved({ log: opened.open.log(), redo: [], board, pawn: NO_PAWN });
    show(opened.open, performance.now());
    return true;
  }

  /** A log from a file: opened first; the current game is replaced only when it opens and the player agrees. */
  async function loadFile(file: File) {
    let log: GameLog;
    try {
      log = JSON.parse(await file.text()) as GameLog;
    } catch (e) {
      setNote(`${file.name} was not loaded, it is not JSON (${message(e)}); your game is unchanged.`);
      return;
    }
    const opened = tryOpen(log);
    if ('error' in opened) {
      setNote(`${file.name} was not loaded: ${opened.error}. Your game is unchanged.`);
      return;
    }
    const turns = saved.log?.events?.length ?? 0;
    if (saved.log !== null && !confirm(`Replace the current game (${turns} event${turns === 1 ? '' : 's'}) with ${file.name}? Download the current one first to keep it.`)) {
      opened.open.dispose();
      return;
    }
    setSaved({ log: opened.open.log(), redo: [], board: saved.board, pawn: NO_PAWN });
    show(opened.open, performance.now());
  }

  function newGame() {
    if (!confirm('Start a new game? The current one will be replaced (download it first to keep it).')) return;
    setDraft(saved.log);
    open?.dispose();
    setOpen(null);
    setAnalysis(null);
    setSaved({ log: null, redo: [], board: saved.board, pawn: NO_PAWN });
    setNote(null);
    setState('setup');
  }

  const game = open?.game ?? null;
  const log = saved.log;
  const events = game?.events.length ?? 0;
  return (
    <div id="app" data-state={state} data-events={events} data-suggest-state={suggestions === null ? 'busy' : 'ready'} data-opponents-state={opponents === null ? 'busy' : 'ready'}>
      <header>
        <h1>Cluedo advisor</h1>
        {log && game && (
          <nav aria-label="Game">
            <button type="button" onClick={undo} disabled={!events} data-action="undo">Undo</button>
            <button type="button" onClick={redo} disabled={!saved.redo.length} data-action="redo">Redo</button>
            <a class="button" download="cluedo-game.json" href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(log, null, 1))}`}>Download log</a>
            <label class="button">
              Load log
              <input class="visually-hidden" type="file" accept=".json,application/json" data-action="load"
                onChange={(e) => {
                  const input = e.target as HTMLInputElement;
                  const file = input.files?.[0];
                  input.value = '';
                  if (file) void loadFile(file);
                }} />
            </label>
            <button type="button" onClick={newGame} data-action="new">New game</button>
          </nav>
        )}
      </header>
      {note && <p class="message" role="alert" data-role="message">{note}</p>}
      {state === 'loading' && <p>Loading the engine…</p>}
      {state === 'setup' && engine && <Setup draft={draft} board={saved.board} onStart={startGame} onLoad={(f) => void loadFile(f)} />}
      {game && analysis && state !== 'setup' && (
        <main>
          <section class="entry" aria-labelledby="entry-h">
            <h2 id="entry-h">Enter a turn</h2>
            <EntryForm game={game} onAdd={add} />
            <details>
              <summary>Events ({events})</summary>
              <ol class="events">{game.events.map((_, i) => <li key={i}>{eventSentence(game, i)}</li>)}</ol>
            </details>
          </section>
          <div class="col-main">
            <Notebook game={game} analysis={analysis} onWhy={explainCell} />
            <SuggestionsView suggestions={suggestions} game={game} board={saved.board} pawn={saved.pawn ?? NO_PAWN} onPawn={(pawn) => setSaved({ ...saved, pawn })} />
          </div>
          <div class="col-side">
            {why && <WhyPanel why={why} game={game} onClose={() => setWhy(null)} />}
            <EnvelopeView analysis={analysis} game={game} />
            <OpponentsView opponents={opponents} game={game} />
            <p class="note" data-role="status" aria-live="polite">
              {analysis.method === 'exact' ? `${Number(analysis.consistentDeals).toLocaleString('en-US')} consistent deals, counted exactly` : `estimated (${analysis.method})`}
              {ms !== null && ` · updated in ${ms.toFixed(0)} ms`}
            </p>
          </div>
        </main>
      )}
    </div>
  );
}

/** The new game's form: checked as it is filled, started only when the engine accepts it. */
function Setup({ draft, board: wasBoard, onStart, onLoad }: { draft: GameLog | null; board: boolean; onStart: (log: GameLog, board: boolean) => boolean; onLoad: (file: File) => void }) {
  const [deck, setDeck] = useState<Record<string, string[]>>(deckOf(draft));
  const [customDeck, setCustomDeck] = useState(draft?.deck !== undefined);
  const [players, setPlayers] = useState(draft?.players.join(', ') ?? 'Ann, Bob, Cat, Dan');
  const [me, setMe] = useState(draft ? (draft.me ?? '') : 'Ann');
  const [hand, setHand] = useState<string[]>(draft?.myHand ?? []);
  const [faceUp, setFaceUp] = useState<string[]>(draft?.faceUp ?? []);
  const [sizes, setSizes] = useState<number[] | null>(draft?.handSizes ?? null);
  const [board, setBoard] = useState(wasBoard);
  const [error, setError] = useState<string | null>(null);
  const seats = players.split(',').map((p) => p.trim()).filter(Boolean);
  const even = evenHandSizes(deck, seats.length, faceUp.length);
  const handSizes = sizes && sizes.length === seats.length ? sizes : even;
  const form: SetupForm = { deck, players: seats, me: seats.includes(me) ? me : '', hand, faceUp, handSizes };
  const problems = setupProblems(form);
  const mySeat = seats.indexOf(me);
  const toggle = (list: string[], card: string) => (list.includes(card) ? list.filter((c) => c !== card) : [...list, card]);

  async function useDeckOf(file: File | undefined) {
    if (!file) return;
    try {
      const log = JSON.parse(await file.text()) as GameLog;
      setDeck(deckOf(log));
      setCustomDeck(log.deck !== undefined);
      setHand([]);
      setFaceUp([]);
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
        <p>{customDeck ? 'The deck of the loaded log' : 'Classic (6 suspects, 6 weapons, 9 rooms)'}</p>
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
        <CardPicker legend={`My hand: ${hand.length} of ${handSizes[mySeat] ?? 0} cards`} name="hand" deck={deck} chosen={hand} onToggle={(c) => setHand(toggle(hand, c))} />
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

function CardPicker({ legend, name, deck, chosen, onToggle }: { legend: string; name: string; deck: Record<string, string[]>; chosen: string[]; onToggle: (card: string) => void }) {
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

/** "Shown by": nobody is a choice like any seat, and no choice is made for the player ("-" names no player: its name would be empty). */
const NOBODY = '-';

function EntryForm({ game, onAdd }: { game: Game; onAdd: (e: GameLogEvent) => boolean }) {
  const deck = game.deck;
  const categories = deck.categories.map((c) => c.name);
  const last = game.events[game.events.length - 1];
  const nextBy = last && 'by' in last ? game.players[(last.by + 1) % game.players.length] : game.players[0];
  const me = game.me === null ? null : game.players[game.me];
  const [kind, setKind] = useState<'suggestion' | 'accusation'>('suggestion');
  const [by, setBy] = useState(nextBy);
  const [typed, setTyped] = useState<string[]>(categories.map(() => ''));
  const [shownBy, setShownBy] = useState('');
  const [shown, setShown] = useState('');
  const [correct, setCorrect] = useState(false);
  useEffect(() => setBy(nextBy), [game.events.length]);
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
    if (!iShowed || shownOptions.length < 2 || byIndex < 0 || named.some((c) => c < 0)) return null;
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
    if (onAdd(event)) {
      (document.querySelector('input[name="card-0"]') as HTMLInputElement | null)?.focus();
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
      <button type="submit" class="primary" data-action="add">Add {kind}</button>
    </form>
  );
}

/** Which card to show: each card's news to the suggester, least first (as `cluedo refute`). */
function RefuteAdviceView({ advice, game, by }: { advice: RefutationAdvice | string; game: Game; by: string }) {
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

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const percent = (p: number) => (p === 0 ? '✗' : p === 1 ? '✓' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(p * 100)}%`);

/** "the envelope", "you", "Bob": an owner in a sentence. */
function ownerInWords(game: Game, owner: number): string {
  return owner === ENVELOPE ? 'the envelope' : owner === TABLE ? 'the table' : owner === game.me ? 'you' : game.players[owner];
}

function Notebook({ game, analysis, onWhy }: { game: Game; analysis: Analysis; onWhy: (card: number, owner: number, holds: boolean) => void }) {
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

function WhyPanel({ why, game, onClose }: { why: Why; game: Game; onClose: () => void }) {
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

function EnvelopeView({ analysis, game }: { analysis: Analysis; game: Game }) {
  const top = analysis.solutions.slice(0, 8);
  const names = (cards: number[]) => cards.map((c) => game.deck.cards[c]).join(', ');
  const certain = analysis.solutions.length === 1 ? analysis.solutions[0] : null;
  return (
    <section class="envelope" aria-labelledby="env-h">
      <h2 id="env-h">Envelope</h2>
      {certain && game.me !== null && (
        <p class="accuse" data-view="accuse" role="status"><strong>Accuse now:</strong> {names(certain.cards)}</p>
      )}
      <div class="categories">
        {game.deck.categories.map((category) => (
          <div key={category.name}>
            <h3>{capital(category.name)}</h3>
            <ul>
              {category.cards
                .map((card) => [card, envelopeProbability(analysis, game.deck.cards.indexOf(card))] as const)
                .filter(([, p]) => p > 0)
                .sort((a, b) => b[1] - a[1])
                .map(([card, p]) => <li key={card}><span class="bar" style={`--p:${p}`} />{card} <b>{(p * 100).toFixed(1)}%</b></li>)}
            </ul>
          </div>
        ))}
      </div>
      <h3>Most likely solutions ({analysis.solutions.length})</h3>
      <ol class="solutions">{top.map((s) => <li key={s.cards.join()}>{names(s.cards)} <b>{(s.probability * 100).toFixed(2)}%</b></li>)}</ol>
      <p class="note">Envelope entropy: {analysis.entropyBits.toFixed(3)} bits</p>
    </section>
  );
}

function SuggestionsView({ suggestions, game, board, pawn, onPawn }: { suggestions: Timed<SuggestResult> | null; game: Game; board: boolean; pawn: PawnInput; onPawn: (p: PawnInput) => void }) {
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
function BoardRooms({ suggestions, game, pawn, onPawn }: { suggestions: Timed<SuggestResult> | null; game: Game; pawn: PawnInput; onPawn: (p: PawnInput) => void }) {
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

function OpponentsView({ opponents, game }: { opponents: Timed<Opponents> | null; game: Game }) {
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
                return (
                  <tr key={s.seat} data-seat={game.players[s.seat]} data-can-accuse={String(s.canAccuse)} class={s.canAccuse >= 0.5 ? 'warn' : ''}>
                    <th scope="row">{game.players[s.seat]}</th>
                    <td>{(s.canAccuse * 100).toFixed(1)}%{s.canAccuse >= 0.5 ? ' ⚠' : ''}</td>
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

render(<App />, document.getElementById('root')!);
