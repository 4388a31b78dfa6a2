/**
 * The formulas `cluedo knows` is asked: text arguments, and the entries of a formulas file
 * (docs/epistemic.md §3), each checked and resolved against the game before anything is computed.
 */
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { quote, shorten } from '../model/quote.js';
import { parseFormulaJson, parseFormulaText, printFormula, type FormulaNames } from './language/index.js';
import type { FormulaQuery } from './knows.js';
import { counted } from '../model/numbers.js';

export function formulaNames(game: Game): FormulaNames {
  return { deck: game.deck, players: game.players, table: game.faceUp.length > 0 };
}

/** The text formulas given on the command line, numbered from 1. */
export function textQueries(texts: string[], game: Game, at: number | null): FormulaQuery[] {
  const names = formulaNames(game);
  return texts.map((text, i) => {
    const formula = parseFormulaText(text, names);
    return { id: String(i + 1), at, formula, text: printFormula(formula, names) };
  });
}

/**
 * The entries of a formulas file: a JSON array of `{ "id", "at"?, "formula" }`, the formula a
 * JSON tree or a line of text. `at` (when given on the command line) overrides every entry's.
 * Every message names the file and the JSON path.
 */
export function fileQueries(json: unknown, file: string, game: Game, atOverride: number | null, firstId = 1): FormulaQuery[] {
  const where = (path: string) => `${shorten(file)}: ${path}`;
  if (!Array.isArray(json)) throw new InputError(`${where('$')}: expected an array of { "id", "at", "formula" } entries`);
  const names = formulaNames(game);
  const seen = new Set<string>();
  return json.map((entry: unknown, i): FormulaQuery => {
    const path = `$[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new InputError(`${where(path)}: expected an object { "id", "at", "formula" }`);
    }
    const e = entry as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (!['id', 'at', 'formula'].includes(key)) throw new InputError(`${where(`${path}.${key}`)}: unknown key ${quote(key)}; the keys are "id", "at" and "formula"`);
    }
    let id = String(firstId + i);
    if (e.id !== undefined) {
      if (typeof e.id !== 'string' && typeof e.id !== 'number') throw new InputError(`${where(`${path}.id`)}: expected a string`);
      id = String(e.id);
    }
    if (seen.has(id)) throw new InputError(`${where(`${path}.id`)}: id ${quote(id)} is used twice`);
    seen.add(id);
    let at: number | null = atOverride;
    if (e.at !== undefined && atOverride === null) {
      if (typeof e.at !== 'number' || !Number.isInteger(e.at) || e.at < 0) throw new InputError(`${where(`${path}.at`)}: expected a whole number of events`);
      if (e.at > game.events.length) {
        throw new InputError(`${where(`${path}.at`)}: at ${e.at} is beyond the log, which has ${counted(game.events.length, 'event')}`);
      }
      at = e.at;
    }
    if (e.formula === undefined) throw new InputError(`${where(`${path}.formula`)}: required (a formula, as JSON or text)`);
    const formula = withPlace(where(`${path}.formula`), () =>
      typeof e.formula === 'string' ? parseFormulaText(e.formula, names) : parseFormulaJson(e.formula, names, `${path}.formula`),
    );
    return { id, at, formula, text: printFormula(formula, names) };
  });
}

/** Prefixes the file's name to a parse error that names only the place inside the formula. */
function withPlace<T>(place: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof InputError && !e.message.startsWith(place.split(':')[0])) throw new InputError(`${place.split(':')[0]}: ${e.message}`);
    throw e;
  }
}
