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
import { eventSentence } from '../io/describe.js';
import type { GameLog, GameLogEvent } from '../io/log.js';
import { NO_PAWN } from './board-advice.js';
import { load, save, type Saved } from './game-log.js';
import { message, type Timed } from './views/format.js';
import { Setup } from './views/setup.js';
import { EntryForm } from './views/entry-form.js';
import { Notebook, WhyPanel, type Why } from './views/notebook.js';
import { EnvelopeView } from './views/envelope.js';
import { SuggestionsView } from './views/suggestions.js';
import { OpponentsView } from './views/opponents.js';
import { Guide, GuideButton, useGuide } from './views/guide.js';
import { UpdateBanner } from './views/update-banner.js';

type State = 'loading' | 'busy' | 'ready' | 'refused' | 'invalid' | 'setup';

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
        <GuideButton guide={guide} />
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
        <UpdateBanner />
      </header>
      <Guide guide={guide} />
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

render(<App />, document.getElementById('root')!);
