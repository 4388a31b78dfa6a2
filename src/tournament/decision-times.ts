// What every agent costs: the wall time of its decisions (game/play.ts times each call to an agent,
// a program's round trip included), per row of a tournament's summary. It is measured, not
// decided by the seed, so it is kept apart from the summary and its sums, which the same seed
// reproduces byte for byte: a run's JSON has it under its own key, `timing`. Each row is a
// mergeable sketch (time-histogram.ts), so that runs resumed, batches of worker threads, shards
// and queue workers add up to the decision times of the whole tournament.
import type { GameResult } from './results.js';
import { rowLabel, type SummaryAccumulator } from './summary.js';
import { addHistogram, BIN_COUNT, emptyHistogram, quantileMs, type TimeHistogram } from './time-histogram.js';

/** One row's decision times: its seat-games and the sketch of every decision its agent made in them. */
export interface AgentDecisionTimes extends TimeHistogram {
  /** The summary row: the agent's label, with its role in a solo run ("naive (solo)"). */
  agent: string;
  seatGames: number;
}

/** The decision times of some games of a tournament, one entry per row (in the order of their labels). */
export interface DecisionTimes {
  agents: AgentDecisionTimes[];
}

/** A row's decision times in the words of a report. Null figures: no decision timed. */
export interface DecisionTimeRow {
  agent: string;
  /** Decisions timed. */
  decisions: number;
  /** The median and the 95th percentile of one decision's time (ms), to the resolution of the sketch's bins. */
  medianMs: number | null;
  p95Ms: number | null;
  /** The time of its decisions in a game, summed over its seat, on average over its seat-games (ms). */
  msPerGame: number | null;
}

export function emptyDecisionTimes(): DecisionTimes {
  return { agents: [] };
}

function rowOf(times: DecisionTimes, agent: string): AgentDecisionTimes {
  let row = times.agents.find((r) => r.agent === agent);
  if (row === undefined) {
    row = { agent, seatGames: 0, ...emptyHistogram() };
    times.agents.push(row);
    times.agents.sort((a, b) => (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0));
  }
  return row;
}

/** Adds a game (in place): `seats[s]`, the decision times of seat s, to the row of seat s's agent. */
export function addGameTimes(times: DecisionTimes, game: GameResult, seats: readonly TimeHistogram[]): DecisionTimes {
  for (const seat of game.seatResults) {
    const row = rowOf(times, rowLabel(seat.agent, seat.role));
    row.seatGames++;
    addHistogram(row, seats[seat.seat]);
  }
  return times;
}

/** The decision times of both parts together, rows by label (neither argument is changed). */
export function mergeDecisionTimes(a: DecisionTimes, b: DecisionTimes): DecisionTimes {
  const out = structuredClone(a);
  for (const from of b.agents) {
    const into = rowOf(out, from.agent);
    into.seatGames += from.seatGames;
    addHistogram(into, from);
  }
  return out;
}

/** Three significant digits: the figures are read to a bin 26% wide, or measured on a shared machine. */
function rounded(ms: number | null): number | null {
  return ms === null ? null : Number(ms.toPrecision(3));
}

/** The rows of `labels` (the summary's, in its order), in a report's words; a label without decisions has null figures. */
export function decisionTimeRows(times: DecisionTimes, labels: readonly string[]): DecisionTimeRow[] {
  return labels.map((agent) => {
    const row = times.agents.find((r) => r.agent === agent) ?? { agent, seatGames: 0, ...emptyHistogram() };
    return {
      agent,
      decisions: row.decisions,
      medianMs: rounded(quantileMs(row, 0.5)),
      p95Ms: rounded(quantileMs(row, 0.95)),
      msPerGame: row.seatGames === 0 || row.decisions === 0 ? null : rounded(row.totalNs / 1e6 / row.seatGames),
    };
  });
}

/**
 * What is wrong with decision times read from a file, as "path: problem" under `path`, or null: each
 * row's counts add up to its decisions within the bins, and its seat-games are of the games summed
 * in `accumulator` (all of them, or some: a run resumed from a file without decision times).
 */
export function decisionTimesProblem(times: DecisionTimes, accumulator: SummaryAccumulator, path: string): string | null {
  for (const [i, row] of times.agents.entries()) {
    const at = `${path}.agents[${i}]`;
    if (row.firstBin + row.counts.length > BIN_COUNT) return `${at}.counts: beyond the last of the ${BIN_COUNT} bins`;
    const counted = row.counts.reduce((a, b) => a + b, 0);
    if (counted !== row.decisions) return `${at}.counts: ${counted} counted, and decisions says ${row.decisions}`;
    const summed = accumulator.agents.find((t) => t.agent === row.agent)?.wins.n ?? 0;
    if (row.seatGames > summed) return `${at}.seatGames: ${row.seatGames} seat-games of ${JSON.stringify(row.agent)}, and the games summed have ${summed}`;
  }
  return null;
}
