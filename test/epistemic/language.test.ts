import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLASSIC_DECK, makeDeck } from '../../src/model/deck.js';
import { nameKey } from '../../src/model/names.js';
import { ENVELOPE, TABLE } from '../../src/model/owners.js';
import { InputError } from '../../src/model/errors.js';
import {
  C,
  D,
  E,
  FALSE,
  K,
  Kenv,
  M,
  MAX_FORMULA_DEPTH,
  TRUE,
  and,
  announce,
  children,
  formulaToJson,
  has,
  iff,
  implies,
  learnsWhether,
  not,
  or,
  parseFormula,
  parseFormulaJson,
  parseFormulaText,
  printFormula,
  type Formula,
  type FormulaNames,
} from '../../src/epistemic/language/index.js';

/** The contract's example game (docs/epistemic.md §1). */
const GAME: FormulaNames = {
  deck: makeDeck({
    suspects: ['Professor_Plum', 'Mr_Green', 'Mrs_Peacock', 'Miss_Scarlett'],
    weapons: ['Knife', 'Candlestick', 'Pistol', 'Rope'],
  }),
  players: ['a1', 'a3', 'a2'],
};

/** The classic deck with players whose names hold punctuation and a space. */
const CLASSIC: FormulaNames = { deck: CLASSIC_DECK, players: ['Ann', 'Bob', 'Carl Jr.', 'Dee-Dee'] };
const [ANN, BOB, CARL, DEE] = [0, 1, 2, 3];
const card = (name: string) => {
  const i = CLASSIC_DECK.cards.indexOf(name);
  if (i < 0) throw new Error(name);
  return i;
};
const KNIFE = card('Knife');
const PIPE = card('Lead Pipe');
const ROPE = card('Rope');
const WHITE = card('Mrs. White');

const text = (s: string) => parseFormulaText(s, CLASSIC);
const json = (j: unknown) => parseFormulaJson(j, CLASSIC);

/** The message of the InputError that `f` throws. */
function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('no error');
}
const textError = (s: string, names = CLASSIC) => errorOf(() => parseFormulaText(s, names));
const jsonError = (j: unknown, names = CLASSIC) => errorOf(() => parseFormulaJson(j, names));

/** Atoms to build shapes with. */
const p = has(BOB, KNIFE);
const q = has(ENVELOPE, PIPE);
const r = has(TABLE, ROPE);
const s = has(DEE, WHITE);

describe('the contract examples', () => {
  // [text, JSON, the tree], as docs/epistemic.md §2 writes them.
  const rows: Array<[string, unknown, Formula]> = [
    ['true', { op: 'true' }, TRUE],
    ['false', { op: 'false' }, FALSE],
    ['has(a3, Knife)', { op: 'has', owner: 'a3', card: 'Knife' }, has(1, 4)],
    ['!has(a3, Knife)', { op: 'not', arg: { op: 'has', owner: 'a3', card: 'Knife' } }, not(has(1, 4))],
    ['true & false', { op: 'and', args: [{ op: 'true' }, { op: 'false' }] }, and(TRUE, FALSE)],
    ['true | false', { op: 'or', args: [{ op: 'true' }, { op: 'false' }] }, or(TRUE, FALSE)],
    ['true -> false', { op: 'implies', args: [{ op: 'true' }, { op: 'false' }] }, implies(TRUE, FALSE)],
    ['true <-> false', { op: 'iff', args: [{ op: 'true' }, { op: 'false' }] }, iff(TRUE, FALSE)],
    ['K[a3] true', { op: 'K', agent: 'a3', arg: { op: 'true' } }, K(1, TRUE)],
    ['M[a3] true', { op: 'M', agent: 'a3', arg: { op: 'true' } }, M(1, TRUE)],
    ['E[a1,a3] true', { op: 'E', group: ['a1', 'a3'], arg: { op: 'true' } }, E([0, 1], TRUE)],
    ['D[a1,a3] true', { op: 'D', group: ['a1', 'a3'], arg: { op: 'true' } }, D([0, 1], TRUE)],
    ['C[a1,a3] true', { op: 'C', group: ['a1', 'a3'], arg: { op: 'true' } }, C([0, 1], TRUE)],
    ['Kenv[a3]', { op: 'Kenv', agent: 'a3' }, Kenv(1)],
    ['[!true] false', { op: 'announce', what: { op: 'true' }, then: { op: 'false' } }, announce(TRUE, FALSE)],
    [
      '[a1,a3 ? true] false',
      { op: 'learnsWhether', agents: ['a1', 'a3'], what: { op: 'true' }, then: { op: 'false' } },
      learnsWhether([0, 1], TRUE, FALSE),
    ],
    ['K[a1] has(envelope, Knife)', { op: 'K', agent: 'a1', arg: { op: 'has', owner: 'envelope', card: 'Knife' } }, K(0, has(ENVELOPE, 4))],
  ];

  it.each(rows)('%s', (t, j, f) => {
    expect(parseFormulaText(t, GAME)).toEqual(f);
    expect(parseFormulaJson(j, GAME)).toEqual(f);
    expect(parseFormula(t, GAME)).toEqual(f);
    expect(parseFormula(j, GAME)).toEqual(f);
    expect(printFormula(f, GAME)).toBe(t);
    expect(formulaToJson(f, GAME)).toEqual(j);
  });

  it('names resolve as in game logs: case, quotes, distinctive words, envelope and table', () => {
    expect(text('has(Bob, "Lead Pipe")')).toEqual(has(BOB, PIPE));
    expect(text('has(Bob, Pipe)')).toEqual(has(BOB, PIPE));
    expect(text('has(BOB, "lead  pipe")')).toEqual(has(BOB, PIPE));
    expect(text('has(ENVELOPE, knife) & has(Table, "Mrs White")')).toEqual(and(has(ENVELOPE, KNIFE), has(TABLE, WHITE)));
    expect(text('has(Dee-Dee, White)->K[Carl] has(carl, Rope)')).toEqual(implies(has(DEE, WHITE), K(CARL, has(CARL, ROPE))));
    expect(text('has("carl jr.", Lead)')).toEqual(has(CARL, PIPE));
    expect(text('has(Carl, "Mrs. White")')).toEqual(has(CARL, WHITE));
    expect(json({ op: 'has', owner: 'dee-dee', card: 'mrs white' })).toEqual(has(DEE, WHITE));
  });

  it('groups are sets', () => {
    expect(text('E[Bob,Ann,bob] true')).toEqual({ op: 'E', group: [ANN, BOB], arg: TRUE });
    expect(text('[ Dee-Dee , Ann ? true ] false')).toEqual({ op: 'learnsWhether', agents: [ANN, DEE], what: TRUE, then: FALSE });
    expect(json({ op: 'C', group: ['Bob', 'Ann', 'Ann'], arg: { op: 'true' } })).toEqual(C([ANN, BOB], TRUE));
  });

  it('whitespace is free and optional', () => {
    expect(text('  has(Bob,Knife)&K [ Ann ]!true\t|\nfalse ')).toEqual(or(and(p, K(ANN, not(TRUE))), FALSE));
    expect(text('[!true]false')).toEqual(announce(TRUE, FALSE));
  });
});

describe('precedence and associativity', () => {
  const P = 'has(Bob, Knife)';
  const Q = 'has(envelope, "Lead Pipe")';
  const R = 'has(table, Rope)';
  const S = 'has(Dee-Dee, "Mrs. White")';
  const cases: Array<[string, Formula]> = [
    [`!${P} & ${Q}`, and(not(p), q)],
    [`K[Bob] ${P} & ${Q}`, and(K(BOB, p), q)],
    [`K[Bob] !M[Ann] ${P}`, K(BOB, not(M(ANN, p)))],
    [`${P} & ${Q} | ${R}`, or(and(p, q), r)],
    [`${P} | ${Q} & ${R}`, or(p, and(q, r))],
    [`${P} & ${Q} & ${R} & ${S}`, and(p, q, r, s)],
    [`${P} | ${Q} | ${R}`, or(p, q, r)],
    [`(${P} & ${Q}) & ${R}`, and(and(p, q), r)],
    [`${P} & (${Q} & ${R})`, and(p, and(q, r))],
    [`(${P})`, p],
    [`((${P} & ${Q}))`, and(p, q)],
    [`${P} -> ${Q} -> ${R}`, implies(p, implies(q, r))],
    [`(${P} -> ${Q}) -> ${R}`, implies(implies(p, q), r)],
    [`${P} <-> ${Q} <-> ${R}`, iff(p, iff(q, r))],
    [`${P} | ${Q} -> ${R} & ${S}`, implies(or(p, q), and(r, s))],
    [`${P} -> ${Q} <-> ${R} -> ${S}`, iff(implies(p, q), implies(r, s))],
    [`${P} <-> ${Q} -> ${R}`, iff(p, implies(q, r))],
    [`!(${P} -> ${Q})`, not(implies(p, q))],
    [`[!${P} & ${Q}] ${R} & ${S}`, and(announce(and(p, q), r), s)],
    [`[!${P}] [Ann ? ${Q} -> ${R}] !${S}`, announce(p, learnsWhether([ANN], implies(q, r), not(s)))],
    [`E[Ann,Bob] ${P} -> C[Bob] D[Ann,Dee-Dee] ${Q}`, implies(E([ANN, BOB], p), C([BOB], D([ANN, DEE], q)))],
    [`Kenv[Bob] | !Kenv[Ann]`, or(Kenv(BOB), not(Kenv(ANN)))],
    [`!!${P}`, not(not(p))],
  ];
  it.each(cases)('%s', (t, f) => {
    expect(text(t)).toEqual(f);
    // The printer adds back exactly the parentheses the tree needs.
    expect(text(printFormula(f, CLASSIC))).toEqual(f);
  });

  it('the printer writes the fewest parentheses', () => {
    const cases: Array<[Formula, string]> = [
      [and(or(p, q), r), '(has(Bob, Knife) | has(envelope, "Lead Pipe")) & has(table, Rope)'],
      [or(and(p, q), r), 'has(Bob, Knife) & has(envelope, "Lead Pipe") | has(table, Rope)'],
      [implies(implies(TRUE, FALSE), TRUE), '(true -> false) -> true'],
      [implies(TRUE, implies(FALSE, TRUE)), 'true -> false -> true'],
      [iff(iff(TRUE, FALSE), TRUE), '(true <-> false) <-> true'],
      [iff(implies(TRUE, FALSE), or(TRUE, FALSE)), 'true -> false <-> true | false'],
      [implies(iff(TRUE, FALSE), TRUE), '(true <-> false) -> true'],
      [and(and(TRUE, FALSE), TRUE), '(true & false) & true'],
      [not(and(TRUE, FALSE)), '!(true & false)'],
      [K(CARL, and(TRUE, FALSE)), 'K["Carl Jr."] (true & false)'],
      [announce(implies(TRUE, FALSE), or(TRUE, FALSE)), '[!true -> false] (true | false)'],
      [learnsWhether([DEE, ANN], TRUE, Kenv(DEE)), '[Ann,Dee-Dee ? true] Kenv[Dee-Dee]'],
      [E([DEE, CARL], TRUE), 'E["Carl Jr.",Dee-Dee] true'],
      // The text has no one-argument "and": it prints as its argument, which means the same.
      [and(or(TRUE)), 'true'],
      [and(or(TRUE, FALSE)), 'true | false'],
      [and(TRUE, or(FALSE)), 'true & false'],
    ];
    for (const [f, t] of cases) expect(printFormula(f, CLASSIC)).toBe(t);
  });

  it('formulaToJson names everything in full', () => {
    expect(formulaToJson(and(has(ENVELOPE, PIPE), has(TABLE, WHITE), E([BOB, CARL], Kenv(DEE))), CLASSIC)).toEqual({
      op: 'and',
      args: [
        { op: 'has', owner: 'envelope', card: 'Lead Pipe' },
        { op: 'has', owner: 'table', card: 'Mrs. White' },
        { op: 'E', group: ['Bob', 'Carl Jr.'], arg: { op: 'Kenv', agent: 'Dee-Dee' } },
      ],
    });
  });
});

describe('text errors name the column and the culprit', () => {
  it.each([
    ['K[Bob] has(Bob, Knfe)', 'formula "K[Bob] has(Bob, Knfe)" at column 17: unknown card "Knfe"; did you mean "Knife"?'],
    ['has(Bobb, Knife)', 'formula "has(Bobb, Knife)" at column 5: unknown owner "Bobb"; did you mean "Bob"?'],
    ['has(Bob, Mrs)', 'formula "has(Bob, Mrs)" at column 10: "Mrs" is ambiguous: it could be "Mrs. White" or "Mrs. Peacock"'],
    ['K[envelope] true', 'formula "K[envelope] true" at column 3: "envelope" is not an agent (it never knows anything)'],
    ['true & E[Ann, Table] true', 'formula "true & E[Ann, Table] true" at column 15: "Table" is not an agent (it never knows anything)'],
    ['[Ann, "ENVELOPE" ? true] true', 'formula "[Ann, \\"ENVELOPE\\" ? true] true" at column 7: "ENVELOPE" is not an agent (it never knows anything)'],
    ['Kenv[envelope]', 'formula "Kenv[envelope]" at column 6: "envelope" is not an agent (it never knows anything)'],
    ['E[] true', 'formula "E[] true" at column 2: the group is empty'],
    ['[ ? true] false', 'formula "[ ? true] false" at column 1: the group is empty'],
    ['K[] true', 'formula "K[] true" at column 2: "K" needs an agent'],
    ['K[Bob, Ann] true', 'formula "K[Bob, Ann] true" at column 6: "K" takes one agent; for a group use E, D or C'],
    ['has(Bob', 'formula "has(Bob" at column 8: unexpected end of input; expected ","'],
    ['', 'formula "" at column 1: unexpected end of input; expected a formula'],
    ['true &', 'formula "true &" at column 7: unexpected end of input; expected a formula'],
    ['has(Bob, Knife))', 'formula "has(Bob, Knife))" at column 16: unexpected ")"; expected "&", "|", "->", "<->" or the end of the formula'],
    ['(true', 'formula "(true" at column 6: unexpected end of input; expected "&", "|", "->", "<->" or ")"'],
    ['[!true false', 'formula "[!true false" at column 8: unexpected "false"; expected "&", "|", "->", "<->" or "]"'],
    ['[Ann true] false', 'formula "[Ann true] false" at column 6: unexpected "true"; expected "," or "?"; a name with spaces is written in double quotes ("Ann true")'],
    ['has(Mrs. White, Rope)', 'formula "has(Mrs. White, Rope)" at column 10: unexpected "White"; expected ","; a name with spaces is written in double quotes ("Mrs. White")'],
    ['has(Bob, Lead Pipe)', 'formula "has(Bob, Lead Pipe)" at column 15: unexpected "Pipe"; expected ")"; a name with spaces is written in double quotes ("Lead Pipe")'],
    ['has(Bob, )', 'formula "has(Bob, )" at column 10: unexpected ")"; expected a card\'s name'],
    ['has Bob', 'formula "has Bob" at column 5: unexpected "Bob"; expected "(" after "has"'],
    ['K Bob true', 'formula "K Bob true" at column 3: unexpected "Bob"; expected "[" after "K"'],
    ['Bob', 'formula "Bob" at column 1: unexpected "Bob"; expected a formula'],
    ['"Bob"', 'formula "\\"Bob\\"" at column 1: unexpected the name "Bob"; expected a formula'],
    ['True', 'formula "True" at column 1: unexpected "True"; expected a formula; did you mean "true"?'],
    ['k[Bob] true', 'formula "k[Bob] true" at column 1: unexpected "k"; expected a formula; did you mean "K"?'],
    ['not true', 'formula "not true" at column 1: unexpected "not"; expected a formula; did you mean "!"?'],
    ['true and false', 'formula "true and false" at column 6: unexpected "and"; expected "&", "|", "->", "<->" or the end of the formula; did you mean "&"?'],
    ['true ~ false', 'formula "true ~ false" at column 6: unexpected "~"; did you mean "!"?'],
    ['true => false', 'formula "true => false" at column 6: unexpected "=>"; did you mean "->"?'],
    ['true - false', 'formula "true - false" at column 6: unexpected "-"; did you mean "->"?'],
    ['true <- false', 'formula "true <- false" at column 6: unexpected "<"; did you mean "<->"?'],
    ['true # x', 'formula "true # x" at column 6: unexpected "#"'],
    ['has(Bob, "Lead', 'formula "has(Bob, \\"Lead" at column 10: the quoted name is never closed (a " is missing)'],
    ['has(Bob, "Le\\ad")', 'formula "has(Bob, \\"Le\\\\ad\\")" at column 10: the quoted name "Le\\ad" has an invalid escape; write \\" for a quote and \\\\ for a backslash'],
    ['has(Zoë, Knife)', 'formula "has(Zoë, Knife)" at column 5: unknown owner "Zoë"; did you mean "Bob"?'],
    ['has(Xavier, Knife)', 'formula "has(Xavier, Knife)" at column 5: unknown owner "Xavier"; the owners are "Ann", "Bob", "Carl Jr.", "Dee-Dee", "envelope" and "table"'],
    ['true & 😀', 'formula "true & 😀" at column 8: unexpected "😀"'],
  ])('%s', (t, message) => {
    expect(textError(t)).toBe(message);
  });

  it('columns count characters, not UTF-16 units', () => {
    const names = { deck: CLASSIC_DECK, players: ['😀', 'Bob'] };
    expect(parseFormulaText('has("😀", Knife)', names)).toEqual(has(0, KNIFE));
    expect(textError('has("😀", Knife) & has(Bob, Knfe)', names)).toBe(
      'formula "has(\\"😀\\", Knife) & has(Bob, Knfe)" at column 28: unknown card "Knfe"; did you mean "Knife"?',
    );
  });

  it('a long formula is shown shortened, the column still exact', () => {
    const long = `${'true & '.repeat(20)}has(Bob, Knfe)`;
    expect(textError(long)).toBe(`formula "true & true & true & true & true & true …" (154 characters) at column 150: unknown card "Knfe"; did you mean "Knife"?`);
  });

  it('nesting is bounded: a clean error, not a stack overflow', () => {
    const ok = `${'!'.repeat(MAX_FORMULA_DEPTH - 1)}true`;
    expect(text(ok).op).toBe('not');
    expect(textError(`!${ok}`)).toMatch(/at column 1001: nested more than 1000 levels deep$/);
    expect(textError(`${'('.repeat(5000)}true${')'.repeat(5000)}`)).toMatch(/at column 1001: nested more than 1000 levels deep$/);
    expect(textError(`${'[!true] '.repeat(5000)}true`)).toMatch(/nested more than 1000 levels deep$/);
    // A chain nests the tree without nesting the text: bounded all the same.
    expect(textError(`${'true -> '.repeat(5000)}true`)).toMatch(/nested more than 1000 levels deep$/);
    expect(textError(`${'(true & '.repeat(1500)}true${')'.repeat(1500)}`)).toMatch(/nested more than 1000 levels deep$/);
    // Width is not depth.
    expect((text(Array(100_000).fill('has(Bob, Knife)').join(' & ')) as { args: unknown[] }).args).toHaveLength(100_000);
  });

  it('the deepest formula allowed parses and prints, however it is shaped; one level more fails in both forms', () => {
    const height = (f: Formula): number => 1 + Math.max(0, ...children(f).map(height));
    // Each shape adds one level.
    const shapes: Array<(f: Formula, i: number) => Formula> = [
      (f, i) => (i % 2 ? and(f, p) : or(q, f)),
      (f) => implies(f, r),
      (f) => iff(s, f),
      (f) => announce(f, TRUE),
      (f, i) => (i % 2 ? learnsWhether([ANN, DEE], TRUE, f) : K(CARL, f)),
      (f, i) => [not, (x: Formula) => E([BOB], x), (x: Formula) => and(x, TRUE), (x: Formula) => or(TRUE, x)][i % 4](f),
    ];
    for (const shape of shapes) {
      let f: Formula = has(ENVELOPE, PIPE);
      for (let i = 1; i < MAX_FORMULA_DEPTH; i++) f = shape(f, i);
      expect(height(f)).toBe(MAX_FORMULA_DEPTH);
      expect(text(printFormula(f, CLASSIC))).toEqual(f);
      expect(json(formulaToJson(f, CLASSIC))).toEqual(f);
      expect(textError(printFormula(not(f), CLASSIC))).toMatch(/nested more than 1000 levels deep$/);
      expect(jsonError(formulaToJson(not(f), CLASSIC))).toBe('formula $: nested more than 1000 levels deep');
    }
  });
});

describe('JSON errors name the path and the culprit', () => {
  const T = { op: 'true' };
  it.each([
    [{ op: 'and', args: [T, { op: 'K', agent: 'envelope', arg: T }] }, 'formula $.args[1].agent: "envelope" is not an agent (it never knows anything)'],
    [{ op: 'Kenv', agent: 'TABLE' }, 'formula $.agent: "TABLE" is not an agent (it never knows anything)'],
    [{ op: 'E', group: [], arg: T }, 'formula $.group: the group is empty'],
    [{ op: 'learnsWhether', agents: [], what: T, then: T }, 'formula $.agents: the group is empty'],
    [{ op: 'D', group: ['Ann', 'envelope'], arg: T }, 'formula $.group[1]: "envelope" is not an agent (it never knows anything)'],
    [{ op: 'and', args: [] }, 'formula $.args: "and" needs at least one argument'],
    [{ op: 'or', args: [] }, 'formula $.args: "or" needs at least one argument'],
    [{ op: 'implies', args: [T] }, 'formula $.args: "implies" needs exactly 2 arguments, got 1'],
    [{ op: 'iff', args: [T, T, T] }, 'formula $.args: "iff" needs exactly 2 arguments, got 3'],
    [
      { op: 'Knows', agent: 'Bob', arg: T },
      'formula $.op: unknown op "Knows"; the ops are "true", "false", "has", "not", "and", "or", "implies", "iff", "K", "M", "E", "D", "C", "Kenv", "announce" and "learnsWhether"',
    ],
    [{ op: 'AND', args: [T] }, 'formula $.op: unknown op "AND"; did you mean "and"?'],
    [{ op: 'K', agents: 'Bob', arg: T }, 'formula $.agents: unknown key for op "K" (its keys are "agent" and "arg")'],
    [{ op: 'true', arg: T }, 'formula $.arg: unknown key for op "true" (it takes no other key)'],
    [{ op: 'not', arg: { op: 'true', 'a b': 1 } }, 'formula $.arg["a b"]: unknown key for op "true" (it takes no other key)'],
    [{ op: 'has', owner: 'Bob' }, 'formula $: op "has" needs "card"'],
    [{ op: 'not' }, 'formula $: op "not" needs "arg"'],
    [{ agent: 'Bob' }, 'formula $: the formula has no "op"'],
    [{ op: 7 }, 'formula $.op: expected the name of an op, got 7'],
    [{ op: 'K', agent: 3, arg: T }, "formula $.agent: expected a player's name, got 3"],
    [{ op: 'has', owner: null, card: 'Knife' }, 'formula $.owner: expected the owner\'s name (a player, "envelope" or "table"), got null'],
    [{ op: 'has', owner: 'Bob', card: ['Knife'] }, "formula $.card: expected a card's name, got an array"],
    [{ op: 'E', group: 'Ann', arg: T }, 'formula $.group: expected an array of players\' names, got the string "Ann"'],
    [{ op: 'E', group: ['Ann', { name: 'Bob' }], arg: T }, "formula $.group[1]: expected a player's name, got an object"],
    [{ op: 'and', args: T }, 'formula $.args: expected an array of formulas, got an object'],
    [{ op: 'or', args: [T, 'has(Bob, Knife)'] }, 'formula $.args[1]: expected a formula (an object with "op"), got the string "has(Bob, Knife)"'],
    [{ op: 'announce', what: T, then: [T] }, 'formula $.then: expected a formula (an object with "op"), got an array'],
    [{ op: 'not', arg: true }, 'formula $.arg: expected a formula (an object with "op"), got true'],
    [null, 'formula $: expected a formula (an object with "op"), got null'],
    [{ op: 'M', agent: 'Bob', arg: { op: 'has', owner: 'Bob', card: 'Knfe' } }, 'formula $.arg.card: unknown card "Knfe"; did you mean "Knife"?'],
    [{ op: 'has', owner: 'Bobby', card: 'Knife' }, 'formula $.owner: unknown owner "Bobby"; did you mean "Bob"?'],
  ])('%j', (j, message) => {
    expect(jsonError(j)).toBe(message);
  });

  it('a sparse array has holes, reported', () => {
    expect(jsonError({ op: 'or', args: [{ op: 'true' }, , { op: 'true' }] })).toBe('formula $.args[1]: expected a formula (an object with "op"), got nothing');
  });

  it('the caller says where the tree sits', () => {
    expect(errorOf(() => parseFormulaJson({ op: 'Kenv', agent: 'envelope' }, CLASSIC, '$[3].formula'))).toBe(
      'formula $[3].formula.agent: "envelope" is not an agent (it never knows anything)',
    );
  });

  it('nesting is bounded: a clean error, not a stack overflow, even for a cycle', () => {
    let deep: unknown = { op: 'true' };
    for (let i = 1; i < MAX_FORMULA_DEPTH; i++) deep = { op: 'not', arg: deep };
    expect(json(deep).op).toBe('not');
    expect(jsonError({ op: 'not', arg: deep })).toBe('formula $: nested more than 1000 levels deep');
    const cycle: Record<string, unknown> = { op: 'not' };
    cycle.arg = cycle;
    expect(jsonError(cycle)).toBe('formula $: nested more than 1000 levels deep');
    let chain: unknown = { op: 'true' };
    for (let i = 0; i < 100_000; i++) chain = { op: 'and', args: [chain] };
    expect(errorOf(() => parseFormulaJson(chain, CLASSIC, '$.f'))).toBe('formula $.f: nested more than 1000 levels deep');
  });

  it('a one-argument and/or is kept as given', () => {
    expect(json({ op: 'and', args: [{ op: 'or', args: [{ op: 'true' }] }] })).toEqual(and(or(TRUE)));
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** Names as trimmed, single-spaced, told apart by the name rule (model/names.ts): what game logs accept. */
const normal = (s: string) => s.trim().replace(/\s+/g, ' ');
const nameArb = fc
  .oneof(
    fc.constantFrom('Mrs. White', 'Lead Pipe', "O'Brien", 'Mr_Green', 'c00', 'Say "hi"', 'x->y', 'a<->b', 'true', 'K', 'has', 'Zoë', 'back\\slash', '"'),
    fc.string({ minLength: 1, maxLength: 6 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
  )
  .filter((n) => nameKey(n) !== '' && n === normal(n));
const namesArb: fc.Arbitrary<FormulaNames> = fc
  .record({
    players: fc.uniqueArray(
      nameArb.filter((n) => !['envelope', 'table'].includes(nameKey(n))),
      { minLength: 2, maxLength: 4, selector: nameKey },
    ),
    cards: fc.uniqueArray(nameArb, { minLength: 2, maxLength: 6, selector: nameKey }),
  })
  .map(({ players, cards }) => ({ players, deck: makeDeck({ a: cards.slice(0, 1), b: cards.slice(1) }) }));

/** Formulas over `names`; and/or take at least `minArgs` arguments (the text has no one-argument form). */
function formulaArb(names: FormulaNames, minArgs: number): fc.Arbitrary<Formula> {
  const agent = fc.nat(names.players.length - 1);
  const owner = fc.integer({ min: TABLE, max: names.players.length - 1 });
  const cardIndex = fc.nat(names.deck.cards.length - 1);
  const group = fc.array(agent, { minLength: 1, maxLength: 3 });
  const { f } = fc.letrec<{ f: Formula }>((tie) => {
    const sub = tie('f');
    const args = fc.array(sub, { minLength: minArgs, maxLength: 4 });
    return {
      f: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant(TRUE),
        fc.constant(FALSE),
        fc.tuple(owner, cardIndex).map(([o, c]) => has(o, c)),
        agent.map(Kenv),
        sub.map(not),
        args.map((a) => and(...a)),
        args.map((a) => or(...a)),
        fc.tuple(sub, sub).map(([a, b]) => implies(a, b)),
        fc.tuple(sub, sub).map(([a, b]) => iff(a, b)),
        fc.tuple(agent, sub).map(([a, x]) => K(a, x)),
        fc.tuple(agent, sub).map(([a, x]) => M(a, x)),
        fc.tuple(group, sub).map(([g, x]) => E(g, x)),
        fc.tuple(group, sub).map(([g, x]) => D(g, x)),
        fc.tuple(group, sub).map(([g, x]) => C(g, x)),
        fc.tuple(sub, sub).map(([a, b]) => announce(a, b)),
        fc.tuple(group, sub, sub).map(([g, a, b]) => learnsWhether(g, a, b)),
      ),
    };
  });
  return f;
}

const withFormula = (minArgs: number) => namesArb.chain((names) => fc.tuple(fc.constant(names), formulaArb(names, minArgs)));

describe('properties', () => {
  it('text round trip: parseFormulaText(printFormula(f)) equals f', () => {
    fc.assert(
      fc.property(withFormula(2), ([names, f]) => {
        const printed = printFormula(f, names);
        expect(parseFormulaText(printed, names)).toEqual(f);
        expect(printed).not.toMatch(/[\n\r]/);
      }),
      { numRuns: 400 },
    );
  });

  it('JSON round trip: parseFormulaJson(formulaToJson(f)) equals f, through JSON text too', () => {
    fc.assert(
      fc.property(withFormula(1), ([names, f]) => {
        const tree = formulaToJson(f, names);
        expect(parseFormulaJson(tree, names)).toEqual(f);
        expect(parseFormula(JSON.parse(JSON.stringify(tree)), names)).toEqual(f);
      }),
      { numRuns: 400 },
    );
  });

  it('text and JSON agree, and printing is canonical', () => {
    fc.assert(
      fc.property(withFormula(2), ([names, f]) => {
        const fromText = parseFormula(printFormula(f, names), names);
        expect(parseFormula(formulaToJson(f, names), names)).toEqual(fromText);
        expect(printFormula(fromText, names)).toBe(printFormula(f, names));
      }),
      { numRuns: 200 },
    );
  });

  it('any text either parses or fails with a one-line InputError', () => {
    const alphabet = fc.constantFrom(...'()[],!&|?-<>"\\ K M E D C Kenv has true false Bob Knife envelope Lead Pipe x'.split(/(?=.)/u), ' Kenv', ' has', ' true', ' Bob');
    fc.assert(
      fc.property(fc.oneof(fc.array(alphabet, { maxLength: 30 }).map((a) => a.join('')), fc.string({ unit: 'binary' })), (t) => {
        try {
          parseFormulaText(t, CLASSIC);
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          expect((e as Error).message).toMatch(/^formula "[^\n]*" at column \d+: [^\n]+$/);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('any JSON value either parses or fails with a one-line InputError', () => {
    const ops = fc.constantFrom('true', 'false', 'has', 'not', 'and', 'or', 'implies', 'iff', 'K', 'M', 'E', 'D', 'C', 'Kenv', 'announce', 'learnsWhether');
    const { node } = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.record(
          {
            op: ops,
            owner: fc.constantFrom('Bob', 'envelope', 'table', 'Bo', 3),
            card: fc.constantFrom('Knife', 'Pipe', 'Mrs', null),
            agent: fc.constantFrom('Ann', 'envelope', 'x'),
            group: fc.array(fc.constantFrom('Ann', 'Bob', 'table', 1), { maxLength: 2 }),
            agents: fc.array(fc.constantFrom('Ann', 'Dee-Dee'), { maxLength: 2 }),
            arg: tie('node'),
            args: fc.array(tie('node'), { maxLength: 3 }),
            what: tie('node'),
            then: tie('node'),
          },
          { requiredKeys: ['op'] },
        ),
      ),
    }));
    fc.assert(
      fc.property(node, (j) => {
        try {
          parseFormulaJson(j, CLASSIC);
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          expect((e as Error).message).toMatch(/^formula \$[^\n]*: [^\n]+$/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
