// The epistemic agent: what an endmove teaches it, checked against the exact Kripke model on a
// small position built by hand; its options; and, in played games under every endmove option,
// legal moves only, no wrong accusation when it says it is certain, the same games from the same seed.
import { describe, expect, it } from 'vitest';
import { CLASSIC_DECK, makeDeck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { type Game } from '../src/model/game.js';
import { DEFAULT_RULES } from '../src/model/rules.js';
import { type GameEvent } from '../src/model/events.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { knowsInThisThread } from '../src/epistemic/knows.js';
import { has, K } from '../src/epistemic/language/formula.js';
import { rationalAnalysis } from '../src/analysis/rational.js';
import { nearlyKenv, opponentsInThisThread } from '../src/analysis/opponents.js';
import { SeatView, type ViewWriter } from '../src/game/seat-view.js';
import type { SyncAgent as Agent, Decision } from '../src/game/agent.js';
import { exactKnowledge } from '../src/agents/knowledge.js';
import { endmoveFacts } from '../src/agents/epistemic.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playScored, type ScoredGame } from '../src/tournament/play.js';
import { ENDMOVE_RULES } from '../src/game/rules/deal.js';
import { InputError } from '../src/model/errors.js';

const core = KnowledgeCore.create();

// Three seats on a 10-card deck. The envelope is A1 B1 C1; P0 holds A0 B2 C2, P1 A2 B0, P2 A3 C0.
// Seen by P1 (seat 1):
//   1. P1 suggests A3 B0 C0; P2 shows it A3.
//   2. P1 suggests A2 B1 C1 (naming its own A2): nobody can answer. 3. P1's endmove.
//   4. P2 suggests A0 B0 C0; P0 shows a card (P1 does not see which).
//   5. P0 suggests A0 B1 C1: nobody can answer. 6. P0's endmove.
// After 5, P1 knows B1 and C1 are in the envelope (P0 lacks them: it passed at 2, and P1 and P2
// lack them), and that A0 is P0's or in the envelope. The endmove says P0 does not know the
// envelope: holding none of A0 B1 C1, it would (the envelope would be exactly those), so P0 holds
// A0, and the envelope is A1 B1 C1 (A2 is P1's, A3 P2's).
const DECK = makeDeck({ A: ['A0', 'A1', 'A2', 'A3'], B: ['B0', 'B1', 'B2'], C: ['C0', 'C1', 'C2'] });
const [A0, A1, A2, A3, B0, B1, , C0, C1, C2] = DECK.cards.map((_, c) => c);
const PLAYERS = ['P0', 'P1', 'P2'];
const HAND_SIZES = [3, 2, 2];
const ME = 1;
const MY_HAND = [A2, B0];
const suggestion = (by: number, cards: number[], shownBy: number | null, shown: number | null = null): GameEvent => ({ type: 'suggestion', by, cards, shownBy, shown });
const EVENTS: GameEvent[] = [
  suggestion(1, [A3, B0, C0], 2, A3),
  suggestion(1, [A2, B1, C1], null),
  { type: 'endmove', by: 1 },
  suggestion(2, [A0, B0, C0], 0),
  suggestion(0, [A0, B1, C1], null),
  { type: 'endmove', by: 0 },
];

function gameOf(events: GameEvent[]): Game {
  return { deck: DECK, players: PLAYERS, handSizes: HAND_SIZES, faceUp: [], me: ME, myHand: MY_HAND, events, rules: DEFAULT_RULES, deal: null };
}

/** P1's view after `events`. */
function viewOf(events: GameEvent[]): SeatView {
  let write: ViewWriter = () => {};
  const view = new SeatView({ deck: DECK, players: PLAYERS, handSizes: HAND_SIZES, faceUp: [], rules: DEFAULT_RULES }, ME, MY_HAND, (w) => (write = w));
  for (const e of events) write(e);
  return view;
}

/** Per card, the owners (seats, then the envelope) that some deal of the position allows. */
function possibleOwners(counts: Float64Array | number[], nCards: number, nSeats: number): number[][] {
  const width = nSeats + 2;
  return Array.from({ length: nCards }, (_, c) => [...Array(nSeats + 1).keys()].filter((o) => counts[c * width + o] > 0));
}

describe('the epistemic agent reads an endmove', () => {
  const withoutEndmove = EVENTS.slice(0, 5);

  it("in the exact Kripke model, P0's endmove tells P1 that P0 holds A0, and so the envelope", () => {
    const queries = [5, 6].map((at) => ({ id: `${at}`, at, formula: K(ME, has(0, A0)), text: '' }));
    const report = knowsInThisThread(gameOf(EVENTS), queries);
    expect(report.method).toBe('exact');
    expect(report.results.map((r) => r.known)).toEqual([false, true]);
    const before = rationalAnalysis(gameOf(withoutEndmove), { infer: false });
    const after = rationalAnalysis(gameOf(EVENTS), { infer: false });
    expect(after.rational.reading).toBe('epistemic');
    expect(before.solutions.length).toBeGreaterThan(1);
    expect(after.solutions.map((s) => s.cards)).toEqual([[A1, B1, C1]]);
  });

  it('its own knowledge (the counting core and the endmove facts) allows exactly the owners the Kripke model does', () => {
    const model = rationalAnalysis(gameOf(EVENTS), { infer: false });
    const fromModel = DECK.cards.map((_, card) => model.owners.flatMap((_, k) => (model.cards[card][k] > 0 ? [k] : [])));
    const knowledge = exactKnowledge(core, endmoveFacts('announced'));
    const mine = possibleOwners(knowledge.position(viewOf(EVENTS)).ownerCounts(), DECK.cards.length, 3);
    expect(mine).toEqual(fromModel);
    expect(mine[A0]).toEqual([0]);
    // Without the endmove, A0 may still be in the envelope.
    const plain = exactKnowledge(core, endmoveFacts('announced'));
    expect(possibleOwners(plain.position(viewOf(withoutEndmove)).ownerCounts(), DECK.cards.length, 3)[A0]).toEqual([0, 3]);
    knowledge.dispose();
    plain.dispose();
  });

  it('becomes certain and accuses once the endmove is announced, not before', () => {
    const agent = createAgent(parseAgentSpec('epistemic:samples=200,risk=1'), new Random(1), core);
    expect(agent.decide(viewOf(withoutEndmove))).toEqual({ certain: false, accusation: null });
    agent.dispose?.();
    const again = createAgent(parseAgentSpec('epistemic:samples=200,risk=1'), new Random(1), core);
    expect(again.decide(viewOf(EVENTS))).toEqual({ certain: true, accusation: [A1, B1, C1] });
    again.dispose?.();
  });

  it('endmoves=inferred reads the same from a turn that ended without an accusation, unannounced', () => {
    // No endmove events; P1's next suggestion (P0 shows it C2) shows that P0's turn ended without an accusation.
    const events = [...EVENTS.filter((e) => e.type !== 'endmove'), suggestion(1, [A2, B0, C2], 0, C2)];
    const decide = (label: string) => {
      const agent = createAgent(parseAgentSpec(label), new Random(1), core);
      const d = agent.decide(viewOf(events));
      agent.dispose?.();
      return d;
    };
    expect(decide('epistemic:samples=200,risk=1,endmoves=inferred')).toEqual({ certain: true, accusation: [A1, B1, C1] });
    expect(decide('epistemic:samples=200,risk=1')).toEqual({ certain: false, accusation: null });
    const inferred = rationalAnalysis(gameOf(events));
    expect(inferred.rational.reading).toBe('epistemic');
    expect(inferred.known).toContainEqual({ card: A0, owner: 0 });
  });

  it("its estimate of an opponent's next turn counts a seat that knows the envelope, or all of it but two cards of one category", () => {
    // After the endmove P1 knows the envelope: nearlyKenv holds for it; for P2 it is what the model says.
    const report = knowsInThisThread(gameOf(EVENTS), [
      { id: 'me', at: null, formula: nearlyKenv(ME, DECK.categoryMasks), text: '' },
      { id: 'me-before', at: 5, formula: nearlyKenv(ME, DECK.categoryMasks), text: '' },
    ]);
    expect(report.results.map((r) => r.probability)).toEqual([1, 1]); // before it: A0 or A1, B1, C1
    const opponents = opponentsInThisThread(gameOf(withoutEndmove), { nextTurn: true })!;
    for (const o of opponents.seats) expect(o.canAccuseNextTurn).toBeGreaterThanOrEqual(o.canAccuse);
  });
});

describe('epistemic agent options', () => {
  it('parses its options and refuses bad ones in one message', () => {
    expect(parseAgentSpec('epistemic:samples=2000,risk=0.5').samples).toBe(2000);
    expect(parseAgentSpec('epistemic:draws=50,threat=0.7,endmoves=inferred,refute=minimal')).toMatchObject({
      name: 'epistemic',
      refute: 'minimal',
      epistemic: { draws: 50, risk: 0.5, threat: 0.7, endmoves: 'inferred' },
    });
    expect(() => parseAgentSpec('epistemic:risk=1.5')).toThrow(/risk must be a probability from 0 to 1/);
    expect(() => parseAgentSpec('epistemic:threat=x')).toThrow(/threat must be a probability/);
    expect(() => parseAgentSpec('epistemic:draws=0')).toThrow(/draws must be a whole number/);
    expect(() => parseAgentSpec('epistemic:endmoves=some')).toThrow(/endmoves must be announced or inferred/);
    expect(() => parseAgentSpec('epistemic:accuse=certain')).toThrow(/unknown option "accuse".*risk=/);
    expect(() => parseAgentSpec('entropy:risk=0.5')).toThrow(InputError);
    expect(() => parseAgentSpec('epistemc')).toThrow(/did you mean "epistemic"/);
  });
});

describe('the epistemic agent in play', () => {
  const LABELS = ['epistemic:samples=300,draws=60', 'entropy:samples=300', 'deductive', 'epistemic:samples=300,draws=60,endmoves=inferred,risk=0.3,threat=0.2'];

  /** Plays a game; every decision the epistemic seats call certain is checked against the envelope. */
  function play(seed: number, endmove: (typeof ENDMOVE_RULES)[number], n = 4) {
    const labels = Array.from({ length: n }, (_, s) => LABELS[(s + seed) % LABELS.length]);
    const decisions: Decision[] = [];
    const agents: Agent[] = labels.map((label, s) => {
      const agent = createAgent(parseAgentSpec(label), new Random(seed, s + 1), core);
      if (!label.startsWith('epistemic')) return agent;
      return { ...agent, decide: (view) => { const d = agent.decide(view); decisions.push(d); return d; } };
    });
    const played = playScored({ deck: CLASSIC_DECK, players: PLAYERS_OF(n), maxTurns: 200, endmove }, agents, new Random(seed), seed);
    const hands = played.views.map((v) => v.myHand.reduce((m, c) => m | (1 << c), 0));
    const envelope = ((2 ** CLASSIC_DECK.cards.length - 1) & ~hands.reduce((a, b) => a | b, 0)) >>> 0;
    return { played, decisions, envelope };
  }
  const PLAYERS_OF = (n: number) => Array.from({ length: n }, (_, s) => `P${s}`);

  it('makes only legal moves, and never accuses wrongly when it says it is certain, under every endmove option', () => {
    let certain = 0;
    let games = 0;
    for (const endmove of ENDMOVE_RULES) {
      for (let seed = 0; seed < 4; seed++) {
        const { played, decisions, envelope } = play(seed, endmove); // an illegal move would throw
        games++;
        for (const d of decisions) {
          if (!d.certain) continue;
          certain++;
          expect(d.accusation!.reduce((m, c) => m | (1 << c), 0)).toBe(envelope);
        }
        // Announced endmoves reach every seat's view alike.
        const endmoves = played.views.map((v) => v.events.filter((e) => e.type === 'endmove'));
        for (const e of endmoves) expect(e).toEqual(endmoves[0]);
        if (endmove === 'never') expect(endmoves[0]).toEqual([]);
      }
    }
    expect(games).toBe(12);
    expect(certain).toBeGreaterThan(0);
  });

  it('plays the same game from the same seed', () => {
    const a = play(7, 'unanswered');
    const b = play(7, 'unanswered');
    expect(b.played.result).toEqual(a.played.result);
    expect(b.played.views.map((v) => v.events)).toEqual(a.played.views.map((v) => v.events));
    expect(b.decisions).toEqual(a.decisions);
  });
});
