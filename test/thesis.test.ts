// The thesis's experiment (`simulate --preset thesis`): its rules on hand-made deals and along
// played games, checked against the deal; the same results whatever the threads; the random
// agent's rounds against their exact expectation; the command line's refusals.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLASSIC_CATEGORIES, CLASSIC_DECK, makeDeck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { cardsOfMask, maskOfCards } from '../src/model/bits.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import type { SyncAgent as Agent } from '../src/game/agent.js';
import { refutationPolicy } from '../src/agents/refutations.js';
import { THESIS_OPPONENT, thesisOpponent } from '../src/agents/thesis-opponent.js';
import { playScored, type ScoredGame } from '../src/tournament/play.js';
import { randomDeal, type Deal, type GameSpec } from '../src/game/rules/deal.js';
import { newGame } from '../src/game/rules/state.js';
import { applyAction } from '../src/game/rules/actions.js';
import { playTournamentGame, playTournamentGames, playerNames } from '../src/tournament/play.js';
import { runTournament } from '../src/tournament/run.js';
import { tournamentPool } from '../src/tournament/pool.js';
import { pairedDifference, roundsOf, THESIS_MAX_TURNS, thesisConfig, thesisRow } from '../src/tournament/thesis.js';
import type { WorkerPool } from '../src/runtime/pool.js';
import { simulateCommand } from '../src/cli/simulate-command.js';
import { commanderExit, EXIT_USAGE, reportError, UsageError } from '../src/cli/errors.js';
import { fullOnly } from './support/tier.js';

const core = KnowledgeCore.create();
const SMALL = makeDeck({ who: ['A', 'B', 'C', 'D'], what: ['e', 'f', 'g', 'h'], where: ['i', 'j', 'k', 'l'] });
const [A, B, C, D, e, f, g, h, i, j, k, l] = SMALL.cards.map((_, c) => c);
// Envelope A e i; seat 0 holds B f j, seat 1 C g, seat 2 D k, seat 3 h l.
const DEAL: Deal = { hands: [maskOfCards([B, f, j]), maskOfCards([C, g]), maskOfCards([D, k]), maskOfCards([h, l])], envelope: [A, e, i], faceUp: [] };
const SPEC: GameSpec = { deck: SMALL, players: ['P0', 'P1', 'P2', 'P3'], maxTurns: 100, finder: 0 };

/** An agent that suggests the given combinations in turn, shows the first named card and never accuses. */
function scripted(...suggestions: number[][]): Agent {
  let next = 0;
  return {
    label: 'scripted',
    suggest: () => suggestions[next++],
    refute: refutationPolicy('first', new Random(0)),
    decide: () => ({ certain: false, accusation: null }),
  };
}

describe('the rules of the preset, on a hand-made deal', () => {
  it("ends the game, won, exactly when the finder's suggestion names the envelope, and only then", () => {
    const start = newGame(SPEC, DEAL);
    const hit = applyAction(start, { type: 'suggest', cards: [A, e, i] });
    expect(hit.state.phase.kind).toBe('over');
    expect(hit.state.winner).toBe(0);
    expect(hit.events).toEqual([{ type: 'suggestion', by: 0, cards: [A, e, i], shownBy: null, shown: null }]);
    // Unanswered but not the envelope (its own cards): the game goes on.
    const own = applyAction(start, { type: 'suggest', cards: [B, f, j] });
    expect(own.state.phase).toEqual({ kind: 'accuse', seat: 0, answered: false });
    // Another seat naming the envelope does not end the game; nor does the finder's rule exist without a finder.
    let other = applyAction(start, { type: 'suggest', cards: [B, f, j] }).state;
    other = applyAction(other, { type: 'pass' }).state;
    expect(applyAction(other, { type: 'suggest', cards: [A, e, i] }).state.phase).toEqual({ kind: 'accuse', seat: 1, answered: false });
    expect(applyAction(newGame({ ...SPEC, finder: undefined }, DEAL), { type: 'suggest', cards: [A, e, i] }).state.phase.kind).toBe('accuse');
    expect(() => newGame({ ...SPEC, finder: 4 }, DEAL)).toThrow(/finder must be a seat from 0 to 3/);
  });

  it('shows the first named card in hand order (lowest deck index), counts a round per query of seat 0, opponents never accuse', () => {
    // Seat 0 asks C g k: seat 1 holds C and g and shows C; then the envelope, in its second round.
    const measured = scripted([C, g, k], [A, e, i]);
    const opponents = [1, 2, 3].map((s) => thesisOpponent(DEAL.envelope, new Random(7, s)));
    const { result, views } = playScored(SPEC, [measured, ...opponents], new Random(1), 0, { deal: DEAL });
    const mine = views[0].events.filter((e) => e.type === 'suggestion' && e.by === 0);
    expect(mine).toEqual([
      { type: 'suggestion', by: 0, cards: [C, g, k], shownBy: 1, shown: C },
      { type: 'suggestion', by: 0, cards: [A, e, i], shownBy: null, shown: null },
    ]);
    expect(result.winner).toBe(0);
    expect(result.rounds).toBe(2);
    expect(result.seatResults[0].turnsTaken).toBe(2);
    expect(result.turns).toBe(SPEC.players.length + 1);
    expect(views[0].events.some((e) => e.type === 'accusation')).toBe(false);
  });

  it("the opponents' queries never name the envelope's weapon or room, and do name its suspect", () => {
    const opponent = thesisOpponent([0, 6, 12], new Random(3));
    const view = { deck: CLASSIC_DECK } as Parameters<Agent['suggest']>[0];
    const named = new Set<number>();
    for (let n = 0; n < 2000; n++) opponent.suggest(view).forEach((c) => named.add(c));
    expect(named.has(6) || named.has(12)).toBe(false);
    expect(named.has(0)).toBe(true);
    expect(named.size).toBe(CLASSIC_DECK.cards.length - 2);
  });
});

describe('played games of the preset, checked against the deal', () => {
  const config = thesisConfig('deductive');
  for (let game = 0; game < 12; game++) {
    const played = playTournamentGame(config, 5, game, core);
    const spec: GameSpec = { deck: CLASSIC_DECK, players: playerNames(6), maxTurns: THESIS_MAX_TURNS };
    const deal = randomDeal(spec, new Random(5, game));
    const envelope = maskOfCards(deal.envelope);
    it(`game ${game}: ends on seat 0's first query of the envelope; rounds; first-card answers; opponents`, () => {
      const { result, views } = played;
      expect(result.winner).toBe(0);
      expect(result.seats).toEqual(['deductive', ...new Array(5).fill(THESIS_OPPONENT)]);
      const queries = views[0].events.filter((e) => e.type === 'suggestion');
      const own = queries.filter((q) => q.by === 0);
      expect(own.findIndex((q) => maskOfCards(q.cards) === envelope)).toBe(own.length - 1);
      expect(queries.at(-1)!.by).toBe(0);
      expect(roundsOf(result)).toBe(own.length);
      expect(result.rounds).toBe(own.length);
      expect(result.turns).toBe(6 * (own.length - 1) + 1);
      expect(views[0].events.every((e) => e.type === 'suggestion')).toBe(true); // no accusation, no endmove
      for (const q of queries.filter((q) => q.by !== 0)) {
        expect(q.cards[1] === deal.envelope[1] || q.cards[2] === deal.envelope[2]).toBe(false);
      }
      // Every shown card, as the suggester saw it: the lowest-index named card of the refuter's hand.
      for (const [s, view] of views.entries()) {
        for (const q of view.events) {
          if (q.type !== 'suggestion' || q.by !== s || q.shownBy === null) continue;
          expect(q.shown).toBe(cardsOfMask(deal.hands[q.shownBy] & maskOfCards(q.cards))[0]);
        }
      }
    });
  }
});

describe('the random agent against its exact expectation', () => {
  // Asking uniformly among N combinations, the envelope among them, the rounds are geometric with
  // mean N and variance N² − N. Without its own cards N = (6 − a)(6 − b)(9 − c), its hand's a
  // suspects, b weapons and c rooms: a uniform 3-card hand of the 5, 5 and 8 cards outside the
  // envelope. Over hands: mean E[N], variance E[N² − N] + Var N. The sample mean of a fixed seed
  // lies within 4 standard errors.
  const choose = (n: number, r: number): number => (r < 0 || r > n ? 0 : r === 0 ? 1 : (choose(n - 1, r - 1) * n) / r);
  function moments(own: 'include' | 'exclude'): { mean: number; variance: number } {
    let total = 0;
    let m1 = 0;
    let m2 = 0;
    for (let a = 0; a <= 3; a++) {
      for (let b = 0; a + b <= 3; b++) {
        const c = 3 - a - b;
        const w = choose(5, a) * choose(5, b) * choose(8, c);
        const n = own === 'exclude' ? (6 - a) * (6 - b) * (9 - c) : 6 * 6 * 9;
        total += w;
        m1 += w * n;
        m2 += w * n * n;
      }
    }
    const mean = m1 / total;
    return { mean, variance: m2 / total - mean + (m2 / total - mean * mean) };
  }

  for (const own of ['exclude', 'include'] as const) {
    fullOnly(`random:own=${own}: mean rounds within 4 standard errors of the expectation`, () => {
      const games = 300;
      const results = playTournamentGames(thesisConfig(`random:own=${own}`), 17, 0, games, core);
      const { mean, variance } = moments(own);
      expect(mean).toBeCloseTo(own === 'exclude' ? 199.578431 : 324, 5);
      const row = thesisRow(`random:own=${own}`, results);
      expect(row.unsolved).toBe(0);
      expect(Math.abs(row.meanRounds!.estimate - mean)).toBeLessThan(4 * Math.sqrt(variance / games));
    });
  }
});

describe('the same results whatever the threads', () => {
  const pools: WorkerPool[] = [];
  afterAll(async () => Promise.all(pools.map((p) => p.close())));

  fullOnly('1 and 2 threads: the same games for the same seed, other games for another; paired over the same deals', async () => {
    const one = tournamentPool(1);
    const two = tournamentPool(2);
    pools.push(one, two);
    for (const agent of ['naive', 'deductive']) {
      const a = await runTournament(thesisConfig(agent), { games: 8, seed: 11, executor: one });
      const b = await runTournament(thesisConfig(agent), { games: 8, seed: 11, executor: two });
      const c = await runTournament(thesisConfig(agent), { games: 8, seed: 12, executor: two });
      expect(b.results).toEqual(a.results);
      expect(c.results).not.toEqual(a.results);
    }
    const naive = playTournamentGames(thesisConfig('naive'), 11, 0, 8, core);
    const deductive = playTournamentGames(thesisConfig('deductive'), 11, 0, 8, core);
    const paired = pairedDifference('naive', naive, 'deductive', deductive);
    const mean = naive.reduce((s, g, n) => s + roundsOf(g) - roundsOf(deductive[n]), 0) / 8;
    expect(paired.games).toBe(8);
    expect(paired.difference!.estimate).toBeCloseTo(mean, 12);
  });
});

describe('cluedo simulate --preset thesis', () => {
  async function simulate(...args: string[]): Promise<void> {
    const command = simulateCommand()
      .configureOutput({ writeErr: () => {}, outputError: () => {} })
      .exitOverride(commanderExit('cluedo simulate'));
    await command.parseAsync(args, { from: 'user' });
  }

  it.each([
    [['--players', '4'], /^option '--preset <name>' cannot be used with option '--players <n>' \(see "cluedo simulate --help"\)$/],
    [['--players', '6'], /cannot be used with option '--players <n>'/],
    [['--solo', 'naive', '--field', 'random'], /cannot be used with option '--solo <agent>'/],
    [['--max-turns', '50'], /cannot be used with option '--max-turns <m>'/],
    [['--endmove', 'always'], /cannot be used with option '--endmove <when>'/],
    [['--logs', 'somewhere'], /cannot be used with option '--logs <dir>'/],
    [['--agents', 'naive,deductiv'], /--agents: unknown agent "deductiv"/],
    [['--agents', 'random:own=maybe'], /own must be include or exclude/],
  ])('refuses %j: one line, exit 2', async (extra, message) => {
    const error = await simulate('--preset', 'thesis', '--games', '2', ...extra).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect(reportError(error)).toBe(EXIT_USAGE);
    } finally {
      process.stderr.write = stderr;
    }
  });

  it('refuses an unknown preset', async () => {
    const error = await simulate('--preset', 'thesys').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/--preset <name>' argument 'thesys' is invalid\. Allowed choices are thesis/);
  });

  it('writes the rounds per agent, the paired differences and every game to --json', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'thesis-')), 'run.json');
    const stdout = process.stdout.write;
    let printed = '';
    process.stdout.write = ((text: string, done?: () => void) => {
      printed += text;
      done?.();
      return true;
    }) as typeof process.stdout.write;
    try {
      await simulate('--preset', 'thesis', '--games', '3', '--agents', 'naive,deductive', '--threads', '1', '--json', json);
    } finally {
      process.stdout.write = stdout;
    }
    const out = JSON.parse(readFileSync(json, 'utf8')) as { preset: string; rounds: { agent: string; games: number }[]; paired: unknown[]; games: unknown[]; configs: { deck: unknown }[] };
    expect(out.preset).toBe('thesis');
    expect(out.rounds.map((r) => [r.agent, r.games])).toEqual([['naive', 3], ['deductive', 3]]);
    expect(out.paired).toHaveLength(1);
    expect(out.games).toHaveLength(6);
    expect(out.configs[0].deck).toEqual(CLASSIC_CATEGORIES);
    expect(printed).toMatch(/^naive +3 .*13\.43 \(100 games, without modality\.pl\)$/m);
    expect(printed).toMatch(/^  naive – deductive: /m);
  });
});
