// The advisor: set up a game, enter what happens at the table, and read the notebook, the
// envelope, the best suggestions and why each certain cell is certain. The game is the CLI's log.
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Engine } from './engine.js';
import type { Response, WebAnalysis } from './protocol.js';
import type { Explanation } from './explain-adapter.js';
import { NO_PAWN, boardAdvice, parseRoll, pawnPlace, roomCards, type PawnInput } from './board-advice.js';
import { ROOMS } from '../game/board/classic.js';
import { deckOf, describe, evenHandSizes, load, passedSeats, resolveCard, save, type GameLog, type LogEvent, type Saved } from './game-log.js';

const engine = new Engine();
type Suggestions = Extract<Response, { kind: 'suggestions' }>;
type OpponentsAnswer = Extract<Response, { kind: 'opponents' }>;
type State = 'loading' | 'busy' | 'ready' | 'refused' | 'invalid' | 'setup';

function App() {
  const [saved, setSaved] = useState<Saved>(load);
  const [analysis, setAnalysis] = useState<WebAnalysis | null>(null);
  /** Events of the log the views show (data-events: tests and benchmarks wait on it). */
  const [analysedEvents, setAnalysedEvents] = useState(0);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [opponents, setOpponents] = useState<OpponentsAnswer | null>(null);
  const [state, setState] = useState<State>('loading');
  const [message, setMessage] = useState<string | null>(null);
  const [ms, setMs] = useState<number | null>(null);
  const [why, setWhy] = useState<{ card: string; owner: string; holds: boolean; explanation: Explanation | null; message: string | null } | null>(null);
  const [engineReady, setEngineReady] = useState(false);

  useEffect(() => {
    engine.onSuggestions = (s) => setSuggestions(s);
    engine.onOpponents = (o) => setOpponents(o);
    engine.ready.then(
      () => {
        setEngineReady(true);
        // When the page can take a first entry (read by bench/web.ts as the time to interactive).
        requestAnimationFrame(() => performance.mark('advisor-interactive'));
      },
      (e: Error) => {
        setState('invalid');
        setMessage(`The engine could not start: ${e.message}`);
      },
    );
  }, []);

  useEffect(() => save(saved), [saved]);

  // Analyse the saved log whenever the engine is ready and the log is set (start-up, undo, redo, upload).
  const analysed = useRef<string>('');
  useEffect(() => {
    if (!engineReady) return;
    if (saved.log === null) {
      setState('setup');
      return;
    }
    const key = JSON.stringify(saved.log);
    if (key === analysed.current) return;
    void run(saved.log).then((ok) => {
      if (!ok) setState('invalid');
    });
  }, [engineReady, saved.log]);

  /** Analyses `log`; true when it is consistent (the views then show it). */
  async function run(log: GameLog): Promise<boolean> {
    setState('busy');
    const t0 = performance.now();
    const answer = await engine.update(log, log.me !== undefined);
    if (answer.kind === 'analysis') {
      // A refused entry leaves the views as they were; an accepted one makes them wait for the new answers.
      setSuggestions(null);
      setOpponents(null);
      analysed.current = JSON.stringify(log);
      setAnalysis(answer.analysis);
      setAnalysedEvents(log.events.length);
      setMs(performance.now() - t0);
      setMessage(null);
      setState('ready');
      return true;
    }
    setMessage(answer.kind === 'contradiction' ? `Refused: ${answer.text}` : answer.kind === 'invalid' ? `Refused: ${answer.message}` : 'Refused');
    setState(answer.kind === 'contradiction' ? 'refused' : 'invalid');
    return false;
  }

  /** Adds an event if some deal is still consistent with it; else the log is left as it was. */
  async function add(event: LogEvent): Promise<boolean> {
    if (!saved.log) return false;
    const log = { ...saved.log, events: [...saved.log.events, event] };
    const ok = await run(log);
    if (ok) setSaved({ ...saved, log, redo: [] });
    return ok;
  }

  function undo() {
    if (!saved.log || saved.log.events.length === 0) return;
    const events = saved.log.events.slice(0, -1);
    setWhy(null);
    setSaved({ ...saved, log: { ...saved.log, events }, redo: [...saved.redo, saved.log.events[saved.log.events.length - 1]] });
  }

  function redo() {
    if (!saved.log || saved.redo.length === 0) return;
    const event = saved.redo[saved.redo.length - 1];
    setWhy(null);
    setSaved({ ...saved, log: { ...saved.log, events: [...saved.log.events, event] }, redo: saved.redo.slice(0, -1) });
  }

  async function explain(card: string, owner: string, holds: boolean) {
    if (!saved.log) return;
    setWhy({ card, owner, holds, explanation: null, message: 'Working…' });
    const answer = await engine.explain(saved.log, card, owner, holds);
    if (answer.kind === 'explanation') setWhy({ card, owner, holds, explanation: answer.explanation, message: answer.message });
  }

  function startGame(log: GameLog, board: boolean) {
    analysed.current = '';
    setAnalysis(null);
    setWhy(null);
    setSaved({ log, redo: [], board, pawn: NO_PAWN });
  }

  const log = saved.log;
  return (
    <div id="app" data-state={state} data-events={analysedEvents} data-suggest-state={suggestions === null ? 'busy' : 'ready'} data-opponents-state={opponents === null ? 'busy' : 'ready'}>
      <header>
        <h1>Cluedo advisor</h1>
        {log && (
          <nav aria-label="Game">
            <button type="button" onClick={undo} disabled={!log.events.length} data-action="undo">Undo</button>
            <button type="button" onClick={redo} disabled={!saved.redo.length} data-action="redo">Redo</button>
            <a class="button" download="cluedo-game.json" href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(log, null, 1))}`}>Download log</a>
            <label class="button">
              Load log
              <input class="visually-hidden" type="file" accept=".json,application/json" data-action="load"
                onChange={async (e) => {
                  const file = (e.target as HTMLInputElement).files?.[0];
                  if (!file) return;
                  try {
                    const loaded = JSON.parse(await file.text()) as GameLog;
                    startGame({ ...loaded, events: loaded.events ?? [] }, saved.board);
                  } catch (error) {
                    setMessage(`Not a game log: ${(error as Error).message}`);
                  }
                }} />
            </label>
            <button type="button" onClick={() => confirm('Start a new game? The current one will be replaced.') && setSaved({ log: null, redo: [], board: false, pawn: NO_PAWN })}>New game</button>
          </nav>
        )}
      </header>
      {message && <p class="message" role="alert" data-role="message">{message}</p>}
      {state === 'loading' && <p>Loading the engine…</p>}
      {log === null && engineReady && <Setup onStart={startGame} onUpload={(l) => startGame(l, false)} />}
      {log && (
        <main>
          <section class="entry" aria-labelledby="entry-h">
            <h2 id="entry-h">Enter a turn</h2>
            <EntryForm log={log} onAdd={add} />
            <details>
              <summary>Events ({log.events.length})</summary>
              <ol class="events">{log.events.map((e, i) => <li key={i}>{describe(e)}</li>)}</ol>
            </details>
          </section>
          {analysis && (
            <>
              <div class="col-main">
                <Notebook log={log} analysis={analysis} onWhy={explain} />
                <SuggestionsView suggestions={suggestions} log={log} board={saved.board} pawn={saved.pawn ?? NO_PAWN} onPawn={(pawn) => setSaved({ ...saved, pawn })} />
              </div>
              <div class="col-side">
                {why && <WhyPanel why={why} onClose={() => setWhy(null)} />}
                <EnvelopeView analysis={analysis} log={log} />
                <OpponentsView opponents={opponents} me={log.me} />
                <p class="note" data-role="status" aria-live="polite">
                  {analysis.method === 'exact' ? `${Number(analysis.consistentDeals).toLocaleString('en-US')} consistent deals, counted exactly` : `estimated (${analysis.method})`}
                  {ms !== null && ` · updated in ${ms.toFixed(0)} ms`}
                </p>
              </div>
            </>
          )}
        </main>
      )}
    </div>
  );
}

function Setup({ onStart, onUpload }: { onStart: (log: GameLog, board: boolean) => void; onUpload: (log: GameLog) => void }) {
  const [deck, setDeck] = useState<Record<string, string[]>>(deckOf(null));
  const [customDeck, setCustomDeck] = useState(false);
  const [players, setPlayers] = useState('Ann, Bob, Cat, Dan');
  const [me, setMe] = useState('Ann');
  const [hand, setHand] = useState<string[]>([]);
  const [faceUp, setFaceUp] = useState<string[]>([]);
  const [sizes, setSizes] = useState<number[] | null>(null);
  const [board, setBoard] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seats = players.split(',').map((p) => p.trim()).filter(Boolean);
  const even = evenHandSizes(deck, seats.length, faceUp.length);
  const handSizes = sizes && sizes.length === seats.length ? sizes : even;
  const toggle = (list: string[], card: string) => (list.includes(card) ? list.filter((c) => c !== card) : [...list, card]);

  async function upload(file: File | undefined, deckOnly: boolean) {
    if (!file) return;
    try {
      const log = JSON.parse(await file.text()) as GameLog;
      if (deckOnly) {
        setDeck(deckOf(log));
        setCustomDeck(log.deck !== undefined);
        setHand([]);
        setFaceUp([]);
      } else onUpload({ ...log, events: log.events ?? [] });
    } catch (e) {
      setError(`Not a game log: ${(e as Error).message}`);
    }
  }

  function start(e: Event) {
    e.preventDefault();
    if (seats.length < 2) return setError('Name at least two players, in seat order.');
    const log: GameLog = {
      ...(customDeck ? { deck } : {}),
      players: seats,
      handSizes,
      faceUp,
      ...(me ? { me, myHand: hand } : {}),
      events: [],
    };
    onStart(log, board);
  }

  return (
    <form class="setup" onSubmit={start} aria-labelledby="setup-h">
      <h2 id="setup-h">New game</h2>
      {error && <p class="message" role="alert">{error}</p>}
      <fieldset>
        <legend>Deck</legend>
        <p>{customDeck ? 'The deck of the uploaded log' : 'Classic (6 suspects, 6 weapons, 9 rooms)'}</p>
        <label>Use the deck of a log file <input type="file" accept=".json,application/json" onChange={(e) => upload((e.target as HTMLInputElement).files?.[0], true)} /></label>
      </fieldset>
      <label>
        Players in seat order (comma-separated)
        <input name="players" value={players} onInput={(e) => setPlayers((e.target as HTMLInputElement).value)} autocomplete="off" />
      </label>
      <label>
        I am
        <select name="me" value={me} onChange={(e) => setMe((e.target as HTMLSelectElement).value)}>
          {seats.map((p) => <option key={p} value={p}>{p}</option>)}
          <option value="">nobody (spectator)</option>
        </select>
      </label>
      <fieldset class="sizes">
        <legend>Hand sizes</legend>
        {seats.map((p, s) => (
          <label key={p}>
            {p}
            <input type="number" min={0} max={32} value={handSizes[s]} data-seat={p}
              onInput={(e) => setSizes(handSizes.map((h, k) => (k === s ? Number((e.target as HTMLInputElement).value) : h)))} />
          </label>
        ))}
        <button type="button" onClick={() => setSizes(null)}>Even (earlier seats take extras)</button>
      </fieldset>
      {me && <CardPicker legend="My hand" name="hand" deck={deck} chosen={hand} onToggle={(c) => setHand(toggle(hand, c))} />}
      <CardPicker legend="Face-up cards" name="faceup" deck={deck} chosen={faceUp} onToggle={(c) => setFaceUp(toggle(faceUp, c))} />
      <label class="inline"><input type="checkbox" name="board" checked={board} onChange={(e) => setBoard((e.target as HTMLInputElement).checked)} /> Board game (otherwise the card game)</label>
      <div class="actions">
        <button type="submit" class="primary" data-action="start">Start the game</button>
        <label class="button">Load a saved game <input class="visually-hidden" type="file" accept=".json,application/json" onChange={(e) => upload((e.target as HTMLInputElement).files?.[0], false)} /></label>
      </div>
    </form>
  );
}

function CardPicker({ legend, name, deck, chosen, onToggle }: { legend: string; name: string; deck: Record<string, string[]>; chosen: string[]; onToggle: (card: string) => void }) {
  return (
    <fieldset class="cards">
      <legend>{legend} ({chosen.length})</legend>
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

function EntryForm({ log, onAdd }: { log: GameLog; onAdd: (e: LogEvent) => Promise<boolean> }) {
  const deck = deckOf(log);
  const categories = Object.keys(deck);
  const allCards = Object.values(deck).flat();
  const last = log.events[log.events.length - 1];
  const nextBy = last ? log.players[(log.players.indexOf(last.by) + 1) % log.players.length] : log.players[0];
  const [kind, setKind] = useState<'suggestion' | 'accusation'>('suggestion');
  const [by, setBy] = useState(nextBy);
  const [typed, setTyped] = useState<string[]>(categories.map(() => ''));
  const [shownBy, setShownBy] = useState<string>('');
  const [shown, setShown] = useState('');
  const [correct, setCorrect] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setBy(nextBy), [log.events.length]);
  const cards = typed.map((t) => resolveCard(allCards, t));
  const passed = passedSeats(log.players, by, shownBy || null);
  const seesShown = log.me !== undefined && (by === log.me || shownBy === log.me);

  async function submit(e: Event) {
    e.preventDefault();
    const event: LogEvent =
      kind === 'accusation'
        ? { type: 'accusation', by, cards, correct }
        : { type: 'suggestion', by, cards, shownBy: shownBy || null, ...(seesShown && shownBy && shown ? { shown: resolveCard(cards, shown) } : {}) };
    setBusy(true);
    const ok = await onAdd(event);
    setBusy(false);
    if (ok) {
      (document.querySelector('input[name="card-0"]') as HTMLInputElement | null)?.focus();
      // Keep the values of a refused entry for correction; clear after an accepted one.
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
          {log.players.map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
      </label>
      {categories.map((category, g) => (
        <label key={category}>
          {capital(category)}
          <input name={`card-${g}`} list={`cards-${g}`} value={typed[g]} autocomplete="off" required
            onInput={(e) => setTyped(typed.map((t, k) => (k === g ? (e.target as HTMLInputElement).value : t)))} />
          <datalist id={`cards-${g}`}>{deck[category].map((c) => <option key={c} value={c} />)}</datalist>
        </label>
      ))}
      {kind === 'suggestion' ? (
        <>
          <label>
            Shown by
            <select name="shownBy" value={shownBy} onChange={(e) => setShownBy((e.target as HTMLSelectElement).value)}>
              <option value="">nobody</option>
              {log.players.filter((p) => p !== by).map((p) => <option key={p} value={p}>{p}</option>)}
            </select>
          </label>
          <p class="passed" aria-live="polite">Passed: {passed.length ? passed.join(', ') : 'nobody'}</p>
          {seesShown && shownBy && (
            <label>
              Card shown {by === log.me ? 'to me' : 'by me'}
              <select name="shown" value={shown} onChange={(e) => setShown((e.target as HTMLSelectElement).value)}>
                <option value="">not seen / not recorded</option>
                {cards.filter(Boolean).map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
            </label>
          )}
        </>
      ) : (
        <label class="inline"><input type="checkbox" name="correct" checked={correct} onChange={(e) => setCorrect((e.target as HTMLInputElement).checked)} /> Correct (ends the game)</label>
      )}
      <button type="submit" class="primary" disabled={busy} data-action="add">Add {kind}</button>
    </form>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const percent = (p: number) => (p === 0 ? '✗' : p === 1 ? '✓' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(p * 100)}%`);

function Notebook({ log, analysis, onWhy }: { log: GameLog; analysis: WebAnalysis; onWhy: (card: string, owner: string, holds: boolean) => void }) {
  const deck = deckOf(log);
  const known = useMemo(() => new Set(analysis.known.map((k) => `${k.card}\u0000${k.owner}`)), [analysis]);
  return (
    <section class="notebook" aria-labelledby="nb-h">
      <h2 id="nb-h">Notebook</h2>
      <p class="legend">✓ certain · ✗ impossible · shading: probability. Select a ✓ or ✗ to see why.</p>
      <div class="scroll">
        <table data-view="notebook">
          <thead>
            <tr><th scope="col">Card</th>{analysis.owners.map((o) => <th scope="col" key={o}>{o === 'envelope' ? 'Env.' : o}</th>)}</tr>
          </thead>
          {Object.entries(deck).map(([category, cards]) => (
            <tbody key={category}>
              <tr class="category-row"><th scope="rowgroup" colSpan={analysis.owners.length + 1}>{category}</th></tr>
              {cards.map((card) => {
                const row = analysis.cards[card];
                const owned = analysis.owners.some((o) => known.has(`${card}\u0000${o}`));
                return (
                  <tr key={card} class={owned ? 'settled' : ''}>
                    <th scope="row">{card}</th>
                    {analysis.owners.map((o) => {
                      const p = row[o];
                      const certain = p === 1 || p === 0;
                      const label = `${card}, ${o}: ${p === 1 ? 'certain' : p === 0 ? 'impossible' : `${(p * 100).toFixed(1)}%`}`;
                      return (
                        <td key={o} data-card={card} data-owner={o} data-p={String(p)} class={p === 1 ? 'yes' : p === 0 ? 'no' : 'maybe'} style={p > 0 && p < 1 ? `--p:${p}` : undefined}>
                          {certain && log.me !== undefined ? (
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

function WhyPanel({ why, onClose }: { why: { card: string; owner: string; holds: boolean; explanation: Explanation | null; message: string | null }; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [why.card, why.owner]);
  const x = why.explanation;
  return (
    <section class="why" aria-labelledby="why-h" tabIndex={-1} ref={ref} data-view="why" data-state={x ? 'ready' : why.message === 'Working…' ? 'busy' : 'error'}>
      <h2 id="why-h">Why {why.holds ? `${why.owner} holds` : `${why.owner} does not hold`} {why.card}</h2>
      {x ? (
        <>
          <p data-role="why-text">{x.text}</p>
          {x.fromSetup.length > 0 && <ul>{x.fromSetup.map((s) => <li key={s}>{s}</li>)}</ul>}
          <ol>{x.events.map((e) => <li key={e.event} value={e.event}>{e.sentence}</li>)}</ol>
        </>
      ) : (
        <p>{why.message}</p>
      )}
      <button type="button" onClick={onClose}>Close</button>
    </section>
  );
}

function EnvelopeView({ analysis, log }: { analysis: WebAnalysis; log: GameLog }) {
  const top = analysis.solutions.slice(0, 8);
  const certain = analysis.solutions.length === 1 ? analysis.solutions[0] : null;
  return (
    <section class="envelope" aria-labelledby="env-h">
      <h2 id="env-h">Envelope</h2>
      {certain && log.me !== undefined && (
        <p class="accuse" data-view="accuse" role="status"><strong>Accuse now:</strong> {certain.cards.join(', ')}</p>
      )}
      <div class="categories">
        {Object.entries(analysis.envelope).map(([category, cards]) => (
          <div key={category}>
            <h3>{capital(category)}</h3>
            <ul>
              {Object.entries(cards).filter(([, p]) => p > 0).sort((a, b) => b[1] - a[1]).map(([card, p]) => (
                <li key={card}><span class="bar" style={`--p:${p}`} />{card} <b>{(p * 100).toFixed(1)}%</b></li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <h3>Most likely solutions ({analysis.solutions.length})</h3>
      <ol class="solutions">{top.map((s) => <li key={s.cards.join()}>{s.cards.join(', ')} <b>{(s.probability * 100).toFixed(2)}%</b></li>)}</ol>
      <p class="note">Envelope entropy: {analysis.entropyBits.toFixed(3)} bits</p>
    </section>
  );
}

function SuggestionsView({ suggestions, log, board, pawn, onPawn }: { suggestions: Suggestions | null; log: GameLog; board: boolean; pawn: PawnInput; onPawn: (p: PawnInput) => void }) {
  if (log.me === undefined) return null;
  return (
    <section class="suggestions" aria-labelledby="sg-h" data-view="suggestions" data-workers={suggestions?.workers}>
      <h2 id="sg-h">Best suggestions</h2>
      {board && <BoardRooms suggestions={suggestions} log={log} pawn={pawn} onPawn={onPawn} />}
      {suggestions === null ? (
        <p>Scoring…</p>
      ) : suggestions.result === null ? (
        <p>{suggestions.reason}</p>
      ) : suggestions.result.accuse ? (
        <p>The envelope is certain: accuse {suggestions.result.accuse.join(', ')}.</p>
      ) : (
        <>
          {board && <h3>Every room alike</h3>}
          <ol class="ranking">
            {suggestions.result.suggestions.slice(0, 10).map((s) => (
              <li key={s.cards.join()} data-cards={s.cards.join('|')} data-bits={String(s.expectedInformationBits)}>
                {s.cards.join(', ')} <b>{s.expectedInformationBits.toFixed(3)} bits</b>
              </li>
            ))}
          </ol>
          <p class="note">
            Entropy-greedy, {suggestions.result.method === 'exact' ? `exact over ${suggestions.result.deals?.toLocaleString('en-US')} deals` : `from ${suggestions.result.samples?.toLocaleString('en-US')} samples, seed ${suggestions.result.seed}`} · {suggestions.ms.toFixed(0)} ms{suggestions.workers === 2 ? ' on 2 workers' : ''}
          </p>
        </>
      )}
    </section>
  );
}

/** On the board: where my pawn is (and the roll), and per room the best suggestion there and its bits per expected turn. */
function BoardRooms({ suggestions, log, pawn, onPawn }: { suggestions: Suggestions | null; log: GameLog; pawn: PawnInput; onPawn: (p: PawnInput) => void }) {
  const cards = useMemo(() => roomCards(deckOf(log), log.players.length), [log.deck, log.players.length]);
  if (typeof cards === 'string') return <p class="note" data-role="board-unbound">Board game: {cards}; every room is ranked alike.</p>;
  const place = pawnPlace(pawn);
  const parsedRoll = parseRoll(pawn.roll);
  const roll = { roll: 'roll' in parsedRoll ? parsedRoll.roll : null, error: 'error' in parsedRoll ? parsedRoll.error : null };
  const ranking = suggestions?.result && !suggestions.result.accuse ? suggestions.result.suggestions : null;
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

function OpponentsView({ opponents, me }: { opponents: OpponentsAnswer | null; me: string | undefined }) {
  if (me === undefined) return null;
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
            <thead><tr><th scope="col">Seat</th><th scope="col">Can accuse now</th><th scope="col">Knows my cards (most known)</th></tr></thead>
            <tbody>
              {o.seats.map((s) => {
                const known = Object.entries(s.knowsMyCards).sort((a, b) => b[1] - a[1]);
                return (
                  <tr key={s.seat} data-seat={s.seat} data-can-accuse={String(s.canAccuse)} class={s.canAccuse >= 0.5 ? 'warn' : ''}>
                    <th scope="row">{s.seat}</th>
                    <td>{(s.canAccuse * 100).toFixed(1)}%{s.canAccuse >= 0.5 ? ' ⚠' : ''}</td>
                    <td>{known.length ? `${known[0][0]} ${(known[0][1] * 100).toFixed(0)}%` : '–'}</td>
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
