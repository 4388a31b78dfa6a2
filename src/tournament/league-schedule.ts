// The tables of a league: k agents, p seats, every table p different agents. A cycle plays each
// of the C(k, p) sets of p agents once, in an order drawn from the seed, each set in p consecutive
// games that rotate one seating of it (every member in every seat once). Over a full cycle every
// agent plays C(k−1, p−1)·p games, every pair sits together C(k−2, p−2)·p times, and every agent
// takes every seat equally often. The seating of a set is a cyclic order (who sits after whom:
// refutations go round the table in that order), which changes by one step each cycle through the
// (p−1)! cyclic orders, from a start drawn for that set: after (p−1)! cycles every agent has sat
// right after every other equally often; before, the orders are drawn at random.
//
// Game g's table is computed from (seed, g, k, p) alone, in a few steps whatever k: the set of the
// g-th slot comes from a random-access permutation of the sets (model/permutation.ts) and the
// combinatorial number system, so any thread, shard or queue worker seats any game the same way.
import { permutedIndex } from '../model/permutation.js';
import { Random, splitmix64 } from '../model/random.js';

/** The first stream id of the schedule's generators: games use their number (≥ 0) there. */
const SCHEDULE_STREAM = -1;

/** C(n, k), exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let out = 1n;
  for (let i = 0; i < Math.min(k, n - k); i++) out = (out * BigInt(n - i)) / BigInt(i + 1);
  return out;
}

function factorial(n: number): number {
  let out = 1;
  for (let i = 2; i <= n; i++) out *= i;
  return out;
}

/** The games of a full cycle of a league of k agents at tables of p: C(k, p)·p. */
export function leagueCycle(agents: number, players: number): bigint {
  return binomial(agents, players) * BigInt(players);
}

/** The `rank`-th set of p of 0..k−1 in lexicographic order (0-based), ascending. */
export function combinationAt(rank: bigint, agents: number, players: number): number[] {
  const members: number[] = [];
  let rest = rank;
  let next = 0;
  for (let slot = 0; slot < players; slot++) {
    for (let c = next; ; c++) {
      const starting = binomial(agents - c - 1, players - slot - 1); // sets with c in this slot
      if (rest < starting) {
        members.push(c);
        next = c + 1;
        break;
      }
      rest -= starting;
    }
  }
  return members;
}

/** The `index`-th permutation of `items` in lexicographic order of positions (Lehmer code). */
function permutationAt(index: number, items: readonly number[]): number[] {
  const left = [...items];
  const out: number[] = [];
  let rest = index;
  for (let n = left.length; n > 0; n--) {
    const block = factorial(n - 1);
    out.push(...left.splice(Math.floor(rest / block), 1));
    rest %= block;
  }
  return out;
}

/** A 64-bit key drawn from the seed for one purpose of the schedule. */
function scheduleKey(seed: number, ...ids: number[]): bigint {
  const random = new Random(seed, SCHEDULE_STREAM, ...ids);
  return (BigInt(random.nextU32()) << 32n) | BigInt(random.nextU32());
}

/**
 * The agents (indexes into the pool of `agents`) in seats 0..p−1 of game `game` of a league
 * drawn from `seed`; 2 ≤ players ≤ agents.
 */
export function leagueSeating(agents: number, players: number, seed: number, game: number): number[] {
  if (!(players >= 2 && players <= agents)) throw new RangeError(`a league seats ${players} of ${agents} agents: it needs 2 ≤ players ≤ agents`);
  const sets = binomial(agents, players);
  const g = BigInt(game);
  const cycle = g / (sets * BigInt(players));
  const slot = (g / BigInt(players)) % sets;
  const turn = Number(g % BigInt(players));
  const rank = permutedIndex(slot, sets, scheduleKey(seed, 0, Number(cycle)));
  const members = combinationAt(rank, agents, players);
  // The set's own draw, the same every cycle: where its walk through the cyclic orders starts, and which rotation comes first.
  const orders = factorial(players - 1);
  const draw = splitmix64(scheduleKey(seed, 1) ^ rank);
  const order = Number((draw % BigInt(orders) + cycle) % BigInt(orders));
  const first = Number((draw / BigInt(orders)) % BigInt(players));
  const round = [members[0], ...permutationAt(order, members.slice(1))];
  return Array.from({ length: players }, (_, s) => round[(s + turn + first) % players]);
}
