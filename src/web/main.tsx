// The advisor: set up a game, enter what happens at the table, and read the notebook, the
// envelope, the best suggestions, what the opponents know and why each certain cell is certain.
// The game is the library's log, kept open (OpenGame: parsed once, its position kept); an entry
// that leaves no deal is refused and the game stays as it was. Only a game the engine opened is
// ever saved.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { startEngine, type Engine } from './engine.js';
import { OpenGame } from '../analysis/open-game.js';
import type { Analysis } from '../analysis/analyze.js';
import type { SuggestResult } from '../analysis/suggest.js';
import type { Opponents } from '../analysis/opponents.js';
import { ContradictionError } from '../analysis/contradiction.js';
import { parseGame, type GameLog, type GameLogEvent, type LogWords } from '../io/log.js';
import { winningAccusation } from '../model/rules.js';
import { asSentence } from '../model/sentence.js';
import { NO_PAWN } from './board-advice.js';
import { ENTRY_WORDS, SETUP_WORDS, load, nextGameDraft, save, type Saved } from './game-log.js';
import { message, type Timed } from './views/format.js';
import { Setup } from './views/setup.js';
import { EntryForm, isEditable } from './views/entry-form.js';
import { GameOver } from './views/game-over.js';
import { EventList } from './views/events.js';
import { RefusalView, type Refusal } from './views/refusal.js';
import { SavedGamesView } from './views/saved-games.js';
import { AccuseView } from './views/accuse.js';
import { forgetGame, gameSummary, keepGame, listGames, logHref, downloadName, newGameId, type SavedGame } from './saved-games.js';
import { Notebook, type Why } from './views/notebook.js';
import { entryNews, type EntryNews } from './entry-news.js';
import { EntryNewsView } from './views/entry-news.js';
import { EnvelopeView } from './views/envelope.js';
import { SuggestionsView } from './views/suggestions.js';
import { OpponentsView } from './views/opponents.js';
import { Guide, GuideButton, useGuide } from './views/guide.js';
import { UpdateBanner } from './views/update-banner.js';

type State = 'loading' | 'busy' | 'ready' | 'refused' | 'invalid' | 'setup';

/** Undo goes back this many changes at most (each keeps the whole list of events). */
const UNDO_DEPTH = 60;
const pushed = (stack: GameLogEvent[][], events: GameLogEvent[]) => [...stack, events].slice(-UNDO_DEPTH);

function App() {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [saved, setSaved] = useState<Saved>(load);
  const [open, setOpen] = useState<OpenGame | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [suggestions, setSuggestions] = useState<Timed<SuggestResult> | null>(null);
  const [opponents, setOpponents] = useState<Timed<Opponents> | null>(null);
  const [state, setState] = useState<State>('loading');
  /** A message, and where: a refused entry, edit or deletion next to the form it was made in; the rest (undo and redo among them) at the top. */
  const [note, setNoteAt] = useState<{ text: string; nearForm: boolean } | null>(null);
  const setNote = (text: string | null) => setNoteAt(text === null ? null : { text, nearForm: false });
  const [ms, setMs] = useState<number | null>(null);
  const [why, setWhy] = useState<Why | null>(null);
  /** What the last entry (or edit) taught, said under the form. */
  const [news, setNews] = useState<EntryNews | null>(null);
  /** What the setup form starts from: the last game's players, or a log that could not be opened. */
  const [draft, setDraft] = useState<GameLog | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** The event being edited (0-based), or null for a new entry. */
  const [editing, setEditing] = useState<number | null>(null);
  const [showGames, setShowGames] = useState(false);
  /** Bumped when the list of saved games changes under the page (a game deleted). */
  const [, setGamesChanged] = useState(0);
  const generation = useRef(0);
  const guide = useGuide();

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
    const opened = tryOpen(saved.log, SETUP_WORDS);
    if ('error' in opened) {
      setDraft(saved.log);
      setSaved({ log: null, undo: [], redo: [], board: saved.board, pawn: NO_PAWN });
      setNote(`The saved game could not be opened: ${message(opened.error)}`);
      setState('setup');
    } else show(opened.open, performance.now());
  }, [engine]);

  // Every change is kept: the current game, and its entry in the list of saved games.
  useEffect(() => {
    save(saved);
    if (saved.log !== null && saved.id !== undefined) keepGame({ id: saved.id, log: saved.log, board: saved.board, ...(saved.pawn && { pawn: saved.pawn }) });
  }, [saved]);
  // A game saved by an earlier page has no id yet: it gets one, and joins the list.
  useEffect(() => {
    if (saved.log !== null && saved.id === undefined) setSaved({ ...saved, id: newGameId() });
  }, [saved.log]);

  /** `words`: how a refusal names the parts of a log the page made (game-log.ts); a file's are named by their JSON paths. */
  function tryOpen(log: GameLog, words?: LogWords): { open: OpenGame } | { error: unknown } {
    try {
      return { open: new OpenGame(parseGame(log, { words })) };
    } catch (e) {
      return { error: e };
    }
  }

  /**
   * Shows an open game: its notebook now, its suggestions and the opponents' knowledge when the
   * workers answer; with `entered`, the event entered or edited, and what it taught.
   */
  function show(next: OpenGame, t0: number, entered?: { index: number; edited: boolean }) {
    const mine = ++generation.current;
    const previous = open;
    setOpen(next);
    if (previous !== next) previous?.dispose();
    setAnalysis(next.analysis());
    setMs(performance.now() - t0);
    setNews(entered && analysis ? entryNews(next.game, entered.index, analysis, next.analysis(), entered.edited) : null);
    setSuggestions(null);
    setOpponents(null);
    setWhy(null);
    setNote(null);
    setRefusal(null);
    setEditing(null);
    setState('ready');
    // A won game takes no more turns: nothing to suggest, nobody left to fear.
    if (next.game.me === null || engine === null || winningAccusation(next.game.events) !== null) return;
    const pool = engine.pool;
    const started = performance.now();
    // Asked inside a promise: a question the game cannot answer (a player out suggests no more)
    // is the panel's reason, never a refusal of the entry that was accepted.
    Promise.resolve().then(() => next.suggestions({ seed: 1, executor: pool })).then(
      (result) => mine === generation.current && setSuggestions({ result, reason: null, ms: performance.now() - started, workers: pool.threads }),
      (e: unknown) => mine === generation.current && setSuggestions({ result: null, reason: message(e), ms: performance.now() - started }),
    );
    Promise.resolve().then(() => next.opponents({ seed: 1, executor: pool, nextTurn: true })).then(
      (result) => mine === generation.current && setOpponents({ result, reason: null, ms: performance.now() - started }),
      (e: unknown) => mine === generation.current && setOpponents({ result: null, reason: message(e), ms: performance.now() - started }),
    );
  }

  /** An entry or an edit the engine refused: said, with the events it conflicts with and the likeliest mistakes; the game unchanged. */
  function refuse(e: unknown, entry: Refusal['entry']) {
    setNoteAt({ text: `Refused: ${message(e)}`, nearForm: entry !== null });
    setNews(null);
    setRefusal(e instanceof ContradictionError ? { contradiction: e.contradiction, entry } : null);
    setState('refused');
  }

  /** Adds an event if some deal is still consistent with it; else the game is left as it was, and why is said. */
  function add(event: GameLogEvent): boolean {
    if (!open || !saved.log) return false;
    const t0 = performance.now();
    try {
      const next = open.with(event, { words: ENTRY_WORDS });
      // A roll is for one turn: the next event entered ends it.
      setSaved({ ...saved, log: next.log(), undo: pushed(saved.undo, saved.log.events ?? []), redo: [], ...(saved.pawn && { pawn: { ...saved.pawn, roll: '' } }) });
      show(next, t0, { index: next.game.events.length - 1, edited: false });
      return true;
    } catch (e) {
      refuse(e, { kind: 'new', event: (saved.log.events?.length ?? 0) + 1 });
      return false;
    }
  }

  /**
   * The game with other events (an edit, a deletion, undo, redo): the analysis is the new log's,
   * opened afresh; a log that leaves no deal is refused and nothing changes. False when refused.
   */
  function change(events: GameLogEvent[], history: Pick<Saved, 'undo' | 'redo'>, entry: Refusal['entry'], edited?: number): boolean {
    if (!saved.log) return false;
    const t0 = performance.now();
    const opened = tryOpen({ ...saved.log, events }, SETUP_WORDS);
    if ('error' in opened) {
      refuse(opened.error, entry);
      return false;
    }
    setSaved({ ...saved, log: opened.open.log(), ...history });
    show(opened.open, t0, edited === undefined ? undefined : { index: edited, edited: true });
    return true;
  }

  const currentEvents = () => saved.log?.events ?? [];
  const edited = () => ({ undo: pushed(saved.undo, currentEvents()), redo: [] });

  function replaceEvent(index: number, event: GameLogEvent): boolean {
    return change(currentEvents().map((e, i) => (i === index ? event : e)), edited(), { kind: 'edit', event: index + 1 }, index);
  }

  function deleteEvent(index: number) {
    change(currentEvents().filter((_, i) => i !== index), edited(), { kind: 'delete', event: index + 1 });
  }

  function undo() {
    if (saved.undo.length === 0) return;
    change(saved.undo[saved.undo.length - 1], { undo: saved.undo.slice(0, -1), redo: [...saved.redo, currentEvents()] }, null);
  }

  function redo() {
    if (saved.redo.length === 0) return;
    change(saved.redo[saved.redo.length - 1], { undo: pushed(saved.undo, currentEvents()), redo: saved.redo.slice(0, -1) }, null);
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
    const opened = tryOpen(log, SETUP_WORDS);
    if ('error' in opened) {
      setNote(message(opened.error));
      return false;
    }
    setSaved({ id: newGameId(), log: opened.open.log(), undo: [], redo: [], board, pawn: NO_PAWN });
    show(opened.open, performance.now());
    return true;
  }

  /** Opens a log (a file, or a saved game) as the current game, once it opens and the player agrees to leave the current one (which stays in the list). */
  function openLog(log: GameLog, from: Omit<Saved, 'log' | 'undo' | 'redo'>, what: string, words?: LogWords): boolean {
    const opened = tryOpen(log, words);
    if ('error' in opened) {
      setNote(`${what} was not loaded: ${asSentence(message(opened.error))} Your game is unchanged.`);
      return false;
    }
    if (saved.log !== null && !confirm(`Open ${what}? The current game (${gameSummary(saved.log)}) stays in Saved games.`)) {
      opened.open.dispose();
      return false;
    }
    setSaved({ ...from, log: opened.open.log(), undo: [], redo: [] });
    show(opened.open, performance.now());
    return true;
  }

  /** A log from a file: a new saved game, opened when it opens and the player agrees. */
  async function loadFile(file: File) {
    let log: GameLog;
    try {
      log = JSON.parse(await file.text()) as GameLog;
    } catch (e) {
      setNote(`${file.name} was not loaded, it is not JSON (${message(e)}); your game is unchanged.`);
      return;
    }
    // The log format has no board: a game from a file is a card game until switched.
    openLog(log, { id: newGameId(), board: false, pawn: NO_PAWN }, file.name);
  }

  function openSaved(game: SavedGame) {
    if (game.id === saved.id) return setShowGames(false);
    if (openLog(game.log, { id: game.id, board: game.board, pawn: game.pawn ?? NO_PAWN }, `the game of ${new Date(game.savedAt).toLocaleString()} (${gameSummary(game.log)})`, SETUP_WORDS)) setShowGames(false);
  }

  function newGame() {
    if (saved.log !== null && !confirm('Start a new game? The current one stays in Saved games.')) return;
    setDraft(saved.log && nextGameDraft(saved.log));
    open?.dispose();
    setOpen(null);
    setAnalysis(null);
    setSaved({ log: null, undo: [], redo: [], board: saved.board, pawn: NO_PAWN });
    setNote(null);
    setRefusal(null);
    setEditing(null);
    setState('setup');
  }

  const game = open?.game ?? null;
  const log = saved.log;
  const events = game?.events.length ?? 0;
  const games = showGames ? listGames() : [];
  const won = game ? winningAccusation(game.events) : null;
  const startEdit = (index: number) => {
    if (!game || !isEditable(game.events[index])) return;
    setEditing(index);
    setRefusal(null);
    setNote(null);
    setState('ready');
    requestAnimationFrame(() => document.getElementById('entry-h')?.scrollIntoView({ block: 'start' }));
  };
  return (
    <div id="app" data-state={state} data-events={events} data-editing={editing === null ? undefined : String(editing + 1)} data-suggest-state={suggestions === null ? 'busy' : 'ready'} data-opponents-state={opponents === null ? 'busy' : 'ready'}>
      <header>
        <h1>Cluedo advisor</h1>
        <GuideButton guide={guide} />
        <nav aria-label="Game">
          {log && game && (
            <>
              <button type="button" onClick={undo} disabled={!saved.undo.length} data-action="undo">Undo</button>
              <button type="button" onClick={redo} disabled={!saved.redo.length} data-action="redo">Redo</button>
              <a class="button" download={downloadName(Date.now())} href={logHref(log)} data-action="download">Download log</a>
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
            </>
          )}
          {engine && <button type="button" onClick={() => setShowGames(!showGames)} aria-expanded={showGames} data-action="games">Saved games</button>}
        </nav>
        <UpdateBanner />
      </header>
      <Guide guide={guide} />
      {showGames && (
        <SavedGamesView games={games} current={saved.log ? saved.id : undefined} onOpen={openSaved} onClose={() => setShowGames(false)}
          onForget={(g) => {
            if (confirm(`Delete the game of ${new Date(g.savedAt).toLocaleString()} (${gameSummary(g.log)}) from this browser? Download it first to keep it.`)) {
              forgetGame(g.id);
              setGamesChanged((n) => n + 1);
            }
          }} />
      )}
      {note && !note.nearForm && <p class="message" role="alert" data-role="message">{note.text}</p>}
      {state === 'loading' && <p>Loading the engine…</p>}
      {state === 'setup' && engine && <Setup draft={draft} board={saved.board} onStart={startGame} onLoad={(f) => void loadFile(f)} />}
      {game && analysis && state !== 'setup' && (
        <main>
          <section class="entry" aria-labelledby="entry-h">
            <h2 id="entry-h">{editing !== null ? `Edit event ${editing + 1}` : won !== null ? 'Game over' : 'Enter a turn'}</h2>
            {editing === null && won !== null ? <GameOver game={game} event={won} /> : (
              <EntryForm key={editing === null ? 'new' : `edit-${editing}`} game={game} editing={editing}
                onAdd={(event) => (editing === null ? add(event) : replaceEvent(editing, event))}
                onCancel={() => { setEditing(null); setRefusal(null); setNote(null); setState('ready'); }} />
            )}
            <EntryNewsView news={news} game={game} />
            {note && note.nearForm && <RefusedNote text={note.text} />}
            {refusal && <RefusalView refusal={refusal} onEdit={startEdit} />}
            <EventList game={game} editing={editing} onEdit={startEdit} onDelete={deleteEvent} />
          </section>
          <div class="col-main">
            <Notebook game={game} analysis={analysis} why={why} onWhy={explainCell} onCloseWhy={() => setWhy(null)} />
            {/* A won game takes no more turns: nothing to suggest, to accuse or to fear. */}
            {won === null && <SuggestionsView suggestions={suggestions} game={game} board={saved.board} pawn={saved.pawn ?? NO_PAWN} onPawn={(pawn) => setSaved({ ...saved, pawn })} onBoard={(board) => setSaved({ ...saved, board })} />}
          </div>
          <div class="col-side">
            {won === null && <AccuseView analysis={analysis} opponents={opponents} game={game} />}
            <EnvelopeView analysis={analysis} game={game} over={won !== null} />
            {won === null && <OpponentsView opponents={opponents} game={game} />}
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

/** A refused entry, said where it was made: on a phone the top of the page is screens away. */
function RefusedNote({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.scrollIntoView({ block: 'nearest' }), [text]);
  return <p class="message" role="alert" data-role="message" ref={ref}>{text}</p>;
}

render(<App />, document.getElementById('root')!);
