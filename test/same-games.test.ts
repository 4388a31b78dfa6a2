// Same games: the rules' state machine driven by playGame plays exactly the games of the loop it
// replaced (kept in test/support/reference-game-loop.ts), compared at the same commit, seed for
// seed: the same results and every seat's view the same, event by event.
import { describe, expect, it } from 'vitest';
import { runs } from './support/tier.js';
import { CLASSIC_CATEGORIES, makeDeck, type Deck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import type { SyncAgent as Agent } from '../src/game/agent.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import type { SeatView } from '../src/game/seat-view.js';
import { playScored, type ScoredGame } from '../src/tournament/play.js';
import type { GameSpec } from '../src/game/rules/deal.js';
import { playGameWithReferenceLoop } from './support/reference-game-loop.js';

const core = KnowledgeCore.create();
const SMALL_DECK = makeDeck({ who: ['A', 'B', 'C', 'D'], what: ['e', 'f', 'g', 'h', 'i'], where: ['j', 'k', 'l', 'm'] });
const CLASSIC = makeDeck(CLASSIC_CATEGORIES);
const LABELS = [
  'random',
  'naive',
  'naive:refute=repeat',
  'deductive',
  'deductive:refute=minimal',
  'deductive:accuse=risky:0.5',
  'deductive:accuse=risky:0.2',
  'naive:accuse=risky:0.3',
  'deductive:accuse=never',
  'entropy:samples=40',
  'entropy:samples=25,refute=minimal,accuse=risky:0.7',
];
const RECKLESS = ['naive:accuse=risky:0.001', 'deductive:accuse=risky:0.001'];

interface Case {
  spec: GameSpec;
  labels: string[];
  /** Seats whose agent never accuses whatever its label says (as a solo measurement's field). */
  neverAccuse: boolean[];
  seed: number;
}

/** Game i: its deck, players, face-up cards, turn cap and agents, all drawn from stream i. */
function caseOf(i: number): Case {
  const rng = new Random(2024, i);
  const tenSeats = i % 30 === 15; // the slowest games: a few
  const deck: Deck = !tenSeats && rng.below(4) === 0 ? SMALL_DECK : CLASSIC;
  const players = tenSeats ? 10 : deck === SMALL_DECK ? 2 + rng.below(3) : 2 + rng.below(5);
  const faceUpCount = rng.pick([0, 0, 1, 2, 3]);
  // One table in ten accuses at once, almost always wrongly: games where every seat is out.
  const reckless = i % 10 === 0;
  const labels = Array.from({ length: players }, () => rng.pick(reckless ? RECKLESS : LABELS));
  const maxTurns = labels.includes('random') ? rng.pick([5, 40, 120]) : rng.pick([5, 40, 120, 300]);
  const neverAccuse = labels.map(() => !reckless && rng.below(8) === 0);
  return { spec: { deck, players: labels.map((_, s) => `P${s}`), faceUpCount, maxTurns }, labels, neverAccuse, seed: i };
}

function agentsOf(c: Case): Agent[] {
  return c.labels.map((label, s) => createAgent(parseAgentSpec(label), new Random(7, c.seed, 1 + s), core, c.neverAccuse[s] ? { accuse: 'never' } : {}));
}

/** All a seat was told: its table, its hand, the events as it saw them, the cards it showed to whom. */
function told(view: SeatView) {
  return {
    me: view.me,
    players: view.players,
    handSizes: view.handSizes,
    faceUp: view.faceUp,
    myHand: view.myHand,
    events: view.events,
    showedTo: view.players.map((_, s) => view.showedTo(s)),
  };
}

describe('the state machine plays the same games as the loop it replaced', () => {
  const GAMES = runs(300, 100);

  it(`${GAMES} games: the same results and the same views for every seat`, () => {
    const seen = { winners: 0, unsolvedAtCap: 0, everyoneOut: 0, wrongAccusations: 0, refuterViews: 0, faceUp: 0, smallDeck: 0, tenSeats: 0, entropy: 0 };
    for (let i = 0; i < GAMES; i++) {
      const c = caseOf(i);
      const old = playGameWithReferenceLoop(c.spec, agentsOf(c), new Random(c.seed), c.seed);
      const now = playScored(c.spec, agentsOf(c), new Random(c.seed), c.seed);
      // Compared as JSON too: the same fields in the same order (written to --json files).
      expect(JSON.stringify(now.result), `game ${i}`).toBe(JSON.stringify(old.result));
      expect(now.views.map(told), `game ${i}`).toEqual(old.views.map(told));

      const r = now.result;
      if (r.winner !== null) seen.winners++;
      if (r.turns === c.spec.maxTurns && r.winner === null) seen.unsolvedAtCap++;
      if (r.seatResults.every((s) => s.eliminated)) seen.everyoneOut++;
      seen.wrongAccusations += r.seatResults.reduce((n, s) => n + s.wrongAccusations, 0);
      seen.refuterViews += now.views.filter((v) => v.players.some((_, s) => v.showedTo(s) !== 0)).length;
      if (c.spec.faceUpCount) seen.faceUp++;
      if (c.spec.deck === SMALL_DECK) seen.smallDeck++;
      if (c.labels.length === 10) seen.tenSeats++;
      if (c.labels.some((l) => l.startsWith('entropy'))) seen.entropy++;
    }
    // The games cover every way a game goes and ends: each at least once in 60 games (5 in 300).
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThanOrEqual(Math.ceil(GAMES / 60));
  });
});
