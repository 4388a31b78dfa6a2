import { InputError } from '../../model/errors.js';
import { oneLine, quote } from '../../model/quote.js';
import { normalGroup, type Formula } from './formula.js';
import { MAX_FORMULA_DEPTH, resolveAgent, resolveCard, resolveOwner, type FormulaNames } from './names.js';

/*
 * The text form of a formula (docs/epistemic.md §2). The grammar, loosest first:
 *
 *   formula ::= implies ( "<->" implies )*          right-associative
 *   implies ::= or ( "->" or )*                     right-associative
 *   or      ::= and ( "|" and )*                    one n-ary "or"
 *   and     ::= unary ( "&" unary )*                one n-ary "and"
 *   unary   ::= "!" unary | "(" formula ")" | "true" | "false" | "has" "(" name "," name ")"
 *             | ("K" | "M") "[" name "]" unary | ("E" | "D" | "C") "[" names "]" unary
 *             | "Kenv" "[" name "]" | "[" "!" formula "]" unary | "[" names "?" formula "]" unary
 *   names   ::= name ( "," name )*
 *   name    ::= word | a double-quoted string with JSON's escapes
 *
 * Prefixes and parentheses are read by recursive descent, the binary operators by precedence
 * (see formula()). Parentheses keep their nesting: "(a & b) & c" is an "and" inside an "and", so
 * every tree prints and parses back unchanged. Keywords are case-sensitive; names are not (they
 * resolve as in game logs).
 */

// A word may hold "." and "'" ("Mrs.", "O'Brien") and "-" between word characters ("Dee-Dee"),
// but never the "-" of "->": "a->b" is three tokens.
const WORD_SOURCE = "[\\p{L}\\p{N}_](?:[\\p{L}\\p{N}\\p{M}_.']|-(?=[\\p{L}\\p{N}\\p{M}_.']))*";
const WORD = new RegExp(WORD_SOURCE, 'uy');
const WHOLE_WORD = new RegExp(`^(?:${WORD_SOURCE})$`, 'u');
const SPACE = /\s*/y;

/** True when `name` is written bare in text; any other name is written as a quoted string. */
export function isPlainWord(name: string): boolean {
  return WHOLE_WORD.test(name);
}

type Punct = '(' | ')' | '[' | ']' | ',' | '!' | '&' | '|' | '?' | '->' | '<->';
const PUNCT = new Set<string>(['(', ')', '[', ']', ',', '!', '&', '|', '?']);

type Operand = { f: Formula; height: number };
type Operator = { p: Punct; pos: number };
const BINARY_OPS = new Set<string>(['&', '|', '->', '<->']);

type Token =
  | { kind: 'word'; text: string; pos: number }
  | { kind: 'string'; text: string; pos: number }
  | { kind: 'punct'; text: Punct; pos: number }
  | { kind: 'end'; text: ''; pos: number };

/** Symbols of logic books and other languages, so a message can say what to write instead. */
const FOREIGN: Record<string, string> = { '~': '!', '¬': '!', '∧': '&', '∨': '|', '→': '->', '⇒': '->', '↔': '<->', '⇔': '<->', '=>': '->' };
const FOREIGN_WORDS: Record<string, string> = { not: '!', and: '&', or: '|', implies: '->', iff: '<->' };
const KEYWORDS = ['true', 'false', 'has', 'K', 'M', 'E', 'D', 'C', 'Kenv'];
const BINARY = '"&", "|", "->", "<->"';

/** Parses the text form of a formula and resolves its names; errors name the column and the culprit. */
export function parseFormulaText(text: string, names: FormulaNames): Formula {
  return new Parser(text, names).parse();
}

class Parser {
  private pos = 0;
  private tok: Token;
  /** How many parse methods with a formula inside are running: bounds the recursion. */
  private depth = 0;
  /** The height of the formula that unary or formula last returned (see built). */
  private height = 0;

  constructor(
    private readonly text: string,
    private readonly names: FormulaNames,
  ) {
    this.tok = this.scan();
  }

  parse(): Formula {
    const f = this.formula();
    if (this.tok.kind !== 'end') this.unexpected(`${BINARY} or the end of the formula`);
    return f;
  }

  // ---------------------------------------------------------------------------------------------
  // Errors

  /** `formula "…" at column N`: columns count characters (code points) from 1. */
  private where(pos: number): string {
    let column = 1;
    for (const _ of this.text.slice(0, pos)) column++;
    return `formula ${quote(this.text)} at column ${column}`;
  }

  private fail(pos: number, message: string): never {
    throw new InputError(`${this.where(pos)}: ${message}`);
  }

  private describe(t: Token): string {
    if (t.kind === 'end') return 'end of input';
    if (t.kind === 'string') return `the name ${quote(t.text)}`;
    return quote(t.text);
  }

  private unexpected(expected: string, hint = ''): never {
    const t = this.tok;
    const foreign = t.kind === 'word' ? FOREIGN_WORDS[t.text.toLowerCase()] : undefined;
    if (hint === '' && foreign !== undefined && expected.startsWith(BINARY)) hint = `; did you mean ${quote(foreign)}?`;
    this.fail(t.pos, `unexpected ${this.describe(t)}; expected ${expected}${hint}`);
  }

  // ---------------------------------------------------------------------------------------------
  // Tokens

  private scan(): Token {
    const text = this.text;
    SPACE.lastIndex = this.pos;
    SPACE.test(text);
    const pos = SPACE.lastIndex;
    if (pos >= text.length) {
      this.pos = pos;
      return { kind: 'end', text: '', pos };
    }
    const c = text[pos];
    if (PUNCT.has(c)) {
      this.pos = pos + 1;
      return { kind: 'punct', text: c as Punct, pos };
    }
    if (text.startsWith('->', pos)) {
      this.pos = pos + 2;
      return { kind: 'punct', text: '->', pos };
    }
    if (text.startsWith('<->', pos)) {
      this.pos = pos + 3;
      return { kind: 'punct', text: '<->', pos };
    }
    if (c === '"') return this.quoted(pos);
    WORD.lastIndex = pos;
    if (WORD.test(text)) {
      this.pos = WORD.lastIndex;
      return { kind: 'word', text: text.slice(pos, WORD.lastIndex), pos };
    }
    const ch = String.fromCodePoint(text.codePointAt(pos)!);
    const symbol = text.startsWith('=>', pos) ? '=>' : ch;
    const instead = FOREIGN[symbol] ?? (ch === '-' ? '->' : ch === '<' ? '<->' : undefined);
    this.fail(pos, `unexpected ${quote(symbol)}${instead === undefined ? '' : `; did you mean ${quote(instead)}?`}`);
  }

  /** A double-quoted name, with JSON's escapes (the printer writes names with JSON.stringify). */
  private quoted(pos: number): Token {
    const text = this.text;
    let i = pos + 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) this.fail(pos, 'the quoted name is never closed (a " is missing)');
    this.pos = i + 1;
    // JSON forbids raw control characters in strings; a person may well paste a tab.
    const raw = text.slice(pos, i + 1).replace(/[\u0000-\u001f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    try {
      return { kind: 'string', text: JSON.parse(raw) as string, pos };
    } catch {
      const shown = i + 1 - pos > 60 ? '' : `${oneLine(text.slice(pos, i + 1))} `;
      this.fail(pos, `the quoted name ${shown}has an invalid escape; write \\" for a quote and \\\\ for a backslash`);
    }
  }

  private next(): Token {
    const t = this.tok;
    this.tok = this.scan();
    return t;
  }

  private is(p: Punct): boolean {
    return this.tok.kind === 'punct' && this.tok.text === p;
  }

  private expect(p: Punct, expected?: string): Token {
    if (!this.is(p)) this.unexpected(expected ?? `"${p}"`);
    return this.next();
  }

  // ---------------------------------------------------------------------------------------------
  // Formulas, loosest first

  /**
   * A formula: its operands (each a unary formula) and binary operators are read flat, then joined
   * tightest operator first. No recursion per precedence level: a nesting of parentheses or
   * prefixes costs two stack frames a level, so MAX_FORMULA_DEPTH levels stay far from the limit.
   */
  private formula(): Formula {
    let items: Operand[] = [{ f: this.unary(), height: this.height }];
    let ops: Operator[] = [];
    while (this.tok.kind === 'punct' && BINARY_OPS.has(this.tok.text)) {
      const t = this.next();
      ops.push({ p: t.text as Punct, pos: t.pos });
      items.push({ f: this.unary(), height: this.height });
    }
    /** Joins every run of operands linked by `p` into one operand. */
    const join = (p: Punct, make: (run: Operand[], at: number[]) => Operand) => {
      const joined: Operand[] = [];
      const rest: Operator[] = [];
      let start = 0;
      for (let i = 0; i <= ops.length; i++) {
        if (i < ops.length && ops[i].p === p) continue;
        joined.push(i === start ? items[start] : make(items.slice(start, i + 1), ops.slice(start, i).map((o) => o.pos)));
        if (i < ops.length) rest.push(ops[i]);
        start = i + 1;
      }
      items = joined;
      ops = rest;
    };
    // "a & b & c" is one node of three arguments (an "and" inside an "and" needs parentheses).
    const nary = (op: 'and' | 'or') => (run: Operand[], at: number[]): Operand =>
      this.built({ op, args: run.map((r) => r.f) }, run.reduce((h, r) => Math.max(h, r.height), 0) + 1, at[0]);
    // "a -> b -> c" is "a -> (b -> c)".
    const right = (op: 'implies' | 'iff') => (run: Operand[], at: number[]): Operand => {
      let last = run[run.length - 1];
      for (let i = run.length - 2; i >= 0; i--) {
        last = this.built({ op, args: [run[i].f, last.f] }, Math.max(run[i].height, last.height) + 1, at[i]);
      }
      return last;
    };
    join('&', nary('and'));
    join('|', nary('or'));
    join('->', right('implies'));
    join('<->', right('iff'));
    this.height = items[0].height;
    return items[0].f;
  }

  /**
   * Checks the height of a formula just built (an atom's is 1) and returns it as an operand. The
   * height is bounded like a JSON tree's depth: the engines and the printer recurse on the tree,
   * and a chain "a -> b -> …" nests without any recursion here.
   */
  private built(f: Formula, height: number, pos: number): Operand {
    if (height > MAX_FORMULA_DEPTH) this.fail(pos, `nested more than ${MAX_FORMULA_DEPTH} levels deep`);
    return { f, height };
  }

  /** A unary formula; sets `height` to its height. */
  private unary(): Formula {
    // Every parenthesis and prefix passes here: this bounds the recursion ("((((…" builds nothing).
    if (++this.depth > MAX_FORMULA_DEPTH) this.fail(this.tok.pos, `nested more than ${MAX_FORMULA_DEPTH} levels deep`);
    const { f, height } = this.prefixed();
    this.depth--;
    this.height = height;
    return f;
  }

  private prefixed(): Operand {
    const t = this.tok;
    if (t.kind === 'punct') {
      if (t.text === '!') {
        this.next();
        const arg = this.unary();
        return this.built({ op: 'not', arg }, this.height + 1, t.pos);
      }
      if (t.text === '(') {
        this.next();
        const f = this.formula();
        this.expect(')', `${BINARY} or ")"`);
        return { f, height: this.height };
      }
      if (t.text === '[') {
        this.next();
        const announce = this.is('!');
        const agents = announce ? (this.next(), []) : this.group(t, '?');
        const what = this.formula();
        const whatHeight = this.height;
        this.expect(']', `${BINARY} or "]"`);
        const then = this.unary();
        const f: Formula = announce ? { op: 'announce', what, then } : { op: 'learnsWhether', agents, what, then };
        return this.built(f, Math.max(whatHeight, this.height) + 1, t.pos);
      }
    }
    if (t.kind !== 'word') this.unexpected('a formula');
    switch (t.text) {
      case 'true':
      case 'false':
        this.next();
        return this.built({ op: t.text }, 1, t.pos);
      case 'has': {
        this.next();
        this.expect('(', '"(" after "has"');
        const owner = this.name('the owner (a player, "envelope" or "table")', '","');
        const ownerIndex = resolveOwner(this.names, owner.text, () => this.where(owner.pos));
        this.expect(',');
        const card = this.name("a card's name", '")"');
        const cardIndex = resolveCard(this.names, card.text, () => this.where(card.pos));
        this.expect(')');
        return this.built({ op: 'has', owner: ownerIndex, card: cardIndex }, 1, t.pos);
      }
      case 'K':
      case 'M': {
        this.next();
        const agent = this.agent(t.text, '; for a group use E, D or C');
        const arg = this.unary();
        return this.built({ op: t.text, agent, arg }, this.height + 1, t.pos);
      }
      case 'E':
      case 'D':
      case 'C': {
        this.next();
        const open = this.expect('[', `"[" after "${t.text}"`);
        const group = this.group(open, ']');
        const arg = this.unary();
        return this.built({ op: t.text, group, arg }, this.height + 1, t.pos);
      }
      case 'Kenv':
        this.next();
        return this.built({ op: 'Kenv', agent: this.agent('Kenv', '') }, 1, t.pos);
    }
    const keyword = KEYWORDS.find((k) => k.toLowerCase() === t.text.toLowerCase());
    const instead = keyword ?? FOREIGN_WORDS[t.text.toLowerCase()];
    this.unexpected('a formula', instead === undefined ? '' : `; did you mean ${quote(instead)}?`);
  }

  // ---------------------------------------------------------------------------------------------
  // Names

  /**
   * A name, which `follow` (a description of what may come next) must follow. A second word right
   * after a bare one most likely means a name with spaces written without quotes: said so before
   * the first word is resolved, or "Mrs." of "Mrs. White" would be reported as ambiguous.
   */
  private name(expected: string, follow: string): Token {
    if (this.tok.kind !== 'word' && this.tok.kind !== 'string') this.unexpected(expected);
    const t = this.next();
    if (t.kind === 'word' && this.tok.kind === 'word') {
      this.unexpected(follow, `; a name with spaces is written in double quotes (${JSON.stringify(`${t.text} ${this.tok.text}`)})`);
    }
    return t;
  }

  /** `[a]` after K, M or Kenv: exactly one agent. */
  private agent(keyword: string, groupHint: string): number {
    const open = this.expect('[', `"[" after "${keyword}"`);
    if (this.is(']')) this.fail(open.pos, `${quote(keyword)} needs an agent`);
    const name = this.name("a player's name", '"]"');
    const agent = resolveAgent(this.names, name.text, () => this.where(name.pos));
    if (this.is(',')) this.fail(this.tok.pos, `${quote(keyword)} takes one agent${groupHint}`);
    this.expect(']');
    return agent;
  }

  /** Agents separated by commas up to `close` ("]" of E, D, C; "?" of an announcement to a group). */
  private group(open: Token, close: ']' | '?'): number[] {
    if (this.is(close)) this.fail(open.pos, 'the group is empty');
    const agents: number[] = [];
    for (;;) {
      const follow = `"," or "${close}"`;
      const name = this.name("a player's name", follow);
      agents.push(resolveAgent(this.names, name.text, () => this.where(name.pos)));
      if (this.is(',')) {
        this.next();
        continue;
      }
      this.expect(close, follow);
      return normalGroup(agents);
    }
  }
}
