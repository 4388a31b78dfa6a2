/**
 * The epistemic layer: formulas of epistemic logic about a game (who knows what, common knowledge,
 * announcements: docs/epistemic.md), evaluated by the first engine that supports them (the
 * explicit Kripke model, or the full-size engine through the counting core); what the other seats
 * know; and the analysis under rational opponents. No Node built-in is imported.
 *
 * @module cluedo-engine/epistemic
 */
export { parseFormula, parseFormulaJson, parseFormulaText, printFormula, formulaToJson, MAX_FORMULA_DEPTH } from '../epistemic/language/index.js';
export { TRUE, FALSE, has, not, and, or, implies, iff, K, M, E, D, C, Kenv, announce, learnsWhether, isPropositional, modalDepth, children } from '../epistemic/language/index.js';
export type { Formula, Op, FormulaNames, FormulaJson } from '../epistemic/language/index.js';
export { knows } from '../analysis/knows.js';
export type { AskOptions } from '../analysis/knows.js';
export { DEFAULT_KNOWS_SAMPLES } from '../epistemic/knows.js';
export type { FormulaQuery, KnowsResult, KnowsReport, KnowsOptions } from '../epistemic/knows.js';
export { textQueries, fileQueries, formulaNames } from '../epistemic/queries.js';
export type { Semantics, Probability } from '../epistemic/semantics.js';
export { engineFor } from '../epistemic/semantics.js';
export { ExplicitEngine, explicitModelMayFit } from '../epistemic/explicit/engine.js';
export { FullSizeEngine, unsupportedAtFullSize } from '../epistemic/full-size.js';
export { buildGameModel, ModelTooLargeError, DEFAULT_MAX_WORLDS } from '../epistemic/explicit/game-model.js';
export type { GameModel, ModelOptions, ShowcardReading } from '../epistemic/explicit/game-model.js';
export { KripkeModel, Partition } from '../epistemic/explicit/model.js';
export { ExplicitEvaluator } from '../epistemic/explicit/evaluate.js';
export { opponents, nearlyKenv, DEFAULT_OPPONENT_SAMPLES, EXACT_OPPONENT_WORLDS } from '../analysis/opponents.js';
export type { Opponents, OpponentKnowledge, OpponentsOptions } from '../analysis/opponents.js';
export { opponentsJson } from '../analysis/json.js';
export { rationalAnalysis, withEndmoves } from '../analysis/rational.js';
export type { RationalAnalysis, RationalOptions } from '../analysis/rational.js';
