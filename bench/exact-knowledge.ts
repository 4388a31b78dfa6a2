// Exact knowledge (the symbolic engine) against today's estimates, side by side in one run, on
// positions of simulated games (entropy agents, seed 1, game 0, P0's view): six and four seats,
// the rules announcing no endmove and every endmove, each log cut early, mid-game and late (a
// quarter, a half, nine tenths of its events). For each position:
//  - opponents() (2,500 draws, nextTurn) as it chooses its engine, against the symbolic engine
//    forced after the explicit model; with endmoves, drawn worlds cannot condition on them, so
//    today's figure is the log without them (what the epistemic agent's threat reads);
//  - the epistemic agent's threat (opponents() from 200 draws, endmoves dropped past 20,000 worlds);
//  - rationalAnalysis (every turn without an accusation an endmove; explicit when small) past the
//    explicit model: 20,000 draws read first-order against the symbolic engine's (symbolic: true)
//    exact epistemic reading (the envelope's probabilities compared).
// The differences are today's estimates against the exact values in today's standard errors
// (largest, and the share beyond 3). `tsx bench/exact-knowledge.ts` or `npm run bench -- --exact-knowledge-only`.
import { CLASSIC_CATEGORIES } from '../src/model/deck.js';
import { ENVELOPE } from '../src/model/owners.js';
import type { Game } from '../src/model/game.js';
import { playTournamentGame } from '../src/tournament/play.js';
import type { EndmoveRule } from '../src/game/rules/deal.js';
import { sharedCore } from '../src/analysis/load.js';
import { opponentsInThisThread, type Opponents } from '../src/analysis/opponents.js';
import { rationalAnalysis } from '../src/analysis/rational.js';
import { envelopeProbability } from '../src/analysis/analyze.js';
import { DiagramsTooLargeError } from '../src/epistemic/symbolic/bdd.js';
import { EPISTEMIC_MAX_WORLDS } from '../src/agents/epistemic.js';

const STAGES = [
  ['early', 0.25],
  ['mid', 0.5],
  ['late', 0.9],
] as const;

export interface Deviation {
  /** Largest |estimate − exact| / standard error (null: today is exact too). */
  max: number | null;
  /** Share of the estimates beyond 3 standard errors. */
  beyond3: number | null;
}

export interface ExactKnowledgeRow {
  seats: number;
  endmoves: EndmoveRule;
  stage: string;
  events: number;
  endmoveEvents: number;
  opponents: { todayMs: number; todayMethod: string; exactMs: number | null; deviation: Deviation | null };
  threatMs: number;
  rational: { todayMs: number; todayReading: string; exactMs: number | null; deviation: Deviation | null };
}

function position(seats: number, endmove: EndmoveRule): Game {
  return playTournamentGame({ deck: CLASSIC_CATEGORIES, players: seats, agents: ['entropy'], maxTurns: 300, endmove }, 1, 0, sharedCore()).views[0].game();
}

const timed = <T>(f: () => T): { ms: number; value: T } => {
  const t = performance.now();
  const value = f();
  return { ms: performance.now() - t, value };
};

/** null when the symbolic engine ran out of nodes. */
function exactly<T>(f: () => T): { ms: number; value: T } | null {
  try {
    return timed(f);
  } catch (e) {
    if (e instanceof DiagramsTooLargeError) return null;
    throw e;
  }
}

function deviation(pairs: Array<[estimate: number, exact: number, standardError: number]>): Deviation {
  const z = pairs.map(([e, x, se]) => (se > 0 ? Math.abs(e - x) / se : e === x ? 0 : Infinity));
  return { max: Math.max(...z), beyond3: z.filter((v) => v > 3).length / z.length };
}

function opponentPairs(today: Opponents, exact: Opponents): Array<[number, number, number]> {
  return today.seats.flatMap((s, k) => {
    const x = exact.seats[k];
    const se = s.standardErrors!;
    return [[s.canAccuse, x.canAccuse, se.canAccuse] as [number, number, number], [s.canAccuseNextTurn!, x.canAccuseNextTurn!, se.canAccuseNextTurn!] as [number, number, number], ...s.knowsMyCards.map((p, c) => [p, x.knowsMyCards[c], se.knowsMyCards[c]] as [number, number, number])];
  });
}

export function benchExactKnowledge(onRow?: (row: ExactKnowledgeRow) => void): ExactKnowledgeRow[] {
  const rows: ExactKnowledgeRow[] = [];
  for (const seats of [6, 4]) {
    for (const rule of ['never', 'always'] as const) {
      const full = position(seats, rule);
      for (const [stage, share] of STAGES) {
        const game: Game = { ...full, events: full.events.slice(0, Math.round(full.events.length * share)) };
        const endmoveEvents = game.events.filter((e) => e.type === 'endmove').length;
        const withoutEndmoves: Game = { ...game, events: game.events.filter((e) => e.type !== 'endmove') };
        const today = timed(() => opponentsInThisThread(withoutEndmoves, { seed: 1, nextTurn: true })!);
        const exact = exactly(() => opponentsInThisThread(game, { seed: 1, nextTurn: true, engine: ['explicit', 'symbolic'] })!);
        const threat = timed(() => opponentsInThisThread(withoutEndmoves, { samples: 200, seed: 1, maxWorlds: EPISTEMIC_MAX_WORLDS, nextTurn: true }));
        const rational = timed(() => rationalAnalysis(game, { seed: 1 }));
        const exactRational = timed(() => rationalAnalysis(game, { seed: 1, symbolic: true }));
        const exactEnvelope = exactRational.value.rational.reading === 'epistemic' ? { ms: exactRational.ms, value: game.deck.cards.map((_, c) => envelopeProbability(exactRational.value, c)) } : null;
        const column = rational.value.owners.indexOf(ENVELOPE);
        const row: ExactKnowledgeRow = {
          seats,
          endmoves: rule,
          stage,
          events: game.events.length,
          endmoveEvents,
          opponents: {
            todayMs: today.ms,
            todayMethod: today.value.method,
            exactMs: exact?.ms ?? null,
            deviation: exact && today.value.method === 'sampled' ? deviation(opponentPairs(today.value, exact.value)) : null,
          },
          threatMs: threat.ms,
          rational: {
            todayMs: rational.ms,
            todayReading: `${rational.value.method} ${rational.value.rational.reading}`,
            exactMs: exactEnvelope?.ms ?? null,
            deviation:
              exactEnvelope && rational.value.standardErrors
                ? deviation(game.deck.cards.map((_, c) => [envelopeProbability(rational.value, c), exactEnvelope.value[c], rational.value.standardErrors!.cards[c][column]]))
                : null,
          },
        };
        rows.push(row);
        onRow?.(row);
      }
    }
  }
  return rows;
}

const fmt = (x: number | null, digits = 0) => (x === null ? '—' : x.toFixed(digits));
const dev = (d: Deviation | null) => (d === null ? 'exact both' : `max ${fmt(d.max, 1)} SE, ${fmt(100 * d.beyond3!, 0)}% > 3 SE`);

export function printExactKnowledge(rows: ExactKnowledgeRow[]): void {
  console.log('\nExact knowledge (symbolic engine) vs today, simulated games (P0\'s view), one thread, ms');
  console.log('  seats endmoves stage  events   opponents: today → exact (today vs exact)           threat   rational: today → exact (today vs exact)');
  rows.forEach(printRow);
}

function printRow(r: ExactKnowledgeRow): void {
  {
    const o = r.opponents;
    const q = r.rational;
    console.log(
      `  ${r.seats}     ${r.endmoves.padEnd(8)} ${r.stage.padEnd(6)} ${String(r.events).padStart(3)} (${String(r.endmoveEvents).padStart(2)})   ${fmt(o.todayMs).padStart(6)} ${o.todayMethod.padEnd(7)} → ${fmt(o.exactMs).padStart(6)} (${dev(o.deviation)})   ${fmt(r.threatMs).padStart(5)}   ${fmt(q.todayMs).padStart(6)} ${q.todayReading.padEnd(19)} → ${fmt(q.exactMs).padStart(6)} (${dev(q.deviation)})`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) benchExactKnowledge((row) => console.log(JSON.stringify(row)));
