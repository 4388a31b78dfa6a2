// The formula language of the epistemic layer (docs/epistemic.md §2): the syntax tree, its two
// input forms (a JSON tree for programs, a line of text for people) and its printed forms.
import type { Formula } from './formula.js';
import type { FormulaNames } from './names.js';
import { parseFormulaJson } from './parse-json.js';
import { parseFormulaText } from './parse-text.js';

export * from './formula.js';
export { MAX_FORMULA_DEPTH, type FormulaNames } from './names.js';
export { parseFormulaJson } from './parse-json.js';
export { parseFormulaText } from './parse-text.js';
export { formulaToJson, printFormula, type FormulaJson } from './print.js';

/** A formula as either form: a string is text, anything else a JSON tree (as in a formulas file). */
export function parseFormula(input: unknown, names: FormulaNames): Formula {
  return typeof input === 'string' ? parseFormulaText(input, names) : parseFormulaJson(input, names);
}
