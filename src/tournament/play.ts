// Playing numbered games of a tournament. Game g is fully determined by the run's seed and g (its
// deal, every agent's generator), so any thread can play any game and the results are the same.
import { makeDeck, type Deck } from '../model/deck.js';
import { Random } from '../model/random.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { createAgent, parseAgentSpec, type AgentSpec } from '../agents/registry.js';
import { playGame, type PlayOptions } from '../game/play.js';
import type { Agent } from '../game/agent.js';
import type { SeatView } from '../game/seat-view.js';
import { thesisOpponent } from '../agents/thesis-opponent.js';
import { randomDeal, type EndmoveRule, type GameSpec } from '../game/rules/deal.js';
import { resultObserver, type GameResult } from './results.js';
import type { BoardRules } from '../game/board/movement.js';

export interface TournamentConfig {
  /** Categories of the deck, in order (default: the classic deck). */
  deck: Record<string, string[]>;
  players: number;
  /** Agent labels; seats take them in rotation, shifted by one every game. */
  agents: string[];
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
}

export function seatAgents(config: TournamentConfig, game: number): string[] {
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
}

/** Plays a game (game/play.ts) and measures it by observing its steps; `game` numbers it in its run. */
export function playScored(spec: GameSpec, agents: Agent[], rng: Random, game: number, options: Omit<PlayOptions, 'onStep'> = {}): ScoredGame {
  const observer = resultObserver(agents.map((a) => a.label));
  const { final, views } = playGame(spec, agents, rng, { ...options, onStep: observer.onStep });
  return { result: observer.result(final, game), views };
}

/** Plays game `game` of a run; the views are each seat's knowledge at the end (replayable logs). */
export function playTournamentGame(config: TournamentConfig, seed: number, game: number, core: KnowledgeCore, deck: Deck = makeDeck(config.deck)): ScoredGame {
  if (config.preset === 'thesis') return playThesisGame(config, seed, game, core, deck);
  const labels = seatAgents(config, game);
  const specs: AgentSpec[] = labels.map(parseAgentSpec);
  const agents = specs.map((spec, s) =>
    createAgent(spec, new Random(seed, game, 1 + s), core, config.solo && !isSoloSeat(config, game, s) ? { accuse: 'never' } : {}),
  );
  const spec = { deck, players: playerNames(config.players), maxTurns: config.maxTurns, faceUpCount: config.faceUpCount, endmove: config.endmove, board: config.board };
  const played = playScored(spec, agents, new Random(seed, game), game);
  if (config.solo) for (const seat of played.result.seatResults) seat.role = isSoloSeat(config, game, seat.seat) ? 'solo' : 'field';
  return played;
}

/** The deal is drawn first, from the game's stream as playGame would, for the opponents to be scripted on. */
function playThesisGame(config: TournamentConfig, seed: number, game: number, core: KnowledgeCore, deck: Deck): ScoredGame {
  const spec: GameSpec = { deck, players: playerNames(config.players), maxTurns: config.maxTurns, finder: 0 };
  const deal = randomDeal(spec, new Random(seed, game));
  const measured = createAgent(parseAgentSpec(config.agents[0]), new Random(seed, game, 1), core, { accuse: 'never', refute: 'first' });
  const opponents = Array.from({ length: config.players - 1 }, (_, k) => thesisOpponent(deal.envelope, new Random(seed, game, 2 + k)));
  return playScored(spec, [measured, ...opponents], new Random(seed, game), game, { deal });
}

function isSoloSeat(config: TournamentConfig, game: number, seat: number): boolean {
  return config.solo !== undefined && seat === game % config.players;
}

export function playTournamentGames(config: TournamentConfig, seed: number, from: number, to: number, core: KnowledgeCore): GameResult[] {
  const deck = makeDeck(config.deck);
  const results: GameResult[] = [];
  for (let g = from; g < to; g++) results.push(playTournamentGame(config, seed, g, core, deck).result);
  return results;
}
