import { InputError } from '../../model/errors.js';
import { quote, quoteList } from '../../model/quote.js';
import { normalGroup, type Formula, type Op } from './formula.js';
import { MAX_FORMULA_DEPTH, resolveAgent, resolveCard, resolveOwner, type FormulaNames } from './names.js';

/** Each op's keys besides "op", in the contract's order (docs/epistemic-semantics.md §2.1). */
const FIELDS: Record<Op, readonly string[]> = {
  true: [],
  false: [],
  has: ['owner', 'card'],
  not: ['arg'],
  and: ['args'],
  or: ['args'],
  implies: ['args'],
  iff: ['args'],
  K: ['agent', 'arg'],
  M: ['agent', 'arg'],
  E: ['group', 'arg'],
  D: ['group', 'arg'],
  C: ['group', 'arg'],
  Kenv: ['agent'],
  announce: ['what', 'then'],
  learnsWhether: ['agents', 'what', 'then'],
};
const OPS = Object.keys(FIELDS) as Op[];

/**
 * Validates a formula given as a JSON tree and resolves its names to indices. `path` is where the
 * tree sits in the caller's document; every error is an InputError naming the path of the culprit,
 * e.g. `formula $.args[1].agent: "envelope" is not an agent (it never knows anything)`.
 */
export function parseFormulaJson(json: unknown, names: FormulaNames, path = '$'): Formula {
  return parseNode(json, { names, root: path }, path, 1);
}

interface Context {
  names: FormulaNames;
  /** The caller's path: a too-deep formula is reported there, as its own path would run to thousands of characters. */
  root: string;
}

function fail(path: string, message: string): never {
  throw new InputError(`formula ${path}: ${message}`);
}

/** A short, one-line account of a value that is not what was expected. */
function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the string ${quote(v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${quote(key)}]`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseNode(json: unknown, ctx: Context, path: string, depth: number): Formula {
  const { names } = ctx;
  // Checked before anything else, so a cyclic object from a JavaScript caller ends here too.
  if (depth > MAX_FORMULA_DEPTH) fail(ctx.root, `nested more than ${MAX_FORMULA_DEPTH} levels deep`);
  if (!isObject(json)) fail(path, `expected a formula (an object with "op"), got ${describe(json)}`);
  if (!Object.hasOwn(json, 'op')) fail(path, 'the formula has no "op"');
  const op = json.op;
  if (typeof op !== 'string') fail(`${path}.op`, `expected the name of an op, got ${describe(op)}`);
  if (!Object.hasOwn(FIELDS, op)) {
    const sameButCase = OPS.find((o) => o.toLowerCase() === op.toLowerCase());
    const hint = sameButCase !== undefined ? `did you mean ${quote(sameButCase)}?` : `the ops are ${quoteList(OPS, 'and')}`;
    fail(`${path}.op`, `unknown op ${quote(op)}; ${hint}`);
  }
  const fields = FIELDS[op as Op];
  // Strict: a misspelt or misplaced key ("agents" on a K) would otherwise be silently ignored.
  for (const key of Object.keys(json)) {
    if (key !== 'op' && !fields.includes(key)) {
      const keys = fields.length === 0 ? 'it takes no other key' : `its keys are ${quoteList([...fields], 'and')}`;
      fail(keyPath(path, key), `unknown key for op ${quote(op)} (${keys})`);
    }
  }
  for (const key of fields) {
    if (!Object.hasOwn(json, key)) fail(path, `op ${quote(op)} needs ${quote(key)}`);
  }

  const sub = (key: string) => parseNode(json[key], ctx, `${path}.${key}`, depth + 1);
  const name = (key: string, what: string): string => {
    const v = json[key];
    if (typeof v !== 'string') fail(`${path}.${key}`, `expected ${what}, got ${describe(v)}`);
    return v;
  };
  const agent = () => resolveAgent(names, name('agent', "a player's name"), `formula ${path}.agent`);
  const group = (key: string): number[] => {
    const v = json[key];
    const at = `${path}.${key}`;
    if (!Array.isArray(v)) fail(at, `expected an array of players' names, got ${describe(v)}`);
    if (v.length === 0) fail(at, 'the group is empty');
    return normalGroup(
      v.map((p: unknown, i) => {
        if (typeof p !== 'string') fail(`${at}[${i}]`, `expected a player's name, got ${describe(p)}`);
        return resolveAgent(names, p, `formula ${at}[${i}]`);
      }),
    );
  };
  const args = (): Formula[] => {
    const v = json.args;
    const at = `${path}.args`;
    if (!Array.isArray(v)) fail(at, `expected an array of formulas, got ${describe(v)}`);
    if ((op === 'and' || op === 'or') && v.length === 0) fail(at, `${quote(op)} needs at least one argument`);
    if ((op === 'implies' || op === 'iff') && v.length !== 2) {
      fail(at, `${quote(op)} needs exactly 2 arguments, got ${v.length}`);
    }
    // Index by index, not with map: a sparse array's holes must be reported, not skipped.
    const out: Formula[] = [];
    for (let i = 0; i < v.length; i++) out.push(parseNode(v[i], ctx, `${at}[${i}]`, depth + 1));
    return out;
  };

  switch (op as Op) {
    case 'true':
      return { op: 'true' };
    case 'false':
      return { op: 'false' };
    case 'has': {
      const owner = resolveOwner(names, name('owner', 'the owner\'s name (a player, "envelope" or "table")'), `formula ${path}.owner`);
      const card = resolveCard(names, name('card', "a card's name"), `formula ${path}.card`);
      return { op: 'has', owner, card };
    }
    case 'not':
      return { op: 'not', arg: sub('arg') };
    case 'and':
      return { op: 'and', args: args() };
    case 'or':
      return { op: 'or', args: args() };
    case 'implies': {
      const [a, b] = args();
      return { op: 'implies', args: [a, b] };
    }
    case 'iff': {
      const [a, b] = args();
      return { op: 'iff', args: [a, b] };
    }
    case 'K':
      return { op: 'K', agent: agent(), arg: sub('arg') };
    case 'M':
      return { op: 'M', agent: agent(), arg: sub('arg') };
    case 'E':
      return { op: 'E', group: group('group'), arg: sub('arg') };
    case 'D':
      return { op: 'D', group: group('group'), arg: sub('arg') };
    case 'C':
      return { op: 'C', group: group('group'), arg: sub('arg') };
    case 'Kenv':
      return { op: 'Kenv', agent: agent() };
    case 'announce':
      return { op: 'announce', what: sub('what'), then: sub('then') };
    case 'learnsWhether':
      return { op: 'learnsWhether', agents: group('agents'), what: sub('what'), then: sub('then') };
  }
}
