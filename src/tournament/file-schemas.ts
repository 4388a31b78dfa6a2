// The schemas of what tournament files hold, read back with every problem named by its JSON path:
// a run's settings, the summary sums, games' results, and decision times. A shard file (shards.ts) and a run's
// --json file (run-file.ts) are made of them.
import * as z from 'zod';
import { BIN_COUNT } from './time-histogram.js';

/** A whole number from 0, and from 1. */
export const whole = z.number().int().min(0);
export const positive = z.number().int().min(1);
const names = z.array(z.string());
const clusterSums = z.strictObject({ clusters: whole, x: whole, n: whole, xx: whole, xn: whole, nn: whole });
const turnSums = z.strictObject({
  sums: clusterSums,
  counts: z.array(z.strictObject({ turn: positive, seats: whole, seatsTimesGameCount: whole, squareStep: whole })),
});
const faultReason = {
  request: z.strictObject({ type: z.string(), id: positive.optional() }),
  reply: z.string().optional(),
  replyBytes: positive.optional(),
  problem: z.string(),
};
const faultKind = z.enum(['illegal', 'timeout', 'crash']);
const agentTally = z.strictObject({
  agent: z.string(),
  firstSeen: z.strictObject({ game: whole, seat: whole }),
  wins: clusterSums,
  certain: clusterSums,
  turnsToWin: turnSums,
  turnsToCertain: turnSums,
  wrongAccusations: whole,
  faults: z.strictObject({ illegal: whole, timeout: whole, crash: whole }).optional(),
  faultReasons: z.array(z.strictObject({ game: whole, seat: whole, kind: faultKind, ...faultReason })).optional(),
  tables: z.array(z.strictObject({ players: positive, seatGames: whole })),
  turnsMoving: clusterSums.optional(),
  roomsVisited: clusterSums.optional(),
});
export const accumulatorSchema = z.strictObject({
  games: whole,
  unsolvedGames: whole,
  agents: z.array(agentTally),
  wins: z.array(z.strictObject({ winner: z.string(), other: z.string(), games: whole })),
  suggestionsByRoom: z.array(whole).optional(),
  compositions: z.array(z.strictObject({ agents: names, seats: z.array(positive), games: whole, won: z.array(whole) })).optional(),
});
/** Decision times (decision-times.ts): per summary row, its seat-games and the sketch of its decisions' times. */
export const decisionTimesSchema = z.strictObject({
  agents: z.array(
    z.strictObject({
      agent: z.string(),
      seatGames: whole,
      decisions: whole,
      totalNs: whole,
      firstBin: whole.max(BIN_COUNT - 1),
      counts: z.array(whole).max(BIN_COUNT),
    }),
  ),
});
export const configSchema = z.strictObject({
  deck: z.record(z.string(), names),
  players: positive,
  agents: names,
  schedule: z.literal('league').optional(),
  maxTurns: positive,
  faceUpCount: whole.optional(),
  endmove: z.enum(['never', 'unanswered', 'always']).optional(),
  solo: z.strictObject({ agent: z.string(), field: z.string() }).optional(),
  external: z
    .array(z.strictObject({ name: z.string(), command: z.array(z.string()).optional(), module: z.string().optional(), timeoutMs: positive }))
    .optional(),
  board: z
    .strictObject({
      dice: z.strictObject({ count: positive, sides: positive }),
      steps: z.enum(['exact', 'atMost']),
      exitCost: whole,
      summon: z.boolean(),
    })
    .optional(),
});
const seatResult = z.strictObject({
  seat: whole,
  agent: z.string(),
  role: z.enum(['solo', 'field']).optional(),
  won: z.boolean(),
  eliminated: z.boolean(),
  fault: faultKind.optional(),
  faultReason: z.strictObject(faultReason).optional(),
  wrongAccusations: whole,
  turnsTaken: whole,
  turnsToWin: positive.nullable(),
  turnsToCertain: positive.nullable(),
  reportsCertainty: z.literal(false).optional(),
  turnsMoving: whole.optional(),
  roomsVisited: whole.optional(),
});
export const gameResultSchema = z.strictObject({
  game: whole,
  seats: names,
  winner: whole.nullable(),
  unsolved: z.boolean(),
  turns: whole,
  rounds: whole,
  seatResults: z.array(seatResult),
  suggestionsByRoom: z.array(whole).optional(),
});

/** The path of a problem in a JSON file, as messages name it: "games[3].seatResults[0].won". */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out === '' ? String(key) : `${out}.${String(key)}`), '');
}
