// Playing numbered games of a tournament. Game g is fully determined by the run's seed and g (its
// deal, every agent's generator), so any thread can play any game and the results are the same.
import { makeDeck, type Deck } from '../model/deck.js';
import { Random } from '../model/random.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { createAgent, parseAgentSpec, type AgentSpec } from '../agents/registry.js';
import { playGame, playGameAsync, type PlayedGame, type PlayOptions } from '../game/play.js';
import type { Agent, SyncAgent } from '../game/agent.js';
import { makeExternalAgent, prepareExternalAgents, type ExternalAgentDefinition } from '../agents/external/definitions.js';
import type { SeatView } from '../game/seat-view.js';
import { thesisOpponent } from '../agents/thesis-opponent.js';
import { randomDeal, type Deal, type EndmoveRule, type GameSpec } from '../game/rules/deal.js';
import { resultObserver, type GameResult } from './results.js';
import type { BoardRules } from '../game/board/movement.js';
import { leagueSeating } from './league-schedule.js';
import { addGameTimes, type DecisionTimes } from './decision-times.js';
import { addDuration, BIN_COUNT, type TimeHistogram } from './time-histogram.js';

export interface TournamentConfig {
  /** Categories of the deck, in order (default: the classic deck). */
  deck: Record<string, string[]>;
  players: number;
  /** Agent labels; seats take them in rotation, shifted by one every game (in a league: the pool the tables are drawn from). */
  agents: string[];
  /**
   * 'league': every game's table is p different agents of `agents`, drawn in balanced cycles
   * (league-schedule.ts), and the summary rates the agents (luce.ts). Absent: seats in rotation.
   */
  schedule?: 'league';
  maxTurns: number;
  faceUpCount?: number;
  /** When a turn ended without an accusation is announced by an endmove (default 'never'). */
  endmove?: EndmoveRule;
  /** Solo measurement: this agent in one seat (rotating), the field agent everywhere else, never accusing. */
  solo?: { agent: string; field: string };
  /** Play on the classic board under these rules (absent: the card game). */
  board?: BoardRules;
  /**
   * The thesis's experiment (thesis.ts): agents[0] measured in seat 0 among scripted opponents
   * (play/agents/thesis-opponent.ts). Every seat shows the first named card of its hand; the
   * measured agent never accuses and wins when its suggestion names the envelope.
   */
  preset?: 'thesis';
  /** Agents from outside (programs, modules), by the names `agents` calls them. */
  external?: ExternalAgentDefinition[];
}

/** The agent label of each seat in game `game` of a run; a league's tables depend on the run's seed too. */
export function seatAgents(config: TournamentConfig, game: number, seed?: number): string[] {
  if (config.schedule === 'league') {
    if (seed === undefined) throw new RangeError("seatAgents: a league's tables are drawn from the run's seed: give it");
    return leagueSeating(config.agents.length, config.players, seed, game).map((a) => config.agents[a]);
  }
  if (config.solo) {
    const soloSeat = game % config.players;
    return Array.from({ length: config.players }, (_, s) => (s === soloSeat ? config.solo!.agent : config.solo!.field));
  }
  const k = config.agents.length;
  return Array.from({ length: config.players }, (_, s) => config.agents[(s + game) % k]);
}

export function playerNames(n: number): string[] {
  return Array.from({ length: n }, (_, s) => `P${s}`);
}

/** A game played and measured: its result, and each seat's knowledge at the end (replayable logs). */
export interface ScoredGame {
  result: GameResult;
  views: SeatView[];
  /** Played with a clock: each seat's decision times (a sketch per seat). Not decided by the seed. */
  decisionTimes?: TimeHistogram[];
}

/** The wall clock decisions are timed with (ms). */
const WALL_CLOCK = (): number => performance.now();

/** Plays a game (game/play.ts) and measures it by observing its steps; `game` numbers it in its run. With a `clock`, its decisions are timed. */
export function playScored(spec: GameSpec, agents: SyncAgent[], rng: Random, game: number, options: Omit<PlayOptions, 'onStep' | 'timer'> = {}, clock?: () => number): ScoredGame {
  const observer = observerOf(agents, clock);
  return observer.scored(playGame(spec, agents, rng, { ...options, ...observer.options }), game);
}

/** As playScored, for agents that may answer asynchronously (programs, modules). */
export async function playScoredAsync(spec: GameSpec, agents: Agent[], rng: Random, game: number, options: Omit<PlayOptions, 'onStep' | 'timer'> = {}, clock?: () => number): Promise<ScoredGame> {
  const observer = observerOf(agents, clock);
  return observer.scored(await playGameAsync(spec, agents, rng, { ...options, ...observer.options }), game);
}

/** What observes a game: its steps for its result, and with a `clock` each seat's decisions, timed. */
function observerOf(agents: readonly Agent[], clock: (() => number) | undefined) {
  const results = resultObserver(
    agents.map((a) => a.label),
    agents.map((a) => a.reportsCertainty !== false),
  );
  // Every bin from the start: a decision is counted without the sketch's growing (the rows it is added to keep only the bins used).
  const seats: TimeHistogram[] | undefined = clock && agents.map(() => ({ decisions: 0, totalNs: 0, firstBin: 0, counts: new Array<number>(BIN_COUNT).fill(0) }));
  const options: Pick<PlayOptions, 'onStep' | 'timer'> = { onStep: results.onStep, ...(clock && { timer: { now: clock, decided: (seat: number, ms: number) => addDuration(seats![seat], ms) } }) };
  const scored = ({ final, views }: PlayedGame, game: number): ScoredGame => ({ result: results.result(final, game), views, ...(seats && { decisionTimes: seats }) });
  return { options, scored };
}

/** Whether a run has agents from outside, which answer asynchronously. */
export function hasExternalAgents(config: TournamentConfig): boolean {
  return (config.external?.length ?? 0) > 0;
}

/** Game `game` of a run, ready to play: the table, each seat's agent, chance's generator, the deal when it is scripted. */
function tableOf(config: TournamentConfig, seed: number, game: number, core: KnowledgeCore, deck: Deck): { spec: GameSpec; agents: Agent[]; rng: Random; deal?: Deal } {
  if (config.preset === 'thesis') {
    // The deal is drawn first, from the game's stream as playGame would, for the opponents to be scripted on.
    const spec: GameSpec = { deck, players: playerNames(config.players), maxTurns: config.maxTurns, finder: 0 };
    const deal = randomDeal(spec, new Random(seed, game));
    const measured = createAgent(parseAgentSpec(config.agents[0]), new Random(seed, game, 1), core, { accuse: 'never', refute: 'first' });
    const opponents = Array.from({ length: config.players - 1 }, (_, k) => thesisOpponent(deal.envelope, new Random(seed, game, 2 + k)));
    return { spec, agents: [measured, ...opponents], rng: new Random(seed, game), deal };
  }
  const players = playerNames(config.players);
  const external = new Map((config.external ?? []).map((d) => [d.name, d]));
  const agents = seatAgents(config, game, seed).map((label, s): Agent => {
    const definition = external.get(label);
    if (definition !== undefined) return makeExternalAgent({ definition, runSeed: seed, game, seat: s, deck, players });
    return createAgent(parseAgentSpec(label), new Random(seed, game, 1 + s), core, config.solo && !isSoloSeat(config, game, s) ? { accuse: 'never' } : {});
  });
  const spec = { deck, players, maxTurns: config.maxTurns, faceUpCount: config.faceUpCount, endmove: config.endmove, board: config.board };
  return { spec, agents, rng: new Random(seed, game) };
}

function withRoles(config: TournamentConfig, game: number, played: ScoredGame): ScoredGame {
  if (!config.solo) return played;
  // The role after the agent, where the shard file's schema has it: a game's JSON record has the
  // same bytes from one run and from merged shards.
  const seatResults = played.result.seatResults.map(({ seat, agent, ...rest }) => ({ seat, agent, role: isSoloSeat(config, game, seat) ? ('solo' as const) : ('field' as const), ...rest }));
  return { ...played, result: { ...played.result, seatResults } };
}

/**
 * Plays game `game` of a run of built-in agents; the views are each seat's knowledge at the end
 * (replayable logs). With a `clock`, its decisions are timed.
 */
export function playTournamentGame(config: TournamentConfig, seed: number, game: number, core: KnowledgeCore, deck: Deck = makeDeck(config.deck), clock?: () => number): ScoredGame {
  if (hasExternalAgents(config)) throw new Error('playTournamentGame: this run has agents from outside; play it with playTournamentGameAsync');
  const { spec, agents, rng, deal } = tableOf(config, seed, game, core, deck);
  return withRoles(config, game, playScored(spec, agents as SyncAgent[], rng, game, { deal }, clock));
}

/**
 * Plays game `game` of a run (the library's playTournamentGame), agents from outside included (got
 * ready in this thread on first use): the same game on any thread. The views are each seat's
 * knowledge at the end (replayable logs).
 */
export async function playTournamentGameAsync(
  config: TournamentConfig,
  seed: number,
  game: number,
  core: KnowledgeCore,
  deck: Deck = makeDeck(config.deck),
  clock?: () => number,
): Promise<ScoredGame> {
  await prepareExternalAgents(config.external ?? []);
  const { spec, agents, rng, deal } = tableOf(config, seed, game, core, deck);
  return withRoles(config, game, await playScoredAsync(spec, agents, rng, game, { deal }, clock));
}

function isSoloSeat(config: TournamentConfig, game: number, seat: number): boolean {
  return config.solo !== undefined && seat === game % config.players;
}

/** A played game's result, its decision times added to `times` when given. */
function resultOf(played: ScoredGame, times: DecisionTimes | undefined): GameResult {
  if (times !== undefined) addGameTimes(times, played.result, played.decisionTimes!);
  return played.result;
}

/** Plays games `from` to `to` (exclusive) of a run of built-in agents; with `times`, their decisions are timed and added to it. */
export function playTournamentGames(config: TournamentConfig, seed: number, from: number, to: number, core: KnowledgeCore, times?: DecisionTimes): GameResult[] {
  const deck = makeDeck(config.deck);
  const clock = times && WALL_CLOCK;
  const results: GameResult[] = [];
  for (let g = from; g < to; g++) results.push(resultOf(playTournamentGame(config, seed, g, core, deck, clock), times));
  return results;
}

/** Plays games `from` to `to` (exclusive) of any run, agents from outside included; with `times`, as playTournamentGames. */
export async function playTournamentGamesAsync(config: TournamentConfig, seed: number, from: number, to: number, core: KnowledgeCore, times?: DecisionTimes): Promise<GameResult[]> {
  const deck = makeDeck(config.deck);
  const clock = times && WALL_CLOCK;
  const results: GameResult[] = [];
  for (let g = from; g < to; g++) results.push(resultOf(await playTournamentGameAsync(config, seed, g, core, deck, clock), times));
  return results;
}
