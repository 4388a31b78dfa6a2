import type { Formula } from './formula.js';
import { agentName, cardName, ownerName, type FormulaNames } from './names.js';
import { isPlainWord } from './parse-text.js';

/** The contract's JSON tree of a formula (docs/epistemic.md §2), with full names. */
export type FormulaJson =
  | { op: 'true' }
  | { op: 'false' }
  | { op: 'has'; owner: string; card: string }
  | { op: 'not'; arg: FormulaJson }
  | { op: 'and' | 'or'; args: FormulaJson[] }
  | { op: 'implies' | 'iff'; args: [FormulaJson, FormulaJson] }
  | { op: 'K' | 'M'; agent: string; arg: FormulaJson }
  | { op: 'E' | 'D' | 'C'; group: string[]; arg: FormulaJson }
  | { op: 'Kenv'; agent: string }
  | { op: 'announce'; what: FormulaJson; then: FormulaJson }
  | { op: 'learnsWhether'; agents: string[]; what: FormulaJson; then: FormulaJson };

/** Text precedence, loosest first; a prefix or an atom binds tightest. */
const IFF = 1;
const IMPLIES = 2;
const OR = 3;
const AND = 4;
const PREFIX = 5;

/**
 * The canonical text of a formula, with the fewest parentheses the precedence allows. It parses
 * back (parseFormulaText) to a deep-equal formula, groups being sets; the one exception is an
 * "and" or "or" of a single argument, which the text cannot write and prints as that argument
 * (the same meaning).
 */
export function printFormula(f: Formula, names: FormulaNames): string {
  // A long formula names the same few players and cards over and over.
  const written = new Map<string, string>();
  const name = (s: string): string => {
    let w = written.get(s);
    if (w === undefined) written.set(s, (w = isPlainWord(s) ? s : JSON.stringify(s)));
    return w;
  };
  const agents = (g: number[]) => {
    if (g.length === 0) throw new RangeError('formula: a group is empty');
    return g.map((a) => name(agentName(names, a))).join(',');
  };

  /** `f` where an operand of at least precedence `min` is expected. */
  const print = (f: Formula, min: number): string => {
    let level: number;
    let s: string;
    switch (f.op) {
      case 'true':
      case 'false':
        return f.op;
      case 'has':
        return `has(${name(ownerName(names, f.owner))}, ${name(cardName(names, f.card))})`;
      case 'Kenv':
        return `Kenv[${name(agentName(names, f.agent))}]`;
      case 'not':
        return `!${print(f.arg, PREFIX)}`;
      case 'K':
      case 'M':
        return `${f.op}[${name(agentName(names, f.agent))}] ${print(f.arg, PREFIX)}`;
      case 'E':
      case 'D':
      case 'C':
        return `${f.op}[${agents(f.group)}] ${print(f.arg, PREFIX)}`;
      case 'announce':
        return `[!${print(f.what, IFF)}] ${print(f.then, PREFIX)}`;
      case 'learnsWhether':
        return `[${agents(f.agents)} ? ${print(f.what, IFF)}] ${print(f.then, PREFIX)}`;
      case 'and':
      case 'or':
        if (f.args.length === 1) return print(f.args[0], min);
        level = f.op === 'and' ? AND : OR;
        // An operand of the same op is parenthesised: unbracketed, it would flatten into this one.
        s = f.args.map((a) => print(a, level + 1)).join(f.op === 'and' ? ' & ' : ' | ');
        break;
      case 'implies':
      case 'iff':
        // Right-associative: only the left operand needs parentheses at its own level.
        level = f.op === 'implies' ? IMPLIES : IFF;
        s = `${print(f.args[0], level + 1)} ${f.op === 'implies' ? '->' : '<->'} ${print(f.args[1], level)}`;
        break;
    }
    return level < min ? `(${s})` : s;
  };
  return print(f, IFF);
}

/** The contract's JSON tree: owners, agents and cards by their full names (the envelope is "envelope"). */
export function formulaToJson(f: Formula, names: FormulaNames): FormulaJson {
  const json = (f: Formula): FormulaJson => {
    switch (f.op) {
      case 'true':
      case 'false':
        return { op: f.op };
      case 'has':
        return { op: 'has', owner: ownerName(names, f.owner), card: cardName(names, f.card) };
      case 'not':
        return { op: 'not', arg: json(f.arg) };
      case 'and':
      case 'or':
        return { op: f.op, args: f.args.map(json) };
      case 'implies':
      case 'iff':
        return { op: f.op, args: [json(f.args[0]), json(f.args[1])] };
      case 'K':
      case 'M':
        return { op: f.op, agent: agentName(names, f.agent), arg: json(f.arg) };
      case 'E':
      case 'D':
      case 'C':
        return { op: f.op, group: f.group.map((a) => agentName(names, a)), arg: json(f.arg) };
      case 'Kenv':
        return { op: 'Kenv', agent: agentName(names, f.agent) };
      case 'announce':
        return { op: 'announce', what: json(f.what), then: json(f.then) };
      case 'learnsWhether':
        return { op: 'learnsWhether', agents: f.agents.map((a) => agentName(names, a)), what: json(f.what), then: json(f.then) };
    }
  };
  return json(f);
}
