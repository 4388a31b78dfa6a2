// Agents from outside (docs/agents.md, docs/agent-protocol.md) played by `cluedo simulate`, checked
// against the contract from what a program is actually sent: the `end` message of every seat, with
// a deal consistent with everything the seat was told during its game; the room of every
// suggestion on the board; the same summary, faults' reasons included, from shards merged, from 1
// and 2 threads and from the job queue as from one local run; and the faults of an agent module
// counted by kind, with their reasons.
//
// Needs the built CLI (`npm run build`; `npm test` builds first), Python 3 and, for the queue,
// redis-server (skipped with a warning without it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGame } from '../src/io/log.js';
import type { DecisionTimeRow, DecisionTimes } from '../src/tournament/decision-times.js';
import { jsonWithoutTiming } from './support/timing.js';
import { cluedo, cluedoChild, QUEUE_ENV, summaryText, until } from './support/cluedo-cli.js';
import { freePort } from './support/free-port.js';

const HAVE_REDIS = spawnSync('redis-server', ['--version']).status === 0;
if (!HAVE_REDIS) console.warn('test/external-agents.slow.test.ts: redis-server is not installed (apt-get install redis-server): the queue run with agents from outside is skipped');

const RECORDING = 'test/fixtures/agents/recording.py';
const RANDOM_PROGRAM = 'python3 examples/agents/random_agent.py';
const MODULE = 'test/fixtures/agents/module-agent.mjs';
const FAULTY = 'test/fixtures/agents/faulty-module.mjs';
/** Plays legally, but shows a card not among its options at some refutations (chosen by the request's seed). */
const SOMETIMES = 'python3 test/fixtures/agents/misbehaving.py sometimes';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cluedo-external-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Row {
  agent: string;
  seatGames: number;
  faults: { illegal: number; timeout: number; crash: number };
  faultReasons?: unknown[];
  reportsCertainty: boolean;
  certainRate: unknown;
}
interface PlayedGame {
  game: number;
  seats: string[];
  winner: number | null;
  seatResults: { seat: number; agent: string; fault?: string; faultReason?: { request: { type: string; id?: number }; reply?: string; problem: string } }[];
}
interface RunFile {
  summary: { games: number; agents: Row[] };
  timing: { agents: DecisionTimeRow[]; sums: DecisionTimes };
  games: PlayedGame[];
}

/** simulate with --json FILE (in the test's directory); the file read back. */
function simulate(name: string, args: string[]): RunFile {
  const file = join(dir, `${name}.json`);
  const r = cluedo(['simulate', '--json', file, ...args]);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(readFileSync(file, 'utf8')) as RunFile;
}

// ---- What the recording agent was sent ---------------------------------------------------------

interface Suggestion {
  type: 'suggestion';
  by: string;
  cards: string[];
  shownBy: string | null;
  shown?: string;
}
interface Accusation {
  type: 'accusation';
  by: string;
  cards: string[];
  correct: boolean;
}
type Event = Suggestion | Accusation;
interface Log {
  deck: Record<string, string[]>;
  players: string[];
  handSizes: number[];
  faceUp: string[];
  me: string;
  myHand: string[];
  events: Event[];
  deal?: Record<string, string[]>;
}
interface Request {
  type: 'suggest' | 'refute' | 'accuse' | 'move';
  id: number;
  gameId: number;
  seat: number;
  seed: number;
  game: Log;
  room?: string | null;
  suggestion?: { by: string; cards: string[] };
  options?: string[];
  /** A move request (the move extension): the reachable rooms by steps, where the pawn is. */
  steps?: Record<string, number>;
  at?: string | null;
}
interface End {
  type: 'end';
  gameId: number;
  seat: number;
  winner: string | null;
  envelope: string[];
  game: Log;
}
type Message = { type: 'hello'; protocol: number; agent: string } | Request | End;

/** Every message each process of the recording agent received, in order, one list per process. */
function recorded(into: string): Message[][] {
  return readdirSync(into)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) =>
      readFileSync(join(into, f), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Message),
    );
}

const key = (game: number, seat: number) => `${game}/${seat}`;
const sorted = (cards: readonly string[]) => [...cards].sort();

/** A game's messages to one seat: its requests in order, and its end messages (one, by the contract). */
interface SeatGame {
  requests: Request[];
  ends: End[];
}

function bySeatGame(processes: Message[][]): Map<string, SeatGame> {
  const seats = new Map<string, SeatGame>();
  for (const messages of processes) {
    expect(messages[0]).toEqual({ type: 'hello', protocol: 1, agent: 'rec' });
    for (const m of messages.slice(1)) {
      expect(m.type).not.toBe('hello');
      if (m.type === 'hello') continue;
      const k = key(m.gameId, m.seat);
      if (!seats.has(k)) seats.set(k, { requests: [], ends: [] });
      const seat = seats.get(k)!;
      // The end comes once the game is over: no request of that seat and game after it.
      if (m.type === 'end') seat.ends.push(m);
      else {
        expect(seat.ends, `a ${m.type} request of game ${k} after its end`).toEqual([]);
        seat.requests.push(m);
      }
    }
  }
  return seats;
}

/** The seats strictly between `by` and `shownBy` in the default answer order (the following seats, wrapping). */
function passers(players: string[], by: string, shownBy: string | null): string[] {
  const n = players.length;
  const from = players.indexOf(by);
  const out: string[] = [];
  for (let k = 1; k < n; k++) {
    const p = players[(from + k) % n];
    if (p === shownBy) break;
    out.push(p);
  }
  return out;
}

/**
 * Checks one seat's game against the contract and against its own end message: the deal is a
 * deal of this table, and everything the seat was told agrees with it.
 */
function checkSeatGame(played: PlayedGame, seat: number, { requests, ends }: SeatGame): void {
  const where = `game ${played.game}, seat ${seat}`;
  expect(ends, where).toHaveLength(1);
  const end = ends[0];
  const log = end.game;
  const { deck, players } = log;
  const me = players[seat];
  const cards = Object.values(deck).flat();
  expect(log.me, where).toBe(me);

  // The deal: every seat, the envelope (and the face-up cards); every card exactly once; each hand its size.
  const deal = log.deal!;
  expect(deal, where).toBeDefined();
  expect(sorted(Object.keys(deal))).toEqual(sorted([...players, 'envelope', ...(log.faceUp.length > 0 ? ['table'] : [])]));
  expect(sorted(Object.values(deal).flat())).toEqual(sorted(cards));
  players.forEach((p, s) => expect(deal[p], `${where}: hand of ${p}`).toHaveLength(log.handSizes[s]));
  if (log.faceUp.length > 0) expect(sorted(deal.table)).toEqual(sorted(log.faceUp));
  // The envelope: one card of each category, the end message's envelope.
  expect(sorted(end.envelope)).toEqual(sorted(deal.envelope));
  expect(end.envelope).toHaveLength(Object.keys(deck).length);
  for (const category of Object.values(deck)) expect(end.envelope.filter((c) => category.includes(c)), where).toHaveLength(1);
  // The seat's hand, in the record and in every request of the game.
  expect(sorted(log.myHand)).toEqual(sorted(deal[me]));
  // The winner: the run's, and the maker of the correct accusation if the game ended on one.
  expect(end.winner, where).toBe(played.winner === null ? null : players[played.winner]);
  const correct = log.events.find((e): e is Accusation => e.type === 'accusation' && e.correct);
  if (correct !== undefined) expect(correct.by).toBe(end.winner);

  // Every event of the record is true of the deal.
  const holds = (p: string, card: string) => deal[p].includes(card);
  for (const [i, e] of log.events.entries()) {
    const at = `${where}, event ${i + 1}`;
    if (e.type === 'accusation') {
      expect(e.correct, at).toBe(JSON.stringify(sorted(e.cards)) === JSON.stringify(sorted(deal.envelope)));
      continue;
    }
    for (const p of passers(players, e.by, e.shownBy)) for (const c of e.cards) expect(holds(p, c), `${at}: ${p} passed but holds ${c}`).toBe(false);
    if (e.shownBy === null) continue;
    expect(e.cards.some((c) => holds(e.shownBy!, c)), at).toBe(true);
    // The full record names the card shown at every refuted suggestion (docs/game-log.md, `deal`).
    expect(e.shown, `${at}: the record does not say which card was shown`).toBeDefined();
    expect(e.cards, at).toContain(e.shown);
    expect(holds(e.shownBy, e.shown!), at).toBe(true);
  }
  // The record is a game log with a deal, as the library reads one.
  expect(() => parseGame(log), where).not.toThrow();

  expect(requests.length, where).toBeGreaterThan(0);
  for (const request of requests) {
    const view = request.game;
    const at = `${where}, ${request.type} ${request.id}`;
    // Never the deal before the game is over.
    expect(view.deal, at).toBeUndefined();
    expect(view.me).toBe(me);
    expect(view.players).toEqual(players);
    expect(sorted(view.myHand), at).toEqual(sorted(deal[me]));
    expect(Number.isInteger(request.seed) && request.seed >= 0 && request.seed < 2 ** 32, at).toBe(true);
    // What the seat has been told is the record's beginning; the card shown exactly where the seat saw it (shown to it, or shown by it).
    expect(view.events.length).toBeLessThanOrEqual(log.events.length);
    view.events.forEach((e, i) => {
      const full = log.events[i];
      const { shown: seen, ...rest } = e as Suggestion;
      const { shown: all, ...restFull } = full as Suggestion;
      expect(rest, `${at}, event ${i + 1}`).toEqual(restFull);
      if (e.type !== 'suggestion') return;
      if (e.by === me && e.shownBy !== null) expect(seen, `${at}, event ${i + 1}: the card shown to the seat`).toBe(all);
      else if (e.shownBy === me) expect(seen, `${at}, event ${i + 1}: the card the seat showed`).toBe(all);
      else expect(seen, `${at}, event ${i + 1}: another seat's private card`).toBeUndefined();
    });
    if (request.type === 'refute') {
      // The options are exactly the named cards the seat holds.
      expect(request.suggestion!.by).not.toBe(me);
      expect(sorted(request.options!), at).toEqual(sorted(request.suggestion!.cards.filter((c) => holds(me, c))));
      expect(request.options!.length).toBeGreaterThan(0);
    }
  }
}

describe('the end message: the full record of each game, once per seat', () => {
  it('a program is sent, after each game it sat in, a deal consistent with everything it was told, and the winner', () => {
    const into = mkdtempSync(join(dir, 'rec-'));
    const run = simulate('end', ['--agent-cmd', `rec=python3 ${RECORDING} ${into}`, '--agents', 'rec,deductive', '--players', '3', '--games', '6', '--seed', '11', '--threads', '2']);
    const seats = bySeatGame(recorded(into));
    const row = run.summary.agents.find((r) => r.agent === 'rec')!;
    expect(row.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    // Exactly the seats the program held, each with one end message.
    const held = run.games.flatMap((g) => g.seats.flatMap((agent, s) => (agent === 'rec' ? [key(g.game, s)] : [])));
    expect(held.length).toBe(row.seatGames);
    expect(sorted([...seats.keys()])).toEqual(sorted(held));
    expect([...seats.values()].reduce((n, s) => n + s.ends.length, 0)).toBe(row.seatGames);
    for (const played of run.games) played.seats.forEach((agent, s) => agent === 'rec' && checkSeatGame(played, s, seats.get(key(played.game, s))!));
    // In the card game a suggestion names no room.
    for (const { requests } of seats.values()) for (const r of requests.filter((q) => q.type === 'suggest')) expect(r.room).toBeNull();
    // accuse follows each of its suggestions, answered or not (docs/agent-protocol.md §3): its own
    // turns are a suggest request, then an accuse request; some of those suggestions nobody answered.
    let unanswered = 0;
    for (const [k, { requests, ends }] of seats) {
      const me = ends[0].game.me;
      const made = ends[0].game.events.filter((e): e is Suggestion => e.type === 'suggestion' && e.by === me);
      const turns = requests.filter((q) => q.type === 'suggest' || q.type === 'accuse').map((q) => q.type);
      expect(turns, k).toEqual(made.flatMap(() => ['suggest', 'accuse']));
      unanswered += made.filter((e) => e.shownBy === null).length;
    }
    expect(unanswered).toBeGreaterThan(0);
  }, 300_000);

  it('on the board: every suggest request names a room, the suggestion made names it, and the games complete', () => {
    const into = mkdtempSync(join(dir, 'board-'));
    const run = simulate('board', ['--board', 'classic', '--agent-cmd', `rec=python3 ${RECORDING} ${into}`, '--agents', 'rec,deductive', '--players', '3', '--games', '3', '--seed', '4', '--threads', '1']);
    expect(run.games).toHaveLength(3);
    const row = run.summary.agents.find((r) => r.agent === 'rec')!;
    expect(row.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    const seats = bySeatGame(recorded(into));
    let suggestions = 0;
    for (const played of run.games) {
      played.seats.forEach((agent, s) => {
        if (agent !== 'rec') return;
        const seatGame = seats.get(key(played.game, s))!;
        checkSeatGame(played, s, seatGame);
        const me = `P${s}`;
        const rooms = seatGame.ends[0].game.deck.rooms;
        const asked = seatGame.requests.filter((r) => r.type === 'suggest');
        // The k-th suggestion the seat made is the answer to its k-th suggest request, and names its room.
        const made = seatGame.ends[0].game.events.filter((e): e is Suggestion => e.type === 'suggestion' && e.by === me);
        expect(made).toHaveLength(asked.length);
        asked.forEach((r, k) => {
          expect(rooms, `game ${played.game}, seat ${s}`).toContain(r.room);
          expect(made[k].cards).toContain(r.room);
          expect(made[k].cards.filter((c) => rooms.includes(c))).toEqual([r.room]);
        });
        suggestions += asked.length;
      });
    }
    expect(suggestions).toBeGreaterThan(0);
    // Only a suggest request has a room.
    for (const { requests } of seats.values()) for (const r of requests.filter((q) => q.type !== 'suggest')) expect(r.room).toBeUndefined();
  }, 300_000);
});

describe('the decision time of a program', () => {
  it('is the round trip of every request it was sent: as many decisions as requests, over its seat-games, beside a built-in agent', () => {
    const into = mkdtempSync(join(dir, 'timed-'));
    const run = simulate('timed', ['--agent-cmd', `rec=python3 ${RECORDING} ${into}`, '--agents', 'rec,deductive', '--players', '3', '--games', '4', '--seed', '12', '--threads', '1']);
    const requests = [...bySeatGame(recorded(into)).values()].reduce((n, seat) => n + seat.requests.length, 0);
    expect(requests).toBeGreaterThan(0);
    const sums = run.timing.sums.agents.find((r) => r.agent === 'rec')!;
    expect(sums.decisions).toBe(requests);
    expect(sums.counts.reduce((a, b) => a + b, 0)).toBe(requests);
    expect(sums.seatGames).toBe(run.summary.agents.find((r) => r.agent === 'rec')!.seatGames);
    expect(sums.totalNs).toBeGreaterThan(0);
    // The report's rows, in the summary's order, with figures for both agents.
    expect(run.timing.agents.map((r) => r.agent)).toEqual(['rec', 'deductive']);
    for (const row of run.timing.agents) {
      expect(row.decisions).toBeGreaterThan(0);
      expect(row.medianMs).toBeGreaterThan(0);
      expect(row.p95Ms).toBeGreaterThanOrEqual(row.medianMs!);
      expect(row.msPerGame).toBeGreaterThan(0);
    }
    expect(run.timing.agents[0].decisions).toBe(requests);
  }, 300_000);
});

describe('the move extension', () => {
  it('a program that asks for it chooses the room its pawn heads for; its suggestions are made there', () => {
    const into = mkdtempSync(join(dir, 'move-'));
    const run = simulate('move', ['--board', 'classic', '--agent-cmd', `rec=python3 ${RECORDING} ${into} move`, '--agents', 'rec,deductive', '--players', '3', '--games', '3', '--seed', '5', '--threads', '1']);
    expect(run.games).toHaveLength(3);
    expect(run.summary.agents.find((r) => r.agent === 'rec')!.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    let suggestions = 0;
    let moves = 0;
    for (const { requests } of bySeatGame(recorded(into)).values()) {
      const rooms = new Set(Object.values(requests[0].game.deck)[2]);
      let heading: string | null = null;
      for (const r of requests) {
        if (r.type === 'move') {
          const steps = r.steps!;
          // Every room it can reach, by the steps the walk takes; it heads for the farthest.
          expect(Object.keys(steps).every((room) => rooms.has(room))).toBe(true);
          heading = Object.keys(steps).sort((a, b) => steps[b] - steps[a] || (a < b ? -1 : 1))[0];
          moves++;
        }
        if (r.type === 'suggest') {
          expect(r.room).toBe(heading);
          suggestions++;
        }
      }
    }
    // It walks farther than the engine would take it: fewer suggestions than turns.
    expect(moves).toBeGreaterThan(suggestions);
    expect(suggestions).toBeGreaterThan(0);
    // accuse ends every turn, with a suggestion or without one (a walk that entered no room): one
    // per move request, each after the turn's suggestion if there was one.
    for (const [k, { requests }] of bySeatGame(recorded(into))) {
      const turns = requests.filter((q) => q.type !== 'refute').map((q) => q.type);
      const byTurn = turns.join(' ').split(/(?=move)/).map((t) => t.trim());
      for (const turn of byTurn) expect(['move accuse', 'move suggest accuse'], `${k}: ${turn}`).toContain(turn);
    }
  }, 300_000);
});

describe('the same summary wherever agents from outside play', () => {
  // Programs and a module in one tournament; one program sometimes answers illegally, and its faults' reasons come out the same everywhere.
  const TOURNAMENT = [
    '--agent-cmd',
    `rnd=${RANDOM_PROGRAM}`,
    '--agent-cmd',
    `bad=${SOMETIMES}`,
    '--agent-module',
    `mod=${MODULE}`,
    '--agents',
    'rnd,mod,bad,deductive',
    '--players',
    '4',
    '--games',
    '12',
    '--seed',
    '9',
  ];
  let whole: string;
  beforeAll(() => {
    const file = join(dir, 'whole.json');
    const r = cluedo(['simulate', ...TOURNAMENT, '--threads', '1', '--json', file]);
    expect(r.status, r.stderr).toBe(0);
    whole = summaryText(file);
  }, 300_000);

  it('on 2 threads: the same bytes of the JSON file as on 1, but for its decision times', () => {
    const file = join(dir, 'two.json');
    const r = cluedo(['simulate', ...TOURNAMENT, '--threads', '2', '--json', file]);
    expect(r.status, r.stderr).toBe(0);
    expect(jsonWithoutTiming(readFileSync(file, 'utf8'))).toBe(jsonWithoutTiming(readFileSync(join(dir, 'whole.json'), 'utf8')));
    const rows = (JSON.parse(readFileSync(file, 'utf8')) as RunFile).summary.agents;
    expect(rows.map((r) => r.agent)).toEqual(['rnd', 'mod', 'bad', 'deductive']);
    for (const row of rows) if (row.agent !== 'bad') expect(row.faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    const bad = rows.find((r) => r.agent === 'bad')!;
    expect(bad.faults.illegal).toBeGreaterThan(0);
    expect(bad.faultReasons!.length).toBe(Math.min(10, bad.faults.illegal));
    // A program without the certain extension does not report certainty; a module does (its decide says).
    expect(rows.map((r) => [r.reportsCertainty, r.certainRate === null])).toEqual([
      [false, true],
      [true, false],
      [false, true],
      [true, false],
    ]);
  }, 300_000);

  it('two shards merged: the summary of the local run, byte for byte', () => {
    for (const [i, threads] of [[2, '2'], [1, '1']] as const) {
      const r = cluedo(['simulate', ...TOURNAMENT, '--threads', threads, '--shard', `${i}/2`, '--out', join(dir, `part-${i}.json`)]);
      expect(r.status, r.stderr).toBe(0);
    }
    const merged = join(dir, 'merged.json');
    const r = cluedo(['merge', join(dir, 'part-2.json'), join(dir, 'part-1.json'), '--json', merged]);
    expect(r.status, r.stderr).toBe(0);
    expect(summaryText(merged)).toBe(whole);
    expect((JSON.parse(readFileSync(merged, 'utf8')) as RunFile).timing.sums.agents.reduce((n, row) => n + row.seatGames, 0)).toBe(12 * 4);
  }, 300_000);

  describe.skipIf(!HAVE_REDIS)('on the job queue (a redis-server on a free loopback port)', () => {
    let server: ChildProcess;
    let url: string;
    beforeAll(async () => {
      const port = await freePort();
      url = `redis://127.0.0.1:${port}`;
      server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await until(() => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG');
    }, 60_000);
    afterAll(() => {
      server?.kill('SIGTERM');
    });

    it('a coordinator and two workers: the summary of the local run, byte for byte', async () => {
      const file = join(dir, 'queue.json');
      const coordinator = cluedoChild(['simulate', ...TOURNAMENT, '--queue', url, '--shards', '3', '--json', file], { env: QUEUE_ENV });
      // The workers start once the tournament is enqueued (a worker finding the queue empty ends).
      await until(() => /tournament t[0-9a-f]{16}/.test(coordinator.stderr()) || coordinator.child.exitCode !== null);
      const workers = [1, 2].map(() => cluedoChild(['worker', '--queue', url, '--threads', '1'], { env: QUEUE_ENV }));
      expect(await coordinator.exit, coordinator.stderr()).toBe(0);
      for (const w of workers) expect(await w.exit, w.stderr()).toBe(0);
      expect(summaryText(file)).toBe(whole);
      // The decision times of every game, from the workers' shards: four seats of twelve games.
      const timing = (JSON.parse(readFileSync(file, 'utf8')) as RunFile).timing;
      expect(timing.sums.agents.reduce((n, row) => n + row.seatGames, 0)).toBe(12 * 4);
      expect(timing.agents.map((r) => r.agent)).toEqual(['rnd', 'mod', 'bad', 'deductive']);
    }, 300_000);
  });
});

describe('the faults of an agent module, counted by kind; the run finishes', () => {
  it('one that throws (crash), one that suggests illegally (illegal), one whose promise never settles (timeout)', () => {
    const modules = ['crash', 'illegal', 'timeout'].flatMap((name) => ['--agent-module', `${name}=${FAULTY}`]);
    // The limit only bounds the promise that never settles: every other answer is given at once.
    const file = join(dir, 'faults.json');
    const r = cluedo(['simulate', ...modules, '--agent-timeout', '300', '--agents', 'crash,illegal,timeout,deductive', '--players', '4', '--games', '4', '--threads', '2', '--json', file]);
    expect(r.status, r.stderr).toBe(0);
    const rows = (JSON.parse(readFileSync(file, 'utf8')) as RunFile).summary.agents;
    const row = (agent: string) => rows.find((x) => x.agent === agent)!;
    expect(row('crash').seatGames).toBe(4);
    expect(row('crash').faults).toEqual({ illegal: 0, timeout: 0, crash: 4 });
    expect(row('illegal').faults).toEqual({ illegal: 4, timeout: 0, crash: 0 });
    expect(row('timeout').faults).toEqual({ illegal: 0, timeout: 4, crash: 0 });
    expect(row('deductive').faults).toEqual({ illegal: 0, timeout: 0, crash: 0 });
    // The text report's column says the same.
    expect(r.stdout).toMatch(/^crash .* 0\/0\/4$/m);
    expect(r.stdout).toMatch(/^illegal .* 4\/0\/0$/m);
    expect(r.stdout).toMatch(/^timeout .* 0\/4\/0$/m);
    expect(r.stdout).toMatch(/^deductive .* 0\/0\/0$/m);
    // Each faulted seat says which call failed and why.
    const games = (JSON.parse(readFileSync(file, 'utf8')) as RunFile).games;
    const reasons = (agent: string) => games.flatMap((g) => g.seatResults.filter((s) => s.agent === agent).map((s) => s.faultReason!));
    for (const reason of reasons('crash')) expect(reason).toEqual({ request: { type: 'suggest', id: reason.request.id }, problem: 'the agent crashed on purpose' });
    for (const reason of reasons('timeout')) expect(reason).toEqual({ request: { type: 'suggest', id: reason.request.id }, problem: 'no answer within 300 ms' });
    for (const reason of reasons('illegal')) {
      expect(reason.request.type).toBe('suggest');
      const cards = JSON.parse(reason.reply!) as number[];
      // Two suspects (cards 0-5 of the classic deck), no weapon.
      expect(cards.filter((c) => c < 6)).toHaveLength(2);
      expect(reason.problem).toMatch(/cannot suggest \[.*\]: not one card per category/);
    }
    for (const agent of ['crash', 'timeout', 'illegal']) for (const reason of reasons(agent)) expect(Number.isInteger(reason.request.id) && reason.request.id! >= 1).toBe(true);
  }, 300_000);
});
