// The library: the same answers as the CLI, as typed calls.
export { analyze, analyzeGame, deduce, DEFAULT_SEED } from './inference/analyze.js';
export type { Analysis, AnalyzeOptions, Solution } from './inference/analyze.js';
export type { CardDeduction, Placement } from './inference/deduce.js';
export { parseGame, readGameLogFile } from './game/log.js';
export { constraintsOf } from './game/constraints-of.js';
export type { Game, GameEvent, SuggestionEvent, AccusationEvent } from './game/types.js';
export { CLASSIC_DECK, makeDeck } from './core/deck.js';
export type { Deck, Category } from './core/deck.js';
export type { ConstraintStore, Clause } from './core/constraints.js';
export { KnowledgeCore, PositionTooLargeError } from './core/wasm-core.js';
export { InputError } from './errors.js';
export { suggest, suggestGame, DEFAULT_SUGGEST_SAMPLES } from './inference/suggest.js';
export type { SuggestOptions, SuggestResult, SuggestionScore, ResponseModel } from './inference/suggest.js';
export { estimate, estimateGame } from './inference/estimate.js';
export type { Estimate, EstimateOptions } from './inference/estimate.js';
export { InferencePool, CancelledError, WorkerFailedError } from './pool/pool.js';
export type { PoolOptions } from './pool/pool.js';
