// The summary of a tournament, built from an accumulator of integer sums over games: accumulate
// games one at a time, merge accumulators of shards of a run (in any order, on any machines), and
// finalize into the Summary of types.ts. The accumulator is plain JSON data.
import type { GameResult, SeatResult, SeatRole } from './results.js';
import {
  addCluster,
  addClusterSums,
  addGameTurns,
  addTurnSums,
  emptyClusterSums,
  emptyTurnSums,
  type ClusterSums,
  type TurnSums,
} from './cluster-sums.js';
import { clusteredMean, clusteredMedian, clusteredRate, wilson } from './statistics.js';
import { FAULT_REASONS_KEPT, type AgentSummary, type FaultRecord, type HeadToHead, type Summary } from './types.js';
import { ROOM_NAMES, ROOMS } from '../game/board/classic.js';
import { FAULT_KINDS, type FaultKind } from '../game/agent.js';
import { addComposition, leagueSummary, mergeCompositions, type CompositionTally } from './league.js';

/** One row's sums: an agent, or an agent in a role. */
export interface AgentTally {
  agent: string;
  /** Its first seat in the lowest-numbered game: rows are listed in this order. */
  firstSeen: { game: number; seat: number };
  /** Per game: x = its wins, n = its seats. */
  wins: ClusterSums;
  /** Per game: x = its seats that became certain, n = its seats whose agent reports certainty (none: it does not). */
  certain: ClusterSums;
  turnsToWin: TurnSums;
  turnsToCertain: TurnSums;
  wrongAccusations: number;
  /** Its seats that left a game by a fault of its agent, by kind (an untrusted agent's: a program's or a module's). */
  faults?: Record<FaultKind, number>;
  /** The first FAULT_REASONS_KEPT of those faults by game then seat, with their reasons: whatever the order games are added or merged in. */
  faultReasons?: FaultRecord[];
  /** Its seat-games by the number of players at the table, ascending. */
  tables: { players: number; seatGames: number }[];
  /** On a board, per game: x = its turns that ended on a cell, n = its turns. */
  turnsMoving?: ClusterSums;
  /** On a board, per game: x = the rooms its seats entered, n = its seats. */
  roomsVisited?: ClusterSums;
}

/** Games won by a seat of `winner` with a seat of `other` at the table. */
export interface WinTally {
  winner: string;
  other: string;
  games: number;
}

export interface SummaryAccumulator {
  games: number;
  unsolvedGames: number;
  agents: AgentTally[];
  wins: WinTally[];
  /** On a board: suggestions made in each room (board order), over all games. */
  suggestionsByRoom?: number[];
  /** In a league: the games of each table composition, which its rating reads (league.ts). */
  compositions?: CompositionTally[];
}

/** No game yet; `compositions` keeps the table compositions too (a league's, for its rating). */
export function emptyAccumulator(options: { compositions?: boolean } = {}): SummaryAccumulator {
  return { games: 0, unsolvedGames: 0, agents: [], wins: [], ...(options.compositions === true && { compositions: [] }) };
}

/** A summary row's label: the agent's, followed by its role in solo runs ("naive (solo)"). */
export function rowLabel(agent: string, role?: SeatRole): string {
  return role === undefined ? agent : `${agent} (${role})`;
}

function emptyTally(agent: string, firstSeen: { game: number; seat: number }): AgentTally {
  return {
    agent,
    firstSeen,
    wins: emptyClusterSums(),
    certain: emptyClusterSums(),
    turnsToWin: emptyTurnSums(),
    turnsToCertain: emptyTurnSums(),
    wrongAccusations: 0,
    tables: [],
  };
}

function tallyOf(acc: SummaryAccumulator, agent: string, firstSeen: { game: number; seat: number }): AgentTally {
  let tally = acc.agents.find((t) => t.agent === agent);
  if (tally === undefined) {
    tally = emptyTally(agent, { ...firstSeen });
    acc.agents.push(tally);
  } else if (seenBefore(firstSeen, tally.firstSeen)) {
    tally.firstSeen = { ...firstSeen };
  }
  return tally;
}

function seenBefore(a: { game: number; seat: number }, b: { game: number; seat: number }): boolean {
  return a.game < b.game || (a.game === b.game && a.seat < b.seat);
}

function addTables(tally: AgentTally, players: number, seatGames: number): void {
  let entry = tally.tables.find((t) => t.players === players);
  if (entry === undefined) {
    entry = { players, seatGames: 0 };
    tally.tables.push(entry);
    tally.tables.sort((a, b) => a.players - b.players);
  }
  entry.seatGames += seatGames;
}

function addWins(acc: SummaryAccumulator, winner: string, other: string, games: number): void {
  let entry = acc.wins.find((w) => w.winner === winner && w.other === other);
  if (entry === undefined) {
    entry = { winner, other, games: 0 };
    acc.wins.push(entry);
  }
  entry.games += games;
}

/** Adds one game to the accumulator (in place) and returns it. */
export function accumulate(acc: SummaryAccumulator, game: GameResult): SummaryAccumulator {
  acc.games++;
  if (game.unsolved) acc.unsolvedGames++;
  const rows = new Map<string, SeatResult[]>();
  for (const seat of game.seatResults) {
    const label = rowLabel(seat.agent, seat.role);
    rows.set(label, [...(rows.get(label) ?? []), seat]);
  }
  for (const [label, seats] of rows) {
    const tally = tallyOf(acc, label, { game: game.game, seat: seats[0].seat });
    const n = seats.length;
    addCluster(tally.wins, seats.filter((s) => s.won).length, n);
    const reporting = seats.filter((s) => s.reportsCertainty !== false);
    addCluster(tally.certain, reporting.filter((s) => s.turnsToCertain !== null).length, reporting.length);
    addGameTurns(tally.turnsToWin, seats.flatMap((s) => (s.won && s.turnsToWin !== null ? [s.turnsToWin] : [])));
    addGameTurns(tally.turnsToCertain, seats.flatMap((s) => (s.turnsToCertain !== null ? [s.turnsToCertain] : [])));
    tally.wrongAccusations += seats.reduce((sum, s) => sum + s.wrongAccusations, 0);
    for (const s of seats) {
      if (s.fault === undefined) continue;
      addFaults(tally, { [s.fault]: 1 });
      if (s.faultReason !== undefined) keepFaultReasons(tally, [{ game: game.game, seat: s.seat, kind: s.fault, ...s.faultReason }]);
    }
    addTables(tally, game.seatResults.length, n);
    if (game.suggestionsByRoom) {
      const sum = (f: (s: SeatResult) => number) => seats.reduce((total, s) => total + f(s), 0);
      addCluster((tally.turnsMoving ??= emptyClusterSums()), sum((s) => s.turnsMoving ?? 0), sum((s) => s.turnsTaken));
      addCluster((tally.roomsVisited ??= emptyClusterSums()), sum((s) => s.roomsVisited ?? 0), n);
    }
  }
  if (game.suggestionsByRoom) acc.suggestionsByRoom = addCounts(acc.suggestionsByRoom, game.suggestionsByRoom);
  if (acc.compositions) addComposition(acc.compositions, game, (seat) => rowLabel(seat.agent, seat.role));
  const winningSeat = game.winner === null ? undefined : game.seatResults.find((s) => s.seat === game.winner);
  if (winningSeat !== undefined) {
    const winner = rowLabel(winningSeat.agent, winningSeat.role);
    for (const other of rows.keys()) if (other !== winner) addWins(acc, winner, other, 1);
  }
  return acc;
}

/** The accumulator of both runs together (neither argument is changed). */
export function merge(a: SummaryAccumulator, b: SummaryAccumulator): SummaryAccumulator {
  const out: SummaryAccumulator = structuredClone(a);
  out.games += b.games;
  out.unsolvedGames += b.unsolvedGames;
  for (const from of b.agents) {
    const into = tallyOf(out, from.agent, from.firstSeen);
    addClusterSums(into.wins, from.wins);
    addClusterSums(into.certain, from.certain);
    addTurnSums(into.turnsToWin, from.turnsToWin);
    addTurnSums(into.turnsToCertain, from.turnsToCertain);
    into.wrongAccusations += from.wrongAccusations;
    if (from.faults) addFaults(into, from.faults);
    if (from.faultReasons) keepFaultReasons(into, structuredClone(from.faultReasons));
    for (const t of from.tables) addTables(into, t.players, t.seatGames);
    if (from.turnsMoving) addClusterSums((into.turnsMoving ??= emptyClusterSums()), from.turnsMoving);
    if (from.roomsVisited) addClusterSums((into.roomsVisited ??= emptyClusterSums()), from.roomsVisited);
  }
  for (const w of b.wins) addWins(out, w.winner, w.other, w.games);
  if (b.suggestionsByRoom) out.suggestionsByRoom = addCounts(out.suggestionsByRoom, b.suggestionsByRoom);
  if (b.compositions) mergeCompositions((out.compositions ??= []), b.compositions);
  return out;
}

function addFaults(tally: AgentTally, faults: Partial<Record<FaultKind, number>>): void {
  const into = (tally.faults ??= { illegal: 0, timeout: 0, crash: 0 });
  for (const kind of FAULT_KINDS) into[kind] += faults[kind] ?? 0;
}

/** Keeps the first FAULT_REASONS_KEPT fault records of the row and `records`, by game then seat (a seat faults at most once a game). */
function keepFaultReasons(tally: AgentTally, records: FaultRecord[]): void {
  tally.faultReasons = [...(tally.faultReasons ?? []), ...records].sort((a, b) => a.game - b.game || a.seat - b.seat).slice(0, FAULT_REASONS_KEPT);
}

function addCounts(into: number[] | undefined, counts: readonly number[]): number[] {
  return counts.map((c, i) => (into?.[i] ?? 0) + c);
}

/** Throws when a sum has left the exact integers of a double (2^53): merging would no longer be exact. */
function checkExact(value: unknown, path: string): void {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`summary sum ${path} = ${value} is not an exact integer (beyond 2^53?)`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => checkExact(v, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) checkExact(v, `${path}.${k}`);
  }
}

function agentSummary(t: AgentTally): AgentSummary {
  const seatGames = t.wins.n;
  const equalShares = t.tables.reduce((sum, table) => sum + table.seatGames / table.players, 0);
  // Seats whose agent reports certainty are summed in `certain`; with seats and none of them, it does not report.
  const reportsCertainty = seatGames === 0 || t.certain.n > 0;
  return {
    agent: t.agent,
    games: t.wins.clusters,
    seatGames,
    wins: t.wins.x,
    winRate: clusteredRate(t.wins),
    meanTurnsToWin: clusteredMean(t.turnsToWin.sums),
    medianTurnsToWin: clusteredMedian(t.turnsToWin),
    meanTurnsToCertain: clusteredMean(t.turnsToCertain.sums),
    medianTurnsToCertain: clusteredMedian(t.turnsToCertain),
    certainRate: reportsCertainty ? clusteredRate(t.certain) : null,
    reportsCertainty,
    wrongAccusations: t.wrongAccusations,
    faults: { illegal: 0, timeout: 0, crash: 0, ...t.faults },
    ...(t.faultReasons !== undefined && t.faultReasons.length > 0 && { faultReasons: t.faultReasons }),
    equalShare: seatGames === 0 ? null : equalShares / seatGames,
    turnsToCertain: t.turnsToCertain.counts.map((c) => ({ turn: c.turn, seatGames: c.seats })),
    ...(t.turnsMoving && { movingShare: clusteredRate(t.turnsMoving) }),
    ...(t.roomsVisited && { meanRoomsVisited: clusteredMean(t.roomsVisited, 0) }),
  };
}

/**
 * The Summary of the accumulated games: rows for the labels of `agentOrder` first (also those that
 * never played), then the others in order of first appearance (game, then seat).
 */
export function finalize(acc: SummaryAccumulator, agentOrder: readonly string[] = []): Summary {
  checkExact(acc.agents, 'agents');
  checkExact(acc.wins.map((w) => w.games), 'wins');
  if (acc.compositions) checkExact(acc.compositions.map((c) => [c.games, c.won]), 'compositions');
  const seen = [...acc.agents].sort((a, b) => (seenBefore(a.firstSeen, b.firstSeen) ? -1 : seenBefore(b.firstSeen, a.firstSeen) ? 1 : 0));
  const labels = [...new Set([...agentOrder, ...seen.map((t) => t.agent)])];
  const tallies = labels.map((label) => acc.agents.find((t) => t.agent === label) ?? emptyTally(label, { game: 0, seat: 0 }));
  const winsOf = (winner: string, other: string): number => acc.wins.find((w) => w.winner === winner && w.other === other)?.games ?? 0;
  const headToHead: Summary['headToHead'] = {};
  for (const a of labels) {
    headToHead[a] = {};
    for (const b of labels) {
      if (b === a) continue;
      const won = winsOf(a, b);
      const games = won + winsOf(b, a);
      const entry: HeadToHead = { games, won, share: games === 0 ? null : wilson(won, games) };
      headToHead[a][b] = entry;
    }
  }
  const board = acc.suggestionsByRoom && { suggestionsByRoom: Object.fromEntries(ROOMS.map((room, r) => [ROOM_NAMES[room], acc.suggestionsByRoom![r]])) };
  const league = acc.compositions && { league: leagueSummary(acc.compositions, labels) };
  return { games: acc.games, unsolvedGames: acc.unsolvedGames, agents: tallies.map(agentSummary), headToHead, ...board, ...league };
}

/** Summarises finished games: finalize(accumulate over the results). */
export function summarize(results: readonly GameResult[], agentOrder?: readonly string[]): Summary {
  const acc = emptyAccumulator();
  for (const game of results) accumulate(acc, game);
  return finalize(acc, agentOrder);
}
