/**
 * Playing Clue: the rules as a state machine (legal actions, chance's moves, what each seat is
 * told), the classic board, the game loop and the agents, and tournaments with honest statistics
 * (summaries, text, HTML and CSV reports, shards merged exactly). No Node built-in is imported;
 * Node's worker pool for tournaments is in the ./node entry.
 *
 * @module cluedo-engine/play
 */
export type { GameSpec, Deal, EndmoveRule } from '../game/rules/deal.js';
export { dealCards } from '../game/rules/deal.js';
export type { GameState, Phase, Suggestion, BoardPlay } from '../game/rules/state.js';
export { newGame, toMove, isChance, isTerminal, returns } from '../game/rules/state.js';
export type { Action, Step } from '../game/rules/actions.js';
export { legalActions, applyAction, sampleChance, IllegalActionError } from '../game/rules/actions.js';
export { SeatView } from '../game/seat-view.js';
export type { TableSetup } from '../game/seat-view.js';
export type { Agent, SyncAgent, Awaitable, Decision, GameOutcome, FaultKind, FaultReason, Exchange, MovementPolicy, SyncMovementPolicy, BoardSituation, Opening } from '../game/agent.js';
export { AgentFault, AgentUnavailableError } from '../game/agent.js';
export type { AgentContext, AgentMaker } from '../agents/external/module-agent.js';
export type { ExternalAgentDefinition } from '../agents/external/definitions.js';
// One game loop for every agent, answering at once or asynchronously: a promise.
export { playGameAsync as playGame } from '../game/play.js';
export type { PlayedGame, PlayOptions, PlayStep, DecisionTimer } from '../game/play.js';
export { ROOMS, ROOM_NAMES, CHARACTERS, DOORS, PASSAGES, STARTS, WIDTH, HEIGHT } from '../game/board/classic.js';
export type { Room, Character, Cell } from '../game/board/classic.js';
export { DEFAULT_BOARD_RULES } from '../game/board/movement.js';
export type { BoardRules, Place } from '../game/board/movement.js';
export { reachable, roomDistance } from '../game/board/paths.js';
export type { BoardBinding } from '../game/board/binding.js';
export { createAgent, parseAgentSpec, AGENT_NAMES } from '../agents/registry.js';
export type { AgentSpec, AgentName } from '../agents/registry.js';
export { runTournament } from '../tournament/run.js';
export type { TournamentRunOptions, TournamentOutcome } from '../tournament/run.js';
export { playTournamentGameAsync as playTournamentGame } from '../tournament/play.js';
export type { TournamentConfig, ScoredGame } from '../tournament/play.js';
export type { GameResult, SeatResult, SeatRole } from '../tournament/results.js';
export { summarize, emptyAccumulator, accumulate, merge, finalize } from '../tournament/summary.js';
export type { SummaryAccumulator, AgentTally, WinTally } from '../tournament/summary.js';
export { mergeDecisionTimes, decisionTimeRows } from '../tournament/decision-times.js';
export type { DecisionTimes, AgentDecisionTimes, DecisionTimeRow } from '../tournament/decision-times.js';
export type { TimeHistogram } from '../tournament/time-histogram.js';
export type { Summary, AgentSummary, FaultRecord, HeadToHead, Interval, LeagueSummary, AgentRating } from '../tournament/types.js';
export type { CompositionTally } from '../tournament/league.js';
export { renderSummary } from '../tournament/text-report.js';
export { renderHtmlReport } from '../tournament/html-report.js';
export { toCsv } from '../tournament/csv.js';
export { shardRange, playShard, shardFileText, parseShardFile, mergeShards } from '../tournament/shards.js';
export type { ShardRange, ShardFile, ShardOutcome, MergedShards } from '../tournament/shards.js';
