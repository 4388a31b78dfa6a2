// Games played by the driver (playGame), checked against the deal itself (rebuilt from every
// seat's own hand): what each seat is told, the results, the agents' isolation from hidden state;
// and tournaments. The rules themselves are tested in rules.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { CLASSIC_CATEGORIES, CLASSIC_DECK } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import type { SyncAgent as Agent } from '../src/game/agent.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playScored, type ScoredGame } from '../src/tournament/play.js';
import { playGame } from '../src/game/play.js';
import { IllegalActionError } from '../src/game/rules/actions.js';
import type { GameEvent } from '../src/model/events.js';
import { SeatView } from '../src/game/seat-view.js';
import { gameToLog } from '../src/io/write-log.js';
import { parseGame } from '../src/io/log.js';
import { analyze } from '../src/analysis/analyze.js';
import type { WorkerPool } from '../src/runtime/pool.js';
import { runTournament } from '../src/tournament/run.js';
import { tournamentPool } from '../src/tournament/pool.js';
import { seatAgents, type TournamentConfig } from '../src/tournament/play.js';
import { InputError } from '../src/model/errors.js';
import { fullOnly } from './support/tier.js';

const core = KnowledgeCore.create();
const players = (n: number) => Array.from({ length: n }, (_, s) => `P${s}`);
const mask = (cards: readonly number[]) => cards.reduce((m, c) => m | (1 << c), 0) >>> 0;

function play(labels: string[], seed: number, maxTurns = 300): ScoredGame {
  const agents = labels.map((l, s) => createAgent(parseAgentSpec(l), new Random(seed, s + 1), core));
  return playScored({ deck: CLASSIC_DECK, players: players(labels.length), maxTurns }, agents, new Random(seed), seed);
}

/** The deal, rebuilt from each seat's own hand: the envelope is what no seat holds. */
function dealOf(game: ScoredGame): { hands: number[]; envelope: number } {
  const hands = game.views.map((v) => mask(v.myHand));
  const all = (1 << CLASSIC_DECK.cards.length) - 1;
  return { hands, envelope: (all & ~hands.reduce((a, b) => a | b, 0)) >>> 0 };
}

describe('games, checked against the deal', () => {
  const games = Array.from({ length: 12 }, (_, seed) => play(['deductive', 'naive', 'random', 'deductive', 'naive', 'random'], 100 + seed));

  it('asks the following seats in order: the first holding a named card shows one of them; seats before it hold none', () => {
    let refuted = 0;
    let unrefuted = 0;
    for (const game of games) {
      const { hands } = dealOf(game);
      const n = hands.length;
      for (const e of game.views[0].events) {
        if (e.type !== 'suggestion') continue;
        const named = mask(e.cards);
        let expected: number | null = null;
        for (let k = 1; k < n && expected === null; k++) if (hands[(e.by + k) % n] & named) expected = (e.by + k) % n;
        expect(e.shownBy).toBe(expected);
        if (expected === null) unrefuted++;
        else refuted++;
      }
    }
    expect(refuted).toBeGreaterThan(50);
    expect(unrefuted).toBeGreaterThan(0);
  });

  it('shows the card to the suggester only, and it is a named card the refuter holds', () => {
    for (const game of games) {
      const { hands } = dealOf(game);
      game.views.forEach((view, s) => {
        for (const e of view.events) {
          if (e.type !== 'suggestion') continue;
          if (e.by === s && e.shownBy !== null) {
            expect(e.shown).not.toBeNull();
            expect(e.cards).toContain(e.shown);
            expect((hands[e.shownBy] >>> e.shown!) & 1).toBe(1);
          } else {
            expect(e.shown).toBeNull();
          }
        }
      });
    }
  });

  it('every seat sees the same public events', () => {
    for (const game of games) {
      const strip = (v: SeatView) => v.events.map((e) => (e.type === 'suggestion' ? { ...e, shown: null } : e));
      for (const v of game.views) expect(strip(v)).toEqual(strip(game.views[0]));
    }
  });

  it('a correct accusation wins and ends the game; accusations are judged against the envelope', () => {
    for (const game of games) {
      const { envelope } = dealOf(game);
      const events = game.views[0].events;
      for (const e of events) if (e.type === 'accusation') expect(e.correct).toBe(mask(e.cards) === envelope);
      if (game.result.winner !== null) {
        const last = events[events.length - 1];
        expect(last).toMatchObject({ type: 'accusation', by: game.result.winner, correct: true });
        expect(game.result.seatResults[game.result.winner].won).toBe(true);
      }
    }
  });

  it('the winner replays: its own view, analysed, is certain of the envelope', () => {
    for (const game of games.filter((g) => g.result.winner !== null && g.result.seats[g.result.winner] === 'deductive').slice(0, 4)) {
      const log = gameToLog(game.views[game.result.winner!].game());
      const before = parseGame({ ...log, events: log.events!.slice(0, -1) }); // its knowledge when it accused
      const analysis = analyze(before);
      expect(analysis.solutions).toHaveLength(1);
      expect(mask(analysis.solutions[0].cards.map((c) => CLASSIC_DECK.cards.indexOf(before.deck.cards[c])))).toBe(dealOf(game).envelope);
    }
  });

  it("every seat's view is a valid game log in which the true deal is possible", () => {
    for (const game of games.slice(0, 4)) {
      const { envelope } = dealOf(game);
      for (const view of game.views) {
        const parsed = parseGame(gameToLog(view.game()));
        const analysis = analyze(parsed);
        const truth = analysis.solutions.find((s) => mask(s.cards.map((c) => CLASSIC_DECK.cards.indexOf(parsed.deck.cards[c]))) === envelope);
        expect(truth?.probability ?? 0).toBeGreaterThan(0);
      }
    }
  });
});

describe('elimination and the end of a game', () => {
  /** An agent that accuses a fixed wrong combination on its first turn, then would keep playing. */
  function wrongAccuser(deck = CLASSIC_DECK): Agent {
    let turns = 0;
    return {
      label: 'wrong',
      suggest: () => [0, 6, 12],
      refute: (_v, _s, held) => held[0],
      decide: (view) => {
        turns++;
        // The envelope holds none of my own cards: accusing three of them is surely wrong.
        const mine = [...view.myHand];
        const pick = deck.categories.map((_, g) => mine.find((c) => deck.categoryOf[c] === g));
        return { certain: false, accusation: turns === 1 && pick.every((c) => c !== undefined) ? (pick as number[]) : null };
      },
    };
  }

  it('a wrong accusation puts the seat out: it no longer suggests or accuses, but still refutes', () => {
    let checked = 0;
    for (let seed = 0; seed < 40 && checked < 5; seed++) {
      const agents: Agent[] = [wrongAccuser(), ...[1, 2, 3].map((s) => createAgent(parseAgentSpec('naive'), new Random(seed, s), core))];
      const game = playScored({ deck: CLASSIC_DECK, players: players(4), maxTurns: 400 }, agents, new Random(seed), seed);
      const events = game.views[1].events;
      const out = events.findIndex((e) => e.type === 'accusation' && e.by === 0);
      if (out < 0) continue; // seat 0 held no card of some category: no sure-wrong accusation
      checked++;
      expect(events[out]).toMatchObject({ correct: false });
      expect(game.result.seatResults[0]).toMatchObject({ eliminated: true, wrongAccusations: 1, won: false, turnsTaken: 1 });
      expect(events.slice(out + 1).some((e) => 'by' in e && e.by === 0)).toBe(false);
      // It still answers: some later suggestion is refuted by seat 0, or passes it only when it holds none.
      const { hands } = dealOf(game);
      for (const e of events.slice(out + 1)) if (e.type === 'suggestion' && e.shownBy === 0) expect(hands[0] & mask(e.cards)).not.toBe(0);
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('the game ends unsolved when every seat is out', () => {
    for (let seed = 0; seed < 20; seed++) {
      const game = playScored({ deck: CLASSIC_DECK, players: players(3), maxTurns: 100 }, [wrongAccuser(), wrongAccuser(), wrongAccuser()], new Random(seed), seed);
      const out = game.result.seatResults.filter((r) => r.eliminated).length;
      if (out < 3) continue;
      expect(game.result).toMatchObject({ winner: null, unsolved: true, turns: 3 });
      return;
    }
    throw new Error('no game with every seat out');
  });

  it('the game ends unsolved at the turn cap', () => {
    const game = play(['random', 'random', 'random'], 3, 7);
    expect(game.result.turns).toBe(7);
    expect(game.result.unsolved).toBe(game.result.winner === null);
  });
});

describe('the driver', () => {
  it("delivers every event to each seat's observer as that seat saw it: the card only to the suggester and the refuter", () => {
    const heard: GameEvent[][] = [[], [], [], []];
    const agents = [1, 2, 3, 4].map((s) => createAgent(parseAgentSpec('deductive'), new Random(9, s), core));
    const game = playGame({ deck: CLASSIC_DECK, players: players(4), maxTurns: 300 }, agents, new Random(9), {
      onSeen: (seat, e: GameEvent) => void heard[seat].push(e),
    });
    let cardsSeen = 0;
    game.views.forEach((view, s) => {
      for (const e of heard[s]) {
        if (e.type !== 'suggestion') continue;
        expect(e.shown !== null).toBe(e.shownBy !== null && (e.by === s || e.shownBy === s));
        if (e.shown !== null) cardsSeen++;
      }
      // The view records the same events, keeping the card only on its own suggestions (as a log
      // does) and the cards it showed apart.
      expect(view.events).toEqual(heard[s].map((e) => (e.type === 'suggestion' && e.by !== s ? { ...e, shown: null } : e)));
      const showed = view.players.map((_, o) => mask(heard[s].flatMap((e) => (e.type === 'suggestion' && e.by === o && e.shownBy === s ? [e.shown!] : []))));
      expect(view.players.map((_, o) => view.showedTo(o))).toEqual(showed);
    });
    expect(cardsSeen).toBeGreaterThan(4);
  });

  it('announces endmoves to every seat, and a seat\'s log keeps them through gameToLog and the log reader', () => {
    for (const endmove of ['unanswered', 'always'] as const) {
      const agents = [1, 2, 3, 4].map((s) => createAgent(parseAgentSpec('entropy:samples=200'), new Random(3, s), core));
      const game = playScored({ deck: CLASSIC_DECK, players: players(4), maxTurns: 300, endmove }, agents, new Random(3), 3);
      const endmoves = game.views.map((v) => v.events.flatMap((e, i) => (e.type === 'endmove' ? [[i, e.by]] : [])));
      expect(endmoves[0].length).toBeGreaterThan(0);
      for (const e of endmoves) expect(e).toEqual(endmoves[0]);
      for (const view of game.views) expect(parseGame(gameToLog(view.game())).events).toEqual(view.game().events);
    }
  });

  it('an illegal action from an agent throws, naming the agent and the broken rule', () => {
    const honest = (s: number) => createAgent(parseAgentSpec('naive'), new Random(1, s), core);
    const spec = { deck: CLASSIC_DECK, players: players(3), maxTurns: 30 };
    const badSuggester: Agent = { ...honest(0), label: 'cheat', suggest: () => [0, 1, 12] };
    expect(() => playGame(spec, [badSuggester, honest(1), honest(2)], new Random(1))).toThrow(IllegalActionError);
    expect(() => playGame(spec, [badSuggester, honest(1), honest(2)], new Random(1))).toThrow(
      /agent cheat made an illegal move: seat 0 cannot suggest \[Miss Scarlet, Colonel Mustard, Kitchen\]: not one card per category/,
    );
    const badRefuter: Agent = { ...honest(1), label: 'liar', refute: () => 99 };
    const agents = [honest(0), badRefuter, badRefuter];
    expect(() => playGame(spec, agents, new Random(1))).toThrow(/agent liar made an illegal move: seat [12] cannot show \[99\]: it must show one of the named cards it holds/);
  });

  it('needs one agent per seat', () => {
    expect(() => playGame({ deck: CLASSIC_DECK, players: players(3), maxTurns: 30 }, [], new Random(1))).toThrow(/0 agents for 3 players/);
  });
});

describe('agents cannot reach the deal', () => {
  it('a view holds nothing about other hands or the envelope, however it is inspected', () => {
    const game = play(['deductive', 'deductive', 'deductive', 'deductive'], 5);
    const { hands, envelope } = dealOf(game);
    for (const [s, view] of game.views.entries()) {
      const secrets = new Set([envelope, ...hands.filter((_, o) => o !== s)]);
      const seen = new Set<unknown>();
      const walk = (x: unknown, depth: number) => {
        if (x === null || typeof x !== 'object' || seen.has(x) || depth > 6) return;
        seen.add(x);
        for (const key of Reflect.ownKeys(x)) {
          const value = (x as Record<PropertyKey, unknown>)[key];
          if (typeof value === 'number') expect(secrets.has(value) && value !== 0 && popcount(value) >= 3).toBe(false);
          walk(value, depth + 1);
        }
      };
      walk(view, 0);
      expect(Object.keys(view).sort()).toEqual(['deck', 'faceUp', 'handSizes', 'me', 'myHand', 'players', 'rules']);
      // The view's own fields are frozen: an agent cannot rewrite what it was told.
      expect(Object.isFrozen(view.myHand)).toBe(true);
      expect(Object.isFrozen(view.events[0])).toBe(true);
    }
  });
});

describe('tournaments', () => {
  const config: TournamentConfig = { deck: CLASSIC_CATEGORIES, players: 6, agents: ['random', 'naive', 'deductive', 'entropy:samples=300'], maxTurns: 300 };
  const pools: WorkerPool[] = [];
  afterAll(async () => Promise.all(pools.map((p) => p.close())));

  it('rotates seats: every agent sits in every seat equally often', () => {
    const counts = new Map<string, number[]>();
    for (let g = 0; g < 12; g++) seatAgents(config, g).forEach((a, s) => {
      if (!counts.has(a)) counts.set(a, new Array(6).fill(0));
      counts.get(a)![s]++;
    });
    for (const perSeat of counts.values()) expect(new Set(perSeat).size).toBe(1);
  });

  fullOnly('gives the same results with 1 and 2 threads for the same seed, other results for another seed', async () => {
    const one = tournamentPool(1);
    const two = tournamentPool(2);
    pools.push(one, two);
    const a = await runTournament(config, { games: 10, seed: 11, executor: one });
    const b = await runTournament(config, { games: 10, seed: 11, executor: two });
    const c = await runTournament(config, { games: 10, seed: 12, executor: two });
    expect(a.results).toHaveLength(10);
    expect(b.results).toEqual(a.results);
    expect(c.results).not.toEqual(a.results);
  });

  fullOnly('with the epistemic agent and endmoves: the same results with 1 and 2 threads, other results for another option', async () => {
    const one = tournamentPool(1);
    const two = tournamentPool(2);
    pools.push(one, two);
    const epistemic: TournamentConfig = { deck: CLASSIC_CATEGORIES, players: 4, agents: ['epistemic:samples=300,draws=60,risk=0.3,threat=0.3', 'entropy:samples=300'], maxTurns: 200, endmove: 'unanswered' };
    const a = await runTournament(epistemic, { games: 8, seed: 11, executor: one });
    const b = await runTournament(epistemic, { games: 8, seed: 11, executor: two });
    const c = await runTournament({ ...epistemic, endmove: 'never' }, { games: 8, seed: 11, executor: two });
    expect(a.results).toHaveLength(8);
    expect(b.results).toEqual(a.results);
    expect(c.results).not.toEqual(a.results);
  });

  it('stopping keeps the finished games, in order', async () => {
    const pool = tournamentPool(2);
    pools.push(pool);
    const controller = new AbortController();
    const run = runTournament({ ...config, agents: ['entropy:samples=2000'] }, { games: 400, seed: 1, executor: pool, signal: controller.signal, onProgress: (done) => done >= 8 && controller.abort() });
    const outcome = await run;
    expect(outcome.interrupted).toBe(true);
    expect(outcome.results.length).toBeGreaterThanOrEqual(8);
    expect(outcome.results.length).toBeLessThan(400);
    outcome.results.forEach((r, i) => i > 0 && expect(r.game).toBeGreaterThan(outcome.results[i - 1].game));
  });

  it('resumed from finished games with gaps (as a stop on several threads leaves them): plays only the missing numbers, and gives the results of a run never stopped', async () => {
    const quick: TournamentConfig = { ...config, agents: ['random', 'deductive'] };
    const whole = await runTournament(quick, { games: 23, seed: 4 });
    // Games 0-2, 7, 9-12 and 22 finished; the others (3-6, 8, 13-21) did not.
    const finished = whole.results.filter((r) => [0, 1, 2, 7, 9, 10, 11, 12, 22].includes(r.game));
    const playedNow: number[] = [];
    const progress: number[] = [];
    const resumed = await runTournament(quick, { games: 23, seed: 4, finished, onResults: (batch) => playedNow.push(...batch.map((r) => r.game)), onProgress: (done) => progress.push(done) });
    expect(playedNow.sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 8, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(progress[0]).toBeGreaterThan(finished.length);
    expect(progress.at(-1)).toBe(23);
    const { times, ...outcome } = resumed;
    expect(outcome).toEqual({ results: whole.results, done: 23, interrupted: false });
    // The decision times are of the 14 games played now, six seats each.
    expect(times!.agents.reduce((n, row) => n + row.seatGames, 0)).toBe(14 * 6);
  });

  it('rejects unknown agents and bad options with a clear message', () => {
    expect(() => parseAgentSpec('deductiv')).toThrow(InputError);
    expect(() => parseAgentSpec('deductiv')).toThrow(/did you mean "deductive"/);
    expect(() => parseAgentSpec('entropy:samples=0')).toThrow(/samples/);
    expect(() => parseAgentSpec('naive:samples=10')).toThrow(/unknown option "samples"; only entropy, epistemic and planner take samples= \(naive's options: refute=/);
    expect(() => parseAgentSpec('deductive:accuse=risky:1.5')).toThrow(/risky/);
    expect(() => parseAgentSpec('naive:colour=red')).toThrow(/unknown option "colour"/);
    expect(parseAgentSpec('deductive:accuse=risky:0.8,refute=repeat')).toMatchObject({ name: 'deductive', accuse: 0.8, refute: 'repeat' });
  });
});

function popcount(x: number): number {
  let n = 0;
  for (let m = x >>> 0; m !== 0; m &= m - 1) n++;
  return n;
}
