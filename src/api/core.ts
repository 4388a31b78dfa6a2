/**
 * The library's core (the package's main entry): logs, the analysis of a position, suggestions,
 * explanations, and the knowledge core underneath. No Node built-in is imported: it runs as it is
 * in a browser (load the Wasm modules there first: loadWasmModule). Results are keyed by index
 * (cards index the deck, seats the players); the `*Json` functions name them for programs and files.
 *
 * @module cluedo-engine
 */

// A game and its log
export type { Game } from '../model/game.js';
export { ENVELOPE, TABLE, ownerWidth, slotOf, ownerAt } from '../model/owners.js';
export type { GameEvent, SuggestionEvent, AccusationEvent, LookEvent, SuggestEvent, NocardEvent, ShowcardEvent, EndmoveEvent } from '../model/events.js';
export { CLASSIC_CATEGORIES } from '../model/deck.js';
export type { Deck, Category } from '../model/deck.js';
export { parseGame } from '../io/log.js';
export type { GameLog, GameLogEvent, LogPart, LogWords } from '../io/log.js';
export { gameToLog } from '../io/write-log.js';
export { toJson } from '../io/json.js';
export { InputError, libraryWords } from '../model/errors.js';
export type { ErrorFields, LibraryTerm, Phrase } from '../model/errors.js';
export { Random } from '../model/random.js';

// The rules: variants, and what every event means
export { DEFAULT_RULES, RULE_VARIANTS, nonStandardVariants, answersTo, actionsOf } from '../model/rules.js';
export type { Rules, RuleVariant, KnowledgeAction, Answer } from '../model/rules.js';

// Names
export { makeNameResolver, UnknownNameError, AmbiguousNameError } from '../model/names.js';
export type { NameResolver, NameKind } from '../model/names.js';

// The analysis of a position
export { analyze } from '../analysis/estimate.js';
export type { AnalyzeRequestOptions } from '../analysis/estimate.js';
export { deduce, envelopeProbability } from '../analysis/analyze.js';
export type { Analysis, AnalysisMethod, AnalyzeOptions, Solution, Placement, StandardErrors, ResponsesReading } from '../analysis/analyze.js';
export type { CardDeduction, Owner } from '../knowledge/deduce.js';
export { RESPONSE_POLICIES } from '../knowledge/responses.js';
export type { ResponsePolicy } from '../knowledge/responses.js';
export { suggest, MAX_SUGGEST_SAMPLES } from '../analysis/suggest.js';
export type { SuggestOptions, SuggestResult, SuggestionScore, ResponseModel } from '../analysis/suggest.js';
export { countingWork, informationByCounting } from '../analysis/exact-information.js';
export type { InformationRequest, InformationByCounting } from '../analysis/exact-information.js';
export { explain, findContradiction } from '../analysis/explain.js';
export type { Explanation, Question, ExplainOptions } from '../analysis/explain.js';
export type { Contradiction, ExplainedEvent } from '../analysis/contradiction.js';
export type { Corrections } from '../analysis/corrections.js';
export { analysisJson, suggestionsJson, explanationJson, refutationAdviceJson, accusationAdviceJson, ownerName } from '../analysis/json.js';
export { refutationAdvice } from '../analysis/refute-advice.js';
export { accusationAdvice } from '../analysis/accuse-advice.js';
export type { AccusationAdvice, AccusationAdviceOptions } from '../analysis/accuse-advice.js';
export type { RefutationAdvice, RefutationRequest, ShowOption } from '../analysis/refute-advice.js';
export type { AnalysisJson } from '../analysis/json.js';

// Where work runs: this thread, or a pool of workers (Node's: the ./node entry; a browser's: libraryWorkerPool)
export type { Executor, TaskRef, TaskModule, RunOptions } from '../runtime/executor.js';
export { CancelledError, WorkerFailedError } from '../runtime/executor.js';
export { InProcessExecutor } from '../runtime/in-process.js';
export { WebWorkerPool } from '../runtime/web-pool.js';
export type { WebPoolOptions } from '../runtime/web-pool.js';
export { serveTasks } from '../runtime/web-worker.js';
export { LIBRARY_TASK_MODULES, libraryWorkerPool, serveLibraryTasks } from '../analysis/web-workers.js';
export type { LibraryWorkerOptions } from '../analysis/web-workers.js';

// The knowledge core: the Wasm modules, and the core and positions the options and OpenGame hand over
export { KnowledgeCore, Position, PositionTooLargeError, WASM_PATH } from '../knowledge/wasm-core.js';
export type { Answering, PositionStatus } from '../knowledge/wasm-core.js';
export { provideWasmModule, loadWasmModule } from '../knowledge/wasm-module.js';
export { KRIPKE_WASM_PATH } from '../epistemic/kripke-wasm.js';
export { BDD_WASM_PATH } from '../epistemic/bdd-wasm.js';
export { SearchGaveUpError } from '../knowledge/search.js';
export { NoConsistentDealError } from '../knowledge/mcmc.js';

// A game kept open at the table: parsed once, its position kept, each entry conditioning it
export { OpenGame } from '../analysis/open-game.js';
export { ContradictionError } from '../analysis/contradiction.js';
